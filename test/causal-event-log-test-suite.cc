/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// The compact event log and the replay checker over it, against the full log and the checker as
// it was before the log became compact (kept here, verbatim, as the reference): on random
// executions of many shapes, the replayed events equal the events the processes logged, stamp
// for stamp, and every report equals the reference's, examples and all; stamps that do not come
// from a send of the log (another system's, corrupted but decodable, duplicated, unknown ids)
// replay exactly too; the log's memory per event does not grow with n.
#include "ns3/causal-event-log.h"
#include "ns3/causality-export.h"
#include "ns3/chronometry-ns3-compat.h"
#include "ns3/chronometry-validation.h"
#include "ns3/random-execution.h"
#include "ns3/replay-checker.h"
#include "ns3/test.h"

#include <algorithm>
#include <array>
#include <cstdio>
#include <fstream>
#include <map>
#include <random>
#include <sstream>

using namespace ns3;

namespace reference
{

/** Happened-before from full vector clocks (the original). */
bool
ReferenceHappenedBefore(const CausalEvent& e, const CausalEvent& f)
{
    if (e.id == f.id)
    {
        return false;
    }
    uint32_t p = e.process;
    return e.stamp.vector.GetEntries()[p] <= f.stamp.vector.GetEntries()[p];
}

// ---- The replay checker as it was before the compact log (a vector clock per event). ----
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
                    maxPastPt[f.id] >= e.pt.GetTimeStep() + options.hvcSkewBound.GetTimeStep();
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
        bool ab = ReferenceHappenedBefore(a, b);
        bool ba = ReferenceHappenedBefore(b, a);
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
ReferenceCheck(const std::vector<CausalEvent>& log, const ReplayCheckerOptions& options)
{
    ReplayCheckerReport report;
    report.events = log.size();
    // The counter rule the summary's labels depend on: the one every RepCl stamp carries.
    for (const auto& e : log)
    {
        if (e.stamp.repcl)
        {
            report.repclCounterRule = e.stamp.repcl->GetConfig().counterRule;
            break;
        }
    }
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

} // namespace reference

namespace
{

/**
 * \param a an event
 * \param b another
 * \return "" if they are equal in every field and stamp (down to the clocks' owners and the HLC
 *         saturation count), else what differs
 */
std::string
Difference(const CausalEvent& a, const CausalEvent& b)
{
    std::ostringstream os;
    if (a.id != b.id || a.process != b.process || a.kind != b.kind || a.trueTime != b.trueTime ||
        a.pt != b.pt || a.messageId != b.messageId || a.peer != b.peer ||
        a.wireBytes != b.wireBytes)
    {
        os << "fields of event " << a.id << " / " << b.id;
    }
    else if (a.stamp.Encode() != b.stamp.Encode())
    {
        os << "stamp bytes of event " << a.id;
    }
    else if (a.stamp.vector.GetSelf() != b.stamp.vector.GetSelf() ||
             a.stamp.vector.GetEntries() != b.stamp.vector.GetEntries())
    {
        os << "vector clock of event " << a.id;
    }
    else if (a.stamp.hlc.has_value() != b.stamp.hlc.has_value() ||
             (a.stamp.hlc &&
              a.stamp.hlc->GetCounterSaturations() != b.stamp.hlc->GetCounterSaturations()))
    {
        os << "HLC of event " << a.id;
    }
    else if (a.stamp.hvc.has_value() != b.stamp.hvc.has_value() ||
             (a.stamp.hvc && (a.stamp.hvc->GetSelf() != b.stamp.hvc->GetSelf() ||
                              a.stamp.hvc->Expand() != b.stamp.hvc->Expand())))
    {
        os << "HVC of event " << a.id;
    }
    else if (a.stamp.repcl.has_value() != b.stamp.repcl.has_value() ||
             (a.stamp.repcl &&
              (a.stamp.repcl->GetSelf() != b.stamp.repcl->GetSelf() ||
               a.stamp.repcl->GetSelf() != a.process ||
               ReplayClock::Compare(*a.stamp.repcl, *b.stamp.repcl) != CausalOrder::EQUAL)))
    {
        os << "RepCl of event " << a.id;
    }
    return os.str();
}

/**
 * \param full the events as the processes logged them
 * \param compact the same execution, compact
 * \return "" if the replay (iteration, Materialize and the records) gives exactly \p full
 */
std::string
ReplayDifference(const std::vector<CausalEvent>& full, const CausalEventLog& compact)
{
    if (full.size() != compact.size())
    {
        return "sizes " + std::to_string(full.size()) + " and " + std::to_string(compact.size());
    }
    std::size_t k = 0;
    for (const auto& e : compact)
    {
        std::string d = Difference(full[k], e);
        if (!d.empty())
        {
            return "iteration: " + d;
        }
        const CausalEventRecord& r = compact.GetRecord(k);
        if (r.process != e.process || r.pt != e.pt || r.kind != e.kind)
        {
            return "record " + std::to_string(k);
        }
        ++k;
    }
    if (k != full.size())
    {
        return "iteration stopped at " + std::to_string(k);
    }
    const auto& materialized = compact.Materialize();
    for (std::size_t i = 0; i < full.size(); ++i)
    {
        std::string d = Difference(full[i], materialized[i]);
        if (!d.empty())
        {
            return "materialized: " + d;
        }
    }
    return "";
}

/** A random clock configuration (every clock on or off, every counter rule and width). */
CausalityConfig
RandomConfig(std::mt19937_64& rng, uint32_t n)
{
    CausalityConfig config;
    config.n = n;
    config.hlc = rng() % 4 != 0;
    config.hvc = rng() % 4 != 0;
    config.repcl = rng() % 5 != 0;
    config.replay.epsilon = 1 + rng() % 12;
    config.replay.interval = MicroSeconds(10 + rng() % 90);
    config.hvcSkewBound = config.replay.interval * static_cast<int64_t>(config.replay.epsilon);
    config.replay.counterBits = 1 + rng() % 6;
    config.replay.counterRule =
        rng() % 2 ? ReplayCounterRule::PUBLISHED : ReplayCounterRule::EPOCH_COUNTS;
    config.replay.sumCounters =
        config.replay.counterRule == ReplayCounterRule::PUBLISHED && rng() % 3 == 0;
    return config;
}

/**
 * The rest of a random workload for the clocks: the skew they assume, delays up to 3 ms, local
 * events, a seed (drawn in this order).
 * \param rng randomness
 * \param config the clocks
 * \param meanGap mean time between a process' actions
 * \param p receives the workload (its n and events already set)
 */
void
RandomWorkload(std::mt19937_64& rng,
               const CausalityConfig& config,
               Time meanGap,
               RandomExecutionParams& p)
{
    p.skewBound = config.replay.interval * static_cast<int64_t>(config.replay.epsilon);
    p.meanGap = meanGap;
    p.minDelay = MicroSeconds(rng() % 20);
    p.maxDelay = p.minDelay + MicroSeconds(rng() % 3000);
    p.localFraction = (rng() % 60) / 100.0;
    p.seed = rng();
}

/**
 * \param config the clocks
 * \param rng randomness
 * \return checker options near the clocks' own, sometimes off them (more violations)
 */
ReplayCheckerOptions
RandomOptions(const CausalityConfig& config, std::mt19937_64& rng)
{
    ReplayCheckerOptions o;
    o.interval = config.replay.interval;
    o.skewBound = config.replay.interval * static_cast<int64_t>(config.replay.epsilon);
    o.hvcSkewBound = config.hvcSkewBound;
    if (rng() % 3 == 0)
    {
        o.skewBound = o.skewBound / 4 + o.interval; // an E below the real skew
        o.hvcSkewBound = o.hvcSkewBound / 3 + Time::From(1);
    }
    o.maxExamples = static_cast<uint32_t>(rng() % 4);
    o.seed = rng();
    return o;
}

/** Examples the reports of a test carried (so that their order was really compared). */
uint64_t
ExampleCount(const ReplayCheckerReport& r)
{
    uint64_t k = 0;
    for (const PropertyCount* c : {&r.repclHb,
                                   &r.repclFar,
                                   &r.repclClose,
                                   &r.repclFarKnown,
                                   &r.repclCloseKnown,
                                   &r.repclFarDoubleSkew,
                                   &r.repclOnlyIfJustified,
                                   &r.hlcHb,
                                   &r.hvcHb,
                                   &r.hvcOnlyIfHb,
                                   &r.lamportHb})
    {
        k += c->examples.size();
    }
    return k;
}

/**
 * 400 random executions of every shape (n from 1 to 80, every clock configuration, fast and
 * slow actions, lost messages), each logged in full and compactly: the compact log's replay
 * equals the full log event for event, and the checker over it, exhaustive and sampled, gives
 * the reference's report (Summary() prints every field, the examples in order).
 */
class RandomExecutionsTestCase : public TestCase
{
  public:
    RandomExecutionsTestCase()
        : TestCase("400 random executions: the replay equals the full log; the checker over the "
                   "compact log equals the original checker, exhaustive and sampled")
    {
    }

