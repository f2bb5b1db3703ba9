/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// Recipe: what each causality clock costs on the wire, as the mean size of its part of the
// stamp per message (CausalityLog::GetMeanStampBytes), on 16 nodes with clocks within E.
//
// The program checks the per-clock sizes against the stamps the stampers sent: the parts plus
// the framing (a flags byte, and a 16-bit length per clock) add up, message by message, to
// every stamper's GetStampBytes(); Lamport is 8 bytes and HLC 12, always.
//
//   recipe-stamp-size

#include "ns3/applications-module.h"
#include "ns3/chronometry-checkers.h"
#include "ns3/chronometry-module.h"
#include "ns3/core-module.h"
#include "ns3/csma-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"

#include <iomanip>
#include <iostream>

using namespace ns3;

int
main(int argc, char* argv[])
{
    chronometry::ExplainConfigErrors(); // a refused setting: its reason, exit status 1
    CommandLine cmd(__FILE__);
    cmd.Parse(argc, argv);

    // Sixteen nodes on one CSMA LAN, clocks within E = 1 ms of true time, every clock stamped.
    NodeContainer nodes;
    nodes.Create(16);
    CsmaHelper csma;
    csma.SetChannelAttribute("DataRate", StringValue("100Mbps"));
    csma.SetChannelAttribute("Delay", TimeValue(MicroSeconds(10)));
    NetDeviceContainer devices = csma.Install(nodes);
    InternetStackHelper internet;
    internet.Install(nodes);
    Ipv4AddressHelper addresses;
    addresses.SetBase("10.1.1.0", "255.255.255.0");
    Ipv4InterfaceContainer interfaces = addresses.Assign(devices);
    ClockHelper clocks;
    clocks.SetClock("ns3::BoundedSkewClock", "SkewBound", TimeValue(MilliSeconds(1)));
    clocks.Install(nodes);
    clocks.AssignStreams(nodes, 1);
    CausalityHelper causality;
    causality.SetStamperAttribute("Interval", TimeValue(MicroSeconds(100))); // E from the clocks
    Ptr<CausalityLog> log = causality.Install(nodes);

    // Traffic: every node sends a UDP echo request to node 0 every 5 ms, for 1 s.
    UdpEchoServerHelper server(9);
    server.Install(nodes.Get(0)).Start(Seconds(0));
    UdpEchoClientHelper client(interfaces.GetAddress(0), 9);
    client.SetAttribute("Interval", TimeValue(MilliSeconds(5)));
    client.SetAttribute("MaxPackets", UintegerValue(1000000));
    for (uint32_t i = 1; i < nodes.GetN(); ++i)
    {
        ApplicationContainer app = client.Install(nodes.Get(i));
        app.Start(MicroSeconds(250 * i));
        app.Stop(Seconds(1));
    }
    Simulator::Stop(Seconds(1) + MilliSeconds(10));
    Simulator::Run();

    // [recipe stamp-size]
    // Mean bytes per message of each clock's part of the stamp, over every node of the log.
    for (CausalClockKind kind : ALL_CAUSAL_CLOCK_KINDS)
    {
        std::cout << ToString(kind) << ": " << log->GetMeanStampBytes(kind)
                  << " bytes per message\n";
    }
    // [/recipe stamp-size]

    // Check: parts + framing = what the stampers sent, in total and message for message.
    const CausalEventLog& events = log->GetEvents();
    uint64_t stamped = 0;
    uint64_t stampBytes = 0;
    for (uint32_t i = 0; i < nodes.GetN(); ++i)
    {
        Ptr<CausalityStamper> stamper = nodes.Get(i)->GetObject<CausalityStamper>();
        stamped += stamper->GetStampedCount();
        stampBytes += stamper->GetStampBytes();
    }
    uint64_t parts = 0;
    uint64_t carried = 0;
    for (CausalClockKind kind : ALL_CAUSAL_CLOCK_KINDS)
    {
        parts += events.GetStampBytes(kind);
        carried += events.GetStampBytes(kind) > 0 ? 1 : 0;
    }
    const uint64_t framing = stamped * (1 + 2 * carried);
    const bool ok = stamped > 1000 && events.GetStampedSendCount() == stamped && carried == 5 &&
                    parts + framing == stampBytes &&
                    log->GetMeanStampBytes(CausalClockKind::LAMPORT) == 8 &&
                    log->GetMeanStampBytes(CausalClockKind::HLC) == 12;
    std::cout << std::fixed << std::setprecision(2) << stamped << " messages, mean stamp "
              << double(stampBytes) / stamped << " bytes = " << double(parts) / stamped
              << " of clocks + " << double(framing) / stamped << " of framing\n";
    Simulator::Destroy();
    std::cout << "recipe-stamp-size: per-clock sizes "
              << (ok ? "add up to the stamps sent" : "DIFFER from the stamps sent") << std::endl;
    return ok ? 0 : 1;
}
