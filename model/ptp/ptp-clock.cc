/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// PtpClock, its Attributes and lifecycle: the ports with their sockets and time stamping, the
// servo set up at start, start and stop, and the accessors and counters (the port states are in
// ptp-clock-states.cc, the sending side in ptp-clock-sending.cc, the receive side and the
// exchanges in ptp-clock-exchanges.cc).
#include "ptp-clock.h"

#include "ns3/boolean.h"
#include "ns3/chronometry-checkers.h"
#include "ns3/chronometry-ns3-compat.h"
#include "ns3/chronometry-validation.h"
#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/inet-socket-address.h"
#include "ns3/integer.h"
#include "ns3/ipv4-routing-protocol.h"
#include "ns3/ipv4-static-routing-helper.h"
#include "ns3/ipv4.h"
#include "ns3/log.h"
#include "ns3/mac48-address.h"
#include "ns3/node.h"
#include "ns3/pi-servo.h"
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
            .AddAttribute("CurrentUtcOffset",
                          "currentUtcOffset a grandmaster announces, TAI - UTC (ptp4l's "
                          "utc_offset).",
                          IntegerValue(37),
                          MakeIntegerAccessor(&PtpClock::m_utcOffset),
                          chronometry::MakeIntegerRangeChecker(0, 32767, "s"))
            .AddAttribute("TimeSource",
                          "timeSource a grandmaster announces (ptp4l's timeSource; 0xA0: "
                          "internal oscillator).",
                          UintegerValue(0xA0),
                          MakeUintegerAccessor(&PtpClock::m_timeSource),
                          chronometry::MakeUintegerRangeChecker(0x10, 0xFE))
            .AddAttribute("TimeFlags",
                          "flagField octet 1 a grandmaster announces (ptp4l's "
                          "GRANDMASTER_SETTINGS_NP time_flags): leap61 1, leap59 2, "
                          "currentUtcOffsetValid 4, ptpTimescale 8, timeTraceable 16, "
                          "frequencyTraceable 32; a boundary clock passes on its parent's.",
                          UintegerValue(0x08),
                          MakeUintegerAccessor(&PtpClock::m_timeFlags),
                          chronometry::MakeUintegerRangeChecker(0, 0x7F))
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
            .AddAttribute(
                "Timestamping",
                "Time stamping class (hardware path): custom (TimestampNoise and "
                "TimestampGranularity, no PHY asymmetry), ideal (exact), hardware-8ns (8 ns unit, "
                "4 ns noise, PHY asymmetry a in +-8 ns per port), hardware-subns (one Time step, "
                "0.1 ns noise, a in +-0.5 ns), software (lognormal stack latency 20 us mean, "
                "10 us sd; a in +-1 us; software servo gains). The default is a realistic NIC "
                "(hardware-8ns); ideal and custom are explicit. doc/sync.rst gives the sources.",
                EnumValue(PTP_STAMP_HARDWARE_8NS),
                chronometry::MakeEnumAccessorOf<PtpTimestampClass>(&PtpClock::m_stampClass),
                MakeEnumChecker(PTP_STAMP_CUSTOM,
                                "custom",
                                PTP_STAMP_IDEAL,
                                "ideal",
                                PTP_STAMP_HARDWARE_8NS,
                                "hardware-8ns",
                                PTP_STAMP_HARDWARE_SUBNS,
                                "hardware-subns",
                                PTP_STAMP_SOFTWARE,
                                "software"))
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
      m_utcOffset(37),
      m_timeSource(0xA0),
      m_timeFlags(0x08),
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
      m_delayReqJitter(CreateObject<UniformRandomVariable>()),
      m_stampClass(PTP_STAMP_CUSTOM),
      m_classNoise(CreateObject<NormalRandomVariable>()),
      m_classLatency(CreateObject<LogNormalRandomVariable>()),
      m_phyAsymmetry(CreateObject<UniformRandomVariable>())
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
        port.qualificationTimer.Cancel();
    }
    m_ports.clear();
    m_devices.clear();
    m_heardTime.clear();
    m_bmca.reset();
    m_servo = nullptr;
    m_clock = nullptr;
    m_steered = nullptr;
    m_stampModel = PtpTimestampModel{};
    m_noise = nullptr;
    m_hostDelay = nullptr;
    m_delayReqJitter = nullptr;
    m_classNoise = nullptr;
    m_classLatency = nullptr;
    m_phyAsymmetry = nullptr;
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

