/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// PtpClock: its Attributes, lifecycle (ports, sockets, time stamping), the BMCA's port states
// and the sending side (the receive side and the exchanges are in ptp-clock-exchanges.cc).
#include "ptp-clock.h"

#include "pi-servo.h"

#include "ns3/boolean.h"
#include "ns3/chronometry-checkers.h"
#include "ns3/chronometry-ns3-compat.h"
#include "ns3/chronometry-validation.h"
#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/inet-socket-address.h"
#include "ns3/ipv4-routing-protocol.h"
#include "ns3/ipv4-static-routing-helper.h"
#include "ns3/ipv4.h"
#include "ns3/log.h"
#include "ns3/mac48-address.h"
#include "ns3/node.h"
#include "ns3/pointer.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/udp-socket-factory.h"
#include "ns3/uinteger.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("PtpClock");
NS_OBJECT_ENSURE_REGISTERED(PtpClock);

const Ipv4Address PtpClock::PRIMARY_GROUP("224.0.1.129");
const Ipv4Address PtpClock::PDELAY_GROUP("224.0.0.107");

namespace
{
constexpr uint16_t EVENT_PORT = 319;   //!< UDP port of event messages
constexpr uint16_t GENERAL_PORT = 320; //!< UDP port of general messages
constexpr int MIN_LOG_INTERVAL = -7;   //!< shortest message interval: 2^-7 s
constexpr int MAX_LOG_INTERVAL = 6;    //!< longest message interval: 64 s

/**
 * \param type a message type
 * \return its index in the per-type counters
 */
size_t
TypeIndex(PtpMessageType type)
{
    return static_cast<size_t>(type) & 0xF;
}
} // namespace

std::string
ToString(PtpDropReason reason)
{
    switch (reason)
    {
    case PtpDropReason::MALFORMED:
        return "malformed";
    case PtpDropReason::WRONG_SDO_ID:
        return "wrong-sdo-id";
    case PtpDropReason::WRONG_DOMAIN:
        return "wrong-domain";
    case PtpDropReason::WRONG_UDP_PORT:
        return "wrong-udp-port";
    case PtpDropReason::OWN_MESSAGE:
        return "own-message";
    case PtpDropReason::UNSUPPORTED_TYPE:
        return "unsupported-type";
    case PtpDropReason::NOT_FROM_PARENT:
        return "not-from-parent";
    case PtpDropReason::NOT_FOR_THIS_PORT:
        return "not-for-this-port";
    case PtpDropReason::UNMATCHED:
        return "unmatched";
    case PtpDropReason::WRONG_STATE:
        return "wrong-state";
    case PtpDropReason::COUNT:
        break;
    }
    return "invalid";
}

