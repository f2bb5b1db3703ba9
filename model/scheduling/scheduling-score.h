/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SCHEDULING_SCORE_H
#define SCHEDULING_SCORE_H

#include "ns3/nstime.h"
#include "ns3/scheduled-operation-client.h"
#include "ns3/scheduled-operation-server.h"

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace ns3
{

/**
 * \ingroup chronometry
 * One real operation on one server scored against the simulator's truth.
 *
 * The three errors are measured separately; they are related by
 * completionError = startError + predictionError (a definition, not a
 * finding), but their absolute values do not add: mean |completionError| is
 * not mean |startError| + mean |predictionError|, and the two parts may
 * cancel (a server clock ahead starts early, a prediction too short ends
 * late).
 */
struct ScoredOperation
{
    uint32_t operation = 0;   //!< operation index
    uint32_t server = 0;      //!< server index
    bool executed = false;    //!< the server completed it (truth)
    Time desired;             //!< T_d (client clock)
    Time scheduled;           //!< T_s (client's request)
    Time predicted;           //!< predicted ETE
    Time trueStart;           //!< simulator time it started
    Time trueEnd;             //!< simulator time it completed
    Time completionError;     //!< trueEnd - T_d
    Time startError;          //!< trueStart - T_s: the server clock's error, plus any start delay
    Time predictionError;     //!< (trueEnd - trueStart) - predicted
    Time startDelay;          //!< local start - T_s on the server's clock (truth; 0 when on time)
    bool arrivedLate = false; //!< the SCHEDULE reached the server after T_s (truth)
};

/**
 * \ingroup chronometry
 * Scores a OneClock run: what the client recorded (ScheduledOperationClient
 * records) against what the servers did (ScheduledOperationTruth of real
 * operations, per server, by request id).  Free of the simulator.
 *
 * Every record counts: an operation a server never ran is not executed, and
 * an operation whose servers did not all run it is a partial commit whatever
 * the client believed.  Spreads are over the operations every server ran.
 */
class SchedulingScore
{
  public:
    /**
     * \param records the client's records
     * \param truths per server index, the truth of each real operation it completed, by id
     * \return the score
     */
    static SchedulingScore Compute(
        const std::vector<ScheduledOperationRecord>& records,
        const std::vector<std::map<uint32_t, ScheduledOperationTruth>>& truths);

    /** \return every record scored, in record order */
    const std::vector<ScoredOperation>& GetOperations() const;

    uint64_t records = 0;       //!< operations x servers
    uint64_t operations = 0;    //!< distinct operations
    uint64_t executed = 0;      //!< records the servers ran
    double maeUs = 0;           //!< mean |completionError| over executed records
    double p99AbsUs = 0;        //!< 99th percentile |completionError|
    double maeStartUs = 0;      //!< mean |startError|
    double maePredictionUs = 0; //!< mean |predictionError|
    double startDominatedShare =
        0; //!< share of executed records with |startError| > |predictionError|
    double meanStartSpreadUs = 0;      //!< mean over fully run operations of max - min trueStart
    double maxStartSpreadUs = 0;       //!< largest start spread
    double meanCompletionSpreadUs = 0; //!< mean over fully run operations of max - min trueEnd
    double maxCompletionSpreadUs = 0;  //!< largest completion spread
    uint64_t commitAll = 0;            //!< operations every server ran
    uint64_t commitNone = 0;           //!< operations no server ran
    uint64_t commitPartial = 0;        //!< operations some but not all servers ran
    double partialRate = 0;            //!< commitPartial / operations
    uint64_t lateSends = 0;            //!< SCHEDULEs that could not leave SendAhead before T_s
    uint64_t lateArrivals = 0;         //!< executed records whose SCHEDULE arrived after T_s
    uint64_t missed = 0;               //!< records refused as too far in the past
    double meanStartDelayUs = 0;       //!< mean start delay (server clock) over executed records
    double maxStartDelayUs = 0;        //!< largest start delay
    /** The paper's metric, mean |T_e - T_s - predicted| over reported records, per predictor
     *  (the paper's four, then the references), from the records' shadow predictions. */
    std::vector<std::pair<std::string, double>> offlineMaeUs;

  private:
    std::vector<ScoredOperation> m_operations; //!< per record
};

} // namespace ns3

#endif /* SCHEDULING_SCORE_H */
