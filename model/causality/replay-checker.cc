/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "replay-checker.h"

#include "ns3/chronometry-validation.h"
#include "ns3/log.h"

#include <algorithm>
#include <optional>
#include <random>
#include <sstream>
#include <unordered_map>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("ReplayChecker");

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

/** The properties the checker tallies. */
enum Property
{
    REPCL_HB,
    REPCL_FAR,
    REPCL_CLOSE,
    REPCL_FAR_KNOWN,
    REPCL_CLOSE_KNOWN,
    REPCL_FAR_DOUBLE_SKEW,
    REPCL_ONLY_IF_JUSTIFIED,
    HLC_HB,
    HVC_HB,
    HVC_ONLY_IF_HB,
    LAMPORT_HB,
    PROPERTY_COUNT
};

/**
 * The examples of one property: the violations that come first in the order of the pair
 * enumeration (a key per violation), whatever order the pairs are evaluated in.
 */
class ExampleCollector
{
  public:
    /**
     * \param key the violation's place in the enumeration (pair ordinal x 3 + phase)
     * \param e first event id
     * \param f second event id
     * \param max examples kept
     */
    void Offer(uint64_t key, uint64_t e, uint64_t f, uint32_t max)
    {
        if (max == 0)
        {
            return;
        }
        if (m_kept.size() < max)
        {
            m_kept.push_back(Example{key, e, f});
            return;
        }
        auto last =
            std::max_element(m_kept.begin(), m_kept.end(), [](const Example& a, const Example& b) {
                return a.key < b.key;
            });
        if (key < last->key)
        {
            *last = Example{key, e, f};
        }
    }

    /** \param count receives the examples in enumeration order */
    void Finish(PropertyCount& count)
    {
        std::sort(m_kept.begin(), m_kept.end(), [](const Example& a, const Example& b) {
            return a.key < b.key;
        });
        count.examples.clear();
        for (const auto& x : m_kept)
        {
            count.examples.emplace_back(x.e, x.f);
        }
    }

  private:
    /** One kept violation. */
    struct Example
    {
        uint64_t key; //!< enumeration order
        uint64_t e;   //!< first event
        uint64_t f;   //!< second event
    };

    std::vector<Example> m_kept; //!< at most max
};

/** What the pair checks need of one event. */
struct StampView
{
    uint64_t id;                   //!< event id
    int64_t pt;                    //!< physical time, time steps
    int64_t maxPast;               //!< largest pt in the causal past
    const LamportClock* lamport;   //!< Lamport
    const HybridLogicalClock* hlc; //!< HLC or null
    const HybridVectorClock* hvc;  //!< HVC or null
    const ReplayClock* repcl;      //!< RepCl or null
};

/**
 * \param e an event
 * \param maxPast the largest pt of its causal past
 * \return its view
 */
StampView
ViewOf(const CausalEvent& e, int64_t maxPast)
{
    return StampView{e.id,
                     e.pt.GetTimeStep(),
                     maxPast,
                     &e.stamp.lamport,
                     e.stamp.hlc ? &*e.stamp.hlc : nullptr,
                     e.stamp.hvc ? &*e.stamp.hvc : nullptr,
                     e.stamp.repcl ? &*e.stamp.repcl : nullptr};
}

/** The per-pair checks and their tallies. */
class PairChecker
{
  public:
    /**
     * \param options settings
     * \param report output
     */
    PairChecker(const ReplayCheckerOptions& options, ReplayCheckerReport& report)
        : m_options(options),
          m_report(report),
          m_counts{&report.repclHb,
                   &report.repclFar,
                   &report.repclClose,
                   &report.repclFarKnown,
                   &report.repclCloseKnown,
                   &report.repclFarDoubleSkew,
                   &report.repclOnlyIfJustified,
                   &report.hlcHb,
                   &report.hvcHb,
                   &report.hvcOnlyIfHb,
                   &report.lamportHb}
    {
    }

