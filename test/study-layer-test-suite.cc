/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// The study layer itself: every declared study's CSV layout comes from its declaration and
// matches its rows; a point depends only on its parameters, Seed and Run (not on what ran
// before it in the process: before the runner applied every study's Seed, a replay point run
// after an RDA point with another seed gave other numbers); the command line's Cartesian
// product and aliases; overlapping random-stream blocks are refused.
#include "expected-throw-scope.h"

#include "ns3/chronometry-ns3-compat.h"
#include "ns3/chronometry-validation.h"
#include "ns3/core-module.h"
#include "ns3/huge-pages.h"
#include "ns3/internet-module.h"
#include "ns3/study-command-line.h"
#include "ns3/study-lan.h"
#include "ns3/study-runner.h"
#include "ns3/study-streams.h"
#include "ns3/switch-routing.h"
#include "ns3/test.h"

#include <algorithm>
#include <cstdlib>
#include <map>
#include <sstream>
#include <tuple>

using namespace ns3;

namespace
{

/** A small, fast point of every study (a fraction of a second each). */
const std::map<std::string, StudySettings>&
SmallPoints()
{
    static const std::map<std::string, StudySettings> points = {
        {"replay",
         StudySettings()
             .Set("Nodes", "5")
             .Set("SkewBound", "200us")
             .Set("Interval", "100us")
             .Set("Rate", "80")
             .Set("Duration", "40ms")
             .Set("Run", "2")},
        {"relation", StudySettings().Set("Rounds", "20").Set("Workload", "2s").Set("Load", "0.5")},
        {"relation-graph", StudySettings().Set("Nodes", "8").Set("Gap", "5s").Set("Run", "2")},
        {"scheduling", StudySettings().Set("Servers", "2").Set("Operations", "15")},
        {"inference", StudySettings().Set("Clients", "2").Set("Duration", "1s")},
        {"rda",
         StudySettings()
             .Set("Intervals", "2")
             .Set("IntervalLength", "50ms")
             .Set("PacketInterval", "200us")
             .Set("LossRate", "0.05")
             .Set("SkewBound", "50us")},
        {"sync",
         StudySettings()
             .Set("Nodes", "3")
             .Set("Duration", "2s")
             .Set("Warmup", "1s")
             .Set("SamplePeriod", "20ms")},
    };
    return points;
}

/**
 * \param line a CSV line (no quoted commas)
 * \return its cells, empty ones included (StudyCommandLine::Split drops them)
 */
std::vector<std::string>
Cells(const std::string& line)
{
    std::vector<std::string> cells(1);
    for (char c : line)
    {
        if (c == ',')
        {
            cells.emplace_back();
        }
        else
        {
            cells.back() += c;
        }
    }
    return cells;
}

/**
 * \param r a result
 * \return its CSV lines with the wall-clock cells (wall_s, link_s) blanked
 */
std::vector<std::string>
Deterministic(const StudyResult& r)
{
    std::vector<std::string> header = Cells(r.GetDescription().GetCsvHeader());
    std::vector<std::string> out;
    for (const auto& line : r.GetCsvLines())
    {
        std::vector<std::string> cells = Cells(line);
        std::string kept;
        for (std::size_t i = 0; i < cells.size() && i < header.size(); ++i)
        {
            kept += (header[i] == "wall_s" || header[i] == "link_s") ? "," : cells[i] + ",";
        }
        out.push_back(kept);
    }
    return out;
}

/** Every study's CSV comes from its declaration. */
class DeclarationTestCase : public TestCase
{
  public:
    DeclarationTestCase()
        : TestCase("every study: CSV header from the declaration, one cell per column, "
                   "parameters read back, keys identify the rows")
    {
    }

