/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef PTP_PEER_DELAY_PORT_H
#define PTP_PEER_DELAY_PORT_H

#include "ptp-datatypes.h"
#include "ptp-device-timestamper.h"
#include "ptp-message.h"

#include "ns3/event-id.h"
#include "ns3/node.h"
#include "ns3/nstime.h"
#include "ns3/simple-ref-count.h"
#include "ns3/socket.h"

#include <deque>
#include <optional>

namespace ns3
{

/**
 * \ingroup chronometry
 * \brief The peer delay mechanism (IEEE 1588-2019 11.4) on one port of a node that is not an
 * ordinary or boundary clock: a peer-to-peer transparent clock's port. It answers every
 * Pdelay_Req with a two-step Pdelay_Resp and Pdelay_Resp_Follow_Up, sends a Pdelay_Req
 * every interval and keeps the moving median of the link delays it measures
 * (ptp::P2pMeanLinkDelay), with hardware-like time stamps at the port's device.
 *
 * It owns UDP sockets on 319 and 320 bound to the device and sends to 224.0.0.107, which a
 * router (and the study LAN's switch) never forwards. Other messages that reach the sockets
 * (the switch also delivers the flooded 224.0.1.129 messages locally) are ignored.
 */
class PtpPeerDelayPort : public SimpleRefCount<PtpPeerDelayPort>
{
  public:
    /** \brief What the port is. */
    struct Config
    {
        Ptr<Node> node;                    //!< the node
        Ptr<NetDevice> device;             //!< the port's device
        Ptr<PtpDeviceTimestamper> stamper; //!< its time stamping
        PtpTimestampModel stampModel;      //!< the node's clock, noise, granularity
        PtpPortIdentity identity;          //!< sourcePortIdentity of its messages
        uint8_t domain{0};                 //!< domainNumber
        uint8_t majorSdoId{0};             //!< majorSdoId
        Time interval{Seconds(1)};         //!< between Pdelay_Req messages
        uint32_t filterLength{10};         //!< moving median length
        Time timescaleOffset;              //!< added to local times on the wire
    };

    /** \param config the port */
    explicit PtpPeerDelayPort(const Config& config);
    ~PtpPeerDelayPort();

    PtpPeerDelayPort(const PtpPeerDelayPort&) = delete;
    PtpPeerDelayPort& operator=(const PtpPeerDelayPort&) = delete;

    /**
     * Open the sockets and send the first Pdelay_Req after \p phase.
     * \param phase delay of the first request
     */
    void Start(Time phase);
    /** Close the sockets and stop the requests. */
    void Stop();

    /** \return the filtered link delay, once measured */
    std::optional<Time> GetMeanLinkDelay() const;
    /** \return Pdelay_Req messages answered */
    uint64_t GetAnswered() const;
    /** \return link delays measured */
    uint64_t GetMeasured() const;

  private:
    /** Send a Pdelay_Req and schedule the next. */
    void SendRequest();
    /** \param socket a socket with datagrams */
    void Receive(Ptr<Socket> socket);
    /**
     * Send to 224.0.0.107.
     * \param message the message
     * \param stamped called with the departure time stamp (event messages), or null
     */
    void Send(const PtpMessage& message, Callback<void, Time> stamped);
    /**
     * \param t a local time
     * \return it on the wire
     */
    PtpTimestamp ToWire(Time t) const;
    /**
     * \param ts a wire timestamp
     * \return the local time
     */
    Time FromWire(const PtpTimestamp& ts) const;

    Config m_config;                 //!< the port
    Ptr<Socket> m_event;             //!< UDP 319
    Ptr<Socket> m_general;           //!< UDP 320
    EventId m_timer;                 //!< next request
    uint16_t m_sequence{0};          //!< next request's sequenceId
    bool m_running{false};           //!< between Start and Stop
    bool m_waiting{false};           //!< a request waits for its responses
    uint16_t m_waitingFor{0};        //!< its sequenceId
    bool m_haveT1{false};            //!< its departure is stamped
    bool m_haveResponse{false};      //!< its Pdelay_Resp arrived
    Time m_t1;                       //!< request departure (own clock)
    Time m_t2;                       //!< request arrival (peer clock)
    Time m_t4;                       //!< response arrival (own clock)
    Time m_correction;               //!< response corrections
    PtpPortIdentity m_peer;          //!< the responder
    std::deque<Time> m_delays;       //!< newest measurements
    std::optional<Time> m_linkDelay; //!< their median
    uint64_t m_answered{0};          //!< requests answered
    uint64_t m_measured{0};          //!< delays measured
};

} // namespace ns3

#endif /* PTP_PEER_DELAY_PORT_H */
