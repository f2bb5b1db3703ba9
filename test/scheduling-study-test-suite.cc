/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// OneClock scheduling against the simulator's truth: predictors vs baseline,
// spikes, burst vs periodic probing, coordinated spread vs E, atomic commit,
// acceptable scheduling range, cancel and malformed packets.
#include "ns3/chronometry-ns3-compat.h"
#include "ns3/core-module.h"
#include "ns3/csma-module.h"
#include "ns3/drifting-clock.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/scheduled-operation-client.h"
#include "ns3/scheduled-operation-server.h"
#include "ns3/scheduling-header.h"
#include "ns3/scheduling-study.h"
#include "ns3/test.h"

#include <cmath>

using namespace ns3;

namespace
{

/** A short default scenario. */
SchedulingStudyParams
Quick(uint64_t run)
{
    SchedulingStudyParams p;
    p.operations = 60;
    p.run = run;
    return p;
}

/** Every predictor well below the baseline; the error decomposition is exact. */
class PredictorsBeatBaselineTestCase : public TestCase
{
  public:
    PredictorsBeatBaselineTestCase()
        : TestCase("every predictor cuts the error well below the baseline; error = clock part "
                   "+ prediction part and the clock part is the server's offset")
    {
    }

  private:
    void DoRun() override
    {
        auto p = Quick(1);
        p.predictor = "Baseline";
        auto base = SchedulingStudy::Run(p);
        NS_TEST_ASSERT_MSG_EQ(base.executed, 4u * 60u, "all operations ran");
        NS_TEST_ASSERT_MSG_EQ(base.late, 0u, "all requests left in time");
        for (std::size_t k = 1; k < 4; ++k)
        {
            NS_TEST_ASSERT_MSG_LT(base.maeOfflineUs[k],
                                  0.3 * base.maeOfflineUs[0],
                                  "offline predictor " << k << " vs baseline");
        }
        for (std::string predictor : {"Average", "FtAverage", "Kalman"})
        {
            p.predictor = predictor;
            auto r = SchedulingStudy::Run(p);
            NS_TEST_ASSERT_MSG_LT(r.maeUs, 0.5 * base.maeUs, predictor << " true error");
            NS_TEST_ASSERT_MSG_EQ(r.executed, 4u * 60u, predictor << " all ran");
            for (const auto& row : r.rows)
            {
                NS_TEST_ASSERT_MSG_EQ(row.error,
                                      row.clockPart + row.predictionPart,
                                      "decomposition");
                NS_TEST_ASSERT_MSG_EQ(row.scheduled, row.desired - row.predicted, "T_s");
                // Offsets within [-E/2, E/2]: the server started when its clock read T_s.
                NS_TEST_ASSERT_MSG_LT_OR_EQ(std::abs(row.clockPart.GetNanoSeconds()),
                                            p.skew.GetNanoSeconds() / 2 + 1,
                                            "clock part within E/2");
                // Without drift the reported ETE T_e - T_s is the true duration: the
                // offset cancels, so the client cannot see its clock part.
                NS_TEST_ASSERT_MSG_EQ(row.reportedEnd - row.scheduled,
                                      row.trueEnd - row.trueStart,
                                      "reported ETE");
            }
        }
    }
};

/** FT-Average is best under isolated spikes; a burst of 4 is about as good as periodic. */
class SpikesAndBurstTestCase : public TestCase
{
  public:
    SpikesAndBurstTestCase()
        : TestCase("FT-Average has the lowest error under isolated spikes; a burst of 4 probes "
                   "does about as well as periodic probing")
    {
    }

