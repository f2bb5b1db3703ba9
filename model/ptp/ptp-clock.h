/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef PTP_CLOCK_H
#define PTP_CLOCK_H

#include "ptp-bmca.h"
#include "ptp-device-timestamper.h"
#include "ptp-message.h"
#include "ptp-port-state.h"
#include "ptp-timestamp-class.h"

#include "ns3/application.h"
#include "ns3/drifting-clock.h"
#include "ns3/event-id.h"
#include "ns3/ipv4-address.h"
#include "ns3/ptp-servo.h"
#include "ns3/socket.h"
#include "ns3/traced-callback.h"

#include <array>
#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <vector>

namespace ns3
{

/**
 * \ingroup chronometry
 * Why a PtpClock did not use a datagram it received. The first six are malformed or foreign
 * packets (counted and dropped); the others are PTP messages of the domain that this port
 * has no use for in its state (normal traffic: a multicast Delay_Resp for another slave, a
 * Sync from a master that is not the parent).
 */
enum class PtpDropReason : uint8_t
{
    MALFORMED,         //!< PtpMessage::Decode refused it (GetDecodeCounters says why)
    WRONG_SDO_ID,      //!< majorSdoId (transportSpecific) of another profile
    WRONG_DOMAIN,      //!< another domainNumber
    WRONG_UDP_PORT,    //!< an event message on port 320 or a general message on 319
    OWN_MESSAGE,       //!< sent by this clock
    UNSUPPORTED_TYPE,  //!< Signaling or Management (decoded, not interpreted)
    NOT_FROM_PARENT,   //!< Sync, Follow_Up or Delay_Resp from a master that is not the parent
    NOT_FOR_THIS_PORT, //!< a response to another port's request
    UNMATCHED,         //!< a Follow_Up or response with no request or Sync waiting for it
    WRONG_STATE,       //!< not used in the port's state or delay mechanism
    COUNT              //!< number of reasons (not a reason)
};

/**
 * \param reason a drop reason
 * \return its name ("malformed", "wrong-domain", ...)
 */
std::string ToString(PtpDropReason reason);

/**
 * \ingroup chronometry
 * \brief One offset measurement of a slave port: the protocol's estimate and what the servo
 * did with it (the PtpClock "Offset" trace source).
 */
struct PtpOffsetSample
{
    uint16_t port{0};                       //!< the slave port
    PtpPortIdentity master;                 //!< the parent port that sent the Sync
    uint16_t sequenceId{0};                 //!< the Sync's sequenceId
    Time t1;                                //!< Sync departure, master clock (local time)
    Time t2;                                //!< Sync arrival, this clock (local time)
    Time correction;                        //!< Sync + Follow_Up correctionField
    Time meanPathDelay;                     //!< <meanPathDelay> (E2E) or <meanLinkDelay> (P2P)
    Time offsetFromMaster;                  //!< slave - master, as the protocol estimates it
    ServoState state{ServoState::UNLOCKED}; //!< servo state after the sample
    double frequencyPpb{0};                 //!< servo frequency adjustment after the sample
};

/**
 * \ingroup chronometry
 * \brief A PTP ordinary clock (one port) or boundary clock (several ports) on a node, as an
 * ns-3 Application: IEEE 1588-2019's default profile over UDP/IPv4 (Annex C), two-step.
 *
 * Each port is one NetDevice of the node with an IPv4 address, and has a socket on UDP 319
 * (event messages) and one on 320 (general messages), both bound to that device. Messages go
 * to 224.0.1.129 (224.0.0.107 for the peer delay messages); on a CSMA segment every node hears
 * them, and the switched study LAN's switch floods them (SwitchRouting's FloodMulticast). When
 * the node's routing has no route for 224.0.0.0/4 out of a port's interface, the clock adds
 * one to its static routing at start (as `ip route add 224.0.0.0/4 dev ethN`).
 *
 * Port states follow ptp4l's port state machine (PtpPortFsm) driven by the BMCA (PtpBmca
 * over the Announce messages received), or are fixed by Role: Master (masterOnly: every port
 * MASTER from the start, Announce sent, Announce received ignored), Slave (slaveOnly:
 * PtpSlavePortFsm, never a master state). A port recommended SLAVE is UNCALIBRATED until its
 * servo locks (SLAVE), and back to UNCALIBRATED when it unlocks or steps; one recommended
 * MASTER by M3 is PRE_MASTER for 1 + stepsRemoved announce intervals, then MASTER; one
 * recommended MASTER by M1 or M2 is GRAND_MASTER (ptp4l's extension), unless it was a master
 * already; the announce receipt timeout makes a LISTENING, PASSIVE, UNCALIBRATED or SLAVE
 * port MASTER. MASTER and GRAND_MASTER behave alike: a master port sends
 * Announce every AnnounceInterval and Sync every SyncInterval (two-step: the Follow_Up carries
 * the Sync's departure time), answers Delay_Req with Delay_Resp; every port answers
 * Pdelay_Req (P2P). An UNCALIBRATED or SLAVE port takes Sync and Follow_Up from its parent
 * (and gives the servo the Sync interval they carry, as ptp4l does), measures the path
 * delay (E2E: Delay_Req every MinDelayReqInterval on average, or the interval the master's
 * multicast Delay_Resp carries once one arrives, as ptp4l takes it, uniformly random in
 * [0, 2 x interval] as 1588-2019 9.5.11.2 asks; P2P: Pdelay_Req every
 * PdelayReqInterval on every port), filters it with a moving median of DelayFilterLength
 * (linuxptp's delay_filter), computes offsetFromMaster (ptp::OffsetFromMaster with the port's
 * DelayAsymmetry) and feeds the servo, whose action steers the node's DriftingClock (Step,
 * AdjustFrequency, Slew): every user of the node's clock sees the disciplined time. A servo
 * whose MaxFrequency exceeds the clock's MaxFrequencyAdjustment is lowered to it at start
 * (linuxptp does the same). When the grandmaster changes, the servo carries on (ptp4l does
 * not reset it either): the new grandmaster's offset is slewed out unless it exceeds the
 * servo's StepThreshold; a step moves the local time stamps of the exchanges in flight with
 * it.
 *
 * Time stamps (TimestampMode): Hardware reads the node's clock when the frame leaves or
 * arrives at the port's NetDevice (PhyTxBegin / PhyRxEnd, PtpDeviceTimestamper) with
 * TimestampNoise and TimestampGranularity (PtpTimestampModel); Software reads it
 * (LocalClock::GetLocalTime, with the clock's own ReadJitter and Resolution) when the message
 * is handed to or taken from the socket, so queueing in the device is inside the measured
 * delay, and a HostDelay draw (the stack and scheduling latency, in order: messages are not
 * reordered) separates the time stamp from the socket send or follows the arrival.
 *
 * Timers run in true time (as linuxptp's run on CLOCK_MONOTONIC, not on the clock it
 * steers), and so does the BMCA. Messages carry the clock's time plus GetTimescaleOffset(), so
 * that a clock with a negative reading still sends a valid PTP timestamp.
 *
 * Every received datagram is decoded with PtpMessage::Decode; what is malformed or foreign
 * (other domain or majorSdoId, a message on the wrong UDP port, its own) is counted by
 * PtpDropReason and dropped, as is what the port's state has no use for.
 */
class PtpClock : public Application
{
  public:
    /** How the ports' states are decided. */
    enum Role
    {
        AUTO,   //!< the BMCA decides
        MASTER, //!< masterOnly: every port MASTER
        SLAVE   //!< slaveOnly: the BMCA never makes a port MASTER (ordinary clocks only)
    };

