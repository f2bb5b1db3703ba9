/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "relation-graph.h"

#include "ns3/chronometry-validation.h"
#include "ns3/log.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("RelationGraph");

namespace relation
{

RelationGraph::RelationGraph(uint32_t nodes)
    : m_nodes(nodes),
      m_maxHops(nodes > 1 ? nodes - 1 : 1)
{
    chronometry::RequireDoubleInRange("RelationGraph nodes", nodes, 2, 65536, "");
    m_index.assign(static_cast<std::size_t>(nodes) * nodes, -1);
}

uint32_t
RelationGraph::GetNNodes() const
{
    return m_nodes;
}

void
RelationGraph::SetMaxHops(uint32_t hops)
{
    chronometry::RequireDoubleInRange("RelationGraph::SetMaxHops hops", hops, 1, m_nodes, "");
    m_maxHops = hops;
}

uint32_t
RelationGraph::GetMaxHops() const
{
    return m_maxHops;
}

void
RelationGraph::RequireNode(uint32_t node, const char* what) const
{
    if (node >= m_nodes)
    {
        chronometry::ReportConfigError(std::string("RelationGraph: ") + what + " = " +
                                       std::to_string(node) + " is invalid; valid range: [0, " +
                                       std::to_string(m_nodes - 1) + "]");
    }
}

void
RelationGraph::AddRelation(uint32_t reference, uint32_t peer, const TscRelation& relation)
{
    NS_LOG_FUNCTION(this << reference << peer);
    RequireNode(reference, "reference");
    RequireNode(peer, "peer");
    if (reference == peer)
    {
        chronometry::ReportConfigError(
            "RelationGraph::AddRelation: reference and peer must differ");
    }
    int32_t& slot = m_index[static_cast<std::size_t>(reference) * m_nodes + peer];
    Edge e{reference, peer, relation};
    if (slot >= 0)
    {
        m_edges[slot] = e;
    }
    else
    {
        slot = static_cast<int32_t>(m_edges.size());
        m_edges.push_back(e);
    }
}

void
RelationGraph::AddRelation(uint32_t reference, uint32_t peer, const MultiRoundRelation& relation)
{
    NS_LOG_FUNCTION(this << reference << peer);
    RequireNode(reference, "reference");
    RequireNode(peer, "peer");
    if (reference == peer)
    {
        chronometry::ReportConfigError(
            "RelationGraph::AddRelation: reference and peer must differ");
    }
    if (relation.GetFitStatus() != MultiRoundRelation::OK)
    {
        chronometry::ReportConfigError(
            "RelationGraph::AddRelation: the MultiRoundRelation must be fitted (Fit() true)");
    }
    int32_t& slot = m_index[static_cast<std::size_t>(reference) * m_nodes + peer];
    Edge e{reference, peer, relation};
    if (slot >= 0)
    {
        m_edges[slot] = e;
    }
    else
    {
        slot = static_cast<int32_t>(m_edges.size());
        m_edges.push_back(e);
    }
}

bool
RelationGraph::HasRelation(uint32_t reference, uint32_t peer) const
{
    return Find(reference, peer) != nullptr;
}

std::size_t
RelationGraph::GetNRelations() const
{
    return m_edges.size();
}

const RelationGraph::Edge*
RelationGraph::Find(uint32_t reference, uint32_t peer) const
{
    if (reference >= m_nodes || peer >= m_nodes)
    {
        return nullptr;
    }
    int32_t i = m_index[static_cast<std::size_t>(reference) * m_nodes + peer];
    return i < 0 ? nullptr : &m_edges[i];
}

PointEstimate
RelationGraph::Hop(const Edge& e, const PointEstimate& in)
{
    double eps = in.bound;
    if (const auto* t = std::get_if<TscRelation>(&e.relation))
    {
        PointEstimate out = t->Translate(in.value);
        double x = in.value.Minus(t->GetPeerReference());
        // |A(b_hat) - A(b)| <= (chord slope bound + wander slope deviation) |b_hat - b|
        double rate = t->GetRatioUpper() + t->SlopeDeviation(x - eps, x + eps);
        out.bound += rate * eps;
        return out;
    }
    const auto& m = std::get<MultiRoundRelation>(e.relation);
    PointEstimate out = m.Translate(in.value);
    Interval r = m.SlopeRangeOver(in.value.base, in.value.offset - eps, in.value.offset + eps);
    out.bound += std::max(std::abs(r.lo), std::abs(r.hi)) * eps;
    return out;
}

Interval
RelationGraph::Scale(const Edge& e, const PointEstimate& start, const Interval& d)
{
    // the start's true position is within start.bound of its estimate: the wander's
    // slope deviation is taken over every position the duration can cover
    const double eps = start.bound;
    Interval r;
    if (const auto* t = std::get_if<TscRelation>(&e.relation))
    {
        double x = start.value.Minus(t->GetPeerReference());
        double dev =
            t->SlopeDeviation(x - eps + std::min(0.0, d.lo), x + eps + std::max(0.0, d.hi));
        double dr = t->GetRatioBound() + dev;
        r = Interval{t->GetRatio() - dr, t->GetRatio() + dr};
    }
    else
    {
        const auto& m = std::get<MultiRoundRelation>(e.relation);
        r = m.SlopeRangeOver(start.value.base,
                             start.value.offset - eps + std::min(0.0, d.lo),
                             start.value.offset + eps + std::max(0.0, d.hi));
    }
    double p[4] = {d.lo * r.lo, d.lo * r.hi, d.hi * r.lo, d.hi * r.hi};
    return Interval{*std::min_element(p, p + 4), *std::max_element(p, p + 4)};
}

TickPoint
RelationGraph::PeerMiddle(const Edge& e)
{
    if (const auto* t = std::get_if<TscRelation>(&e.relation))
    {
        return TickPoint{t->GetPeerReference(), 0.5 * t->GetPeerWindow()};
    }
    const auto& m = std::get<MultiRoundRelation>(e.relation);
    return TickPoint{m.GetPeerAnchor(), m.GetPeerSpan().Mid()};
}

RelationGraph::PathEstimate
RelationGraph::TranslateAlong(const std::vector<uint32_t>& path, const TickPoint& tick) const
{
    PathEstimate out;
    if (path.empty())
    {
        return out;
    }
    PointEstimate cur{tick, 0};
    for (std::size_t i = 1; i < path.size(); ++i)
    {
        const Edge* e = Find(path[i], path[i - 1]);
        if (e == nullptr)
        {
            return out;
        }
        cur = Hop(*e, cur);
    }
    out.found = true;
    out.estimate = cur;
    out.path = path;
    return out;
}

RelationGraph::PathEstimate
RelationGraph::TranslateBest(uint32_t from, const TickPoint& tick, uint32_t to) const
{
    NS_LOG_FUNCTION(this << from << to);
    RequireNode(from, "from");
    RequireNode(to, "to");
    PathEstimate out;
    std::vector<Label> labels(m_nodes);
    labels[from].set = true;
    labels[from].estimate = PointEstimate{tick, 0};
    labels[from].path = {from};
    if (from == to)
    {
        out.found = true;
        out.estimate = labels[from].estimate;
        out.path = labels[from].path;
        return out;
    }
    // Bellman-Ford, one edge more per pass (labels of the previous pass only)
    for (uint32_t pass = 0; pass < m_maxHops; ++pass)
    {
        std::vector<Label> next = labels;
        bool changed = false;
        for (const auto& e : m_edges)
        {
            const Label& src = labels[e.peer];
            if (!src.set || e.reference == from)
            {
                continue;
            }
            PointEstimate cand = Hop(e, src.estimate);
            Label& dst = next[e.reference];
            if (!dst.set || cand.bound < dst.estimate.bound)
            {
                dst.set = true;
                dst.estimate = cand;
                dst.path = src.path;
                dst.path.push_back(e.reference);
                changed = true;
            }
        }
        labels.swap(next);
        if (!changed)
        {
            break;
        }
    }
    if (labels[to].set)
    {
        out.found = true;
        out.estimate = labels[to].estimate;
        out.path = labels[to].path;
    }
    return out;
}

RelationGraph::CheckedEstimate
RelationGraph::Translate(uint32_t from, uint64_t tick, uint32_t to) const
{
    NS_LOG_FUNCTION(this << from << tick << to);
    CheckedEstimate out;
    TickPoint start{tick, 0};
    out.best = TranslateBest(from, start, to);
    if (!out.best.found)
    {
        return out;
    }
    out.tightened = out.best.estimate;
    if (from == to)
    {
        out.intervals = 1;
        return out;
    }
    const TickPoint base = out.best.estimate.value;
    auto interval = [&base](const PointEstimate& p) {
        double c = p.value.Minus(base);
        return Interval{c - p.bound, c + p.bound};
    };
    Interval all = interval(out.best.estimate);
    out.intervals = 1;
    auto add = [&](const PathEstimate& p) {
        if (p.found)
        {
            all = all.Intersect(interval(p.estimate));
            ++out.intervals;
        }
    };
    add(TranslateAlong({from, to}, start));
    for (uint32_t k = 0; k < m_nodes; ++k)
    {
        if (k != from && k != to && HasRelation(k, from) && HasRelation(to, k))
        {
            add(TranslateAlong({from, k, to}, start));
        }
    }
    if (all.IsEmpty())
    {
        out.consistent = false;
        NS_LOG_WARN("RelationGraph: inconsistent intervals translating " << from << " -> " << to);
        return out;
    }
    out.tightened = PointEstimate{base.Plus(all.Mid()), all.HalfWidth()};
    return out;
}

RelationGraph::DurationResult
RelationGraph::Duration(uint32_t reference,
                        uint32_t startNode,
                        uint64_t startTick,
                        uint32_t endNode,
                        uint64_t endTick) const
{
    NS_LOG_FUNCTION(this << reference << startNode << startTick << endNode << endTick);
    RequireNode(reference, "reference");
    DurationResult out;
    out.viaEnds.bound = -1;
    out.viaStart.bound = -1;
    // (1) both ends into the reference (Baseline / Scenario 2)
    CheckedEstimate s = Translate(startNode, startTick, reference);
    CheckedEstimate e = Translate(endNode, endTick, reference);
    Interval ends{0, -1};
    if (s.best.found && e.best.found)
    {
        double d = e.tightened.value.Minus(s.tightened.value);
        double b = e.tightened.bound + s.tightened.bound;
        // a reference-side end is an exact read: the truth is a difference of floors
        b += (startNode == reference ? 0 : 1) + (endNode == reference ? 0 : 1);
        ends = Interval{d - b, d + b};
        out.viaEnds = TickEstimate{d, b};
    }
    // (2) the end into the start node, then the duration scaled along the best
    // chain to the reference (Scenario 3 generalised)
    Interval viaStart{0, -1};
    CheckedEstimate endInStart = Translate(endNode, endTick, startNode);
    if (endInStart.best.found)
    {
        double d0 = endInStart.tightened.value.Minus(startTick);
        double b0 = endInStart.tightened.bound + 1.0; // the floor of startTick

        struct ScaleLabel
        {
            bool set{false};     //!< reached
            PointEstimate start; //!< the start event on this node
            Interval d;          //!< the duration's range on this node
        };

        std::vector<ScaleLabel> labels(m_nodes);
        labels[startNode] =
            ScaleLabel{true, PointEstimate{TickPoint{startTick, 0}, 0}, Interval{d0 - b0, d0 + b0}};
        for (uint32_t pass = 0; pass < m_maxHops && startNode != reference; ++pass)
        {
            std::vector<ScaleLabel> next = labels;
            bool changed = false;
            for (const auto& edge : m_edges)
            {
                const ScaleLabel& src = labels[edge.peer];
                if (!src.set || edge.reference == startNode)
                {
                    continue;
                }
                Interval d = Scale(edge, src.start, src.d);
                ScaleLabel& dst = next[edge.reference];
                if (!dst.set || d.HalfWidth() < dst.d.HalfWidth())
                {
                    dst = ScaleLabel{true, Hop(edge, src.start), d};
                    changed = true;
                }
            }
            labels.swap(next);
            if (!changed)
            {
                break;
            }
        }
        if (labels[reference].set)
        {
            Interval d = labels[reference].d;
            if (startNode != reference)
            {
                d = Interval{d.lo - 2, d.hi + 2}; // the floors of the reference's values
            }
            viaStart = d;
            out.viaStart = TickEstimate{d.Mid(), d.HalfWidth()};
        }
    }
    bool haveEnds = !ends.IsEmpty();
    bool haveStart = !viaStart.IsEmpty();
    if (!haveEnds && !haveStart)
    {
        return out;
    }
    out.found = true;
    Interval best = !haveStart  ? ends
                    : !haveEnds ? viaStart
                                : (ends.HalfWidth() <= viaStart.HalfWidth() ? ends : viaStart);
    if (haveEnds && haveStart)
    {
        Interval both = ends.Intersect(viaStart);
        if (both.IsEmpty())
        {
            out.consistent = false;
        }
        else
        {
            best = both;
        }
    }
    out.estimate = TickEstimate{best.Mid(), best.HalfWidth()};
    return out;
}

RelationGraph::TriangleReport
RelationGraph::CheckTriangles() const
{
    NS_LOG_FUNCTION(this);
    TriangleReport report;
    for (const auto& ik : m_edges)
    {
        uint32_t i = ik.reference;
        uint32_t k = ik.peer;
        TickPoint c = PeerMiddle(ik);
        PointEstimate direct = Hop(ik, PointEstimate{c, 0});
        for (uint32_t j = 0; j < m_nodes; ++j)
        {
            const Edge* ij = (j == i || j == k) ? nullptr : Find(i, j);
            const Edge* jk = ij ? Find(j, k) : nullptr;
            if (jk == nullptr)
            {
                continue;
            }
            ++report.checked;
            PointEstimate chain = Hop(*ij, Hop(*jk, PointEstimate{c, 0}));
            double gap = std::abs(chain.value.Minus(direct.value));
            if (gap > chain.bound + direct.bound)
            {
                report.flagged.push_back({i, j, k});
            }
        }
    }
    return report;
}

} // namespace relation
} // namespace ns3