  private:
    void DoRun() override
    {
        std::vector<std::string> names = StudyDescription::GetNames();
        NS_TEST_ASSERT_MSG_EQ(names.size(), SmallPoints().size(), "every study has a point here");
        for (const auto& name : names)
        {
            const StudyDescription& d = StudyDescription::Get(name);
            NS_TEST_EXPECT_MSG_EQ(d.GetTypeId().GetParent(), Study::GetTypeId(), name);
            NS_TEST_EXPECT_MSG_NE(d.FindParameter("Seed"), nullptr, name << " has Seed");
            NS_TEST_EXPECT_MSG_NE(d.FindParameter("run"), nullptr, name << " has run");
            for (const auto& p : d.GetParameters())
            {
                bool ranged = p.type == StudyFieldType::BOOLEAN || !d.GetRange(p).empty();
                NS_TEST_EXPECT_MSG_EQ(ranged, true, name << " " << p.attribute << ": ranged");
            }
            StudyResult r = StudyRunner::Run(name, SmallPoints().at(name));
            const std::string header = d.GetCsvHeader();
            const auto columns = std::count(header.begin(), header.end(), ',') + 1;
            NS_TEST_EXPECT_MSG_GT(r.GetCsvLines().size(), 0u, name << ": CSV lines");
            for (const auto& line : r.GetCsvLines())
            {
                // An empty cell is a cell (the sync study's Pcap and SeriesFile default to "").
                NS_TEST_EXPECT_MSG_EQ(std::count(line.begin(), line.end(), ',') + 1,
                                      columns,
                                      name << ": one cell per column: " << line);
            }
            // The settings are what the parameter record says (Times in integer ns).
            for (const auto& e : SmallPoints().at(name).GetEntries())
            {
                const StudyParameter* p = d.FindParameter(e.attribute);
                std::ostringstream expected;
                if (p->time)
                {
                    expected << Time(e.text).GetNanoSeconds();
                }
                else
                {
                    expected << e.text;
                }
                int64_t i = r.GetParameters().GetSchema().Find(p->keyword);
                NS_TEST_EXPECT_MSG_EQ(r.GetParameters().Format(i), expected.str(), p->keyword);
            }
            NS_TEST_EXPECT_MSG_GT_OR_EQ(r.Get<double>("wall_s"), 0.0, name << ": wall_s");
            // Key fields tell the rows of a run apart.
            if (d.GetRowSchema())
            {
                std::map<std::string, int> seen;
                for (const auto& row : r.GetRows())
                {
                    std::string key;
                    for (std::size_t f = 0; f < row.GetSchema().GetN(); ++f)
                    {
                        key += row.GetSchema().Get(f).key ? row.Format(f) + "|" : "";
                    }
                    NS_TEST_EXPECT_MSG_EQ(++seen[key], 1, name << ": rows with key " << key);
                }
            }
        }
    }
};

/**
 * Two parameters of every study swept (2 x 2 points, from the study's small point), at least
 * one of which an earlier CSV left out: every CSV line is unique on its parameter columns
 * (plus the row key for a study whose rows are its CSV), every parameter is a column, and each
 * swept column holds the value of its point.
 */
class SweptRowsUniqueTestCase : public TestCase
{
  public:
    SweptRowsUniqueTestCase()
        : TestCase("every study: a two-parameter sweep's CSV lines are unique on their "
                   "parameter columns, which hold every parameter of the point")
    {
    }

  private:
    /** Two parameters and two values of each. */
    struct Sweep
    {
        std::string first;                     //!< a parameter
        std::vector<std::string> firstValues;  //!< its values
        std::string second;                    //!< another
        std::vector<std::string> secondValues; //!< its values
    };

