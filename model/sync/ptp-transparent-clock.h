/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef PTP_TRANSPARENT_CLOCK_H
#define PTP_TRANSPARENT_CLOCK_H

#include "ptp-device-timestamper.h"
#include "ptp-message.h"
#include "ptp-peer-delay-port.h"

#include "ns3/application.h"
#include "ns3/ipv4-header.h"
#include "ns3/switch-routing.h"
#include "ns3/traced-callback.h"

#include <deque>
#include <map>
#include <optional>
#include <tuple>
#include <vector>

namespace ns3
{

/**
 * \ingroup chronometry
 * \brief An end-to-end, two-step PTP transparent clock in a switch that forwards at the IP
 * layer (SwitchRouting): the residence time of each event message is measured with the
 * switch's own clock and added to the correctionField of the general message that goes with
 * it (IEEE 1588-2019 10.2.2.1, 11.5.2.3): the Follow_Up of a Sync, the Delay_Resp of a
 * Delay_Req.
 *
 * It sits on the switch's forward hook (SwitchRouting::SetForwardHook), so it sees each copy
 * of a datagram as it is about to leave a port. For a Sync or Delay_Req (UDP 319, decoded
 * with PtpMessage::Decode) the ingress time stamp is the arrival of the frame's first bit on
 * the ingress device and the egress time stamp the departure of the copy's first bit from the
 * egress device (PtpDeviceTimestamper), both hardware-like from the switch's LocalClock with
 * TimestampNoise and TimestampGranularity (PtpTimestampModel). The residence time (egress -
 * ingress, on the switch's clock: its drift is not corrected, an error of residence x drift)
 * is kept per (sourcePortIdentity, sequenceId, egress port) for a Sync and per
 * (sourcePortIdentity, sequenceId, the port towards the master) for a Delay_Req.
 *
 * A Follow_Up leaving by a port whose Sync has not started leaving yet (it waits in the
 * port's queue behind other traffic) is held back and sent when the Sync's egress time
 * stamp is known, with the correction added, as a two-step transparent clock must; a
 * Delay_Resp gets the residence time of its Delay_Req on its way back towards the
 * requester. The correctionField is updated in place (8 octets; the UDP checksum is
 * recomputed when checksums are on); nothing else of the message changes. Other PTP messages
 * (Announce, the Pdelay messages, one-step Sync) and other datagrams pass unchanged. A
 * residence time or held message older than ResidenceTimeout is forgotten (its partner was
 * lost).
 *
 * DelayMechanism P2P makes it a peer-to-peer transparent clock (1588-2019 10.2.2.2,
 * 11.5.3): every port runs the peer delay mechanism with its link peer (PtpPeerDelayPort:
 * answers Pdelay_Req, measures the link delay every PdelayReqInterval), and a Follow_Up gets
 * the Sync's residence time plus the measured delay of the link the Sync arrived on, so a
 * slave using P2P needs only the delay of its own link. Delay_Req and Delay_Resp then pass
 * uncorrected.
 *
 * The switch node needs a LocalClock (ClockHelper) and a SwitchRouting (the switched study
 * LAN's switch has one); start-up refuses a node without either.
 */
class PtpTransparentClock : public Application
{
  public:
    /** Which transparent clock. */
    enum DelayMechanism
    {
        E2E, //!< end-to-end: residence times only
        P2P  //!< peer-to-peer: residence times plus the upstream link delay
    };

    /** \return the TypeId */
    static TypeId GetTypeId();
    PtpTransparentClock();
    ~PtpTransparentClock() override;

    /** \return general messages whose correctionField was updated */
    uint64_t GetCorrectedCount() const;
    /** \return event messages whose residence time was measured (one per egress copy) */
    uint64_t GetResidenceCount() const;
    /** \return Follow_Up messages held back until their Sync left */
    uint64_t GetHeldCount() const;
    /** \return general messages passed on uncorrected (no residence time known) */
    uint64_t GetUncorrectedCount() const;
    /**
     * \return PTP datagrams (UDP 319 or 320) the codec refused, each once however many
     *         copies a flood made (they are forwarded unchanged)
     */
    uint64_t GetMalformedCount() const;
    /**
     * \param interface a switch interface
     * \return the delay of its link (P2P), once measured
     */
    std::optional<Time> GetLinkDelay(uint32_t interface) const;

    /**
     * Assign a fixed random variable stream to TimestampNoise.
     * \param stream the stream index
     * \return the number of streams used (1)
     */
    int64_t AssignStreams(int64_t stream);