    /** Where time stamps are taken. */
    enum TimestampMode
    {
        HARDWARE, //!< at the NetDevice, with noise and granularity
        SOFTWARE  //!< at the socket, with the clock's read model and a host delay
    };

    /** How the path delay is measured. */
    enum DelayMechanism
    {
        E2E, //!< delay request-response with the master
        P2P  //!< peer delay on every link
    };

    /** The PTP primary multicast group (Annex C). */
    static const Ipv4Address PRIMARY_GROUP;
    /** The peer delay multicast group (Annex C). */
    static const Ipv4Address PDELAY_GROUP;

    /** \return the TypeId */
    static TypeId GetTypeId();
    PtpClock();
    ~PtpClock() override;

    /**
     * The ports, in port-number order (port 1 is the first). Set before the application
     * starts; by default the node's first device with an IPv4 address.
     * \param devices the devices (each with an IPv4 address on the node)
     */
    void SetDevices(const std::vector<Ptr<NetDevice>>& devices);

    /** \return the time added to the clock's reading in the messages' timestamps */
    static Time GetTimescaleOffset();

    /** \return the number of ports */
    uint16_t GetPortCount() const;
    /**
     * \param port 1..GetPortCount()
     * \return its state (LISTENING before the application starts)
     */
    PtpPortState GetPortState(uint16_t port) const;
    /** \return this clock's clockIdentity (valid once started) */
    uint64_t GetClockIdentity() const;
    /** \return the grandmaster this clock follows (its own identity when it is the GM) */
    uint64_t GetGrandmasterIdentity() const;
    /** \return whether no port is UNCALIBRATED or SLAVE and some port MASTER or GRAND_MASTER */
    bool IsGrandmaster() const;
    /**
     * \param port 1..GetPortCount()
     * \return the filtered mean path delay (E2E) or link delay (P2P) of the port, if measured
     */
    std::optional<Time> GetMeanPathDelay(uint16_t port) const;
    /** \return the servo (created at start when not set) */
    Ptr<ClockServo> GetServo() const;
    /**
     * \param reason a reason
     * \return datagrams dropped for it
     */
    uint64_t GetDropCount(PtpDropReason reason) const;
    /** \return malformed and foreign datagrams (the first six reasons) */
    uint64_t GetForeignDropCount() const;
    /** \return the decoder's counts by PtpDecodeStatus */
    const PtpDecodeCounters& GetDecodeCounters() const;
    /**
     * \param type a message type
     * \return messages of that type sent (all ports)
     */
    uint64_t GetSentCount(PtpMessageType type) const;
    /**
     * \param type a message type
     * \return messages of that type received and accepted for processing (all ports)
     */
    uint64_t GetReceivedCount(PtpMessageType type) const;
    /** \return offset samples fed to the servo */
    uint64_t GetSampleCount() const;