    void DoRun() override
    {
        const std::map<std::string, Sweep> sweeps = {
            {"replay", {"Topology", {"csma", "switched"}, "CounterBits", {"4", "8"}}},
            {"relation", {"Workload", {"2s", "3s"}, "BusyRounds", {"10", "20"}}},
            {"relation-graph", {"Rounds", {"10", "20"}, "Seed", {"1", "2"}}},
            {"scheduling", {"SendAhead", {"1ms", "2ms"}, "Topology", {"csma", "switched"}}},
            {"inference", {"Topology", {"csma", "switched"}, "Seed", {"1", "2"}}},
            {"rda", {"PacketInterval", {"200us", "250us"}, "Seed", {"1", "2"}}},
            {"sync", {"Servo", {"ns3::PiServo", "ns3::LinRegServo"}, "Topology", {"star", "line"}}},
        };
        NS_TEST_ASSERT_MSG_EQ(sweeps.size(), StudyDescription::GetNames().size(), "every study");
        for (const auto& [name, sweep] : sweeps)
        {
            const StudyDescription& d = StudyDescription::Get(name);
            std::vector<std::string> header = Cells(d.GetCsvHeader());
            std::size_t nParameters = d.GetParameterCsvColumns().size();
            NS_TEST_EXPECT_MSG_EQ(nParameters, d.GetParameters().size(), name << ": every one");
            // the CSV columns that tell lines apart: the parameters', and a row's key fields
            std::vector<std::size_t> identity;
            for (std::size_t c = 0; c < header.size(); ++c)
            {
                bool key = false;
                if (c >= nParameters && d.GetRowsInCsv())
                {
                    int64_t f = d.GetRowSchema()->Find(header[c]);
                    key = f >= 0 && d.GetRowSchema()->Get(f).key;
                }
                if (c < nParameters || key)
                {
                    identity.push_back(c);
                }
            }
            std::map<std::string, int> seen;
            std::size_t lines = 0;
            for (const auto& a : sweep.firstValues)
            {
                for (const auto& b : sweep.secondValues)
                {
                    StudySettings point = SmallPoints().at(name);
                    point.Set(sweep.first, a).Set(sweep.second, b);
                    StudyResult r = StudyRunner::Run(name, point);
                    for (const auto& line : r.GetCsvLines())
                    {
                        std::vector<std::string> cells = Cells(line);
                        NS_TEST_ASSERT_MSG_EQ(cells.size(), header.size(), name << ": " << line);
                        std::string id;
                        for (std::size_t c : identity)
                        {
                            id += header[c] + "=" + cells[c] + " ";
                        }
                        NS_TEST_EXPECT_MSG_EQ(++seen[id], 1, name << ": two lines with " << id);
                        ++lines;
                        // the swept columns hold the point's values
                        for (const auto& [attribute, text] :
                             {std::pair{sweep.first, a}, std::pair{sweep.second, b}})
                        {
                            const StudyParameter* p = d.FindParameter(attribute);
                            NS_TEST_ASSERT_MSG_NE(p, nullptr, name << " " << attribute);
                            int64_t f = r.GetParameters().GetSchema().Find(p->keyword);
                            std::string expected =
                                p->time ? std::to_string(Time(text).GetNanoSeconds()) : text;
                            NS_TEST_EXPECT_MSG_EQ(r.GetParameters().Format(f),
                                                  expected,
                                                  name << ": " << attribute);
                        }
                    }
                }
            }
            NS_TEST_EXPECT_MSG_GT_OR_EQ(lines, 4u, name << ": a line per point at least");
        }
    }
};

/** A point's numbers depend on its parameters only, not on the runs before it. */
class HistoryIndependenceTestCase : public TestCase
{
  public:
    HistoryIndependenceTestCase()
        : TestCase("a point gives the same CSV whatever ran before it in the process (every "
                   "study applies its Seed and Run)")
    {
    }

  private:
    void DoRun() override
    {
        for (const auto& [name, point] : SmallPoints())
        {
            std::vector<std::string> first = Deterministic(StudyRunner::Run(name, point));
            // Another study with another seed and run in between, and ns-3's global seed and run
            // changed the way any other code of the process may change them.
            RngSeedManager::SetSeed(7);
            RngSeedManager::SetRun(5);
            StudyRunner::Run(
                name == "rda" ? "replay" : "rda",
                StudySettings()
                    .Set("Seed", "7")
                    .Set("Run", "5")
                    .Set(name == "rda" ? "Duration" : "Intervals", name == "rda" ? "20ms" : "1"));
            std::vector<std::string> again = Deterministic(StudyRunner::Run(name, point));
            NS_TEST_EXPECT_MSG_EQ((first == again), true, name << ": same point, same numbers");
            StudySettings other = point;
            other.Set("Run", "9");
            NS_TEST_EXPECT_MSG_EQ((Deterministic(StudyRunner::Run(name, other)) != first),
                                  true,
                                  name << ": another Run is another replication");
        }
    }
};

/** The command line: lists, the product's order, aliases, RngRun. */
class CommandLineTestCase : public TestCase
{
  public:
    CommandLineTestCase()
        : TestCase("command line: comma lists make a product (first declared slowest), aliases "
                   "convert, Run defaults to RngRun")
    {
    }

