/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef NTP_MESSAGE_H
#define NTP_MESSAGE_H

#include "ntp-datatypes.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup chronometry
 * Leap indicator (RFC 5905 Figure 9).
 */
enum class NtpLeap : uint8_t
{
    NO_WARNING = 0, //!< no warning
    LEAP_61 = 1,    //!< last minute of the day has 61 seconds
    LEAP_59 = 2,    //!< last minute of the day has 59 seconds
    NOT_SYNC = 3    //!< unknown (clock unsynchronized)
};

/**
 * \ingroup chronometry
 * Association modes (RFC 5905 Figure 10).
 */
enum class NtpMode : uint8_t
{
    RESERVED = 0,          //!< reserved (refused by the decoder)
    SYMMETRIC_ACTIVE = 1,  //!< symmetric active
    SYMMETRIC_PASSIVE = 2, //!< symmetric passive
    CLIENT = 3,            //!< client
    SERVER = 4,            //!< server
    BROADCAST = 5,         //!< broadcast
    CONTROL = 6,           //!< NTP control message (another format; refused)
    PRIVATE = 7            //!< reserved for private use (another format; refused)
};

/**
 * \param mode a mode
 * \return its name ("client", "server", ...)
 */
std::string ToString(NtpMode mode);

/**
 * \ingroup chronometry
 * Why NtpMessage::Decode refused its input; OK and KISS_OF_DEATH are well-formed messages.
 */
enum class NtpDecodeStatus : uint8_t
{
    OK = 0,        //!< accepted
    TRUNCATED,     //!< fewer than the 48 octets of the header
    BAD_LENGTH,    //!< octets after the header that are not a whole number of 32-bit words
    BAD_VERSION,   //!< version number 0, 5, 6 or 7 (RFC 5905 9.2 accepts 1 to 4)
    BAD_MODE,      //!< mode 0 (reserved), 6 (control) or 7 (private): not this format
    BAD_STRATUM,   //!< stratum 17 to 255 (reserved)
    KISS_OF_DEATH, //!< well-formed, decoded, but a kiss-o'-death: stratum 0 outside client mode
    STATUS_COUNT   //!< number of statuses (not a status)
};

/**
 * \param status a decode status
 * \return its name ("ok", "truncated", "kiss-o'-death", ...)
 */
std::string ToString(NtpDecodeStatus status);

/**
 * \param status a decode status
 * \return whether the octets were a well-formed message (OK or KISS_OF_DEATH), decoded into
 *         the output
 */
bool IsWellFormed(NtpDecodeStatus status);

/**
 * \ingroup chronometry
 * \brief An NTPv4 packet and its byte-exact codec (RFC 5905 section 7.3), free of the
 * simulator.
 *
 * Wire format (48 octets, big endian): octet 0 LI (2 bits) | VN (3) | Mode (3); 1 Stratum;
 * 2 Poll (signed log2 s); 3 Precision (signed log2 s); 4-7 Root Delay and 8-11 Root
 * Dispersion (short format 16.16); 12-15 Reference ID; 16-23 Reference Timestamp, 24-31
 * Origin Timestamp, 32-39 Receive Timestamp, 40-47 Transmit Timestamp (32.32 each).
 *
 * Extension fields (RFC 7822) and the MAC that may follow the header are not interpreted
 * and not authenticated: the octets after the header are kept verbatim in `trailer` and
 * re-encoded unchanged. The decoder requires them to be a whole number of 32-bit words (as
 * every NTP field and MAC is) and refuses anything else.
 *
 * Decode never reads past its buffer and refuses (returning why) fewer than 48 octets, a
 * trailer that is not whole words, version numbers outside 1 to 4, modes 0, 6 and 7 (the
 * control and private formats have another layout), and the reserved strata 17 to 255. A
 * packet of stratum 0 in any mode but client is a kiss-o'-death (RFC 5905 7.4): it is decoded
 * (the kiss code is its Reference ID, GetKissCode) and returned as KISS_OF_DEATH, so that the
 * caller, which must not take its timestamps, cannot mistake it for a time sample. Every field
 * round-trips: Encode(Decode(x)) equals x for every well-formed x.
 */
