/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef UDP_SEND_JITTER_H
#define UDP_SEND_JITTER_H

#include "ns3/ip-l4-protocol.h"
#include "ns3/object.h"
#include "ns3/random-variable-stream.h"

namespace ns3
{

/**
 * \ingroup chronometry
 * Adds a random delay to every UDP segment between UDP and IPv4 on a node
 * (network jitter as seen by the application and by a CausalityStamper in
 * OnWire mode installed after it: the stamp is taken, then the segment waits).
 * Segments may overtake each other, as on a network with jitter.
 * Install before the CausalityHelper; aggregate it to the node.
 */
class UdpSendJitter : public Object
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    UdpSendJitter();
    ~UdpSendJitter() override;

    /** Wrap the node's UDP down target (call once, after the Internet stack). */
    void Start();

    /**
     * \param stream stream index
     * \return streams used (1)
     */
    int64_t AssignStreams(int64_t stream);

    /** \return segments delayed so far */
    uint64_t GetDelayedCount() const;

  protected:
    void DoDispose() override;

  private:
    /**
     * Delay a segment, then hand it to IPv4.
     * \param packet segment
     * \param source source address
     * \param destination destination address
     * \param protocol protocol number
     * \param route route
     */
    void Send(Ptr<Packet> packet,
              Ipv4Address source,
              Ipv4Address destination,
              uint8_t protocol,
              Ptr<Ipv4Route> route);

    Ptr<RandomVariableStream> m_jitter;      //!< delay in nanoseconds
    IpL4Protocol::DownTargetCallback m_down; //!< IPv4's send
    uint64_t m_delayed;                      //!< segments delayed
};

} // namespace ns3

#endif /* UDP_SEND_JITTER_H */
