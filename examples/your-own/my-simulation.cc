/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// Your own simulation with chronometry (README, "Your own simulation"): n nodes of a CSMA LAN
// whose clocks stay within E of true time, each sending a UDP echo request to node 0 every
// 20 ms, causality timestamps (HLC, HVC, replay clocks) on every packet, and at the end each
// node's clock error and the replay checker's verdict against the vector-clock ground truth.
//
// E is given once, on the clocks: the stampers and the checker take it from there.
//
// The same file builds three ways:
//   * in an ns-3 tree:  cp my-simulation.cc <ns-3>/scratch/ && ./ns3 run my-simulation
//   * standalone:       cmake -S . -B build -DCMAKE_PREFIX_PATH=<chronometry prefix> &&
//                       cmake --build build && build/my-simulation     (CMakeLists.txt here)
//   * (Python: my_simulation.py does the same scenario through the Python module)
//
//   my-simulation [--nodes=4] [--skew=1ms] [--interval=100us] [--duration=2s]

#include "ns3/applications-module.h"
#include "ns3/chronometry-checkers.h"
#include "ns3/chronometry-module.h"
#include "ns3/core-module.h"
#include "ns3/csma-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"

#include <iostream>

using namespace ns3;

int
main(int argc, char* argv[])
{
    chronometry::ExplainConfigErrors(); // a refused setting: its reason, exit status 1
    uint32_t n = 4;
    Time skew = MilliSeconds(1);
    Time interval = MicroSeconds(100);
    Time duration = Seconds(2);
    CommandLine cmd(__FILE__);
    cmd.AddValue("nodes", "Number of nodes (>= 2)", n);
    cmd.AddValue("skew", "Clock skew bound E", skew);
    cmd.AddValue("interval", "Replay clocks' epoch length I (must divide E)", interval);
    cmd.AddValue("duration", "Simulated time", duration);
    cmd.Parse(argc, argv);
    NS_ABORT_MSG_IF(n < 2, "--nodes must be at least 2 (got " << n << ")");

    // The network: one CSMA LAN, IPv4.
    NodeContainer nodes;
    nodes.Create(n);
    CsmaHelper csma;
    csma.SetChannelAttribute("DataRate", StringValue("100Mbps"));
    csma.SetChannelAttribute("Delay", TimeValue(MicroSeconds(10)));
    NetDeviceContainer devices = csma.Install(nodes);
    InternetStackHelper internet;
    internet.Install(nodes);
    Ipv4AddressHelper addresses;
    addresses.SetBase("10.1.1.0", "255.255.255.0");
    Ipv4InterfaceContainer interfaces = addresses.Assign(devices);

    // Every node's own clock, within E of true time.
    ClockHelper clocks;
    clocks.SetClock("ns3::BoundedSkewClock", "SkewBound", TimeValue(skew));
    clocks.Install(nodes);
    int64_t stream = 1;
    stream += clocks.AssignStreams(nodes, stream);

    // Causality timestamps on every IPv4 packet; E comes from the clocks.
    CausalityHelper causality;
    causality.SetStamperAttribute("Interval", TimeValue(interval));
    Ptr<CausalityLog> log = causality.Install(nodes);

    // The traffic: UDP echo to node 0.
    UdpEchoServerHelper server(9);
    server.Install(nodes.Get(0)).Start(Seconds(0));
    UdpEchoClientHelper client(interfaces.GetAddress(0), 9);
    client.SetAttribute("Interval", TimeValue(MilliSeconds(20)));
    client.SetAttribute("MaxPackets", UintegerValue(1000000));
    client.SetAttribute("PacketSize", UintegerValue(64));
    for (uint32_t i = 1; i < n; ++i)
    {
        ApplicationContainer app = client.Install(nodes.Get(i));
        app.Start(MilliSeconds(3 * i));
        app.Stop(duration);
    }
    Simulator::Stop(duration + MilliSeconds(10));
    Simulator::Run();

    std::cout << "my-simulation: " << n << " nodes, E = " << skew.As(Time::US)
              << ", I = " << interval.As(Time::US) << ", " << duration.As(Time::S) << "\n";
    for (uint32_t i = 0; i < n; ++i)
    {
        Ptr<LocalClock> clock = nodes.Get(i)->GetObject<LocalClock>();
        Time error = clock->GetLocalTime() - Simulator::Now();
        Ptr<CausalityStamper> stamper = nodes.Get(i)->GetObject<CausalityStamper>();
        std::cout << "node " << i << ": clock - true time = " << error.As(Time::US) << ", "
                  << stamper->GetStampedCount() << " packets stamped, " << stamper->GetMergedCount()
                  << " stamps merged\n";
    }
    ReplayCheckerReport report = log->Check(); // with the stampers' E, I and HVC epsilon
    std::cout << report.Summary();
    bool ok = report.events > 0 && report.repclHb.violations == 0 && report.hvcHb.violations == 0 &&
              report.hlcHb.violations == 0;
    std::cout << "my-simulation: " << report.events << " events; happened-before kept by RepCl, "
              << "HVC and HLC: " << (ok ? "yes" : "NO") << std::endl;
    Simulator::Destroy();
    return ok ? 0 : 1;
}
