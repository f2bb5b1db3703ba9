/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SCHEDULING_STUDY_H
#define SCHEDULING_STUDY_H

#include "ns3/nstime.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup chronometry
 * One OneClock scenario: a client and `servers` servers on a CSMA LAN; every
 * node has a DriftingClock whose offset is uniform in [-E/2, E/2] (so any two
 * clocks are within E) and, optionally, a constant drift.
 */
struct SchedulingStudyParams
{
    uint32_t servers = 4;                  //!< number of servers (1 to 64)
    Time skew = MicroSeconds(100);         //!< E
    double driftPpm = 0;                   //!< drift uniform in [-driftPpm, driftPpm]
    Time delay = MicroSeconds(500);        //!< LAN propagation delay
    std::string predictor = "FtAverage";   //!< Baseline, Average, FtAverage, Kalman
    uint32_t window = 8;                   //!< N
    std::string probeMode = "Periodic";    //!< None, Periodic, Burst
    Time probePeriod = Seconds(1);         //!< periodic probing period
    Time burstInterval = MilliSeconds(20); //!< burst spacing
    uint32_t operations = 100;             //!< operations
    Time operationInterval = Seconds(2);   //!< between operations
    Time operationLead = Seconds(1);       //!< T_d - planning time
    Time decisionLead = MilliSeconds(200); //!< T_d - prediction time
    Time sendAhead = MilliSeconds(50);     //!< T_s - send time
    Time serviceBase = MilliSeconds(2);    //!< service time base
    Time serviceNoise = MicroSeconds(100); //!< service time noise standard deviation
    double spikeProbability = 0.02;        //!< load spikes (server load)
    Time spikeMean = MilliSeconds(10);     //!< mean spike (exponential)
    Time schedMaxFuture = Seconds(10);     //!< server SchedMaxFuture
    Time schedMaxPast = Seconds(1);        //!< server SchedMaxPast
    bool atomic = false;                   //!< atomic commit mode
    double ackLoss = 0;                    //!< ACK loss probability (atomic commit)
    double refuse = 0;                     //!< refusal probability
    Time cancelLead = MilliSeconds(100);   //!< atomic commit ACK deadline before T_d
    uint64_t run = 1;                      //!< ns-3 RngRun

    /** Check every field (configuration error naming the field and its range). */
    void Validate() const;
};

/**
 * \ingroup chronometry
 * One real operation on one server, scored against the simulator's truth.
 * error = trueEnd - T_d = clockPart + predictionPart, where
 * clockPart = trueStart - T_s (the server clock's error when it read T_s) and
 * predictionPart = (trueEnd - trueStart) - predicted ETE.
 */
struct SchedulingOperationRow
{
    uint32_t operation = 0;     //!< operation index
    uint32_t server = 0;        //!< server index
    bool executed = false;      //!< the server ran it
    Time desired;               //!< T_d
    Time scheduled;             //!< T_s
    Time predicted;             //!< predicted ETE (active predictor)
    std::array<Time, 4> shadow; //!< predictions of Baseline, Average, FtAverage, Kalman
    Time trueStart;             //!< simulator time of the start
    Time trueEnd;               //!< simulator time of the completion
    Time reportedEnd;           //!< T_e (server local)
    Time error;                 //!< trueEnd - T_d
    Time clockPart;             //!< trueStart - T_s
    Time predictionPart;        //!< (trueEnd - trueStart) - predicted
};

/**
 * \ingroup chronometry
 * Summary of a scheduling study (errors in microseconds).
 */
struct SchedulingStudyResult
{
    SchedulingStudyParams params;             //!< the point
    std::vector<SchedulingOperationRow> rows; //!< per operation and server
    uint64_t executed = 0;                    //!< operations executed (all servers)
    uint64_t late = 0;                        //!< SCHEDULE messages that could not leave in time
    uint64_t errors = 0;                      //!< ERROR replies to real operations
    uint64_t probeReports = 0;                //!< probe reports
    double maeUs = 0;                         //!< mean |trueEnd - T_d|, active predictor
    double maeClockUs = 0;                    //!< mean |clockPart|
    double maePredictionUs = 0;               //!< mean |predictionPart|
    std::array<double, 4> maeOfflineUs{}; //!< paper's metric, mean |ETE - predicted|, per predictor
    double offsetRangeUs = 0;             //!< max - min server clock offset
    double meanStartSpreadUs = 0;         //!< mean over operations of max - min true start
    double maxStartSpreadUs = 0;          //!< max over operations
    double meanEndSpreadUs = 0;           //!< mean over operations of max - min true end
    uint64_t aborts = 0;                  //!< atomic commit: client aborts
    uint64_t commitAll = 0;               //!< operations executed by every server
    uint64_t commitNone = 0;              //!< operations executed by none
    uint64_t commitPartial = 0;           //!< operations executed by some but not all
    uint64_t cancelled = 0;               //!< operations cancelled at servers
    uint64_t malformed = 0;               //!< malformed packets (client + servers)
    double wallSeconds = 0;               //!< wall time

    /** \return the CSV header of summary rows */
    static std::string CsvHeader();
    /** \return this summary as a CSV row */
    std::string ToCsvRow() const;
    /** \return the CSV header of per-operation rows */
    static std::string OperationCsvHeader();
    /** \return the per-operation rows as CSV lines (no header) */
    std::string OperationCsvRows() const;
};

/**
 * \ingroup chronometry
 * Builds the scenario, runs it, scores every operation and calls
 * Simulator::Destroy().
 */
class SchedulingStudy
{
  public:
    /**
     * \param params the scenario
     * \return the measurements
     */
    static SchedulingStudyResult Run(const SchedulingStudyParams& params);
};

} // namespace ns3

#endif /* SCHEDULING_STUDY_H */
