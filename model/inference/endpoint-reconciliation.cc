/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "endpoint-reconciliation.h"

#include "ns3/log.h"

#include <algorithm>
#include <deque>
#include <map>
#include <numeric>
#include <tuple>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("EndpointReconciliation");

EndpointReconciliation
ReconcileByEndpoints(const std::vector<SocketRecord>& records, EndpointMatching matching)
{
    NS_LOG_FUNCTION(records.size() << static_cast<int>(matching));
    // Flow: sender node, sender port, receiver node, receiver port.
    using Flow = std::tuple<uint32_t, uint16_t, uint32_t, uint16_t>;
    std::map<Flow, std::pair<std::vector<uint32_t>, std::vector<uint32_t>>> flows;
    for (uint32_t i = 0; i < records.size(); ++i)
    {
        const auto& r = records[i];
        if (r.send)
        {
            flows[{r.node, r.localPort, r.peer, r.peerPort}].first.push_back(i);
        }
        else
        {
            flows[{r.peer, r.peerPort, r.node, r.localPort}].second.push_back(i);
        }
    }
    auto byClock = [&](uint32_t a, uint32_t b) {
        return std::make_pair(records[a].localTs, a) < std::make_pair(records[b].localTs, b);
    };
    std::vector<std::pair<int64_t, int64_t>> pairs; // (send record, receive record)
    for (auto& [flow, io] : flows)
    {
        auto& [sends, recvs] = io;
        std::sort(sends.begin(), sends.end(), byClock);
        std::sort(recvs.begin(), recvs.end(), byClock);
        std::vector<bool> used(sends.size(), false);
        if (matching == EndpointMatching::FIFO)
        {
            std::size_t k = 0;
            for (; k < sends.size() && k < recvs.size(); ++k)
            {
                pairs.push_back({sends[k], recvs[k]});
                used[k] = true;
            }
            for (; k < recvs.size(); ++k)
            {
                pairs.push_back({-1, recvs[k]});
            }
        }
        else
        {
            // Unmatched sends per fingerprint (nullopt: no fingerprint), in send order.
            std::map<std::optional<uint64_t>, std::deque<std::size_t>> open;
            for (std::size_t k = 0; k < sends.size(); ++k)
            {
                open[records[sends[k]].fingerprint].push_back(k);
            }
            for (uint32_t rv : recvs)
            {
                auto it = open.find(records[rv].fingerprint);
                if (it == open.end() || it->second.empty())
                {
                    pairs.push_back({-1, rv});
                    continue;
                }
                std::size_t k = it->second.front();
                it->second.pop_front();
                used[k] = true;
                pairs.push_back({sends[k], rv});
            }
        }
        for (std::size_t k = 0; k < sends.size(); ++k)
        {
            if (!used[k])
            {
                pairs.push_back({sends[k], -1});
            }
        }
    }
    // Order of the first record.
    auto first = [](const std::pair<int64_t, int64_t>& p) {
        if (p.first < 0)
        {
            return p.second;
        }
        return p.second < 0 ? p.first : std::min(p.first, p.second);
    };
    std::sort(pairs.begin(), pairs.end(), [&](const auto& a, const auto& b) {
        return first(a) < first(b);
    });
    EndpointReconciliation out;
    for (const auto& [s, r] : pairs)
    {
        TraceMessage m;
        if (s >= 0)
        {
            const auto& rec = records[s];
            m.sender = rec.node;
            m.receiver = rec.peer;
            m.senderPort = rec.localPort;
            m.receiverPort = rec.peerPort;
            m.sendTs = rec.localTs;
            m.id = rec.truthId;
        }
        if (r >= 0)
        {
            const auto& rec = records[r];
            m.sender = rec.peer;
            m.receiver = rec.node;
            m.senderPort = rec.peerPort;
            m.receiverPort = rec.localPort;
            m.recvTs = rec.localTs;
            if (s < 0)
            {
                m.id = rec.truthId;
            }
        }
        out.messages.push_back(m);
        out.sendRecord.push_back(s);
        out.recvRecord.push_back(r);
    }
    return out;
}

EndpointReconciliationScore
ScoreEndpointReconciliation(const std::vector<SocketRecord>& records,
                            const EndpointReconciliation& result)
{
    EndpointReconciliationScore s;
    for (std::size_t k = 0; k < result.messages.size(); ++k)
    {
        s.messages++;
        int64_t a = result.sendRecord[k];
        int64_t b = result.recvRecord[k];
        if (a >= 0 && b >= 0)
        {
            s.matched++;
            s.correct += records[a].truthId == records[b].truthId ? 1 : 0;
        }
        else if (a >= 0)
        {
            s.sendOnly++;
        }
        else
        {
            s.receiveOnly++;
        }
    }
    s.accuracy = s.matched ? double(s.correct) / s.matched : 1.0;
    return s;
}

std::vector<SocketRecord>
SplitIntoRecords(const std::vector<TraceMessage>& trace, bool fingerprints)
{
    std::vector<SocketRecord> out;
    for (const auto& m : trace)
    {
        if (m.sendTs)
        {
            SocketRecord r;
            r.node = m.sender;
            r.send = true;
            r.localTs = *m.sendTs;
            r.peer = m.receiver;
            r.localPort = m.senderPort;
            r.peerPort = m.receiverPort;
            r.truthId = m.id;
            if (fingerprints)
            {
                r.fingerprint = m.id;
            }
            out.push_back(r);
        }
    }
    for (const auto& m : trace)
    {
        if (m.recvTs)
        {
            SocketRecord r;
            r.node = m.receiver;
            r.send = false;
            r.localTs = *m.recvTs;
            r.peer = m.sender;
            r.localPort = m.receiverPort;
            r.peerPort = m.senderPort;
            r.truthId = m.id;
            if (fingerprints)
            {
                r.fingerprint = m.id;
            }
            out.push_back(r);
        }
    }
    return out;
}

} // namespace ns3
