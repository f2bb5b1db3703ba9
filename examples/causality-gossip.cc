/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// Causality timestamps on every packet of a UDP gossip among n nodes of a CSMA
// LAN whose clocks are synchronized within E (BoundedSkewClock).  Every node
// sends to a uniformly random peer at rate alpha (Poisson) and performs local
// events; the CausalityStamper stamps and merges Lamport, vector, HLC, HVC and
// replay clocks without the application knowing.  At the end the replay
// checker verifies the clocks against the vector-clock ground truth, and the
// log is written as CSV and as a ShiViz log.
//
//   ./causality-gossip --nodes=16 --skew=1ms --interval=100us --rate=200 --duration=1s [--onWire]

#include "ns3/causality-helper.h"
#include "ns3/chronometry-checkers.h"
#include "ns3/clock-helper.h"
#include "ns3/core-module.h"
#include "ns3/csma-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/study-csv.h"

#include <fstream>

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("CausalityGossip");

namespace
{

/** One node's gossip: a socket, the peers, and its random choices. */
struct Gossiper
{
    Ptr<Socket> socket;                 //!< UDP socket on port 9
    std::vector<Ipv4Address>* peers;    //!< every node's address
    uint32_t self;                      //!< this node
    Ptr<ExponentialRandomVariable> gap; //!< time to the next send
    Ptr<UniformRandomVariable> pick;    //!< peer choice and local events
    double localFraction;               //!< share of actions that are local events
    Time end;                           //!< stop acting after this
    Ptr<CausalityStamper> stamper;      //!< to record local events

    void Act()
    {
        if (Simulator::Now() >= end)
        {
            return;
        }
        if (pick->GetValue() < localFraction)
        {
            stamper->RecordLocalEvent();
        }
        else
        {
            auto n = static_cast<uint32_t>(peers->size());
            auto to = static_cast<uint32_t>(pick->GetInteger(0, n - 2));
            to += (to >= self) ? 1 : 0;
            socket->SendTo(Create<Packet>(100), 0, InetSocketAddress((*peers)[to], 9));
        }
        Simulator::Schedule(Seconds(gap->GetValue()), &Gossiper::Act, this);
    }
};

} // namespace

