/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// The sync study's path asymmetry from its sources (cable mismatch per link, the time stamping
// class's PHY asymmetry, the explicit Asymmetry) and its calibration against a reference time
// instrument with its own error (sync-study.h, doc/sync.rst "Asymmetry and its calibration").

#include "sync-study.h"

#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/nstime.h"
#include "ns3/simulator.h"
#include "ns3/study-result.h"
#include "ns3/study-streams.h"

#include <algorithm>
#include <cmath>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SyncStudyCalibration");

namespace
{
/** Delay asymmetry per metre of fiber length mismatch (group index ~1.47; ITU-T G.8271). */
constexpr double NS_PER_METRE = 5.0;
/** The reference's readings: one per second (a 1 PPS output against a time interval counter). */
const Time READING_PERIOD = Seconds(1);

/**
 * \param t a time
 * \return it in ns
 */
double
Ns(Time t)
{
    return t.GetDouble() / NanoSeconds(1).GetDouble();
}
} // namespace

StudySchema
SyncStudy::AddCalibrationColumns(StudySchema rows)
{
    return rows
        .Real("asymmetry_cable_ns",
              "ns",
              "the path from host 0: the links' master-to-slave minus slave-to-master delay "
              "(CableMismatch and Asymmetry; the model's truth, for scoring only; empty: host 0)")
        .Real("asymmetry_phy_ns",
              "ns",
              "the Timestamping class's PHY asymmetry of host 0's port minus this host's (empty: "
              "host 0, or boundary clocks with a class that has one: their ports not modelled "
              "here)")
        .Real("asymmetry_true_ns",
              "ns",
              "the path's total static asymmetry a (cable + PHY; queueing not included): an "
              "uncorrected E2E slave sits a / 2 behind (empty: as asymmetry_phy_ns)")
        .Real("calibration_estimate_ns",
              "ns",
              "the asymmetry the calibration found: 2 x the DelayAsymmetry it set (empty: "
              "Calibration none, or host 0)")
        .Real("calibration_residual_ns",
              "ns",
              "asymmetry_true_ns - calibration_estimate_ns; the slave is left half of it off "
              "(empty: either is)");
}

StudySchema
SyncStudy::AddCalibrationSummary(StudySchema summary)
{
    return summary
        .Real("asymmetry_true_rms_ns",
              "ns",
              "rms over the slaves of asymmetry_true_ns: the error scale with no correction "
              "(empty: not known)")
        .Real("calibration_residual_rms_ns",
              "ns",
              "rms over the slaves of calibration_residual_ns (empty: no calibration, or the "
              "truth not known)");
}

void
SyncStudy::ValidateCalibration() const
{
    if (m_calibration == "none")
    {
        return;
    }
    if (GetSync() != "ptp" || m_failure.IsStrictlyPositive() || m_calStart + m_calWindow > m_warmup)
    {
        Refuse({"Calibration",
                "Sync",
                "GrandmasterFailure",
                "CalibrationStart",
                "CalibrationWindow",
                "Warmup"},
               Describe("Calibration") + " is invalid with " + Describe("Sync") + ", " +
                   Describe("GrandmasterFailure") + ", " + Describe("CalibrationStart") + ", " +
                   Describe("CalibrationWindow") + " and " + Describe("Warmup") +
                   "; valid: Sync ptp, no grandmaster failure, and CalibrationStart + "
                   "CalibrationWindow no later than Warmup (every scored instant after it)");
    }
    if (m_calibration == "oracle-bound" && m_boundary && Text("Timestamping") != "custom" &&
        Text("Timestamping") != "ideal")
    {
        Refuse({"Calibration", "BoundaryClocks", "Timestamping"},
               Describe("Calibration") + " is invalid with " + Describe("BoundaryClocks") +
                   " and " + Describe("Timestamping") +
                   "; valid: reference or none (the boundary clocks' PHY asymmetry is not "
                   "modelled as a truth here)");
    }
}

int64_t
SyncStudy::InstallCalibration(StudyStreams& streams, int64_t next)
{
    if (m_cableMismatch > 0)
    {
        auto metres =
            CreateObjectWithAttributes<UniformRandomVariable>("Min",
                                                              DoubleValue(-m_cableMismatch),
                                                              "Max",
                                                              DoubleValue(m_cableMismatch));
        next = streams.Assign(metres, next);
        for (std::size_t link = 0; link < m_net.linkAsymmetry.size(); ++link)
        {
            const Time cable = Time::FromDouble(metres->GetValue() * NS_PER_METRE, Time::NS);
            SetLinkAsymmetry(m_net, link, m_net.linkAsymmetry[link] + cable);
        }
    }
    if (m_calibration == "none")
    {
        return next;
    }
    if (m_calibration == "reference")
    {
        auto bias = CreateObjectWithAttributes<NormalRandomVariable>(
            "Variance",
            DoubleValue(Ns(m_calBias) * Ns(m_calBias)));
        next = streams.Assign(bias, next);
        m_calNoiseVar = CreateObjectWithAttributes<NormalRandomVariable>(
            "Variance",
            DoubleValue(Ns(m_calNoise) * Ns(m_calNoise)));
        next = streams.Assign(m_calNoiseVar, next);
        for (uint32_t i = 1; i < m_nodes; ++i)
        {
            m_truth[i].calBiasNs = bias->GetValue(); // one bias per slave's calibration
        }
        for (Time at = m_calStart; at < m_calStart + m_calWindow; at += READING_PERIOD)
        {
            Simulator::Schedule(at, &SyncStudy::CalibrationReading, this);
        }
    }
    Simulator::Schedule(m_calStart + m_calWindow, &SyncStudy::ApplyCalibration, this);
    return next;
}