    /**
     * All checks for the unordered pair {a, b}.
     * \param a one event
     * \param b another
     * \param ab whether a happened before b
     * \param ba whether b happened before a
     * \param ordinal the pair's place in the enumeration (orders the examples)
     */
    void Pair(const StampView& a, const StampView& b, bool ab, bool ba, uint64_t ordinal)
    {
        ++m_report.pairsExamined;
        bool concurrent = !ab && !ba;
        // Each clock's comparison once per pair: every Compare is a partial order's, so the
        // other direction is its mirror (the reference checker in the tests compares both
        // directions independently and must agree).
        Orders ab3;
        ab3.repcl =
            a.repcl && b.repcl ? ReplayClock::Compare(*a.repcl, *b.repcl) : CausalOrder::CONCURRENT;
        ab3.hvc =
            a.hvc && b.hvc ? HybridVectorClock::Compare(*a.hvc, *b.hvc) : CausalOrder::CONCURRENT;
        ab3.hlc =
            a.hlc && b.hlc ? HybridLogicalClock::Compare(*a.hlc, *b.hlc) : CausalOrder::CONCURRENT;
        ab3.lamport = LamportClock::Compare(*a.lamport, *b.lamport);
        Directed(a, b, ab, concurrent, ordinal * 3, ab3);
        Directed(b, a, ba, concurrent, ordinal * 3 + 1, ab3.Mirrored());
        if (!concurrent)
        {
            return;
        }
        ++m_report.concurrentPairs;
        const int64_t E = m_options.skewBound.GetTimeStep();
        const int64_t I = m_options.interval.GetTimeStep();
        const uint64_t key = ordinal * 3 + 2;
        auto ordered = [](CausalOrder o) {
            return o == CausalOrder::BEFORE || o == CausalOrder::AFTER;
        };
        if (a.repcl && b.repcl)
        {
            bool forced = ordered(ab3.repcl);
            m_report.repclForced += forced ? 1 : 0;
            int64_t gap = std::llabs(a.pt - b.pt);
            if (gap <= E - I)
            {
                Tally(REPCL_CLOSE, !forced, a.id, b.id, key);
            }
            if (std::llabs(a.maxPast - b.maxPast) <= E - I)
            {
                Tally(REPCL_CLOSE_KNOWN, !forced, a.id, b.id, key);
            }
        }
        if (a.hlc && b.hlc)
        {
            m_report.hlcForced += ordered(ab3.hlc) ? 1 : 0;
        }
        if (a.hvc && b.hvc)
        {
            m_report.hvcForced += ordered(ab3.hvc) ? 1 : 0;
        }
        m_report.lamportForced += ordered(ab3.lamport) ? 1 : 0;
    }

    /** Write the examples into the report. */
    void Finish()
    {
        for (int p = 0; p < PROPERTY_COUNT; ++p)
        {
            m_examples[p].Finish(*m_counts[p]);
        }
    }

  private:
    /** Each clock's comparison of one event with another. */
    struct Orders
    {
        CausalOrder repcl;   //!< RepCl (when both have one)
        CausalOrder hvc;     //!< HVC (when both have one)
        CausalOrder hlc;     //!< HLC (when both have one)
        CausalOrder lamport; //!< Lamport

        /** \return the comparisons of the other event with the first */
        Orders Mirrored() const
        {
            return Orders{Mirror(repcl), Mirror(hvc), Mirror(hlc), Mirror(lamport)};
        }

        /**
         * \param o a comparison of a with b
         * \return the comparison of b with a
         */
        static CausalOrder Mirror(CausalOrder o)
        {
            return o == CausalOrder::BEFORE  ? CausalOrder::AFTER
                   : o == CausalOrder::AFTER ? CausalOrder::BEFORE
                                             : o;
        }
    };

