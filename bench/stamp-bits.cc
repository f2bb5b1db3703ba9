/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// Stamp sizes against n (issue 33): mean and 99th-percentile encoded bits per event of every
// clock (vector, HLC, HVC and RepCl under both counter rules) and, for HVC and RepCl, every
// stamp encoding (Bitmap, Sparse, Adaptive), for n = 8 to 4,096.  The execution is
// causality-bench's: one recorded random execution per n (bounded-skew clocks, E = 1 ms,
// I = 100 us so epsilon = 10, 200 actions per second per process, 80% sends, delays 10 to
// 200 us, 20 000 events; --rate changes the 200), replayed through each clock alone; a stamp is
// measured after every event, in the form its encoding writes (GetEncodedBits(encoding): the same
// clock, only the list of processes differs), so one replay per clock gives all three encodings.
//
// Then PASS/FAIL against the size targets: RepCl (Adaptive) mean stamp at most four
// 64-bit words at every n with theta <= 4, and at most the bitmap form's at n <= 64.
// --csv writes the table (clock, encoding, n, mean_bits, p99_bits, theta_mean) for
// bench/plot-stamp-bits.py.
#include "ns3/command-line.h"
#include "ns3/hybrid-vector-clock.h"
#include "ns3/logical-clocks.h"
#include "ns3/random-execution.h"
#include "ns3/replay-clock.h"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

using namespace ns3;

namespace
{

const Time E = MilliSeconds(1);
const Time I = MicroSeconds(100);
const uint32_t EPSILON = 10;

/** One event of the recorded execution. */
struct TraceEvent
{
    uint32_t process;     //!< where
    CausalEventKind kind; //!< what
    Time pt;              //!< the process' physical clock reading
    uint64_t messageId;   //!< message sent or received (0 for local)
};

/**
 * \param n processes
 * \param events events to record
 * \param rate actions per second per process
 * \param messages receives the largest message id
 * \return causality-bench's execution for n processes
 */
std::vector<TraceEvent>
Record(uint32_t n, uint32_t events, double rate, uint64_t& messages)
{
    RandomExecutionParams p;
    p.n = n;
    p.events = events;
    p.meanGap = Seconds(1.0 / rate); // 200 actions per second per process by default
    p.localFraction = 0.2;
    p.minDelay = MicroSeconds(10);
    p.maxDelay = MicroSeconds(200);
    p.skewBound = E;
    CausalityConfig c;
    c.hlc = false;
    c.hvc = false;
    c.repcl = false;
    c.vectorOnWire = false; // the schedule only: no n-entry vector per event
    c.hvcSkewBound = E;
    c.replay.interval = I;
    c.replay.epsilon = EPSILON;
    std::vector<TraceEvent> trace;
    messages = 0;
    for (const auto& e : RandomExecution::Run(p, c))
    {
        trace.push_back(TraceEvent{e.process, e.kind, e.pt, e.messageId});
        messages = std::max(messages, e.messageId);
    }
    return trace;
}

/** Sizes of one clock under one encoding, one per event. */
struct Sizes
{
    std::vector<double> bits; //!< per event
    double thetaSum = 0;      //!< stored entries summed over events

    /** \return the mean */
    double Mean() const
    {
        double s = 0;
        for (double b : bits)
        {
            s += b;
        }
        return bits.empty() ? 0 : s / bits.size();
    }

    /** \return the 99th percentile (nearest rank, as the replay study) */
    double P99() const
    {
        std::vector<double> v = bits;
        std::sort(v.begin(), v.end());
        return v.empty() ? 0 : v[std::min(v.size() - 1, static_cast<std::size_t>(0.99 * v.size()))];
    }
};

/**
 * Replay the trace through one clock type, measuring after every event.
 * \param trace the execution
 * \param messages its largest message id
 * \param make Clock(process)
 * \param measure void(const Clock&, std::size_t event) after every event
 */
template <typename Clock, typename Make, typename Measure>
void
Replay(const std::vector<TraceEvent>& trace, uint64_t messages, Make make, Measure measure)
{
    std::vector<Clock> clocks;
    uint32_t n = 0;
    for (const auto& e : trace)
    {
        n = std::max(n, e.process + 1);
    }
    for (uint32_t i = 0; i < n; ++i)
    {
        clocks.push_back(make(i));
    }
    std::vector<std::vector<uint8_t>> wire(messages + 1);
    Clock scratch = make(0);
    for (const TraceEvent& e : trace)
    {
        Clock& c = clocks[e.process];
        if (e.kind == CausalEventKind::RECEIVE)
        {
            if (!Clock::Decode(wire[e.messageId], scratch))
            {
                std::fprintf(stderr, "stamp-bits: a stamp failed to decode\n");
                std::exit(1);
            }
            c.Receive(scratch, e.pt);
        }
        else
        {
            c.LocalOrSend(e.pt);
            if (e.kind == CausalEventKind::SEND)
            {
                c.EncodeInto(wire[e.messageId]);
            }
        }
        measure(c);
    }
}

/** Adapters giving every clock Decode(bytes, out). */
struct Vector : VectorClock
{
    using VectorClock::VectorClock;

