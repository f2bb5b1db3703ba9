/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "sync-installer.h"

#include "ns3/boolean.h"
#include "ns3/chronometry-checkers.h"
#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/ntp-helper.h"
#include "ns3/pointer.h"
#include "ns3/ptp-helper.h"
#include "ns3/ptp-servo.h"
#include "ns3/random-variable-stream.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/study-streams.h"
#include "ns3/uinteger.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SyncInstaller");

namespace
{

/**
 * \param study the study (its forwarded ClockServo parameters)
 * \param placement the servo's TypeId name (or a deprecated short name) and time stamping
 * \return a new servo, created as ns-3 creates a plug-in (ObjectFactory from its TypeId)
 */
Ptr<ClockServo>
CreateSyncServo(const Study& study, const SyncPtpPlacement& placement)
{
    ObjectFactory factory;
    factory.SetTypeId(chronometry::ResolveTypeIdChoice(MakeSyncServoChecker(), placement.servo));
    Ptr<ClockServo> servo = factory.Create<ClockServo>();
    TypeId::AttributeInformation info;
    if (servo->GetInstanceTypeId().LookupAttributeByName("TimestampMode", &info))
    {
        // a servo whose gains depend on the time stamping (PiServo) follows the clock's
        servo->SetAttribute("TimestampMode", StringValue(placement.timestampMode));
    }
    study.ApplyForwarded(servo); // FirstStepThreshold, StepThreshold, RateCorrection
    return servo;
}

/**
 * Give the clock its own time stamp noise and host delay (each clock its own variable, so
 * every one draws from its own stream; values in ns, as PtpClock reads them) and the
 * placement's stamp ablation.
 * \param clock a clock
 * \param placement the noise's standard deviation and the delay's mean
 */
void
SetStampVariables(Ptr<PtpClock> clock, const SyncPtpPlacement& placement)
{
    const double ns = NanoSeconds(1).GetDouble();
    clock->SetStampAblation(placement.ablation);
    if (placement.timestampNoise.IsStrictlyPositive())
    {
        const double sigma = placement.timestampNoise.GetDouble() / ns;
        auto noise = CreateObject<NormalRandomVariable>();
        noise->SetAttribute("Variance", DoubleValue(sigma * sigma));
        noise->SetAttribute("Bound", DoubleValue(6 * sigma));
        clock->SetAttribute("TimestampNoise", PointerValue(noise));
    }
    if (placement.hostDelay.IsStrictlyPositive())
    {
        auto delay = CreateObject<ExponentialRandomVariable>();
        delay->SetAttribute("Mean", DoubleValue(placement.hostDelay.GetDouble() / ns));
        delay->SetAttribute("Bound", DoubleValue(20 * placement.hostDelay.GetDouble() / ns));
        clock->SetAttribute("HostDelay", PointerValue(delay));
    }
}

} // namespace

Ptr<const AttributeChecker>
MakeSyncServoChecker()
{
    // One checker, so that the deprecation note names the Attribute that uses it.
    static Ptr<const AttributeChecker> checker = chronometry::MakeTypeIdChoiceChecker(
        ClockServo::GetTypeId(),
        {{"pi", "ns3::PiServo"}, {"linreg", "ns3::LinRegServo"}, {"settime", "ns3::SetTimeServo"}});
    return checker;
}

