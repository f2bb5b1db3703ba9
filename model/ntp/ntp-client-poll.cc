/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// NtpClient's poll process (RFC 5905 section 13, Appendix A.5.7.1 poll() and A.5.7.2
// poll_update()) and its reaction to kiss-o'-death (RFC 5905 7.4).
#include "ntp-client.h"

#include "ns3/inet-socket-address.h"
#include "ns3/log.h"
#include "ns3/packet.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("NtpClientPoll");

namespace
{
/** Requests of a burst (RFC 5905 Figure 29: BCOUNT). */
constexpr uint32_t BCOUNT = 8;
/** Spacing of a burst's requests (RFC 5905 13: two seconds). */
const Time BTIME = Seconds(2);
/** Unreachable polls before the back-off (RFC 5905 Figure 29: UNREACH). */
constexpr uint32_t UNREACH = 24;
} // namespace

int8_t
NtpClient::DisciplineLimit(const std::string& name) const
{
    UintegerValue v;
    m_discipline->GetAttribute(name, v);
    return static_cast<int8_t>(v.Get());
}

int8_t
NtpClient::AssociationPoll(const Association& a) const
{
    if (m_mode == SNTP)
    {
        return std::max(m_discipline->GetPoll(), a.ratePoll);
    }
    // A.5.7.2 poll_update(): the minimum of ppoll and hpoll, never below MinPoll (the
    // discipline can be oversampled, not undersampled); a RATE floor on top (7.4).
    const int8_t poll = std::max(std::min(a.ppoll, a.hpoll), m_minPoll);
    return std::max(poll, a.ratePoll);
}

bool
NtpClient::IsFit(const Association& a) const
{
    if (!a.haveReply || !a.filter.HasSelection())
    {
        return false;
    }
    NtpCandidate c = NtpCandidate::FromFilter(0, a.filter, a.reply);
    c.reachable = a.reach != 0;
    c.dstAddress = a.local;
    return m_mitigation->Accept(c,
                                Simulator::Now(),
                                m_discipline->GetPollInterval(),
                                0,
                                m_synchronized ? m_system.referenceId : 0) == NtpAcceptance::OK;
}

int8_t
NtpClient::PollProcess(Association& a)
{
    int8_t hpoll = a.hpoll;
    if (a.burst > 0)
    {
        --a.burst; // within a burst the register is left alone
        return hpoll;
    }
    a.outdate = Simulator::Now();
    a.reach = static_cast<uint8_t>(a.reach << 1);
    if ((a.reach & 0x7) == 0)
    {
        // A.5.7.1: nothing heard for the last three polls (or fewer, at the start: the
        // register is then 0 too): a dummy raises the peer dispersion.
        a.filter.AddDummy(Simulator::Now());
    }
    if (a.reach == 0)
    {
        // Section 13: unreach counts the unreachable polls up to UNREACH, then each poll
        // doubles the interval. Iburst: a burst at the first of them.
        if (m_iburst && a.unreach == 0)
        {
            a.burst = BCOUNT - 1; // this request is the burst's first
        }
        else if (a.unreach >= UNREACH)
        {
            ++hpoll;
        }
        a.unreach = std::min(a.unreach + 1, UNREACH);
    }
    else
    {
        a.unreach = 0;
        hpoll = m_discipline->GetPoll();
        if (m_burst && IsFit(a))
        {
            a.burst = BCOUNT - 1;
        }
    }
    return hpoll;
}

void
NtpClient::Poll(uint32_t index)
{
    NS_LOG_FUNCTION(this << index);
    Association& a = m_associations[index];
    if (a.demobilized)
    {
        return;
    }
    NtpMessage request;
    int8_t hpoll = a.hpoll;
    if (m_mode == SNTP)
    {
        a.reach = static_cast<uint8_t>(a.reach << 1);
        request = m_sntp->MakeRequest(ReadClock().ToTime());
    }
    else
    {
        hpoll = PollProcess(a);
        request.leap = m_synchronized ? m_system.leap : NtpLeap::NOT_SYNC;
        request.mode = NtpMode::CLIENT;
        request.stratum = m_synchronized ? m_system.stratum : 0;
        request.poll = a.hpoll; // A.5.7.3 peer_xmit(): x.poll = p->hpoll
        request.precision = ntp::TimeToLog2(m_precision);
        request.transmitTimestamp = ReadClock();
    }
    a.xmt = request.transmitTimestamp;
    a.outstanding = true;
    const std::vector<uint8_t> bytes = request.Encode();
    m_socket->SendTo(Create<Packet>(bytes.data(), bytes.size()),
                     0,
                     InetSocketAddress(a.address, NtpServer::PORT));
    ++m_requests;
    if (m_mode == SNTP)
    {
        a.nextdate = Simulator::Now() + ntp::Log2ToTime(AssociationPoll(a));
        a.timer =
            Simulator::Schedule(ntp::Log2ToTime(AssociationPoll(a)), &NtpClient::Poll, this, index);
        return;
    }
    PollUpdate(index, hpoll);
}

void
NtpClient::PollUpdate(uint32_t index, int8_t hpoll)
{
    Association& a = m_associations[index];
    const Time now = Simulator::Now();
    a.hpoll = std::max(std::min(hpoll, m_maxPoll), m_minPoll);
    Time next;
    if (a.burst > 0)
    {
        if (a.nextdate != now)
        {
            return; // a reply within a burst keeps the burst's schedule
        }
        next = now + BTIME;
    }
    else
    {
        next = a.outdate + ntp::Log2ToTime(AssociationPoll(a));
    }
    if (next <= now)
    {
        next = now + Seconds(1); // A.5.7.2: a due time already passed is one second ahead
    }
    if (next == a.nextdate && !a.timer.IsExpired())
    {
        return;
    }
    a.nextdate = next;
    a.timer.Cancel();
    a.timer = Simulator::Schedule(next - now, &NtpClient::Poll, this, index);
}

void
NtpClient::Kiss(Association& a, const NtpMessage& kiss)
{
    // RFC 5905 7.4: only a kiss that answers our request counts (else anyone could stop us).
    if (!a.outstanding || kiss.originTimestamp != a.xmt)
    {
        return;
    }
    a.outstanding = false;
    const std::string code = kiss.GetKissCode();
    if (code == "DENY" || code == "RSTR")
    {
        NS_LOG_WARN(Where() << ": " << a.address << " sent " << code << ": demobilized");
        a.demobilized = true;
        a.reach = 0;
        a.timer.Cancel();
    }
    else if (code == "RATE")
    {
        // RFC 5905 7.4: the client MUST reduce its rate: double this association's interval
        // (a floor kept from now on, up to MAXPOLL), end a burst, and wait the new interval
        // out before the next request.
        a.ratePoll = static_cast<int8_t>(std::min<int>(AssociationPoll(a) + 1, ntp::MAXPOLL));
        a.burst = 0;
        NS_LOG_WARN(Where() << ": " << a.address << " sent RATE: poll 2^" << int(a.ratePoll));
        const uint32_t index = static_cast<uint32_t>(&a - m_associations.data());
        a.nextdate = Simulator::Now() + ntp::Log2ToTime(a.ratePoll);
        a.timer.Cancel();
        a.timer = Simulator::Schedule(ntp::Log2ToTime(a.ratePoll), &NtpClient::Poll, this, index);
    }
}

} // namespace ns3