TypeId
PtpClock::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::PtpClock")
            .SetParent<Application>()
            .SetGroupName("Chronometry")
            .AddConstructor<PtpClock>()
            .AddAttribute("DomainNumber",
                          "domainNumber of the messages sent; others are dropped.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&PtpClock::m_domain),
                          chronometry::MakeUintegerRangeChecker(0, 239))
            .AddAttribute("MajorSdoId",
                          "majorSdoId (transportSpecific) sent and expected: 0 for the 1588 "
                          "default profile, 1 for 802.1AS.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&PtpClock::m_majorSdoId),
                          chronometry::MakeUintegerRangeChecker(0, 15))
            .AddAttribute("Role",
                          "Auto: the BMCA decides the port states; Master: every port MASTER "
                          "(masterOnly); Slave: never MASTER (slaveOnly, ordinary clocks).",
                          EnumValue(AUTO),
                          chronometry::MakeEnumAccessorOf<Role>(&PtpClock::m_role),
                          MakeEnumChecker(AUTO, "Auto", MASTER, "Master", SLAVE, "Slave"))
            .AddAttribute("Priority1",
                          "priority1 of the defaultDS (lower wins the BMCA).",
                          UintegerValue(128),
                          MakeUintegerAccessor(&PtpClock::m_priority1),
                          chronometry::MakeUintegerRangeChecker(0, 255))
            .AddAttribute("Priority2",
                          "priority2 of the defaultDS.",
                          UintegerValue(128),
                          MakeUintegerAccessor(&PtpClock::m_priority2),
                          chronometry::MakeUintegerRangeChecker(0, 255))
            .AddAttribute("ClockClass",
                          "clockQuality.clockClass (248: default; 6: locked to a primary "
                          "reference; 1-127 never become slaves).",
                          UintegerValue(248),
                          MakeUintegerAccessor(&PtpClock::m_clockClass),
                          chronometry::MakeUintegerRangeChecker(0, 255))
            .AddAttribute("ClockAccuracy",
                          "clockQuality.clockAccuracy (0xFE: unknown).",
                          UintegerValue(0xFE),
                          MakeUintegerAccessor(&PtpClock::m_clockAccuracy),
                          chronometry::MakeUintegerRangeChecker(0, 255))
            .AddAttribute("OffsetScaledLogVariance",
                          "clockQuality.offsetScaledLogVariance (0xFFFF: unknown).",
                          UintegerValue(0xFFFF),
                          MakeUintegerAccessor(&PtpClock::m_variance),
                          chronometry::MakeUintegerRangeChecker(0, 65535))
            .AddAttribute("ClockIdentity",
                          "clockIdentity (EUI-64); 0: derived from the first port's MAC "
                          "address (FF-FE inserted), or from the node id.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&PtpClock::m_clockIdentityAttribute),
                          MakeUintegerChecker<uint64_t>())
            .AddAttribute(
                "SyncInterval",
                "Time between Sync messages of a MASTER port (logSyncInterval).",
                TimeValue(Seconds(1)),
                MakeTimeAccessor(&PtpClock::m_syncInterval),
                chronometry::MakeTimePowerOfTwoChecker(MIN_LOG_INTERVAL, MAX_LOG_INTERVAL))
            .AddAttribute(
                "AnnounceInterval",
                "Time between Announce messages (logAnnounceInterval; the BMCA's "
                "timeouts count in it).",
                TimeValue(Seconds(2)),
                MakeTimeAccessor(&PtpClock::m_announceInterval),
                chronometry::MakeTimePowerOfTwoChecker(MIN_LOG_INTERVAL, MAX_LOG_INTERVAL))
            .AddAttribute(
                "MinDelayReqInterval",
                "Mean time between Delay_Req messages of a SLAVE port "
                "(logMinDelayReqInterval; each interval uniform in [0, 2x]).",
                TimeValue(Seconds(1)),
                MakeTimeAccessor(&PtpClock::m_delayReqInterval),
                chronometry::MakeTimePowerOfTwoChecker(MIN_LOG_INTERVAL, MAX_LOG_INTERVAL))
            .AddAttribute(
                "PdelayReqInterval",
                "Time between Pdelay_Req messages of every port (P2P; "
                "logMinPdelayReqInterval).",
                TimeValue(Seconds(1)),
                MakeTimeAccessor(&PtpClock::m_pdelayReqInterval),
                chronometry::MakeTimePowerOfTwoChecker(MIN_LOG_INTERVAL, MAX_LOG_INTERVAL))
            .AddAttribute("AnnounceReceiptTimeout",
                          "Announce intervals without an Announce before a master is "
                          "forgotten (announceReceiptTimeout).",
                          UintegerValue(3),
                          MakeUintegerAccessor(&PtpClock::m_announceReceiptTimeout),
                          chronometry::MakeUintegerRangeChecker(2, 255, "intervals"))
            .AddAttribute("DelayMechanism",
                          "E2E: Delay_Req / Delay_Resp with the master; P2P: Pdelay on every "
                          "link (needs P2P-aware switches, or a direct link).",
                          EnumValue(E2E),
                          chronometry::MakeEnumAccessorOf<DelayMechanism>(&PtpClock::m_mechanism),
                          MakeEnumChecker(E2E, "E2E", P2P, "P2P"))
            .AddAttribute("UnicastDelayRequests",
                          "Send Delay_Req unicast to the parent, which answers unicast "
                          "(linuxptp's hybrid_e2e); otherwise both are multicast and reach "
                          "every node.",
                          BooleanValue(false),
                          MakeBooleanAccessor(&PtpClock::m_unicastDelayRequests),
                          MakeBooleanChecker())
            .AddAttribute(
                "TimestampMode",
                "Hardware: time stamps at the NetDevice (PhyTxBegin / PhyRxEnd) with "
                "TimestampNoise and TimestampGranularity; Software: at the socket, "
                "with the clock's read model and HostDelay.",
                EnumValue(HARDWARE),
                chronometry::MakeEnumAccessorOf<TimestampMode>(&PtpClock::m_timestampMode),
                MakeEnumChecker(HARDWARE, "Hardware", SOFTWARE, "Software"))
            .AddAttribute("TimestampNoise",
                          "Noise added to each hardware time stamp, in nanoseconds (any "
                          "RandomVariableStream; none by default).",
                          PointerValue(),
                          MakePointerAccessor(&PtpClock::m_noise),
                          MakePointerChecker<RandomVariableStream>())
            .AddAttribute("TimestampGranularity",
                          "Hardware time stamps are quantized down to a multiple of this "
                          "(8 ns: a 125 MHz time stamping unit).",
                          TimeValue(NanoSeconds(8)),
                          MakeTimeAccessor(&PtpClock::m_granularity),
                          chronometry::MakeTimeRangeChecker(Time::From(1), MilliSeconds(1)))
            .AddAttribute("HostDelay",
                          "Software time stamping: delay between a send time stamp and the "
                          "socket send, and between an arrival and its time stamp, in "
                          "nanoseconds (any RandomVariableStream; none by default).",
                          PointerValue(),
                          MakePointerAccessor(&PtpClock::m_hostDelay),
                          MakePointerChecker<RandomVariableStream>())
            .AddAttribute("Servo",
                          "The clock servo (one per clock); unset: a PiServo with the "
                          "TimestampMode's linuxptp gains.",
                          PointerValue(),
                          MakePointerAccessor(&PtpClock::m_servo),
                          MakePointerChecker<ClockServo>())
            .AddAttribute("DelayAsymmetry",
                          "delayAsymmetry of the ports: how much longer the master-to-slave "
                          "direction is than the mean path delay (half the difference).",
                          TimeValue(Time(0)),
                          MakeTimeAccessor(&PtpClock::m_delayAsymmetry),
                          chronometry::MakeTimeRangeChecker(Seconds(-1), Seconds(1)))
            .AddAttribute("DelayFilterLength",
                          "Path delay measurements in the moving median (linuxptp's "
                          "delay_filter_length; 1: no filter).",
                          UintegerValue(10),
                          MakeUintegerAccessor(&PtpClock::m_delayFilterLength),
                          chronometry::MakeUintegerRangeChecker(1, 64))
            .AddTraceSource("Offset",
                            "An offset sample: the protocol's estimate and the servo state.",
                            MakeTraceSourceAccessor(&PtpClock::m_offsetTrace),
                            "ns3::PtpClock::OffsetCallback")
            .AddTraceSource("PathDelay",
                            "A path (E2E) or link (P2P) delay measurement: (port, filtered, "
                            "measured).",
                            MakeTraceSourceAccessor(&PtpClock::m_pathDelayTrace),
                            "ns3::PtpClock::PathDelayCallback")
            .AddTraceSource("PortState",
                            "A port changed state: (port, from, to).",
                            MakeTraceSourceAccessor(&PtpClock::m_portStateTrace),
                            "ns3::PtpClock::PortStateCallback")
            .AddTraceSource("Drop",
                            "A received datagram was not used: (port, reason).",
                            MakeTraceSourceAccessor(&PtpClock::m_dropTrace),
                            "ns3::PtpClock::DropCallback")
            .AddTraceSource("Tx",
                            "A message is sent: (port, message).",
                            MakeTraceSourceAccessor(&PtpClock::m_txTrace),
                            "ns3::PtpClock::MessageCallback")
            .AddTraceSource("Rx",
                            "A message was received and accepted: (port, message).",
                            MakeTraceSourceAccessor(&PtpClock::m_rxTrace),
                            "ns3::PtpClock::MessageCallback");
    return tid;
}