    static bool Decode(const std::vector<uint8_t>& b, Vector& out)
    {
        return VectorClock::Decode(b.data(), b.size(), out.GetN(), out);
    }
};

/** HLC adapter. */
struct Hlc : HybridLogicalClock
{
    static bool Decode(const std::vector<uint8_t>& b, Hlc& out)
    {
        return HybridLogicalClock::Decode(b.data(), b.size(), out);
    }
};

/** HVC adapter (the clock's own encoding decides the wire form). */
struct Hvc : HybridVectorClock
{
    using HybridVectorClock::HybridVectorClock;

    static bool Decode(const std::vector<uint8_t>& b, Hvc& out)
    {
        return HybridVectorClock::Decode(b.data(), b.size(), out.GetN(), E, out, out.GetEncoding());
    }
};

/** RepCl adapter. */
struct RepCl : ReplayClock
{
    using ReplayClock::ReplayClock;

    static bool Decode(const std::vector<uint8_t>& b, RepCl& out)
    {
        return ReplayClock::Decode(b.data(), b.size(), out.GetConfig(), out);
    }
};

const std::vector<StampEncoding> ENCODINGS{STAMP_BITMAP, STAMP_SPARSE, STAMP_ADAPTIVE};

/** (clock, encoding) -> n -> sizes */
using Table = std::map<std::pair<std::string, std::string>, std::map<uint32_t, Sizes>>;

/** Every clock's stamp sizes, in every encoding, over the executions of each n. */
Table
Measure(const std::vector<uint32_t>& sizes, uint32_t events, double rate)
{
    Table table;
    for (uint32_t n : sizes)
    {
        uint64_t messages = 0;
        const auto trace = Record(n, events, rate, messages);
        Replay<Vector>(
            trace,
            messages,
            [n](uint32_t i) { return Vector(n, i); },
            [&table, n](const Vector& c) {
                table[{"vector", "-"}][n].bits.push_back(c.GetEncodedBits());
            });
        Replay<Hlc>(
            trace,
            messages,
            [](uint32_t) { return Hlc(); },
            [&table, n](const Hlc& c) {
                table[{"HLC", "-"}][n].bits.push_back(c.GetEncodedBits());
            });
        // Under Adaptive, so that each wire form occurs; the sizes are the same clock's.
        Replay<Hvc>(
            trace,
            messages,
            [n](uint32_t i) { return Hvc(n, i, E, STAMP_ADAPTIVE); },
            [&table, n](const Hvc& c) {
                for (StampEncoding encoding : ENCODINGS)
                {
                    Sizes& s = table[{"HVC", ToString(encoding)}][n];
                    s.bits.push_back(c.GetEncodedBits(encoding));
                    s.thetaSum += c.GetActiveCount();
                }
            });
        for (ReplayCounterRule rule :
             {ReplayCounterRule::PUBLISHED, ReplayCounterRule::EPOCH_COUNTS})
        {
            ReplayClockConfig rc;
            rc.n = n;
            rc.epsilon = EPSILON;
            rc.interval = I;
            rc.counterRule = rule;
            rc.encoding = STAMP_ADAPTIVE;
            const std::string name =
                rule == ReplayCounterRule::PUBLISHED ? "RepCl_published" : "RepCl_EpochCounts";
            Replay<RepCl>(
                trace,
                messages,
                [rc](uint32_t i) { return RepCl(rc, i); },
                [&table, n, name](const RepCl& c) {
                    for (StampEncoding encoding : ENCODINGS)
                    {
                        Sizes& s = table[{name, ToString(encoding)}][n];
                        s.bits.push_back(c.GetEncodedBits(encoding));
                        s.thetaSum += c.GetOffsetCount();
                    }
                });
        }
    }
    return table;
}

/** The table of sizes (and the CSV, when a path is given) and the entries per stamp. */
void
PrintSizes(Table& table,
           const std::vector<uint32_t>& sizes,
           uint32_t events,
           double rate,
           const std::string& csvPath)
{
    std::printf("Stamp bits per event, mean / p99 (%u events per n, %.0f actions per second per "
                "process; E = 1 ms, I = 100 us)\n",
                events,
                rate);
    std::printf("%-18s %-9s", "clock", "encoding");
    for (uint32_t n : sizes)
    {
        std::printf(" %13s", ("n = " + std::to_string(n)).c_str());
    }
    std::printf("\n");
    std::ofstream csv;
    if (!csvPath.empty())
    {
        csv.open(csvPath);
        csv << "clock,encoding,n,mean_bits,p99_bits,entries_mean\n";
    }
    for (const auto& [key, byN] : table)
    {
        std::printf("%-18s %-9s", key.first.c_str(), key.second.c_str());
        for (uint32_t n : sizes)
        {
            const Sizes& s = byN.at(n);
            std::printf(" %7.1f / %4.0f", s.Mean(), s.P99());
            if (csv)
            {
                csv << key.first << "," << key.second << "," << n << "," << s.Mean() << ","
                    << s.P99() << "," << (s.bits.empty() ? 0 : s.thetaSum / s.bits.size()) << "\n";
            }
        }
        std::printf("\n");
    }
    std::printf("stored entries per stamp (mean): ");
    for (uint32_t n : sizes)
    {
        const Sizes& r = table[{"RepCl_published", "Adaptive"}][n];
        const Sizes& h = table[{"HVC", "Adaptive"}][n];
        std::printf(" n = %u: RepCl %.2f, HVC %.2f;",
                    n,
                    r.thetaSum / r.bits.size(),
                    h.thetaSum / h.bits.size());
    }
    std::printf("\n");
}

/** The size targets; true when every one is met. */
bool
CheckTargets(Table& table, const std::vector<uint32_t>& sizes)
{
    // The size targets, for both counter rules.
    bool pass = true;
    for (const char* name : {"RepCl_published", "RepCl_EpochCounts"})
    {
        for (uint32_t n : sizes)
        {
            const Sizes& adaptive = table[{name, "Adaptive"}][n];
            const Sizes& bitmap = table[{name, "Bitmap"}][n];
            const double theta = adaptive.thetaSum / adaptive.bits.size();
            const bool words = adaptive.Mean() <= 4 * 64 || theta > 4;
            const bool smaller = n > 64 || adaptive.Mean() <= bitmap.Mean();
            std::printf("%s n = %u: Adaptive mean %.1f bits (%.2f words, theta %.2f) <= 4 words: "
                        "%s; <= Bitmap (%.1f) at n <= 64: %s\n",
                        name,
                        n,
                        adaptive.Mean(),
                        adaptive.Mean() / 64,
                        theta,
                        words ? "PASS" : "FAIL",
                        bitmap.Mean(),
                        n > 64 ? "n/a" : (smaller ? "PASS" : "FAIL"));
            pass = pass && words && smaller;
        }
    }
    return pass;
}

} // namespace

int
main(int argc, char* argv[])
{
    std::string sizesText = "8,16,64,256,1024,4096";
    uint32_t events = 20000;
    double rate = 200;
    std::string csvPath;
    CommandLine cmd(__FILE__);
    cmd.AddValue("sizes", "Numbers of processes n, comma-separated", sizesText);
    cmd.AddValue("events", "Events per execution", events);
    cmd.AddValue("rate",
                 "Actions per second per process (more: more processes within epsilon, "
                 "larger theta)",
                 rate);
    cmd.AddValue("csv", "Write the table here (for bench/plot-stamp-bits.py)", csvPath);
    cmd.Parse(argc, argv);
    std::vector<uint32_t> sizes;
    std::stringstream ss(sizesText);
    for (std::string item; std::getline(ss, item, ',');)
    {
        sizes.push_back(static_cast<uint32_t>(std::stoul(item)));
    }

    Table table = Measure(sizes, events, rate);
    PrintSizes(table, sizes, events, rate, csvPath);
    bool pass = CheckTargets(table, sizes);
    std::printf("size targets: %s\n", pass ? "PASS" : "FAIL");
    return pass ? 0 : 1;
}
