/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// Recipe: causality timestamps on nodes whose clocks drift freely (DriftingClock).  Such clocks
// have no skew bound, so the stampers cannot take E from them: it is set on the stampers
// (SkewBound: HVC's epsilon, and RepCl's E with Interval), an E the clocks keep in the run.
//
// The program checks, against the simulator's true time, that the real skew between any two
// clocks stayed within E (sampled every 100 us), that the stampers and the checker run with that
// E, and that RepCl, HVC and HLC kept happened-before (the vector-clock ground truth).
//
//   recipe-drifting-stampers

#include "ns3/applications-module.h"
#include "ns3/chronometry-checkers.h"
#include "ns3/chronometry-module.h"
#include "ns3/core-module.h"
#include "ns3/csma-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"

#include <algorithm>
#include <iostream>

using namespace ns3;

int
main(int argc, char* argv[])
{
    chronometry::ExplainConfigErrors(); // a refused setting: its reason, exit status 1
    CommandLine cmd(__FILE__);
    cmd.Parse(argc, argv);
    const Time duration = Seconds(2);

    // Six nodes on one CSMA LAN, IPv4.
    NodeContainer nodes;
    nodes.Create(6);
    CsmaHelper csma;
    csma.SetChannelAttribute("DataRate", StringValue("100Mbps"));
    csma.SetChannelAttribute("Delay", TimeValue(MicroSeconds(10)));
    NetDeviceContainer devices = csma.Install(nodes);
    InternetStackHelper internet;
    internet.Install(nodes);
    Ipv4AddressHelper addresses;
    addresses.SetBase("10.1.1.0", "255.255.255.0");
    Ipv4InterfaceContainer interfaces = addresses.Assign(devices);

    // [recipe drifting-stampers]
    // Free-running clocks: offsets at most 400 us apart and drifts within 100 ppm of each other
    // (0.2 ms more over the 2 s run) keep any two clocks within 0.6 ms of each other: E = 1 ms.
    ClockHelper clocks;
    clocks.SetDriftPpm({-50, -20, 0, 10, 35, 50});
    clocks.SetOffset({MicroSeconds(-200),
                      MicroSeconds(150),
                      Time(0),
                      MicroSeconds(-80),
                      MicroSeconds(200),
                      MicroSeconds(60)});
    clocks.Install(nodes);

    // Their E goes to the stampers: HVC's epsilon, and RepCl's E (Interval must divide it:
    // RepCl's Epsilon = E / I = 10).  Left at 0, E would be taken from the clocks, which have
    // none.
    CausalityHelper causality;
    causality.SetStamperAttribute("SkewBound", TimeValue(MilliSeconds(1)));  // E
    causality.SetStamperAttribute("Interval", TimeValue(MicroSeconds(100))); // I
    Ptr<CausalityLog> log = causality.Install(nodes);
    // [/recipe drifting-stampers]

    // Traffic: every node sends a UDP echo request to node 0 every 2 ms.
    UdpEchoServerHelper server(9);
    server.Install(nodes.Get(0)).Start(Seconds(0));
    UdpEchoClientHelper client(interfaces.GetAddress(0), 9);
    client.SetAttribute("Interval", TimeValue(MilliSeconds(2)));
    client.SetAttribute("MaxPackets", UintegerValue(1000000));
    client.SetAttribute("PacketSize", UintegerValue(64));
    for (uint32_t i = 1; i < nodes.GetN(); ++i)
    {
        ApplicationContainer app = client.Install(nodes.Get(i));
        app.Start(MicroSeconds(300 * i));
        app.Stop(duration);
    }

    // The real skew, against true time: every 100 us, the largest difference of two readings.
    Time realSkew;
    for (Time t = Time(0); t <= duration; t += MicroSeconds(100))
    {
        Simulator::Schedule(t, [&nodes, &realSkew] {
            Time lo = Time::Max();
            Time hi = Time::Min();
            for (uint32_t i = 0; i < nodes.GetN(); ++i)
            {
                const Time reading = nodes.Get(i)->GetObject<LocalClock>()->GetLocalTime();
                lo = std::min(lo, reading);
                hi = std::max(hi, reading);
            }
            realSkew = std::max(realSkew, hi - lo);
        });
    }
    Simulator::Stop(duration + MilliSeconds(10));
    Simulator::Run();

    // [recipe check]
    ReplayCheckerReport report = log->Check(); // with the stampers' E and I
    std::cout << report.Summary();             // a known violation says "(expected ...)"
    // [/recipe check]

    const ReplayCheckerOptions used = log->GetCheckerOptions();
    Ptr<CausalityStamper> stamper = nodes.Get(0)->GetObject<CausalityStamper>();
    const bool settings = used.skewBound == MilliSeconds(1) &&
                          used.hvcSkewBound == MilliSeconds(1) &&
                          used.interval == MicroSeconds(100) && stamper->GetEpsilon() == 10 &&
                          stamper->GetSkewBound() == MilliSeconds(1);
    const bool withinE = realSkew <= MilliSeconds(1);
    const bool kept = report.events > 1000 && report.repclHb.violations == 0 &&
                      report.hvcHb.violations == 0 && report.hlcHb.violations == 0;
    std::cout << "real skew between clocks at most " << realSkew.As(Time::US)
              << " (E = 1 ms: " << (withinE ? "holds" : "VIOLATED")
              << "); stampers and checker run with E = " << used.skewBound.As(Time::MS)
              << ", I = " << used.interval.As(Time::US)
              << ", HVC's E = " << used.hvcSkewBound.As(Time::MS) << "\n";
    Simulator::Destroy();

    const bool ok = settings && withinE && kept;
    std::cout << "recipe-drifting-stampers: " << report.events
              << " events; happened-before kept by RepCl, HVC and HLC: " << (ok ? "yes" : "NO")
              << std::endl;
    return ok ? 0 : 1;
}