  private:
    void DoRun() override
    {
        std::vector<std::string> args = {"prog",
                                         "--Run=1,2",
                                         "--LossRate=0.01,0.1",
                                         "--Banks=2",
                                         "--skews=0,50"};
        std::vector<char*> argv;
        for (auto& a : args)
        {
            argv.push_back(a.data());
        }
        StudyCommandLine cmd("study-layer", "rda");
        cmd.AddAlias("skews", "SkewBound", "", [](const std::string& v) {
            return StudyCommandLine::WithUnit(v, "us");
        });
        cmd.Parse(static_cast<int>(argv.size()), argv.data());
        std::vector<StudySettings> points = cmd.GetPoints();
        NS_TEST_ASSERT_MSG_EQ(points.size(), 8u, "2 x 2 x 2 points");
        std::vector<std::string> order;
        for (const auto& p : points)
        {
            std::string text;
            for (const auto& e : p.GetEntries())
            {
                text += e.attribute + "=" + e.text + " ";
            }
            order.push_back(text);
        }
        NS_TEST_EXPECT_MSG_EQ(order.front(),
                              "LossRate=0.01 SkewBound=0us Banks=2 Seed=1 Run=1 ",
                              "declaration order; Seed from RngSeed");
        NS_TEST_EXPECT_MSG_EQ(order[1],
                              "LossRate=0.01 SkewBound=0us Banks=2 Seed=1 Run=2 ",
                              "the last declared varies fastest");
        NS_TEST_EXPECT_MSG_EQ(order.back(),
                              "LossRate=0.1 SkewBound=50us Banks=2 Seed=1 Run=2 ",
                              "the first declared varies slowest");
        NS_TEST_EXPECT_MSG_EQ(StudyCommandLine::OneTo("3"), "1,2,3", "runs");
        // Times are read exactly (ns-3's parser rounds through a double), or refused.
        const std::vector<std::tuple<std::string, int64_t, std::string>> times = {
            {"1.5ms", 1500000, ""},
            {"2e-3s", 2000000, ""},
            {"0.1s", 100000000, ""},
            {"1h", 3600000000000, ""},
            {"-5us", -5000, ""},
            {"1e-7s", 100, ""},
            {"1.500000000000000000000000ms", 1500000, ""},
            {"0.000000000000000000000000000ns", 0, ""},
            {"9223372036854775807ns", 9223372036854775807, ""},
            {"1.5ns", 0, "not a whole number of nanoseconds"},
            {"1e-10s", 0, "not a whole number of nanoseconds"},
            {"1.000000000000000000001s", 0, "not a whole number of nanoseconds"},
            {"9223372036854775808ns", 0, "out of range"},
            {"1e300s", 0, "out of range"},
            {"10", 0, "not a number and a unit"},
            {"10 us", 0, "not a number and a unit"},
            {".us", 0, "not a number and a unit"}};
        for (const auto& [text, expected, why] : times)
        {
            int64_t ns = 0;
            NS_TEST_EXPECT_MSG_EQ(StudyDescription::ParseNanoseconds(text, ns), why, text);
            if (why.empty())
            {
                NS_TEST_EXPECT_MSG_EQ(ns, expected, text);
            }
        }
        NS_TEST_EXPECT_MSG_EQ(StudyCommandLine::WithUnit("0,1.5", "ms"), "0ms,1.5ms", "units");
    }
};

/** Overlapping stream blocks are refused. */
class StreamsTestCase : public TestCase
{
  public:
    StreamsTestCase()
        : TestCase("random streams: blocks are recorded; an overlapping block is refused")
    {
    }

  private:
    void DoRun() override
    {
        chronometry::ScopedThrowOnConfigError throwing;
        StudyStreams streams;
        int64_t next = streams.Assign(1, [](int64_t) { return int64_t(3); });
        NS_TEST_ASSERT_MSG_EQ(next, 4, "next free stream");
        streams.Assign(CreateObject<UniformRandomVariable>(), 10);
        std::string message;
        try
        {
            streams.Assign(3, [](int64_t) { return int64_t(2); });
        }
        catch (const chronometry::ConfigError& e)
        {
            message = e.what();
        }
        NS_TEST_EXPECT_MSG_EQ(message,
                              "StudyStreams: streams [3, 5) overlap streams [1, 4) given before: "
                              "the variables would be correlated",
                              "overlap refused");
        NS_TEST_EXPECT_MSG_EQ(streams.GetBlocks().size(), 2u, "two blocks recorded");
    }
};

/**
 * Which environments put the heap on huge pages (RunWithHugePages' guard and the benches'
 * report): GLIBC_TUNABLES is a colon-separated list, glibc.malloc.hugetlb=0 turns it off, and
 * a tunable whose name only ends in it is another tunable.
 */
class HugePagesTestCase : public TestCase
{
  public:
    HugePagesTestCase()
        : TestCase("huge pages: GLIBC_TUNABLES read as glibc reads it, under the kernel's mode")
    {
    }

