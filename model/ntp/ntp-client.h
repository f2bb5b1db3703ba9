/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef NTP_CLIENT_H
#define NTP_CLIENT_H

#include "ntp-clock-discipline.h"
#include "ntp-clock-filter.h"
#include "ntp-message.h"
#include "ntp-mitigation.h"
#include "ntp-server.h"
#include "sntp-client.h"

#include "ns3/application.h"
#include "ns3/drifting-clock.h"
#include "ns3/event-id.h"
#include "ns3/ipv4-address.h"
#include "ns3/random-variable-stream.h"
#include "ns3/socket.h"
#include "ns3/traced-callback.h"

#include <array>
#include <vector>

namespace ns3
{

/**
 * \ingroup chronometry
 * \brief One clock update of an NtpClient (its "Update" trace source): what the protocol
 * believes; the true offset is not known to the client (a test reads the clocks).
 */
struct NtpClientUpdate
{
    Time offset; //!< THETA (NTP) or the SNTP step: server minus client
    NtpClockReturn code{NtpClockReturn::IGNORE}; //!< what the discipline did (SNTP: STEP)
    double frequency{0};                         //!< frequency correction held (s/s; SNTP: 0)
    int8_t poll{0};                              //!< poll exponent from now on
    Time rootDistance;        //!< the client's root distance LAMBDA after the update
    Ipv4Address systemPeer;   //!< the system peer (SNTP: the server)
    uint32_t survivors{0};    //!< survivors of the cluster algorithm
    uint32_t falsetickers{0}; //!< candidates the selection rejected
};

/**
 * \ingroup chronometry
 * \brief An NTPv4 client (RFC 5905) or SNTP client (RFC 4330) as an ns-3 Application that
 * steers the node's DriftingClock from servers on UDP 123.
 *
 * Mode Ntp: one association per server (SetServers), each with an NtpClockFilter, polled
 * every poll interval of the NtpClockDiscipline (its MinPoll / MaxPoll Attributes set the
 * range; the poll adapts), the first polls spread over the first two seconds. A reply is
 * decoded (malformed, kiss-o'-death, foreign, bogus and unsynchronized replies are counted by
 * NtpDropReason and dropped; DENY or RSTR demobilizes the association), turned into an
 * on-wire sample (ntp::OnWire with the node's clock at arrival) and filtered; the system
 * process then runs NtpMitigation::Mitigate over the reachable associations with a
 * selection, and a combined offset newer than the last update goes to the discipline. Its
 * result steers the clock: a step (DriftingClock::Step; every filter is reset), the frequency
 * correction (AdjustFrequency), and the phase, slewed in (Slew) now and every AdjustInterval
 * from NtpClockDiscipline::Advance (the clock-adjust process).
 *
 * The poll process of each association is RFC 5905 section 13 (Appendix A.5.7.1 poll(),
 * A.5.7.2 poll_update()): each poll outside a burst shifts the reach register; when its three
 * low bits are then zero a dummy (MAXDISP) enters the filter. A reachable server is polled at
 * 2^min(ppoll, hpoll) (hpoll the system poll, ppoll the Poll field of the server's last reply,
 * at least MinPoll); an unreachable one counts unreach up to UNREACH (24 polls), then each
 * further poll doubles hpoll up to MaxPoll. Iburst: the first poll to an unreachable server
 * starts a burst of BCOUNT (8) requests 2 s apart; Burst: so does every poll to a reachable,
 * fit one. A RATE kiss sets a floor under the association's poll exponent (RFC 5905 7.4).
 *
 * Mode Sntp: the naive baseline. Every poll interval (the discipline's MinPoll), one request
 * to the first server (SntpClient core); an accepted reply steps the clock by its offset, the
 * frequency is never touched.
 *
 * Serve (Mode Ntp): the client also answers client requests on its socket, as a server of
 * its system variables (NtpMitigation::ServerReply: stratum one more than its system peer's,
 * root delay and dispersion accumulated, the system peer's address as Reference ID; stratum 0
 * with LI 3 before the first update and after a step until the next update, RFC 5905 A.5.5.6
 * clock_update(), which clients take as unsynchronized): a stratum-2 (or deeper) server.
 *
 * Timers run in true time (the process time of the cores: a monotonic time base, not the
 * clock the client steps). The clock's readings carry the StartDate Attribute (which must be
 * the servers') on the wire, wrapped into their NTP era (RFC 5905 6). The client binds UDP 123 (as
 * ntpd does), so a node runs either an NtpClient or an NtpServer (a server that is itself a client:
 * an NtpClient with Serve).
 */
class NtpClient : public Application
{
  public:
    /** Protocol. */
    enum Mode
    {
        NTP, //!< filter, mitigation and discipline over every server
        SNTP //!< one sample from the first server, set the time
    };