  private:
    void DoRun() override
    {
        for (uint64_t run : {1, 2, 3})
        {
            auto p = Quick(run);
            SchedulingStudyResult periodic = SchedulingStudy::Run(p);
            NS_TEST_ASSERT_MSG_LT(periodic.maeOfflineUs[2],
                                  periodic.maeOfflineUs[1],
                                  "FtAverage < Average, run " << run);
            NS_TEST_ASSERT_MSG_LT(periodic.maeOfflineUs[2],
                                  periodic.maeOfflineUs[3],
                                  "FtAverage < Kalman, run " << run);
            // Burst vs periodic as in the paper's Experiment II: unstressed servers (no
            // spikes; with spikes the mean is dominated by the operations' own spikes).
            p.spikeProbability = 0;
            periodic = SchedulingStudy::Run(p);
            p.probeMode = "Burst";
            p.window = 4;
            auto burst = SchedulingStudy::Run(p);
            NS_TEST_ASSERT_MSG_GT(burst.probeReports, 0u, "burst probes answered");
            double ratio = burst.maeOfflineUs[2] / periodic.maeOfflineUs[2];
            NS_TEST_ASSERT_MSG_GT(ratio, 0.67, "burst of 4 vs periodic, run " << run);
            NS_TEST_ASSERT_MSG_LT(ratio, 1.5, "burst of 4 vs periodic, run " << run);
            NS_TEST_ASSERT_MSG_LT(burst.maeOfflineUs[2],
                                  0.3 * burst.maeOfflineUs[0],
                                  "burst beats baseline");
        }
    }
};

/** The spread of true execution times across servers is set by the clocks, within E. */
class CoordinatedSpreadTestCase : public TestCase
{
  public:
    CoordinatedSpreadTestCase()
        : TestCase("coordinated operation: true start spread equals the clock offsets' span "
                   "(<= E), and the completion spread cannot beat it when E dominates")
    {
    }

  private:
    void DoRun() override
    {
        for (Time e : {MicroSeconds(100), MilliSeconds(1), MilliSeconds(10)})
        {
            auto p = Quick(7);
            p.operations = 20;
            p.skew = e;
            p.predictor = "Baseline"; // the same T_s everywhere
            p.servers = 8;
            auto r = SchedulingStudy::Run(p);
            NS_TEST_ASSERT_MSG_EQ(r.commitAll, 20u, "all ran everywhere");
            NS_TEST_ASSERT_MSG_LT_OR_EQ(r.maxStartSpreadUs, e.GetNanoSeconds() / 1e3, "<= E");
            NS_TEST_ASSERT_MSG_EQ_TOL(r.meanStartSpreadUs, r.offsetRangeUs, 0.002, "= span");
            NS_TEST_ASSERT_MSG_GT(r.offsetRangeUs, 0.5 * e.GetNanoSeconds() / 1e3, "8 clocks");
            if (e >= MilliSeconds(10))
            {
                p.serviceNoise = MicroSeconds(10);
                p.spikeProbability = 0;
                auto quiet = SchedulingStudy::Run(p);
                NS_TEST_ASSERT_MSG_GT(quiet.meanEndSpreadUs,
                                      0.9 * quiet.offsetRangeUs,
                                      "completion spread bounded below by the skew");
            }
        }
    }
};

/** Atomic commit over many random runs: all or none. */
class AtomicCommitTestCase : public TestCase
{
  public:
    AtomicCommitTestCase()
        : TestCase("atomic commit with random ACK losses and refusals is never partial; a "
                   "cancel deadline after T_s does produce partial commits")
    {
    }