  private:
    void DoRun() override
    {
        const char* saved = std::getenv("GLIBC_TUNABLES");
        const std::string old = saved ? saved : "";
        const std::string mode = GetTransparentHugePageMode();
        // (tunables, whether malloc asks for huge pages)
        const std::vector<std::pair<std::string, bool>> cases{
            {"", false},
            {"glibc.malloc.hugetlb=1", true},
            {"glibc.malloc.hugetlb=2", true},
            {"glibc.malloc.hugetlb=0", false},
            {"glibc.malloc.check=3:glibc.malloc.hugetlb=1", true},
            {"glibc.malloc.hugetlb=1:glibc.malloc.check=3", true},
            {"glibc.malloc.check=3", false},
            {"xglibc.malloc.hugetlb=1", false},
            {"glibc.malloc.hugetlb=", false},
        };
        for (const auto& [tunables, asks] : cases)
        {
            setenv("GLIBC_TUNABLES", tunables.c_str(), 1);
            // "always" gives huge pages whatever malloc asks; "never" (or no THP) none.
            const bool expected = mode == "always" || (mode == "madvise" && asks);
            NS_TEST_EXPECT_MSG_EQ(IsHeapOnHugePages(),
                                  expected,
                                  "GLIBC_TUNABLES='" << tunables << "', THP mode '" << mode << "'");
        }
        if (saved)
        {
            setenv("GLIBC_TUNABLES", old.c_str(), 1);
        }
        else
        {
            unsetenv("GLIBC_TUNABLES");
        }
        NS_TEST_EXPECT_MSG_EQ(
            (mode == "" || mode == "always" || mode == "madvise" || mode == "never"),
            true,
            "the kernel's THP mode '" << mode << "' is one of its three");
    }
};

/**
 * The two LAN topologies against true arrival times: a burst of k datagrams sent at once at a
 * large delta.  On the switched LAN every one arrives after delta plus two transmissions (full
 * duplex links, store and forward at the switch); on ns-3's CSMA segment the channel stays busy
 * for each frame's propagation delay, so the k-th arrives about k deltas later (the reason a
 * delay axis needs the switched topology where delta is large).
 */
class LanTopologyTestCase : public TestCase
{
  public:
    LanTopologyTestCase()
        : TestCase("switched LAN: idle delay exact, a frame reaches only its destination, a burst "
                   "arrives after delta; on CSMA it is serialized by delta")
    {
    }

  private:
    /**
     * \param topology csma or switched
     * \return true one-way delays of a burst of 5 datagrams from node 0 to node 3 of 4
     */
    static std::vector<Time> Burst(const std::string& topology)
    {
        const Time delta = MilliSeconds(20);
        NodeContainer nodes;
        nodes.Create(4);
        StudyLan lan = InstallStudyLan(nodes, "100Mbps", delta, "10.0.0.0", "255.0.0.0", topology);
        std::vector<Time> delays;
        Ptr<Socket> rx = Socket::CreateSocket(nodes.Get(3), UdpSocketFactory::GetTypeId());
        rx->Bind(InetSocketAddress(Ipv4Address::GetAny(), 9));
        rx->SetRecvCallback([&delays](Ptr<Socket> s) {
            while (s->Recv())
            {
                delays.push_back(Simulator::Now());
            }
        });
        Ptr<Socket> tx = Socket::CreateSocket(nodes.Get(0), UdpSocketFactory::GetTypeId());
        tx->Connect(InetSocketAddress(lan.interfaces.GetAddress(3), 9));
        Simulator::Schedule(MilliSeconds(1), [tx] {
            for (int i = 0; i < 5; ++i)
            {
                tx->Send(Create<Packet>(100));
            }
        });
        Simulator::Run();
        Simulator::Destroy();
        for (auto& d : delays)
        {
            d -= MilliSeconds(1);
        }
        return delays;
    }

    /**
     * One datagram on an idle LAN: true one-way delay at the IPv4 layer (SendOutgoing at the
     * source to LocalDeliver at the destination) and the IPv4 packet's size.
     * \param topology csma or switched
     * \param delta the LAN's delay
     * \param payload UDP payload bytes
     * \return the delay and the IPv4 size
     */
    static std::pair<Time, uint32_t> Idle(const std::string& topology, Time delta, uint32_t payload)
    {
        NodeContainer nodes;
        nodes.Create(5);
        StudyLan lan = InstallStudyLan(nodes, "500Mbps", delta, "10.0.0.0", "255.0.0.0", topology);
        Ptr<Socket> rx = Socket::CreateSocket(nodes.Get(3), UdpSocketFactory::GetTypeId());
        rx->Bind(InetSocketAddress(Ipv4Address::GetAny(), 9));
        rx->SetRecvCallback([](Ptr<Socket> s) {
            while (s->Recv())
            {
            }
        });
        Time sent;
        Time delivered;
        uint32_t ipBytes = 0;
        nodes.Get(1)->GetObject<Ipv4L3Protocol>()->TraceConnectWithoutContext(
            "SendOutgoing",
            Callback<void, const Ipv4Header&, Ptr<const Packet>, uint32_t>(
                [&sent, &ipBytes](const Ipv4Header& h, Ptr<const Packet> p, uint32_t) {
                    sent = Simulator::Now();
                    ipBytes = p->GetSize() + h.GetSerializedSize();
                }));
        nodes.Get(3)->GetObject<Ipv4L3Protocol>()->TraceConnectWithoutContext(
            "LocalDeliver",
            Callback<void, const Ipv4Header&, Ptr<const Packet>, uint32_t>(
                [&delivered](const Ipv4Header&, Ptr<const Packet>, uint32_t) {
                    delivered = Simulator::Now();
                }));
        Ptr<Socket> tx = Socket::CreateSocket(nodes.Get(1), UdpSocketFactory::GetTypeId());
        tx->Connect(InetSocketAddress(lan.interfaces.GetAddress(3), 9));
        Simulator::Schedule(Seconds(1), [tx, payload] { tx->Send(Create<Packet>(payload)); });
        Simulator::Run();
        Simulator::Destroy();
        return {delivered - sent, ipBytes};
    }

