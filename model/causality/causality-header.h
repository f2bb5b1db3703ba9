/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef CAUSALITY_HEADER_H
#define CAUSALITY_HEADER_H

#include "ns3/header.h"
#include "ns3/packet.h"

#include <cstdint>
#include <vector>

namespace ns3
{

/**
 * \ingroup chronometry
 * The causality stamp as real bytes on the wire, between the IPv4 and UDP
 * headers (CausalityStamper's OnWire mode), so that its bandwidth cost is
 * simulated: magic 0xC10C (2 bytes), message id (8), source process (4),
 * stamp length (2), stamp.
 */
class CausalityHeader : public Header
{
  public:
    /** Magic number that marks the header. */
    static constexpr uint16_t MAGIC = 0xC10C;
    /** Bytes before the stamp. */
    static constexpr uint32_t FIXED_SIZE = 16;

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    TypeId GetInstanceTypeId() const override;
    uint32_t GetSerializedSize() const override;
    void Serialize(Buffer::Iterator start) const override;
    uint32_t Deserialize(Buffer::Iterator start) override;
    void Print(std::ostream& os) const override;

    /**
     * Check whether a packet starts with a well-formed CausalityHeader
     * (magic present, length within the packet), without changing it.
     * \param packet the packet
     * \param present set to whether the magic number is there
     * \return true if a complete header can be removed
     */
    static bool Probe(Ptr<const Packet> packet, bool& present);

    /** \param id message identifier */
    void SetMessageId(uint64_t id);
    /** \return message identifier */
    uint64_t GetMessageId() const;
    /** \param process sending process */
    void SetSource(uint32_t process);
    /** \return sending process */
    uint32_t GetSource() const;
    /** \param bytes the stamp (at most 65535 bytes) */
    void SetStamp(const std::vector<uint8_t>& bytes);
    /** \return the stamp */
    const std::vector<uint8_t>& GetStamp() const;

  private:
    uint64_t m_messageId = 0;     //!< message identifier
    uint32_t m_source = 0;        //!< sending process
    std::vector<uint8_t> m_stamp; //!< encoded timestamps
};

} // namespace ns3

#endif /* CAUSALITY_HEADER_H */