    /** \return the TypeId */
    static TypeId GetTypeId();
    NtpClient();
    ~NtpClient() override;

    /**
     * The servers (one association each). Set before the application starts.
     * \param servers their IPv4 addresses (1 to 64)
     */
    void SetServers(const std::vector<Ipv4Address>& servers);

    /** \return the discipline (created at start when not set) */
    Ptr<NtpClockDiscipline> GetDiscipline() const;
    /** \return the mitigation algorithms (created at start when not set) */
    Ptr<NtpMitigation> GetMitigation() const;
    /** \return whether a system peer has been chosen and the clock updated from it */
    bool IsSynchronized() const;
    /**
     * \return the root distance LAMBDA the client claims now (its root dispersion grown at
     *         PHI since the last update): its own bound on |clock - true time|; 16 s before
     *         the first update (MAXDISP)
     */
    Time GetRootDistance() const;
    /** \return the system variables (what a server on this node would announce) */
    const NtpSystemVariables& GetSystemVariables() const;
    /**
     * \param server a server's index in SetServers
     * \return its association's clock filter
     */
    const NtpClockFilter& GetFilter(uint32_t server) const;
    /**
     * \param server a server's index
     * \return its reach register (bit 0: the last poll was answered)
     */
    uint8_t GetReach(uint32_t server) const;
    /**
     * \param server a server's index
     * \return its association's poll interval outside a burst: 2^min(ppoll, hpoll), at least
     *         2^MinPoll (RFC 5905 A.5.7.2), or longer after a RATE kiss from it (RFC 5905 7.4)
     */
    Time GetPollInterval(uint32_t server) const;
    /** \return clock updates (NTP: discipline updates; SNTP: accepted replies) */
    uint64_t GetUpdateCount() const;
    /** \return requests sent */
    uint64_t GetRequestCount() const;
    /** \return client requests answered (Serve) */
    uint64_t GetReplyCount() const;
    /**
     * \param reason a reason
     * \return datagrams dropped for it
     */
    uint64_t GetDropCount(NtpDropReason reason) const;
    /** \return the decoder's counts by NtpDecodeStatus */
    const NtpDecodeCounters& GetDecodeCounters() const;

    /**
     * Assign a fixed random variable stream (the first polls' phases).
     * \param stream the stream index
     * \return the number of streams used (1)
     */
    int64_t AssignStreams(int64_t stream);

    /**
     * Callback signature of the Update trace source.
     * \param update the update
     */
    typedef void (*UpdateCallback)(const NtpClientUpdate& update);
    /**
     * Callback signature of the Sample trace source.
     * \param server the server's address
     * \param offset theta of the exchange (server minus client)
     * \param delay delta of the exchange
     */
    typedef void (*SampleCallback)(Ipv4Address server, Time offset, Time delay);
    /**
     * Callback signature of the Drop trace source.
     * \param reason why a datagram was dropped
     */
    typedef void (*DropCallback)(NtpDropReason reason);

  protected:
    void DoDispose() override;

  private:
    void StartApplication() override;
    void StopApplication() override;

    /** One server. */
    struct Association
    {
        Ipv4Address address;     //!< the server
        NtpClockFilter filter;   //!< its clock filter
        NtpMessage reply;        //!< its last reply
        bool haveReply{false};   //!< a reply has been filtered
        NtpTimestamp xmt;        //!< Transmit Timestamp of the request outstanding
        bool outstanding{false}; //!< a request awaits its reply
        uint8_t reach{0};        //!< reach register
        uint32_t unreach{0};     //!< unreach counter (RFC 5905 13)
        uint32_t burst{0};       //!< requests of the burst still to send
        int8_t hpoll{0};         //!< host poll exponent
        int8_t ppoll{0};         //!< peer poll exponent (the Poll field of its last reply)
        Time outdate;            //!< when the last poll outside a burst ran
        Time nextdate;           //!< when the next poll runs
        int8_t ratePoll{0};      //!< poll exponent floor set by RATE kisses (0: none)
        uint32_t local{0};       //!< p.dstaddr: our address its last reply reached
        bool demobilized{false}; //!< a DENY or RSTR kiss stopped it
        EventId timer;           //!< next poll
    };

