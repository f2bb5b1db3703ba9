/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SYNTHETIC_TRACE_H
#define SYNTHETIC_TRACE_H

#include "message-linking.h"

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
    std::vector<Time> clockOffsets;     //!< per node: local - true
    uint32_t nodes = 0;                 //!< number of nodes
};

/**
 * \param params the workload
 * \return the trace and its truth
 */
SyntheticTrace GenerateSyntheticTrace(const SyntheticTraceParams& params);

} // namespace ns3

#endif /* SYNTHETIC_TRACE_H */
