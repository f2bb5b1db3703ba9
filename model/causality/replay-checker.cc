/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "replay-checker.h"

#include <map>
#include <random>
#include <sstream>

namespace ns3
{

bool
ReplayChecker::HappenedBefore(const CausalEvent& e, const CausalEvent& f)
{
    if (e.id == f.id)
    {
        return false;
    }
    uint32_t p = e.process;
    return e.stamp.vector.GetEntries()[p] <= f.stamp.vector.GetEntries()[p];
}

namespace
{

/** Record one application of a property. */
void
Tally(PropertyCount& count, bool holds, uint64_t e, uint64_t f, uint32_t maxExamples)
{
    ++count.applicable;
    if (!holds)
    {
        ++count.violations;
        if (count.examples.size() < maxExamples)
        {
            count.examples.emplace_back(e, f);
        }
    }
}

/** State shared by the per-pair checks. */
struct PairChecker
{
    const std::vector<CausalEvent>& log;   //!< events
    const ReplayCheckerOptions& options;   //!< settings
    const std::vector<int64_t>& maxPastPt; //!< largest pt in each event's causal past
    ReplayCheckerReport& report;           //!< output

    /** Directed checks for e then f (e != f). */
    void Directed(const CausalEvent& e, const CausalEvent& f, bool hb, bool concurrent)
    {
        const int64_t E = options.skewBound.GetTimeStep();
        const int64_t I = options.interval.GetTimeStep();
        const uint32_t k = options.maxExamples;
        if (e.stamp.repcl && f.stamp.repcl)
        {
            CausalOrder r = ReplayClock::Compare(*e.stamp.repcl, *f.stamp.repcl);
            if (hb)
            {
                Tally(report.repclHb, r == CausalOrder::BEFORE, e.id, f.id, k);
            }
            if (f.pt.GetTimeStep() > e.pt.GetTimeStep() + E + I)
            {
                Tally(report.repclFar, r == CausalOrder::BEFORE, e.id, f.id, k);
            }
            if (concurrent && r == CausalOrder::BEFORE)
            {
                Tally(report.repclOnlyIfJustified,
                      maxPastPt[f.id] > e.pt.GetTimeStep() + E,
                      e.id,
                      f.id,
                      k);
            }
            if (f.pt.GetTimeStep() > e.pt.GetTimeStep() + 2 * E + I)
            {
                Tally(report.repclFarDoubleSkew, r == CausalOrder::BEFORE, e.id, f.id, k);
            }
            if (maxPastPt[f.id] > maxPastPt[e.id] + E + I)
            {
                Tally(report.repclFarKnown, r == CausalOrder::BEFORE, e.id, f.id, k);
            }
        }
        if (e.stamp.hlc && f.stamp.hlc && hb)
        {
            Tally(report.hlcHb,
                  HybridLogicalClock::Compare(*e.stamp.hlc, *f.stamp.hlc) == CausalOrder::BEFORE,
                  e.id,
                  f.id,
                  k);
        }
        if (e.stamp.hvc && f.stamp.hvc)
        {
            CausalOrder h = HybridVectorClock::Compare(*e.stamp.hvc, *f.stamp.hvc);
            if (hb)
            {
                Tally(report.hvcHb, h == CausalOrder::BEFORE, e.id, f.id, k);
            }
            if (concurrent && h == CausalOrder::BEFORE)
            {
                bool explained =
                    maxPastPt[f.id] >= e.pt.GetTimeStep() + options.hvcEpsilon.GetTimeStep();
                Tally(report.hvcOnlyIfHb, explained, e.id, f.id, k);
            }
        }
        if (hb)
        {
            Tally(report.lamportHb,
                  LamportClock::Compare(e.stamp.lamport, f.stamp.lamport) == CausalOrder::BEFORE,
                  e.id,
                  f.id,
                  k);
        }
    }