    /** \return "ns3::NtpClient on node N", for messages */
    std::string Where() const;
    /** \return the clock's reading plus the timescale offset, as a timestamp */
    NtpTimestamp ReadClock() const;
    /**
     * \param a an association
     * \return the exponent of its poll interval outside a burst: min(ppoll, hpoll), at least
     *         MinPoll (RFC 5905 A.5.7.2), or its RATE floor when longer
     */
    int8_t AssociationPoll(const Association& a) const;
    /** \param index poll the association (NTP) or the first server (SNTP) */
    void Poll(uint32_t index);
    /**
     * The poll process's bookkeeping before a request (RFC 5905 A.5.7.1 poll(), NTP mode).
     * \param a the association
     * \return the host poll exponent for poll_update
     */
    int8_t PollProcess(Association& a);
    /**
     * Set hpoll and (re)schedule the next poll (RFC 5905 A.5.7.2 poll_update()).
     * \param index the association
     * \param hpoll the host poll exponent (clamped to [MinPoll, MaxPoll])
     */
    void PollUpdate(uint32_t index, int8_t hpoll);
    /**
     * \param a an association
     * \return whether it is fit to synchronize to (A.5.5.3 accept(); Burst needs it)
     */
    bool IsFit(const Association& a) const;
    /**
     * \param name MinPoll or MaxPoll
     * \return that Attribute of the discipline
     */
    int8_t DisciplineLimit(const std::string& name) const;
    /** The clock-adjust process: slew in what the discipline releases. */
    void Adjust();
    /** \param phase slew it in on top of any slew in progress */
    void SlewIn(Time phase);
    /** \param socket a socket with datagrams to read */
    void Receive(Ptr<Socket> socket);
    /**
     * \param reply a decoded reply (OK)
     * \param from its source
     * \param to its destination, one of our addresses (p.dstaddr; the loop test)
     * \param t4 its arrival (clock, with the timescale offset)
     */
    void ProcessNtp(const NtpMessage& reply, Ipv4Address from, Ipv4Address to, NtpTimestamp t4);
    /**
     * \param reply a decoded reply (OK)
     * \param t4 its arrival
     */
    void ProcessSntp(const NtpMessage& reply, NtpTimestamp t4);
    /**
     * \param a a kiss-o'-death's association (DENY / RSTR demobilize it, RATE doubles its
     *        poll interval)
     * \param kiss the kiss
     */
    void Kiss(Association& a, const NtpMessage& kiss);
    /** The system process: mitigate and update the clock. */
    void ClockSelect();
    /**
     * \param r the discipline's result
     */
    void Apply(const NtpDisciplineResult& r);
    /**
     * Answer a client's request as a server of this node's system variables (Serve).
     * \param request the request
     * \param to its source
     * \param t2 its arrival (clock, with the timescale offset)
     */
    void Answer(const NtpMessage& request, const Address& to, NtpTimestamp t2);
    /** \param reason count and trace a drop */
    void Drop(NtpDropReason reason);
    /**
     * \param from an address
     * \return the association of that server, or nullptr
     */
    Association* Find(Ipv4Address from);

    // Attributes
    Mode m_mode;                          //!< Mode
    Time m_precision;                     //!< Precision (the client's)
    Time m_adjustInterval;                //!< AdjustInterval
    bool m_serve;                         //!< Serve
    bool m_burst;                         //!< Burst
    bool m_iburst;                        //!< Iburst
    Time m_startDate;                     //!< StartDate
    Ptr<NtpClockDiscipline> m_discipline; //!< Discipline
    Ptr<NtpMitigation> m_mitigation;      //!< Mitigation
    Ptr<SntpClient> m_sntp;               //!< Sntp

    std::vector<Ipv4Address> m_servers;      //!< SetServers
    std::vector<Association> m_associations; //!< one per server
    Ptr<DriftingClock> m_clock;              //!< the node's clock
    Ptr<Socket> m_socket;                    //!< UDP 123
    Ptr<UniformRandomVariable> m_phase;      //!< first polls' phases
    EventId m_adjustTimer;                   //!< next Adjust
    EventId m_sntpTimer;                     //!< next SNTP poll
    NtpSystemVariables m_system;             //!< system variables
    bool m_synchronized{false};              //!< updated at least once
    uint32_t m_systemPeer{UINT32_MAX};       //!< index of the system peer
    uint64_t m_updates{0};                   //!< updates
    uint64_t m_requests{0};                  //!< requests sent
    uint64_t m_replies{0};                   //!< requests answered (Serve)
    NtpTimestamp m_reference;                //!< when the clock was last updated
    int8_t m_minPoll{ntp::MINPOLL};          //!< the discipline's MinPoll
    int8_t m_maxPoll{ntp::MAXPOLL};          //!< the discipline's MaxPoll
    std::array<uint64_t, static_cast<size_t>(NtpDropReason::COUNT)> m_drops{}; //!< by reason
    NtpDecodeCounters m_decode;                                                //!< decoder

    TracedCallback<const NtpClientUpdate&> m_updateTrace;  //!< Update
    TracedCallback<Ipv4Address, Time, Time> m_sampleTrace; //!< Sample
    TracedCallback<NtpDropReason> m_dropTrace;             //!< Drop
};

} // namespace ns3

#endif /* NTP_CLIENT_H */