void
SyncStudy::CalibrationReading()
{
    const Time now = Simulator::Now();
    const double master = Ns(m_truth[0].clock->TrueToLocal(now));
    for (uint32_t i = 1; i < m_nodes; ++i)
    {
        // The instrument reads the slave against host 0's time (a GNSS common-view comparison:
        // both sides against the same satellites), wrong by its bias and its reading noise.
        const double error = m_truth[i].calBiasNs + m_calNoiseVar->GetValue();
        m_truth[i].calSumNs += Ns(m_truth[i].clock->TrueToLocal(now)) - master + error;
        ++m_truth[i].calReadings;
    }
}

void
SyncStudy::ApplyCalibration()
{
    for (uint32_t i = 1; i < m_nodes; ++i)
    {
        NodeTruth& t = m_truth[i];
        Time applied;
        if (m_calibration == "oracle-bound")
        {
            const auto a = TrueAsymmetry(i);
            applied = (a->first + a->second) / 2;
        }
        else
        {
            // E2E leaves the slave at o = DelayAsymmetry - a / 2: from its mean offset o to
            // the reference, a / 2 = DelayAsymmetry - o.
            TimeValue current;
            m_ptp[i]->GetAttribute("DelayAsymmetry", current);
            const double mean = t.calSumNs / static_cast<double>(t.calReadings);
            applied = current.Get() - Time::FromDouble(mean, Time::NS);
        }
        NS_LOG_LOGIC("host " << i << ": DelayAsymmetry " << applied);
        m_ptp[i]->SetAttribute("DelayAsymmetry", TimeValue(applied));
        t.calApplied = applied;
    }
}

std::optional<std::pair<Time, Time>>
SyncStudy::TrueAsymmetry(uint32_t i) const
{
    const Time wire = PathAsymmetry(m_net, 0, i);
    const std::string stamping = Text("Timestamping");
    if (GetSync() != "ptp" || stamping == "custom" || stamping == "ideal")
    {
        return std::make_pair(wire, Time(0));
    }
    if (m_boundary)
    {
        return std::nullopt; // every hop has its own ports: not summed here
    }
    // A TX stamp taken a / 2 early and an RX stamp a / 2 early: the master's port lengthens
    // the apparent master-to-slave delay by its a and the slave's shortens it by its own.
    return std::make_pair(wire, m_ptp[0]->GetPhyAsymmetry(1) - m_ptp[i]->GetPhyAsymmetry(1));
}

void
SyncStudy::SetCalibrationColumns(StudyRecord& row, uint32_t i) const
{
    const char* columns[] = {"asymmetry_cable_ns",
                             "asymmetry_phy_ns",
                             "asymmetry_true_ns",
                             "calibration_estimate_ns",
                             "calibration_residual_ns"};
    const auto a = i == 0 ? std::nullopt : TrueAsymmetry(i);
    const std::optional<Time> applied = i == 0 ? std::nullopt : m_truth[i].calApplied;
    row.Set("asymmetry_cable_ns", i == 0 ? 0.0 : Ns(PathAsymmetry(m_net, 0, i)));
    row.Set("asymmetry_phy_ns", a ? Ns(a->second) : 0.0);
    row.Set("asymmetry_true_ns", a ? Ns(a->first + a->second) : 0.0);
    row.Set("calibration_estimate_ns", applied ? 2 * Ns(*applied) : 0.0);
    row.Set("calibration_residual_ns",
            a && applied ? Ns(a->first + a->second) - 2 * Ns(*applied) : 0.0);
    const bool known[] = {i != 0, a.has_value(), a.has_value(), applied.has_value(), a && applied};
    for (std::size_t c = 0; c < 5; ++c)
    {
        if (!known[c])
        {
            row.SetNotApplicable(columns[c]);
        }
    }
}

void
SyncStudy::MeasureCalibration(StudyResult& r) const
{
    double trueSq = 0;
    double residualSq = 0;
    bool known = m_nodes > 1 && GetSync() == "ptp";
    for (uint32_t i = 1; known && i < m_nodes; ++i)
    {
        const auto a = TrueAsymmetry(i);
        known = a.has_value();
        const double truth = a ? Ns(a->first + a->second) : 0.0;
        trueSq += truth * truth;
        const double applied = m_truth[i].calApplied ? 2 * Ns(*m_truth[i].calApplied) : 0.0;
        residualSq += (truth - applied) * (truth - applied);
    }
    const double slaves = std::max(1.0, m_nodes - 1.0);
    r.Set("asymmetry_true_rms_ns", std::sqrt(trueSq / slaves));
    r.Set("calibration_residual_rms_ns", std::sqrt(residualSq / slaves));
    if (!known)
    {
        r.GetSummary().SetNotApplicable("asymmetry_true_rms_ns");
    }
    if (!known || m_calibration == "none")
    {
        r.GetSummary().SetNotApplicable("calibration_residual_rms_ns");
    }
}

} // namespace ns3