std::vector<Ptr<PtpClock>>
InstallSyncPtp(const Study& study,
               const SyncNetwork& net,
               const SyncPtpPlacement& placement,
               StudyStreams& streams,
               int64_t& next)
{
    NS_LOG_FUNCTION(&study << net.hosts.GetN());
    PtpHelper ptp;
    for (const auto& forwarded : study.GetForwarded("ns3::PtpClock"))
    {
        ptp.SetClockAttribute(forwarded.first, *forwarded.second);
    }
    if (placement.transparent && !placement.boundary)
    {
        // The clock's enum is not the transparent clock's (EnumValue<T> is typed from
        // ns-3.41 on): pass its name.
        TypeId::AttributeInformation info;
        PtpClock::GetTypeId().LookupAttributeByName("DelayMechanism", &info);
        ptp.SetTransparentClockAttribute(
            "DelayMechanism",
            StringValue(
                study.GetForwardedValue("DelayMechanism")->SerializeToString(info.checker)));
        ptp.SetTransparentClockAttribute("PdelayReqInterval",
                                         *study.GetForwardedValue("PdelayReqInterval"));
    }
    if (placement.transparent && !placement.boundary && placement.ablation.quantization)
    {
        // the switches' ingress and egress stamps too, at one Time step
        ptp.SetTransparentClockAttribute("TimestampGranularity", TimeValue(Time::From(1)));
    }
    const bool failover = placement.grandmasterFailure.IsStrictlyPositive();
    std::vector<Ptr<PtpClock>> clocks;
    for (uint32_t i = 0; i < net.hosts.GetN(); ++i)
    {
        ptp.SetClockAttribute("Role", StringValue(failover ? "Auto" : i == 0 ? "Master" : "Slave"));
        ptp.SetClockAttribute("Priority1", UintegerValue(!failover || i > 1 ? 128 : i + 1));
        Ptr<PtpClock> clock = ptp.Install(net.hosts.Get(i));
        if (failover && i == 0)
        {
            clock->SetStopTime(placement.grandmasterFailure);
        }
        clock->SetAttribute("Servo", PointerValue(CreateSyncServo(study, placement)));
        SetStampVariables(clock, placement);
        clocks.push_back(clock);
    }
    for (uint32_t s = 0; s < net.switches.GetN(); ++s)
    {
        if (placement.boundary)
        {
            ptp.SetClockAttribute("Role", StringValue("Auto"));
            ptp.SetClockAttribute("Priority1", UintegerValue(254));
            Ptr<PtpClock> boundary = ptp.InstallBoundary(net.switches.Get(s));
            boundary->SetAttribute("Servo", PointerValue(CreateSyncServo(study, placement)));
            SetStampVariables(boundary, placement);
        }
        else if (placement.transparent)
        {
            ptp.InstallTransparent(net.switches.Get(s));
        }
    }
    NodeContainer all(net.hosts, net.switches);
    next = streams.Assign(next, [&](int64_t s) { return ptp.AssignStreams(all, s); });
    return clocks;
}

ApplicationContainer
InstallSyncNtp(const Study& study,
               const SyncNetwork& net,
               const SyncNtpPlacement& placement,
               StudyStreams& streams,
               int64_t& next)
{
    NS_LOG_FUNCTION(&study << net.hosts.GetN() << placement.servers);
    NtpHelper ntp;
    for (const auto& forwarded : study.GetForwarded("ns3::NtpClockDiscipline"))
    {
        ntp.SetDisciplineAttribute(forwarded.first, *forwarded.second);
    }
    for (const auto& forwarded : study.GetForwarded("ns3::NtpMitigation"))
    {
        ntp.SetMitigationAttribute(forwarded.first, *forwarded.second);
    }
    for (const auto& forwarded : study.GetForwarded("ns3::NtpClient"))
    {
        ntp.SetClientAttribute(forwarded.first, *forwarded.second);
    }
    ntp.SetClientAttribute("Mode", StringValue(placement.sntp ? "Sntp" : "Ntp"));
    ntp.SetServerAttribute("Stratum", UintegerValue(1));
    std::vector<Ipv4Address> servers;
    for (uint32_t i = 0; i < placement.servers; ++i)
    {
        const bool lying = i == 0 && placement.liarFrom.IsZero();
        ntp.SetServerAttribute("Offset", TimeValue(lying ? placement.liar : Time(0)));
        // Host 0's faults: RATE kisses, replies that fail the header checks.
        const std::string fault = i == 0 && placement.badHeader == "root-distance" ? "RootDistance"
                                  : i == 0 && placement.badHeader == "reference-time"
                                      ? "ReferenceTime"
                                      : "None";
        ntp.SetServerAttribute("HeaderFault", StringValue(fault));
        ntp.SetServerAttribute("RateLimit", TimeValue(i == 0 ? placement.rateLimit : Time(0)));
        Ptr<NtpServer> server = ntp.InstallServer(net.hosts.Get(i));
        if (i == 0 && placement.liarFrom.IsStrictlyPositive())
        {
            Simulator::Schedule(placement.liarFrom,
                                &NtpServer::SetAttribute,
                                server,
                                std::string("Offset"),
                                TimeValue(placement.liar));
        }
        if (i == 1 && placement.serverLoss.IsStrictlyPositive())
        {
            server->SetStopTime(placement.serverLoss);
        }
        servers.push_back(net.addresses.GetAddress(i));
    }
    ApplicationContainer clients;
    const uint32_t middle = placement.servers + placement.stratum2;
    if (placement.stratum2 > 0)
    {
        NtpHelper serving = ntp;
        serving.SetClientAttribute("Mode", StringValue("Ntp"));
        serving.SetClientAttribute("Serve", BooleanValue(true));
        std::vector<Ipv4Address> secondary;
        for (uint32_t i = placement.servers; i < middle; ++i)
        {
            clients.Add(serving.InstallClient(net.hosts.Get(i), servers));
            secondary.push_back(net.addresses.GetAddress(i));
        }
        servers = secondary;
    }
    for (uint32_t i = middle; i < net.hosts.GetN(); ++i)
    {
        clients.Add(ntp.InstallClient(net.hosts.Get(i), servers));
    }
    next = streams.Assign(next, [&](int64_t s) { return ntp.AssignStreams(net.hosts, s); });
    return clients;
}