    /**
     * Frames the nodes' own devices receive for m datagrams between random pairs of n nodes.
     * \param topology csma or switched
     * \param n nodes
     * \param m datagrams
     * \return receptions (PhyRxEnd on the nodes' devices) and datagrams delivered
     */
    static std::tuple<uint64_t, uint64_t, uint64_t> Receptions(const std::string& topology,
                                                               uint32_t n,
                                                               uint32_t m)
    {
        NodeContainer nodes;
        nodes.Create(n);
        StudyLan lan =
            InstallStudyLan(nodes, "500Mbps", MicroSeconds(8), "10.0.0.0", "255.0.0.0", topology);
        uint64_t receptions = 0;
        uint64_t delivered = 0;
        std::vector<Ptr<Socket>> sockets;
        for (uint32_t i = 0; i < n; ++i)
        {
            Ptr<Socket> s = Socket::CreateSocket(nodes.Get(i), UdpSocketFactory::GetTypeId());
            s->Bind(InetSocketAddress(Ipv4Address::GetAny(), 9));
            s->SetRecvCallback([&delivered](Ptr<Socket> sock) {
                while (sock->Recv())
                {
                    ++delivered;
                }
            });
            sockets.push_back(s);
            lan.devices.Get(i)->TraceConnectWithoutContext(
                "PhyRxEnd",
                Callback<void, Ptr<const Packet>>(
                    [&receptions](Ptr<const Packet>) { ++receptions; }));
        }
        Ptr<UniformRandomVariable> u = CreateObject<UniformRandomVariable>();
        u->SetStream(7);
        for (uint32_t k = 0; k < m; ++k)
        {
            const uint32_t from = u->GetInteger(0, n - 1);
            const uint32_t to = (from + 1 + u->GetInteger(0, n - 2)) % n;
            Ptr<Socket> s = sockets[from];
            const Ipv4Address dst = lan.interfaces.GetAddress(to);
            Simulator::Schedule(MicroSeconds(100 * k), [s, dst] {
                s->SendTo(Create<Packet>(80), 0, InetSocketAddress(dst, 9));
            });
        }
        Simulator::Run();
        uint64_t forwarded = 0;
        if (lan.switchNode.GetN() > 0)
        {
            int16_t priority = 0;
            auto list = DynamicCast<Ipv4ListRouting>(
                lan.switchNode.Get(0)->GetObject<Ipv4>()->GetRoutingProtocol());
            auto table = DynamicCast<SwitchRouting>(list->GetRoutingProtocol(0, priority));
            forwarded = table ? table->GetForwarded() : 0;
        }
        Simulator::Destroy();
        return {receptions, delivered, forwarded};
    }