PtpClock::PtpClock()
    : m_domain(0),
      m_majorSdoId(0),
      m_role(AUTO),
      m_priority1(128),
      m_priority2(128),
      m_clockClass(248),
      m_clockAccuracy(0xFE),
      m_variance(0xFFFF),
      m_clockIdentityAttribute(0),
      m_syncInterval(Seconds(1)),
      m_announceInterval(Seconds(2)),
      m_delayReqInterval(Seconds(1)),
      m_pdelayReqInterval(Seconds(1)),
      m_announceReceiptTimeout(3),
      m_mechanism(E2E),
      m_unicastDelayRequests(false),
      m_timestampMode(HARDWARE),
      m_granularity(NanoSeconds(8)),
      m_delayAsymmetry(0),
      m_delayFilterLength(10),
      m_delayReqJitter(CreateObject<UniformRandomVariable>())
{
    NS_LOG_FUNCTION(this);
}

PtpClock::~PtpClock() = default;

void
PtpClock::DoDispose()
{
    NS_LOG_FUNCTION(this);
    m_running = false;
    m_bmcaTimer.Cancel();
    for (auto& port : m_ports)
    {
        port.syncTimer.Cancel();
        port.announceTimer.Cancel();
        port.delayReqTimer.Cancel();
        port.pdelayTimer.Cancel();
    }
    m_ports.clear();
    m_devices.clear();
    m_bmca.reset();
    m_servo = nullptr;
    m_clock = nullptr;
    m_steered = nullptr;
    m_stampModel = PtpTimestampModel{};
    m_noise = nullptr;
    m_hostDelay = nullptr;
    m_delayReqJitter = nullptr;
    Application::DoDispose();
}

void
PtpClock::SetDevices(const std::vector<Ptr<NetDevice>>& devices)
{
    NS_LOG_FUNCTION(this << devices.size());
    m_devices = devices;
}

Time
PtpClock::GetTimescaleOffset()
{
    // So that a clock reading below 0 (a negative InitialOffset) still encodes, and a pcap
    // shows dates of 2023.
    return Seconds(1700000000);
}

int64_t
PtpClock::AssignStreams(int64_t stream)
{
    NS_LOG_FUNCTION(this << stream);
    if (m_noise)
    {
        m_noise->SetStream(stream);
    }
    if (m_hostDelay)
    {
        m_hostDelay->SetStream(stream + 1);
    }
    m_delayReqJitter->SetStream(stream + 2);
    return 3;
}

