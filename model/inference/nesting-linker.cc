/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "nesting-linker.h"

#include "pairwise-clock-estimator.h"

#include "ns3/abort.h"
#include "ns3/chronometry-validation.h"
#include "ns3/log.h"

#include <algorithm>
#include <deque>
#include <limits>
#include <map>
#include <tuple>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("NestingLinker");

void
NestingConfig::Validate() const
{
    chronometry::RequireTimeInRange("NestingLinker: window (x)", window, Time::From(1), Hours(24));
}

NestingLinker::NestingLinker(const NestingConfig& config)
    : m_config(config)
{
    m_config.Validate();
}

const NestingConfig&
NestingLinker::GetConfig() const
{
    return m_config;
}

namespace
{

/** One event on a node's timeline. */
struct Event
{
    int64_t time; //!< local reading
    bool send;    //!< send (else receive)
    uint32_t msg; //!< message index
};

/**
 * Guess the call/return roles of the messages between one pair of nodes: merge the two nodes'
 * timelines; a send answers the oldest call that arrived at its node within the window (else
 * it is a call); a receive from an untraced node returns the oldest call sent into it.
 * \param trace the trace
 * \param key the pair (a, b), a < b
 * \param msgs the pair's messages
 * \param x the window, in time steps
 * \param role per message: receives -1 for a call, k for the return of call k
 * \param sent per message: whether its send was processed (set here)
 */
void
GuessPairRoles(const std::vector<TraceMessage>& trace,
               const NodePair& key,
               const std::vector<uint32_t>& msgs,
               int64_t x,
               std::vector<int64_t>& role,
               std::vector<bool>& sent)
{
    // Timelines of the two nodes (index 0: key.first, 1: key.second).
    std::vector<Event> line[2];
    for (uint32_t i : msgs)
    {
        const auto& m = trace[i];
        if (m.sendTs)
        {
            line[m.sender == key.first ? 0 : 1].push_back({m.sendTs->GetTimeStep(), true, i});
        }
        if (m.recvTs)
        {
            line[m.receiver == key.first ? 0 : 1].push_back({m.recvTs->GetTimeStep(), false, i});
        }
    }
    for (auto& l : line)
    {
        // Receives first at equal readings: an arrival may be answered at once.
        std::sort(l.begin(), l.end(), [](const Event& a, const Event& b) {
            return std::tie(a.time, a.send, a.msg) < std::tie(b.time, b.send, b.msg);
        });
    }
    // Per node: calls that arrived and are unanswered (arrival, msg); calls sent
    // into an untraced peer whose return can only be seen on this node's clock.
    std::deque<std::pair<int64_t, uint32_t>> waiting[2];
    std::deque<std::pair<int64_t, uint32_t>> sentBlind[2];
    std::size_t at[2] = {0, 0};
    auto ready = [&](int side) {
        if (at[side] >= line[side].size())
        {
            return false;
        }
        const Event& e = line[side][at[side]];
        return e.send || !trace[e.msg].sendTs || sent[e.msg];
    };
    auto purge = [x](std::deque<std::pair<int64_t, uint32_t>>& q, int64_t now) {
        while (!q.empty() && now - q.front().first > x)
        {
            q.pop_front();
        }
    };
    while (at[0] < line[0].size() || at[1] < line[1].size())
    {
        int side;
        if (ready(0) && ready(1))
        {
            side = line[0][at[0]].time <= line[1][at[1]].time ? 0 : 1; // any order works
        }
        else if (ready(0))
        {
            side = 0;
        }
        else if (ready(1))
        {
            side = 1;
        }
        else
        {
            // Only inconsistent timestamps can block both: take the earlier one.
            side = at[1] >= line[1].size() ||
                           (at[0] < line[0].size() && line[0][at[0]].time <= line[1][at[1]].time)
                       ? 0
                       : 1;
        }
        const Event e = line[side][at[side]++];
        const auto& m = trace[e.msg];
        if (e.send)
        {
            sent[e.msg] = true;
            purge(waiting[side], e.time);
            if (!waiting[side].empty())
            {
                role[e.msg] = waiting[side].front().second;
                waiting[side].pop_front();
            }
            else
            {
                role[e.msg] = -1;
                if (!m.recvTs)
                {
                    sentBlind[side].push_back({e.time, e.msg});
                }
            }
        }
        else
        {
            if (!m.sendTs)
            {
                // From an untraced node: a return of one of our calls into it?
                purge(sentBlind[side], e.time);
                if (!sentBlind[side].empty())
                {
                    role[e.msg] = sentBlind[side].front().second;
                    sentBlind[side].pop_front();
                    continue;
                }
                role[e.msg] = -1;
            }
            if (role[e.msg] == -1)
            {
                waiting[side].push_back({e.time, e.msg});
            }
        }
    }
}

} // namespace

