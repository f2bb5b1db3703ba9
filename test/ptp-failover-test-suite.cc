/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// PTP faults on the simulated network: the grandmaster fails (its application stops, or its
// interface goes down) and the BMCA fails over to the next best clock; the master's clock
// steps by 100 ms and the slaves follow as their servo's thresholds say; malformed and
// foreign datagrams are counted by reason and dropped while the slave stays locked. Scored
// against the truth (the clocks read at the same true time).
#include "ptp-test-world.h"

#include "ns3/chronometry-ns3-compat.h"
#include "ns3/error-model.h"
#include "ns3/pointer.h"
#include "ns3/ptp-helper.h"
#include "ns3/study-lan.h"
#include "ns3/test.h"
#include "ns3/udp-socket-factory.h"
#include "ns3/uinteger.h"

#include <iostream>
#include <random>

using namespace ns3;
using namespace ns3::ptptest;

namespace
{

/**
 * Sample trace sink: counts a slave servo's samples and those not LOCKED.
 * \param notLocked samples whose state is not LOCKED
 * \param all every sample
 * \param offset the sample (unused)
 * \param state the state after it
 * \param frequencyPpb the frequency held (unused)
 */
void
CountNotLocked(uint32_t* notLocked,
               uint32_t* all,
               Time /* offset */,
               ServoState state,
               double /* frequencyPpb */)
{
    ++*all;
    *notLocked += state != ServoState::LOCKED ? 1 : 0;
}

/**
 * Five ordinary clocks on the switched LAN (a transparent clock in the switch) with priority1
 * 1, 2, 128, 128, 128: node 0 is the
 * grandmaster until it fails at 12 s; node 1 must take over once the others' announce receipt
 * timeout (3 announce intervals) expires, and everyone then follows it.
 */
class FailoverTestCase : public TestCase
{
  public:
    FailoverTestCase()
        : TestCase("BMCA failover: the grandmaster stops (or its interface goes down), the next "
                   "best clock takes over within the announce receipt timeout")
    {
    }