  private:
    void DoRun() override
    {
        std::mt19937_64 rng(20240522);
        uint64_t events = 0;
        uint64_t examples = 0;
        uint64_t sampledRuns = 0;
        uint64_t hbPairs = 0;
        for (int run = 0; run < 400; ++run)
        {
            RandomExecutionParams p;
            p.n = 1 + rng() % 80;
            p.events = 20 + rng() % 230;
            CausalityConfig config = RandomConfig(rng, p.n);
            const Time meanGap =
                (run % 3 == 0) ? MicroSeconds(1 + rng() % 10) : MicroSeconds(20 + rng() % 500);
            RandomWorkload(rng, config, meanGap, p);
            CausalEventLog compact;
            auto full = RandomExecution::Run(p, config, nullptr, &compact);
            events += full.size();
            std::string d = ReplayDifference(full, compact);
            NS_TEST_ASSERT_MSG_EQ(d, "", "run " << run << " (n = " << p.n << ")");
            NS_TEST_ASSERT_MSG_EQ(compact.GetOverrideCount(), 0, "every receive is linked");

            ReplayCheckerOptions o = RandomOptions(config, rng);
            auto expected = reference::ReferenceCheck(full, o);
            auto got = ReplayChecker::Check(compact, o);
            NS_TEST_ASSERT_MSG_EQ(got.Summary(), expected.Summary(), "exhaustive, run " << run);
            NS_TEST_ASSERT_MSG_EQ(ReplayChecker::Check(full, o).Summary(),
                                  expected.Summary(),
                                  "exhaustive over the full log, run " << run);
            examples += ExampleCount(expected);
            hbPairs += expected.lamportHb.applicable;

            o.exactLimit = full.size() / 2;
            o.samplePairs = 500 + rng() % 3000;
            auto expectedSampled = reference::ReferenceCheck(full, o);
            auto gotSampled = ReplayChecker::Check(compact, o);
            NS_TEST_ASSERT_MSG_EQ(gotSampled.Summary(),
                                  expectedSampled.Summary(),
                                  "sampled, run " << run);
            NS_TEST_ASSERT_MSG_EQ(ReplayChecker::Check(full, o).Summary(),
                                  expectedSampled.Summary(),
                                  "sampled over the full log, run " << run);
            sampledRuns += expectedSampled.sampled ? 1 : 0;
            examples += ExampleCount(expectedSampled);
        }
        // Not vacuous: the executions were large, had happened-before pairs, and the reports
        // carried many examples whose order was compared.
        NS_TEST_ASSERT_MSG_GT(events, 40000, "events");
        NS_TEST_ASSERT_MSG_GT(hbPairs, 100000, "happened-before pairs");
        NS_TEST_ASSERT_MSG_GT(examples, 300, "examples compared");
        NS_TEST_ASSERT_MSG_GT(sampledRuns, 390, "sampled runs");
    }
};

/**
 * \param path a file
 * \return its bytes
 */
std::string
Slurp(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    std::ostringstream os;
    os << in.rdbuf();
    return os.str();
}

/** The CSV and ShiViz exports of the compact log are the full log's, byte for byte. */
class ExportsTestCase : public TestCase
{
  public:
    ExportsTestCase()
        : TestCase("CSV and ShiViz exports of the compact log equal the full log's")
    {
    }

