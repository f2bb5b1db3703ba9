/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "relation-study-scoring.h"

#include "ns3/chronometry-validation.h"
#include "ns3/log.h"
#include "ns3/multi-round-relation.h"
#include "ns3/multi-round-scenarios.h"
#include "ns3/return-trip.h"
#include "ns3/tsc-relation.h"
#include "ns3/tsc-scenarios.h"

#include <algorithm>
#include <cmath>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("RelationStudyScoring");

using namespace relation;

namespace
{

/** Errors and bounds of one (method, path), in seconds. */
struct ErrorTally
{
    uint32_t n{0};            //!< durations measured
    uint32_t covered{0};      //!< |error| <= bound
    uint32_t paperCovered{0}; //!< |error| <= the paper's bound (CP methods), else = covered
    double sumBound{0};       //!< sum of bounds
    double maxBound{0};       //!< max bound
    double sumErr{0};         //!< sum of |error|
    double maxErr{0};         //!< max |error|

    /**
     * \param est estimate
     * \param truth truth
     * \param bound bound
     * \param paper the paper's bound (< 0: none)
     */
    void Add(double est, double truth, double bound, double paper = -1)
    {
        double err = std::abs(est - truth);
        ++n;
        covered += err <= bound ? 1 : 0;
        paperCovered += (paper < 0 ? err <= bound : err <= paper) ? 1 : 0;
        sumBound += bound;
        maxBound = std::max(maxBound, bound);
        sumErr += err;
        maxErr = std::max(maxErr, err);
    }
};

/** (method, path) -> its tally */
using Tallies = std::map<std::pair<std::string, std::string>, ErrorTally>;

/** The relations of the three pairs (0 = A, 1 = B, 2 = C). */
struct Relations
{
    TscRelation ab;         //!< A-B, quiet windows
    TscRelation ac;         //!< A-C, quiet windows
    TscRelation bc;         //!< B-C, quiet windows
    TscRelation abBusy;     //!< A-B, busy windows
    TscRelation acBusy;     //!< A-C, busy windows
    TscRelation bcBusy;     //!< B-C, busy windows
    MultiRoundRelation mab; //!< A-B, every window
    MultiRoundRelation mac; //!< A-C, every window
    MultiRoundRelation mbc; //!< B-C, every window
    uint64_t refuted{0};    //!< fits whose affine model was refuted
};

/**
 * \param run the read-out
 * \param w window
 * \param i initiator
 * \param j responder
 * \return the rounds of (w, i, j) (a configuration error if there are none)
 */
const std::vector<MinRttRound>&
Rounds(const RelationReadOut& run, const std::string& w, uint32_t i, uint32_t j)
{
    auto it = run.rounds.find({w, i, j});
    if (it == run.rounds.end() || it->second.empty())
    {
        chronometry::ReportConfigError("RelationStudy: no probe round completed in window " + w +
                                       " for pair " + std::to_string(i) + "->" + std::to_string(j) +
                                       " (load too high?)");
    }
    return it->second;
}

/**
 * \param run the read-out
 * \param i initiator
 * \param j responder
 * \return half the smallest RTT of the pair over every window, at i's nominal rate, in us
 */
double
HalfMinRttUs(const RelationReadOut& run, uint32_t i, uint32_t j)
{
    uint64_t best = UINT64_MAX;
    for (const auto& [key, v] : run.rounds)
    {
        if (std::get<1>(key) == i && std::get<2>(key) == j)
        {
            for (const auto& r : v)
            {
                best = std::min(best, r.RttTicks());
            }
        }
    }
    return best == UINT64_MAX ? 0.0 : 0.5 * static_cast<double>(best) / run.nominalHz[i] * 1e6;
}

/**
 * \param run the read-out
 * \param i one node
 * \param j the other
 * \return half the true minimum RTT of the i-j path (smallest one-way delay each way, from
 *         the simulator), in us; 0 when a direction carried no packet
 */
double
HalfTrueMinRttUs(const RelationReadOut& run, uint32_t i, uint32_t j)
{
    auto there = run.trueMinOneWay.find({i, j});
    auto back = run.trueMinOneWay.find({j, i});
    if (there == run.trueMinOneWay.end() || back == run.trueMinOneWay.end())
    {
        return 0.0;
    }
    return 0.5 * (there->second + back->second).GetSeconds() * 1e6;
}

/** The order of the rows. */
const std::vector<std::pair<std::string, std::string>> ROWS{{"CP", "A->C"},
                                                            {"CP_BUSY", "A->C"},
                                                            {"CP_MULTI", "A->C"},
                                                            {"ReT", "A->C"},
                                                            {"NTP", "A->C"},
                                                            {"CP", "B->C"},
                                                            {"CP_BASELINE", "B->C"},
                                                            {"CP_BUSY", "B->C"},
                                                            {"CP_MULTI", "B->C"},
                                                            {"NTP", "B->C"},
                                                            {"CP", "B"},
                                                            {"CP_BUSY", "B"},
                                                            {"CP_MULTI", "B"}};

/**
 * Add one tuple's durations, as every method estimates them, to the tallies.
 * \param t the tuple
 * \param rel the relations
 * \param fA A's nominal frequency (Hz): ticks to seconds
 * \param phi NTP's and the return trip's bound on the rate difference, ppm
 * \param tallies the tallies
 */
void
TallyTuple(const RelationTuple& t, const Relations& rel, double fA, double phi, Tallies& tallies)
{
    auto sec = [fA](double ticks) { return ticks / fA; };
    auto addCp = [&](const std::string& m,
                     const std::string& d,
                     const DurationEstimate& e,
                     double truthTicks) {
        tallies[{m, d}].Add(sec(e.value), sec(truthTicks), sec(e.bound), sec(e.paperBound));
    };
    auto addMulti = [&](const std::string& d, const TickEstimate& e, double truthTicks) {
        tallies[{"CP_MULTI", d}].Add(sec(e.value), sec(truthTicks), sec(e.bound));
    };
    // the NTP estimate of a duration: both ends synchronized to the server, whose and A's
    // rates differ by at most phi over the duration
    auto addNtp = [&](const std::string& d,
                      const TimeEstimate& from,
                      const TimeEstimate& to,
                      double truthTicks) {
        double est = (to.value - from.value).GetSeconds();
        tallies[{"NTP", d}].Add(est,
                                sec(truthTicks),
                                (from.bound + to.bound).GetSeconds() + phi * 1e-6 * std::abs(est) +
                                    2e-9);
    };
    const bool fitAB = rel.mab.GetFitStatus() == MultiRoundRelation::OK;
    const bool fitAC = rel.mac.GetFitStatus() == MultiRoundRelation::OK;
    const bool fitBC = rel.mbc.GetFitStatus() == MultiRoundRelation::OK;
    // A -> C (scenario 2)
    addCp("CP", "A->C", Scenario2(rel.ac, t.emitA, t.sinkInC), t.trueAC);
    addCp("CP_BUSY", "A->C", Scenario2(rel.acBusy, t.emitA, t.sinkInC), t.trueAC);
    if (fitAC)
    {
        addMulti("A->C", multi::Scenario2(rel.mac, t.emitA, t.sinkInC), t.trueAC);
    }
    if (t.returnArrivalA)
    {
        TimeEstimate ret = ReturnTrip(Time(0), Time(0), t.returnRtt, phi);
        double est = sec(static_cast<double>(*t.returnArrivalA - t.emitA));
        // the return RTT is on C's clock: A's rate may differ by phi
        tallies[{"ReT", "A->C"}].Add(est, sec(t.trueAC), ret.bound.GetSeconds() + 2e-9);
    }
    if (t.ntpAtA && t.ntpAtC)
    {
        addNtp("A->C", *t.ntpAtA, *t.ntpAtC, t.trueAC);
    }
    // B -> C (scenario 3)
    addCp("CP", "B->C", Scenario3(rel.ab, rel.bc, t.relayInB, t.sinkInC), t.trueBC);
    addCp("CP_BASELINE", "B->C", Baseline(rel.ab, rel.ac, t.relayInB, t.sinkInC), t.trueBC);
    addCp("CP_BUSY", "B->C", Scenario3(rel.abBusy, rel.bcBusy, t.relayInB, t.sinkInC), t.trueBC);
    if (fitAB && fitBC && fitAC)
    {
        addMulti("B->C",
                 multi::Scenario3(rel.mab, rel.mbc, rel.mac, t.relayInB, t.sinkInC),
                 t.trueBC);
    }
    if (t.ntpAtB && t.ntpAtC)
    {
        addNtp("B->C", *t.ntpAtB, *t.ntpAtC, t.trueBC);
    }
    // B (scenario 1)
    addCp("CP", "B", Scenario1(rel.ab, t.relayInB, t.relayOutB), t.trueB);
    addCp("CP_BUSY", "B", Scenario1(rel.abBusy, t.relayInB, t.relayOutB), t.trueB);
    if (fitAB)
    {
        addMulti("B", multi::Scenario1(rel.mab, t.relayInB, t.relayOutB), t.trueB);
    }
}

} // namespace