void
PtpClock::StartApplication()
{
    NS_LOG_FUNCTION(this);
    ResolveNode();
    PrepareStamping();
    PrepareServo();
    Ptr<Ipv4> ipv4 = GetNode()->GetObject<Ipv4>();
    m_ports.clear();
    m_ports.resize(m_devices.size());
    for (size_t i = 0; i < m_devices.size(); ++i)
    {
        Port& port = m_ports[i];
        port.number = static_cast<uint16_t>(i + 1);
        port.logSyncInterval = LogInterval(m_syncInterval);
        port.logMinDelayReqInterval = LogInterval(m_delayReqInterval);
        port.device = m_devices[i];
        int32_t interface = ipv4->GetInterfaceForDevice(port.device);
        if (interface < 0 || ipv4->GetNAddresses(interface) == 0)
        {
            chronometry::ReportConfigError(Where() + ": port " + std::to_string(i + 1) +
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
    StartPortStates();
}

std::string
PtpClock::Where() const
{
    return "ns3::PtpClock on node " + std::to_string(GetNode()->GetId());
}

void
PtpClock::ResolveNode()
{
    Ptr<Node> node = GetNode();
    m_clock = node->GetObject<LocalClock>();
    if (!m_clock)
    {
        chronometry::ReportConfigError(Where() + ": the node has no LocalClock; valid: a node "
                                                 "with a clock (ClockHelper::Install)");
    }
    m_steered = DynamicCast<DriftingClock>(m_clock);
    if (!m_steered && m_role != MASTER)
    {
        chronometry::ReportConfigError(
            Where() + ": its clock (" + m_clock->GetInstanceTypeId().GetName() +
                ") cannot be steered; valid: an ns3::DriftingClock, or ns3::PtpClock::Role = "
                "Master",
            {"ns3::PtpClock::Role"});
    }
    Ptr<Ipv4> ipv4 = node->GetObject<Ipv4>();
    if (!ipv4)
    {
        chronometry::ReportConfigError(Where() + ": the node has no IPv4 stack; valid: a node "
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
        chronometry::ReportConfigError(Where() + ": " + std::to_string(m_devices.size()) +
                                       " ports is invalid; valid: 1 to 65534 devices with an "
                                       "IPv4 address");
    }
    if (m_role == SLAVE && m_devices.size() > 1)
    {
        chronometry::ReportConfigError(Where() + ": ns3::PtpClock::Role = Slave is invalid for "
                                                 "a boundary clock; valid: Auto or Master",
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
}

void
PtpClock::StartPortStates()
{
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
        port.stamping = NewPortStamping();
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
        port.qualificationTimer.Cancel();
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
    NS_LOG_FUNCTION(this);
    return static_cast<uint16_t>(m_ports.empty() ? m_devices.size() : m_ports.size());
}

PtpPortState
PtpClock::GetPortState(uint16_t port) const
{
    NS_LOG_FUNCTION(this << port);
    if (m_ports.empty())
    {
        return PtpPortState::LISTENING;
    }
    return At(port).state;
}

uint64_t
PtpClock::GetClockIdentity() const
{
    NS_LOG_FUNCTION(this);
    return m_clockIdentity;
}

uint64_t
PtpClock::GetGrandmasterIdentity() const
{
    NS_LOG_FUNCTION(this);
    return m_bmca ? m_bmca->GetGrandmasterIdentity() : m_clockIdentity;
}

bool
PtpClock::IsGrandmaster() const
{
    NS_LOG_FUNCTION(this);
    bool master = false;
    for (const auto& port : m_ports)
    {
        if (IsPtpSlaveState(port.state))
        {
            return false;
        }
        master = master || IsPtpMasterState(port.state);
    }
    return master;
}

std::optional<Time>
PtpClock::GetMeanPathDelay(uint16_t port) const
{
    NS_LOG_FUNCTION(this << port);
    return At(port).meanPathDelay;
}

Ptr<ClockServo>
PtpClock::GetServo() const
{
    NS_LOG_FUNCTION(this);
    return m_servo;
}

uint64_t
PtpClock::GetDropCount(PtpDropReason reason) const
{
    NS_LOG_FUNCTION(this << static_cast<int>(reason));
    return m_drops[static_cast<size_t>(reason)];
}

uint64_t
PtpClock::GetForeignDropCount() const
{
    NS_LOG_FUNCTION(this);
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
    NS_LOG_FUNCTION(this);
    return m_decode;
}

uint64_t
PtpClock::GetSentCount(PtpMessageType type) const
{
    NS_LOG_FUNCTION(this << static_cast<int>(type));
    return m_sent[TypeIndex(type)];
}

uint64_t
PtpClock::GetReceivedCount(PtpMessageType type) const
{
    NS_LOG_FUNCTION(this << static_cast<int>(type));
    return m_received[TypeIndex(type)];
}

uint64_t
PtpClock::GetSampleCount() const
{
    NS_LOG_FUNCTION(this);
    return m_samples;
}

} // namespace ns3
