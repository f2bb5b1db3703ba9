/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// The sync study's network, clocks, load, protocol and faults (sync-study.h).

#include "sync-study.h"

#include "ns3/applications-module.h"
#include "ns3/constant-drift-oscillator.h"
#include "ns3/core-module.h"
#include "ns3/drifting-clock.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/packet-loss.h"
#include "ns3/point-to-point-module.h"
#include "ns3/power-law-oscillator.h"
#include "ns3/study-streams.h"
#include "ns3/temperature-profile.h"

#include <cmath>
#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SyncStudyBuild");

namespace
{
/** The board's temperature before a step, or the diurnal mean (room temperature), degC. */
constexpr double ROOM_C = 25.0;
} // namespace

void
SyncStudy::BuildNetwork()
{
    const std::vector<uint32_t> parents = m_network == "star"   ? LineParents(1)
                                          : m_network == "line" ? LineParents(m_switches)
                                                                : BinaryTreeParents(m_switches);
    SyncNetwork net =
        InstallSwitchTree(m_nodes, parents, m_linkDelay, m_asymmetry, m_cableMismatch > 0);
    m_hosts = net.hosts;
    m_switchNodes = net.switches;
    m_truth.assign(m_nodes, NodeTruth());
    for (uint32_t i = 0; i < m_nodes; ++i)
    {
        m_truth[i].switchIndex = net.switchOf[i];
    }
    m_net = net;
}

int64_t
SyncStudy::InstallClocks(StudyStreams& streams, int64_t next)
{
    auto draw = CreateObject<UniformRandomVariable>();
    next += streams.Assign(draw, next);
    PowerLawOscillator::Preset preset = PowerLawOscillator::NONE;
    for (auto p : {PowerLawOscillator::XO, PowerLawOscillator::TCXO, PowerLawOscillator::OCXO})
    {
        if (PowerLawOscillator::GetPresetName(p) == m_oscillator)
        {
            preset = p;
        }
    }
    const double tolerance = preset == PowerLawOscillator::NONE
                                 ? m_driftPpm
                                 : PowerLawOscillator::GetPresetTolerancePpm(preset);
    const double offsetNs = m_initialOffset.GetDouble() / NanoSeconds(1).GetDouble();
    // residence-rate ablated: the transparent clocks' switches keep their draw but run at the
    // true rate (a boundary clock steers its clock: no residence time to ablate).
    const bool trueRateSwitches =
        Ablated("residence-rate") && GetSync() == "ptp" && m_transparent && !m_boundary;
    NodeContainer all(m_hosts, m_switchNodes);
    for (uint32_t i = 0; i < all.GetN(); ++i)
    {
        // NTP's servers are stratum 1: their clocks are the reference (no drift, no offset).
        const bool reference = GetSync().find("ntp") != std::string::npos && i < m_ntpServers;
        const double drawn = draw->GetValue(-tolerance, tolerance);
        const double drift = reference || (i >= m_nodes && trueRateSwitches) ? 0.0 : drawn;
        const double drawnOffset = draw->GetValue(-offsetNs, offsetNs);
        const Time offset = reference ? Time(0) : NanoSeconds(std::llround(drawnOffset));
        Ptr<Oscillator> oscillator;
        if (preset == PowerLawOscillator::NONE || i >= m_nodes || reference)
        {
            oscillator =
                CreateObjectWithAttributes<ConstantDriftOscillator>("Drift", DoubleValue(drift));
        }
        else
        {
            auto pl = CreateObject<PowerLawOscillator>();
            ConfigurePreset(pl, preset);
            pl->SetAttribute("BaseDrift", DoubleValue(drift));
            // The step is a fan failing in the slaves' rack: host 0 (the grandmaster) stays at
            // room temperature, otherwise every node's frequency would move alike and the
            // relative skew would hide the step.
            if (m_temperature == "step" && i != 0)
            {
                std::ostringstream steps;
                steps.precision(17);
                steps << m_tempStepAt.GetSeconds() << ":" << ROOM_C + m_tempStep;
                pl->SetAttribute("TemperatureProfile",
                                 PointerValue(CreateObjectWithAttributes<StepTemperatureProfile>(
                                     "Initial",
                                     DoubleValue(ROOM_C),
                                     "Steps",
                                     StringValue(steps.str()),
                                     "ThermalTimeConstant",
                                     TimeValue(m_thermalTau))));
            }
            else if (m_temperature == "diurnal")
            {
                // One profile per node: each draws its own phase (its stream from the clock's).
                pl->SetAttribute("TemperatureProfile",
                                 PointerValue(CreateObjectWithAttributes<DiurnalTemperatureProfile>(
                                     "Mean",
                                     DoubleValue(ROOM_C),
                                     "Amplitude",
                                     DoubleValue(m_diurnalAmplitude),
                                     "Period",
                                     TimeValue(m_diurnalPeriod))));
            }
            oscillator = pl;
        }
        auto clock = CreateObjectWithAttributes<DriftingClock>("Oscillator",
                                                               PointerValue(oscillator),
                                                               "InitialOffset",
                                                               TimeValue(offset));
        all.Get(i)->AggregateObject(clock);
        next = streams.Assign(next, [&](int64_t s) { return clock->AssignStreams(s); });
        if (i < m_nodes)
        {
            m_truth[i].clock = clock;
            m_truth[i].driftPpm = drift;
        }
    }
    return next;
}