RelationStudyScoring::RelationStudyScoring(const DriftWander& wander,
                                           bool bothDirections,
                                           double phiPpm)
    : m_wander(wander),
      m_bothDirections(bothDirections),
      m_phi(phiPpm)
{
}

void
RelationStudyScoring::SetMeasuredStep(bool measured)
{
    m_measuredStep = measured;
}

double
RelationStudyScoring::MeasuredStepPpm(const RelationReadOut& run, uint32_t i, uint32_t j)
{
    // (peer position, initiator midpoint) of each window's MinRTT round, relative to the first
    std::vector<std::pair<double, double>> points;
    const MinRttRound first = SelectMinRtt(Rounds(run, "pre", i, j));
    for (const char* w : {"pre", "busy1", "busy2", "post"})
    {
        const MinRttRound r = SelectMinRtt(Rounds(run, w, i, j));
        points.emplace_back(static_cast<double>(static_cast<int64_t>(r.peerB - first.peerB)),
                            r.MidFrom(first.sendA));
    }
    std::sort(points.begin(), points.end()); // Extrapolate moves post before the busy ones
    const double overall = (points.back().second - points.front().second) /
                           (points.back().first - points.front().first);
    double lo = overall;
    double hi = overall;
    for (std::size_t k = 0; k + 1 < points.size(); ++k)
    {
        const double dx = points[k + 1].first - points[k].first;
        if (dx <= 0)
        {
            continue;
        }
        const double u = (points[k + 1].second - points[k].second) / dx;
        lo = std::min(lo, u);
        hi = std::max(hi, u);
    }
    return (hi - lo) / overall * 1e6;
}