    void DoRun() override
    {
        // Idle LAN, exactly: switched = delta + two transmissions of the IPv4 packet + the
        // 2-byte PPP header (store and forward at the switch); CSMA = delta + one transmission
        // of the IPv4 packet + 18 bytes of Ethernet header and FCS.
        for (Time d : {MicroSeconds(8), MicroSeconds(250), MilliSeconds(20)})
        {
            for (uint32_t payload : {64u, 1000u})
            {
                auto [sw, swBytes] = Idle("switched", d, payload);
                NS_TEST_ASSERT_MSG_EQ(swBytes, payload + 28, "IPv4 + UDP + payload");
                NS_TEST_EXPECT_MSG_EQ(sw,
                                      d + 2 * NanoSeconds(int64_t(8) * (swBytes + 2) * 2),
                                      "switched, idle: delta + 2 transmissions at 500 Mb/s");
                auto [cs, csBytes] = Idle("csma", d, payload);
                NS_TEST_EXPECT_MSG_EQ(cs,
                                      d + NanoSeconds(int64_t(8) * (csBytes + 18) * 2),
                                      "CSMA, idle: delta + 1 transmission at 500 Mb/s");
            }
        }
        // A frame reaches only its destination: one reception per datagram on the switched LAN
        // (O(1) per message), n - 1 on the CSMA segment (O(n): the cost that made n = 1024
        // unaffordable there).
        const uint32_t n = 16;
        const uint32_t m = 300;
        auto [swRx, swDelivered, swForwarded] = Receptions("switched", n, m);
        NS_TEST_ASSERT_MSG_EQ(swDelivered, m, "switched: every datagram delivered");
        NS_TEST_EXPECT_MSG_EQ(swForwarded, m, "switched: each forwarded by the hash table");
        NS_TEST_EXPECT_MSG_EQ(swRx, m, "switched: only the destination's device receives");
        auto [csRx, csDelivered, csForwarded] = Receptions("csma", n, m);
        NS_TEST_EXPECT_MSG_EQ(csForwarded, 0, "CSMA: no switch");
        NS_TEST_ASSERT_MSG_EQ(csDelivered, m, "CSMA: every datagram delivered");
        NS_TEST_EXPECT_MSG_EQ(csRx, uint64_t(m) * (n - 1), "CSMA: every other device receives");

        const Time delta = MilliSeconds(20);
        std::vector<Time> switched = Burst("switched");
        NS_TEST_ASSERT_MSG_EQ(switched.size(), 5u, "every datagram of the burst arrives");
        for (Time d : switched)
        {
            // 128-byte IP datagram + PPP header on 100 Mb/s: ~10.5 us per link, queued behind
            // at most four others at the first hop
            NS_TEST_EXPECT_MSG_GT_OR_EQ(d, delta, "at least delta");
            NS_TEST_EXPECT_MSG_LT(d, delta + MicroSeconds(100), "not serialized by delta");
        }
        std::vector<Time> csma = Burst("csma");
        NS_TEST_ASSERT_MSG_EQ(csma.size(), 5u, "every datagram of the burst arrives");
        NS_TEST_EXPECT_MSG_GT(csma.back(), 4 * delta, "CSMA: the last leaves after four deltas");
    }
};

/**
 * The switch's fast path against ns-3's IP forwarding (SwitchRouting::FastPath off): the same
 * traffic, with a burst that overflows a port's queue and a datagram whose TTL runs out at
 * the switch, delivers the same datagrams (contents and TTL) at the same simulated times,
 * and drops the same ones.
 */
class SwitchFastPathTestCase : public TestCase
{
  public:
    SwitchFastPathTestCase()
        : TestCase("switched LAN: the switch's fast path delivers and drops exactly as ns-3's "
                   "IP forwarding")
    {
    }

  private:
    /** What one run delivered: (receiver, time in ns, payload, TTL) per datagram. */
    struct Run
    {
        std::vector<std::tuple<uint32_t, int64_t, std::string, uint32_t>> delivered; //!< in order
        uint32_t sent = 0;          //!< datagrams sent
        uint64_t forwarded = 0;     //!< SwitchRouting::GetForwarded
        uint64_t fastForwarded = 0; //!< SwitchRouting::GetFastForwarded
    };

