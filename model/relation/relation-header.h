/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef RELATION_HEADER_H
#define RELATION_HEADER_H

#include "ns3/header.h"

#include <cstdint>

namespace ns3
{

/**
 * \ingroup chronometry
 * The one wire format of the relation applications: a kind, a sequence number
 * (round or tuple id), the sender's node index and three 64-bit stamps (TSC
 * ticks, or nanoseconds of a local clock for NTP): 33 bytes (1 + 4 + 4 + 3 x 8).
 */
class RelationHeader : public Header
{
  public:
    /** Message kinds. */
    enum Kind : uint8_t
    {
        PROBE_REQUEST = 1,  //!< MinRTT probe, stamp0 = c_i^A
        PROBE_RESPONSE = 2, //!< answer, stamp1 = c_j^B
        TUPLE = 3,          //!< pipeline tuple
        RET_ACK = 4,        //!< ReTACK from the end node
        RET_ECHO = 5,       //!< start node echoes the ReTACK
        NTP_REQUEST = 6,    //!< stamp0 = t1
        NTP_RESPONSE = 7,   //!< stamp0 = t1, stamp1 = t2, stamp2 = t3
        KIND_END = 8        //!< one past the last valid kind
    };

    RelationHeader();

    /** \return the TypeId */
    static TypeId GetTypeId();
    TypeId GetInstanceTypeId() const override;
    void Print(std::ostream& os) const override;
    uint32_t GetSerializedSize() const override;
    void Serialize(Buffer::Iterator start) const override;
    /**
     * \param start buffer
     * \return bytes read, or 0 if the kind is invalid (the caller drops it)
     */
    uint32_t Deserialize(Buffer::Iterator start) override;

    /** \return true if the last Deserialize read a valid header */
    bool IsValid() const;

    uint8_t kind{0};            //!< message kind
    uint32_t seq{0};            //!< round or tuple id
    uint32_t origin{0};         //!< sender node index
    uint64_t stamp[3]{0, 0, 0}; //!< stamps

  private:
    bool m_valid{true}; //!< last Deserialize result
};

} // namespace ns3

#endif /* RELATION_HEADER_H */