  private:
    void DoRun() override
    {
        const Time interval = MilliSeconds(250); // announce
        const Time failure = Seconds(12);
        for (bool interfaceDown : {false, true})
        {
            NodeContainer nodes;
            nodes.Create(5);
            StudyLan lan = InstallStudyLan(nodes,
                                           "1Gbps",
                                           MicroSeconds(2),
                                           "10.0.0.0",
                                           "255.0.0.0",
                                           "switched");
            lan.AssignStreams(1);
            std::vector<Ptr<DriftingClock>> clocks;
            const double ppm[] = {12.0, -30.0, 45.0, -8.0, 22.0};
            for (uint32_t i = 0; i < 5; ++i)
            {
                clocks.push_back(AddClock(nodes.Get(i), MicroSeconds(137 * i), ppm[i]));
            }
            PtpHelper ptp;
            ptp.SetClockAttribute("SyncInterval", TimeValue(MilliSeconds(125)));
            ptp.SetClockAttribute("AnnounceInterval", TimeValue(interval));
            ptp.SetClockAttribute("MinDelayReqInterval", TimeValue(MilliSeconds(125)));
            ApplicationContainer apps = ptp.Install(nodes, {1, 2, 128, 128, 128});
            // A transparent clock: without it every other Sync waits 160 ns at the switch
            // behind the Announce sent just before it, a queueing asymmetry of 80 ns.
            AddClock(lan.switchNode.Get(0), Time(0), 3.0);
            ptp.InstallTransparent(lan.switchNode.Get(0));
            ptp.AssignStreams(NodeContainer(nodes, lan.switchNode), 10);
            std::vector<Ptr<PtpClock>> ptpClocks;
            for (uint32_t i = 0; i < 5; ++i)
            {
                ptpClocks.push_back(DynamicCast<PtpClock>(apps.Get(i)));
            }
            if (interfaceDown)
            {
                Ptr<Ipv4> ip = nodes.Get(0)->GetObject<Ipv4>();
                Simulator::Schedule(failure, [ip]() { ip->SetDown(1); });
            }
            else
            {
                apps.Get(0)->SetStopTime(failure);
            }
            // Poll who follows whom, and each slave's offset to the new grandmaster.
            Time backupIsGm = Time::Max();
            Time allFollow = Time::Max();
            double excursion = 0;
            std::vector<TruthSampler> truths;
            for (uint32_t i = 2; i < 5; ++i)
            {
                truths.push_back(TruthSampler{clocks[i], clocks[1], MilliSeconds(10), {}});
            }
            for (auto& t : truths)
            {
                t.Start(Seconds(22));
            }
            TruthSampler before{clocks[2], clocks[0], MilliSeconds(10), {}};
            before.Start(failure);
            for (Time t = failure; t < Seconds(22); t += MilliSeconds(10))
            {
                Simulator::Schedule(t, [&, t]() {
                    const uint64_t backup = ptpClocks[1]->GetClockIdentity();
                    if (backupIsGm == Time::Max() && ptpClocks[1]->IsGrandmaster())
                    {
                        backupIsGm = t;
                    }
                    bool all = ptpClocks[1]->IsGrandmaster();
                    for (uint32_t i = 2; i < 5; ++i)
                    {
                        all = all && ptpClocks[i]->GetGrandmasterIdentity() == backup &&
                              ptpClocks[i]->GetPortState(1) == PtpPortState::SLAVE;
                    }
                    if (allFollow == Time::Max() && all)
                    {
                        allFollow = t;
                    }
                });
            }
            // ptp4l never resets its servo on a change of grandmaster (issue 41): the slaves'
            // servos stay LOCKED through the failover (no restart, no step). The module used to
            // reset them, which showed here as one UNLOCKED sample per slave (a restart; a
            // step too had the offset exceeded FirstStepThreshold).
            uint32_t notLocked = 0;
            uint32_t samplesAfter = 0;
            Simulator::Schedule(failure, [&]() {
                for (uint32_t i = 2; i < 5; ++i)
                {
                    ptpClocks[i]->GetServo()->TraceConnectWithoutContext(
                        "Sample",
                        MakeBoundCallback(&CountNotLocked, &notLocked, &samplesAfter));
                }
            });
            Simulator::Stop(Seconds(22));
            Simulator::Run();
            NS_TEST_EXPECT_MSG_GT(samplesAfter, 100u, "the slaves kept sampling");
            NS_TEST_EXPECT_MSG_EQ(notLocked, 0u, "no servo restart or step on the failover");
            const Time timeout = interval * 3;
            double relocked = 0;
            for (const auto& t : truths)
            {
                excursion = std::max(excursion, t.MaxAbs(failure, allFollow));
                relocked = std::max(relocked, t.MaxAbs(allFollow + Seconds(6)));
            }
            std::cout << "[ptp] failover (" << (interfaceDown ? "interface down" : "app stops")
                      << " at " << failure.As(Time::S) << "): before, slave - GM max "
                      << before.MaxAbs(failure - Seconds(2), failure)
                      << " ns; the backup is GM after " << (backupIsGm - failure).As(Time::MS)
                      << ", all follow it after " << (allFollow - failure).As(Time::MS)
                      << " (announce receipt timeout " << timeout.As(Time::MS)
                      << "); offset to the backup in holdover at most " << excursion
                      << " ns, 6 s later " << relocked << " ns" << std::endl;
            NS_TEST_EXPECT_MSG_LT(before.MaxAbs(failure - Seconds(2), failure),
                                  50.0,
                                  "locked before");
            NS_TEST_EXPECT_MSG_LT_OR_EQ(backupIsGm - failure,
                                        timeout + MilliSeconds(10),
                                        "the backup takes over within the timeout");
            NS_TEST_EXPECT_MSG_GT(backupIsGm - failure,
                                  timeout - interval - MilliSeconds(10),
                                  "not before the timeout");
            NS_TEST_EXPECT_MSG_LT_OR_EQ(allFollow - failure,
                                        timeout + interval * 2 + MilliSeconds(10),
                                        "everyone follows once the backup is qualified");
            NS_TEST_EXPECT_MSG_LT(excursion, 2000.0, "a small holdover excursion");
            NS_TEST_EXPECT_MSG_LT(relocked, 50.0, "locked to the new grandmaster");
            Simulator::Destroy();
        }
    }
};

/**
 * The master's clock steps by 100 ms. With StepThreshold (linuxptp's step_threshold) the PI
 * servo restarts and steps the slave after it; without it (linuxptp's default) the slave
 * slews at the clamped frequency, MaxFrequencyAdjustment; SetTimeServo steps at the next
 * sample.
 */
class MasterStepTestCase : public TestCase
{
  public:
    MasterStepTestCase()
        : TestCase("a master clock steps by 100 ms: the slave steps (StepThreshold, SetTimeServo) "
                   "or slews at the frequency clamp (no threshold)")
    {
    }

