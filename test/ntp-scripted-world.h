/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef NTP_SCRIPTED_WORLD_H
#define NTP_SCRIPTED_WORLD_H

// An NtpClient (node 0, 10.1.1.1) of one scripted server (node 1, 10.1.1.2:123) on a 1 ms
// link: the server answers each request with a reply (or a kiss) a test shapes or drops, and
// records when each request arrived. Shared by the NTP RFC and poll process suites.

#include "ptp-test-world.h"

#include "ns3/boolean.h"
#include "ns3/chronometry-ns3-compat.h"
#include "ns3/ntp-helper.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/udp-socket-factory.h"
#include "ns3/uinteger.h"

#include <functional>
#include <vector>

namespace ns3
{
namespace ntpscript
{

using ptptest::AddClock;
using ptptest::Link;

const Ipv4Address CLIENT("10.1.1.1"); //!< the client's address on the link
const Ipv4Address SERVER("10.1.1.2"); //!< the scripted server's

/** A scripted NTP server: answers request k with a reply `shape` may change (or drop). */
struct ScriptedServer
{
    Ptr<Socket> socket;  //!< UDP 123
    uint32_t stratum{2}; //!< advertised stratum
    uint32_t refid{0x0A090909};
    Time offset;                     //!< its clock's error (perfect clock plus this)
    std::vector<Time> requests;      //!< arrival of each client request (true time)
    std::vector<NtpMessage> answers; //!< replies of the client (Serve) to our requests
    std::function<bool(NtpMessage&, uint32_t)> shape; //!< edit reply k; false: do not send it
    Ptr<NtpMitigation> mitigation{CreateObject<NtpMitigation>()}; //!< builds replies

    /** \return this server's clock plus the timescale offset, as a timestamp */
    NtpTimestamp Read() const
    {
        return NtpTimestamp::FromTime(NtpServer::GetTimescaleOffset() + Simulator::Now() + offset);
    }

    /** \param s the socket with datagrams */
    void Receive(Ptr<Socket> s)
    {
        Address from;
        while (Ptr<Packet> p = s->RecvFrom(from))
        {
            std::vector<uint8_t> bytes(p->GetSize());
            p->CopyData(bytes.data(), bytes.size());
            NtpMessage m;
            const NtpDecodeStatus status = NtpMessage::Decode(bytes.data(), bytes.size(), m);
            if (!IsWellFormed(status))
            {
                continue;
            }
            if (m.mode == NtpMode::SERVER) // the client's answer (stratum 0: a kiss, to a client)
            {
                answers.push_back(m);
                continue;
            }
            const uint32_t k = requests.size();
            requests.push_back(Simulator::Now());
            NtpSystemVariables system;
            system.leap = NtpLeap::NO_WARNING;
            system.stratum = static_cast<uint8_t>(stratum);
            system.rootDelay = MilliSeconds(1);
            system.rootDispersion = MilliSeconds(1);
            system.referenceId = refid;
            system.time = Simulator::Now();
            const NtpTimestamp t = Read();
            NtpMessage reply = mitigation->ServerReply(m, system, -20, t, t, t, Simulator::Now());
            if (shape && !shape(reply, k))
            {
                continue;
            }
            const std::vector<uint8_t> out = reply.Encode();
            s->SendTo(Create<Packet>(out.data(), out.size()), 0, from);
        }
    }

    /** Ask the client for its time (as a client of it). */
    void Ask()
    {
        NtpMessage m;
        m.mode = NtpMode::CLIENT;
        m.transmitTimestamp = Read();
        const std::vector<uint8_t> out = m.Encode();
        socket->SendTo(Create<Packet>(out.data(), out.size()), 0, InetSocketAddress(CLIENT, 123));
    }
};

/** A client (node 0, 10.1.1.1) of one scripted server (node 1), 1 ms each way. */
struct World
{
    NodeContainer nodes;                  //!< client, server
    Ptr<DriftingClock> clock;             //!< the client's
    Ptr<NtpClient> client;                //!< the client
    ScriptedServer server;                //!< the server
    std::vector<NtpClientUpdate> updates; //!< the client's updates
    std::vector<Time> updateTimes;        //!< when each happened (true time)

    /**
     * \param minPoll the discipline's MinPoll (and MaxPoll when maxPoll is 0: a fixed poll)
     * \param offset the client's InitialOffset
     * \param maxPoll the discipline's MaxPoll (0: minPoll)
     * \param configure more settings of the client (Iburst, Burst), or nothing
     */
    explicit World(uint8_t minPoll = 4,
                   Time offset = MilliSeconds(20),
                   uint8_t maxPoll = 0,
                   const std::function<void(NtpHelper&)>& configure = {})
    {
        RngSeedManager::SetSeed(1);
        RngSeedManager::SetRun(1);
        nodes.Create(2);
        clock = AddClock(nodes.Get(0), offset, 10);
        Link(nodes, "100Mbps", MilliSeconds(1), Time(0));
        server.socket = Socket::CreateSocket(nodes.Get(1), UdpSocketFactory::GetTypeId());
        server.socket->Bind(InetSocketAddress(Ipv4Address::GetAny(), 123));
        server.socket->SetRecvCallback(MakeCallback(&ScriptedServer::Receive, &server));
        NtpHelper ntp;
        ntp.SetDisciplineAttribute("MinPoll", UintegerValue(minPoll));
        ntp.SetDisciplineAttribute("MaxPoll", UintegerValue(maxPoll > 0 ? maxPoll : minPoll));
        ntp.SetClientAttribute("Serve", BooleanValue(true));
        if (configure)
        {
            configure(ntp);
        }
        client = ntp.InstallClient(nodes.Get(0), {SERVER});
        ntp.AssignStreams(nodes, 3);
        client->TraceConnectWithoutContext("Update", MakeCallback(&World::Update, this));
    }

    ~World()
    {
        Simulator::Destroy();
    }

    /** \param u an update of the client */
    void Update(const NtpClientUpdate& u)
    {
        updates.push_back(u);
        updateTimes.push_back(Simulator::Now());
    }

    /** \param duration run this long */
    void Run(Time duration)
    {
        Simulator::Stop(duration);
        Simulator::Run();
    }
};

} // namespace ntpscript
} // namespace ns3

#endif /* NTP_SCRIPTED_WORLD_H */