    /**
     * Assign fixed random variable streams (TimestampNoise, HostDelay, the Delay_Req
     * intervals; with a Timestamping class other than custom, the class's noise takes
     * TimestampNoise's stream and the PHY asymmetry and stack latency two more).
     * \param stream first stream index
     * \return the number of streams used (3; 5 with a Timestamping class)
     */
    int64_t AssignStreams(int64_t stream);

    /**
     * \param port a port number (1-based), once started
     * \return its PHY asymmetry a = d_tx - d_rx (drawn once per port from the Timestamping
     *         class's range; 0 for custom)
     */
    Time GetPhyAsymmetry(uint16_t port) const;

    /**
     * Switch stamp error sources off for an error budget (doc/sync.rst, "Error budget by
     * ablation"): each is still drawn and multiplied by 0, so the other draws stay aligned.
     * Set before the clock starts. GetPhyAsymmetry reports the asymmetry applied (0 when
     * ablated).
     * \param ablation the sources switched off
     */
    void SetStampAblation(PtpStampAblation ablation);
    /** \return the sources switched off */
    PtpStampAblation GetStampAblation() const;

    /**
     * Callback signature of the Offset trace source.
     * \param sample the measurement
     */
    typedef void (*OffsetCallback)(const PtpOffsetSample& sample);
    /**
     * Callback signature of the PathDelay trace source.
     * \param port the port
     * \param filtered the mean path delay after the median filter
     * \param measured this exchange's measurement
     */
    typedef void (*PathDelayCallback)(uint16_t port, Time filtered, Time measured);
    /**
     * Callback signature of the PortState trace source.
     * \param port the port
     * \param from the previous state
     * \param to the new state
     */
    typedef void (*PortStateCallback)(uint16_t port, PtpPortState from, PtpPortState to);
    /**
     * Callback signature of the Drop trace source.
     * \param port the port it arrived on
     * \param reason why it was dropped
     */
    typedef void (*DropCallback)(uint16_t port, PtpDropReason reason);
    /**
     * Callback signature of the Tx and Rx trace sources.
     * \param port the port
     * \param message the message
     */
    typedef void (*MessageCallback)(uint16_t port, const PtpMessage& message);