PtpClock::Port&
PtpClock::At(uint16_t port)
{
    NS_ABORT_MSG_IF(port < 1 || port > m_ports.size(),
                    "PtpClock: port " << port << " is not in 1.." << m_ports.size());
    return m_ports[port - 1];
}

const PtpClock::Port&
PtpClock::At(uint16_t port) const
{
    NS_ABORT_MSG_IF(port < 1 || port > m_ports.size(),
                    "PtpClock: port " << port << " is not in 1.." << m_ports.size());
    return m_ports[port - 1];
}

int8_t
PtpClock::LogInterval(Time interval)
{
    for (int n = MIN_LOG_INTERVAL; n <= MAX_LOG_INTERVAL; ++n)
    {
        Time t = n >= 0 ? Seconds(1) * int64_t{1LL << n} : Seconds(1) / int64_t{1LL << -n};
        if (t == interval)
        {
            return static_cast<int8_t>(n);
        }
    }
    return 0x7F;
}

PtpClockQuality
PtpClock::Quality() const
{
    PtpClockQuality q;
    q.clockClass = m_clockClass;
    q.clockAccuracy = m_clockAccuracy;
    q.offsetScaledLogVariance = m_variance;
    return q;
}

PtpTimestamp
PtpClock::ToWire(Time t)
{
    return PtpTimestamp::FromTime(t + GetTimescaleOffset());
}

Time
PtpClock::FromWire(const PtpTimestamp& ts)
{
    return ts.ToTime() - GetTimescaleOffset();
}

Time
PtpClock::HostDelay()
{
    if (!m_hostDelay)
    {
        return Time(0);
    }
    double ns = m_hostDelay->GetValue();
    return ns > 0 ? NanoSeconds(std::llround(ns)) : Time(0);
}

void
PtpClock::StartApplication()
{
    NS_LOG_FUNCTION(this);
    Ptr<Node> node = GetNode();
    const std::string where = "ns3::PtpClock on node " + std::to_string(node->GetId());
    m_clock = node->GetObject<LocalClock>();
    if (!m_clock)
    {
        chronometry::ReportConfigError(where + ": the node has no LocalClock; valid: a node "
                                               "with a clock (ClockHelper::Install)");
    }
    m_steered = DynamicCast<DriftingClock>(m_clock);
    if (!m_steered && m_role != MASTER)
    {
        chronometry::ReportConfigError(
            where + ": its clock (" + m_clock->GetInstanceTypeId().GetName() +
                ") cannot be steered; valid: an ns3::DriftingClock, or ns3::PtpClock::Role = "
                "Master",
            {"ns3::PtpClock::Role"});
    }
    Ptr<Ipv4> ipv4 = node->GetObject<Ipv4>();
    if (!ipv4)
    {
        chronometry::ReportConfigError(where + ": the node has no IPv4 stack; valid: a node "
                                               "with the Internet stack and an address");
    }
    if (m_devices.empty())
    {
        for (uint32_t i = 1; i < ipv4->GetNInterfaces() && m_devices.empty(); ++i)
        {
            if (ipv4->GetNAddresses(i) > 0)
            {
                m_devices.push_back(ipv4->GetNetDevice(i));
            }
        }
    }
    if (m_devices.empty() || m_devices.size() > 65534)
    {
        chronometry::ReportConfigError(where + ": " + std::to_string(m_devices.size()) +
                                       " ports is invalid; valid: 1 to 65534 devices with an "
                                       "IPv4 address");
    }
    if (m_role == SLAVE && m_devices.size() > 1)
    {
        chronometry::ReportConfigError(where + ": ns3::PtpClock::Role = Slave is invalid for a "
                                               "boundary clock; valid: Auto or Master",
                                       {"ns3::PtpClock::Role"});
    }
    m_clockIdentity = m_clockIdentityAttribute;
    if (m_clockIdentity == 0)
    {
        Address address = m_devices.front()->GetAddress();
        if (Mac48Address::IsMatchingType(address))
        {
            uint8_t mac[6];
            Mac48Address::ConvertFrom(address).CopyTo(mac);
            m_clockIdentity = PtpPortIdentity::ClockIdentityFromEui48(mac);
        }
        else
        {
            m_clockIdentity = 0x02000000FFFE0000ULL | node->GetId(); // locally administered
        }
    }
    m_stampModel = PtpTimestampModel{m_clock, m_noise, m_granularity};
    if (!m_servo)
    {
        m_servo = CreateObject<PiServo>();
        m_servo->SetAttribute("TimestampMode",
                              StringValue(m_timestampMode == HARDWARE ? "Hardware" : "Software"));
    }
    m_servo->SetSyncInterval(m_syncInterval);
    if (m_steered)
    {
        DoubleValue servoMax;
        DoubleValue clockMax;
        m_servo->GetAttribute("MaxFrequency", servoMax);
        m_steered->GetAttribute("MaxFrequencyAdjustment", clockMax);
        if (clockMax.Get() > 0 && servoMax.Get() > clockMax.Get())
        {
            NS_LOG_LOGIC("servo MaxFrequency lowered to the clock's " << clockMax.Get());
            m_servo->SetAttribute("MaxFrequency", clockMax);
        }
    }
    m_ports.clear();
    m_ports.resize(m_devices.size());
    for (size_t i = 0; i < m_devices.size(); ++i)
    {
        Port& port = m_ports[i];
        port.number = static_cast<uint16_t>(i + 1);
        port.device = m_devices[i];
        int32_t interface = ipv4->GetInterfaceForDevice(port.device);
        if (interface < 0 || ipv4->GetNAddresses(interface) == 0)
        {
            chronometry::ReportConfigError(where + ": port " + std::to_string(i + 1) +
                                           "'s device has no IPv4 address; valid: devices "
                                           "with an address");
        }
        port.interface = static_cast<uint32_t>(interface);
        OpenPort(port);
    }
    m_running = true;
    m_txBusyUntil = Simulator::Now();
    m_rxBusyUntil = Simulator::Now();
    m_lastGrandmaster = m_clockIdentity;
    if (m_role == MASTER)
    {
        for (auto& port : m_ports)
        {
            SetPortState(port, PtpPortState::MASTER);
        }
    }
    else
    {
        PtpBmca::Config config;
        config.defaultDs.clockIdentity = m_clockIdentity;
        config.defaultDs.priority1 = m_priority1;
        config.defaultDs.priority2 = m_priority2;
        config.defaultDs.clockQuality = Quality();
        config.defaultDs.slaveOnly = m_role == SLAVE;
        config.ports = static_cast<uint16_t>(m_ports.size());
        config.announceInterval = m_announceInterval;
        config.announceReceiptTimeout = m_announceReceiptTimeout;
        m_bmca = std::make_unique<PtpBmca>(config, Simulator::Now());
        ApplyBmca();
    }
    if (m_mechanism == P2P)
    {
        for (auto& port : m_ports)
        {
            // A random phase, so that the links do not all measure at once.
            Time phase = m_pdelayReqInterval * m_delayReqJitter->GetValue(0, 1);
            port.pdelayTimer =
                Simulator::Schedule(phase, &PtpClock::SendPdelayReq, this, port.number);
        }
    }
}