    /**
     * Record one application of a property.
     * \param property which
     * \param holds whether the pair satisfies it
     * \param e first event id
     * \param f second event id
     * \param key the place of this check in the enumeration
     */
    void Tally(Property property, bool holds, uint64_t e, uint64_t f, uint64_t key)
    {
        PropertyCount& count = *m_counts[property];
        ++count.applicable;
        if (!holds)
        {
            ++count.violations;
            m_examples[property].Offer(key, e, f, m_options.maxExamples);
        }
    }

    /**
     * Directed checks for e then f (e != f).
     * \param e the first event
     * \param f the second
     * \param hb whether e happened before f
     * \param concurrent whether neither happened before the other
     * \param key the place of these checks in the enumeration
     * \param orders each clock's comparison of e with f
     */
    void Directed(const StampView& e,
                  const StampView& f,
                  bool hb,
                  bool concurrent,
                  uint64_t key,
                  const Orders& orders)
    {
        const int64_t E = m_options.skewBound.GetTimeStep();
        const int64_t I = m_options.interval.GetTimeStep();
        if (e.repcl && f.repcl)
        {
            const CausalOrder r = orders.repcl;
            if (hb)
            {
                Tally(REPCL_HB, r == CausalOrder::BEFORE, e.id, f.id, key);
            }
            if (f.pt > e.pt + E + I)
            {
                Tally(REPCL_FAR, r == CausalOrder::BEFORE, e.id, f.id, key);
            }
            if (concurrent && r == CausalOrder::BEFORE)
            {
                Tally(REPCL_ONLY_IF_JUSTIFIED, f.maxPast > e.pt + E, e.id, f.id, key);
            }
            if (f.pt > e.pt + 2 * E + I)
            {
                Tally(REPCL_FAR_DOUBLE_SKEW, r == CausalOrder::BEFORE, e.id, f.id, key);
            }
            if (f.maxPast > e.maxPast + E + I)
            {
                Tally(REPCL_FAR_KNOWN, r == CausalOrder::BEFORE, e.id, f.id, key);
            }
        }
        if (e.hlc && f.hlc && hb)
        {
            Tally(HLC_HB, orders.hlc == CausalOrder::BEFORE, e.id, f.id, key);
        }
        if (e.hvc && f.hvc)
        {
            const CausalOrder h = orders.hvc;
            if (hb)
            {
                Tally(HVC_HB, h == CausalOrder::BEFORE, e.id, f.id, key);
            }
            if (concurrent && h == CausalOrder::BEFORE)
            {
                bool explained = f.maxPast >= e.pt + m_options.hvcSkewBound.GetTimeStep();
                Tally(HVC_ONLY_IF_HB, explained, e.id, f.id, key);
            }
        }
        if (hb)
        {
            Tally(LAMPORT_HB, orders.lamport == CausalOrder::BEFORE, e.id, f.id, key);
        }
    }

    const ReplayCheckerOptions& m_options;       //!< settings
    ReplayCheckerReport& m_report;               //!< output
    PropertyCount* m_counts[PROPERTY_COUNT];     //!< the report's tallies, by property
    ExampleCollector m_examples[PROPERTY_COUNT]; //!< examples, by property
};

/**
 * Largest pt in each event's causal past, in one pass over the log order (a linearization of
 * happened-before): the latest on the same process, and at a receive the value at the latest
 * send of the same message id.
 */
class MaxPastTracker
{
  public:
    /**
     * \param process the event's process
     * \param kind its kind
     * \param messageId its message
     * \param pt its physical time, time steps
     * \return the largest pt of its causal past (itself included)
     */
    int64_t Next(uint32_t process, CausalEventKind kind, uint64_t messageId, int64_t pt)
    {
        if (process >= m_lastOnProcess.size())
        {
            m_lastOnProcess.resize(process + 1, INT64_MIN);
        }
        int64_t m = std::max(pt, m_lastOnProcess[process]);
        if (kind == CausalEventKind::RECEIVE)
        {
            auto s = m_atSend.find(messageId);
            if (s != m_atSend.end())
            {
                m = std::max(m, s->second);
            }
        }
        if (kind == CausalEventKind::SEND)
        {
            m_atSend[messageId] = m;
        }
        m_lastOnProcess[process] = m;
        return m;
    }