  protected:
    void DoDispose() override;

  private:
    void StartApplication() override;
    void StopApplication() override;

    static constexpr uint16_t EVENT_PORT = 319;           //!< UDP port of event messages
    static constexpr uint16_t GENERAL_PORT = 320;         //!< UDP port of general messages
    static constexpr int MIN_LOG_INTERVAL = -7;           //!< shortest message interval: 2^-7 s
    static constexpr int MAX_LOG_INTERVAL = 6;            //!< longest message interval: 64 s
    static constexpr int MIN_SERVO_LOG_INTERVAL = -10;    //!< shortest Sync interval followed
    static constexpr int MAX_SERVO_LOG_INTERVAL = 10;     //!< longest (the servo's limit)
    static constexpr int MAX_DELAY_REQ_LOG_INTERVAL = 22; //!< longest Delay_Req interval taken

    /**
     * \param type a message type
     * \return its index in the per-type counters
     */
    static size_t TypeIndex(PtpMessageType type)
    {
        return static_cast<size_t>(type) & 0xF;
    }

    /** An E2E or P2P exchange waiting for its last message. */
    struct Pending
    {
        bool active{false};       //!< waiting
        uint16_t sequenceId{0};   //!< its sequenceId
        Time t1;                  //!< first time stamp (Sync: t1; Pdelay: t1)
        Time t2;                  //!< second (Sync: t2; Pdelay: t2, from the responder)
        Time t3;                  //!< third (Delay_Req / Pdelay: t3)
        Time t4;                  //!< fourth (Pdelay: t4)
        Time correction;          //!< corrections collected so far
        bool haveT1{false};       //!< t1 known (Delay_Req: t3 known)
        bool haveResponse{false}; //!< Pdelay_Resp received
        PtpPortIdentity source;   //!< the sender it waits on
    };

    /** The timePropertiesDS an Announce carries (1588-2019 8.2.4). */
    struct TimeProperties
    {
        int16_t currentUtcOffset{37}; //!< currentUtcOffset
        uint8_t flags{0};             //!< flagField octet 1
        uint8_t timeSource{0xA0};     //!< timeSource
    };

    /** One PTP port. */
    struct Port
    {
        uint16_t number{0};    //!< port number (1-based)
        Ptr<NetDevice> device; //!< its device
        uint32_t interface {
            0
        };                                           //!< its IPv4 interface
        Ptr<Socket> eventSocket;                     //!< UDP 319
        Ptr<Socket> generalSocket;                   //!< UDP 320
        Ptr<PtpDeviceTimestamper> stamper;           //!< hardware time stamping
        PtpPortStamping stamping;                    //!< its stamps (Timestamping)
        PtpPortState state{PtpPortState::LISTENING}; //!< state
        uint16_t syncSeq{0};                         //!< next Sync sequenceId
        uint16_t announceSeq{0};                     //!< next Announce sequenceId
        uint16_t delayReqSeq{0};                     //!< next Delay_Req sequenceId
        uint16_t pdelayReqSeq{0};                    //!< next Pdelay_Req sequenceId
        EventId syncTimer;                           //!< next Sync
        EventId announceTimer;                       //!< next Announce
        EventId delayReqTimer;                       //!< next Delay_Req
        EventId pdelayTimer;                         //!< next Pdelay_Req
        EventId qualificationTimer;                  //!< PRE_MASTER's qualification timeout
        uint64_t receiptTimeouts{0};                 //!< the BMCA's count, dispatched
        std::optional<PtpPortIdentity> parent;       //!< the parent (SLAVE)
        Ipv4Address parentAddress;         //!< the parent's IPv4 address (from its messages)
        Pending sync;                      //!< a Sync waiting for its Follow_Up
        Pending lastSync;                  //!< the newest complete Sync (t1, t2, correction)
        Pending delayReq;                  //!< a Delay_Req waiting for its Delay_Resp
        Pending pdelay;                    //!< a Pdelay_Req waiting for its responses
        std::deque<Time> delays;           //!< newest measurements (median filter)
        std::optional<Time> meanPathDelay; //!< filtered delay
        int8_t logSyncInterval{0};         //!< the parent's Sync interval the servo uses
        int8_t logMinDelayReqInterval{0};  //!< the Delay_Req interval the master set
    };