void
PtpClock::OpenPort(Port& port)
{
    Ptr<Node> node = GetNode();
    Ptr<Ipv4> ipv4 = node->GetObject<Ipv4>();
    for (uint16_t udpPort : {EVENT_PORT, GENERAL_PORT})
    {
        Ptr<Socket> socket = Socket::CreateSocket(node, UdpSocketFactory::GetTypeId());
        socket->BindToNetDevice(port.device);
        if (socket->Bind(InetSocketAddress(Ipv4Address::GetAny(), udpPort)) != 0)
        {
            chronometry::ReportConfigError(
                "ns3::PtpClock on node " + std::to_string(node->GetId()) + ": UDP port " +
                std::to_string(udpPort) + " on interface " + std::to_string(port.interface) +
                " is in use; valid: one PTP clock per device");
        }
        socket->SetRecvCallback(MakeCallback(&PtpClock::ReceiveFrom, this));
        (udpPort == EVENT_PORT ? port.eventSocket : port.generalSocket) = socket;
    }
    // A route for the PTP groups out of this interface, unless the routing has one.
    Ptr<Ipv4RoutingProtocol> routing = ipv4->GetRoutingProtocol();
    Ipv4Header header;
    header.SetDestination(PRIMARY_GROUP);
    header.SetProtocol(17);
    Socket::SocketErrno error;
    if (!routing || !routing->RouteOutput(Create<Packet>(), header, port.device, error))
    {
        Ipv4StaticRoutingHelper helper;
        Ptr<Ipv4StaticRouting> table = helper.GetStaticRouting(ipv4);
        if (!table)
        {
            chronometry::ReportConfigError(
                "ns3::PtpClock on node " + std::to_string(node->GetId()) +
                ": no route to 224.0.1.129 out of interface " + std::to_string(port.interface) +
                " and no static routing to add one to; valid: a node whose routing reaches the "
                "PTP groups");
        }
        NS_LOG_LOGIC("route 224.0.0.0/4 added on interface " << port.interface);
        table->AddNetworkRouteTo(Ipv4Address("224.0.0.0"), Ipv4Mask("240.0.0.0"), port.interface);
    }
    if (m_timestampMode == HARDWARE)
    {
        port.stamper = Create<PtpDeviceTimestamper>(port.device);
    }
}

