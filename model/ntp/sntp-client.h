/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SNTP_CLIENT_H
#define SNTP_CLIENT_H

#include "ntp-message.h"

#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/ptp-servo.h"

#include <string>

namespace ns3
{

/**
 * \ingroup chronometry
 * Why SntpClient::ProcessReply refused a reply (RFC 4330 section 5).
 */
enum class SntpStatus : uint8_t
{
    OK,             //!< accepted: set the clock by the offset
    NO_REQUEST,     //!< no request outstanding (a duplicate or an unsolicited reply)
    NOT_SERVER,     //!< mode is not 4 (server)
    BAD_VERSION,    //!< version differs from the request's
    BOGUS,          //!< Origin Timestamp is not the request's Transmit Timestamp
    KISS_OF_DEATH,  //!< stratum 0: a kiss code (DENY and RSTR: stop; RATE: poll less often)
    UNSYNCHRONIZED, //!< leap indicator 3: the server is not synchronized
    BAD_STRATUM,    //!< stratum above 15
    ZERO_TRANSMIT   //!< the Transmit Timestamp is zero
};

/**
 * \param status a status
 * \return its name ("ok", "bogus", ...)
 */
std::string ToString(SntpStatus status);

/**
 * \ingroup chronometry
 * \brief What one SNTP reply says.
 */
struct SntpResult
{
    SntpStatus status{SntpStatus::NO_REQUEST}; //!< accepted or why not
    Time offset;                               //!< the step to apply (server minus client)
    Time delay;                                //!< the round trip delta
    std::string kissCode;                      //!< the kiss code (KISS_OF_DEATH)
    ServoAction action; //!< on OK: step by offset, frequency untouched (JUMP)
};

/**
 * \ingroup chronometry
 * \brief An SNTPv4 client core (RFC 4330; RFC 5905 section 14), free of the simulator: one
 * request, one reply, set the time. The naive baseline beside NTP's filter, mitigation and
 * discipline.
 *
 * MakeRequest builds the client's packet as RFC 4330 section 5 says: every field zero but
 * LI 3 (unsynchronized), VN 4, Mode 3 and the Transmit Timestamp (T1, the client's clock).
 * ProcessReply checks the server's reply (mode 4, same version, Origin Timestamp = T1, a
 * nonzero Transmit Timestamp, stratum 1 to 15, LI not 3; stratum 0 is a kiss-o'-death) and
 * computes the offset by OffsetMethod: OnWire, theta = [(T2 - T1) + (T3 - T4)] / 2 (RFC 4330's
 * "t" and what RFC 5905 encourages; error: half the path asymmetry), or TransmitOnly,
 * T3 - T4 (the simplest SNTP: set the clock to the server's transmit time on arrival; error:
 * minus the reply's one-way delay). The result is a step: SNTP keeps no state between
 * samples and never touches the frequency, so between samples the clock drifts freely.
 *
 * Times are the client's clock as an instant after the NTP prime epoch (NtpTimestamp).
 */
class SntpClient : public Object
{
  public:
    /** How the offset is computed from a reply. */
    enum OffsetMethod
    {
        ON_WIRE,      //!< [(T2 - T1) + (T3 - T4)] / 2
        TRANSMIT_ONLY //!< T3 - T4
    };

    /** \return the TypeId */
    static TypeId GetTypeId();
    SntpClient();

    /**
     * \param t1 the client's clock when the request leaves
     * \return the request; remembered until its reply (a new request replaces it)
     */
    NtpMessage MakeRequest(Time t1);
    /**
     * \param reply the server's reply (decoded)
     * \param t4 the client's clock when it arrived
     * \return the offset to step by, or why the reply is refused; the request is consumed
     *         unless the reply is NO_REQUEST or BOGUS
     */
    SntpResult ProcessReply(const NtpMessage& reply, Time t4);
    /** \return whether a request awaits its reply */
    bool IsOutstanding() const;

  private:
    OffsetMethod m_method;     //!< OffsetMethod
    bool m_outstanding{false}; //!< a request awaits its reply
    NtpTimestamp m_t1;         //!< its Transmit Timestamp
};

} // namespace ns3

#endif /* SNTP_CLIENT_H */
