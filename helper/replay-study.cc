/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "replay-study.h"

#include "causality-helper.h"
#include "clock-helper.h"

#include "ns3/boolean.h"
#include "ns3/chronometry-validation.h"
#include "ns3/core-module.h"
#include "ns3/csma-module.h"
#include "ns3/internet-module.h"
#include "ns3/replay-workload-application.h"
#include "ns3/study-lan.h"
#include "ns3/udp-send-jitter.h"

#include <algorithm>
#include <chrono>
#include <map>
#include <sstream>

namespace ns3
{

void
ReplayStudyParams::Validate() const
{
    chronometry::RequireDoubleInRange("ReplayStudy: nodes", nodes, 2, 1024, "");
    chronometry::RequireTimeInRange("ReplayStudy: skew (E)", skew, Time::From(1), Seconds(10));
    chronometry::RequireTimeInRange("ReplayStudy: interval (I)", interval, Time::From(1), skew);
    if (skew.GetTimeStep() % interval.GetTimeStep() != 0)
    {
        chronometry::ReportConfigError(
            "ReplayStudy: skew (E) = " + std::to_string(skew.GetNanoSeconds()) +
            " ns is invalid; valid: a multiple of interval (I) = " +
            std::to_string(interval.GetNanoSeconds()) + " ns");
    }
    chronometry::RequireTimeInRange("ReplayStudy: delay (delta)", delay, Time(0), Seconds(1));
    chronometry::RequireTimeInRange("ReplayStudy: jitter", jitter, Time(0), Seconds(1));
    if (jitter.IsStrictlyPositive() && !onWire)
    {
        chronometry::ReportConfigError(
            "ReplayStudy: jitter > 0 needs onWire = true (with byte tags the stamp is taken "
            "after the jitter, so the jitter would not separate send and receive events)");
    }
    chronometry::RequireDoubleInRange("ReplayStudy: rate (alpha)", rate, 0, 1e6, "msgs/s", false);
    chronometry::RequireDoubleInRange("ReplayStudy: localRate", localRate, 0, 1e6, "/s");
    chronometry::RequireTimeInRange("ReplayStudy: duration", duration, MilliSeconds(1), Hours(1));
    if (clockModel != "bounded" && clockModel != "thesis" && clockModel != "drifting")
    {
        chronometry::ReportConfigError("ReplayStudy: clockModel = '" + clockModel +
                                       "' is invalid; valid values: bounded, thesis, drifting");
    }
    if (counterRule != "Published" && counterRule != "EpochCounts")
    {
        chronometry::ReportConfigError("ReplayStudy: counterRule = '" + counterRule +
                                       "' is invalid; valid values: Published, EpochCounts");
    }
    chronometry::RequireDoubleInRange("ReplayStudy: counterBits", counterBits, 1, 64, "bits");
    chronometry::RequireDoubleInRange("ReplayStudy: run", static_cast<double>(run), 1, 1e18, "");
}

namespace
{

/** Mean, 99th percentile and maximum of a sample. */
struct Summary
{
    double mean = 0; //!< mean
    double p99 = 0;  //!< 99th percentile (nearest rank)
    double max = 0;  //!< maximum
};

Summary
Summarize(std::vector<double> v)
{
    Summary s;
    if (v.empty())
    {
        return s;
    }
    std::sort(v.begin(), v.end());
    double sum = 0;
    for (double x : v)
    {
        sum += x;
    }
    s.mean = sum / v.size();
    s.p99 = v[std::min(v.size() - 1, static_cast<std::size_t>(0.99 * v.size()))];
    s.max = v.back();
    return s;
}

} // namespace

ReplayStudyResult
ReplayStudy::Run(const ReplayStudyParams& params)
{
    params.Validate();
    auto start = std::chrono::steady_clock::now();
    RngSeedManager::SetRun(params.run);

    NodeContainer nodes;
    nodes.Create(params.nodes);
    StudyLan lan = InstallStudyLan(nodes, "500Mbps", params.delay, "10.0.0.0", "255.0.0.0");
    const Ipv4InterfaceContainer& interfaces = lan.interfaces;

    ClockHelper clocks;
    if (params.clockModel == "drifting")
    {
        auto offset = CreateObject<UniformRandomVariable>();
        offset->SetAttribute("Min", DoubleValue(-params.skew.GetNanoSeconds() / 2.0));
        offset->SetAttribute("Max", DoubleValue(params.skew.GetNanoSeconds() / 2.0));
        auto drift = CreateObject<UniformRandomVariable>();
        drift->SetAttribute("Min", DoubleValue(-50));
        drift->SetAttribute("Max", DoubleValue(50));
        offset->SetStream(1000001);
        drift->SetStream(1000002);
        clocks.SetOffset(offset);
        clocks.SetDrift(drift);
    }
    else
    {
        clocks.SetClock("ns3::BoundedSkewClock",
                        "Bound",
                        TimeValue(params.skew),
                        "Form",
                        StringValue(params.clockModel == "thesis" ? "Thesis" : "Bounded"));
    }
    clocks.Install(nodes);
    // Every random variable gets a fixed stream, so a point depends only on its parameters
    // and RngRun, even after other runs in the same process.
    int64_t stream = 1;
    stream += clocks.AssignStreams(nodes, stream);
    stream += lan.AssignStreams(stream);

    if (params.jitter.IsStrictlyPositive())
    {
        // Installed before the stampers, so that a segment is stamped, then delayed.
        for (uint32_t i = 0; i < params.nodes; ++i)
        {
            auto jitter = CreateObject<UdpSendJitter>();
            jitter->SetAttribute("Jitter",
                                 StringValue("ns3::UniformRandomVariable[Min=0|Max=" +
                                             std::to_string(params.jitter.GetNanoSeconds()) + "]"));
            nodes.Get(i)->AggregateObject(jitter);
            jitter->Start();
            stream += jitter->AssignStreams(stream);
        }
    }
    CausalityHelper causality;
    causality.SetStamperAttribute("OnWire", BooleanValue(params.onWire));
    causality.SetStamperAttribute("Interval", TimeValue(params.interval));
    if (params.clockModel == "drifting")
    {
        // A drifting clock promises no bound: E is the study's assumption, given here.
        causality.SetStamperAttribute(
            "Epsilon",
            UintegerValue(params.skew.GetTimeStep() / params.interval.GetTimeStep()));
        causality.SetStamperAttribute("HvcEpsilon", TimeValue(params.skew));
    } // else the stampers take E from the BoundedSkewClocks (Bound = skew)
    causality.SetStamperAttribute("CounterRule", StringValue(params.counterRule));
    causality.SetStamperAttribute("SumCounters", BooleanValue(params.sumCounters));
    causality.SetStamperAttribute("CounterBits", UintegerValue(params.counterBits));
    Ptr<CausalityLog> log = causality.Install(nodes);

    std::vector<Ipv4Address> peers;
    for (uint32_t i = 0; i < params.nodes; ++i)
    {
        peers.push_back(interfaces.GetAddress(i));
    }
    std::vector<Ptr<ReplayWorkloadApplication>> apps;
    for (uint32_t i = 0; i < params.nodes; ++i)
    {
        auto app =
            CreateObjectWithAttributes<ReplayWorkloadApplication>("MessageRate",
                                                                  DoubleValue(params.rate),
                                                                  "LocalEventRate",
                                                                  DoubleValue(params.localRate),
                                                                  "Poisson",
                                                                  BooleanValue(params.poisson));
        app->SetPeers(peers, i);
        stream += app->AssignStreams(stream);
        app->SetStartTime(Time(0));
        app->SetStopTime(params.duration);
        nodes.Get(i)->AddApplication(app);
        apps.push_back(app);
    }
    // Let the last messages arrive before stopping.
    Simulator::Stop(params.duration + params.delay + MilliSeconds(1));
    Simulator::Run();

    ReplayStudyResult r;
    r.params = params;
    const auto& events = log->GetEvents();
    r.events = events.size();
    for (const auto& app : apps)
    {
        r.messages += app->GetSent();
    }
    std::vector<double> theta;
    std::vector<double> sigma;
    std::vector<double> bits;
    std::vector<double> hvc;
    double vectorBits = 0;
    std::map<uint64_t, Time> sentAt;
    std::vector<double> delays;
    for (const auto& e : events)
    {
        if (e.kind == CausalEventKind::SEND)
        {
            sentAt[e.messageId] = e.trueTime;
        }
        else if (e.kind == CausalEventKind::RECEIVE && sentAt.count(e.messageId))
        {
            delays.push_back((e.trueTime - sentAt[e.messageId]).GetNanoSeconds() / 1e3);
        }
        theta.push_back(e.stamp.repcl->GetOffsetCount());
        sigma.push_back(e.stamp.repcl->GetCounterCount());
        bits.push_back(e.stamp.repcl->GetEncodedBits());
        hvc.push_back(e.stamp.hvc->GetActiveCount());
        vectorBits += e.stamp.vector.GetEncodedBits();
    }
    Summary t = Summarize(theta);
    Summary s = Summarize(sigma);
    Summary b = Summarize(bits);
    Summary h = Summarize(hvc);
    r.thetaMean = t.mean;
    r.thetaP99 = t.p99;
    r.thetaMax = t.max;
    r.sigmaMean = s.mean;
    r.sigmaMax = s.max;
    r.bitsMean = b.mean;
    r.bitsP99 = b.p99;
    r.bitsMax = b.max;
    r.hvcMean = h.mean;
    r.hvcMax = h.max;
    r.vectorBitsMean = events.empty() ? 0 : vectorBits / events.size();
    Summary d = Summarize(delays);
    r.delayMin = delays.empty() ? 0 : *std::min_element(delays.begin(), delays.end());
    r.delayMean = d.mean;
    r.delayMax = d.max;

    ReplayCheckerOptions options = log->GetCheckerOptions(); // the stampers' E, I, HVC epsilon
    options.exactLimit = params.exactLimit;
    options.samplePairs = params.samplePairs;
    options.seed = params.run;
    ReplayCheckerReport report = log->Check(options);
    r.pairs = report.pairsExamined;
    r.sampled = report.sampled;
    r.concurrentFraction =
        report.pairsExamined ? double(report.concurrentPairs) / report.pairsExamined : 0;
    r.r1Violations = report.repclHb.violations;
    r.r2Violations = report.repclFar.violations;
    r.r2ThesisViolations = report.repclFarKnown.violations;
    r.r3Violations = report.repclClose.violations;
    r.r3Applicable = report.repclClose.applicable;
    r.unjustifiedOrderings = report.repclOnlyIfJustified.violations;
    r.hlcViolations = report.hlcHb.violations;
    r.hvcViolations = report.hvcHb.violations;
    r.forcedRepCl = report.repclForced;
    r.forcedHvc = report.hvcForced;
    r.forcedHlc = report.hlcForced;
    Simulator::Destroy();
    r.wallSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return r;
}

std::string
ReplayStudyResult::CsvHeader()
{
    return "nodes,skew_us,interval_us,delay_us,jitter_us,on_wire,rate,local_rate,duration_s,"
           "clock_model,"
           "counter_rule,sum_counters,run,events,messages,theta_mean,theta_p99,theta_max,"
           "sigma_mean,sigma_max,repcl_bits_mean,repcl_bits_p99,repcl_bits_max,hvc_mean,hvc_max,"
           "delay_min_us,delay_mean_us,delay_max_us,"
           "hlc_bits,vector_bits_mean,pairs,sampled,concurrent_fraction,r1_violations,"
           "r2_violations,r2_thesis_violations,r3_violations,r3_applicable,"
           "unjustified_orderings,hlc_violations,hvc_violations,forced_repcl,forced_hvc,"
           "forced_hlc,wall_s";
}

std::string
ReplayStudyResult::ToCsvRow() const
{
    const auto& p = params;
    std::ostringstream os;
    os << p.nodes << "," << p.skew.GetMicroSeconds() << "," << p.interval.GetMicroSeconds() << ","
       << p.delay.GetNanoSeconds() / 1e3 << "," << p.jitter.GetNanoSeconds() / 1e3 << ","
       << (p.onWire ? 1 : 0) << "," << p.rate << "," << p.localRate << ","
       << p.duration.GetSeconds() << "," << p.clockModel << "," << p.counterRule << ","
       << (p.sumCounters ? 1 : 0) << "," << p.run << "," << events << "," << messages << ","
       << thetaMean << "," << thetaP99 << "," << thetaMax << "," << sigmaMean << "," << sigmaMax
       << "," << bitsMean << "," << bitsP99 << "," << bitsMax << "," << hvcMean << "," << hvcMax
       << "," << delayMin << "," << delayMean << "," << delayMax << "," << hlcBits << ","
       << vectorBitsMean << "," << pairs << "," << (sampled ? 1 : 0) << "," << concurrentFraction
       << "," << r1Violations << "," << r2Violations << "," << r2ThesisViolations << ","
       << r3Violations << "," << r3Applicable << "," << unjustifiedOrderings << "," << hlcViolations
       << "," << hvcViolations << "," << forcedRepCl << "," << forcedHvc << "," << forcedHlc << ","
       << wallSeconds;
    return os.str();
}

} // namespace ns3