    /**
     * Callback signature of the Residence trace source.
     * \param type Sync or Delay_Req
     * \param sequenceId its sequenceId
     * \param egress the switch interface it left by
     * \param residence the residence time measured (switch clock)
     */
    typedef void (*ResidenceCallback)(PtpMessageType type,
                                      uint16_t sequenceId,
                                      uint32_t egress,
                                      Time residence);

  protected:
    void DoDispose() override;

  private:
    void StartApplication() override;
    void StopApplication() override;

    /**
     * The switch's forward hook.
     * \param packet the datagram's IP payload
     * \param header its IPv4 header
     * \param input ingress interface
     * \param output egress interface
     * \return what to forward (see SwitchRouting::ForwardHook)
     */
    Ptr<Packet> OnForward(Ptr<Packet> packet,
                          const Ipv4Header& header,
                          uint32_t input,
                          uint32_t output);

    /** Which residence time a general message needs. */
    using Key = std::tuple<uint64_t, uint16_t, uint16_t, uint8_t, uint32_t>;

    /**
     * \param source the event message's sourcePortIdentity
     * \param sequenceId its sequenceId
     * \param type SYNC or DELAY_REQ
     * \param interface the egress port (Sync) or the port towards the master (Delay_Req)
     * \return the key
     */
    static Key MakeKey(const PtpPortIdentity& source,
                       uint16_t sequenceId,
                       PtpMessageType type,
                       uint32_t interface);

    /** A general message held until its event message's egress time stamp. */
    struct Held
    {
        Ptr<Packet> packet; //!< the datagram (UDP header + PTP)
        Ipv4Header header;  //!< its IPv4 header
        uint32_t output;    //!< where it goes
        Time since;         //!< when it was held
    };

    /** What is known of one event message copy. */
    struct Residence
    {
        Time ingress;              //!< ingress time stamp (switch clock)
        uint32_t input{0};         //!< the ingress interface
        bool known{false};         //!< egress seen: residence valid
        Time residence;            //!< egress - ingress
        Time created;              //!< true time of the ingress (for expiry)
        std::vector<Held> waiting; //!< general messages held for it
    };

    /**
     * An event message's copy left by its egress port.
     * \param key its key
     * \param at the PhyTxBegin instant
     */
    void OnEgress(Key key, Time at);
    /**
     * \param packet a datagram (UDP header + PTP message)
     * \param header its IPv4 header
     * \param residence what to add to its correctionField
     * \return a copy with the correctionField increased
     */
    Ptr<Packet> AddCorrection(Ptr<const Packet> packet,
                              const Ipv4Header& header,
                              Time residence) const;
    /**
     * \param r a measured residence
     * \return what the general message gets: the residence time, plus (P2P) the delay of the
     *         link the event message came in on
     */
    Time Correction(const Residence& r) const;
    /** Forget residence times and held messages older than ResidenceTimeout. */
    void Expire();

    Ptr<RandomVariableStream> m_noise; //!< TimestampNoise
    Time m_granularity;                //!< TimestampGranularity
    Time m_timeout;                    //!< ResidenceTimeout
    DelayMechanism m_mechanism;        //!< DelayMechanism
    Time m_pdelayInterval;             //!< PdelayReqInterval
    uint8_t m_domain;                  //!< DomainNumber (of the peer delay messages)

    Ptr<SwitchRouting> m_switch;                              //!< the switch's forwarding
    std::map<uint32_t, Ptr<PtpDeviceTimestamper>> m_stampers; //!< per interface
    std::map<uint32_t, Ptr<PtpPeerDelayPort>> m_peerDelay;    //!< per interface (P2P)
    PtpTimestampModel m_stampModel;                           //!< the switch's clock
    std::map<Key, Residence> m_residences;                    //!< by key
    std::deque<std::pair<Time, Key>> m_order;                 //!< keys by creation
    uint64_t m_corrected{0};                                  //!< corrected messages
    uint64_t m_measured{0};                                   //!< residence times measured
    uint64_t m_held{0};                                       //!< held messages
    uint64_t m_uncorrected{0};                                //!< uncorrected messages

    /** The datagram decoded last (the copies of a flood share it). */
    struct Parsed
    {
        uint64_t uid{~uint64_t{0}}; //!< its packet uid
        uint32_t input{0};          //!< the interface it came in on
        Time at{Time::Min()};       //!< when
        bool ok{false};             //!< decoded
        PtpMessage message;         //!< the message
    };

    Parsed m_parsed;         //!< the datagram decoded last
    uint64_t m_malformed{0}; //!< refused by the codec
    TracedCallback<PtpMessageType, uint16_t, uint32_t, Time> m_residenceTrace; //!< Residence
};

} // namespace ns3

#endif /* PTP_TRANSPARENT_CLOCK_H */
