/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef CAUSALITY_TAG_H
#define CAUSALITY_TAG_H

#include "ns3/tag.h"

#include <cstdint>
#include <vector>

namespace ns3
{

/**
 * \ingroup chronometry
 * What a packet carries for the causality stamper: the message id, the sending
 * process and the encoded stamp (shared by CausalityTag and CausalityHeader).
 */
class StampCarrier
{
  public:
    /** \param id message identifier */
    void SetMessageId(uint64_t id);
    /** \return message identifier */
    uint64_t GetMessageId() const;
    /** \param process sending process */
    void SetSource(uint32_t process);
    /** \return sending process */
    uint32_t GetSource() const;
    /** \param bytes the encoded stamp (at most 65535 bytes) */
    void SetStamp(const std::vector<uint8_t>& bytes);
    /** \return the encoded stamp */
    const std::vector<uint8_t>& GetStamp() const;

  protected:
    uint64_t m_messageId = 0;     //!< message identifier
    uint32_t m_source = 0;        //!< sending process
    std::vector<uint8_t> m_stamp; //!< encoded timestamps
};

/**
 * \ingroup chronometry
 * Byte tag carrying a packet's causality stamp (the encoded timestamps of
 * every enabled clock) from the sender's IPv4 layer to the receiver's.
 * A byte tag, not a packet tag: stamps are larger than packet tags allow.
 * Tags cost no simulated bandwidth; the stamper reports the bytes a real
 * header would add.
 */
class CausalityTag : public Tag, public StampCarrier
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    TypeId GetInstanceTypeId() const override;
    uint32_t GetSerializedSize() const override;
    void Serialize(TagBuffer i) const override;
    void Deserialize(TagBuffer i) override;
    void Print(std::ostream& os) const override;
};

} // namespace ns3

#endif /* CAUSALITY_TAG_H */