void
SyncStudy::ConfigurePreset(Ptr<PowerLawOscillator> pl, PowerLawOscillator::Preset preset) const
{
    const bool noise = Ablated("oscillator-noise");
    const bool temperature = Ablated("temperature");
    if (!noise)
    {
        pl->SetAttribute("Preset", StringValue(m_oscillator));
    }
    if (noise || temperature)
    {
        // Each noise type and the profile draw from streams of their own: a preset without
        // its noise, or a flat curve, leaves every other draw where it was.
        const FrequencyTemperatureCurve curve =
            PowerLawOscillator::GetPresetTemperatureCurve(preset);
        const double keep = temperature ? 0.0 : 1.0;
        pl->SetAttribute("PresetTemperatureCurve", BooleanValue(false));
        pl->SetAttribute("TemperatureReference", DoubleValue(curve.referenceC));
        pl->SetAttribute("TemperatureCoefficient1", DoubleValue(keep * curve.a1));
        pl->SetAttribute("TemperatureCoefficient2", DoubleValue(keep * curve.a2));
        pl->SetAttribute("TemperatureCoefficient3", DoubleValue(keep * curve.a3));
    }
}

int64_t
SyncStudy::InstallLoad(StudyStreams& streams, int64_t next)
{
    if (m_load <= 0)
    {
        return next;
    }
    InstallBurstLoad(m_net, m_load, m_duration);
    if (Ablated("queueing"))
    {
        // The flows exist and take their streams, but start after the end: the PTP messages
        // cross empty queues, and every later stream is the one of the loaded run.
        for (uint32_t i = 0; i < m_nodes; ++i)
        {
            for (uint32_t a = 0; a < m_hosts.Get(i)->GetNApplications(); ++a)
            {
                Ptr<Application> app = m_hosts.Get(i)->GetApplication(a);
                if (DynamicCast<OnOffApplication>(app))
                {
                    app->SetStartTime(m_duration + Seconds(1));
                    app->SetStopTime(m_duration + Seconds(2));
                }
            }
        }
    }
    for (uint32_t i = 0; i < m_nodes; ++i)
    {
        Ptr<Node> node = m_hosts.Get(i);
        next = streams.Assign(next, [&](int64_t s) {
            OnOffHelper onoff("ns3::UdpSocketFactory", Address());
            return onoff.AssignStreams(NodeContainer(node), s);
        });
    }
    return next;
}

int64_t
SyncStudy::InstallPtp(StudyStreams& streams, int64_t next)
{
    SyncPtpPlacement placement;
    placement.servo = m_servo;
    // The software class stamps in the kernel: the servo takes linuxptp's software gains.
    placement.timestampMode =
        Text("Timestamping") == "software" ? std::string("Software") : Text("TimestampMode");
    placement.transparent = m_transparent;
    placement.boundary = m_boundary;
    placement.grandmasterFailure = m_failure;
    placement.timestampNoise = m_timestampNoise;
    placement.hostDelay = m_hostDelay;
    placement.ablation =
        PtpStampAblation{Ablated("stamp-noise"), Ablated("quantization"), Ablated("phy-asymmetry")};
    m_ptp = InstallSyncPtp(*this, m_net, placement, streams, next);
    for (uint32_t i = 0; i < m_nodes; ++i)
    {
        m_ptp[i]->TraceConnectWithoutContext(
            "Offset",
            MakeCallback(&SyncStudy::RecordEstimate, this).Bind(i));
    }
    return next;
}

void
SyncStudy::RecordEstimate(uint32_t node, const PtpOffsetSample& sample)
{
    m_truth[node].estimates.emplace_back(Simulator::Now(),
                                         sample.offsetFromMaster.GetDouble() /
                                             NanoSeconds(1).GetDouble());
}

void
SyncStudy::OnTruthSample()
{
    CheckFailover();
    CheckRootDistance();
}