  private:
    void DoRun() override
    {
        uint64_t all = 0;
        uint64_t none = 0;
        uint64_t aborts = 0;
        uint64_t cancelled = 0;
        for (uint64_t run = 1; run <= 25; ++run)
        {
            SchedulingStudyParams p;
            p.operations = 20;
            p.operationInterval = Seconds(1);
            p.operationLead = MilliSeconds(800);
            p.decisionLead = MilliSeconds(400);
            p.sendAhead = MilliSeconds(300);
            p.cancelLead = MilliSeconds(100);
            p.skew = MilliSeconds(1);
            p.atomic = true;
            p.ackLoss = 0.04;
            p.refuse = 0.02;
            p.run = run;
            auto r = SchedulingStudy::Run(p);
            NS_TEST_ASSERT_MSG_EQ(r.commitPartial, 0u, "never partial, run " << run);
            NS_TEST_ASSERT_MSG_EQ(r.commitAll + r.commitNone, 20u, "every operation decided");
            NS_TEST_ASSERT_MSG_EQ(r.commitNone, r.aborts, "none exactly when aborted");
            all += r.commitAll;
            none += r.commitNone;
            aborts += r.aborts;
            cancelled += r.cancelled;
        }
        NS_TEST_ASSERT_MSG_GT(all, 0u, "some commits");
        NS_TEST_ASSERT_MSG_GT(none, 50u, "many aborts exercised");
        NS_TEST_ASSERT_MSG_GT(cancelled, 0u, "cancels honoured at servers");
        // Negative control: the ACK deadline falls after T_s, so cancels come too late.
        uint64_t partial = 0;
        for (uint64_t run = 1; run <= 10; ++run)
        {
            SchedulingStudyParams p;
            p.operations = 20;
            p.operationInterval = Seconds(1);
            p.operationLead = MilliSeconds(800);
            p.decisionLead = MilliSeconds(400);
            p.sendAhead = MilliSeconds(300);
            p.cancelLead = MicroSeconds(500); // < ETE: servers started already
            p.atomic = true;
            p.refuse = 0.05;
            p.run = run;
            partial += SchedulingStudy::Run(p).commitPartial;
        }
        NS_TEST_ASSERT_MSG_GT(partial, 0u, "late cancels break atomicity");
    }
};

/** SchedMaxFuture: too far in the future is refused. */
class MaxFutureTestCase : public TestCase
{
  public:
    MaxFutureTestCase()
        : TestCase("SchedMaxFuture: requests beyond it get an ERROR and never run")
    {
    }

  private:
    void DoRun() override
    {
        auto p = Quick(1);
        p.operations = 10;
        p.schedMaxFuture = MilliSeconds(500); // requests arrive about 100 ms before T_s
        p.sendAhead = MilliSeconds(100);
        p.decisionLead = MilliSeconds(700);
        auto ok = SchedulingStudy::Run(p);
        NS_TEST_ASSERT_MSG_EQ(ok.errors, 0u, "T_s 100 ms ahead is accepted");
        p.schedMaxFuture = MilliSeconds(50);
        auto refused = SchedulingStudy::Run(p);
        NS_TEST_ASSERT_MSG_EQ(refused.errors, 4u * 10u, "every real request refused");
        NS_TEST_ASSERT_MSG_EQ(refused.executed, 0u, "none ran");
        NS_TEST_ASSERT_MSG_EQ(refused.probeReports, 0u, "probes (50 ms ahead) refused too");
    }
};

/** Direct server checks with a raw UDP socket. */
class ServerDirectTestCase : public TestCase
{
  public:
    ServerDirectTestCase()
        : TestCase("server: T_s in the past within SchedMaxPast runs at once, beyond it is "
                   "refused; cancel is honoured; malformed packets are counted and dropped")
    {
    }

  private:
    /** Replies received. */
    std::vector<SchedulingHeader> m_replies;

    /**
     * \param socket the test socket
     */
    void Receive(Ptr<Socket> socket)
    {
        while (Ptr<Packet> p = socket->Recv())
        {
            SchedulingHeader h;
            p->RemoveHeader(h);
            m_replies.push_back(h);
        }
    }

