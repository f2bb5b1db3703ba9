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
#include <functional>
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
 * ingress, on the switch's clock) is scaled by the master/local rate ratio, as linuxptp's
 * tc_fwd_event does (RateScaling; off, the switch clock's drift leaves an error of
 * residence x drift). The switch's clock is not steered, so the ratio is estimated as
 * linuxptp's free-running clock does (clock_no_adjust): the Syncs' origin (originTimestamp
 * plus corrections) over their ingress time stamps, across FreqEstInterval, from the Syncs
 * of the last master heard. The residence time is kept per (sourcePortIdentity, sequenceId,
 * egress port) for a Sync and per (sourcePortIdentity, sequenceId, the port towards the
 * master) for a Delay_Req.
 *
 * A Follow_Up leaving by a port whose Sync has not started leaving yet (it waits in the
 * port's queue behind other traffic) is held back and sent when the Sync's egress time
 * stamp is known, with the correction added, as a two-step transparent clock must; a
 * Delay_Resp gets the residence time of its Delay_Req on its way back towards the
 * requester. The correctionField is updated in place (8 octets; the UDP checksum is
 * recomputed when checksums are on); nothing else of the message changes. A Follow_Up also
 * gets the DelayAsymmetry of the port its Sync came in on (linuxptp's tc_complete_syfup). A
 * one-step Sync leaves as a two-step Sync followed by a Follow_Up that the TC makes (its
 * originTimestamp as preciseOriginTimestamp, the residence in the correctionField), as
 * linuxptp's tc_fwd_sync does. Other PTP messages (Announce, the Pdelay messages) and other
 * datagrams pass unchanged. A residence time or held message older than ResidenceTimeout is
 * forgotten (its partner was lost).
 *
 * DelayMechanism P2P makes it a peer-to-peer transparent clock (1588-2019 10.2.2.2,
 * 11.5.3): every port runs the peer delay mechanism with its link peer (PtpPeerDelayPort:
 * answers Pdelay_Req, measures the link delay every PdelayReqInterval), and a Follow_Up gets
 * the Sync's residence time plus the measured delay of the link the Sync arrived on, so a
 * slave using P2P needs only the delay of its own link. Delay_Req and Delay_Resp are then
 * dropped (counted, GetDelayDropCount), as linuxptp's p2p_tc does.
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
    /** \return Delay_Req and Delay_Resp messages dropped (P2P, as linuxptp's p2p_tc) */
    uint64_t GetDelayDropCount() const;
    /** \return one-step Sync copies sent on as two-step, each with a Follow_Up made for it */
    uint64_t GetConvertedCount() const;
    /**
     * \return the master/local rate ratio the residence times are scaled by (1 until
     *         estimated from two Syncs FreqEstInterval apart)
     */
    double GetRateRatio() const;
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

    /**
     * A Sync or Delay_Req: note its ingress, expect its egress (a one-step Sync leaves as
     * two-step, its Follow_Up held until then).
     * \param packet the datagram's IP payload
     * \param header its IPv4 header
     * \param input ingress interface
     * \param output egress interface
     * \return what to forward
     */
    Ptr<Packet> OnEvent(Ptr<Packet> packet,
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
        bool isSync{false};        //!< a Sync (else a Delay_Req)
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
    /**
     * Feed the master/local rate ratio estimate with one Sync's origin and ingress.
     * \param m the Follow_Up of the last Sync seen, or a one-step Sync
     */
    void EstimateRateRatio(const PtpMessage& m);
    /**
     * \param packet a datagram (UDP header + PTP message)
     * \param header its IPv4 header
     * \param edit changes the PTP octets
     * \return a copy (same uid) with the PTP octets edited and the UDP checksum redone
     */
    Ptr<Packet> Rewrite(Ptr<const Packet> packet,
                        const Ipv4Header& header,
                        const std::function<void(std::vector<uint8_t>&)>& edit) const;
    /**
     * \param packet a one-step Sync (UDP header + PTP message)
     * \param header its IPv4 header
     * \return a copy with the twoStepFlag set
     */
    Ptr<Packet> SetTwoStep(Ptr<const Packet> packet, const Ipv4Header& header) const;
    /**
     * \param sync a one-step Sync (UDP header + PTP message)
     * \param header its IPv4 header
     * \param m the Sync
     * \return the Follow_Up to send after it (UDP header + PTP message, to port 320)
     */
    Ptr<Packet> MakeFollowUp(Ptr<const Packet> sync,
                             const Ipv4Header& header,
                             const PtpMessage& m) const;

    Ptr<RandomVariableStream> m_noise; //!< TimestampNoise
    Time m_granularity;                //!< TimestampGranularity
    Time m_timeout;                    //!< ResidenceTimeout
    DelayMechanism m_mechanism;        //!< DelayMechanism
    Time m_pdelayInterval;             //!< PdelayReqInterval
    uint8_t m_domain;                  //!< DomainNumber (of the peer delay messages)
    Time m_delayAsymmetry;             //!< DelayAsymmetry
    Time m_freqEstInterval;            //!< FreqEstInterval
    bool m_rateScaling;                //!< RateScaling

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
    uint64_t m_delayDropped{0};                               //!< Delay_Req/Resp dropped
    uint64_t m_converted{0};                                  //!< one-step Syncs converted
    double m_rateRatio{1.0};                                  //!< master/local estimate

    /** The last Sync seen (its Follow_Up gives its origin). */
    struct LastSync
    {
        PtpPortIdentity source; //!< its sourcePortIdentity
        uint16_t sequenceId{0}; //!< its sequenceId
        Time ingress;           //!< its ingress time stamp
        Time correction;        //!< its correctionField
        bool valid{false};      //!< not used yet
    };

    /** The rate ratio estimator (linuxptp's freq_estimator). */
    struct FreqEstimator
    {
        PtpPortIdentity source;      //!< the master whose Syncs it uses
        std::optional<Time> origin1; //!< origin of the first Sync of the interval
        Time ingress1;               //!< its ingress
        int64_t count{0};            //!< Syncs since
    };

    LastSync m_lastSync;       //!< the last Sync seen
    FreqEstimator m_fest;      //!< the rate ratio estimator
    bool m_parsedFresh{false}; //!< the current datagram is the first copy of its flood

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