void
SyncStudy::CheckRootDistance()
{
    for (std::size_t i = 0; i < m_ntp.size(); ++i)
    {
        if (m_ntp[i] && m_ntp[i]->IsSynchronized())
        {
            const double boundNs =
                m_ntp[i]->GetRootDistance().GetDouble() / NanoSeconds(1).GetDouble();
            const double errorNs = std::fabs(m_sampler.GetToTrue(i).back());
            ++m_rootChecks;
            m_rootHeld += errorNs <= boundNs ? 1 : 0;
            m_rootDistanceNs.push_back(boundNs);
            m_rootErrorNs.push_back(errorNs);
        }
    }
}

void
SyncStudy::CheckFailover()
{
    const Time now = Simulator::Now();
    const bool failed = m_failure.IsStrictlyPositive() && now >= m_failure;
    if (failed && m_failoverAt == Time::Max() && !m_ptp.empty() && m_ptp[1]->IsGrandmaster())
    {
        bool all = true;
        for (std::size_t i = 2; i < m_ptp.size(); ++i)
        {
            all = all && m_ptp[i]->GetGrandmasterIdentity() == m_ptp[1]->GetClockIdentity() &&
                  m_ptp[i]->GetPortState(1) == PtpPortState::SLAVE;
        }
        m_failoverAt = all ? now : m_failoverAt;
    }
}

int64_t
SyncStudy::InstallFaults(StudyStreams& streams, int64_t next)
{
    if (m_lossRate > 0)
    {
        for (uint32_t d = 0; d < m_net.devices.GetN(); ++d)
        {
            Ptr<RateErrorModel> model = CreatePacketLossModel(m_lossRate);
            next = streams.Assign(next, [&](int64_t s) { return model->AssignStreams(s); });
            Ptr<NetDevice> device = m_net.devices.Get(d);
            device->SetAttribute("ReceiveErrorModel", PointerValue(model));
            device->TraceConnectWithoutContext(
                "PhyRxDrop",
                MakeCallback(+[](uint64_t* dropped, Ptr<const Packet>) {
                    ++*dropped;
                }).Bind(&m_dropped));
        }
    }
    if (m_masterStepAt.IsStrictlyPositive())
    {
        Ptr<DriftingClock> master = DynamicCast<DriftingClock>(m_truth[0].clock);
        Simulator::Schedule(m_masterStepAt, &DriftingClock::Step, master, m_masterStep);
    }
    if (!m_pcap.empty())
    {
        PointToPointHelper p2p;
        // The point's tag in the name: points of a sweep that share RngRun keep their own traces.
        p2p.EnablePcap(m_pcap + "/sync-" + std::to_string(GetRun()) + "-" +
                           PointTag({"Pcap", "SeriesFile"}),
                       m_net.devices,
                       false);
    }
    return next;
}

Time
SyncStudy::Build(StudyStreams& streams)
{
    NS_LOG_FUNCTION(this);
    BuildNetwork();
    int64_t next = InstallClocks(streams, 1);
    InternetStackHelper internet;
    next = streams.Assign(next, [&](int64_t s) {
        return internet.AssignStreams(NodeContainer(m_hosts, m_switchNodes), s);
    });
    next = InstallLoad(streams, next);
    if (GetSync() == "ptp")
    {
        next = InstallPtp(streams, next);
    }
    else if (GetSync() != "none")
    {
        SyncNtpPlacement placement{m_ntpServers,
                                   GetSync() == "sntp",
                                   m_liar,
                                   m_liarFrom,
                                   m_serverLoss,
                                   m_stratum2,
                                   m_rateLimit,
                                   m_badHeader};
        ApplicationContainer clients = InstallSyncNtp(*this, m_net, placement, streams, next);
        m_ntp.assign(m_nodes, nullptr);
        for (uint32_t c = 0; c < clients.GetN(); ++c)
        {
            m_ntp[m_ntpServers + c] = DynamicCast<NtpClient>(clients.Get(c));
        }
    }
    next = InstallFaults(streams, next);
    next = InstallCalibration(streams, next); // last: without it, no other stream moves
    std::vector<Ptr<LocalClock>> clocks;
    for (const auto& t : m_truth)
    {
        clocks.push_back(t.clock);
    }
    // After a grandmaster failure, host 0 runs free and leaves E (pairwise among the others).
    m_sampler.ExcludeFirstFrom(m_failure.IsStrictlyPositive() ? m_failure : Time::Max());
    m_sampler.SetOnSample(MakeCallback(&SyncStudy::OnTruthSample, this));
    m_sampler.Start(clocks, m_samplePeriod, m_duration);
    return m_duration + NanoSeconds(1);
}
} // namespace ns3
