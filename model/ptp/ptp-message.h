/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef PTP_MESSAGE_H
#define PTP_MESSAGE_H

#include "ptp-datatypes.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup chronometry
 * PTP message types (IEEE 1588-2019 Table 36). Event messages (timestamped on the wire) go
 * to UDP port 319, general messages to 320.
 */
enum class PtpMessageType : uint8_t
{
    SYNC = 0x0,                  //!< event
    DELAY_REQ = 0x1,             //!< event
    PDELAY_REQ = 0x2,            //!< event
    PDELAY_RESP = 0x3,           //!< event
    FOLLOW_UP = 0x8,             //!< general
    DELAY_RESP = 0x9,            //!< general
    PDELAY_RESP_FOLLOW_UP = 0xA, //!< general
    ANNOUNCE = 0xB,              //!< general
    SIGNALING = 0xC,             //!< general (decoded, not interpreted)
    MANAGEMENT = 0xD             //!< general (decoded, not interpreted)
};

/**
 * \param type a message type
 * \return its name as in the standard ("Sync", "Delay_Req", ...)
 */
std::string ToString(PtpMessageType type);

/**
 * \param type a message type
 * \return whether it is an event message (Sync, Delay_Req, Pdelay_Req, Pdelay_Resp)
 */
bool IsPtpEventMessage(PtpMessageType type);

/**
 * \param type a message type
 * \return its UDP destination port: 319 for event messages, 320 for general ones
 */
uint16_t PtpUdpPort(PtpMessageType type);

/**
 * \ingroup chronometry
 * Bits of the flagField (IEEE 1588-2019 Table 37) as a big-endian 16-bit value: octet 0 is
 * the high byte.
 */
namespace ptpflags
{
constexpr uint16_t ALTERNATE_MASTER = 0x0100;          //!< octet 0 bit 0
constexpr uint16_t TWO_STEP = 0x0200;                  //!< octet 0 bit 1
constexpr uint16_t UNICAST = 0x0400;                   //!< octet 0 bit 2
constexpr uint16_t PROFILE_SPECIFIC_1 = 0x2000;        //!< octet 0 bit 5
constexpr uint16_t PROFILE_SPECIFIC_2 = 0x4000;        //!< octet 0 bit 6
constexpr uint16_t LEAP61 = 0x0001;                    //!< octet 1 bit 0
constexpr uint16_t LEAP59 = 0x0002;                    //!< octet 1 bit 1
constexpr uint16_t CURRENT_UTC_OFFSET_VALID = 0x0004;  //!< octet 1 bit 2
constexpr uint16_t PTP_TIMESCALE = 0x0008;             //!< octet 1 bit 3
constexpr uint16_t TIME_TRACEABLE = 0x0010;            //!< octet 1 bit 4
constexpr uint16_t FREQUENCY_TRACEABLE = 0x0020;       //!< octet 1 bit 5
constexpr uint16_t SYNCHRONIZATION_UNCERTAIN = 0x0040; //!< octet 1 bit 6 (new in 2019)
} // namespace ptpflags

/**
 * \ingroup chronometry
 * \brief The common header of every PTP message (IEEE 1588-2019 13.3, 34 octets).
 *
 * messageLength is not a member: Encode computes it and Decode checks it.
 */
struct PtpCommonHeader
{
    uint8_t majorSdoId{0};                            //!< transportSpecific (4 bits); 1: 802.1AS
    PtpMessageType messageType{PtpMessageType::SYNC}; //!< messageType (4 bits)
    uint8_t minorVersionPtp{1};                       //!< 4 bits: 1 for 1588-2019, 0 for 2008
    uint8_t domainNumber{0};                          //!< domainNumber
    uint8_t minorSdoId{0};                            //!< minorSdoId (reserved in 2008)
    uint16_t flags{0};                                //!< flagField (ptpflags bits)
    int64_t correctionField{0};                       //!< nanoseconds x 2^16 (ptp::TimeToScaledNs)
    uint32_t messageTypeSpecific{0};                  //!< messageTypeSpecific (reserved in 2008)
    PtpPortIdentity sourcePortIdentity;               //!< sourcePortIdentity
    uint16_t sequenceId{0};                           //!< sequenceId
    uint8_t controlField{0};                          //!< controlField (deprecated; see Create)
    int8_t logMessageInterval{0x7F};                  //!< log2 of the message interval in s