  private:
    void DoRun() override
    {
        std::mt19937_64 rng(77);
        const std::string dir = CreateTempDirFilename("");
        for (int run = 0; run < 20; ++run)
        {
            RandomExecutionParams p;
            p.n = 2 + rng() % 30;
            p.events = 50 + rng() % 200;
            CausalityConfig config = RandomConfig(rng, p.n);
            p.skewBound = config.replay.interval * static_cast<int64_t>(config.replay.epsilon);
            p.seed = rng();
            CausalEventLog compact;
            auto full = RandomExecution::Run(p, config, nullptr, &compact);
            const std::string a = dir + "-full";
            const std::string b = dir + "-compact";
            NS_TEST_ASSERT_MSG_EQ(CausalityExport::WriteCsv(full, a + ".csv"), true, "written");
            NS_TEST_ASSERT_MSG_EQ(CausalityExport::WriteCsv(compact, b + ".csv"), true, "written");
            NS_TEST_ASSERT_MSG_EQ(CausalityExport::WriteShiViz(full, a + ".log"), true, "written");
            NS_TEST_ASSERT_MSG_EQ(CausalityExport::WriteShiViz(compact, b + ".log"),
                                  true,
                                  "written");
            NS_TEST_ASSERT_MSG_EQ((Slurp(a + ".csv") == Slurp(b + ".csv")), true, "same CSV");
            NS_TEST_ASSERT_MSG_EQ((Slurp(a + ".log") == Slurp(b + ".log")), true, "same ShiViz");
            NS_TEST_ASSERT_MSG_GT(Slurp(a + ".csv").size(), 1000, "non-trivial");
            for (const char* ext : {".csv", ".log"})
            {
                std::remove((a + ext).c_str());
                std::remove((b + ext).c_str());
            }
        }
    }
};

/**
 * Stamps that no send of the log produced: received twice and by several processes (a
 * broadcast), from another system, corrupted but still decodable, under a message id never
 * sent, under an id two sends shared.  Random interleavings of all of them, logged in full and
 * compactly: the replay is exact, the unlinked stamps are counted, and the checker (which then
 * checks the materialized events) equals the reference.
 */
class UnlinkedStampsTestCase : public TestCase
{
  public:
    UnlinkedStampsTestCase()
        : TestCase("duplicated, foreign, corrupted, unknown and reused-id stamps replay exactly; "
                   "the checker equals the reference")
    {
    }

  private:
    /** A message some process may receive (any number of times). */
    struct Message
    {
        uint64_t id;                //!< message id
        uint32_t source;            //!< sender
        std::vector<uint8_t> bytes; //!< the stamp
        bool ours;                  //!< sent in the logged system
    };

