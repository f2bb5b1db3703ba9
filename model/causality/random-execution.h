/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef RANDOM_EXECUTION_H
#define RANDOM_EXECUTION_H

#include "causal-event-log.h"
#include "causal-process.h"

#include "ns3/drift-math.h"
#include "ns3/nstime.h"

#include <cstdint>
#include <vector>

namespace ns3
{

/** Parameters of a random message-passing execution. */
struct RandomExecutionParams
{
    uint32_t n = 8;                    //!< processes
    uint32_t events = 200;             //!< events to generate (stop after)
    Time meanGap = MicroSeconds(100);  //!< mean time between a process' actions
    double localFraction = 0.3;        //!< actions that are local events
    Time minDelay = MicroSeconds(1);   //!< message delay lower bound
    Time maxDelay = MicroSeconds(300); //!< message delay upper bound
    /// The real skew bound of the bounded-skew physical clocks.  It is independent of the E the
    /// clocks are configured with (CausalityConfig::hvcSkewBound, replay.epsilon * interval):
    /// set it above them to run clocks whose assumption is violated (thesis section 8.3).
    Time skewBound = MicroSeconds(200);
    clockmath::BoundedSkewForm form = clockmath::BOUNDED; //!< physical clock model
    uint64_t seed = 1;                                    //!< everything random derives from it
};

/** What happened to the messages of a random execution. */
struct RandomExecutionStats
{
    uint64_t sent = 0;      //!< messages sent
    uint64_t delivered = 0; //!< messages that reached their receiver before the run stopped
    uint64_t malformed = 0; //!< delivered stamps the receiver could not decode (no event logged)
};

/**
 * \ingroup chronometry
 * A simulator-free random execution: n processes act at exponential
 * intervals, either a local event or a send to a uniformly random peer with
 * a uniform delay; messages are received when they arrive.  Each process'
 * physical clock is a bounded-skew clock (drawn with DrawBoundedSkewReading).
 * Every event runs all clocks of the configuration through CausalProcess and
 * is logged (a test can run a reference clock along the log afterwards).
 */
class RandomExecution
{
  public:
    /**
     * Run an execution.
     * \param params workload
     * \param config clocks (config.n is overwritten by params.n)
     * \param stats if not null, receives the message counts
     * \param compact if not null, the events are also appended there as compact records (the
     * same execution, logged both ways)
     * \return the event log
     */
    static std::vector<CausalEvent> Run(const RandomExecutionParams& params,
                                        CausalityConfig config,
                                        RandomExecutionStats* stats = nullptr,
                                        CausalEventLog* compact = nullptr);
};

} // namespace ns3

#endif /* RANDOM_EXECUTION_H */
