/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef CAUSALITY_HEADER_H
#define CAUSALITY_HEADER_H

#include "causality-tag.h"

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
class CausalityHeader : public Header, public StampCarrier
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
};

} // namespace ns3

#endif /* CAUSALITY_HEADER_H */