    /** Encoded size of the common header. */
    static constexpr size_t SIZE = 34;
    /** versionPTP this codec speaks. */
    static constexpr uint8_t VERSION_PTP = 2;

    /**
     * \param flag a ptpflags bit
     * \return whether it is set
     */
    bool GetFlag(uint16_t flag) const;
    /**
     * \param flag a ptpflags bit
     * \param on set or clear
     */
    void SetFlag(uint16_t flag, bool on);
};

/**
 * \ingroup chronometry
 * \brief The Announce body (IEEE 1588-2019 13.5): everything after originTimestamp.
 */
struct PtpAnnounceBody
{
    int16_t currentUtcOffset{37};            //!< TAI - UTC in seconds
    uint8_t grandmasterPriority1{128};       //!< grandmasterPriority1
    PtpClockQuality grandmasterClockQuality; //!< grandmasterClockQuality
    uint8_t grandmasterPriority2{128};       //!< grandmasterPriority2
    uint64_t grandmasterIdentity{0};         //!< grandmasterIdentity (EUI-64)
    uint16_t stepsRemoved{0};                //!< stepsRemoved
    uint8_t timeSource{0xA0};                //!< timeSource (0xA0: internal oscillator)

    /**
     * \param o other
     * \return equality of every field
     */
    bool operator==(const PtpAnnounceBody& o) const;
};

/**
 * \ingroup chronometry
 * \brief A TLV (IEEE 1588-2019 14.1): type, and the value octets (lengthField is their
 * count). Kept as octets so that every TLV, known or not, re-encodes unchanged.
 */
struct PtpTlv
{
    uint16_t type{0};           //!< tlvType
    std::vector<uint8_t> value; //!< the lengthField octets that follow

    /** tlvType ORGANIZATION_EXTENSION. */
    static constexpr uint16_t ORGANIZATION_EXTENSION = 0x0003;
    /** tlvType PATH_TRACE (802.1AS Announce). */
    static constexpr uint16_t PATH_TRACE = 0x0008;

    /**
     * \param o other
     * \return equality of type and value
     */
    bool operator==(const PtpTlv& o) const;
};

/**
 * \ingroup chronometry
 * \brief The 802.1AS Follow_Up information TLV (IEEE 802.1AS-2020 11.4.4.3): an
 * ORGANIZATION_EXTENSION TLV, OUI 00-80-C2, subtype 1, 28 value octets.
 *
 * cumulativeScaledRateOffset is (rateRatio - 1) x 2^41, the grandmaster's frequency relative
 * to this time-aware system's, accumulated hop by hop.
 */
struct PtpFollowUpInformation
{
    int32_t cumulativeScaledRateOffset{0}; //!< (rateRatio - 1) x 2^41
    uint16_t gmTimeBaseIndicator{0};       //!< gmTimeBaseIndicator
    /** lastGmPhaseChange (ScaledNs, 96 bits): high 32 bits, two's complement with low. */
    int32_t lastGmPhaseChangeHigh{0};
    uint64_t lastGmPhaseChangeLow{0};  //!< lastGmPhaseChange: low 64 bits
    int32_t scaledLastGmFreqChange{0}; //!< fractional frequency change x 2^41

    /** lengthField of the TLV. */
    static constexpr uint16_t LENGTH = 28;
    /** organizationId 00-80-C2 (IEEE 802.1). */
    static constexpr uint32_t OUI = 0x0080C2;
    /** organizationSubType. */
    static constexpr uint32_t SUBTYPE = 1;

