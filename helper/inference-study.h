/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef INFERENCE_STUDY_H
#define INFERENCE_STUDY_H

#include "ns3/message-linking.h"
#include "ns3/nstime.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup chronometry
 * One point of the WAP5 inference study: a multi-tier workload on a LAN of
 * drifting clocks, traced by the causality stampers, linked black-box and
 * scored against the applications' true causes.
 */
struct InferenceStudyParams
{
    std::string workload =
        "multitier";                //!< multitier, or gossip (the replay-clock workload: no causes)
    uint32_t clients = 4;           //!< parallelism: client nodes (1 to 256)
    uint32_t backends = 3;          //!< back-end nodes (1 to 64)
    uint32_t fanOut = 1;            //!< back-ends per request (1 to backends)
    double lookupProbability = 0.5; //!< back-end calls the lookup service
    double rate = 10;    //!< alpha: requests per second per client (gossip: messages/s per node)
    bool poisson = true; //!< Poisson requests (else fixed interval)
    Time skew = MilliSeconds(1);              //!< E: clock offsets uniform in [-E/2, E/2]
    double driftPpm = 50;                     //!< clock drift uniform in [-drift, drift] ppm
    Time delay = MicroSeconds(100);           //!< delta: the LAN's propagation delay
    Time frontEndService = MilliSeconds(1);   //!< mean service time per front-end step
    Time backendService = MilliSeconds(3);    //!< mean service time per back-end step
    Time lookupService = MilliSeconds(1);     //!< mean service time at the lookup service
    Time duration = Seconds(2);               //!< simulated time of requests
    bool traceLookup = true;                  //!< trace the lookup node (false: nil timestamps)
    LinkingConfig linking = DefaultLinking(); //!< linker parameters (x = 100 ms, y, band, k)
    uint64_t run = 1;                         //!< ns-3 RngRun

    /** Report a configuration error if invalid (names the field and its range). */
    void Validate() const;

    /** \return the linker defaults with the window x = 100 ms (above any real delay here) */
    static LinkingConfig DefaultLinking();
};

/**
 * \ingroup chronometry
 * Scores of one study run.
 */
struct InferenceStudyResult
{
    InferenceStudyParams params;       //!< the point
    uint64_t messages = 0;             //!< messages in the trace
    uint64_t requests = 0;             //!< requests completed
    uint64_t trueLinks = 0;            //!< messages with a true cause
    double linkPrecision = 0;          //!< most likely parent correct / parents inferred
    double linkRecall = 0;             //!< most likely parent correct / true causes
    double decisionAccuracy = 0;       //!< most likely choice (parent or spontaneous) correct
    double meanTrueProbability = 0;    //!< mean probability given to the true choice
    double patternPrecision = 0;       //!< expected counts vs true counts
    double patternRecall = 0;          //!< expected counts vs true counts
    double mapPatternPrecision = 0;    //!< each root's most probable instance vs true counts
    double mapPatternRecall = 0;       //!< each root's most probable instance vs true counts
    uint64_t truePatterns = 0;         //!< distinct true patterns
    uint64_t inferredPatterns = 0;     //!< distinct inferred patterns
    double patternNodeDelayError = 0;  //!< relative error of matched patterns' node delays
    double linkNodeDelayError = 0;     //!< relative error of per-link-type weighted node delays
    double networkDelayErrorUs = 0;    //!< mean |corrected - true| one-way delay, us
    double rawNetworkDelayErrorUs = 0; //!< same without the offset correction, us
    double offsetErrorUs = 0;          //!< mean |estimated - true| pairwise offset, us
    double vcHbRecall = 0;             //!< true causes that vector clocks order before the child
    double vcCandidates = 0; //!< messages in the window vector clocks order before a child
    double linkSeconds = 0;  //!< wall time of linking (all three steps)
    double wallSeconds = 0;  //!< wall time of the run

    /** \return the CSV header */
    static std::string CsvHeader();
    /** \return this result as a CSV row */
    std::string ToCsvRow() const;
};

/**
 * \ingroup chronometry
 * Runs one study point (calls Simulator::Destroy at the end).
 */
class InferenceStudy
{
  public:
    /**
     * \param params the point
     * \return the scores
     */
    static InferenceStudyResult Run(const InferenceStudyParams& params);

    /**
     * Run a point and keep its trace and patterns (for plots).
     * \param params the point
     * \param patterns receives the inferred patterns
     * \param truth receives the true patterns
     * \return the scores
     */
    static InferenceStudyResult Run(const InferenceStudyParams& params,
                                    std::vector<PathPattern>& patterns,
                                    std::vector<PathPattern>& truth);
};

} // namespace ns3

#endif /* INFERENCE_STUDY_H */