    void DoRun() override
    {
        NodeContainer nodes;
        nodes.Create(2);
        CsmaHelper csma;
        csma.SetChannelAttribute("Delay", TimeValue(MicroSeconds(100)));
        auto devices = csma.Install(nodes);
        InternetStackHelper internet;
        internet.Install(nodes);
        Ipv4AddressHelper ipv4;
        ipv4.SetBase("10.9.0.0", "255.255.255.0");
        auto interfaces = ipv4.Assign(devices);
        NeighborCacheHelper().PopulateNeighborCache(interfaces);
        for (uint32_t i = 0; i < 2; ++i)
        {
            auto clock = CreateObject<DriftingClock>();
            clock->SetAttribute("InitialOffset", TimeValue(MilliSeconds(3)));
            nodes.Get(i)->AggregateObject(clock);
        }
        auto server = CreateObject<ScheduledOperationServer>();
        server->SetAttribute("SchedMaxPast", TimeValue(Seconds(1)));
        nodes.Get(1)->AddApplication(server);
        server->SetStartTime(Seconds(0));
        std::vector<Time> starts;
        server->TraceConnectWithoutContext(
            "OperationComplete",
            Callback<void, uint32_t, bool, Time, Time, Time, Time>(
                [&starts](uint32_t, bool, Time, Time s, Time, Time) { starts.push_back(s); }));

        Ptr<Socket> socket =
            Socket::CreateSocket(nodes.Get(0), TypeId::LookupByName("ns3::UdpSocketFactory"));
        socket->Bind();
        socket->Connect(InetSocketAddress(interfaces.GetAddress(1), 8300));
        socket->SetRecvCallback(MakeCallback(&ServerDirectTestCase::Receive, this));
        auto send = [socket](SchedulingHeader::MessageType type, uint32_t id, Time ts) {
            SchedulingHeader h;
            h.SetType(type);
            h.SetRequestId(id);
            h.SetTime1(ts);
            Ptr<Packet> p = Create<Packet>();
            p->AddHeader(h);
            socket->Send(p);
        };
        // Local time = true + 3 ms on the server.
        Simulator::Schedule(Seconds(1), [&]() {
            send(SchedulingHeader::SCHEDULE, 1, Seconds(1) + MilliSeconds(3) - MilliSeconds(200));
            send(SchedulingHeader::SCHEDULE, 2, Seconds(1) - Seconds(2));
            send(SchedulingHeader::SCHEDULE, 3, Seconds(1.5));
            socket->Send(Create<Packet>(10));
            Ptr<Packet> bad = Create<Packet>(32); // zeros: wrong magic
            socket->Send(bad);
        });
        Simulator::Schedule(Seconds(1.1), [&]() {
            send(SchedulingHeader::CANCEL, 3, Time(0));
            send(SchedulingHeader::CANCEL, 99, Time(0));
        });
        Simulator::Stop(Seconds(3));
        Simulator::Run();

        NS_TEST_ASSERT_MSG_EQ(starts.size(), 1u, "only request 1 ran");
        NS_TEST_ASSERT_MSG_LT(starts[0], Seconds(1) + MilliSeconds(1), "past T_s ran at once");
        NS_TEST_ASSERT_MSG_GT_OR_EQ(starts[0], Seconds(1), "after receipt");
        NS_TEST_ASSERT_MSG_EQ(server->GetRejected(), 1u, "too far in the past refused");
        NS_TEST_ASSERT_MSG_EQ(server->GetCancelled(), 1u, "cancel honoured");
        NS_TEST_ASSERT_MSG_EQ(server->GetMalformed(), 2u, "malformed counted");
        NS_TEST_ASSERT_MSG_EQ(server->GetPendingCount(), 0u, "nothing pending");
        int acks = 0;
        int errors = 0;
        int cancelOk = 0;
        int cancelMiss = 0;
        int reports = 0;
        for (const auto& h : m_replies)
        {
            NS_TEST_ASSERT_MSG_EQ(h.IsWellFormed(), true, "reply well formed");
            switch (h.GetType())
            {
            case SchedulingHeader::ACK:
                ++acks;
                break;
            case SchedulingHeader::ERROR:
                ++errors;
                NS_TEST_ASSERT_MSG_EQ(h.GetCode(), SchedulingHeader::TOO_FAR_PAST, "code");
                break;
            case SchedulingHeader::CANCEL_ACK:
                (h.GetCode() == SchedulingHeader::OK ? cancelOk : cancelMiss)++;
                break;
            case SchedulingHeader::REPORT:
                ++reports;
                NS_TEST_ASSERT_MSG_EQ(h.GetRequestId(), 1u, "report of 1");
                break;
            default:
                break;
            }
        }
        NS_TEST_ASSERT_MSG_EQ(acks, 2, "requests 1 and 3 acknowledged");
        NS_TEST_ASSERT_MSG_EQ(errors, 1, "request 2 refused");
        NS_TEST_ASSERT_MSG_EQ(cancelOk, 1, "cancel of 3");
        NS_TEST_ASSERT_MSG_EQ(cancelMiss, 1, "cancel of unknown 99");
        NS_TEST_ASSERT_MSG_EQ(reports, 1, "one report");
        Simulator::Destroy();
    }
};

/** The client counts and drops malformed packets and keeps scheduling. */
class ClientMalformedTestCase : public TestCase
{
  public:
    ClientMalformedTestCase()
        : TestCase("client: malformed replies are counted and dropped; operations go on")
    {
    }