  private:
    void DoRun() override
    {
        const Time step = MilliSeconds(100);
        const Time at = MilliSeconds(8060); // between two Syncs
        for (int variant = 0; variant < 3; ++variant)
        {
            NodeContainer nodes;
            nodes.Create(2);
            Ptr<DriftingClock> master = AddClock(nodes.Get(0), MilliSeconds(1), 10.0);
            Ptr<DriftingClock> slave = AddClock(nodes.Get(1), MicroSeconds(-300), -40.0);
            Link(nodes, "1Gbps", MicroSeconds(5), Time(0));
            PtpHelper ptp;
            ptp.SetClockAttribute("SyncInterval", TimeValue(MilliSeconds(125)));
            ptp.SetClockAttribute("AnnounceInterval", TimeValue(MilliSeconds(250)));
            ptp.SetClockAttribute("MinDelayReqInterval", TimeValue(MilliSeconds(125)));
            if (variant == 0)
            {
                ptp.SetServo("ns3::PiServo", "StepThreshold", TimeValue(MilliSeconds(1)));
            }
            else if (variant == 2)
            {
                ptp.SetServo("ns3::SetTimeServo");
            }
            ptp.SetClockAttribute("Role", StringValue("Master"));
            ptp.Install(nodes.Get(0));
            ptp.SetClockAttribute("Role", StringValue("Slave"));
            ptp.Install(nodes.Get(1));
            ptp.AssignStreams(nodes, 10);
            Simulator::Schedule(at, &DriftingClock::Step, master, step);
            TruthSampler truth{slave, master, MilliSeconds(10), {}};
            truth.Start(Seconds(16));
            Simulator::Stop(Seconds(16));
            Simulator::Run();
            const double behind = truth.Mean(at + MilliSeconds(10), at + MilliSeconds(10));
            const Time follow = truth.LockTime(variant == 2 ? 6300 : 1000) - at;
            const char* names[] = {"PI, StepThreshold 1 ms",
                                   "PI, no step threshold",
                                   "SetTimeServo"};
            std::cout << "[ptp] master steps +100 ms, " << names[variant] << ": within "
                      << (variant == 2 ? "6.3" : "1") << " us of the master after "
                      << (follow > Seconds(100) ? std::string("never")
                                                : std::to_string(follow.GetMilliSeconds()) + " ms")
                      << "; error 2 s after " << truth.Mean(at + Seconds(2), at + Seconds(2))
                      << " ns, 4 s after " << truth.Mean(at + Seconds(4), at + Seconds(4)) << " ns"
                      << std::endl;
            NS_TEST_EXPECT_MSG_EQ_TOL(behind,
                                      -1e8,
                                      10e3,
                                      "the step leaves the slave 100 ms behind");
            if (variant == 0)
            {
                // Restart: two samples (the second at least 0.016 / ki later) re-estimate the
                // frequency, then the step.
                NS_TEST_EXPECT_MSG_LT(follow, MilliSeconds(500), "stepped after the master");
                NS_TEST_EXPECT_MSG_LT(truth.MaxAbs(at + Seconds(6)), 50.0, "and locked again");
            }
            else if (variant == 1)
            {
                // Clamped at the clock's 500 ppm: the slave, 50 ppm slower than the master
                // free-running, closes (1 - 40e-6)(1 + 500e-6) - (1 + 10e-6) = 450 ppm.
                const double two = truth.Mean(at + Seconds(2), at + Seconds(2));
                const double four = truth.Mean(at + Seconds(4), at + Seconds(4));
                const double closing = (1 - 40e-6) * (1 + 500e-6) - (1 + 10e-6);
                NS_TEST_EXPECT_MSG_EQ_TOL((four - two) / 2,
                                          closing * 1e9,
                                          1e3,
                                          "slews at the frequency clamp");
                NS_TEST_EXPECT_MSG_GT(follow, Seconds(8), "no step");
            }
            else
            {
                // Back within its sawtooth (50 ppm x 125 ms) from the next sample on.
                NS_TEST_EXPECT_MSG_LT(truth.MaxAbs(at + MilliSeconds(70)),
                                      6300.0,
                                      "stepped at the next sample");
            }
            Simulator::Destroy();
        }
    }
};

/**
 * Lost messages: a packet loss rate p on both ends of the link (ns-3 RateErrorModel on the
 * devices' receive side) loses Syncs, Follow_Ups, Delay_Reqs, Delay_Resps and Announces alike.
 * A sample needs its Sync and its Follow_Up, so the slave gets about (1 - p)^2 of the Syncs;
 * a Follow_Up whose Sync was lost must be dropped as unmatched, never paired with another Sync
 * (that would be an error of a whole sync interval x drift, or worse). The servo, once its rate
 * is right, only coasts longer between samples: the error stays within a few time stamp grains.
 */
class LostMessagesTestCase : public TestCase
{
  public:
    LostMessagesTestCase()
        : TestCase("lost Sync, Follow_Up and delay messages (RateErrorModel on the link): samples "
                   "(1 - p)^2 of the Syncs, lone Follow_Ups unmatched, the slave stays locked")
    {
    }

