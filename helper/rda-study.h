/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef RDA_STUDY_H
#define RDA_STUDY_H

#include "ns3/nstime.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup chronometry
 * \brief Parameters of one RDA latency study: a UdpClient stream from node S to node R
 * over a LatencyChannel (Weibull per-packet delay, reorder injection) with a receive error
 * model; RdaMeasurementPoints on S (IPv4 Tx) and R (IPv4 Rx) with their own clocks; the
 * control exchange on a second, loss-free point-to-point link.
 */
struct RdaStudyParams
{
    uint32_t intervals{4};                  //!< measurement intervals, [1, 1000]
    Time intervalLength{MilliSeconds(100)}; //!< L, [1 ms, 60 s]
    Time packetInterval{MicroSeconds(100)}; //!< UdpClient interval, [1 us, 1 s]
    uint32_t packetSize{200};               //!< UdpClient payload bytes, [12, 1400]
    double lossRate{0.01};                  //!< packet loss probability, [0, 0.5]
    bool burstLoss{false};    //!< BurstErrorModel (mean burst 2.5) instead of RateErrorModel
    double reorderRate{0.01}; //!< probability of the reorder delay, [0, 1]
    Time reorderDelayMax{MilliSeconds(100)}; //!< reorder delay uniform in [0, this], [0, 10 s]
    double duplicateRate{0};                 //!< probability a packet is delivered twice, [0, 0.5]
    double controlLossRate{0};               //!< control-link packet loss (both ways), [0, 0.5]
    Time baseDelay{MicroSeconds(100)};       //!< channel propagation delay, [0, 1 s]
    double weibullShape{0.7};                //!< Weibull shape of the extra delay, [0.1, 10]
    Time weibullScale{MicroSeconds(50)};     //!< Weibull scale of the extra delay, [0, 1 s]
    Time clockOffset{0};                     //!< receiver clock offset, [-1 s, 1 s]
    double driftPpm{0};                      //!< receiver clock drift, [-500, 500] ppm
    Time skewBound{0};              //!< > 0: receiver BoundedSkewClock with this E, [0, 1 s]
    uint32_t banks{3};              //!< RDA banks k, [1, 16]
    double bucketsPerDifference{2}; //!< late binding factor, [0.5, 64]
    bool checksum{true};            //!< RDA checksum field
    bool paperVariance{false};      //!< use the paper's F - mu^2
    uint32_t signatureSize{1024};   //!< MinHash K, [16, 1500]
    uint32_t garbagePackets{
        0};           //!< malformed datagrams sent to each point's control port, [0, 1000]
    uint32_t seed{1}; //!< RNG seed
    uint64_t run{1};  //!< RNG run

    /** Report a configuration error (naming the parameter and its range) if invalid. */
    void Validate() const;
};

/** \brief One interval scored against the simulator's truth. */
struct RdaIntervalResult
{
    uint32_t interval{0};       //!< index
    uint64_t common{0};         //!< packets in both points' caches of this interval
    uint64_t setDifference{0};  //!< exact |S xor R|
    double dHat{0};             //!< MinHash estimate used for late binding
    double trueMeanNs{0};       //!< mean true latency over the common packets
    double trueStdNs{0};        //!< population std of the true latencies
    double localMeanNs{0};      //!< mean of (receiver local - sender local) stamps
    double localStdNs{0};       //!< its std
    bool reported{false};       //!< the sender reported an estimate for this interval
    bool timedOut{false};       //!< the control exchange did not finish (ReportTimeout)
    bool decoded{false};        //!< RDA full decode
    double rdaMeanNs{0};        //!< RDA mean
    double rdaStdNs{0};         //!< RDA std
    double rdaUseful{0};        //!< RDA useful-packet fraction
    double ldaMeanNs{0};        //!< LDA mean (equal memory)
    double ldaStdNs{0};         //!< LDA std
    double ldaUseful{0};        //!< LDA useful fraction
    double fcMeanNs{0};         //!< FineComb mean (equal memory)
    double fcStdNs{0};          //!< FineComb std
    double fcUseful{0};         //!< FineComb useful fraction
    uint64_t sketchBytes{0};    //!< RDA memory k m bucket bytes (the LDA/FineComb budget)
    uint64_t wireBytes{0};      //!< control bytes on the wire, both ways
    uint32_t controlPackets{0}; //!< control datagrams, both ways
};

/** \brief Result of one study. */
struct RdaStudyResult
{
    std::vector<RdaIntervalResult> intervals; //!< per interval
    uint64_t malformed{0};                    //!< malformed control packets dropped
    uint64_t reordered{0};                    //!< packets given the reorder delay
    uint64_t sent{0};                         //!< data packets seen by the sender point
    uint64_t duplicatesDiscarded{0};          //!< duplicates the receiver point discarded
    double flowMonitorMeanDelayNs{0};         //!< FlowMonitor mean delay of the data flow
    /// mean true latency over every first reception, by the receiver point, of a packet the
    /// sender point saw (any intervals; a packet later than CacheRetention counts as lost)
    double overallTrueMeanNs{0};
    /// most packets the two points' caches held together (sampled every interval length):
    /// bounded by the intervals in flight, not by the study's length
    uint64_t peakCachedPackets{0};
    uint32_t peakCachedIntervals{0}; //!< most interval caches the two points held together
};

/**
 * Run one study (builds, runs and destroys a simulation).
 * \param params parameters (validated; errors name the field and range)
 * \return the result
 */
RdaStudyResult RunRdaStudy(const RdaStudyParams& params);

/** \return CSV header of RdaStudyCsvRows */
std::string RdaStudyCsvHeader();

/**
 * \param p parameters
 * \param r result
 * \return one CSV row per interval (with relative errors of the three methods)
 */
std::string RdaStudyCsvRows(const RdaStudyParams& p, const RdaStudyResult& r);

} // namespace ns3

#endif