    /**
     * \param rateRatio the grandmaster's rate relative to the local clock (near 1)
     * \return (rateRatio - 1) x 2^41, rounded and clamped to int32
     */
    static int32_t RateRatioToScaledOffset(double rateRatio);
    /**
     * \param scaled cumulativeScaledRateOffset
     * \return the rate ratio 1 + scaled / 2^41
     */
    static double ScaledOffsetToRateRatio(int32_t scaled);

    /** \return the TLV */
    PtpTlv ToTlv() const;
    /**
     * \param tlv a TLV
     * \return whether it is an ORGANIZATION_EXTENSION with OUI 00-80-C2 and subtype 1, of
     *         whatever its length
     */
    static bool Matches(const PtpTlv& tlv);
    /**
     * \param tlv a TLV
     * \param[out] out its contents (unchanged when false)
     * \return false unless Matches(tlv) and it has exactly LENGTH octets
     */
    static bool FromTlv(const PtpTlv& tlv, PtpFollowUpInformation& out);

    /**
     * \param o other
     * \return equality of every field
     */
    bool operator==(const PtpFollowUpInformation& o) const;
};

/**
 * \ingroup chronometry
 * Why PtpMessage::Decode refused its input (OK: it did not).
 */
enum class PtpDecodeStatus : uint8_t
{
    OK = 0,         //!< accepted
    TRUNCATED,      //!< fewer octets than the common header or than messageLength
    TRAILING_BYTES, //!< 4 or more octets beyond messageLength (fewer are ignored)
    BAD_VERSION,    //!< versionPTP is not 2
    UNKNOWN_TYPE,   //!< a reserved messageType
    BAD_LENGTH,     //!< messageLength below the fixed size of its message type
    BAD_TLV,        //!< the TLV area is not a whole sequence of TLVs of even lengths, or a
                    //!< malformed known TLV
    BAD_TIMESTAMP,  //!< a timestamp's nanosecondsField is 10^9 or more
    STATUS_COUNT    //!< number of statuses (not a status)
};

/**
 * \param status a decode status
 * \return its name ("ok", "truncated", ...)
 */
std::string ToString(PtpDecodeStatus status);

/**
 * \ingroup chronometry
 * \brief A PTPv2 message and its byte-exact codec (IEEE 1588-2019 clause 13), free of the
 * simulator.
 *
 * Wire format (big endian): the 34-octet common header, then the type's body:
 *
 * | type                  | body after the header                              | size |
 * |-----------------------|----------------------------------------------------|------|
 * | Sync, Delay_Req       | originTimestamp (10)                               | 44   |
 * | Follow_Up             | preciseOriginTimestamp (10)                        | 44   |
 * | Delay_Resp            | receiveTimestamp (10), requestingPortIdentity (10) | 54   |
 * | Pdelay_Req            | originTimestamp (10), reserved (10)                | 54   |
 * | Pdelay_Resp           | requestReceiptTimestamp (10), requestingPortIdentity (10) | 54 |
 * | Pdelay_Resp_Follow_Up | responseOriginTimestamp (10), requestingPortIdentity (10) | 54 |
 * | Announce              | originTimestamp (10), currentUtcOffset (2), reserved (1),
 * grandmasterPriority1 (1), grandmasterClockQuality (4), grandmasterPriority2 (1),
 * grandmasterIdentity (8), stepsRemoved (2), timeSource (1) | 64 | | Signaling             |
 * targetPortIdentity (10)                            | 44   | | Management            |
 * targetPortIdentity (10), then 4 octets and a management TLV, kept as opaque octets | 48 |
 *
 * then TLVs (type 2, lengthField 2, value) up to messageLength, on any type but Management.
 * A timestamp is 48-bit seconds and 32-bit nanoseconds.
 *
 * Decode never reads past its buffer and refuses (returning why) anything truncated, with 4
 * or more octets beyond messageLength (up to 3 are ignored, as linuxptp's msg_post_recv
 * does: an Ethernet pad), of another versionPTP, of a reserved messageType, with a
 * messageLength below its type's size, with a TLV area that is not a whole number of TLVs,
 * with a TLV of odd lengthField (linuxptp's suffix_post_recv refuses it), with a malformed
 * 802.1AS Follow_Up information TLV, or with a nanosecondsField of 10^9 or more. Reserved
 * fields are ignored on receipt and sent as zero, so Encode(Decode(x)) equals the first
 * messageLength octets of x except in reserved octets (the fuzz harness checks exactly this); every
 * other field, the flagField's unassigned bits and unknown TLVs included, round-trips unchanged.
 */
