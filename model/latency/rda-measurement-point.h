/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef RDA_MEASUREMENT_POINT_H
#define RDA_MEASUREMENT_POINT_H

#include "ns3/application.h"
#include "ns3/ipv4-address.h"
#include "ns3/latency-interval-cache.h"
#include "ns3/nstime.h"
#include "ns3/rda-message.h"
#include "ns3/rda-sketch.h"
#include "ns3/socket.h"
#include "ns3/traced-callback.h"

#include <map>
#include <memory>
#include <set>
#include <vector>

namespace ns3
{

class Ipv4;
class LocalClock;

/**
 * \ingroup chronometry
 * \brief What the sender-side point reports for one measurement interval.
 */
struct RdaIntervalReport
{
    uint32_t interval{0};        //!< interval index
    uint64_t senderPackets{0};   //!< distinct packets in the sender's cache
    uint64_t receiverPackets{0}; //!< receiver's count (from its signature)
    double dHat{0};              //!< MinHash estimate of the set difference
    uint32_t banks{0};           //!< k
    uint32_t bucketsPerBank{0};  //!< late-bound m
    bool decoded{false};         //!< full decode
    uint64_t senderOnly{0};      //!< decoded +1 entries (lost / crossed the end)
    uint64_t receiverOnly{0};    //!< decoded -1 entries ("reordered")
    uint64_t stampsMissing{0};   //!< requested receiver stamps that did not come back
    LatencyEstimate estimate;    //!< mean and std
    uint64_t bytesToSender{0};   //!< control bytes receiver -> sender (UDP payload + 28)
    uint64_t bytesToReceiver{0}; //!< control bytes sender -> receiver (UDP payload + 28)
    uint32_t controlPackets{0};  //!< control datagrams both ways
    Time completedAt;            //!< true time the estimate was ready
    bool timedOut{false};        //!< the exchange did not finish within ReportTimeout
};

/**
 * \ingroup chronometry
 * \brief RDA measurement point (sender or receiver side) observing a UDP packet stream at
 * the IPv4 layer of its node and timestamping it with the node's own LocalClock.
 *
 * Both points delimit pipelined intervals [IntervalStart + i L, IntervalStart + (i+1) L)
 * on their *local* clocks.  Packets are identified by xxHash64 of the bytes after the IPv4
 * header (UDP header and payload, which do not change hop by hop) and cached with their
 * local timestamp (late binding).  At the end of interval i (local clock) the receiver
 * sends its set size and bottom-K MinHash signature to the sender; once the sender's own
 * interval i has ended it estimates d, sizes m = max(MinBuckets, BucketsPerDifference d),
 * and requests the receiver's RDA; the receiver builds it from its cache and sends it in
 * chunks; the sender builds its own, decodes the difference, asks the receiver for the
 * timestamps of receiver-only packets, repairs both sketches and reports the interval's
 * mean and standard deviation (trace source "Estimate").  All control traffic is real UDP
 * packets on ControlPort; malformed or unexpected control packets are counted and dropped
 * (trace source "MalformedControl").
 */
class RdaMeasurementPoint : public Application
{
  public:
    /** Side of the measurement. */
    enum Role
    {
        SENDER,  //!< upstream point: decodes and reports
        RECEIVER //!< downstream point: answers with signature, sketch, stamps
    };

    /** \return the TypeId */
    static TypeId GetTypeId();
    RdaMeasurementPoint();
    ~RdaMeasurementPoint() override;

    /** \return reports so far (sender only) */
    const std::vector<RdaIntervalReport>& GetReports() const;
    /**
     * \param interval interval index
     * \return this point's cache of that interval (nullptr if none, or already released:
     * use the CacheReleased trace source to keep a copy)
     */
    const LatencyIntervalCache* GetCache(uint32_t interval) const;
    /** \return packets held in this point's caches now (bounded by CacheRetention) */
    uint64_t GetCachedPackets() const;
    /** \return intervals whose cache this point holds now */
    uint32_t GetCachedIntervals() const;
    /** \return malformed or unexpected control packets dropped */
    uint64_t GetMalformedCount() const;

    /** \param v role */
    void SetRole(Role v);
    /** \param v banks, [1, 16] */
    void SetBanks(uint32_t v);
    /** \return banks */
    uint32_t GetBanks() const;
    /** \param v buckets per difference, [0.5, 64] */
    void SetBucketsPerDifference(double v);
    /** \return buckets per difference */
    double GetBucketsPerDifference() const;
    /** \param v minimum buckets per bank, [1, 2^20] */
    void SetMinBuckets(uint32_t v);
    /** \return minimum buckets per bank */
    uint32_t GetMinBuckets() const;
    /** \param v MinHash signature size, [16, 1500] */
    void SetSignatureSize(uint32_t v);
    /** \return signature size */
    uint32_t GetSignatureSize() const;
    /** \param v interval length, [1 ms, 1 h] */
    void SetIntervalLength(Time v);
    /** \return interval length */
    Time GetIntervalLength() const;
    /** \param v intervals to measure, [1, 100000] */
    void SetIntervals(uint32_t v);
    /** \return intervals */
    uint32_t GetIntervals() const;
    /** \param v cells per sketch chunk, [1, 1500] */
    void SetChunkCells(uint32_t v);
    /** \param v true for the paper's variance estimator */
    void SetPaperVariance(bool v);
    /** \return whether the paper's variance estimator is used */
    bool GetPaperVariance() const;
    /** \return cells per chunk */
    uint32_t GetChunkCells() const;