    /**
     * \param port a port number
     * \return its record (aborts outside 1..ports)
     */
    Port& At(uint16_t port);
    /**
     * \param port a port number
     * \return its record
     */
    const Port& At(uint16_t port) const;

    /** \return "ns3::PtpClock on node N", for messages */
    std::string Where() const;
    /** Find the node's clock, IPv4 and ports, and the clockIdentity (refusing what is wrong). */
    void ResolveNode();
    /** Create the default servo if none is set; give it the sync interval and the clamp. */
    void PrepareServo();
    /** Fix the port states (Role Master) or start the BMCA; start the peer delay timers. */
    void StartPortStates();
    /** Open a port's sockets and time stamping. \param port the port */
    void OpenPort(Port& port);
    /** Re-run the BMCA's decisions into the ports; schedule its next timeout. */
    void ApplyBmca();
    /** The BMCA's timeout fired. */
    void BmcaTimeout();
    /**
     * \param port a port
     * \return the event the BMCA's recommendation for it raises (NONE for none)
     */
    PtpFsmEvent Recommendation(const Port& port) const;
    /**
     * Run the port state machine (PtpPortFsm, or PtpSlavePortFsm for Role Slave).
     * \param port the port
     * \param event the event
     * \param newMaster with RS_SLAVE: the parent changed
     */
    void Dispatch(Port& port, PtpFsmEvent event, bool newMaster);
    /** \param port its PRE_MASTER qualification timeout expired */
    void QualificationTimeout(uint16_t port);
    /**
     * \param port the port
     * \param state its new state
     */
    void SetPortState(Port& port, PtpPortState state);

    /** \param port send a Sync (and then its Follow_Up) */
    void SendSync(uint16_t port);
    /** \param port send an Announce */
    void SendAnnounce(uint16_t port);
    /** \param port send a Delay_Req */
    void SendDelayReq(uint16_t port);
    /** \param port send a Pdelay_Req */
    void SendPdelayReq(uint16_t port);
    /** \param port schedule the next Delay_Req (random interval) */
    void ScheduleDelayReq(Port& port);

    /**
     * \param type message type
     * \param port the sending port
     * \param sequenceId sequenceId
     * \return a message with the common header filled in
     */
    PtpMessage NewMessage(PtpMessageType type, const Port& port, uint16_t sequenceId) const;

    /**
     * Send a message; for an event message with \p stamped, call it with the departure time
     * stamp (local time, without the timescale offset).
     * \param port the port
     * \param message the message
     * \param destination IPv4 destination
     * \param stamped called with the time stamp (event messages), or null
     */
    void Send(Port& port,
              const PtpMessage& message,
              Ipv4Address destination,
              Callback<void, Time> stamped);
    /**
     * Hand a datagram to a socket (the end of Send, after any host delay).
     * \param port the port
     * \param packet the datagram
     * \param event whether it goes to 319
     * \param destination IPv4 destination
     * \param stamped time stamp callback (software mode), or null
     * \param stamp the software time stamp
     * \param type the message type (counted)
     */
    void SendNow(uint16_t port,
                 Ptr<Packet> packet,
                 bool event,
                 Ipv4Address destination,
                 Callback<void, Time> stamped,
                 Time stamp,
                 PtpMessageType type);

