/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef CAUSALITY_STAMPER_H
#define CAUSALITY_STAMPER_H

#include "causal-event-log.h"
#include "causal-process.h"
#include "causality-log.h"
#include "replay-checker.h"

#include "ns3/ip-l4-protocol.h"
#include "ns3/ipv4-address.h"
#include "ns3/ipv4-header.h"
#include "ns3/ipv4-route.h"
#include "ns3/object.h"
#include "ns3/packet.h"
#include "ns3/traced-callback.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup chronometry
 * Stamps every IPv4 packet its node sends and merges on every packet it
 * receives, for the enabled clocks, without changing applications: it
 * listens to the node's Ipv4L3Protocol SendOutgoing and LocalDeliver trace
 * sources and carries the encoded timestamps in a CausalityTag (a byte tag).
 * The physical time of every event is the node's LocalClock reading.
 * Install it with CausalityHelper, which numbers the processes and shares
 * one CausalityLog.  Applications record local events with RecordLocalEvent().
 *
 * The skew bound E is given once, on the clocks: unless SkewBound is set, the stamper takes
 * E from its node's LocalClock::GetSkewBound() at Start, for HVC (its epsilon) and for RepCl
 * (Epsilon = E / Interval; refused when Interval does not divide E, or when the clock has no
 * bound).  Epsilon, E / I as an integer, overrides RepCl's alone.  An explicit setting that
 * disagrees with a bounded clock is refused at Start with both values in the message, unless
 * AllowSkewMismatch is true (the thesis' "E below the real skew" experiments); then it is reported
 * (CausalityLog::GetSkewMismatches(), the checker's summary, and once on standard error). Packets
 * without a stamp are counted; malformed stamps are counted and ignored (the packet itself is
 * delivered as usual).  A clock synchronization protocol's own datagrams (PTP on UDP 319 and
 * 320, NTP on UDP 123, either port) are not events unless StampSyncProtocols is true: they are
 * neither stamped nor merged nor logged (nor counted as unstamped).
 */
class CausalityStamper : public Object
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    CausalityStamper();
    ~CausalityStamper() override;

    /**
     * Start stamping (called by CausalityHelper after aggregation).
     * \param process this node's process index
     * \param n number of processes
     * \param log the shared log
     * \param processOf maps an IPv4 address to a process index (n if unknown)
     */
    void Start(uint32_t process,
               uint32_t n,
               Ptr<CausalityLog> log,
               std::function<uint32_t(Ipv4Address)> processOf);

    /** Record a local event now. */
    void RecordLocalEvent();

    /** \return the configuration built from the Attributes (n as given to Start) */
    CausalityConfig GetConfig() const;

    /** \return packets stamped */
    uint64_t GetStampedCount() const;
    /** \return stamps merged */
    uint64_t GetMergedCount() const;
    /** \return received packets without a stamp */
    uint64_t GetUnstampedCount() const;
    /** \return received stamps that failed to decode */
    uint64_t GetMalformedCount() const;
    /** \return total bytes of the stamps sent (what a real header would add) */
    uint64_t GetStampBytes() const;
    /** \return the process index */
    uint32_t GetProcess() const;

    /** \return the skew bound E in use for HVC (from the clock or SkewBound; 0 before Start) */
    Time GetSkewBound() const;

    /**
     * \return GetSkewBound()
     * \deprecated HVC's epsilon is the skew bound E: use GetSkewBound()
     */
    [[deprecated("use GetSkewBound()")]] Time GetHvcEpsilon() const
    {
        return GetSkewBound();
    }

    /** \return RepCl's Epsilon = E / I in use (from the clock or Epsilon; 0 before Start) */
    uint32_t GetEpsilon() const;

    /**
     * OnWire mode, receive side (called by the UDP shim): take the stamp off a packet.
     * \param packet the packet, starting with a CausalityHeader if stamped
     * \return false if the packet must be dropped (a truncated header)
     */
    bool StripAndMerge(Ptr<Packet> packet);

    /**
     * TracedCallback signature for a stamped or merged packet.
     * \param [in] messageId the packet's message id
     * \param [in] bytes the stamp size
     */
    typedef void (*StampCallback)(uint64_t messageId, uint32_t bytes);

  protected:
    void DoDispose() override;
    void DoInitialize() override;

  private:
    /**
     * SendOutgoing sink.
     * \param header IPv4 header
     * \param packet the packet
     * \param interface outgoing interface
     */
    void OnSend(const Ipv4Header& header, Ptr<const Packet> packet, uint32_t interface);

    /**
     * LocalDeliver sink.
     * \param header IPv4 header
     * \param packet the packet
     * \param interface incoming interface
     */
    void OnDeliver(const Ipv4Header& header, Ptr<const Packet> packet, uint32_t interface);

    /**
     * \param protocol the IPv4 protocol number
     * \param segment the IPv4 payload (a UDP segment starts with its header)
     * \return true if the datagram is left alone: PTP or NTP while StampSyncProtocols is false
     */
    bool IsIgnored(uint8_t protocol, Ptr<const Packet> segment) const;

    /** \return the node's clock reading (the physical time of an event) */
    Time ReadClock() const;

    /**
     * Settle HVC's epsilon and RepCl's Epsilon from the node's clock and the Attributes
     * (refusing or reporting a mismatch), before the clocks are built.
     */
    void ResolveSkewBound();

    /**
     * OnWire mode, send side: UDP's down target, wrapped.
     * \param packet UDP segment
     * \param source source address
     * \param destination destination address
     * \param protocol protocol number
     * \param route the route
     */
    void SendDown(Ptr<Packet> packet,
                  Ipv4Address source,
                  Ipv4Address destination,
                  uint8_t protocol,
                  Ptr<Ipv4Route> route);

    /**
     * Stamp an outgoing message.
     * \param destination its destination address
     * \param id its message id
     * \return the stamp bytes
     */
    std::vector<uint8_t> Stamp(Ipv4Address destination, uint64_t id);

    /**
     * Merge a received stamp.
     * \param stamp the bytes
     * \param id message id
     * \param source sending process
     * \param packet for the Malformed trace
     */
    void Merge(const std::vector<uint8_t>& stamp,
               uint64_t id,
               uint32_t source,
               Ptr<const Packet> packet);

    bool m_vector;                                      //!< run vector clocks
    bool m_vectorOnWire;                                //!< carry them in messages
    bool m_lamport;                                     //!< run Lamport clocks
    bool m_hlc;                                         //!< run HLC
    bool m_hvc;                                         //!< run HVC
    bool m_repcl;                                       //!< run RepCl
    bool m_onWire;                                      //!< stamps as real bytes (UDP only)
    bool m_stampSync;                                   //!< PTP and NTP datagrams are events
    Time m_skewBound;                                   //!< E (0: the clock's)
    Time m_interval;                                    //!< RepCl I
    uint32_t m_epsilon;                                 //!< RepCl E / I (0: the clock's)
    bool m_allowSkewMismatch;                           //!< report instead of refuse
    Time m_skewBoundInUse;                              //!< resolved at Start
    uint32_t m_epsilonInUse;                            //!< resolved at Start
    uint32_t m_counterBits;                             //!< RepCl counter width
    bool m_sumCounters;                                 //!< RepCl sum compression
    ReplayCounterRule m_counterRule;                    //!< RepCl counter rule
    StampEncoding m_encoding;                           //!< HVC and RepCl stamp encoding
    uint32_t m_process;                                 //!< this process
    uint32_t m_n;                                       //!< processes
    Ptr<CausalityLog> m_log;                            //!< shared log
    std::function<uint32_t(Ipv4Address)> m_processOf;   //!< address to process
    std::unique_ptr<CausalProcess> m_state;             //!< the clocks
    uint64_t m_stamped;                                 //!< packets stamped
    uint64_t m_merged;                                  //!< stamps merged
    uint64_t m_unstamped;                               //!< packets without stamp
    uint64_t m_stampBytes;                              //!< bytes of stamps sent
    IpL4Protocol::DownTargetCallback m_udpDown;         //!< UDP's original down target (OnWire)
    TracedCallback<uint64_t, uint32_t> m_stampedTrace;  //!< Stamped
    TracedCallback<uint64_t, uint32_t> m_mergedTrace;   //!< Merged
    TracedCallback<Ptr<const Packet>> m_malformedTrace; //!< Malformed
};

} // namespace ns3

#endif /* CAUSALITY_STAMPER_H */