void
SyncTruthSampler::Start(const std::vector<Ptr<LocalClock>>& clocks, Time period, Time stop)
{
    NS_LOG_FUNCTION(this << clocks.size() << period << stop);
    m_clocks = clocks;
    m_period = period;
    m_stop = stop;
    m_toFirst.assign(clocks.size(), {});
    m_toTrue.assign(clocks.size(), {});
    m_grid.clear();
    m_skew.clear();
    Simulator::Schedule(Time(0), &SyncTruthSampler::Sample, this);
}

void
SyncTruthSampler::ExcludeFirstFrom(Time from)
{
    m_excludeFirstFrom = from;
}

void
SyncTruthSampler::SetOnSample(Callback<void> onSample)
{
    m_onSample = onSample;
}

const std::vector<Time>&
SyncTruthSampler::GetGrid() const
{
    return m_grid;
}

const std::vector<double>&
SyncTruthSampler::GetSkew() const
{
    return m_skew;
}

const std::vector<double>&
SyncTruthSampler::GetToFirst(std::size_t i) const
{
    return m_toFirst.at(i);
}

const std::vector<double>&
SyncTruthSampler::GetToTrue(std::size_t i) const
{
    return m_toTrue.at(i);
}

void
SyncTruthSampler::Sample()
{
    const Time now = Simulator::Now();
    const double ns = NanoSeconds(1).GetDouble();
    // Exact readings (no flooring to a step): differences are taken before the conversion to
    // double, so a sub-nanosecond error is measured as such.
    const ClockValue first = m_clocks[0]->TrueToLocalExact(now);
    const ClockValue truth = ClockValue::FromSteps(now.GetTimeStep());
    const bool excluded = now >= m_excludeFirstFrom;
    double lo = 0;
    double hi = 0;
    bool any = false;
    for (std::size_t i = 0; i < m_clocks.size(); ++i)
    {
        const ClockValue local = m_clocks[i]->TrueToLocalExact(now);
        const double toFirst = (local - first).GetDouble() / ns;
        m_toFirst[i].push_back(toFirst);
        m_toTrue[i].push_back((local - truth).GetDouble() / ns);
        if (i > 0 || !excluded)
        {
            lo = any ? std::min(lo, toFirst) : toFirst;
            hi = any ? std::max(hi, toFirst) : toFirst;
            any = true;
        }
    }
    m_grid.push_back(now);
    m_skew.push_back(hi - lo);
    if (!m_onSample.IsNull())
    {
        m_onSample();
    }
    if (now + m_period <= m_stop)
    {
        Simulator::Schedule(m_period, &SyncTruthSampler::Sample, this);
    }
}

double
SyncQuantile(std::vector<double> v, double q)
{
    if (v.empty())
    {
        return 0;
    }
    std::sort(v.begin(), v.end());
    return v[std::min(v.size() - 1, static_cast<std::size_t>(q * v.size()))];
}

} // namespace ns3