    /** \param socket a socket with datagrams to read */
    void ReceiveFrom(Ptr<Socket> socket);
    /**
     * Decode and dispatch one datagram.
     * \param port the port it arrived on
     * \param packet the datagram
     * \param from its source address
     * \param onEventPort whether it arrived on 319
     * \param arrival when it arrived at the socket (true time)
     */
    void Process(uint16_t port, Ptr<Packet> packet, Address from, bool onEventPort, Time arrival);
    /**
     * \param port the port
     * \param reason why a datagram is dropped
     */
    void Drop(const Port& port, PtpDropReason reason);
    /**
     * \param port the port it arrived on
     * \param packet the datagram
     * \param arrival when it reached the socket
     * \return the receive time stamp (local time)
     */
    Time RxStamp(const Port& port, Ptr<const Packet> packet, Time arrival);
    /** The node's stamp model from the Timestamping class (or the Attributes, custom). */
    void PrepareStamping();
    /** \return a port's stamping: the node's model and a fresh PHY asymmetry draw */
    PtpPortStamping NewPortStamping();

    /**
     * \param port the port
     * \param m a Sync
     * \param t2 its receive time stamp
     * \param from its source
     */
    void HandleSync(Port& port, const PtpMessage& m, Time t2, const Address& from);
    /**
     * Give the servo the Sync interval the parent announces in a Sync.
     * \param port the port
     * \param m a Sync from the parent
     */
    void FollowSyncInterval(Port& port, const PtpMessage& m);
    /**
     * Take the Delay_Req interval a master's multicast Delay_Resp carries.
     * \param port the port
     * \param m a Delay_Resp from the parent, answering this port's request
     */
    void FollowDelayReqInterval(Port& port, const PtpMessage& m);
    /** \param port the port \param m a Follow_Up */
    void HandleFollowUp(Port& port, const PtpMessage& m);
    /**
     * \param port the port
     * \param m a Delay_Req
     * \param t4 its receive time stamp
     * \param from its source
     */
    void HandleDelayReq(Port& port, const PtpMessage& m, Time t4, const Address& from);
    /** \param port the port \param m a Delay_Resp */
    void HandleDelayResp(Port& port, const PtpMessage& m);
    /**
     * \param port the port
     * \param m a Pdelay_Req
     * \param t2 its receive time stamp
     */
    void HandlePdelayReq(Port& port, const PtpMessage& m, Time t2);
    /**
     * \param port the port
     * \param m a Pdelay_Resp
     * \param t4 its receive time stamp
     */
    void HandlePdelayResp(Port& port, const PtpMessage& m, Time t4);
    /** \param port the port \param m a Pdelay_Resp_Follow_Up */
    void HandlePdelayRespFollowUp(Port& port, const PtpMessage& m);
    /**
     * \param port the port
     * \param m an Announce
     * \param from its source
     */
    void HandleAnnounce(Port& port, const PtpMessage& m, const Address& from);

    /** \param port a Sync and Follow_Up completed: compute the offset, feed the servo */
    void SyncComplete(Port& port);
    /**
     * \param port the port
     * \param measured a new path delay measurement
     */
    void AddDelay(Port& port, Time measured);
    /**
     * The clock stepped: move the local time stamps of the exchanges in flight with it.
     * \param step the step
     */
    void Rebase(Time step);

    /**
     * \param t a local time
     * \return the PTP timestamp carrying it
     */
    static PtpTimestamp ToWire(Time t);
    /**
     * \param ts a PTP timestamp
     * \return the local time it carries
     */
    static Time FromWire(const PtpTimestamp& ts);
    /** \return the clockQuality from the Attributes */
    PtpClockQuality Quality() const;
    /** \return a host delay draw (software mode) */
    Time HostDelay();
    /**
     * \param interval a message interval (a power of two seconds)
     * \return its logMessageInterval
     */
    static int8_t LogInterval(Time interval);

