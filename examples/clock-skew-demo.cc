/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// Clock skew between nodes over time, for four clock models side by side:
//  * drifting: DriftingClock with a random-walk oscillator, initial offset uniform in
//    [-E/2, E/2] and initial drift uniform in [-MaxDrift, MaxDrift] ppm;
//  * synced:   the same clocks, disciplined NTP-style: every SyncInterval of *local*
//    time (ScheduleAtLocal) each node measures its offset with noise and slews it away;
//  * bounded:  BoundedSkewClock (every read within [t, t + E]);
//  * thesis:   BoundedSkewClock in the replay-clock thesis' form (no lower bound).
// Every SampleInterval each node reads its clock; the example writes each reading's
// offset from true time, and per model the largest pairwise skew seen, as CSV.
//
//   ./clock-skew-demo --nodes=8 --duration=60s --skewBound=1ms --outDir=results

#include "ns3/bounded-skew-clock.h"
#include "ns3/chronometry-checkers.h"
#include "ns3/clock-helper.h"
#include "ns3/core-module.h"
#include "ns3/drifting-clock.h"
#include "ns3/network-module.h"
#include "ns3/study-csv.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("ClockSkewDemo");

namespace
{

/** One group of nodes sharing a clock model. */
struct ModelGroup
{
    std::string name;     //!< label in the CSV
    NodeContainer nodes;  //!< its nodes
    double maxSkewUs = 0; //!< largest pairwise skew seen, microseconds
};

/** Writes a file atomically: to a temporary name, then rename. */
class AtomicFile
{
  public:
    explicit AtomicFile(std::string path)
        : m_path(std::move(path)),
          m_tmp(m_path + ".tmp"),
          m_out(m_tmp)
    {
        NS_ABORT_MSG_IF(!m_out, "cannot write " << m_tmp);
    }

    std::ofstream& Stream()
    {
        return m_out;
    }

    void Commit()
    {
        m_out.close();
        NS_ABORT_MSG_IF(std::rename(m_tmp.c_str(), m_path.c_str()) != 0,
                        "cannot rename " << m_tmp << " to " << m_path);
    }

  private:
    std::string m_path;
    std::string m_tmp;
    std::ofstream m_out;
};

/**
 * NTP-style discipline: measure the offset from true time (with measurement noise),
 * slew it away, and schedule the next correction one interval later in local time.
 */
void
Discipline(Ptr<DriftingClock> clock, Ptr<NormalRandomVariable> noiseNs, Time interval)
{
    Time offset = clock->GetLocalTime() - Simulator::Now();
    Time measured = offset + NanoSeconds(std::llround(noiseNs->GetValue()));
    clock->Slew(Time(0) - measured);
    clock->ScheduleAtLocal(clock->GetLocalTime() + interval,
                           [clock, noiseNs, interval]() { Discipline(clock, noiseNs, interval); });
}

void
Sample(std::vector<ModelGroup>* groups, std::ofstream* csv, Time interval, Time end)
{
    Time now = Simulator::Now();
    for (auto& group : *groups)
    {
        double lo = 1e300;
        double hi = -1e300;
        for (auto it = group.nodes.Begin(); it != group.nodes.End(); ++it)
        {
            Time reading = (*it)->GetObject<LocalClock>()->GetLocalTime();
            double offsetUs = (reading - now).GetNanoSeconds() / 1e3;
            lo = std::min(lo, offsetUs);
            hi = std::max(hi, offsetUs);
            *csv << now.GetSeconds() << "," << group.name << "," << (*it)->GetId() << ","
                 << offsetUs << "\n";
        }
        group.maxSkewUs = std::max(group.maxSkewUs, hi - lo);
    }
    if (now + interval <= end)
    {
        Simulator::Schedule(interval, &Sample, groups, csv, interval, end);
    }
}

} // namespace