RelationStudyScoring::Counts
RelationStudyScoring::Score(const RelationReadOut& run, StudyResult& result) const
{
    NS_LOG_FUNCTION(this << run.tuples.size());
    // J per pair: the term's, or measured from the pair's own windows
    std::map<std::pair<uint32_t, uint32_t>, double> step;
    for (const auto& [i, j] : {std::pair<uint32_t, uint32_t>{0, 1}, {0, 2}, {1, 2}})
    {
        step[{i, j}] = m_measuredStep ? MeasuredStepPpm(run, i, j) : m_wander.stepPpm;
    }
    // the drift-wander term with the peer's (x-axis) nominal rate
    auto wander = [&](uint32_t initiator, uint32_t peer) {
        DriftWander w = m_wander;
        w.peerFrequencyHz = run.nominalHz[peer];
        w.stepPpm = step.at({initiator, peer});
        return w;
    };
    auto two = [&](const std::string& w1, const std::string& w2, uint32_t i, uint32_t j) {
        return TscRelation(SelectMinRtt(Rounds(run, w1, i, j)),
                           SelectMinRtt(Rounds(run, w2, i, j)),
                           1.0,
                           wander(i, j));
    };
    Counts counts;
    counts.stepAcPpm = step.at({0, 2});
    auto all = [&](uint32_t i, uint32_t j) {
        MultiRoundRelation m;
        m.SetDriftWander(wander(i, j));
        for (const char* w : {"pre", "busy1", "busy2", "post"})
        {
            m.AddRounds(Rounds(run, w, i, j));
            if (m_bothDirections)
            {
                m.AddReverseRounds(Rounds(run, w, j, i));
            }
        }
        // a refuted affine model (a drift step or walk without its wander term) is a result:
        // that pair's CP_MULTI durations are not estimated (n counts only fitted ones)
        if (!m.Fit())
        {
            ++counts.refuted;
        }
        return m;
    };
    const Relations rel{two("pre", "post", 0, 1),
                        two("pre", "post", 0, 2),
                        two("pre", "post", 1, 2),
                        two("busy1", "busy2", 0, 1),
                        two("busy1", "busy2", 0, 2),
                        two("busy1", "busy2", 1, 2),
                        all(0, 1),
                        all(0, 2),
                        all(1, 2)};

    const double fA = run.nominalHz[0];
    auto sec = [fA](double ticks) { return ticks / fA; };
    Tallies tallies;
    double sumLatency = 0;
    for (const RelationTuple& t : run.tuples)
    {
        ++counts.tuples;
        sumLatency += sec(t.trueAC);
        TallyTuple(t, rel, fA, m_phi, tallies);
    }
    // Per run, in every row (the CSV's layout).
    const double quietUs =
        Seconds(sec(SelectMinRtt(Rounds(run, "pre", 0, 2)).Rtt())).GetSeconds() * 1e6;
    const std::map<std::string, double> halfRtt{{"A->C", HalfMinRttUs(run, 0, 2)},
                                                {"B->C", HalfMinRttUs(run, 1, 2)},
                                                {"B", HalfMinRttUs(run, 0, 1)}};
    const std::map<std::string, double> halfTrueRtt{{"A->C", HalfTrueMinRttUs(run, 0, 2)},
                                                    {"B->C", HalfTrueMinRttUs(run, 1, 2)},
                                                    {"B", HalfTrueMinRttUs(run, 0, 1)}};
    const double busyUs =
        Seconds(sec(SelectMinRtt(Rounds(run, "busy1", 0, 2)).Rtt())).GetSeconds() * 1e6;
    const double latencyUs =
        Seconds(counts.tuples ? sumLatency / counts.tuples : 0).GetSeconds() * 1e6;
    for (const auto& o : ROWS)
    {
        const ErrorTally& a = tallies[o];
        StudyRecord& row = result.AddRow();
        row.Set("method", o.first);
        row.Set("path", o.second);
        row.Set("n", a.n);
        row.Set("covered", a.covered);
        row.Set("paper_covered", a.paperCovered);
        // Through Time, as the bounds always were: whole nanoseconds.
        Time meanBound = a.n > 0 ? Seconds(a.sumBound / a.n) : Time(0);
        Time meanErr = a.n > 0 ? Seconds(a.sumErr / a.n) : Time(0);
        row.Set("mean_bound_us", meanBound.GetSeconds() * 1e6);
        row.Set("max_bound_us", Seconds(a.maxBound).GetSeconds() * 1e6);
        row.Set("mean_abs_error_us", meanErr.GetSeconds() * 1e6);
        row.Set("max_abs_error_us", Seconds(a.maxErr).GetSeconds() * 1e6);
        row.Set("min_rtt_quiet_us", quietUs);
        row.Set("min_rtt_busy_us", busyUs);
        row.Set("mean_latency_us", latencyUs);
        const double half = halfRtt.at(o.second);
        row.Set("half_min_rtt_us", half);
        row.Set("bound_ratio", half > 0 ? meanBound.GetSeconds() * 1e6 / half : 0.0);
        const double halfTrue = halfTrueRtt.at(o.second);
        row.Set("half_true_min_rtt_us", halfTrue);
        row.Set("bound_ratio_true_path",
                halfTrue > 0 ? meanBound.GetSeconds() * 1e6 / halfTrue : 0.0);
    }
    return counts;
}

} // namespace ns3