  private:
    void DoRun() override
    {
        double lossless = 0;
        for (double p : {0.0, 0.1, 0.3})
        {
            NodeContainer nodes;
            nodes.Create(2);
            Ptr<DriftingClock> master = AddClock(nodes.Get(0), MilliSeconds(1), 10.0);
            Ptr<DriftingClock> slave = AddClock(nodes.Get(1), MicroSeconds(-300), -40.0);
            NetDeviceContainer devices = Link(nodes, "1Gbps", MicroSeconds(5), Time(0));
            for (uint32_t i = 0; i < devices.GetN(); ++i)
            {
                auto loss = CreateObject<RateErrorModel>();
                loss->SetUnit(RateErrorModel::ERROR_UNIT_PACKET);
                loss->SetRate(p);
                loss->AssignStreams(100 + i);
                devices.Get(i)->SetAttribute("ReceiveErrorModel", PointerValue(loss));
            }
            PtpHelper ptp;
            ptp.SetClockAttribute("SyncInterval", TimeValue(MilliSeconds(125)));
            ptp.SetClockAttribute("AnnounceInterval", TimeValue(MilliSeconds(250)));
            ptp.SetClockAttribute("MinDelayReqInterval", TimeValue(MilliSeconds(125)));
            // Several lost Announces in a row would end the slave's wait for its master (that
            // failure is the failover case's); here only the exchanges are under test.
            ptp.SetClockAttribute("AnnounceReceiptTimeout", UintegerValue(20));
            ptp.SetClockAttribute("Role", StringValue("Master"));
            Ptr<PtpClock> mc = ptp.Install(nodes.Get(0));
            ptp.SetClockAttribute("Role", StringValue("Slave"));
            Ptr<PtpClock> sc = ptp.Install(nodes.Get(1));
            ptp.AssignStreams(nodes, 10);
            uint32_t leftSlave = 0;
            sc->TraceConnectWithoutContext(
                "PortState",
                MakeCallback(+[](uint32_t* n, uint16_t, PtpPortState from, PtpPortState) {
                    *n += from == PtpPortState::SLAVE ? 1 : 0;
                }).Bind(&leftSlave));
            TruthSampler truth{slave, master, MilliSeconds(10), {}};
            truth.Start(Seconds(60));
            Simulator::Stop(Seconds(60));
            Simulator::Run();
            const double syncs = mc->GetSentCount(PtpMessageType::SYNC);
            const double share = sc->GetSampleCount() / syncs;
            const uint64_t unmatched = sc->GetDropCount(PtpDropReason::UNMATCHED);
            const double steady = truth.MaxAbs(Seconds(30));
            const double rms = truth.Rms(Seconds(30));
            std::cout << "[ptp] loss " << p << ": samples " << share << " of the Syncs (expected "
                      << (1 - p) * (1 - p) << "), unmatched " << unmatched << ", lock "
                      << truth.LockTime(100).GetSeconds() << " s, after 30 s RMS " << rms
                      << " ns, max " << steady << " ns; parent disqualified " << leftSlave
                      << " times" << std::endl;
            // Binomial: the share's standard deviation is at most 0.023 at 480 Syncs. Never more
            // samples than Sync/Follow_Up pairs (a lone Follow_Up paired with another Sync would
            // add one).
            NS_TEST_EXPECT_MSG_LT(share, (1 - p) * (1 - p) + 0.07, "samples need both messages");
            if (p > 0)
            {
                NS_TEST_EXPECT_MSG_GT(unmatched, 0u, "Follow_Ups and responses left unmatched");
            }
            else
            {
                NS_TEST_EXPECT_MSG_GT(share, 0.98, "lossless: every Sync after the first delay");
                NS_TEST_EXPECT_MSG_EQ(leftSlave, 0u, "lossless: the parent stays qualified");
                lossless = rms;
            }
            if (p >= 0.3)
            {
                // linuxptp's qualification (2 Announces in 4 intervals) drops the parent when 3
                // of 4 are lost (8% of windows at p = 0.3); the port then listens, recalibrates
                // and loses its path delay: samples fall below (1 - p)^2.
                NS_TEST_EXPECT_MSG_GT(leftSlave, 0u, "lost Announces disqualify the parent");
                NS_TEST_EXPECT_MSG_LT(share, (1 - p) * (1 - p), "and the slave misses samples");
            }
            NS_TEST_EXPECT_MSG_LT(truth.LockTime(100), Seconds(30), "locked");
            // A Follow_Up paired with another Sync would be a sync interval off (125 ms).
            NS_TEST_EXPECT_MSG_LT(steady, 50.0, "no mismatched Sync and Follow_Up");
            NS_TEST_EXPECT_MSG_GT(rms, lossless - 1, "losses never help");
            Simulator::Destroy();
        }
    }
};

/**
 * \param m a message
 * \return its octets in a packet
 */
Ptr<Packet>
Encode(const PtpMessage& m)
{
    std::vector<uint8_t> bytes = m.Encode();
    return Create<Packet>(bytes.data(), static_cast<uint32_t>(bytes.size()));
}

/**
 * Malformed and foreign datagrams sent to a locked slave on UDP 319 and 320: each is counted
 * under its reason and dropped, and the slave stays locked; then 2000 random datagrams.
 */
class ForeignPacketsTestCase : public TestCase
{
  public:
    ForeignPacketsTestCase()
        : TestCase("malformed and foreign packets are counted by reason and dropped, the slave "
                   "stays locked")
    {
    }

