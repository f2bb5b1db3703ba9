/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SYNTHETIC_TRACE_H
#define SYNTHETIC_TRACE_H

#include "trace-message.h"

#include "ns3/nstime.h"

#include <cstdint>
#include <vector>

namespace ns3
{

/**
 * \ingroup chronometry
 * Parameters of a simulator-free multi-tier trace: clients send requests to
 * a front-end (node 0), which calls one of the back-ends (nodes 1..backends),
 * which may call the lookup service (node backends + 1) before answering;
 * the front-end answers the client.  Clients are nodes backends + 2 onwards.
 * Service times are exponential, requests are Poisson, every node serves
 * requests in parallel (messages into a node overlap as the rate grows).
 *
 * The step that answers after a downstream reply (the front-end after the
 * back-end's reply, a back-end after the lookup reply) may take its own mean
 * (frontEndReplyService, backendReplyService): a child then has candidate
 * parents from upstream nodes with different delays, the workload where the
 * most recent arrival and a per-parent-pair delay model can disagree.
 * Servers receive on port 7000 and call from a fresh ephemeral port, clients
 * send each request from a fresh ephemeral port (the paper's client
 * detection needs them).  Clocks: local = true * (1 + drift) + offset.
 */
struct SyntheticTraceParams
{
    uint32_t clients = 4;                   //!< client nodes
    uint32_t backends = 3;                  //!< back-end nodes
    double rate = 10;                       //!< requests per second per client
    bool poisson = true;                    //!< Poisson arrivals (else one every 1/rate)
    Time duration = Seconds(10);            //!< span of request start times
    Time networkDelay = MilliSeconds(1);    //!< one-way delay (symmetric, constant)
    Time networkJitter = Time(0);           //!< extra one-way delay, uniform in [0, jitter]
    Time frontEndService = MilliSeconds(2); //!< mean service time at the front-end (each step)
    Time backendService = MilliSeconds(5);  //!< mean service time at a back-end (each step)
    Time lookupService = MilliSeconds(1);   //!< mean service time at the lookup service
    double lookupProbability = 0.5;         //!< a back-end calls the lookup service
    Time clockOffset = MilliSeconds(50);    //!< node clock offsets uniform in [-E/2, E/2]
    uint64_t seed = 1;                      //!< random seed
    Time frontEndReplyService = Time(0); //!< mean front-end step after a reply (0: frontEndService)
    Time backendReplyService = Time(0); //!< mean back-end step after the lookup (0: backendService)
    double clockDriftPpm = 0;           //!< node clock drift uniform in [-drift, drift] ppm

    /** Report a configuration error if invalid (names the field and its range). */
    void Validate() const;
};

/**
 * \ingroup chronometry
 * A synthetic trace with its ground truth.
 */
struct SyntheticTrace
{
    std::vector<TraceMessage> messages; //!< ordered by true send time
    std::vector<int64_t> trueParent;    //!< per message, parent index or -1
    std::vector<Time> trueSend;         //!< true send times
    std::vector<Time> trueRecv;         //!< true receive times
    std::vector<Time> clockOffsets;     //!< per node: local - true at true time 0
    std::vector<double> clockDrift;     //!< per node: local rate - 1 (e.g. 50e-6)
    std::vector<int64_t> trueCallOf;    //!< per message: the call it answers, or -1 (a call)
    uint32_t nodes = 0;                 //!< number of nodes
};

/**
 * \param params the workload
 * \return the trace and its truth
 */
SyntheticTrace GenerateSyntheticTrace(const SyntheticTraceParams& params);

} // namespace ns3

#endif /* SYNTHETIC_TRACE_H */
