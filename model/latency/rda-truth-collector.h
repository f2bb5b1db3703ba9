/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef RDA_TRUTH_COLLECTOR_H
#define RDA_TRUTH_COLLECTOR_H

#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/ptr.h"
#include "ns3/rda-message.h"

#include <map>
#include <unordered_map>
#include <utility>
#include <vector>

namespace ns3
{

class Ipv4;
class LocalClock;
class Node;
class Packet;
class RdaMeasurementPoint;

/**
 * \ingroup chronometry
 * \brief Ground truth of one flow in one send interval: every packet the sender sent in
 * the interval (by the sender's local clock, as the measurement points split intervals)
 * and its first delivery at the receiver, whatever interval it arrived in.
 *
 * "local" latencies are receiver local time minus sender local time (what a perfect
 * estimator with these clocks measures); "true" ones use simulator time.  The
 * same-interval subset is what per-interval matching (both points' caches of interval i)
 * can see; the adjacent subset adds the packets received in interval i-1 or i+1 (what
 * boundary matching can reach).  The held subset (with RdaTruthCollector::WatchPoints) is
 * exactly what the two measurement points cached in their interval i, by the points' own
 * clock readings: the paper's truth ("packet timestamps that are cached at the sender and the
 * receiver"), here with its true (simulator-time) delays beside the points' own stamps.
 */
struct RdaTruthRow
{
    RdaFlowKey flow;               //!< the flow
    uint32_t interval{0};          //!< send interval
    uint64_t sent{0};              //!< packets sent in the interval
    uint64_t delivered{0};         //!< of which delivered (first copy)
    double trueMeanNs{0};          //!< mean true one-way delay of the delivered packets
    double trueStdNs{0};           //!< its population standard deviation
    double localMeanNs{0};         //!< mean local-clock latency of the delivered packets
    double localStdNs{0};          //!< its standard deviation
    uint64_t sameInterval{0};      //!< delivered in the receiver's interval of the same index
    double sameLocalMeanNs{0};     //!< their mean local latency
    double sameLocalStdNs{0};      //!< their standard deviation
    uint64_t adjacent{0};          //!< delivered in receiver interval i-1, i or i+1
    double adjacentLocalMeanNs{0}; //!< their mean local latency
    double adjacentLocalStdNs{0};  //!< their standard deviation
    uint64_t senderHeld{0};        //!< packets the sender point cached in interval i
    uint64_t receiverHeld{0};      //!< packets the receiver point cached in its interval i
    uint64_t held{0};              //!< of which both points cached (the paper's truth)
    double heldTrueMeanNs{0};      //!< mean true one-way delay of the held packets
    double heldTrueStdNs{0};       //!< its population standard deviation
    double heldLocalMeanNs{0};     //!< mean latency of the held packets on the points' stamps
    double heldLocalStdNs{0};      //!< its standard deviation

    /** \return interval-matching bias: same-interval mean minus all-delivered mean (local) */
    double MatchingBiasNs() const
    {
        return sameLocalMeanNs - localMeanNs;
    }

    /** \return |S xor R| of the points' caches of the interval: senderHeld + receiverHeld -
     * 2 held */
    uint64_t HeldDifference() const
    {
        return senderHeld + receiverHeld - 2 * held;
    }
};

/**
 * \ingroup chronometry
 * \brief Totals of one flow over the whole run (every packet, in an interval or not).
 */
struct RdaTruthTotals
{
    RdaFlowKey flow;        //!< the flow
    uint64_t sent{0};       //!< packets sent
    uint64_t delivered{0};  //!< first deliveries
    uint64_t duplicates{0}; //!< further copies delivered
    double trueMeanNs{0};   //!< mean true delay of the delivered packets
};

/**
 * \ingroup chronometry
 * \brief Collects the ground truth the RDA estimators are scored against, independently
 * of the measurement points: it connects to the IPv4 Tx trace of the sending node and the
 * Rx trace of the receiving node, identifies packets by their ns-3 UID and flows by
 * 5-tuple (UDP to DataPort, 0 = any UDP port), and reads both nodes' LocalClocks to
 * place each packet in its send interval (and its receive interval, for the matching
 * bias).  Packets that are never delivered stay in flight until Forget() (or the end).
 */
class RdaTruthCollector : public Object
{
  public:
    /** \return the TypeId */
    static TypeId GetTypeId();
    RdaTruthCollector();
    ~RdaTruthCollector() override;

