/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef RDA_MEASUREMENT_POINT_H
#define RDA_MEASUREMENT_POINT_H

#include "ns3/application.h"
#include "ns3/event-id.h"
#include "ns3/ipv4-address.h"
#include "ns3/latency-interval-cache.h"
#include "ns3/nstime.h"
#include "ns3/rda-baseline-exchange.h"
#include "ns3/rda-message.h"
#include "ns3/rda-sketch.h"
#include "ns3/socket.h"
#include "ns3/traced-callback.h"

#include <map>
#include <vector>

namespace ns3
{

class Ipv4;
class LocalClock;

/**
 * \ingroup chronometry
 * \brief What the sender reports for one flow in one measurement interval.
 */
struct RdaIntervalReport
{
    uint32_t interval{0};            //!< interval index
    RdaFlowKey flow;                 //!< the flow (5-tuple)
    uint64_t senderPackets{0};       //!< distinct packets in the sender's cache
    uint64_t receiverPackets{0};     //!< receiver's count (from its signature)
    double dHat{0};                  //!< MinHash estimate of the set difference
    double dUpper{0};                //!< its upper bound (DifferenceConfidence standard errors)
    uint32_t banks{0};               //!< k
    uint32_t bucketsPerBank{0};      //!< m (late-bound, or FixedBuckets)
    bool rawExchange{false};         //!< the receiver's raw log was exchanged instead of a sketch
    bool decoded{false};             //!< complete decode, every entry validated (raw: always)
    uint64_t senderOnly{0};          //!< +1 entries (lost / crossed the end)
    uint64_t receiverOnly{0};        //!< -1 entries ("reordered": sent elsewhere / earlier)
    uint64_t invalidEntries{0};      //!< decoded IDs absent from the cache they name (dropped)
    uint64_t stampsMissing{0};       //!< requested receiver stamps that did not come back
    LatencyEstimate estimate;        //!< mean and std over the packets the interval matched
    uint64_t boundaryMatched{0};     //!< packets of this interval matched in a neighbour
    LatencyEstimate matchedEstimate; //!< estimate with the boundary-matched packets added
    uint64_t sketchBytes{0};         //!< k m bucket bytes (0 for the raw exchange)
    uint64_t rawLogBytes{0};         //!< what sending the receiver's whole log alone costs
    uint64_t signatureBytes{0};      //!< the receiver's SIGNATURE(s), part of wireBytes
    uint64_t bytesToSender{0};       //!< control bytes receiver -> sender (UDP payload + 28)
    uint64_t bytesToReceiver{0};     //!< control bytes sender -> receiver (UDP payload + 28)
    uint64_t wireBytes{0};           //!< both directions, retransmissions included
    uint32_t controlPackets{0};      //!< control datagrams both ways (as seen by the sender)
    uint32_t retransmissions{0};     //!< requests the sender sent again after RetransmitTimeout
    Time completedAt;                //!< true time the report was made
    bool timedOut{false};            //!< the exchange did not finish within ReportTimeout
    RdaBaselineReport baselines;     //!< LDA, FineComb and raw log on the same packets
};

/**
 * \ingroup chronometry
 * \brief Shared base of the RDA measurement points (RdaSender, RdaReceiver): observes the
 * UDP packets of every flow to DataPort at the IPv4 layer of its node, timestamps them with
 * the node's own LocalClock and caches them per flow (5-tuple) and interval; owns the
 * control socket and dispatches each control message to one handler per type.
 *
 * Intervals are [IntervalStart + i L, IntervalStart + (i+1) L) on the *local* clock.  A
 * packet is identified by xxHash64 of the bytes after the IPv4 header (UDP header and
 * payload, which do not change hop by hop).  Used alone (TypeId ns3::RdaMeasurementPoint)
 * it is a passive observation point: it caches, frees each interval's caches
 * CacheRetention after the interval's local end, and counts every control message as
 * unexpected.  Malformed control messages (codec refuses them) and unexpected or late
 * ones (no state for them, or already answered) are counted and dropped.
 */
class RdaMeasurementPoint : public Application
{
  public:
    /** \return the TypeId */
    static TypeId GetTypeId();
    RdaMeasurementPoint();
    ~RdaMeasurementPoint() override;

    /**
     * \param flow flow
     * \param interval interval index
     * \return this point's cache of that flow and interval (nullptr if none or released)
     */
    const LatencyIntervalCache* GetFlowCache(const RdaFlowKey& flow, uint32_t interval) const;
    /** \return packets held in this point's caches now */
    uint64_t GetCachedPackets() const;
    /** \return intervals of which this point holds a cache now */
    uint32_t GetCachedIntervals() const;
    /** \return malformed control packets dropped (the codec refused them) */
    uint64_t GetMalformedCount() const;
    /** \return well-formed but unexpected or late control packets dropped */
    uint64_t GetUnexpectedCount() const;
    /** \return interval length */
    Time GetIntervalLength() const;
    /** \return first interval start (local clock) */
    Time GetIntervalStart() const;
    /** \return intervals */
    uint32_t GetIntervals() const;

    /** TracedCallback signature of Observed. */
    typedef void (*ObservedCallback)(uint64_t id, Time trueTime, Time localTime, uint32_t interval);
    /** TracedCallback signature of FlowObserved. */
    typedef void (*FlowObservedCallback)(const RdaFlowKey& flow,
                                         uint64_t id,
                                         Time trueTime,
                                         Time localTime,
                                         uint32_t interval);
    /** TracedCallback signature of CacheReleased. */
    typedef void (*CacheReleasedCallback)(uint32_t interval, const LatencyIntervalCache& cache);
    /** TracedCallback signature of FlowCacheReleased. */
    typedef void (*FlowCacheReleasedCallback)(const RdaFlowKey& flow,
                                              uint32_t interval,
                                              const LatencyIntervalCache& cache);

