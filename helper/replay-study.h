/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef REPLAY_STUDY_H
#define REPLAY_STUDY_H

#include "ns3/nstime.h"

#include <cstdint>
#include <string>

namespace ns3
{

/**
 * \ingroup chronometry
 * One point of the replay-clock study (the thesis' Table 5.1 parameters).
 */
struct ReplayStudyParams
{
    uint32_t nodes = 32;                   //!< n (2 to 1024)
    Time skew = MilliSeconds(1);           //!< E
    Time interval = MicroSeconds(100);     //!< I (E must be a multiple of I)
    Time delay = MicroSeconds(8);          //!< delta: the LAN's propagation delay
    Time jitter = Time(0);                 //!< extra delay uniform in [0, jitter] per message
    bool onWire = false;                   //!< stamps as real bytes (required with jitter)
    double rate = 20;                      //!< alpha: messages per second per node
    double localRate = 0;                  //!< local events per second per node
    bool poisson = true;                   //!< Poisson (else fixed-interval) sending
    Time duration = Seconds(1);            //!< simulated time
    std::string clockModel = "bounded";    //!< bounded, thesis, or drifting
    std::string counterRule = "Published"; //!< RepCl: Published or EpochCounts
    bool sumCounters = false;              //!< RepCl sum-of-counters compression
    uint32_t counterBits = 4;              //!< RepCl counter width
    uint64_t run = 1;                      //!< ns-3 RngRun
    uint64_t exactLimit = 10000;           //!< checker: all pairs up to this many events
    uint64_t samplePairs = 1000000;        //!< checker: random pairs beyond it

    /** Report a configuration error (naming the parameter and its range) if invalid. */
    void Validate() const;
};

/** What one run measured. */
struct ReplayStudyResult
{
    ReplayStudyParams params;        //!< the point
    uint64_t events = 0;             //!< events logged
    uint64_t messages = 0;           //!< messages sent
    double thetaMean = 0;            //!< stored RepCl offsets per event: mean
    double thetaP99 = 0;             //!< 99th percentile
    double thetaMax = 0;             //!< maximum
    double sigmaMean = 0;            //!< non-zero RepCl counters per event: mean
    double sigmaMax = 0;             //!< maximum
    double bitsMean = 0;             //!< RepCl encoded bits: mean
    double bitsP99 = 0;              //!< 99th percentile
    double bitsMax = 0;              //!< maximum
    double hvcMean = 0;              //!< HVC active entries: mean
    double hvcMax = 0;               //!< maximum
    double delayMin = 0;             //!< one-way message delay (true receive - true send), us: min
    double delayMean = 0;            //!< mean
    double delayMax = 0;             //!< max
    double hlcBits = 96;             //!< HLC encoded bits
    double vectorBitsMean = 0;       //!< vector clock encoded bits: mean
    uint64_t pairs = 0;              //!< pairs checked
    bool sampled = false;            //!< pairs were sampled
    double concurrentFraction = 0;   //!< concurrent pairs / pairs
    uint64_t r1Violations = 0;       //!< requirement 1
    uint64_t r2Violations = 0;       //!< requirement 2, pt form
    uint64_t r2ThesisViolations = 0; //!< requirement 2, thesis form (Lemma 3)
    uint64_t r3Violations = 0;       //!< requirement 3, pt form
    uint64_t r3Applicable = 0;       //!< pairs requirement 3 applies to
    uint64_t unjustifiedOrderings = 0; //!< concurrent pairs ordered without a synchronization proof
    uint64_t hlcViolations = 0;        //!< HLC hb => <
    uint64_t hvcViolations = 0;        //!< HVC hb => <
    uint64_t forcedRepCl = 0;          //!< concurrent pairs RepCl orders
    uint64_t forcedHvc = 0;            //!< concurrent pairs HVC orders
    uint64_t forcedHlc = 0;            //!< concurrent pairs HLC orders
    double wallSeconds = 0;            //!< wall time of the run

    /** \return the CSV header matching ToCsvRow() */
    static std::string CsvHeader();
    /** \return this run as one CSV row (no newline) */
    std::string ToCsvRow() const;
};

/**
 * \ingroup chronometry
 * Builds and runs one point of the replay-clock study: n nodes on a CSMA LAN
 * at 500 Mb/s whose propagation delay is delta (the one-way delay is delta
 * plus the ~2 us transmission time of a stamped packet), clocks of the chosen
 * model within E, all clocks stamped on every packet, the workload at rate
 * alpha; then measures RepCl, HVC, HLC and vector clock sizes and runs the
 * replay checker.  Tears the simulator down at the end, so many runs can
 * follow in one process.
 */
class ReplayStudy
{
  public:
    /**
     * \param params the point (validated)
     * \return the measurements
     */
    static ReplayStudyResult Run(const ReplayStudyParams& params);
};

} // namespace ns3

#endif /* REPLAY_STUDY_H */
