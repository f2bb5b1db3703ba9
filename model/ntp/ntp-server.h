/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef NTP_SERVER_H
#define NTP_SERVER_H

#include "ntp-message.h"
#include "ntp-mitigation.h"

#include "ns3/application.h"
#include "ns3/local-clock.h"
#include "ns3/socket.h"
#include "ns3/traced-callback.h"

#include <array>
#include <map>

namespace ns3
{

/**
 * \ingroup chronometry
 * Why an NtpServer or NtpClient did not use a datagram it received on UDP 123.
 */
enum class NtpDropReason : uint8_t
{
    MALFORMED,      //!< NtpMessage::Decode refused it (GetDecodeCounters says why)
    KISS_OF_DEATH,  //!< a well-formed kiss-o'-death (stratum 0): no time sample
    WRONG_MODE,     //!< a mode this application does not answer or expect
    FOREIGN,        //!< a reply from an address that is no configured server
    BOGUS,          //!< a reply whose Origin Timestamp is not the request's (a duplicate,
                    //!< a late reply, a spoof) or whose Transmit Timestamp is zero
    UNSYNCHRONIZED, //!< a reply from a server that says it is unsynchronized (LI 3 or
                    //!< stratum 16), or an SNTP refusal (bad stratum, version)
    INVALID_HEADER, //!< RFC 5905 8 (Appendix A.5.1.1): root delay / 2 + root dispersion at
                    //!< least MAXDISP, or a Reference Timestamp later than the Transmit
    COUNT           //!< number of reasons (not a reason)
};

/**
 * \param reason a drop reason
 * \return its name ("malformed", "kiss-o'-death", ...)
 */
std::string ToString(NtpDropReason reason);

/**
 * \ingroup chronometry
 * \brief An NTPv4 primary (or configured) server as an ns-3 Application: answers every client
 * request (mode 3) on UDP 123 with NtpMitigation::ServerReply.
 *
 * The reply's Receive and Transmit Timestamps are the node's LocalClock, read when the request
 * reaches the socket and when the reply is handed to it (the reply leaves at once), plus
 * the StartDate Attribute (the date at simulation time 0, default 2026-01-01; readings are
 * wrapped into their NTP era, RFC 5905 6, so a run may cross 2036-02-07), plus Offset: a server may
 * lie (a falseticker, Offset = 100 ms) or carry an error its root delay and dispersion do not admit
 * (an upstream asymmetry the server cannot see). Stratum, RootDelay, RootDispersion and Precision
 * fill the header as a server of that stratum would: the system variables handed to ServerReply,
 * refreshed at every reply (a primary server reads its reference clock continuously, so the root
 * dispersion does not grow). The Reference ID is "GPS" at stratum 1, else the address 127.0.0.1 (no
 * upstream to name), and the Reference Timestamp is the clock at the application's start.
 *
 * Every datagram is decoded; malformed ones, kiss-o'-death and other modes are counted by
 * NtpDropReason and dropped.
 *
 * Faults, for studies of how clients react: RateLimit answers a client that asks again sooner
 * than that with a RATE kiss-o'-death instead of the time (RFC 5905 7.4; ntpd's "restrict
 * limited kod" with "discard minimum"); HeaderFault sends replies whose header fails the checks
 * of RFC 5905 8 (Appendix A.5.1.1 packet()), which a client must drop.
 */
class NtpServer : public Application
{
  public:
    /** The NTP port. */
    static constexpr uint16_t PORT = 123;

    /** Replies that fail the header checks of RFC 5905 8 (the HeaderFault Attribute). */
    enum HeaderFault
    {
        NO_FAULT,      //!< a correct header
        ROOT_DISTANCE, //!< root delay / 2 + root dispersion = MAXDISP (16 s)
        REFERENCE_TIME //!< the Reference Timestamp 1 s after the Transmit Timestamp
    };

    /** \return the TypeId */
    static TypeId GetTypeId();
    NtpServer();
    ~NtpServer() override;

    /**
     * \return the time added to every clock reading to make an NTP timestamp:
     *         1 January 2026 00:00 UTC after the prime epoch (3,976,214,400 s): the default
     *         StartDate of NtpServer and NtpClient, in NTP's time scale
     */
    static Time GetTimescaleOffset();

    /** \return requests answered (with the time or with a kiss) */
    uint64_t GetReplyCount() const;
    /** \return RATE kisses sent (RateLimit) */
    uint64_t GetKissCount() const;
    /**
     * \param reason a reason
     * \return datagrams dropped for it
     */
    uint64_t GetDropCount(NtpDropReason reason) const;
    /** \return the decoder's counts by NtpDecodeStatus */
    const NtpDecodeCounters& GetDecodeCounters() const;

    /**
     * Callback signature of the Reply trace source.
     * \param request the request
     * \param reply the reply sent
     */
    typedef void (*ReplyCallback)(const NtpMessage& request, const NtpMessage& reply);
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

    /** \param socket a socket with datagrams to read */
    void Receive(Ptr<Socket> socket);
    /** \param reason count and trace a drop */
    void Drop(NtpDropReason reason);
    /** \return the clock's reading plus the timescale offset and Offset */
    Time ReadClock() const;
    /**
     * RateLimit: note the request and say whether it came too soon after its source's last.
     * \param from the request's source
     * \return whether to answer it with a RATE kiss
     */
    bool TooSoon(const Address& from);
    /**
     * \param reply a reply: make it fail the header checks as HeaderFault says
     */
    void SpoilHeader(NtpMessage& reply) const;

    uint8_t m_stratum;               //!< Stratum
    Time m_rootDelay;                //!< RootDelay
    Time m_rootDispersion;           //!< RootDispersion
    Time m_precision;                //!< Precision
    Time m_offset;                   //!< Offset: the lie
    Time m_startDate;                //!< StartDate: the date at simulation time 0
    Time m_rateLimit;                //!< RateLimit (0: none)
    HeaderFault m_headerFault;       //!< HeaderFault
    Ptr<NtpMitigation> m_mitigation; //!< Mitigation (ServerReply, PHI)

    Ptr<LocalClock> m_clock;                //!< the node's clock
    Ptr<Socket> m_socket;                   //!< UDP 123
    NtpTimestamp m_reference;               //!< Reference Timestamp
    uint64_t m_replies{0};                  //!< requests answered
    uint64_t m_kisses{0};                   //!< RATE kisses sent
    std::map<uint32_t, Time> m_lastRequest; //!< RateLimit: per source, its last request
    std::array<uint64_t, static_cast<size_t>(NtpDropReason::COUNT)> m_drops{}; //!< by reason
    NtpDecodeCounters m_decode;                                                //!< decoder

    TracedCallback<const NtpMessage&, const NtpMessage&> m_replyTrace; //!< Reply
    TracedCallback<NtpDropReason> m_dropTrace;                         //!< Drop
};

} // namespace ns3

#endif /* NTP_SERVER_H */