  private:
    std::vector<int64_t> m_lastOnProcess;           //!< per process (INT64_MIN: none)
    std::unordered_map<uint64_t, int64_t> m_atSend; //!< per message id
};

/**
 * The sampled pairs: samplePairs draws of two event indices (seeded), equal draws skipped.
 * \param events the number of events (> 0)
 * \param options the seed and the number of draws
 * \return the pairs, in draw order
 */
std::vector<std::pair<uint64_t, uint64_t>>
DrawPairs(uint64_t events, const ReplayCheckerOptions& options)
{
    std::vector<std::pair<uint64_t, uint64_t>> pairs;
    std::mt19937_64 rng(options.seed);
    std::uniform_int_distribution<std::size_t> pick(0, events - 1);
    for (uint64_t s = 0; s < options.samplePairs; ++s)
    {
        std::size_t i = pick(rng);
        std::size_t j = pick(rng);
        if (i == j)
        {
            continue;
        }
        pairs.emplace_back(i, j);
    }
    return pairs;
}

/**
 * Group sampled pairs by their later event (a counting sort), so that a replay in log order
 * answers happened-before when it reaches that event.
 * \param events the number of events
 * \param pairs the pairs
 * \param firstAt set to: per event, its first pair in byLater (and one past the last)
 * \param byLater set to the pairs' indices, by later event
 * \param read set to: per event, whether a pair reads it
 */
void
GroupByLater(uint64_t events,
             const std::vector<std::pair<uint64_t, uint64_t>>& pairs,
             std::vector<uint64_t>& firstAt,
             std::vector<uint64_t>& byLater,
             std::vector<uint8_t>& read)
{
    firstAt.assign(events + 1, 0);
    read.assign(events, 0);
    for (const auto& [i, j] : pairs)
    {
        ++firstAt[std::max(i, j) + 1];
        read[i] = read[j] = 1;
    }
    for (uint64_t k = 0; k < events; ++k)
    {
        firstAt[k + 1] += firstAt[k];
    }
    byLater.resize(pairs.size());
    std::vector<uint64_t> fill(firstAt.begin(), firstAt.end() - 1);
    for (uint64_t s = 0; s < pairs.size(); ++s)
    {
        byLater[fill[std::max(pairs[s].first, pairs[s].second)]++] = s;
    }
}

/** The stamps a pair check reads, copied out of a replay (no vector clock). */
struct CheckedStamp
{
    LamportClock lamport;                  //!< Lamport
    std::optional<HybridLogicalClock> hlc; //!< HLC
    std::optional<HybridVectorClock> hvc;  //!< HVC
    std::optional<ReplayClock> repcl;      //!< RepCl
};

} // namespace

ReplayCheckerReport
ReplayChecker::Check(const std::vector<CausalEvent>& log, const ReplayCheckerOptions& options)
{
    if (!log.empty() && !log.front().stamp.runsVector)
    {
        chronometry::ReportConfigError(
            "ReplayChecker::Check: the log has no ground truth (its processes ran without "
            "vector clocks: CausalityConfig::vector / ns3::CausalityStamper::Vector = false)");
    }
    ReplayCheckerReport report;
    report.events = log.size();
    for (const auto& e : log)
    {
        if (e.stamp.repcl)
        {
            report.repclCounterRule = e.stamp.repcl->GetConfig().counterRule;
            break;
        }
    }
    std::vector<int64_t> maxPast(log.size(), INT64_MIN);
    MaxPastTracker tracker;
    for (const auto& e : log)
    {
        maxPast[e.id] = tracker.Next(e.process, e.kind, e.messageId, e.pt.GetTimeStep());
    }
    std::vector<StampView> views;
    views.reserve(log.size());
    for (const auto& e : log)
    {
        views.push_back(ViewOf(e, maxPast[e.id]));
    }
    PairChecker checker(options, report);
    if (log.size() <= options.exactLimit)
    {
        uint64_t ordinal = 0;
        for (std::size_t i = 0; i < log.size(); ++i)
        {
            for (std::size_t j = i + 1; j < log.size(); ++j)
            {
                checker.Pair(views[i],
                             views[j],
                             HappenedBefore(log[i], log[j]),
                             HappenedBefore(log[j], log[i]),
                             ordinal++);
            }
        }
    }
    else
    {
        report.sampled = true;
        auto pairs = DrawPairs(log.size(), options);
        for (uint64_t s = 0; s < pairs.size(); ++s)
        {
            const auto [i, j] = pairs[s];
            checker.Pair(views[i],
                         views[j],
                         HappenedBefore(log[i], log[j]),
                         HappenedBefore(log[j], log[i]),
                         s);
        }
    }
    checker.Finish();
    return report;
}

