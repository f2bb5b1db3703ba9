/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef RANDOM_EXECUTION_H
#define RANDOM_EXECUTION_H

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
    uint32_t n = 8;                                       //!< processes
    uint32_t events = 200;                                //!< events to generate (stop after)
    Time meanGap = MicroSeconds(100);                     //!< mean time between a process' actions
    double localFraction = 0.3;                           //!< actions that are local events
    Time minDelay = MicroSeconds(1);                      //!< message delay lower bound
    Time maxDelay = MicroSeconds(300);                    //!< message delay upper bound
    Time skewBound = MicroSeconds(200);                   //!< E of the bounded-skew physical clocks
    clockmath::BoundedSkewForm form = clockmath::BOUNDED; //!< physical clock model
    uint64_t seed = 1;                                    //!< everything random derives from it
};

/**
 * \ingroup chronometry
 * A simulator-free random execution: n processes act at exponential
 * intervals, either a local event or a send to a uniformly random peer with
 * a uniform delay; messages are received when they arrive.  Each process'
 * physical clock is a bounded-skew clock (drawn with DrawBoundedSkewReading).
 * Every event runs all clocks of the configuration through CausalProcess and
 * is logged; optionally a plain reference RepCl runs beside the packed one.
 */
class RandomExecution
{
  public:
    /**
     * Run an execution.
     * \param params workload
     * \param config clocks (config.n is overwritten by params.n)
     * \param reference if not null, receives the reference RepCl after each event (same order as
     * the log) \return the event log
     */
    static std::vector<CausalEvent> Run(const RandomExecutionParams& params,
                                        CausalityConfig config,
                                        std::vector<ReplayClockReference>* reference = nullptr);
};

} // namespace ns3

#endif /* RANDOM_EXECUTION_H */