struct PtpMessage
{
    PtpCommonHeader header; //!< common header
    /**
     * The body's timestamp: originTimestamp (Sync, Delay_Req, Pdelay_Req, Announce),
     * preciseOriginTimestamp (Follow_Up), receiveTimestamp (Delay_Resp),
     * requestReceiptTimestamp (Pdelay_Resp), responseOriginTimestamp (Pdelay_Resp_Follow_Up).
     */
    PtpTimestamp timestamp;
    /**
     * requestingPortIdentity (Delay_Resp, Pdelay_Resp, Pdelay_Resp_Follow_Up) or
     * targetPortIdentity (Signaling, Management).
     */
    PtpPortIdentity portIdentity;
    PtpAnnounceBody announce;    //!< Announce only
    std::vector<PtpTlv> tlvs;    //!< TLVs after the body (not Management)
    std::vector<uint8_t> opaque; //!< Management: the octets after targetPortIdentity

    /**
     * A message of a type with the header fields the standard fixes for it: controlField
     * (Table 42), logMessageInterval 0x7F where Table 43 says so (Delay_Req, Pdelay_*,
     * Signaling, Management), and the twoStepFlag off.
     * \param type message type
     * \return the message
     */
    static PtpMessage Create(PtpMessageType type);

    /**
     * \param type a message type
     * \return header + fixed body octets of that type (the table above)
     */
    static size_t FixedSize(PtpMessageType type);

    /** \return the encoded size (messageLength) */
    size_t GetEncodedSize() const;

    /**
     * \return the octets; aborts on an unencodable message (an invalid timestamp, a TLV
     *         longer than 65535 octets, a message longer than 65535 octets)
     */
    std::vector<uint8_t> Encode() const;

    /**
     * \param data octets (a UDP payload)
     * \param length their number
     * \param[out] out the message (unchanged unless OK)
     * \return OK, or why the octets are refused
     */
    static PtpDecodeStatus Decode(const uint8_t* data, size_t length, PtpMessage& out);

    /**
     * \return the 802.1AS Follow_Up information of the first TLV that carries one, if any
     */
    std::optional<PtpFollowUpInformation> GetFollowUpInformation() const;

    /** \return one line with the type, sequenceId, source, correction and timestamp */
    std::string ToString() const;

    /**
     * \param o other
     * \return equality of every field the type carries (fields of other types ignored)
     */
    bool operator==(const PtpMessage& o) const;
};

/**
 * \ingroup chronometry
 * \brief Decodes PTP messages and counts what it accepted and refused, by reason.
 */
class PtpDecodeCounters
{
  public:
    /**
     * Decode and count.
     * \param data octets
     * \param length their number
     * \param[out] out the message (unchanged unless OK)
     * \return the status
     */
    PtpDecodeStatus Decode(const uint8_t* data, size_t length, PtpMessage& out);
    /**
     * \param status a status
     * \return how many decodes ended with it
     */
    uint64_t GetCount(PtpDecodeStatus status) const;
    /** \return messages accepted */
    uint64_t GetAccepted() const;
    /** \return messages refused, all reasons */
    uint64_t GetRefused() const;
    /** Zero every count. */
    void Reset();

  private:
    /** Count per status. */
    std::array<uint64_t, static_cast<size_t>(PtpDecodeStatus::STATUS_COUNT)> m_counts{};
};

} // namespace ns3

#endif /* PTP_MESSAGE_H */
