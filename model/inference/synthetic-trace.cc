/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "synthetic-trace.h"

#include "ns3/chronometry-validation.h"
#include "ns3/log.h"

#include <algorithm>
#include <numeric>
#include <random>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SyntheticTrace");

void
SyntheticTraceParams::Validate() const
{
    chronometry::RequireDoubleInRange("SyntheticTrace: clients", clients, 1, 10000, "");
    chronometry::RequireDoubleInRange("SyntheticTrace: backends", backends, 1, 10000, "");
    chronometry::RequireDoubleInRange("SyntheticTrace: rate", rate, 0, 1e7, "/s", false);
    chronometry::RequireTimeInRange("SyntheticTrace: duration", duration, Time::From(1), Hours(24));
    chronometry::RequireTimeInRange("SyntheticTrace: networkDelay",
                                    networkDelay,
                                    Time(0),
                                    Seconds(10));
    chronometry::RequireTimeInRange("SyntheticTrace: networkJitter",
                                    networkJitter,
                                    Time(0),
                                    Seconds(10));
    chronometry::RequireTimeInRange("SyntheticTrace: frontEndService",
                                    frontEndService,
                                    Time::From(1),
                                    Seconds(100));
    chronometry::RequireTimeInRange("SyntheticTrace: backendService",
                                    backendService,
                                    Time::From(1),
                                    Seconds(100));
    chronometry::RequireTimeInRange("SyntheticTrace: lookupService",
                                    lookupService,
                                    Time::From(1),
                                    Seconds(100));
    chronometry::RequireDoubleInRange("SyntheticTrace: lookupProbability",
                                      lookupProbability,
                                      0,
                                      1,
                                      "");
    chronometry::RequireTimeInRange("SyntheticTrace: clockOffset", clockOffset, Time(0), Hours(24));
}

SyntheticTrace
GenerateSyntheticTrace(const SyntheticTraceParams& params)
{
    params.Validate();
    std::mt19937_64 rng(params.seed);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    auto expo = [&](Time mean) {
        std::exponential_distribution<double> e(1.0 / mean.GetTimeStep());
        return Time::From(static_cast<int64_t>(e(rng)) + 1);
    };
    SyntheticTrace t;
    const uint32_t frontEnd = 0;
    const uint32_t lookup = params.backends + 1;
    const uint32_t firstClient = params.backends + 2;
    t.nodes = firstClient + params.clients;
    for (uint32_t i = 0; i < t.nodes; ++i)
    {
        double u = unit(rng) - 0.5;
        t.clockOffsets.push_back(
            Time::From(static_cast<int64_t>(u * params.clockOffset.GetTimeStep())));
    }

    struct Raw
    {
        uint32_t from;
        uint32_t to;
        Time send;
        Time recv;
        int64_t parent; // raw index
    };

    std::vector<Raw> raw;
    auto wire = [&]() {
        Time d = params.networkDelay;
        if (params.networkJitter.IsStrictlyPositive())
        {
            d += Time::From(static_cast<int64_t>(unit(rng) * params.networkJitter.GetTimeStep()));
        }
        return d;
    };
    auto send = [&](uint32_t from, uint32_t to, Time at, int64_t parent) {
        raw.push_back({from, to, at, at + wire(), parent});
        return static_cast<int64_t>(raw.size() - 1);
    };
    std::exponential_distribution<double> gap(params.rate);
    for (uint32_t c = 0; c < params.clients; ++c)
    {
        auto next = [&]() { return params.poisson ? gap(rng) : 1.0 / params.rate; };
        double at = next();
        while (at < params.duration.GetSeconds())
        {
            uint32_t client = firstClient + c;
            int64_t req = send(client, frontEnd, Seconds(at), -1);
            uint32_t backend =
                1 + static_cast<uint32_t>(unit(rng) * params.backends) % params.backends;
            int64_t call =
                send(frontEnd, backend, raw[req].recv + expo(params.frontEndService), req);
            int64_t last = call;
            if (unit(rng) < params.lookupProbability)
            {
                int64_t q =
                    send(backend, lookup, raw[call].recv + expo(params.backendService), call);
                last = send(lookup, backend, raw[q].recv + expo(params.lookupService), q);
            }
            int64_t reply =
                send(backend, frontEnd, raw[last].recv + expo(params.backendService), last);
            send(frontEnd, client, raw[reply].recv + expo(params.frontEndService), reply);
            at += next();
        }
    }
    std::vector<std::size_t> order(raw.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return raw[a].send < raw[b].send;
    });
    std::vector<int64_t> position(raw.size());
    for (std::size_t k = 0; k < order.size(); ++k)
    {
        position[order[k]] = k;
    }
    for (std::size_t k = 0; k < order.size(); ++k)
    {
        const Raw& r = raw[order[k]];
        TraceMessage m;
        m.id = order[k] + 1;
        m.sender = r.from;
        m.receiver = r.to;
        m.sendTs = r.send + t.clockOffsets[r.from];
        m.recvTs = r.recv + t.clockOffsets[r.to];
        t.messages.push_back(m);
        t.trueParent.push_back(r.parent < 0 ? -1 : position[r.parent]);
        t.trueSend.push_back(r.send);
        t.trueRecv.push_back(r.recv);
    }
    return t;
}

} // namespace ns3