    void DoRun() override
    {
        std::mt19937_64 rng(9);
        uint64_t overrides = 0;
        uint64_t fallbackViolations = 0;
        for (int run = 0; run < 150; ++run)
        {
            const uint32_t n = 2 + rng() % 12;
            CausalityConfig config = RandomConfig(rng, n);
            std::vector<CausalEvent> full;
            CausalEventLog compact;
            std::vector<CausalEvent> otherFull;
            std::vector<CausalProcess> ours;
            std::vector<CausalProcess> others; // another system with the same clocks
            ours.reserve(n);
            others.reserve(n);
            for (uint32_t p = 0; p < n; ++p)
            {
                ours.emplace_back(config, p, &full, &compact);
                others.emplace_back(config, p, &otherFull);
            }
            std::vector<Message> sent;
            std::vector<int64_t> clock(n, 0);
            uint64_t nextId = 1;
            uint64_t expectedOverrides = 0;
            int64_t t = 0;
            for (int step = 0; step < 150; ++step)
            {
                t += 1 + rng() % 50000;
                const uint32_t p = rng() % n;
                clock[p] = std::max(clock[p] + 1, t + static_cast<int64_t>(rng() % 30000)) -
                           static_cast<int64_t>(rng() % 2);
                const Time now = NanoSeconds(t);
                const Time pt = NanoSeconds(clock[p]);
                const uint32_t action = rng() % 10;
                if (action < 2)
                {
                    ours[p].OnLocal(now, pt);
                }
                else if (action < 5)
                {
                    // Sometimes reuse an id a previous send had.
                    uint64_t id =
                        (rng() % 8 == 0 && nextId > 1) ? 1 + rng() % (nextId - 1) : nextId++;
                    sent.push_back(Message{id, p, ours[p].OnSend(now, pt, id, (p + 1) % n), true});
                }
                else if (action < 6)
                {
                    const uint32_t q = rng() % n;
                    uint64_t id = 1000000 + nextId++;
                    sent.push_back(
                        Message{id, q, others[q].OnSend(now, pt, id, (q + 1) % n), false});
                }
                else if (!sent.empty())
                {
                    // Receive any earlier message, again or for the first time.
                    Message m = sent[rng() % sent.size()];
                    bool corrupt = rng() % 6 == 0;
                    bool unknownId = rng() % 10 == 0;
                    if (corrupt)
                    {
                        // The Lamport value (bytes after the vector part) decodes whatever it is.
                        std::size_t vectorLen = (std::size_t(m.bytes[1]) << 8) | m.bytes[2];
                        m.bytes[3 + vectorLen + 2 + 7] ^= 0x5a;
                    }
                    if (unknownId)
                    {
                        m.id = 5000000 + rng() % 1000;
                    }
                    std::size_t before = compact.GetOverrideCount();
                    bool received = ours[p].OnReceive(m.bytes, now, pt, m.id, m.source);
                    NS_TEST_ASSERT_MSG_EQ(received, true, "a decodable stamp is merged");
                    overrides += compact.GetOverrideCount() - before;
                    if (!m.ours || corrupt || unknownId)
                    {
                        ++expectedOverrides;
                    }
                }
            }
            std::string d = ReplayDifference(full, compact);
            NS_TEST_ASSERT_MSG_EQ(d, "", "run " << run);
            // Reused ids may add overrides (a receive of the older send's bytes).
            NS_TEST_ASSERT_MSG_GT_OR_EQ(compact.GetOverrideCount(),
                                        expectedOverrides,
                                        "unlinked stamps kept");
            ReplayCheckerOptions o = RandomOptions(config, rng);
            auto expected = reference::ReferenceCheck(full, o);
            NS_TEST_ASSERT_MSG_EQ(ReplayChecker::Check(compact, o).Summary(),
                                  expected.Summary(),
                                  "exhaustive, run " << run);
            fallbackViolations += expected.repclHb.violations + expected.lamportHb.violations;
            o.exactLimit = full.size() / 3;
            o.samplePairs = 2000;
            NS_TEST_ASSERT_MSG_EQ(ReplayChecker::Check(compact, o).Summary(),
                                  reference::ReferenceCheck(full, o).Summary(),
                                  "sampled, run " << run);
        }
        NS_TEST_ASSERT_MSG_GT(overrides, 500, "unlinked stamps were exercised");
        // Foreign vectors make the ground truth of such a log meaningless; the checker must
        // still say what the reference says about it, violations included.
        NS_TEST_ASSERT_MSG_GT(fallbackViolations, 0, "the foreign stamps disturbed the truth");
    }
};

/**
 * \param a an event whose stamp carried the vector clock
 * \param b the same event replayed from a log that recomputed it (vectorOnWire = false)
 * \return "" if both have the same vector clock and the same other stamps
 */
std::string
GraphTruthDifference(const CausalEvent& a, const CausalEvent& b)
{
    std::ostringstream os;
    CausalStamp withoutVector = a.stamp;
    withoutVector.runsVector = false;
    CausalStamp other = b.stamp;
    other.runsVector = false;
    if (a.id != b.id || a.process != b.process || a.kind != b.kind || a.pt != b.pt ||
        a.messageId != b.messageId)
    {
        os << "fields of event " << a.id;
    }
    else if (!b.stamp.runsVector || a.stamp.vector.GetEntries() != b.stamp.vector.GetEntries())
    {
        os << "vector clock of event " << a.id;
    }
    else if (withoutVector.Encode() != other.Encode())
    {
        os << "other stamps of event " << a.id;
    }
    return os.str();
}

/**
 * The same processes twice: carrying the vector clock (their events in full) and not (their
 * events in a compact log, which recomputes it), for a test to apply the same actions to both.
 */
struct CarriedAndRecomputed
{
    /**
     * \param carried the clocks, the vector clock carried
     * \param n the number of processes
     */
    CarriedAndRecomputed(const CausalityConfig& carried, uint32_t n)
    {
        CausalityConfig fromGraph = carried;
        fromGraph.vectorOnWire = false;
        a.reserve(n);
        b.reserve(n);
        for (uint32_t q = 0; q < n; ++q)
        {
            a.emplace_back(carried, q, &full);
            b.emplace_back(fromGraph, q, &unused, &compact);
        }
    }

    CarriedAndRecomputed(const CarriedAndRecomputed&) = delete;
    CarriedAndRecomputed& operator=(const CarriedAndRecomputed&) = delete;