    /** TracedCallback signature of Estimate. */
    typedef void (*EstimateCallback)(const RdaIntervalReport& report);
    /** TracedCallback signature of Observed. */
    typedef void (*ObservedCallback)(uint64_t id, Time trueTime, Time localTime, uint32_t interval);
    /** TracedCallback signature of CacheReleased. */
    typedef void (*CacheReleasedCallback)(uint32_t interval, const LatencyIntervalCache& cache);

  protected:
    void DoDispose() override;

  private:
    void StartApplication() override;
    void StopApplication() override;

    /**
     * \param p packet with its IPv4 header
     * \param ipv4 the protocol
     * \param interface interface index
     */
    void OnIp(Ptr<const Packet> p, Ptr<Ipv4> ipv4, uint32_t interface);
    /** \param i interval that just ended on the local clock */
    void OnIntervalEnd(uint32_t i);
    /** \param socket control socket */
    void OnControl(Ptr<Socket> socket);
    /**
     * \param m message
     * \param toSender direction (for the byte counters)
     * \param interval interval it belongs to
     */
    void Send(const RdaMessage& m, bool toSender, uint32_t interval);
    /** \param i interval: request the receiver's sketch if ready */
    void TryRequest(uint32_t i);
    /** \param i interval: all chunks arrived */
    void DecodeInterval(uint32_t i);
    /** \param i interval: all stamps arrived */
    void Finish(uint32_t i);
    /** \param i interval: report it as timed out unless it finished */
    void CheckTimeout(uint32_t i);
    /** \param v report timeout, [1 ms, 1 h] */
    void SetReportTimeout(Time v);
    /** \return report timeout */
    Time GetReportTimeout() const;
    /** \param v receiver cache retention, [1 ms, 1 h] */
    void SetCacheRetention(Time v);
    /** \return receiver cache retention */
    Time GetCacheRetention() const;
    /** \param i interval whose cache is freed (CacheReleased fires first) */
    void Release(uint32_t i);
    /** \param p packet dropped as malformed */
    void Malformed(Ptr<const Packet> p);

    /** \brief Sender-side state of one interval. */
    struct Pending
    {
        bool closed{false};                    //!< local interval ended
        bool haveSignature{false};             //!< receiver's signature arrived
        bool requested{false};                 //!< sketch requested
        bool done{false};                      //!< reported
        std::vector<uint64_t> signature;       //!< receiver's signature
        std::unique_ptr<RdaSketch> remote;     //!< receiver's sketch being assembled
        std::vector<bool> cellSeen;            //!< which cells arrived
        uint32_t cellsReceived{0};             //!< distinct cells arrived
        std::vector<RdaSketch::Entry> entries; //!< decoded entries
        std::set<uint64_t> awaiting;           //!< receiver-only ids whose stamps are awaited
        uint32_t repliesPending{0};            //!< TS_REPLY messages still expected
        RdaIntervalReport report;              //!< the report being built
    };

    /**
     * Sender: the interval is reported; its cache and exchange state are freed.
     * \param st the interval's state
     * \param i interval
     */
    void Close(Pending& st, uint32_t i);

    Role m_role;                          //!< role
    uint16_t m_dataPort;                  //!< observed UDP destination port
    uint16_t m_controlPort;               //!< control UDP port
    Ipv4Address m_peer;                   //!< the other point's control address
    Time m_start;                         //!< first interval start (local)
    Time m_length;                        //!< interval length
    Time m_timeout;                       //!< report timeout after the local interval end
    Time m_retention;                     //!< receiver cache retention after the local end
    uint32_t m_intervals;                 //!< intervals to measure
    uint32_t m_banks;                     //!< k
    double m_bpd;                         //!< buckets per difference
    uint32_t m_minBuckets;                //!< floor of m
    bool m_checksum;                      //!< checksum field
    uint32_t m_sigSize;                   //!< MinHash K
    uint64_t m_seed;                      //!< hash seed
    uint32_t m_chunkCells;                //!< cells per chunk
    uint32_t m_maxCells;                  //!< largest k m the receiver accepts
    LatencyVarianceEstimator m_estimator; //!< variance estimator

    Ptr<LocalClock> m_clock;                           //!< node-local clock
    Ptr<Ipv4> m_ipv4;                                  //!< traced protocol
    Ptr<Socket> m_socket;                              //!< control socket
    std::map<uint32_t, LatencyIntervalCache> m_caches; //!< per-interval caches
    std::vector<bool> m_released;                      //!< intervals whose cache was freed
    std::map<uint32_t, Pending> m_pending;             //!< sender state
    std::vector<RdaIntervalReport> m_reports;          //!< sender reports
    uint64_t m_malformed{0};                           //!< malformed packets dropped

    TracedCallback<const RdaIntervalReport&> m_estimateTrace;              //!< Estimate
    TracedCallback<uint64_t, Time, Time, uint32_t> m_observedTrace;        //!< Observed
    TracedCallback<Ptr<const Packet>> m_malformedTrace;                    //!< MalformedControl
    TracedCallback<uint32_t, const LatencyIntervalCache&> m_releasedTrace; //!< CacheReleased
};

} // namespace ns3

#endif
