/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef RELATION_STUDY_H
#define RELATION_STUDY_H

#include "ns3/nstime.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup chronometry
 * Parameters of one relation study run: three pipeline nodes A (reference),
 * B, C and a background node D, each on its own point-to-point link to a
 * router. MinRTT windows run before ("pre") and after ("post") the workload
 * and twice during it ("busy1", "busy2"). NTP: A, B and C poll a time server
 * on D (the paper's global clock); an NTP duration is the difference of two
 * synchronized timestamps, with the sum of their bounds.
 */
struct RelationStudyParams
{
    double driftPpm{20.0};                 //!< per-node TSC drift uniform in [-x, x] ppm
    Time asymmetry{MicroSeconds(100)};     //!< extra one-way delay into B and C (ingress)
    double load{0.7};                      //!< background on-fraction into A, B, C, [0, 0.98]
    uint32_t rounds{100};                  //!< MinRTT rounds per pair in quiescent windows
    uint32_t busyRounds{20};               //!< rounds per pair in busy windows
    Time tupleInterval{MilliSeconds(5)};   //!< pipeline tuple interval
    Time workload{Seconds(4)};             //!< workload (busy phase) length
    Time ntpPoll{Seconds(1)};              //!< NTP poll interval
    double ntpMaxSkewPpm{0};               //!< phi; 0 = 2 driftPpm + 5 ppm
    double linkMbps{10.0};                 //!< access link rate
    Time linkDelay{MicroSeconds(50)};      //!< access link delay
    Time responseJitter{MicroSeconds(20)}; //!< TSC client response jitter
    uint32_t seed{1};                      //!< RNG seed
    uint64_t run{1};                       //!< RNG run
};

/** Coverage and sizes of one method on one kind of duration. */
struct MethodStats
{
    std::string method;       //!< CP, CP_BUSY, CP_MULTI, ReT, NTP, CP_BASELINE
    std::string duration;     //!< "A->C" (scenario 2), "B->C" (scenario 3), "B" (scenario 1)
    uint32_t n{0};            //!< durations measured
    uint32_t covered{0};      //!< |error| <= bound
    uint32_t paperCovered{0}; //!< |error| <= the paper's bound (CP methods), else = covered
    Time meanBound;           //!< mean reported bound
    Time maxBound;            //!< largest reported bound
    Time meanAbsError;        //!< mean |error|
    Time maxAbsError;         //!< largest |error|
};

/** Result of one run. */
struct RelationStudyResult
{
    std::vector<MethodStats> methods; //!< one entry per (method, duration)
    Time minRttQuiet;                 //!< A->C MinRTT in the pre window
    Time minRttBusy;                  //!< A->C MinRTT in the first busy window
    Time meanTupleLatency;            //!< true A->C latency, mean
    uint32_t tuples{0};               //!< tuples that completed with all events
    uint64_t malformed{0};            //!< malformed packets dropped by the apps

    /**
     * \param method method name \param duration duration kind
     * \return the entry (aborts if absent)
     */
    const MethodStats& Get(const std::string& method, const std::string& duration) const;
};

/**
 * Run one study (builds, runs and destroys a simulation).
 * \param params parameters (validated; errors name the field and range)
 * \return coverage and bounds per method
 */
RelationStudyResult RunRelationStudy(const RelationStudyParams& params);

/** \return the CSV header matching RelationStudyCsvRows */
std::string RelationStudyCsvHeader();
/**
 * \param p parameters \param r result
 * \return one CSV line per method entry (no trailing newline on the last)
 */
std::string RelationStudyCsvRows(const RelationStudyParams& p, const RelationStudyResult& r);

} // namespace ns3

#endif /* RELATION_STUDY_H */