ReplayCheckerReport
ReplayChecker::Check(const CausalEventLog& log, const ReplayCheckerOptions& options)
{
    for (uint32_t p = 0; p < log.GetN(); ++p)
    {
        if (log.IsRegistered(p) && !log.GetConfig(p).vector)
        {
            chronometry::ReportConfigError(
                "ReplayChecker::Check: the log has no ground truth (process " + std::to_string(p) +
                " ran without vector clocks: CausalityConfig::vector / "
                "ns3::CausalityStamper::Vector = false)");
        }
    }
    if (log.GetOverrideCount() > 0)
    {
        // Stamps from outside the log may carry vector entries beyond its own events, so the
        // log order no longer settles "f before e": check the full events.
        return Check(log.Materialize(), options);
    }
    ReplayCheckerReport report;
    const uint64_t events = log.size();
    report.events = events;
    for (uint32_t p = 0; p < log.GetN(); ++p)
    {
        if (log.IsRegistered(p) && log.GetConfig(p).repcl)
        {
            report.repclCounterRule = log.GetConfig(p).replay.counterRule;
            break;
        }
    }
    const bool exact = events <= options.exactLimit;

    // Sampled pairs, drawn as over a vector of events, grouped by their later event (a
    // counting sort), so that the replay answers happened-before when it reaches it.
    std::vector<std::pair<uint64_t, uint64_t>> pairs;
    std::vector<uint64_t> firstAt;
    std::vector<uint64_t> byLater;
    std::vector<uint8_t> earlierHb;
    std::vector<uint8_t> read; // per event: whether a sampled pair reads it
    if (!exact)
    {
        report.sampled = true;
        pairs = DrawPairs(events, options);
        GroupByLater(events, pairs, firstAt, byLater, read);
        earlierHb.assign(pairs.size(), 0);
    }

    std::vector<uint32_t> process(events);
    std::vector<uint64_t> own(events);
    std::vector<StampView> views(events);
    // Stamps only of the events a pair reads (all, or the sampled pairs': about half at
    // n = 4,096); most of the checker's memory. Views point into it: reserved, not regrown.
    std::vector<CheckedStamp> stamps;
    stamps.reserve(exact ? events : std::count(read.begin(), read.end(), 1));
    MaxPastTracker tracker;
    PairChecker checker(options, report);
    CausalEventLog::Cursor cursor(log);
    while (cursor.Next())
    {
        const CausalEvent& e = cursor.Current();
        const uint64_t j = e.id;
        const int64_t maxPast = tracker.Next(e.process, e.kind, e.messageId, e.pt.GetTimeStep());
        const std::vector<uint64_t>& vector = e.stamp.vector.GetEntries();
        process[j] = e.process;
        own[j] = vector[e.process];
        if (exact || read[j])
        {
            const CheckedStamp& c = stamps.emplace_back(
                CheckedStamp{e.stamp.lamport, e.stamp.hlc, e.stamp.hvc, e.stamp.repcl});
            views[j] = StampView{j,
                                 e.pt.GetTimeStep(),
                                 maxPast,
                                 &c.lamport,
                                 c.hlc ? &*c.hlc : nullptr,
                                 c.hvc ? &*c.hvc : nullptr,
                                 c.repcl ? &*c.repcl : nullptr};
        }
        // i hb j <=> vc.i[p.i] <= vc.j[p.i]; j hb i is impossible for i logged before j.
        if (exact)
        {
            // The ordinal of pair (i, j), i < j, in the enumeration i = 0.., j = i + 1..
            const uint64_t n = events;
            for (uint64_t i = 0; i < j; ++i)
            {
                const uint64_t ordinal = i * (2 * n - i - 1) / 2 + (j - i - 1);
                checker.Pair(views[i], views[j], own[i] <= vector[process[i]], false, ordinal);
            }
        }
        else
        {
            for (uint64_t k = firstAt[j]; k < firstAt[j + 1]; ++k)
            {
                const uint64_t s = byLater[k];
                const uint64_t i = std::min(pairs[s].first, pairs[s].second);
                earlierHb[s] = own[i] <= vector[process[i]] ? 1 : 0;
            }
        }
    }
    if (!exact)
    {
        for (uint64_t s = 0; s < pairs.size(); ++s)
        {
            const auto [i, j] = pairs[s];
            const bool hb = earlierHb[s] != 0;
            checker.Pair(views[i], views[j], i < j && hb, j < i && hb, s);
        }
    }
    checker.Finish();
    return report;
}