    std::vector<CausalEvent> full;   //!< the carrying processes' events
    std::vector<CausalEvent> unused; //!< the others' events in full (not read)
    CausalEventLog compact;          //!< the others' log
    std::vector<CausalProcess> a;    //!< the processes carrying the vector clock
    std::vector<CausalProcess> b;    //!< the processes not carrying it
};

/**
 * The vector clock the log recomputes from the message graph (CausalityConfig::vectorOnWire =
 * false) is the one the processes would have carried.  300 random executions (n from 1 to 80,
 * every clock configuration, lost messages) run twice, carrying the vector clock and not: the
 * second's compact log replays the first's vectors and every other stamp event for event, its
 * messages are smaller by exactly the vector's part, and the checker gives the reference's
 * report over the carried vectors.  Then duplicated and corrupted (still decodable) receives in
 * random interleavings: the recomputed truth still follows each message, as the carried vector
 * did, although the corrupted bytes are kept as overrides.
 */
class VectorFromGraphTestCase : public TestCase
{
  public:
    VectorFromGraphTestCase()
        : TestCase("vectors recomputed from the message graph equal the carried ones, with "
                   "lost, duplicated and corrupted messages; the checker's report is the same")
    {
    }

  private:
    void DoRun() override
    {
        std::mt19937_64 rng(20261125);
        uint64_t events = 0;
        uint64_t savedBytes = 0;
        uint64_t receives = 0;
        for (int run = 0; run < 300; ++run)
        {
            RandomExecutionParams p;
            p.n = 1 + rng() % 80;
            p.events = 20 + rng() % 230;
            CausalityConfig carried = RandomConfig(rng, p.n);
            const Time meanGap = MicroSeconds(1 + rng() % 300);
            RandomWorkload(rng, carried, meanGap, p);
            CausalityConfig fromGraph = carried;
            fromGraph.vectorOnWire = false;
            auto full = RandomExecution::Run(p, carried);
            CausalEventLog compact;
            auto plain = RandomExecution::Run(p, fromGraph, nullptr, &compact);
            NS_TEST_ASSERT_MSG_EQ(compact.size(), full.size(), "same execution, run " << run);
            NS_TEST_ASSERT_MSG_EQ(plain.empty() || !plain.front().stamp.runsVector,
                                  true,
                                  "the processes themselves ran no vector clock");
            std::size_t k = 0;
            std::map<uint64_t, std::size_t> vectorPartOf; // message id -> its send's
            for (const auto& e : compact)
            {
                NS_TEST_ASSERT_MSG_EQ(GraphTruthDifference(full[k], e), "", "run " << run);
                if (e.kind == CausalEventKind::SEND)
                {
                    // The vector's part (2 length bytes and its encoding) is what was saved.
                    vectorPartOf[e.messageId] = full[k].stamp.vector.Encode().size() + 2;
                }
                if (e.kind != CausalEventKind::LOCAL)
                {
                    const std::size_t vectorPart = vectorPartOf.at(e.messageId);
                    NS_TEST_ASSERT_MSG_EQ(full[k].wireBytes - e.wireBytes,
                                          vectorPart,
                                          "bytes saved, event " << k << ", run " << run);
                    savedBytes += vectorPart;
                    receives += e.kind == CausalEventKind::RECEIVE ? 1 : 0;
                }
                ++k;
            }
            events += k;
            ReplayCheckerOptions o = RandomOptions(carried, rng);
            NS_TEST_ASSERT_MSG_EQ(ReplayChecker::Check(compact, o).Summary(),
                                  reference::ReferenceCheck(full, o).Summary(),
                                  "checker, run " << run);
        }
        NS_TEST_ASSERT_MSG_GT(events, 30000, "events");
        NS_TEST_ASSERT_MSG_GT(receives, 5000, "receives");
        NS_TEST_ASSERT_MSG_GT(savedBytes, 100000, "bytes the vectors would have taken");

        // Duplicated and corrupted receives, the same actions in both systems.
        uint64_t corrupted = 0;
        uint64_t overrides = 0;
        for (int run = 0; run < 100; ++run)
        {
            const uint32_t n = 2 + rng() % 12;
            CausalityConfig carried = RandomConfig(rng, n);
            CarriedAndRecomputed both(carried, n);
            std::vector<CausalEvent>& full = both.full;
            CausalEventLog& compact = both.compact;
            std::vector<CausalProcess>& a = both.a;
            std::vector<CausalProcess>& b = both.b;

            struct Sent
            {
                uint64_t id;
                uint32_t source;
                std::vector<uint8_t> carriedBytes;
                std::vector<uint8_t> graphBytes;
            };

            std::vector<Sent> sent;
            uint64_t nextId = 1;
            int64_t t = 0;
            for (int step = 0; step < 150; ++step)
            {
                t += 1 + rng() % 50000;
                const uint32_t q = rng() % n;
                const Time now = NanoSeconds(t);
                const Time pt = NanoSeconds(t + static_cast<int64_t>(rng() % 30000));
                const uint32_t action = rng() % 10;
                if (action < 2)
                {
                    a[q].OnLocal(now, pt);
                    b[q].OnLocal(now, pt);
                }
                else if (action < 5)
                {
                    const uint64_t id = nextId++;
                    sent.push_back(Sent{id,
                                        q,
                                        a[q].OnSend(now, pt, id, (q + 1) % n),
                                        b[q].OnSend(now, pt, id, (q + 1) % n)});
                }
                else if (!sent.empty())
                {
                    Sent m = sent[rng() % sent.size()]; // again, or for the first time
                    if (rng() % 4 == 0)
                    {
                        // Flip a byte of the Lamport value (the part after the vector, if any).
                        const std::size_t vectorLen =
                            (std::size_t(m.carriedBytes[1]) << 8) | m.carriedBytes[2];
                        m.carriedBytes[3 + vectorLen + 2 + 7] ^= 0x5a;
                        m.graphBytes[3 + 7] ^= 0x5a;
                        ++corrupted;
                    }
                    const bool ra = a[q].OnReceive(m.carriedBytes, now, pt, m.id, m.source);
                    const bool rb = b[q].OnReceive(m.graphBytes, now, pt, m.id, m.source);
                    NS_TEST_ASSERT_MSG_EQ(ra && rb, true, "decodable stamps are merged");
                }
            }
            overrides += compact.GetOverrideCount();
            NS_TEST_ASSERT_MSG_EQ(compact.size(), full.size(), "run " << run);
            std::size_t k = 0;
            for (const auto& e : compact)
            {
                NS_TEST_ASSERT_MSG_EQ(GraphTruthDifference(full[k], e), "", "run " << run);
                ++k;
            }
        }
        NS_TEST_ASSERT_MSG_GT(corrupted, 300, "corrupted receives");
        NS_TEST_ASSERT_MSG_GT(overrides, 300, "their bytes kept");
    }
};

/**
 * The replay's send snapshots: a send's vector clock is not copied but stays its process'
 * current one, save the own entry, until a receive merges into that process.  Receives of a send
 * after its sender's later local events and sends (the own entry moved on), after its sender
 * merged a receive (the snapshot copied out first), two receives of one send on either side of
 * that merge, and a process receiving its own send: every replayed vector equals the carried
 * one, under 40 random clock configurations.
 */
class SendSnapshotsTestCase : public TestCase
{
  public:
    SendSnapshotsTestCase()
        : TestCase("a send's vector clock, kept as its process' until a merge, is replayed exactly")
    {
    }