    /**
     * Connect to the two nodes (both need an IPv4 stack and a LocalClock).
     * \param sender the sending node (IPv4 Tx)
     * \param receiver the receiving node (IPv4 Rx)
     */
    void Install(Ptr<Node> sender, Ptr<Node> receiver);
    /**
     * Also record what the two measurement points cache (their FlowObserved traces): the held
     * truth of each row.  The points' intervals must be this collector's.
     * \param sender the sender point
     * \param receiver the receiver point
     */
    void WatchPoints(Ptr<RdaMeasurementPoint> sender, Ptr<RdaMeasurementPoint> receiver);
    /**
     * FlowObserved of the sender point (WatchPoints connects it).
     * \param flow flow
     * \param id packet identifier
     * \param trueTime true time
     * \param localTime the point's stamp
     * \param interval the point's interval
     */
    void SenderCached(const RdaFlowKey& flow,
                      uint64_t id,
                      Time trueTime,
                      Time localTime,
                      uint32_t interval);
    /**
     * FlowObserved of the receiver point (WatchPoints connects it).
     * \param flow flow
     * \param id packet identifier
     * \param trueTime true time
     * \param localTime the point's stamp
     * \param interval the point's interval
     */
    void ReceiverCached(const RdaFlowKey& flow,
                        uint64_t id,
                        Time trueTime,
                        Time localTime,
                        uint32_t interval);
    /** \return one row per flow and send interval that had packets, in (flow, interval) order */
    std::vector<RdaTruthRow> GetRows() const;
    /**
     * \param flow flow
     * \param interval send interval
     * \param[out] row its row
     * \return whether the flow sent anything in that interval
     */
    bool GetRow(const RdaFlowKey& flow, uint32_t interval, RdaTruthRow& row) const;
    /** \return per-flow totals over the whole run */
    std::vector<RdaTruthTotals> GetTotals() const;
    /** \return packets sent and not (yet) delivered */
    uint64_t GetInFlight() const;

  protected:
    void DoDispose() override;

  private:
    /**
     * \param p packet with IPv4 header
     * \param ipv4 protocol
     * \param interface interface
     */
    void OnTx(Ptr<const Packet> p, Ptr<Ipv4> ipv4, uint32_t interface);
    /**
     * \param p packet with IPv4 header
     * \param ipv4 protocol
     * \param interface interface
     */
    void OnRx(Ptr<const Packet> p, Ptr<Ipv4> ipv4, uint32_t interface);
    /**
     * \param p packet with IPv4 header
     * \param[out] flow its flow
     * \return whether it is an observed data packet
     */
    bool Classify(Ptr<const Packet> p, RdaFlowKey& flow) const;
    /**
     * \param local local time
     * \return interval index, or -1 outside [start, start + n L)
     */
    int64_t IntervalOf(Time local) const;

    /** \brief Running sums. */
    struct Sums
    {
        long double n{0}; //!< count
        long double s{0}; //!< sum
        long double q{0}; //!< sum of squares
    };

    /** \brief Accumulated truth of one (flow, interval). */
    struct Acc
    {
        uint64_t sent{0}; //!< sent
        Sums trueDelay;   //!< true delays
        Sums local;       //!< local latencies
        Sums same;        //!< same-interval local latencies
        Sums adjacent;    //!< adjacent-interval local latencies
    };

    /** \brief A packet on its way. */
    struct InFlight
    {
        RdaFlowKey flow;  //!< flow
        int64_t sentNs;   //!< true send time
        int64_t localNs;  //!< sender local send time
        int64_t interval; //!< send interval (-1: outside)
    };

    Time m_start;                                         //!< interval 0 start (local)
    Time m_length;                                        //!< interval length
    uint32_t m_intervals;                                 //!< intervals
    uint16_t m_dataPort;                                  //!< observed port (0: any)
    uint16_t m_controlPort;                               //!< excluded when DataPort is 0
    Ptr<LocalClock> m_senderClock;                        //!< sender's clock
    Ptr<LocalClock> m_receiverClock;                      //!< receiver's clock
    Ptr<Ipv4> m_senderIp;                                 //!< traced
    Ptr<Ipv4> m_receiverIp;                               //!< traced
    Ptr<RdaMeasurementPoint> m_senderPoint;               //!< watched (held truth)
    Ptr<RdaMeasurementPoint> m_receiverPoint;             //!< watched (held truth)
    std::unordered_map<uint64_t, InFlight> m_inFlight;    //!< by packet UID
    std::map<std::pair<RdaFlowKey, uint32_t>, Acc> m_acc; //!< per flow and send interval
    std::map<RdaFlowKey, RdaTruthTotals> m_totals;        //!< per flow
    std::map<RdaFlowKey, Sums> m_totalDelay;              //!< per flow

    /** \brief What the points cached of one (flow, interval). */
    struct Held
    {
        uint64_t sender{0};   //!< the sender cached
        uint64_t receiver{0}; //!< the receiver cached
        Sums trueDelay;       //!< true delays of the packets both cached
        Sums local;           //!< their latencies on the points' stamps
        std::unordered_map<uint64_t, std::pair<int64_t, int64_t>>
            pending; //!< sender-cached, not (yet) at the receiver: id -> (true, local) ns
    };

    std::map<std::pair<RdaFlowKey, uint32_t>, Held> m_held; //!< per flow and interval
};

} // namespace ns3

#endif