std::string
ReplayCheckerReport::Summary() const
{
    // Violations a correct run shows, and where doc/causality.rst explains them.
    const bool published = repclCounterRule == ReplayCounterRule::PUBLISHED;
    const bool epochCounts = repclCounterRule == ReplayCounterRule::EPOCH_COUNTS;
    const char* const none = nullptr;
    const char* const publishedRule =
        "expected for the published rule; see doc/causality.rst, \"Findings\"";
    const char* const ptForm = "expected with either counter rule: the pt form lacks the 2E + I "
                               "margin; see doc/causality.rst, \"Findings\"";
    const char* const provedOrders = "expected: each an ordering synchronization proves; see "
                                     "doc/causality.rst, \"Corrected variant\"";
    const char* const close =
        published ? publishedRule
                  : (epochCounts && repclOnlyIfJustified.violations == 0 ? provedOrders : none);

    std::ostringstream os;
    auto line = [&os](const char* name, const PropertyCount& c, const char* expected = nullptr) {
        os << name << ": " << c.violations << " violations in " << c.applicable
           << " applicable pairs";
        for (const auto& [e, f] : c.examples)
        {
            os << " (" << e << "," << f << ")";
        }
        if (expected && c.violations > 0)
        {
            os << " (" << expected << ")";
        }
        os << "\n";
    };
    os << "events " << events << ", pairs " << pairsExamined << (sampled ? " (sampled)" : "")
       << ", concurrent " << concurrentPairs << "\n";
    line("RepCl requirement 1 (hb => <)", repclHb);
    line("RepCl requirement 2 (pt.f > pt.e + E + I => <)",
         repclFar,
         repclCounterRule ? ptForm : none);
    line("RepCl requirement 3 (concurrent, |pt.e - pt.f| <= E - I => ||)", repclClose, close);
    line("RepCl requirement 2 with margin 2E + I (pt.f > pt.e + 2E + I => <)", repclFarDoubleSkew);
    line("RepCl requirement 2, thesis form (mxph.f > mxph.e + E + I => <)", repclFarKnown);
    line("RepCl requirement 3, thesis form (concurrent, |mxph.e - mxph.f| <= E - I => ||)",
         repclCloseKnown,
         close);
    line("RepCl orders concurrent e < f only if f knew a clock > pt.e + E",
         repclOnlyIfJustified,
         published ? publishedRule : none);
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