int
main(int argc, char* argv[])
{
    chronometry::ExplainConfigErrors(); // a refused setting: its reason, exit status 1
    uint32_t nodes = 16;
    Time skew = MilliSeconds(1);
    Time interval = MicroSeconds(100);
    double rate = 200;
    double localFraction = 0.2;
    Time duration = Seconds(1);
    Time linkDelay = MicroSeconds(4);
    std::string counterRule = "Published";
    bool onWire = false;
    std::string outDir = "results";

    CommandLine cmd(__FILE__);
    cmd.AddValue("nodes", "Number of processes (>= 2)", nodes);
    cmd.AddValue("skew", "Clock skew bound E", skew);
    cmd.AddValue("interval", "RepCl epoch length I (E must be a multiple of I)", interval);
    cmd.AddValue("rate", "Messages per second per node (alpha)", rate);
    cmd.AddValue("localFraction", "Share of actions that are local events", localFraction);
    cmd.AddValue("duration", "Simulated time", duration);
    cmd.AddValue("linkDelay",
                 "CSMA channel delay (delta is about this plus transmission)",
                 linkDelay);
    cmd.AddValue("counterRule", "RepCl counter rule: Published or EpochCounts", counterRule);
    cmd.AddValue("onWire", "Carry the stamps as real bytes (their bandwidth is simulated)", onWire);
    cmd.AddValue("outDir", "Directory for the output files", outDir);
    cmd.Parse(argc, argv);

    NS_ABORT_MSG_IF(nodes < 2, "--nodes must be at least 2 (got " << nodes << ")");
    NS_ABORT_MSG_IF(!(rate > 0), "--rate must be > 0 messages/s (got " << rate << ")");
    NS_ABORT_MSG_IF(!(localFraction >= 0 && localFraction < 1),
                    "--localFraction must be in [0, 1) (got " << localFraction << ")");
    NS_ABORT_MSG_IF(!interval.IsStrictlyPositive() || skew < interval ||
                        skew.GetTimeStep() % interval.GetTimeStep() != 0,
                    "--skew must be a positive multiple of --interval (got E = "
                        << skew.As(Time::US) << ", I = " << interval.As(Time::US) << ")");
    StudyCsv::PrepareFolder(outDir, "--outDir");

    NodeContainer all;
    all.Create(nodes);
    CsmaHelper csma;
    csma.SetChannelAttribute("DataRate", StringValue("500Mbps"));
    csma.SetChannelAttribute("Delay", TimeValue(linkDelay));
    NetDeviceContainer devices = csma.Install(all);
    InternetStackHelper internet;
    internet.Install(all);
    Ipv4AddressHelper ipv4;
    ipv4.SetBase("10.1.0.0", "255.255.0.0");
    Ipv4InterfaceContainer interfaces = ipv4.Assign(devices);

    ClockHelper clocks;
    clocks.SetClock("ns3::BoundedSkewClock", "SkewBound", TimeValue(skew));
    clocks.Install(all);
    int64_t stream = 1;
    stream += clocks.AssignStreams(all, stream);

    CausalityHelper causality;
    causality.SetStamperAttribute("Interval", TimeValue(interval)); // E: from the clocks
    causality.SetStamperAttribute("CounterRule", StringValue(counterRule));
    causality.SetStamperAttribute("OnWire", BooleanValue(onWire));
    Ptr<CausalityLog> log = causality.Install(all);

    std::vector<Ipv4Address> peers;
    for (uint32_t i = 0; i < nodes; ++i)
    {
        peers.push_back(interfaces.GetAddress(i));
    }
    std::vector<Gossiper> gossipers(nodes);
    for (uint32_t i = 0; i < nodes; ++i)
    {
        Gossiper& g = gossipers[i];
        g.socket = Socket::CreateSocket(all.Get(i), UdpSocketFactory::GetTypeId());
        g.socket->Bind(InetSocketAddress(Ipv4Address::GetAny(), 9));
        g.socket->SetRecvCallback(MakeCallback(+[](Ptr<Socket> s) {
            while (s->Recv())
            {
            }
        }));
        g.peers = &peers;
        g.self = i;
        g.gap = CreateObject<ExponentialRandomVariable>();
        g.gap->SetAttribute("Mean", DoubleValue((1 - localFraction) / rate));
        g.gap->SetStream(stream++);
        g.pick = CreateObject<UniformRandomVariable>();
        g.pick->SetStream(stream++);
        g.localFraction = localFraction;
        g.end = duration;
        g.stamper = all.Get(i)->GetObject<CausalityStamper>();
        Simulator::Schedule(Seconds(g.gap->GetValue()), &Gossiper::Act, &g);
    }
    Simulator::Stop(duration + MilliSeconds(10));
    Simulator::Run();

    uint64_t stampBytes = 0;
    uint64_t stamped = 0;
    for (uint32_t i = 0; i < nodes; ++i)
    {
        auto s = all.Get(i)->GetObject<CausalityStamper>();
        stampBytes += s->GetStampBytes();
        stamped += s->GetStampedCount();
    }
    ReplayCheckerReport report = log->Check(); // with the stampers' E, I and HVC epsilon
    std::cout << report.Summary();
    std::cout << "stamped packets " << stamped << ", mean stamp "
              << (stamped ? double(stampBytes) / stamped : 0.0) << " bytes; per clock:";
    for (CausalClockKind kind : ALL_CAUSAL_CLOCK_KINDS)
    {
        std::cout << " " << ToString(kind) << " " << log->GetMeanStampBytes(kind);
    }
    std::cout << " (+ framing)" << std::endl;
    bool ok = log->WriteCsv(outDir + "/causality-events.csv") &&
              log->WriteShiViz(outDir + "/causality-shiviz.log");
    NS_ABORT_MSG_IF(!ok, "could not write the logs under " << outDir);
    std::cout << "wrote " << outDir << "/causality-events.csv and " << outDir
              << "/causality-shiviz.log (" << log->GetEvents().size() << " events)" << std::endl;
    Simulator::Destroy();
    return 0;
}