struct NtpMessage
{
    NtpLeap leap{NtpLeap::NO_WARNING}; //!< LI
    uint8_t version{ntp::VERSION};     //!< VN (1 to 4 on receipt)
    NtpMode mode{NtpMode::CLIENT};     //!< Mode
    uint8_t stratum{0};                //!< Stratum (0: unspecified or kiss-o'-death)
    int8_t poll{ntp::DEFAULT_MINPOLL}; //!< Poll: log2 of the maximum interval between messages
    int8_t precision{-20};             //!< Precision: log2 of the clock's precision in s
    NtpShort rootDelay;                //!< Root Delay
    NtpShort rootDispersion;           //!< Root Dispersion
    uint32_t referenceId{0};           //!< Reference ID (kiss code, clock name or IPv4 address)
    NtpTimestamp referenceTimestamp;   //!< time the system clock was last set or corrected
    NtpTimestamp originTimestamp;      //!< T1: client time the request left (copied by server)
    NtpTimestamp receiveTimestamp;     //!< T2: server time the request arrived
    NtpTimestamp transmitTimestamp;    //!< T3: server (or client) time this packet left
    std::vector<uint8_t> trailer;      //!< extension fields and MAC, verbatim (whole words)

    /** Size of the header. */
    static constexpr size_t HEADER_SIZE = 48;

    /** \return the encoded size: 48 + trailer */
    size_t GetEncodedSize() const;
    /**
     * \return the octets; aborts on an unencodable message (a leap, version or mode beyond
     *         its bit field, a trailer that is not whole words)
     */
    std::vector<uint8_t> Encode() const;
    /**
     * \param data octets (a UDP payload)
     * \param length their number
     * \param[out] out the message (unchanged unless IsWellFormed of the result)
     * \return OK, KISS_OF_DEATH, or why the octets are refused
     */
    static NtpDecodeStatus Decode(const uint8_t* data, size_t length, NtpMessage& out);

    /** \return whether this is a kiss-o'-death: stratum 0 and not a client request */
    bool IsKissOfDeath() const;
    /**
     * \return the Reference ID as four ASCII characters with trailing NULs removed (a kiss
     *         code such as "RATE", "DENY", "RSTR", "INIT", or a stratum-1 clock name such as
     *         "GPS"); other octets as '.'
     */
    std::string GetKissCode() const;
    /**
     * \param code up to four ASCII characters
     * \return them as a Reference ID, left justified and zero filled
     */
    static uint32_t MakeReferenceId(const std::string& code);

    /** \return one line with mode, stratum, poll, root delay / dispersion and timestamps */
    std::string ToString() const;

    /**
     * \param o other
     * \return equality of every field
     */
    bool operator==(const NtpMessage& o) const;
};

/**
 * \ingroup chronometry
 * \brief Decodes NTP packets and counts what it accepted, recognised as kiss-o'-death and
 * refused, by reason.
 */
class NtpDecodeCounters
{
  public:
    /**
     * Decode and count.
     * \param data octets
     * \param length their number
     * \param[out] out the message (unchanged unless well-formed)
     * \return the status
     */
    NtpDecodeStatus Decode(const uint8_t* data, size_t length, NtpMessage& out);
    /**
     * \param status a status
     * \return how many decodes ended with it
     */
    uint64_t GetCount(NtpDecodeStatus status) const;
    /** \return messages accepted as time samples (OK) */
    uint64_t GetAccepted() const;
    /** \return messages refused as malformed (every reason but OK and KISS_OF_DEATH) */
    uint64_t GetRefused() const;
    /** Zero every count. */
    void Reset();

  private:
    /** Count per status. */
    std::array<uint64_t, static_cast<size_t>(NtpDecodeStatus::STATUS_COUNT)> m_counts{};
};

} // namespace ns3

#endif /* NTP_MESSAGE_H */