  private:
    void DoRun() override
    {
        std::mt19937_64 rng(20261127);
        for (int run = 0; run < 40; ++run)
        {
            const uint32_t n = 3;
            CausalityConfig carried = RandomConfig(rng, n);
            CarriedAndRecomputed both(carried, n);
            std::map<uint64_t, std::pair<std::vector<uint8_t>, std::vector<uint8_t>>> bytes;
            int64_t t = 0;
            auto send = [&](uint32_t q, uint64_t id, uint32_t to) {
                t += 1000;
                bytes[id] = {both.a[q].OnSend(NanoSeconds(t), NanoSeconds(t), id, to),
                             both.b[q].OnSend(NanoSeconds(t), NanoSeconds(t), id, to)};
            };
            auto local = [&](uint32_t q) {
                t += 1000;
                both.a[q].OnLocal(NanoSeconds(t), NanoSeconds(t));
                both.b[q].OnLocal(NanoSeconds(t), NanoSeconds(t));
            };
            auto receive = [&](uint32_t q, uint64_t id, uint32_t from) {
                t += 1000;
                const auto& m = bytes.at(id);
                const bool ra =
                    both.a[q].OnReceive(m.first, NanoSeconds(t), NanoSeconds(t), id, from);
                const bool rb =
                    both.b[q].OnReceive(m.second, NanoSeconds(t), NanoSeconds(t), id, from);
                NS_TEST_ASSERT_MSG_EQ(ra && rb, true, "message " << id << ", run " << run);
            };
            send(0, 1, 1);
            local(0);
            send(0, 2, 1);
            receive(1, 1, 0); // the sender's own entry moved on twice since the send
            send(2, 3, 0);
            receive(0, 3, 2); // the sender merges: sends 1 and 2 keep their vectors
            receive(1, 2, 0);
            receive(2, 1, 0); // send 1's second receive, after the merge
            send(1, 4, 2);
            local(1);
            receive(2, 4, 1);
            send(2, 5, 2);
            receive(2, 5, 2); // its own send
            receive(1, 5, 2);
            NS_TEST_ASSERT_MSG_EQ(both.compact.size(), both.full.size(), "run " << run);
            std::size_t k = 0;
            for (const auto& e : both.compact)
            {
                NS_TEST_ASSERT_MSG_EQ(GraphTruthDifference(both.full[k], e), "", "run " << run);
                ++k;
            }
            NS_TEST_ASSERT_MSG_EQ(k, 14, "events replayed, run " << run);
        }
    }
};

/**
 * A replay that does not recompute the vector clock the processes did not carry
 * (Cursor(log, false)): the same events and the same stamps of every other clock, in every
 * encoding, no vector reported, and the vector's largest entry (GetVectorMaximum) followed along
 * the message graph equal to the recomputed vector's; with a carried vector, read from it.
 */
class CursorWithoutVectorTestCase : public TestCase
{
  public:
    CursorWithoutVectorTestCase()
        : TestCase("replay without recomputing the vector: same stamps, the vector's largest "
                   "entry followed in O(1) per event")
    {
    }