    // Attributes
    uint8_t m_domain;                      //!< DomainNumber
    uint8_t m_majorSdoId;                  //!< MajorSdoId
    Role m_role;                           //!< Role
    uint8_t m_priority1;                   //!< Priority1
    uint8_t m_priority2;                   //!< Priority2
    uint8_t m_clockClass;                  //!< ClockClass
    uint8_t m_clockAccuracy;               //!< ClockAccuracy
    uint16_t m_variance;                   //!< OffsetScaledLogVariance
    int16_t m_utcOffset;                   //!< CurrentUtcOffset
    uint8_t m_timeSource;                  //!< TimeSource
    uint8_t m_timeFlags;                   //!< TimeFlags
    uint64_t m_clockIdentityAttribute;     //!< ClockIdentity (0: derived)
    Time m_syncInterval;                   //!< SyncInterval
    Time m_announceInterval;               //!< AnnounceInterval
    Time m_delayReqInterval;               //!< MinDelayReqInterval
    Time m_pdelayReqInterval;              //!< PdelayReqInterval
    uint8_t m_announceReceiptTimeout;      //!< AnnounceReceiptTimeout
    DelayMechanism m_mechanism;            //!< DelayMechanism
    bool m_unicastDelayRequests;           //!< UnicastDelayRequests
    TimestampMode m_timestampMode;         //!< TimestampMode
    Ptr<RandomVariableStream> m_noise;     //!< TimestampNoise
    Time m_granularity;                    //!< TimestampGranularity
    Ptr<RandomVariableStream> m_hostDelay; //!< HostDelay
    Ptr<ClockServo> m_servo;               //!< Servo
    Time m_delayAsymmetry;                 //!< DelayAsymmetry
    uint32_t m_delayFilterLength;          //!< DelayFilterLength

    // State
    std::vector<Ptr<NetDevice>> m_devices;                 //!< the ports' devices
    std::vector<Port> m_ports;                             //!< index: port number - 1
    uint64_t m_clockIdentity{0};                           //!< clockIdentity in use
    Ptr<LocalClock> m_clock;                               //!< the node's clock
    Ptr<DriftingClock> m_steered;                          //!< the same, when it can be steered
    PtpTimestampModel m_stampModel;                        //!< hardware time stamps
    std::unique_ptr<PtpBmca> m_bmca;                       //!< the BMCA (not for Role Master)
    EventId m_bmcaTimer;                                   //!< next BMCA timeout
    uint64_t m_lastGrandmaster{0};                         //!< grandmaster followed last
    std::map<PtpPortIdentity, TimeProperties> m_heardTime; //!< per Announce sender
    Ptr<UniformRandomVariable> m_delayReqJitter;           //!< Delay_Req intervals
    Time m_txBusyUntil;                                    //!< software path: last send
    Time m_rxBusyUntil;                                    //!< software path: last receive
    PtpTimestampClass m_stampClass;                        //!< Timestamping
    PtpStampAblation m_ablation;                           //!< SetStampAblation
    Ptr<NormalRandomVariable> m_classNoise;                //!< the class's stamp noise
    Ptr<LogNormalRandomVariable> m_classLatency;           //!< the class's stack latency
    Ptr<UniformRandomVariable> m_phyAsymmetry;             //!< per-port a, the class's range
    bool m_running{false};                                 //!< between start and stop
    PtpDecodeCounters m_decode;                            //!< decode results
    std::array<uint64_t, static_cast<size_t>(PtpDropReason::COUNT)> m_drops{}; //!< per reason
    std::array<uint64_t, 16> m_sent{};                                         //!< per message type
    std::array<uint64_t, 16> m_received{};                                     //!< per message type
    uint64_t m_samples{0};                                                     //!< offset samples

    TracedCallback<const PtpOffsetSample&> m_offsetTrace;                  //!< Offset
    TracedCallback<uint16_t, Time, Time> m_pathDelayTrace;                 //!< PathDelay
    TracedCallback<uint16_t, PtpPortState, PtpPortState> m_portStateTrace; //!< PortState
    TracedCallback<uint16_t, PtpDropReason> m_dropTrace;                   //!< Drop
    TracedCallback<uint16_t, const PtpMessage&> m_txTrace;                 //!< Tx
    TracedCallback<uint16_t, const PtpMessage&> m_rxTrace;                 //!< Rx
};

} // namespace ns3

#endif /* PTP_CLOCK_H */