    /**
     * \param fastPath SwitchRouting::FastPath
     * \return what the run delivered
     */
    static Run Simulate(bool fastPath)
    {
        Config::SetDefault("ns3::SwitchRouting::FastPath", BooleanValue(fastPath));
        const uint32_t n = 6;
        NodeContainer nodes;
        nodes.Create(n);
        StudyLan lan =
            InstallStudyLan(nodes, "100Mbps", MicroSeconds(8), "10.0.0.0", "255.0.0.0", "switched");
        Config::SetDefault("ns3::SwitchRouting::FastPath", BooleanValue(true));
        Run run;
        std::vector<Ptr<Socket>> sockets;
        for (uint32_t i = 0; i < n; ++i)
        {
            Ptr<Socket> s = Socket::CreateSocket(nodes.Get(i), UdpSocketFactory::GetTypeId());
            s->Bind(InetSocketAddress(Ipv4Address::GetAny(), 9));
            s->SetIpRecvTtl(true);
            s->SetRecvCallback([&run, i](Ptr<Socket> sock) {
                while (Ptr<Packet> p = sock->Recv())
                {
                    SocketIpTtlTag ttl;
                    const uint32_t hops = p->RemovePacketTag(ttl) ? ttl.GetTtl() : 0;
                    std::string text(p->GetSize(), '\0');
                    p->CopyData(reinterpret_cast<uint8_t*>(text.data()), text.size());
                    run.delivered.emplace_back(i, Simulator::Now().GetNanoSeconds(), text, hops);
                }
            });
            sockets.push_back(s);
        }
        auto send = [&](uint32_t from, uint32_t to, uint32_t bytes, Time at, uint8_t ttl) {
            std::string text = std::to_string(from) + ":" + std::to_string(run.sent++) + ":";
            text.resize(std::max<std::size_t>(bytes, text.size()), '.');
            Ptr<Socket> s = sockets[from];
            const Ipv4Address dst = lan.interfaces.GetAddress(to);
            Simulator::Schedule(at, [s, dst, text, ttl] {
                s->SetIpTtl(ttl);
                s->SendTo(
                    Create<Packet>(reinterpret_cast<const uint8_t*>(text.data()), text.size()),
                    0,
                    InetSocketAddress(dst, 9));
            });
        };
        Ptr<UniformRandomVariable> u = CreateObject<UniformRandomVariable>();
        u->SetStream(11);
        for (uint32_t k = 0; k < 400; ++k) // random pairs and sizes
        {
            const uint32_t from = u->GetInteger(0, n - 1);
            const uint32_t to = (from + 1 + u->GetInteger(0, n - 2)) % n;
            send(from, to, u->GetInteger(20, 1400), MicroSeconds(u->GetInteger(0, 400000)), 64);
        }
        for (uint32_t from = 1; from < n; ++from) // 250 full-size datagrams into one port
        {
            for (uint32_t k = 0; k < 50; ++k)
            {
                send(from, 0, 1400, MilliSeconds(500), 64);
            }
        }
        send(2, 3, 100, MilliSeconds(700), 1); // its TTL runs out at the switch
        Simulator::Run();
        int16_t priority = 0;
        auto list = DynamicCast<Ipv4ListRouting>(
            lan.switchNode.Get(0)->GetObject<Ipv4>()->GetRoutingProtocol());
        auto table = DynamicCast<SwitchRouting>(list->GetRoutingProtocol(0, priority));
        run.forwarded = table->GetForwarded();
        run.fastForwarded = table->GetFastForwarded();
        Simulator::Destroy();
        return run;
    }

    void DoRun() override
    {
        const Run ns3Path = Simulate(false);
        const Run fast = Simulate(true);
        NS_TEST_ASSERT_MSG_EQ(fast.delivered.size(), ns3Path.delivered.size(), "as many delivered");
        for (std::size_t k = 0; k < fast.delivered.size(); ++k)
        {
            NS_TEST_ASSERT_MSG_EQ((fast.delivered[k] == ns3Path.delivered[k]),
                                  true,
                                  "delivery " << k << ": receiver, time, contents and TTL");
            NS_TEST_EXPECT_MSG_EQ(std::get<3>(fast.delivered[k]), 63u, "one hop: TTL 64 - 1");
        }
        NS_TEST_EXPECT_MSG_EQ(ns3Path.fastForwarded, 0u, "FastPath off: none");
        NS_TEST_EXPECT_MSG_EQ(fast.forwarded, ns3Path.forwarded, "as many forwarded");
        NS_TEST_EXPECT_MSG_GT(fast.fastForwarded, fast.forwarded / 2, "most by the fast path");
        NS_TEST_EXPECT_MSG_LT(fast.fastForwarded,
                              fast.forwarded,
                              "a full port's queue: ns-3's path");
        // The burst overflows the port's queue (some dropped) and the TTL-1 datagram dies.
        NS_TEST_EXPECT_MSG_LT(fast.delivered.size() + 1, std::size_t(fast.sent), "drops happened");
        for (const auto& d : fast.delivered)
        {
            NS_TEST_EXPECT_MSG_EQ(std::get<2>(d).rfind("2:650:", 0),
                                  std::string::npos,
                                  "the TTL-1 datagram is not delivered");
        }
        NS_TEST_EXPECT_MSG_EQ(fast.sent, 651u, "datagrams sent");
    }
};

/** The suite. */
class StudyLayerTestSuite : public TestSuite
{
  public:
    StudyLayerTestSuite()
        : TestSuite("chronometry-study-layer", Type::UNIT)
    {
        AddTestCase(new DeclarationTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new HistoryIndependenceTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new SweptRowsUniqueTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new CommandLineTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new StreamsTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new HugePagesTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new LanTopologyTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new SwitchFastPathTestCase, chronometry::TestDuration::QUICK);
    }
};

static StudyLayerTestSuite g_studyLayerTestSuite; //!< registers the suite

} // namespace
