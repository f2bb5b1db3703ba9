/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "trace-reconciliation.h"

#include "ns3/log.h"

#include <unordered_map>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TraceReconciliation");

ReconciledTrace
ReconcileTrace(const std::vector<CausalEvent>& events, const std::vector<bool>& traced)
{
    auto isTraced = [&](uint32_t p) { return traced.empty() || (p < traced.size() && traced[p]); };
    ReconciledTrace t;
    std::unordered_map<uint64_t, std::size_t> index; // message id -> record
    auto record = [&](uint64_t id) -> std::size_t {
        auto it = index.find(id);
        if (it != index.end())
        {
            return it->second;
        }
        TraceMessage m;
        m.id = id;
        t.messages.push_back(m);
        t.trueSend.push_back(Time(-1));
        t.trueRecv.push_back(Time(-1));
        t.sendEvent.push_back(-1);
        t.recvEvent.push_back(-1);
        index[id] = t.messages.size() - 1;
        return t.messages.size() - 1;
    };
    for (std::size_t e = 0; e < events.size(); ++e)
    {
        const auto& ev = events[e];
        if (ev.messageId == 0 || ev.kind == CausalEventKind::LOCAL)
        {
            continue;
        }
        std::size_t k = record(ev.messageId);
        auto& m = t.messages[k];
        if (ev.kind == CausalEventKind::SEND)
        {
            m.sender = ev.process;
            m.receiver = ev.peer;
            t.trueSend[k] = ev.trueTime;
            t.sendEvent[k] = e;
            if (isTraced(ev.process))
            {
                m.sendTs = ev.pt;
            }
        }
        else
        {
            m.receiver = ev.process;
            m.sender = ev.peer;
            t.trueRecv[k] = ev.trueTime;
            t.recvEvent[k] = e;
            if (t.trueSend[k].IsNegative())
            {
                t.trueSend[k] = ev.trueTime;
            }
            if (isTraced(ev.process))
            {
                m.recvTs = ev.pt;
            }
        }
    }
    // Drop messages seen by no traced node.
    ReconciledTrace out;
    for (std::size_t k = 0; k < t.messages.size(); ++k)
    {
        if (!t.messages[k].sendTs && !t.messages[k].recvTs)
        {
            continue;
        }
        out.messages.push_back(t.messages[k]);
        out.trueSend.push_back(t.trueSend[k]);
        out.trueRecv.push_back(t.trueRecv[k]);
        out.sendEvent.push_back(t.sendEvent[k]);
        out.recvEvent.push_back(t.recvEvent[k]);
    }
    NS_LOG_INFO("reconciled " << out.messages.size() << " of " << t.messages.size() << " messages");
    return out;
}

ReconciledTrace
ReconcileTraceByEndpoints(const std::vector<CausalEvent>& events,
                          const std::vector<bool>& traced,
                          EndpointMatching matching)
{
    auto isTraced = [&](uint32_t p) { return traced.empty() || (p < traced.size() && traced[p]); };
    std::vector<SocketRecord> records;
    std::vector<std::size_t> eventOf;
    for (std::size_t e = 0; e < events.size(); ++e)
    {
        const auto& ev = events[e];
        if (ev.messageId == 0 || ev.kind == CausalEventKind::LOCAL || !isTraced(ev.process))
        {
            continue;
        }
        SocketRecord r;
        r.node = ev.process;
        r.send = ev.kind == CausalEventKind::SEND;
        r.localTs = ev.pt;
        r.peer = ev.peer;
        r.truthId = ev.messageId;
        if (matching == EndpointMatching::FINGERPRINT)
        {
            r.fingerprint = ev.messageId;
        }
        records.push_back(r);
        eventOf.push_back(e);
    }
    EndpointReconciliation rec = ReconcileByEndpoints(records, matching);
    // The truth beside the trace: an untraced side's event is found by the
    // message id (as ReconcileTrace does); a matched side keeps its own event,
    // so a mismatch shows.
    std::unordered_map<uint64_t, std::pair<int64_t, int64_t>> eventsOf; // id -> send, receive
    for (std::size_t e = 0; e < events.size(); ++e)
    {
        const auto& ev = events[e];
        if (ev.messageId == 0 || ev.kind == CausalEventKind::LOCAL)
        {
            continue;
        }
        auto& slot = eventsOf.try_emplace(ev.messageId, -1, -1).first->second;
        (ev.kind == CausalEventKind::SEND ? slot.first : slot.second) = e;
    }
    ReconciledTrace out;
    out.messages = rec.messages;
    for (std::size_t k = 0; k < rec.messages.size(); ++k)
    {
        const auto& truth = eventsOf.at(rec.messages[k].id);
        int64_t s =
            rec.sendRecord[k] >= 0 ? static_cast<int64_t>(eventOf[rec.sendRecord[k]]) : truth.first;
        int64_t r = rec.recvRecord[k] >= 0 ? static_cast<int64_t>(eventOf[rec.recvRecord[k]])
                                           : truth.second;
        out.sendEvent.push_back(s);
        out.recvEvent.push_back(r);
        out.trueRecv.push_back(r >= 0 ? events[r].trueTime : Time(-1));
        out.trueSend.push_back(s >= 0 ? events[s].trueTime : events[r].trueTime);
    }
    NS_LOG_INFO("reconciled " << out.messages.size() << " messages by endpoints");
    return out;
}

std::vector<int64_t>
TrueParents(const ReconciledTrace& trace, const std::map<uint64_t, uint64_t>& causeOf)
{
    std::unordered_map<uint64_t, int64_t> index;
    for (std::size_t k = 0; k < trace.messages.size(); ++k)
    {
        index[trace.messages[k].id] = k;
    }
    std::vector<int64_t> parent(trace.messages.size(), -1);
    for (std::size_t k = 0; k < trace.messages.size(); ++k)
    {
        auto it = causeOf.find(trace.messages[k].id);
        if (it != causeOf.end() && it->second != 0)
        {
            auto p = index.find(it->second);
            if (p != index.end())
            {
                parent[k] = p->second;
            }
        }
    }
    return parent;
}

} // namespace ns3