std::vector<int64_t>
NestingLinker::GuessCallPairs(const std::vector<TraceMessage>& trace, Time window)
{
    NS_LOG_FUNCTION(trace.size() << window);
    chronometry::RequireTimeInRange("NestingLinker: window (x)", window, Time::From(1), Hours(24));
    constexpr int64_t kUnknown = -2;
    const int64_t x = window.GetTimeStep();
    std::vector<int64_t> role(trace.size(), kUnknown); // -1 call, k: returns call k

    // The messages of each unordered pair, then one merge per pair.
    std::map<NodePair, std::vector<uint32_t>> pairs;
    for (uint32_t i = 0; i < trace.size(); ++i)
    {
        const auto& m = trace[i];
        if (m.sender == m.receiver)
        {
            role[i] = -1;
            continue;
        }
        pairs[{std::min(m.sender, m.receiver), std::max(m.sender, m.receiver)}].push_back(i);
    }
    std::vector<bool> sent(trace.size(), false); // send event processed (each message: one pair)
    for (const auto& [key, msgs] : pairs)
    {
        GuessPairRoles(trace, key, msgs, x, role, sent);
    }
    for (auto& r : role)
    {
        r = r == kUnknown ? -1 : r;
    }
    return role;
}

LinkingResult
NestingLinker::Link(const std::vector<TraceMessage>& trace) const
{
    return Link(trace, GuessCallPairs(trace, m_config.window));
}

namespace
{

/** No reading. */
constexpr int64_t kNone = std::numeric_limits<int64_t>::min();

/**
 * The readings the nesting rule compares: one timestamp per message (SINGLE), or the reading
 * of the node in the middle (NODE_LOCAL): arrivals at B and departures from B.
 */
struct NestingReadings
{
    const std::vector<TraceMessage>& trace; //!< the trace
    bool local;                             //!< NODE_LOCAL

    /**
     * \param i a message
     * \return its one timestamp: the send's reading, else the receive's (kNone if neither)
     */
    int64_t Single(uint32_t i) const
    {
        const auto& m = trace[i];
        return m.sendTs ? m.sendTs->GetTimeStep() : (m.recvTs ? m.recvTs->GetTimeStep() : kNone);
    }

    /**
     * \param i a message
     * \return when it arrived (kNone if unknown)
     */
    int64_t Arrival(uint32_t i) const
    {
        if (!local)
        {
            return Single(i);
        }
        return trace[i].recvTs ? trace[i].recvTs->GetTimeStep() : kNone;
    }