  private:
    void DoRun() override
    {
        std::mt19937_64 rng(33);
        uint64_t events = 0;
        uint64_t receives = 0;
        for (int run = 0; run < 200; ++run)
        {
            RandomExecutionParams p;
            p.n = 1 + rng() % 80;
            p.events = 20 + rng() % 230;
            CausalityConfig config = RandomConfig(rng, p.n);
            config.encoding = static_cast<StampEncoding>(rng() % 3);
            config.vectorOnWire = run % 4 == 0; // a quarter carry it
            RandomWorkload(rng, config, MicroSeconds(1 + rng() % 300), p);
            CausalEventLog log;
            RandomExecution::Run(p, config, nullptr, &log);
            CausalEventLog::Cursor full(log);
            CausalEventLog::Cursor light(log, false);
            while (full.Next())
            {
                NS_TEST_ASSERT_MSG_EQ(light.Next(), true, "as many events, run " << run);
                const CausalEvent& a = full.Current();
                const CausalEvent& b = light.Current();
                NS_TEST_ASSERT_MSG_EQ(a.id, b.id, "same event");
                NS_TEST_ASSERT_MSG_EQ(b.stamp.runsVector,
                                      config.vectorOnWire,
                                      "a vector reported only when carried, run " << run);
                CausalStamp x = a.stamp;
                CausalStamp y = b.stamp;
                x.runsVector = false;
                y.runsVector = false;
                NS_TEST_ASSERT_MSG_EQ((x.Encode() == y.Encode()),
                                      true,
                                      "every other clock the same, run " << run);
                const std::vector<uint64_t>& v = a.stamp.vector.GetEntries();
                const uint64_t largest = *std::max_element(v.begin(), v.end());
                NS_TEST_ASSERT_MSG_EQ(light.GetVectorMaximum(),
                                      largest,
                                      "largest vector entry, event " << a.id << ", run " << run);
                NS_TEST_ASSERT_MSG_EQ(full.GetVectorMaximum(), largest, "read from the vector");
                ++events;
                receives += a.kind == CausalEventKind::RECEIVE ? 1 : 0;
            }
            NS_TEST_ASSERT_MSG_EQ(light.Next(), false, "and no more");
        }
        NS_TEST_ASSERT_MSG_GT(events, 20000, "events");
        NS_TEST_ASSERT_MSG_GT(receives, 3000, "receives");
    }
};

/**
 * Memory: a compact log holds a fixed-size record per event, whatever n; a vector clock per
 * event (what the log held before) would be 8 n bytes.
 */
class MemoryPerEventTestCase : public TestCase
{
  public:
    MemoryPerEventTestCase()
        : TestCase("the compact log's memory per event does not grow with n (n = 8 and 1024)")
    {
    }

  private:
    void DoRun() override
    {
        std::vector<double> perEvent;
        for (uint32_t n : {8u, 1024u})
        {
            RandomExecutionParams p;
            p.n = n;
            p.events = 3000;
            p.meanGap = MicroSeconds(20) * static_cast<int64_t>(n);
            p.seed = 3;
            CausalityConfig config;
            config.replay.epsilon = 10;
            config.replay.interval = MicroSeconds(20);
            config.hvcSkewBound = MicroSeconds(200);
            p.skewBound = MicroSeconds(200);
            CausalEventLog compact;
            auto full = RandomExecution::Run(p, config, nullptr, &compact);
            NS_TEST_ASSERT_MSG_EQ(compact.size(), 3000, "events");
            // The per-process part (one configuration each) is not per event.
            double bytes = compact.GetMemoryBytes() - double(n) * sizeof(CausalityConfig) - n;
            perEvent.push_back(bytes / compact.size());
            NS_TEST_ASSERT_MSG_LT(perEvent.back(), 200, "bytes per event at n = " << n);
        }
        NS_TEST_ASSERT_MSG_LT(perEvent[1], perEvent[0] * 1.2 + 1, "no growth with n");
    }
};

/** The log refuses what it cannot replay. */
class RefusalsTestCase : public TestCase
{
  public:
    RefusalsTestCase()
        : TestCase("a process registered twice, or with another n, is refused by name")
    {
    }

  private:
    void DoRun() override
    {
        chronometry::ScopedThrowOnConfigError guard;
        CausalityConfig config;
        config.n = 4;
        config.replay.epsilon = 10;
        CausalEventLog log;
        CausalProcess p0(config, 0, &log);
        std::string message;
        try
        {
            CausalProcess again(config, 0, &log);
        }
        catch (const chronometry::ConfigError& e)
        {
            message = e.what();
        }
        NS_TEST_ASSERT_MSG_NE(message.find("process 0 is already registered"),
                              std::string::npos,
                              message);
        message.clear();
        config.n = 5;
        try
        {
            CausalProcess other(config, 1, &log);
        }
        catch (const chronometry::ConfigError& e)
        {
            message = e.what();
        }
        NS_TEST_ASSERT_MSG_NE(message.find("n = 5 joins a log of n = 4"),
                              std::string::npos,
                              message);
    }
};

/**
 * The per-clock stamp sizes the log tallies as events are appended (from the framing of the
 * bytes each send carried) equal the ground truth: every send's stamp re-encoded clock by clock
 * from the replayed event, over 60 random executions of every clock configuration (with and
 * without the vector on the wire); each send's logged wire size is the flags byte plus, per
 * carried clock, a 16-bit length and its encoding.  Bytes that are not framed as Encode() frames
 * them are refused.
 */
class StampBytesPerClockTestCase : public TestCase
{
  public:
    StampBytesPerClockTestCase()
        : TestCase("per-clock stamp bytes: the log's tallies equal every send's stamp, "
                   "re-encoded clock by clock")
    {
    }

