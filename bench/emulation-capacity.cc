/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// How much simulated network keeps real time (issue 45, doc/emulation.rst): what an emulation
// run (chronometry-emulate) could put beside its real daemon before ns-3's real-time scheduler
// falls behind. For each host count N, one PtpClock grandmaster and N - 1 slaves (software time
// stamps, Sync and Delay_Req every SyncInterval, multicast as in the default profile) on one
// gigabit CSMA segment run under RealtimeSimulatorImpl for Duration; RealtimeLagProbe measures
// the scheduler's lag every 1 ms. Printed and written (--csv) per N: frames sent per second (CSMA
// MacTx), the lag's median, 99th percentile and largest, the process's CPU time over the wall
// time, and whether real time was kept (median lag at most MaxLag, the bound chronometry-emulate
// refuses beyond). No daemon, no tap: runs anywhere, as any user.
//
//   ./emulation-capacity --hosts=4,16,64,128 --duration=10s --csv=capacity.csv

#include "ns3/core-module.h"
#include "ns3/csma-module.h"
#include "ns3/drifting-clock.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/ptp-clock.h"
#include "ns3/ptp-helper.h"
#include "ns3/realtime-lag-probe.h"
#include "ns3/study-lan.h"

#include <ctime>
#include <fstream>
#include <iostream>
#include <sstream>

using namespace ns3;

namespace
{

/** One capacity point. */
struct Point
{
    uint32_t hosts{0};     //!< N
    double framesPerS{0};  //!< CSMA frames sent per second of the run
    Time p50;              //!< median lag
    Time p99;              //!< 99th percentile lag
    Time max;              //!< largest lag
    double cpuOverWall{0}; //!< process CPU time / wall time of the run
    bool kept{false};      //!< median lag within the bound
};

/** \return the process's CPU time (s) */
double
CpuSeconds()
{
    timespec t{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

/**
 * \param hosts N
 * \param interval Sync and Delay_Req interval
 * \param duration run length (real time)
 * \param maxLag the bound on the median lag
 * \return the point
 */
Point
Measure(uint32_t hosts, Time interval, Time duration, Time maxLag)
{
    NodeContainer nodes;
    nodes.Create(hosts);
    for (uint32_t i = 0; i < hosts; ++i)
    {
        nodes.Get(i)->AggregateObject(CreateObject<DriftingClock>());
    }
    StudyLan lan = InstallStudyLan(nodes, "1Gbps", MicroSeconds(1), "10.46.0.0", "255.255.0.0");
    PtpHelper ptp;
    ptp.SetClockAttribute("TimestampMode", StringValue("Software"));
    ptp.SetClockAttribute("SyncInterval", TimeValue(interval));
    ptp.SetClockAttribute("MinDelayReqInterval", TimeValue(interval));
    ptp.SetClockAttribute("AnnounceInterval", TimeValue(Seconds(1)));
    for (uint32_t i = 0; i < hosts; ++i)
    {
        ptp.SetClockAttribute("Role", StringValue(i == 0 ? "Master" : "Slave"));
        ptp.Install(nodes.Get(i));
    }
    uint64_t frames = 0;
    Config::ConnectWithoutContextFailSafe(
        "/NodeList/*/DeviceList/*/$ns3::CsmaNetDevice/MacTx",
        Callback<void, Ptr<const Packet>>([&frames](Ptr<const Packet>) { ++frames; }));
    chronometry::RealtimeLagProbe probe(MilliSeconds(1), {});
    probe.Start({});
    Simulator::Stop(duration);
    double cpu0 = CpuSeconds();
    Time wall0 = chronometry::RealtimeLagProbe::HostRealtime();
    Simulator::Run();
    double wall = (chronometry::RealtimeLagProbe::HostRealtime() - wall0).GetSeconds();
    Point p;
    p.hosts = hosts;
    p.framesPerS = static_cast<double>(frames) / duration.GetSeconds();
    p.p50 = probe.GetLagQuantile(0.5);
    p.p99 = probe.GetLagQuantile(0.99);
    p.max = probe.GetMaxLag();
    p.cpuOverWall = (CpuSeconds() - cpu0) / wall;
    p.kept = p.p50 <= maxLag;
    Simulator::Destroy();
    return p;
}

} // namespace

int
main(int argc, char* argv[])
{
    std::string hostList = "4,16,64,128";
    Time interval = MilliSeconds(125);
    Time duration = Seconds(10);
    Time maxLag = MilliSeconds(1);
    std::string csvPath;
    CommandLine cmd(__FILE__);
    cmd.AddValue("hosts",
                 "host counts N (comma-separated; one grandmaster, N - 1 slaves)",
                 hostList);
    cmd.AddValue("syncInterval", "Sync and Delay_Req interval", interval);
    cmd.AddValue("duration", "length of each run (real time)", duration);
    cmd.AddValue("maxLag", "bound on the median lag (chronometry-emulate's default)", maxLag);
    cmd.AddValue("csv", "write the points (every parameter) to this file", csvPath);
    cmd.Parse(argc, argv);
    GlobalValue::Bind("SimulatorImplementationType", StringValue("ns3::RealtimeSimulatorImpl"));
    std::ostringstream csv;
    csv << "hosts,sync_interval_ns,duration_s,lag_bound_ns,frames_per_s,lag_p50_ns,lag_p99_ns,"
           "lag_max_ns,cpu_over_wall,real_time_kept\n";
    std::istringstream items(hostList);
    for (std::string item; std::getline(items, item, ',');)
    {
        auto hosts = static_cast<uint32_t>(std::stoul(item));
        if (hosts < 2 || hosts > 4096)
        {
            std::cerr << "emulation-capacity: --hosts item " << item
                      << " is invalid; valid: 2..4096\n";
            return 1;
        }
        Point p = Measure(hosts, interval, duration, maxLag);
        std::cout << "N=" << p.hosts << ": " << p.framesPerS << " frames/s, lag median "
                  << p.p50.As(Time::US) << ", p99 " << p.p99.As(Time::US) << ", max "
                  << p.max.As(Time::US) << ", CPU/wall " << p.cpuOverWall << ", real time "
                  << (p.kept ? "kept" : "NOT kept") << std::endl;
        csv << p.hosts << "," << interval.GetNanoSeconds() << "," << duration.GetSeconds() << ","
            << maxLag.GetNanoSeconds() << "," << p.framesPerS << "," << p.p50.GetNanoSeconds()
            << "," << p.p99.GetNanoSeconds() << "," << p.max.GetNanoSeconds() << ","
            << p.cpuOverWall << "," << (p.kept ? 1 : 0) << "\n";
    }
    if (!csvPath.empty())
    {
        std::ofstream(csvPath) << csv.str();
    }
    return 0;
}