  protected:
    void DoDispose() override;
    void StartApplication() override;
    void StopApplication() override;

    /** \return "Tx" (sender) or "Rx" (receiver, and the passive point) */
    virtual std::string ObservedTrace() const;
    /**
     * Called when interval i ends on the local clock (the base schedules the release of
     * its caches CacheRetention later).
     * \param i interval
     */
    virtual void OnIntervalEnd(uint32_t i);
    /**
     * \name One handler per control message type (default: unexpected, counted and dropped)
     * \param m the decoded message
     * \param p the packet (for the MalformedControl trace)
     * \param bytes its size on the wire (payload + 28)
     */
    //@{
    virtual void OnSignature(const RdaMessage& m, Ptr<const Packet> p, uint64_t bytes);
    virtual void OnSketchRequest(const RdaMessage& m, Ptr<const Packet> p, uint64_t bytes);
    virtual void OnSketchChunk(const RdaMessage& m, Ptr<const Packet> p, uint64_t bytes);
    virtual void OnTsRequest(const RdaMessage& m, Ptr<const Packet> p, uint64_t bytes);
    virtual void OnTsReply(const RdaMessage& m, Ptr<const Packet> p, uint64_t bytes);
    virtual void OnRawRequest(const RdaMessage& m, Ptr<const Packet> p, uint64_t bytes);
    virtual void OnRawChunk(const RdaMessage& m, Ptr<const Packet> p, uint64_t bytes);
    virtual void OnLdaRequest(const RdaMessage& m, Ptr<const Packet> p, uint64_t bytes);
    virtual void OnFineCombRequest(const RdaMessage& m, Ptr<const Packet> p, uint64_t bytes);
    virtual void OnBaselineChunk(const RdaMessage& m, Ptr<const Packet> p, uint64_t bytes);
    //@}

    /**
     * \param m message to the peer
     * \return bytes on the wire (payload + 28)
     */
    uint64_t Send(const RdaMessage& m);
    /** \param p a well-formed control packet that has no state to go to (late, unknown) */
    void Unexpected(Ptr<const Packet> p);
    /**
     * \param i interval whose caches are freed (CacheReleased fires first for each flow)
     */
    void Release(uint32_t i);
    /**
     * \param i interval
     * \return whether interval i ended on the local clock and is not released yet
     */
    bool IsAnswerable(uint32_t i) const;
    /**
     * \param i interval
     * \return the flows' caches of interval i (created empty if absent)
     */
    std::map<RdaFlowKey, LatencyIntervalCache>& Caches(uint32_t i);
    /** \return the MinHash seed both points use */
    uint64_t SignatureSeed() const;
    /**
     * \param interval interval
     * \return the sketch hash seed of that interval
     */
    uint64_t SketchSeed(uint32_t interval) const;

    uint16_t m_dataPort;     //!< observed UDP destination port (0: every UDP port but control)
    uint16_t m_controlPort;  //!< control UDP port
    Ipv4Address m_peer;      //!< the other point's control address
    Time m_start;            //!< first interval start (local)
    Time m_length;           //!< interval length
    Time m_retention;        //!< cache retention after the local end
    Time m_retransmit;       //!< control retransmission timeout
    uint32_t m_maxRetries;   //!< retransmissions per message
    uint32_t m_intervals;    //!< intervals to measure
    uint32_t m_sigSize;      //!< MinHash K
    uint64_t m_seed;         //!< hash seed
    uint32_t m_chunkCells;   //!< cells per chunk
    Ptr<LocalClock> m_clock; //!< node-local clock

  private:
    /**
     * \param p packet with its IPv4 header
     * \param ipv4 the protocol
     * \param interface interface index
     */
    void OnIp(Ptr<const Packet> p, Ptr<Ipv4> ipv4, uint32_t interface);
    /** \param socket control socket */
    void OnControl(Ptr<Socket> socket);
    /** \param i interval end on the local clock */
    void IntervalEnded(uint32_t i);

    /** Per-interval lifecycle. */
    enum IntervalPhase : uint8_t
    {
        OPEN,    //!< still observing
        ENDED,   //!< ended, caches held
        RELEASED //!< caches freed
    };

    Ptr<Ipv4> m_ipv4;                                                        //!< traced protocol
    Ptr<Socket> m_socket;                                                    //!< control socket
    std::map<uint32_t, std::map<RdaFlowKey, LatencyIntervalCache>> m_caches; //!< caches
    std::vector<IntervalPhase> m_phase;                                      //!< per interval
    uint64_t m_malformed{0};  //!< refused by the codec
    uint64_t m_unexpected{0}; //!< late / unknown

    TracedCallback<uint64_t, Time, Time, uint32_t> m_observedTrace; //!< Observed
    TracedCallback<const RdaFlowKey&, uint64_t, Time, Time, uint32_t>
        m_flowObservedTrace;                                               //!< FlowObserved
    TracedCallback<Ptr<const Packet>> m_malformedTrace;                    //!< MalformedControl
    TracedCallback<uint32_t, const LatencyIntervalCache&> m_releasedTrace; //!< CacheReleased
    TracedCallback<const RdaFlowKey&, uint32_t, const LatencyIntervalCache&>
        m_flowReleasedTrace; //!< FlowCacheReleased
};

} // namespace ns3

#endif