void
PtpClock::StopApplication()
{
    NS_LOG_FUNCTION(this);
    m_running = false;
    m_bmcaTimer.Cancel();
    for (auto& port : m_ports)
    {
        port.syncTimer.Cancel();
        port.announceTimer.Cancel();
        port.delayReqTimer.Cancel();
        port.pdelayTimer.Cancel();
        for (Ptr<Socket> socket : {port.eventSocket, port.generalSocket})
        {
            if (socket)
            {
                socket->SetRecvCallback(MakeNullCallback<void, Ptr<Socket>>());
                socket->Close();
            }
        }
        port.eventSocket = nullptr;
        port.generalSocket = nullptr;
        port.stamper = nullptr;
        if (port.state != PtpPortState::LISTENING)
        {
            m_portStateTrace(port.number, port.state, PtpPortState::LISTENING);
            port.state = PtpPortState::LISTENING;
        }
    }
}

uint16_t
PtpClock::GetPortCount() const
{
    return static_cast<uint16_t>(m_ports.empty() ? m_devices.size() : m_ports.size());
}

PtpPortState
PtpClock::GetPortState(uint16_t port) const
{
    if (m_ports.empty())
    {
        return PtpPortState::LISTENING;
    }
    return At(port).state;
}

uint64_t
PtpClock::GetClockIdentity() const
{
    return m_clockIdentity;
}

uint64_t
PtpClock::GetGrandmasterIdentity() const
{
    return m_bmca ? m_bmca->GetGrandmasterIdentity() : m_clockIdentity;
}

bool
PtpClock::IsGrandmaster() const
{
    bool master = false;
    for (const auto& port : m_ports)
    {
        if (port.state == PtpPortState::SLAVE)
        {
            return false;
        }
        master = master || port.state == PtpPortState::MASTER;
    }
    return master;
}

std::optional<Time>
PtpClock::GetMeanPathDelay(uint16_t port) const
{
    return At(port).meanPathDelay;
}

Ptr<ClockServo>
PtpClock::GetServo() const
{
    return m_servo;
}

uint64_t
PtpClock::GetDropCount(PtpDropReason reason) const
{
    return m_drops[static_cast<size_t>(reason)];
}

uint64_t
PtpClock::GetForeignDropCount() const
{
    uint64_t n = 0;
    for (auto r : {PtpDropReason::MALFORMED,
                   PtpDropReason::WRONG_SDO_ID,
                   PtpDropReason::WRONG_DOMAIN,
                   PtpDropReason::WRONG_UDP_PORT,
                   PtpDropReason::OWN_MESSAGE,
                   PtpDropReason::UNSUPPORTED_TYPE})
    {
        n += GetDropCount(r);
    }
    return n;
}

const PtpDecodeCounters&
PtpClock::GetDecodeCounters() const
{
    return m_decode;
}

uint64_t
PtpClock::GetSentCount(PtpMessageType type) const
{
    return m_sent[TypeIndex(type)];
}

uint64_t
PtpClock::GetReceivedCount(PtpMessageType type) const
{
    return m_received[TypeIndex(type)];
}

uint64_t
PtpClock::GetSampleCount() const
{
    return m_samples;
}

// ---------------------------------------------------------------- port states (BMCA)

void
PtpClock::ApplyBmca()
{
    if (!m_bmca || !m_running)
    {
        return;
    }
    const std::optional<PtpPortIdentity> parent = m_bmca->GetParent();
    for (auto& port : m_ports)
    {
        PtpPortState state = m_bmca->GetPortState(port.number);
        if (state == PtpPortState::SLAVE && port.state == PtpPortState::SLAVE &&
            port.parent != parent)
        {
            // A new parent on the same port: its path and its Sync sequence are new.
            NS_LOG_LOGIC("port " << port.number << ": new parent");
            port.parent = parent;
            port.sync = Pending{};
            port.lastSync = Pending{};
            port.delayReq = Pending{};
            if (m_mechanism == E2E)
            {
                port.delays.clear();
                port.meanPathDelay.reset();
            }
        }
        SetPortState(port, state);
        if (state == PtpPortState::SLAVE)
        {
            port.parent = parent;
        }
    }
    const uint64_t grandmaster = m_bmca->GetGrandmasterIdentity();
    if (grandmaster != m_lastGrandmaster)
    {
        NS_LOG_LOGIC("grandmaster " << std::hex << m_lastGrandmaster << " -> " << grandmaster);
        m_lastGrandmaster = grandmaster;
        m_servo->Reset(); // a new time source: start afresh (the frequency is kept)
    }
    m_bmcaTimer.Cancel();
    Time next = m_bmca->GetNextEventTime();
    if (next != Time::Max())
    {
        m_bmcaTimer = Simulator::Schedule(std::max(next - Simulator::Now(), Time(0)),
                                          &PtpClock::BmcaTimeout,
                                          this);
    }
}

void
PtpClock::BmcaTimeout()
{
    m_bmca->Advance(Simulator::Now());
    ApplyBmca();
}