    /** All checks for the unordered pair {a, b}. */
    void Pair(const CausalEvent& a, const CausalEvent& b)
    {
        ++report.pairsExamined;
        bool ab = ReplayChecker::HappenedBefore(a, b);
        bool ba = ReplayChecker::HappenedBefore(b, a);
        bool concurrent = !ab && !ba;
        Directed(a, b, ab, concurrent);
        Directed(b, a, ba, concurrent);
        if (!concurrent)
        {
            return;
        }
        ++report.concurrentPairs;
        const int64_t E = options.skewBound.GetTimeStep();
        const int64_t I = options.interval.GetTimeStep();
        auto ordered = [](CausalOrder o) {
            return o == CausalOrder::BEFORE || o == CausalOrder::AFTER;
        };
        if (a.stamp.repcl && b.stamp.repcl)
        {
            bool forced = ordered(ReplayClock::Compare(*a.stamp.repcl, *b.stamp.repcl));
            report.repclForced += forced ? 1 : 0;
            int64_t gap = std::llabs(a.pt.GetTimeStep() - b.pt.GetTimeStep());
            if (gap <= E - I)
            {
                Tally(report.repclClose, !forced, a.id, b.id, options.maxExamples);
            }
            if (std::llabs(maxPastPt[a.id] - maxPastPt[b.id]) <= E - I)
            {
                Tally(report.repclCloseKnown, !forced, a.id, b.id, options.maxExamples);
            }
        }
        if (a.stamp.hlc && b.stamp.hlc)
        {
            report.hlcForced +=
                ordered(HybridLogicalClock::Compare(*a.stamp.hlc, *b.stamp.hlc)) ? 1 : 0;
        }
        if (a.stamp.hvc && b.stamp.hvc)
        {
            report.hvcForced +=
                ordered(HybridVectorClock::Compare(*a.stamp.hvc, *b.stamp.hvc)) ? 1 : 0;
        }
        report.lamportForced +=
            ordered(LamportClock::Compare(a.stamp.lamport, b.stamp.lamport)) ? 1 : 0;
    }
};

} // namespace

ReplayCheckerReport
ReplayChecker::Check(const std::vector<CausalEvent>& log, const ReplayCheckerOptions& options)
{
    ReplayCheckerReport report;
    report.events = log.size();
    // Largest pt in each event's causal past (the log order is a linearization of hb).
    std::vector<int64_t> maxPast(log.size(), INT64_MIN);
    std::map<uint32_t, int64_t> lastOnProcess;
    std::map<uint64_t, int64_t> atSend;
    for (const auto& e : log)
    {
        int64_t m = e.pt.GetTimeStep();
        auto it = lastOnProcess.find(e.process);
        if (it != lastOnProcess.end())
        {
            m = std::max(m, it->second);
        }
        if (e.kind == CausalEventKind::RECEIVE)
        {
            auto s = atSend.find(e.messageId);
            if (s != atSend.end())
            {
                m = std::max(m, s->second);
            }
        }
        if (e.kind == CausalEventKind::SEND)
        {
            atSend[e.messageId] = m;
        }
        lastOnProcess[e.process] = m;
        maxPast[e.id] = m;
    }
    PairChecker checker{log, options, maxPast, report};
    if (log.size() <= options.exactLimit)
    {
        for (std::size_t i = 0; i < log.size(); ++i)
        {
            for (std::size_t j = i + 1; j < log.size(); ++j)
            {
                checker.Pair(log[i], log[j]);
            }
        }
    }
    else
    {
        report.sampled = true;
        std::mt19937_64 rng(options.seed);
        std::uniform_int_distribution<std::size_t> pick(0, log.size() - 1);
        for (uint64_t s = 0; s < options.samplePairs; ++s)
        {
            std::size_t i = pick(rng);
            std::size_t j = pick(rng);
            if (i == j)
            {
                continue;
            }
            checker.Pair(log[i], log[j]);
        }
    }
    return report;
}

std::string
ReplayCheckerReport::Summary() const
{
    std::ostringstream os;
    auto line = [&os](const char* name, const PropertyCount& c) {
        os << name << ": " << c.violations << " violations in " << c.applicable
           << " applicable pairs";
        for (const auto& [e, f] : c.examples)
        {
            os << " (" << e << "," << f << ")";
        }
        os << "\n";
    };
    os << "events " << events << ", pairs " << pairsExamined << (sampled ? " (sampled)" : "")
       << ", concurrent " << concurrentPairs << "\n";
    line("RepCl requirement 1 (hb => <)", repclHb);
    line("RepCl requirement 2 (pt.f > pt.e + E + I => <)", repclFar);
    line("RepCl requirement 3 (concurrent, |pt.e - pt.f| <= E - I => ||)", repclClose);
    line("RepCl requirement 2 with margin 2E + I (pt.f > pt.e + 2E + I => <)", repclFarDoubleSkew);
    line("RepCl requirement 2, thesis form (mxph.f > mxph.e + E + I => <)", repclFarKnown);
    line("RepCl requirement 3, thesis form (concurrent, |mxph.e - mxph.f| <= E - I => ||)",
         repclCloseKnown);
    line("RepCl orders concurrent e < f only if f knew a clock > pt.e + E", repclOnlyIfJustified);
    line("HLC (hb => <)", hlcHb);
    line("HVC (hb => <)", hvcHb);
    line("HVC (< between concurrent events => f saw a clock >= pt.e + eps)", hvcOnlyIfHb);
    line("Lamport (hb => <)", lamportHb);
    os << "forced orderings of concurrent pairs: RepCl " << repclForced << ", HVC " << hvcForced
       << ", HLC " << hlcForced << ", Lamport " << lamportForced << "\n";
    for (const auto& note : notes)
    {
        os << "note: " << note << "\n";
    }
    return os.str();
}

} // namespace ns3
