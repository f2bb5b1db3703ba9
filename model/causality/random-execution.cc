/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "random-execution.h"

#include "ns3/chronometry-validation.h"
#include "ns3/log.h"

#include <map>
#include <queue>
#include <random>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("RandomExecution");

std::vector<CausalEvent>
RandomExecution::Run(const RandomExecutionParams& params,
                     CausalityConfig config,
                     RandomExecutionStats* stats,
                     CausalEventLog* compact)
{
    chronometry::RequireDoubleInRange("RandomExecution: n", params.n, 1, 65535, "processes");
    chronometry::RequireDoubleInRange("RandomExecution: localFraction",
                                      params.localFraction,
                                      0,
                                      1,
                                      "");
    chronometry::RequireTimeInRange("RandomExecution: meanGap",
                                    params.meanGap,
                                    Time::From(1),
                                    Hours(1));
    chronometry::RequireTimeInRange("RandomExecution: minDelay",
                                    params.minDelay,
                                    Time(0),
                                    params.maxDelay);
    chronometry::RequireTimeInRange("RandomExecution: skewBound",
                                    params.skewBound,
                                    Time::From(1),
                                    Hours(1));
    config.n = params.n;
    config.replay.n = params.n;
    std::vector<CausalEvent> log;
    std::vector<CausalProcess> processes;
    processes.reserve(params.n);
    for (uint32_t p = 0; p < params.n; ++p)
    {
        processes.emplace_back(config, p, &log, compact);
    }
    std::mt19937_64 rng(params.seed);
    std::exponential_distribution<double> gap(1.0 / params.meanGap.GetTimeStep());
    std::uniform_int_distribution<int64_t> delay(params.minDelay.GetTimeStep(),
                                                 params.maxDelay.GetTimeStep());
    std::uniform_int_distribution<uint32_t> peer(0, params.n > 1 ? params.n - 2 : 0);
    std::uniform_real_distribution<double> u(0.0, 1.0);

    // Pending happenings: (true time, sequence, process, message id or 0 for an action).
    using Item = std::tuple<int64_t, uint64_t, uint32_t, uint64_t>;
    std::priority_queue<Item, std::vector<Item>, std::greater<>> queue;
    uint64_t sequence = 0;
    for (uint32_t p = 0; p < params.n; ++p)
    {
        queue.emplace(static_cast<int64_t>(gap(rng)) + 1, sequence++, p, 0);
    }

    struct InFlight
    {
        std::vector<uint8_t> bytes;
        uint32_t source;
    };

    std::map<uint64_t, InFlight> inFlight;
    std::vector<int64_t> lastReading(params.n, 0);
    uint64_t nextMessage = 1;
    const int64_t bound = params.skewBound.GetTimeStep();
    RandomExecutionStats counts;
    while (log.size() < params.events && !queue.empty())
    {
        auto [t, seq, p, message] = queue.top();
        queue.pop();
        lastReading[p] =
            clockmath::DrawBoundedSkewReading(lastReading[p], t, bound, u(rng), params.form);
        Time trueTime = Time::From(t);
        Time pt = Time::From(lastReading[p]);
        if (message != 0)
        {
            InFlight m = std::move(inFlight.at(message));
            inFlight.erase(message);
            ++counts.delivered;
            if (!processes[p].OnReceive(m.bytes, trueTime, pt, message, m.source))
            {
                ++counts.malformed;
            }
        }
        else
        {
            if (params.n == 1 || u(rng) < params.localFraction)
            {
                processes[p].OnLocal(trueTime, pt);
            }
            else
            {
                uint32_t to = peer(rng);
                to += (to >= p) ? 1 : 0;
                uint64_t id = nextMessage++;
                ++counts.sent;
                auto bytes = processes[p].OnSend(trueTime, pt, id, to);
                inFlight.emplace(id, InFlight{std::move(bytes), p});
                queue.emplace(t + delay(rng) + 1, sequence++, to, id);
            }
            queue.emplace(t + static_cast<int64_t>(gap(rng)) + 1, sequence++, p, 0);
        }
    }
    if (stats)
    {
        *stats = counts;
    }
    return log;
}

} // namespace ns3