void
PtpClock::SetPortState(Port& port, PtpPortState state)
{
    if (port.state == state)
    {
        return;
    }
    NS_LOG_LOGIC("port " << port.number << ": " << ToString(port.state) << " -> "
                         << ToString(state));
    const PtpPortState from = port.state;
    port.state = state;
    if (from == PtpPortState::MASTER)
    {
        port.syncTimer.Cancel();
        port.announceTimer.Cancel();
    }
    if (from == PtpPortState::SLAVE)
    {
        port.delayReqTimer.Cancel();
        port.parent.reset();
        port.sync = Pending{};
        port.lastSync = Pending{};
        port.delayReq = Pending{};
        if (m_mechanism == E2E)
        {
            port.delays.clear();
            port.meanPathDelay.reset();
        }
    }
    m_portStateTrace(port.number, from, state);
    if (state == PtpPortState::MASTER)
    {
        port.announceTimer = Simulator::ScheduleNow(&PtpClock::SendAnnounce, this, port.number);
        port.syncTimer = Simulator::ScheduleNow(&PtpClock::SendSync, this, port.number);
    }
    if (state == PtpPortState::SLAVE && m_mechanism == E2E)
    {
        ScheduleDelayReq(port);
    }
}

// ---------------------------------------------------------------- sending

PtpMessage
PtpClock::NewMessage(PtpMessageType type, const Port& port, uint16_t sequenceId) const
{
    PtpMessage m = PtpMessage::Create(type);
    m.header.majorSdoId = m_majorSdoId;
    m.header.domainNumber = m_domain;
    m.header.sourcePortIdentity = PtpPortIdentity{m_clockIdentity, port.number};
    m.header.sequenceId = sequenceId;
    switch (type)
    {
    case PtpMessageType::SYNC:
    case PtpMessageType::FOLLOW_UP:
        m.header.logMessageInterval = LogInterval(m_syncInterval);
        break;
    case PtpMessageType::ANNOUNCE:
        m.header.logMessageInterval = LogInterval(m_announceInterval);
        break;
    case PtpMessageType::DELAY_RESP:
        m.header.logMessageInterval = LogInterval(m_delayReqInterval);
        break;
    default:
        break; // 0x7F from Create
    }
    return m;
}

void
PtpClock::Send(Port& port,
               const PtpMessage& message,
               Ipv4Address destination,
               Callback<void, Time> stamped)
{
    if (!m_running)
    {
        return;
    }
    const PtpMessageType type = message.header.messageType;
    const bool event = IsPtpEventMessage(type);
    std::vector<uint8_t> bytes = message.Encode();
    Ptr<Packet> packet = Create<Packet>(bytes.data(), static_cast<uint32_t>(bytes.size()));
    m_txTrace(port.number, message);
    if (m_timestampMode == HARDWARE)
    {
        if (event && !stamped.IsNull())
        {
            port.stamper->ExpectTx(packet->GetUid(),
                                   PtpDeviceTimestamper::TxCallback([this, stamped](Time at) {
                                       stamped(m_stampModel.Stamp(at));
                                   }));
        }
        SendNow(port.number, packet, event, destination, Callback<void, Time>(), Time(0), type);
        return;
    }
    // Software: the time stamp first, then the host delay (in order) before the socket.
    Time stamp = (event && !stamped.IsNull()) ? m_clock->GetLocalTime() : Time(0);
    const Time now = Simulator::Now();
    const Time delay = HostDelay();
    if (delay.IsZero() && m_txBusyUntil <= now)
    {
        SendNow(port.number, packet, event, destination, stamped, stamp, type);
        return;
    }
    m_txBusyUntil = std::max(now + delay, m_txBusyUntil);
    const uint16_t number = port.number;
    Simulator::Schedule(m_txBusyUntil - now,
                        [this, number, packet, event, destination, stamped, stamp, type]() {
                            SendNow(number, packet, event, destination, stamped, stamp, type);
                        });
}

void
PtpClock::SendNow(uint16_t portNumber,
                  Ptr<Packet> packet,
                  bool event,
                  Ipv4Address destination,
                  Callback<void, Time> stamped,
                  Time stamp,
                  PtpMessageType type)
{
    if (!m_running)
    {
        return;
    }
    Port& port = At(portNumber);
    Ptr<Socket> socket = event ? port.eventSocket : port.generalSocket;
    int sent = socket->SendTo(packet,
                              0,
                              InetSocketAddress(destination, event ? EVENT_PORT : GENERAL_PORT));
    if (sent < 0)
    {
        NS_LOG_LOGIC("port " << portNumber << ": " << ToString(type) << " not sent (errno "
                             << socket->GetErrno() << ")");
        return;
    }
    ++m_sent[TypeIndex(type)];
    if (!stamped.IsNull())
    {
        stamped(stamp);
    }
}