int
main(int argc, char* argv[])
{
    chronometry::ExplainConfigErrors(); // a refused setting: its reason, exit status 1
    uint32_t nodes = 8;
    Time duration = Seconds(60);
    Time sampleInterval = MilliSeconds(100);
    Time skewBound = MilliSeconds(1);
    double maxDriftPpm = 50;
    double driftSpread = 0.5;
    Time syncInterval = Seconds(4);
    Time syncNoise = MicroSeconds(20);
    std::string outDir = "results";

    CommandLine cmd(__FILE__);
    cmd.AddValue("nodes", "Nodes per clock model", nodes);
    cmd.AddValue("duration", "Simulated time", duration);
    cmd.AddValue("sampleInterval", "Time between clock reads", sampleInterval);
    cmd.AddValue("skewBound",
                 "Skew bound E (bounded models; drifting offsets in [-E/2, E/2])",
                 skewBound);
    cmd.AddValue("maxDrift", "Initial drift uniform in [-maxDrift, maxDrift] ppm", maxDriftPpm);
    cmd.AddValue("driftSpread", "Random-walk spread of the drift, ppm per sqrt(s)", driftSpread);
    cmd.AddValue("syncInterval",
                 "Local time between corrections of the synced clocks",
                 syncInterval);
    cmd.AddValue("syncNoise",
                 "Standard deviation of the synced clocks' offset measurement",
                 syncNoise);
    cmd.AddValue("outDir", "Directory for the CSV files", outDir);
    cmd.Parse(argc, argv);

    NS_ABORT_MSG_IF(nodes < 2, "--nodes must be at least 2 (got " << nodes << ")");
    NS_ABORT_MSG_IF(!sampleInterval.IsStrictlyPositive(), "--sampleInterval must be > 0");
    NS_ABORT_MSG_IF(!skewBound.IsStrictlyPositive(), "--skewBound must be > 0");
    NS_ABORT_MSG_IF(!syncInterval.IsStrictlyPositive(), "--syncInterval must be > 0");
    NS_ABORT_MSG_IF(syncNoise.IsStrictlyNegative(), "--syncNoise must be >= 0");
    StudyCsv::PrepareFolder(outDir, "--outDir");

    std::vector<ModelGroup> groups(4);
    groups[0].name = "drifting";
    groups[1].name = "synced";
    groups[2].name = "bounded";
    groups[3].name = "thesis";
    for (auto& group : groups)
    {
        group.nodes.Create(nodes);
    }

    ClockHelper drifting;
    drifting.SetOscillator("ns3::RandomWalkOscillator",
                           "Spread",
                           DoubleValue(driftSpread),
                           "MaxAbsDrift",
                           DoubleValue(2 * maxDriftPpm));
    auto offset = CreateObject<UniformRandomVariable>();
    offset->SetAttribute("Min", DoubleValue(-skewBound.GetNanoSeconds() / 2.0));
    offset->SetAttribute("Max", DoubleValue(skewBound.GetNanoSeconds() / 2.0));
    offset->SetStream(1);
    auto drift = CreateObject<UniformRandomVariable>();
    drift->SetAttribute("Min", DoubleValue(-maxDriftPpm));
    drift->SetAttribute("Max", DoubleValue(maxDriftPpm));
    drift->SetStream(2);
    drifting.SetOffset(offset);
    drifting.SetDrift(drift);
    drifting.Install(groups[0].nodes);
    drifting.Install(groups[1].nodes);

    ClockHelper bounded;
    bounded.SetClock("ns3::BoundedSkewClock", "SkewBound", TimeValue(skewBound));
    bounded.Install(groups[2].nodes);

    ClockHelper thesis;
    thesis.SetClock("ns3::BoundedSkewClock",
                    "SkewBound",
                    TimeValue(skewBound),
                    "Form",
                    StringValue("Thesis"));
    thesis.Install(groups[3].nodes);

    int64_t stream = 10;
    stream += drifting.AssignStreams(groups[0].nodes, stream);
    stream += drifting.AssignStreams(groups[1].nodes, stream);
    stream += bounded.AssignStreams(groups[2].nodes, stream);
    stream += thesis.AssignStreams(groups[3].nodes, stream);

    auto noise = CreateObject<NormalRandomVariable>();
    noise->SetAttribute("Variance", DoubleValue(std::pow(syncNoise.GetNanoSeconds(), 2)));
    noise->SetStream(stream);
    for (auto it = groups[1].nodes.Begin(); it != groups[1].nodes.End(); ++it)
    {
        Ptr<DriftingClock> clock = (*it)->GetObject<DriftingClock>();
        clock->ScheduleAtLocal(syncInterval, [clock, noise, syncInterval]() {
            Discipline(clock, noise, syncInterval);
        });
    }

    AtomicFile samples(outDir + "/clock-skew.csv");
    samples.Stream() << "time_s,model,node,offset_us\n";
    Simulator::Schedule(Time(0), &Sample, &groups, &samples.Stream(), sampleInterval, duration);
    Simulator::Stop(duration + sampleInterval);
    Simulator::Run();
    Simulator::Destroy();
    samples.Commit();

    AtomicFile summary(outDir + "/clock-skew-summary.csv");
    summary.Stream() << "model,nodes,max_pairwise_skew_us,skew_bound_us,within_bound\n";
    double boundUs = skewBound.GetNanoSeconds() / 1e3;
    for (const auto& group : groups)
    {
        summary.Stream() << group.name << "," << nodes << "," << group.maxSkewUs << "," << boundUs
                         << "," << (group.maxSkewUs <= boundUs ? "yes" : "no") << "\n";
        std::cout << group.name << ": max pairwise skew " << group.maxSkewUs
                  << " us (E = " << boundUs << " us)" << std::endl;
    }
    summary.Commit();
    return 0;
}