  private:
    void DoRun() override
    {
        NodeContainer nodes;
        nodes.Create(3);
        CsmaHelper csma;
        auto devices = csma.Install(nodes);
        InternetStackHelper internet;
        internet.Install(nodes);
        Ipv4AddressHelper ipv4;
        ipv4.SetBase("10.9.1.0", "255.255.255.0");
        auto interfaces = ipv4.Assign(devices);
        NeighborCacheHelper().PopulateNeighborCache(interfaces);
        for (uint32_t i = 0; i < 3; ++i)
        {
            nodes.Get(i)->AggregateObject(CreateObject<DriftingClock>());
        }
        auto server = CreateObject<ScheduledOperationServer>();
        nodes.Get(1)->AddApplication(server);
        auto client = CreateObject<ScheduledOperationClient>();
        client->SetAttribute("Port", UintegerValue(9000));
        client->SetAttribute("MaxOperations", UintegerValue(3));
        client->AddServer(InetSocketAddress(interfaces.GetAddress(1), 8300));
        nodes.Get(0)->AddApplication(client);
        Ptr<Socket> rogue =
            Socket::CreateSocket(nodes.Get(2), TypeId::LookupByName("ns3::UdpSocketFactory"));
        rogue->Bind();
        rogue->Connect(InetSocketAddress(interfaces.GetAddress(0), 9000));
        Simulator::Schedule(Seconds(2), [rogue]() {
            rogue->Send(Create<Packet>(7));
            rogue->Send(Create<Packet>(32));
            SchedulingHeader h; // a SCHEDULE sent to a client is not a valid reply
            Ptr<Packet> p = Create<Packet>();
            p->AddHeader(h);
            rogue->Send(p);
        });
        Simulator::Stop(Seconds(10));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(client->GetMalformed(), 3u, "three malformed packets");
        uint32_t reported = 0;
        for (const auto& r : client->GetRecords())
        {
            reported += r.reported;
        }
        NS_TEST_ASSERT_MSG_EQ(reported, 3u, "all three operations reported");
        NS_TEST_ASSERT_MSG_GT(client->GetProbeReports(), 5u, "probes answered");
        Simulator::Destroy();
    }
};

} // namespace

/** \ingroup chronometry-tests OneClock scheduling against truth. */
class SchedulingStudyTestSuite : public TestSuite
{
  public:
    SchedulingStudyTestSuite()
        : TestSuite("chronometry-scheduling-study", Type::SYSTEM)
    {
        AddTestCase(new PredictorsBeatBaselineTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new SpikesAndBurstTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new CoordinatedSpreadTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new AtomicCommitTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new MaxFutureTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new ServerDirectTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new ClientMalformedTestCase, chronometry::TestDuration::QUICK);
    }
};

/** Static instance. */
static SchedulingStudyTestSuite g_schedulingStudyTestSuite;