void
PtpClock::SendSync(uint16_t portNumber)
{
    Port& port = At(portNumber);
    if (port.state != PtpPortState::MASTER || !m_running)
    {
        return;
    }
    port.syncTimer = Simulator::Schedule(m_syncInterval, &PtpClock::SendSync, this, portNumber);
    const uint16_t seq = port.syncSeq++;
    PtpMessage sync = NewMessage(PtpMessageType::SYNC, port, seq);
    sync.header.SetFlag(ptpflags::TWO_STEP, true);
    sync.timestamp = ToWire(m_clock->TrueToLocal(Simulator::Now())); // approximate (two-step)
    Send(port, sync, PRIMARY_GROUP, Callback<void, Time>([this, portNumber, seq](Time t1) {
             if (!m_running)
             {
                 return;
             }
             Port& p = At(portNumber);
             PtpMessage followUp = NewMessage(PtpMessageType::FOLLOW_UP, p, seq);
             followUp.timestamp = ToWire(t1);
             Send(p, followUp, PRIMARY_GROUP, Callback<void, Time>());
         }));
}

void
PtpClock::SendAnnounce(uint16_t portNumber)
{
    Port& port = At(portNumber);
    if (port.state != PtpPortState::MASTER || !m_running)
    {
        return;
    }
    port.announceTimer =
        Simulator::Schedule(m_announceInterval, &PtpClock::SendAnnounce, this, portNumber);
    PtpMessage announce = NewMessage(PtpMessageType::ANNOUNCE, port, port.announceSeq++);
    announce.timestamp = ToWire(m_clock->TrueToLocal(Simulator::Now()));
    PtpAnnounceBody& body = announce.announce;
    std::optional<BmcaDataSet> parent;
    if (m_bmca && m_bmca->GetSlavePort() != 0)
    {
        parent = m_bmca->GetErbest(m_bmca->GetSlavePort());
    }
    if (parent)
    {
        // A boundary clock passes its grandmaster on, one step further.
        body.grandmasterIdentity = parent->grandmasterIdentity;
        body.grandmasterPriority1 = parent->priority1;
        body.grandmasterClockQuality = parent->clockQuality;
        body.grandmasterPriority2 = parent->priority2;
        body.stepsRemoved = static_cast<uint16_t>(parent->stepsRemoved + 1);
    }
    else
    {
        body.grandmasterIdentity = m_clockIdentity;
        body.grandmasterPriority1 = m_priority1;
        body.grandmasterClockQuality = Quality();
        body.grandmasterPriority2 = m_priority2;
        body.stepsRemoved = 0;
    }
    Send(port, announce, PRIMARY_GROUP, Callback<void, Time>());
}

void
PtpClock::ScheduleDelayReq(Port& port)
{
    port.delayReqTimer.Cancel();
    Time wait = m_delayReqInterval * m_delayReqJitter->GetValue(0, 2);
    port.delayReqTimer = Simulator::Schedule(wait, &PtpClock::SendDelayReq, this, port.number);
}

void
PtpClock::SendDelayReq(uint16_t portNumber)
{
    Port& port = At(portNumber);
    if (port.state != PtpPortState::SLAVE || !m_running)
    {
        return;
    }
    ScheduleDelayReq(port);
    if (!port.lastSync.active)
    {
        return; // nothing to pair the measurement with yet
    }
    const uint16_t seq = port.delayReqSeq++;
    PtpMessage request = NewMessage(PtpMessageType::DELAY_REQ, port, seq);
    request.timestamp = ToWire(m_clock->TrueToLocal(Simulator::Now()));
    request.header.SetFlag(ptpflags::UNICAST, m_unicastDelayRequests);
    port.delayReq = Pending{};
    port.delayReq.active = true;
    port.delayReq.sequenceId = seq;
    Send(port,
         request,
         m_unicastDelayRequests ? port.parentAddress : PRIMARY_GROUP,
         Callback<void, Time>([this, portNumber, seq](Time t3) {
             Port& p = At(portNumber);
             if (p.delayReq.active && p.delayReq.sequenceId == seq)
             {
                 p.delayReq.t3 = t3;
                 p.delayReq.haveT1 = true;
             }
         }));
}

void
PtpClock::SendPdelayReq(uint16_t portNumber)
{
    Port& port = At(portNumber);
    if (!m_running)
    {
        return;
    }
    port.pdelayTimer =
        Simulator::Schedule(m_pdelayReqInterval, &PtpClock::SendPdelayReq, this, portNumber);
    const uint16_t seq = port.pdelayReqSeq++;
    PtpMessage request = NewMessage(PtpMessageType::PDELAY_REQ, port, seq);
    request.timestamp = ToWire(m_clock->TrueToLocal(Simulator::Now()));
    port.pdelay = Pending{};
    port.pdelay.active = true;
    port.pdelay.sequenceId = seq;
    Send(port, request, PDELAY_GROUP, Callback<void, Time>([this, portNumber, seq](Time t1) {
             Port& p = At(portNumber);
             if (p.pdelay.active && p.pdelay.sequenceId == seq)
             {
                 p.pdelay.t1 = t1;
                 p.pdelay.haveT1 = true;
             }
         }));
}

} // namespace ns3