  private:
    void DoRun() override
    {
        NodeContainer nodes;
        nodes.Create(3);
        StudyLan lan =
            InstallStudyLan(nodes, "1Gbps", MicroSeconds(2), "10.0.0.0", "255.0.0.0", "switched");
        Ptr<DriftingClock> master = AddClock(nodes.Get(0), MilliSeconds(1), 10.0);
        Ptr<DriftingClock> slave = AddClock(nodes.Get(1), MicroSeconds(-300), -40.0);
        PtpHelper ptp;
        ptp.SetClockAttribute("SyncInterval", TimeValue(MilliSeconds(125)));
        ptp.SetClockAttribute("AnnounceInterval", TimeValue(MilliSeconds(250)));
        ptp.SetClockAttribute("MinDelayReqInterval", TimeValue(MilliSeconds(125)));
        ptp.SetClockAttribute("UnicastDelayRequests", BooleanValue(true));
        ptp.SetClockAttribute("Role", StringValue("Master"));
        Ptr<PtpClock> gm = ptp.Install(nodes.Get(0));
        ptp.SetClockAttribute("Role", StringValue("Slave"));
        Ptr<PtpClock> sl = ptp.Install(nodes.Get(1));
        ptp.AssignStreams(nodes, 10);
        const Ipv4Address target = lan.interfaces.GetAddress(1);
        Ptr<Socket> socket = Socket::CreateSocket(nodes.Get(2), UdpSocketFactory::GetTypeId());
        socket->Bind();
        auto send = [socket, target](Ptr<Packet> p, uint16_t port) {
            socket->SendTo(p, 0, InetSocketAddress(target, port));
        };
        PtpMessage sync = PtpMessage::Create(PtpMessageType::SYNC);
        sync.header.sourcePortIdentity = PtpPortIdentity{0x0102030405060708ULL, 1};
        sync.header.SetFlag(ptpflags::TWO_STEP, true);

        // One of each, ten times, between 6 s and 8 s (the slave is locked by then).
        struct Injection
        {
            const char* what;
            Ptr<Packet> packet;
            uint16_t port;
            PtpDropReason reason;
        };

        std::vector<Injection> injections;
        {
            uint8_t junk[10] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
            injections.push_back(
                {"10 octets", Create<Packet>(junk, 10), 319, PtpDropReason::MALFORMED});
            PtpMessage v1 = sync;
            std::vector<uint8_t> bytes = v1.Encode();
            bytes[1] = 0x01; // versionPTP 1
            injections.push_back({"versionPTP 1",
                                  Create<Packet>(bytes.data(), bytes.size()),
                                  319,
                                  PtpDropReason::MALFORMED});
            bytes = PtpMessage::Create(PtpMessageType::FOLLOW_UP).Encode();
            injections.push_back({"truncated Follow_Up",
                                  Create<Packet>(bytes.data(), 30),
                                  320,
                                  PtpDropReason::MALFORMED});
            bytes = sync.Encode();
            bytes.insert(bytes.end(), {0x00, 0x03, 0x00, 0x01, 0xAA}); // odd TLV length
            bytes[3] = static_cast<uint8_t>(bytes.size());
            injections.push_back({"odd TLV length",
                                  Create<Packet>(bytes.data(), bytes.size()),
                                  319,
                                  PtpDropReason::MALFORMED});
            bytes = sync.Encode();
            bytes.insert(bytes.end(), {0, 0, 0, 0}); // 3 would be ignored (an Ethernet pad)
            injections.push_back({"4 trailing octets",
                                  Create<Packet>(bytes.data(), bytes.size()),
                                  319,
                                  PtpDropReason::MALFORMED});
            PtpMessage other = sync;
            other.header.domainNumber = 5;
            injections.push_back({"domain 5", Encode(other), 319, PtpDropReason::WRONG_DOMAIN});
            other = sync;
            other.header.majorSdoId = 1;
            injections.push_back(
                {"802.1AS majorSdoId", Encode(other), 319, PtpDropReason::WRONG_SDO_ID});
            injections.push_back({"Sync on 320", Encode(sync), 320, PtpDropReason::WRONG_UDP_PORT});
            injections.push_back({"Announce on 319",
                                  Encode(PtpMessage::Create(PtpMessageType::ANNOUNCE)),
                                  319,
                                  PtpDropReason::WRONG_UDP_PORT});
            injections.push_back({"Signaling",
                                  Encode(PtpMessage::Create(PtpMessageType::SIGNALING)),
                                  320,
                                  PtpDropReason::UNSUPPORTED_TYPE});
            other = sync;
            other.header.sourcePortIdentity.clockIdentity = 0; // replaced below: the slave's
            injections.push_back({"its own", Encode(other), 319, PtpDropReason::OWN_MESSAGE});
            injections.push_back(
                {"Sync of a stranger", Encode(sync), 319, PtpDropReason::NOT_FROM_PARENT});
        }
        Simulator::Schedule(MilliSeconds(5999), [&]() {
            // The slave's identity is known once it runs.
            PtpMessage own = sync;
            own.header.sourcePortIdentity = PtpPortIdentity{sl->GetClockIdentity(), 1};
            for (auto& inj : injections)
            {
                if (inj.reason == PtpDropReason::OWN_MESSAGE)
                {
                    inj.packet = Encode(own);
                }
            }
        });
        for (int round = 0; round < 10; ++round)
        {
            for (size_t k = 0; k < injections.size(); ++k)
            {
                Simulator::Schedule(
                    Seconds(6) + MilliSeconds(200 * round) + MicroSeconds(37 * k),
                    [&, k]() { send(injections[k].packet->Copy(), injections[k].port); });
            }
        }
        // Then 2000 random datagrams of 0 to 100 octets, half to each port, between 9 and 11 s.
        std::mt19937_64 rng(7);
        std::uniform_int_distribution<int> length(0, 100);
        std::uniform_int_distribution<int> octet(0, 255);
        for (int i = 0; i < 2000; ++i)
        {
            std::vector<uint8_t> bytes(length(rng));
            for (auto& b : bytes)
            {
                b = static_cast<uint8_t>(octet(rng));
            }
            if (bytes.size() >= 2 && i % 3 == 0)
            {
                bytes[1] = 0x12; // versionPTP 2 (minor 1): deeper into the decoder
            }
            Ptr<Packet> p = Create<Packet>(bytes.data(), bytes.size());
            uint16_t port = i % 2 ? 319 : 320;
            // Half a millisecond off the Syncs' multiples of 125 ms, so as not to queue in
            // front of each of them at the switch.
            Simulator::Schedule(Seconds(9) + MicroSeconds(500 + 1000 * i),
                                [send, p, port]() { send(p, port); });
        }
        std::array<uint64_t, static_cast<size_t>(PtpDropReason::COUNT)> atNine{};
        Simulator::Schedule(Seconds(9), [&]() {
            for (size_t r = 0; r < atNine.size(); ++r)
            {
                atNine[r] = sl->GetDropCount(static_cast<PtpDropReason>(r));
            }
        });
        TruthSampler truth{slave, master, MilliSeconds(10), {}};
        truth.Start(Seconds(14));
        Simulator::Stop(Seconds(14));
        Simulator::Run();
        std::map<PtpDropReason, uint64_t> expected;
        for (const auto& inj : injections)
        {
            expected[inj.reason] += 10;
        }
        std::cout << "[ptp] injected 10 x " << injections.size() << " datagrams, counted by the "
                  << "slave:";
        for (const auto& [reason, n] : expected)
        {
            std::cout << " " << ToString(reason) << " " << atNine[static_cast<size_t>(reason)];
            NS_TEST_EXPECT_MSG_EQ(atNine[static_cast<size_t>(reason)], n, ToString(reason));
        }
        uint64_t randomDrops = 0;
        for (size_t r = 0; r < atNine.size(); ++r)
        {
            randomDrops += sl->GetDropCount(static_cast<PtpDropReason>(r)) - atNine[r];
        }
        const PtpDecodeCounters& decode = sl->GetDecodeCounters();
        std::cout << "; then 2000 random datagrams: " << randomDrops << " dropped (decoder: ";
        for (uint8_t s = 1; s < static_cast<uint8_t>(PtpDecodeStatus::STATUS_COUNT); ++s)
        {
            std::cout << ToString(static_cast<PtpDecodeStatus>(s)) << " "
                      << decode.GetCount(static_cast<PtpDecodeStatus>(s)) << " ";
        }
        std::cout << "); slave - master max " << truth.MaxAbs(Seconds(6)) << " ns" << std::endl;
        NS_TEST_EXPECT_MSG_EQ(randomDrops, 2000u, "every random datagram dropped");
        NS_TEST_EXPECT_MSG_GT(decode.GetCount(PtpDecodeStatus::BAD_VERSION), 10u, "refusals");
        NS_TEST_EXPECT_MSG_EQ(gm->GetForeignDropCount(), 0u, "nothing foreign reached the master");
        // Locked as before (without a transparent clock every other Sync waits 160 ns behind an
        // Announce at the switch: +-80 ns).
        NS_TEST_EXPECT_MSG_LT(truth.MaxAbs(Seconds(6)), 150.0, "the slave stays locked");
        Simulator::Destroy();
    }
};

} // namespace

/** \ingroup chronometry-tests PTP faults. */
class PtpFailoverTestSuite : public TestSuite
{
  public:
    PtpFailoverTestSuite()
        : TestSuite("chronometry-ptp-failover", Type::UNIT)
    {
        AddTestCase(new FailoverTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new MasterStepTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new LostMessagesTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new ForeignPacketsTestCase, chronometry::TestDuration::QUICK);
    }
};

/** Static instance. */
static PtpFailoverTestSuite g_ptpFailoverTestSuite;
