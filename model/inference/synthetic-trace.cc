/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "synthetic-trace.h"

#include "ns3/chronometry-validation.h"
#include "ns3/log.h"

#include <algorithm>
#include <cmath>
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
    chronometry::RequireTimeInRange("SyntheticTrace: frontEndReplyService",
                                    frontEndReplyService,
                                    Time(0),
                                    Seconds(100));
    chronometry::RequireTimeInRange("SyntheticTrace: backendReplyService",
                                    backendReplyService,
                                    Time(0),
                                    Seconds(100));
    chronometry::RequireDoubleInRange("SyntheticTrace: clockDriftPpm",
                                      clockDriftPpm,
                                      0,
                                      1e5,
                                      "ppm");
}

namespace
{

/** A generated message before the trace is ordered by send time. */
struct Raw
{
    uint32_t from;     //!< sender
    uint32_t to;       //!< receiver
    Time send;         //!< true send time
    Time recv;         //!< true receive time
    int64_t parent;    //!< raw index of its cause, or -1
    int64_t call;      //!< raw index of the call it answers, or -1
    uint16_t fromPort; //!< sender's port
    uint16_t toPort;   //!< receiver's port
};

/**
 * Order the generated messages by true send time into the trace: local timestamps from each
 * node's offset and drift, the truth's indexes renumbered.
 * \param raw the generated messages
 * \param t the trace (nodes, offsets and drifts set); receives the messages and the truth
 */
void
OrderBySend(const std::vector<Raw>& raw, SyntheticTrace& t)
{
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
        auto local = [&t](uint32_t node, Time at) {
            Time drift = Time::From(std::llround(at.GetTimeStep() * t.clockDrift[node]));
            return at + drift + t.clockOffsets[node];
        };
        m.sendTs = local(r.from, r.send);
        m.recvTs = local(r.to, r.recv);
        m.senderPort = r.fromPort;
        m.receiverPort = r.toPort;
        t.messages.push_back(m);
        t.trueParent.push_back(r.parent < 0 ? -1 : position[r.parent]);
        t.trueCallOf.push_back(r.call < 0 ? -1 : position[r.call]);
        t.trueSend.push_back(r.send);
        t.trueRecv.push_back(r.recv);
    }
}

} // namespace

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
    t.clockDrift.assign(t.nodes, 0.0);
    if (params.clockDriftPpm > 0)
    {
        // Drawn only when asked, so traces without drift keep their draws.
        for (uint32_t i = 0; i < t.nodes; ++i)
        {
            t.clockDrift[i] = (2 * unit(rng) - 1) * params.clockDriftPpm * 1e-6;
        }
    }
    const Time feReply =
        params.frontEndReplyService.IsZero() ? params.frontEndService : params.frontEndReplyService;
    const Time beReply =
        params.backendReplyService.IsZero() ? params.backendService : params.backendReplyService;
    constexpr uint16_t kServerPort = 7000;
    uint32_t ephemeral = 0;
    auto nextPort = [&ephemeral]() { return static_cast<uint16_t>(49152 + (ephemeral++ % 16384)); };

    std::vector<Raw> raw;
    auto wire = [&]() {
        Time d = params.networkDelay;
        if (params.networkJitter.IsStrictlyPositive())
        {
            d += Time::From(static_cast<int64_t>(unit(rng) * params.networkJitter.GetTimeStep()));
        }
        return d;
    };
    // A call leaves a fresh ephemeral port for the callee's server port; a
    // return goes back the other way.
    auto send = [&](uint32_t from, uint32_t to, Time at, int64_t parent, int64_t call = -1) {
        uint16_t fromPort = call < 0 ? nextPort() : raw[call].toPort;
        uint16_t toPort = call < 0 ? kServerPort : raw[call].fromPort;
        raw.push_back({from, to, at, at + wire(), parent, call, fromPort, toPort});
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
                last = send(lookup, backend, raw[q].recv + expo(params.lookupService), q, q);
            }
            Time beStep = last == call ? params.backendService : beReply;
            int64_t reply = send(backend, frontEnd, raw[last].recv + expo(beStep), last, call);
            send(frontEnd, client, raw[reply].recv + expo(feReply), reply, req);
            at += next();
        }
    }
    OrderBySend(raw, t);
    return t;
}

} // namespace ns3