  private:
    void DoRun() override
    {
        std::mt19937_64 rng(20250301);
        uint64_t sendsChecked = 0;
        for (int run = 0; run < 60; ++run)
        {
            RandomExecutionParams p;
            p.n = 1 + rng() % 40;
            p.events = 50 + rng() % 200;
            CausalityConfig config = RandomConfig(rng, p.n);
            config.vectorOnWire = run % 3 != 0;
            config.lamport = run % 5 != 0;
            RandomWorkload(rng, config, MicroSeconds(5 + rng() % 300), p);
            CausalEventLog log;
            RandomExecution::Run(p, config, nullptr, &log);

            // Ground truth: each send's clocks encoded again from the replayed stamp.
            std::array<uint64_t, CAUSAL_CLOCK_KINDS> expected{};
            uint64_t sends = 0;
            uint64_t framingErrors = 0;
            for (const CausalEvent& e : log)
            {
                if (e.kind != CausalEventKind::SEND)
                {
                    continue;
                }
                ++sends;
                const CausalStamp& s = e.stamp;
                std::array<std::size_t, CAUSAL_CLOCK_KINDS> part{};
                part[0] = config.CarriesVector() ? s.vector.Encode().size() : 0;
                part[1] = config.lamport ? s.lamport.Encode().size() : 0;
                part[2] = s.hlc ? s.hlc->Encode().size() : 0;
                part[3] = s.hvc ? s.hvc->Encode().size() : 0;
                part[4] = s.repcl ? s.repcl->Encode().size() : 0;
                std::size_t framed = 1;
                for (std::size_t k = 0; k < CAUSAL_CLOCK_KINDS; ++k)
                {
                    expected[k] += part[k];
                    const bool carried = (k == 0 && config.CarriesVector()) ||
                                         (k == 1 && config.lamport) || (k == 2 && s.hlc) ||
                                         (k == 3 && s.hvc) || (k == 4 && s.repcl);
                    framed += carried ? 2 + part[k] : 0;
                }
                framingErrors += framed == log.GetRecord(e.id).wireBytes ? 0 : 1;
            }
            NS_TEST_ASSERT_MSG_EQ(framingErrors, 0, "wire size = flags + (length + part)s");
            NS_TEST_ASSERT_MSG_EQ(log.GetStampedSendCount(), sends, "every send tallied");
            for (CausalClockKind kind : ALL_CAUSAL_CLOCK_KINDS)
            {
                const auto k = static_cast<std::size_t>(kind);
                NS_TEST_ASSERT_MSG_EQ(log.GetStampBytes(kind),
                                      expected[k],
                                      ToString(kind) << ", run " << run);
                const double mean = sends ? double(expected[k]) / double(sends) : 0.0;
                NS_TEST_ASSERT_MSG_EQ_TOL(log.GetMeanStampBytes(kind),
                                          mean,
                                          1e-12 * (1 + mean),
                                          ToString(kind) << " mean, run " << run);
            }
            if (!config.CarriesVector())
            {
                NS_TEST_ASSERT_MSG_EQ(log.GetStampBytes(CausalClockKind::VECTOR),
                                      0,
                                      "a vector not carried costs nothing on the wire");
            }
            sendsChecked += sends;
        }
        NS_TEST_ASSERT_MSG_GT(sendsChecked, 2000, "many sends checked");

        // Framing that is not Encode()'s is refused, and reports no sizes.
        CausalityConfig config;
        config.n = 3;
        CausalStamp stamp = CausalStamp::Initial(config, 1);
        stamp.LocalOrSend(MicroSeconds(5));
        const std::vector<uint8_t> good = stamp.Encode();
        std::array<uint32_t, CAUSAL_CLOCK_KINDS> sizes{};
        NS_TEST_ASSERT_MSG_EQ(CausalStamp::PartSizes(good.data(), good.size(), sizes),
                              true,
                              "an encoded stamp");
        NS_TEST_ASSERT_MSG_EQ(sizes[static_cast<std::size_t>(CausalClockKind::LAMPORT)],
                              stamp.lamport.Encode().size(),
                              "Lamport's part");
        std::vector<uint8_t> longer = good;
        longer.push_back(0);
        std::vector<uint8_t> badFlag = good;
        badFlag[0] |= 0x80;
        for (const auto* bad : {&longer, &badFlag})
        {
            NS_TEST_ASSERT_MSG_EQ(CausalStamp::PartSizes(bad->data(), bad->size(), sizes),
                                  false,
                                  "refused");
            NS_TEST_ASSERT_MSG_EQ(sizes[1] + sizes[4], 0, "no sizes on refusal");
        }
        for (std::size_t cut = 0; cut < good.size(); ++cut)
        {
            NS_TEST_ASSERT_MSG_EQ(CausalStamp::PartSizes(good.data(), cut, sizes),
                                  false,
                                  "truncated to " << cut << " bytes");
        }
    }
};

} // namespace

/** \ingroup chronometry-tests The compact event log and the checker over it. */
class CausalEventLogTestSuite : public TestSuite
{
  public:
    CausalEventLogTestSuite()
        : TestSuite("chronometry-causal-event-log", Type::UNIT)
    {
        AddTestCase(new RandomExecutionsTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new ExportsTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new UnlinkedStampsTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new VectorFromGraphTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new SendSnapshotsTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new CursorWithoutVectorTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new MemoryPerEventTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new RefusalsTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new StampBytesPerClockTestCase, chronometry::TestDuration::QUICK);
    }
};

/** The suite's instance. */
static CausalEventLogTestSuite g_causalEventLogTestSuite;