    /**
     * \param i a message
     * \return when it left (kNone if unknown)
     */
    int64_t Departure(uint32_t i) const
    {
        if (!local)
        {
            return Single(i);
        }
        return trace[i].sendTs ? trace[i].sendTs->GetTimeStep() : kNone;
    }
};

/**
 * \param callOf per message, the call it returns (-1 for a call)
 * \return per call, its first return (-1 if none)
 */
std::vector<int64_t>
ReturnsOf(const std::vector<int64_t>& callOf)
{
    const std::size_t n = callOf.size();
    std::vector<int64_t> returnOf(n, -1);
    for (uint32_t i = 0; i < n; ++i)
    {
        if (callOf[i] >= 0)
        {
            NS_ABORT_MSG_IF(callOf[i] >= static_cast<int64_t>(n),
                            "NestingLinker: callOf out of range");
            if (returnOf[callOf[i]] < 0)
            {
                returnOf[callOf[i]] = i;
            }
        }
    }
    return returnOf;
}

/**
 * Nest every call in the latest call into its sender that arrived within the window before
 * it left and whose return (if seen) left after the child left and after the child's return.
 * \param at the readings
 * \param callOf per message, the call it returns (-1 for a call)
 * \param returnOf per call, its return (-1 if none)
 * \param x the window, in time steps
 * \param parent receives each call's parent call
 * \param nested receives, per parent call, its child calls
 */
void
NestCalls(const NestingReadings& at,
          const std::vector<int64_t>& callOf,
          const std::vector<int64_t>& returnOf,
          int64_t x,
          std::vector<int64_t>& parent,
          std::vector<std::vector<uint32_t>>& nested)
{
    const auto& trace = at.trace;
    const std::size_t n = trace.size();
    // Calls into each node, by arrival.
    std::map<uint32_t, std::vector<std::pair<int64_t, uint32_t>>> callsInto;
    for (uint32_t i = 0; i < n; ++i)
    {
        int64_t t = at.Arrival(i);
        if (callOf[i] < 0 && t != kNone && trace[i].sender != trace[i].receiver)
        {
            callsInto[trace[i].receiver].push_back({t, i});
        }
    }
    for (auto& [node, v] : callsInto)
    {
        std::sort(v.begin(), v.end());
    }
    for (uint32_t c = 0; c < n; ++c)
    {
        if (callOf[c] >= 0)
        {
            continue;
        }
        const auto& m = trace[c];
        int64_t leave = at.Departure(c);
        auto it = callsInto.find(m.sender);
        if (leave == kNone || it == callsInto.end())
        {
            continue;
        }
        int64_t back = returnOf[c] >= 0 ? at.Arrival(returnOf[c]) : kNone;
        const auto& list = it->second;
        auto end = std::upper_bound(list.begin(),
                                    list.end(),
                                    std::make_pair(leave, std::numeric_limits<uint32_t>::max()));
        for (auto p = end; p != list.begin();)
        {
            --p;
            if (leave - p->first > x)
            {
                break;
            }
            uint32_t call = p->second;
            if (call == c || trace[call].receiver != m.sender)
            {
                continue;
            }
            int64_t q = returnOf[call] >= 0 ? at.Departure(returnOf[call]) : kNone;
            // Nested: the child leaves before the parent's return leaves, and its
            // own return (if any) arrives before that.
            if (q != kNone && (leave > q || (back != kNone && back > q)))
            {
                continue;
            }
            parent[c] = call;
            nested[call].push_back(c);
            break;
        }
    }
}

} // namespace

LinkingResult
NestingLinker::Link(const std::vector<TraceMessage>& trace,
                    const std::vector<int64_t>& callOf) const
{
    NS_LOG_FUNCTION(this << trace.size());
    NS_ABORT_MSG_IF(callOf.size() != trace.size(), "NestingLinker: one callOf entry per message");
    const std::size_t n = trace.size();
    const NestingReadings at{trace, m_config.timestamps == NestingTimestamps::NODE_LOCAL};
    const std::vector<int64_t> returnOf = ReturnsOf(callOf);
    std::vector<int64_t> parent(n, -1);
    std::vector<std::vector<uint32_t>> nested(n); // child calls per parent call
    NestCalls(at, callOf, returnOf, m_config.window.GetTimeStep(), parent, nested);
    // A return's parent: the latest return of a nested call that arrived before it left,
    // else its call.
    for (uint32_t r = 0; r < n; ++r)
    {
        if (callOf[r] < 0)
        {
            continue;
        }
        uint32_t call = callOf[r];
        int64_t leave = at.Departure(r);
        int64_t best = kNone;
        parent[r] = call;
        for (uint32_t child : nested[call])
        {
            if (returnOf[child] < 0)
            {
                continue;
            }
            int64_t t = at.Arrival(returnOf[child]);
            if (t != kNone && (leave == kNone || t <= leave) && t > best)
            {
                best = t;
                parent[r] = returnOf[child];
            }
        }
    }
    LinkingResult result;
    result.links.resize(n);
    for (uint32_t i = 0; i < n; ++i)
    {
        auto& ml = result.links[i];
        if (parent[i] < 0)
        {
            ml.spontaneous = 1;
            ml.mostLikely = -1;
            result.roots.push_back(i);
            continue;
        }
        const auto& child = trace[i];
        const auto& p = trace[parent[i]];
        ParentLink link;
        link.parent = parent[i];
        if (child.sendTs && p.recvTs)
        {
            link.delay = *child.sendTs - *p.recvTs;
        }
        link.weight = 1;
        link.probability = 1;
        ml.parents.push_back(link);
        ml.spontaneous = 0;
        ml.mostLikely = parent[i];
    }
    result.clockOffset = PairwiseClockEstimator::EstimateOffsets(trace);
    return result;
}

} // namespace ns3
