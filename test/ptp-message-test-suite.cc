/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// PtpMessage: golden octets of every message type written by hand from IEEE 1588-2019
// clause 13 (and 802.1AS-2020 11.4.4.3 for the Follow_Up information TLV), field offsets,
// round trips of random messages, every refusal with its reason and count, exact
// conversions between PTP timestamps / correctionField and ns3::Time, the ns-3 Header
// wrapper, and (when tshark is installed) a pcap of the golden messages in UDP 319/320
// that Wireshark's PTP dissector must read without a malformed packet or a warning.
#include "wire-test-util.h"

#include "ns3/chronometry-ns3-compat.h"
#include "ns3/packet.h"
#include "ns3/ptp-header.h"
#include "ns3/ptp-message.h"
#include "ns3/test.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <map>
#include <random>
#include <sstream>
#include <string>
#include <unistd.h>
#include <vector>

using namespace ns3;

namespace
{

using wiretest::Hex;

/** The clock of the examples: EUI-48 00:1B:19:00:00:01 made EUI-64. */
constexpr uint64_t MASTER_ID = 0x001B19FFFE000001ULL;
/** The slave's clock identity. */
constexpr uint64_t SLAVE_ID = 0x001B19FFFE000002ULL;

/** \brief A message and the octets the standard's layout gives for it. */
struct Golden
{
    std::string name;           //!< what it is
    PtpMessage message;         //!< the message
    std::vector<uint8_t> bytes; //!< its octets, by hand
};

/** \return one golden example of every message type (and 802.1AS Follow_Up) */
std::vector<Golden>
GoldenMessages()
{
    std::vector<Golden> g;
    const PtpPortIdentity master{MASTER_ID, 1};
    const PtpPortIdentity slave{SLAVE_ID, 1};
    // Common header (13.3): octet 0 majorSdoId|messageType, 1 minorVersionPTP|versionPTP,
    // 2-3 messageLength, 4 domainNumber, 5 minorSdoId, 6-7 flagField, 8-15 correctionField,
    // 16-19 messageTypeSpecific, 20-29 sourcePortIdentity, 30-31 sequenceId, 32
    // controlField, 33 logMessageInterval. Timestamps: 6 octets seconds, 4 nanoseconds.
    {
        PtpMessage m = PtpMessage::Create(PtpMessageType::SYNC);
        m.header.domainNumber = 42;
        m.header.SetFlag(ptpflags::TWO_STEP, true);
        m.header.correctionField = 0x1234LL << 16; // 4660 ns
        m.header.sourcePortIdentity = master;
        m.header.sequenceId = 0x0102;
        m.header.logMessageInterval = -3;
        m.timestamp = {1600000000, 7};
        g.push_back({"Sync",
                     m,
                     Hex("00 12 002C 2A 00 0200 | 0000000012340000 | 00000000 |"
                         "001B19FFFE000001 0001 | 0102 | 00 | FD |"
                         "00005F5E1000 00000007")});
    }
    {
        PtpMessage m = PtpMessage::Create(PtpMessageType::DELAY_REQ);
        m.header.domainNumber = 42;
        m.header.sourcePortIdentity = slave;
        m.header.sequenceId = 5;
        g.push_back({"Delay_Req",
                     m,
                     Hex("01 12 002C 2A 00 0000 | 0000000000000000 | 00000000 |"
                         "001B19FFFE000002 0001 | 0005 | 01 | 7F |"
                         "000000000000 00000000")});
    }
    {
        PtpMessage m = PtpMessage::Create(PtpMessageType::FOLLOW_UP);
        m.header.domainNumber = 42;
        m.header.sourcePortIdentity = master;
        m.header.sequenceId = 0x0102;
        m.header.logMessageInterval = -3;
        m.timestamp = {1600000000, 999999999};
        g.push_back({"Follow_Up",
                     m,
                     Hex("08 12 002C 2A 00 0000 | 0000000000000000 | 00000000 |"
                         "001B19FFFE000001 0001 | 0102 | 02 | FD |"
                         "00005F5E1000 3B9AC9FF")});
    }
    {
        PtpMessage m = PtpMessage::Create(PtpMessageType::DELAY_RESP);
        m.header.domainNumber = 42;
        m.header.correctionField = -98304; // -1.5 ns
        m.header.sourcePortIdentity = master;
        m.header.sequenceId = 5;
        m.timestamp = {1600000001, 500};
        m.portIdentity = slave;
        g.push_back({"Delay_Resp",
                     m,
                     Hex("09 12 0036 2A 00 0000 | FFFFFFFFFFFE8000 | 00000000 |"
                         "001B19FFFE000001 0001 | 0005 | 03 | 00 |"
                         "00005F5E1001 000001F4 | 001B19FFFE000002 0001")});
    }
    {
        PtpMessage m = PtpMessage::Create(PtpMessageType::PDELAY_REQ);
        m.header.sourcePortIdentity = slave;
        m.header.sequenceId = 0xBEEF;
        m.timestamp = {1, 2};
        g.push_back({"Pdelay_Req",
                     m,
                     Hex("02 12 0036 00 00 0000 | 0000000000000000 | 00000000 |"
                         "001B19FFFE000002 0001 | BEEF | 05 | 7F |"
                         "000000000001 00000002 | 00000000000000000000")});
    }
    {
        PtpMessage m = PtpMessage::Create(PtpMessageType::PDELAY_RESP);
        m.header.SetFlag(ptpflags::TWO_STEP, true);
        m.header.sourcePortIdentity = master;
        m.header.sequenceId = 0xBEEF;
        m.timestamp = {3, 4};
        m.portIdentity = slave;
        g.push_back({"Pdelay_Resp",
                     m,
                     Hex("03 12 0036 00 00 0200 | 0000000000000000 | 00000000 |"
                         "001B19FFFE000001 0001 | BEEF | 05 | 7F |"
                         "000000000003 00000004 | 001B19FFFE000002 0001")});
    }
    {
        PtpMessage m = PtpMessage::Create(PtpMessageType::PDELAY_RESP_FOLLOW_UP);
        m.header.correctionField = 1; // 2^-16 ns
        m.header.sourcePortIdentity = master;
        m.header.sequenceId = 0xBEEF;
        m.timestamp = {5, 6};
        m.portIdentity = slave;
        g.push_back({"Pdelay_Resp_Follow_Up",
                     m,
                     Hex("0A 12 0036 00 00 0000 | 0000000000000001 | 00000000 |"
                         "001B19FFFE000001 0001 | BEEF | 05 | 7F |"
                         "000000000005 00000006 | 001B19FFFE000002 0001")});
    }
    {
        PtpMessage m = PtpMessage::Create(PtpMessageType::ANNOUNCE);
        m.header.domainNumber = 42;
        m.header.SetFlag(ptpflags::PTP_TIMESCALE, true);
        m.header.SetFlag(ptpflags::CURRENT_UTC_OFFSET_VALID, true);
        m.header.sourcePortIdentity = master;
        m.header.sequenceId = 9;
        m.announce.currentUtcOffset = 37;
        m.announce.grandmasterPriority1 = 128;
        m.announce.grandmasterClockQuality = {6, 0x21, 0x4E5D};
        m.announce.grandmasterPriority2 = 127;
        m.announce.grandmasterIdentity = MASTER_ID;
        m.announce.stepsRemoved = 0;
        m.announce.timeSource = 0x20; // GPS
        // Body (13.5): 34 originTimestamp, 44 currentUtcOffset, 46 reserved, 47 priority1,
        // 48 clockClass, 49 clockAccuracy, 50 offsetScaledLogVariance, 52 priority2,
        // 53 grandmasterIdentity, 61 stepsRemoved, 63 timeSource.
        g.push_back({"Announce",
                     m,
                     Hex("0B 12 0040 2A 00 000C | 0000000000000000 | 00000000 |"
                         "001B19FFFE000001 0001 | 0009 | 05 | 01 |"
                         "000000000000 00000000 | 0025 | 00 | 80 | 06 21 4E5D | 7F |"
                         "001B19FFFE000001 | 0000 | 20")});
    }
    {
        // 802.1AS: majorSdoId 1; Follow_Up with the Follow_Up information TLV (type 3,
        // length 28, OUI 00-80-C2, subtype 1, cumulativeScaledRateOffset,
        // gmTimeBaseIndicator, lastGmPhaseChange (12), scaledLastGmFreqChange).
        PtpMessage m = PtpMessage::Create(PtpMessageType::FOLLOW_UP);
        m.header.majorSdoId = 1;
        m.header.sourcePortIdentity = master;
        m.header.sequenceId = 77;
        m.header.logMessageInterval = -3;
        m.timestamp = {10, 20};
        PtpFollowUpInformation info;
        info.cumulativeScaledRateOffset =
            PtpFollowUpInformation::RateRatioToScaledOffset(1.0 + std::ldexp(1.0, -30));
        info.gmTimeBaseIndicator = 3;
        info.lastGmPhaseChangeHigh = -1;
        info.lastGmPhaseChangeLow = 0xFFFFFFFFFFFF0000ULL; // -1 ns as ScaledNs
        info.scaledLastGmFreqChange = -2;
        m.tlvs.push_back(info.ToTlv());
        g.push_back({"Follow_Up (802.1AS)",
                     m,
                     Hex("18 12 004C 00 00 0000 | 0000000000000000 | 00000000 |"
                         "001B19FFFE000001 0001 | 004D | 02 | FD |"
                         "00000000000A 00000014 |"
                         "0003 001C 0080C2 000001 | 00000800 | 0003 |"
                         "FFFFFFFF FFFFFFFFFFFF0000 | FFFFFFFE")});
    }
    {
        PtpMessage m = PtpMessage::Create(PtpMessageType::SIGNALING);
        m.header.sourcePortIdentity = slave;
        m.header.sequenceId = 1;
        m.portIdentity = {0xFFFFFFFFFFFFFFFFULL, 0xFFFF}; // all ports
        // REQUEST_UNICAST_TRANSMISSION (16.1.4.1): messageType Announce, log period 1,
        // duration 300 s.
        m.tlvs.push_back(PtpTlv{0x0004, Hex("B0 01 0000012C")});
        g.push_back({"Signaling",
                     m,
                     Hex("0C 12 0036 00 00 0000 | 0000000000000000 | 00000000 |"
                         "001B19FFFE000002 0001 | 0001 | 05 | 7F |"
                         "FFFFFFFFFFFFFFFF FFFF | 0004 0006 B001 0000012C")});
    }
    {
        PtpMessage m = PtpMessage::Create(PtpMessageType::MANAGEMENT);
        m.header.sourcePortIdentity = slave;
        m.header.sequenceId = 2;
        m.portIdentity = {0xFFFFFFFFFFFFFFFFULL, 0xFFFF};
        // startingBoundaryHops 1, boundaryHops 1, actionField GET, reserved, then the
        // MANAGEMENT TLV (type 1, length 2) with managementId DEFAULT_DATA_SET (0x2000).
        m.opaque = Hex("01 01 00 00 | 0001 0002 2000");
        g.push_back({"Management",
                     m,
                     Hex("0D 12 0036 00 00 0000 | 0000000000000000 | 00000000 |"
                         "001B19FFFE000002 0001 | 0002 | 04 | 7F |"
                         "FFFFFFFFFFFFFFFF FFFF | 01 01 00 00 | 0001 0002 2000")});
    }
    return g;
}

/**
 * \param bytes octets
 * \return them in hex
 */
std::string
ToHex(const std::vector<uint8_t>& bytes)
{
    std::string s;
    char buf[4];
    for (uint8_t b : bytes)
    {
        std::snprintf(buf, sizeof(buf), "%02X", b);
        s += buf;
    }
    return s;
}

/** \brief Encode gives the hand-written octets; Decode gives the message back. */
class PtpGoldenTestCase : public TestCase
{
  public:
    PtpGoldenTestCase()
        : TestCase("golden octets of every message type, written from the standard's layout")
    {
    }

  private:
    void DoRun() override
    {
        for (const auto& g : GoldenMessages())
        {
            const std::vector<uint8_t> encoded = g.message.Encode();
            NS_TEST_EXPECT_MSG_EQ(ToHex(encoded), ToHex(g.bytes), g.name << ": encoding");
            NS_TEST_EXPECT_MSG_EQ(g.message.GetEncodedSize(), g.bytes.size(), g.name);
            // messageLength (octets 2-3) is the size.
            NS_TEST_EXPECT_MSG_EQ(static_cast<size_t>(g.bytes[2] << 8 | g.bytes[3]),
                                  g.bytes.size(),
                                  g.name);
            PtpMessage d;
            NS_TEST_ASSERT_MSG_EQ(ToString(PtpMessage::Decode(g.bytes.data(), g.bytes.size(), d)),
                                  "ok",
                                  g.name);
            NS_TEST_EXPECT_MSG_EQ((d == g.message), true, g.name << ": decoded " << d.ToString());
        }
        // Sizes of 13.x: header 34; Sync, Delay_Req, Follow_Up 44; Delay_Resp and the
        // Pdelay messages 54; Announce 64.
        NS_TEST_EXPECT_MSG_EQ(PtpMessage::FixedSize(PtpMessageType::SYNC), 44u, "Sync");
        NS_TEST_EXPECT_MSG_EQ(PtpMessage::FixedSize(PtpMessageType::DELAY_REQ), 44u, "Delay_Req");
        NS_TEST_EXPECT_MSG_EQ(PtpMessage::FixedSize(PtpMessageType::FOLLOW_UP), 44u, "Follow_Up");
        NS_TEST_EXPECT_MSG_EQ(PtpMessage::FixedSize(PtpMessageType::DELAY_RESP), 54u, "Delay_Resp");
        NS_TEST_EXPECT_MSG_EQ(PtpMessage::FixedSize(PtpMessageType::PDELAY_REQ), 54u, "Pdelay_Req");
        NS_TEST_EXPECT_MSG_EQ(PtpMessage::FixedSize(PtpMessageType::PDELAY_RESP),
                              54u,
                              "Pdelay_Resp");
        NS_TEST_EXPECT_MSG_EQ(PtpMessage::FixedSize(PtpMessageType::PDELAY_RESP_FOLLOW_UP),
                              54u,
                              "Pdelay_Resp_Follow_Up");
        NS_TEST_EXPECT_MSG_EQ(PtpMessage::FixedSize(PtpMessageType::ANNOUNCE), 64u, "Announce");
        NS_TEST_EXPECT_MSG_EQ(PtpUdpPort(PtpMessageType::SYNC), 319, "event port");
        NS_TEST_EXPECT_MSG_EQ(PtpUdpPort(PtpMessageType::FOLLOW_UP), 320, "general port");
        // The 802.1AS TLV reads back, its rate ratio exactly.
        const auto goldens = GoldenMessages();
        const PtpMessage& fu = goldens[8].message;
        auto info = fu.GetFollowUpInformation();
        NS_TEST_ASSERT_MSG_EQ(info.has_value(), true, "802.1AS Follow_Up information");
        NS_TEST_EXPECT_MSG_EQ(info->cumulativeScaledRateOffset, 2048, "2^-30 x 2^41");
        NS_TEST_EXPECT_MSG_EQ(
            PtpFollowUpInformation::ScaledOffsetToRateRatio(info->cumulativeScaledRateOffset),
            1.0 + std::ldexp(1.0, -30),
            "rate ratio exact");
        NS_TEST_EXPECT_MSG_EQ(goldens[0].message.GetFollowUpInformation().has_value(),
                              false,
                              "no TLV");
        // Identities: EUI-48 -> EUI-64, linuxptp's spelling.
        const uint8_t mac[6] = {0x00, 0x1B, 0x19, 0x00, 0x00, 0x01};
        NS_TEST_EXPECT_MSG_EQ(PtpPortIdentity::ClockIdentityFromEui48(mac), MASTER_ID, "EUI-64");
        NS_TEST_EXPECT_MSG_EQ(PtpPortIdentity({MASTER_ID, 1}).ToString(),
                              "001b19.fffe.000001-1",
                              "spelling");
    }
};

/** \brief Random messages of every type survive encode and decode unchanged. */
class PtpRoundTripTestCase : public TestCase
{
  public:
    PtpRoundTripTestCase()
        : TestCase("random messages of every type: Decode(Encode(m)) == m, Encode canonical")
    {
    }

  private:
    void DoRun() override
    {
        std::mt19937_64 g(20260127);
        const PtpMessageType types[] = {PtpMessageType::SYNC,
                                        PtpMessageType::DELAY_REQ,
                                        PtpMessageType::PDELAY_REQ,
                                        PtpMessageType::PDELAY_RESP,
                                        PtpMessageType::FOLLOW_UP,
                                        PtpMessageType::DELAY_RESP,
                                        PtpMessageType::PDELAY_RESP_FOLLOW_UP,
                                        PtpMessageType::ANNOUNCE,
                                        PtpMessageType::SIGNALING,
                                        PtpMessageType::MANAGEMENT};
        auto u = [&](uint64_t n) { return g() % n; };
        uint32_t checked = 0;
        for (int i = 0; i < 20000; ++i)
        {
            PtpMessage m = PtpMessage::Create(types[u(10)]);
            m.header.majorSdoId = static_cast<uint8_t>(u(16));
            m.header.minorVersionPtp = static_cast<uint8_t>(u(16));
            m.header.domainNumber = static_cast<uint8_t>(g());
            m.header.minorSdoId = static_cast<uint8_t>(g());
            m.header.flags = static_cast<uint16_t>(g());
            m.header.correctionField = static_cast<int64_t>(g());
            m.header.messageTypeSpecific = static_cast<uint32_t>(g());
            m.header.sourcePortIdentity = {g(), static_cast<uint16_t>(g())};
            m.header.sequenceId = static_cast<uint16_t>(g());
            m.header.controlField = static_cast<uint8_t>(g());
            m.header.logMessageInterval = static_cast<int8_t>(g());
            m.timestamp = {u(PtpTimestamp::MAX_SECONDS + 1),
                           static_cast<uint32_t>(u(PtpTimestamp::NS_PER_S))};
            m.portIdentity = {g(), static_cast<uint16_t>(g())};
            m.announce.currentUtcOffset = static_cast<int16_t>(g());
            m.announce.grandmasterPriority1 = static_cast<uint8_t>(g());
            m.announce.grandmasterClockQuality = {static_cast<uint8_t>(g()),
                                                  static_cast<uint8_t>(g()),
                                                  static_cast<uint16_t>(g())};
            m.announce.grandmasterPriority2 = static_cast<uint8_t>(g());
            m.announce.grandmasterIdentity = g();
            m.announce.stepsRemoved = static_cast<uint16_t>(g());
            m.announce.timeSource = static_cast<uint8_t>(g());
            if (m.header.messageType == PtpMessageType::MANAGEMENT)
            {
                m.opaque.resize(4 + u(40));
                for (auto& b : m.opaque)
                {
                    b = static_cast<uint8_t>(g());
                }
            }
            else
            {
                const uint64_t n = u(4);
                for (uint64_t t = 0; t < n; ++t)
                {
                    if (u(3) == 0)
                    {
                        PtpFollowUpInformation info;
                        info.cumulativeScaledRateOffset = static_cast<int32_t>(g());
                        info.gmTimeBaseIndicator = static_cast<uint16_t>(g());
                        info.lastGmPhaseChangeHigh = static_cast<int32_t>(g());
                        info.lastGmPhaseChangeLow = g();
                        info.scaledLastGmFreqChange = static_cast<int32_t>(g());
                        m.tlvs.push_back(info.ToTlv());
                        continue;
                    }
                    PtpTlv tlv;
                    tlv.type = static_cast<uint16_t>(g());
                    tlv.value.resize(2 * u(24)); // even: linuxptp refuses odd lengths
                    for (auto& b : tlv.value)
                    {
                        b = static_cast<uint8_t>(g());
                    }
                    m.tlvs.push_back(tlv);
                }
            }
            const std::vector<uint8_t> bytes = m.Encode();
            NS_TEST_ASSERT_MSG_EQ(bytes.size(), m.GetEncodedSize(), m.ToString());
            PtpMessage d;
            NS_TEST_ASSERT_MSG_EQ(ToString(PtpMessage::Decode(bytes.data(), bytes.size(), d)),
                                  "ok",
                                  m.ToString());
            NS_TEST_ASSERT_MSG_EQ((d == m), true, m.ToString() << " vs " << d.ToString());
            NS_TEST_ASSERT_MSG_EQ((d.Encode() == bytes), true, "canonical: " << m.ToString());
            ++checked;
        }
        NS_TEST_EXPECT_MSG_EQ(checked, 20000u, "all checked");
    }
};

/** \brief Every refusal, with its reason and its count; nothing is read past the buffer. */
class PtpRefusalTestCase : public TestCase
{
  public:
    PtpRefusalTestCase()
        : TestCase("malformed input: refused with the reason, counted, output untouched")
    {
    }

  private:
    void DoRun() override
    {
        const auto goldens = GoldenMessages();
        const std::vector<uint8_t> sync = goldens[0].bytes;
        const std::vector<uint8_t> announce = goldens[7].bytes;
        const std::vector<uint8_t> delayResp = goldens[3].bytes;
        const std::vector<uint8_t> fu = goldens[8].bytes;

        struct Row
        {
            std::string what;
            std::vector<uint8_t> bytes;
            PtpDecodeStatus expected;
        };

        std::vector<Row> rows;
        rows.push_back({"empty", {}, PtpDecodeStatus::TRUNCATED});
        rows.push_back({"33 octets",
                        std::vector<uint8_t>(sync.begin(), sync.begin() + 33),
                        PtpDecodeStatus::TRUNCATED});
        {
            auto b = sync;
            b[1] = 0x11; // versionPTP 1
            rows.push_back({"PTPv1", b, PtpDecodeStatus::BAD_VERSION});
            b[1] = 0x13;
            rows.push_back({"versionPTP 3", b, PtpDecodeStatus::BAD_VERSION});
        }
        for (uint8_t t : {0x4, 0x5, 0x6, 0x7, 0xE, 0xF})
        {
            auto b = sync;
            b[0] = t;
            rows.push_back({"messageType " + std::to_string(t), b, PtpDecodeStatus::UNKNOWN_TYPE});
        }
        {
            auto b = sync;
            b[3] = 43; // messageLength below a Sync's 44
            rows.push_back({"messageLength 43", b, PtpDecodeStatus::BAD_LENGTH});
            b = announce;
            b[3] = 54; // an Announce needs 64
            rows.push_back({"short Announce",
                            std::vector<uint8_t>(b.begin(), b.begin() + 54),
                            PtpDecodeStatus::BAD_LENGTH});
            b = sync;
            b[3] = 46; // longer than the buffer
            rows.push_back({"messageLength beyond the buffer", b, PtpDecodeStatus::TRUNCATED});
            b[2] = 0xFF;
            rows.push_back({"messageLength 65326", b, PtpDecodeStatus::TRUNCATED});
            b = sync;
            b.insert(b.end(), {0, 0, 0, 0});
            rows.push_back({"4 trailing octets", b, PtpDecodeStatus::TRAILING_BYTES});
            b = std::vector<uint8_t>(announce.begin(), announce.end() - 1);
            rows.push_back({"Announce cut by one", b, PtpDecodeStatus::TRUNCATED});
        }
        {
            auto b = sync;
            b[40] = 0x3B; // nanoseconds = 10^9 = 0x3B9ACA00
            b[41] = 0x9A;
            b[42] = 0xCA;
            b[43] = 0x00;
            rows.push_back({"Sync ns = 1e9", b, PtpDecodeStatus::BAD_TIMESTAMP});
            b[40] = 0xFF;
            rows.push_back({"Sync ns = 0xFF9ACA00", b, PtpDecodeStatus::BAD_TIMESTAMP});
            auto a = announce;
            a[40] = 0x3B;
            a[41] = 0x9A;
            a[42] = 0xCA;
            a[43] = 0x00;
            rows.push_back({"Announce ns = 1e9", a, PtpDecodeStatus::BAD_TIMESTAMP});
            auto r = delayResp;
            r[40] = 0x40;
            rows.push_back({"Delay_Resp ns >= 1e9", r, PtpDecodeStatus::BAD_TIMESTAMP});
        }
        {
            // A TLV area of 3 octets; a TLV whose lengthField overruns the message; a
            // Follow_Up information TLV of 26 octets.
            auto b = sync;
            b.insert(b.end(), {0x00, 0x03, 0x00});
            b[3] = static_cast<uint8_t>(b.size());
            rows.push_back({"3-octet TLV area", b, PtpDecodeStatus::BAD_TLV});
            b = sync;
            b.insert(b.end(), {0x00, 0x03, 0x00, 0x05, 0xAA, 0xBB});
            b[3] = static_cast<uint8_t>(b.size());
            rows.push_back({"TLV lengthField overrun", b, PtpDecodeStatus::BAD_TLV});
            b = sync;
            b.insert(b.end(), {0x00, 0x03, 0x00, 0x03, 0xAA, 0xBB, 0xCC});
            b[3] = static_cast<uint8_t>(b.size());
            rows.push_back({"odd TLV lengthField", b, PtpDecodeStatus::BAD_TLV});
            b = fu;
            b[47] = 26; // TLV lengthField (octets 46-47)
            b.resize(b.size() - 2);
            b[3] = static_cast<uint8_t>(b.size());
            rows.push_back({"short Follow_Up information TLV", b, PtpDecodeStatus::BAD_TLV});
        }
        PtpDecodeCounters counters;
        std::map<PtpDecodeStatus, uint64_t> expectedCounts;
        const PtpMessage sentinel = goldens[4].message;
        for (const auto& row : rows)
        {
            PtpMessage out = sentinel;
            // A copy of exactly the row's size, so that ASan sees any read past it.
            std::vector<uint8_t> exact(row.bytes);
            const PtpDecodeStatus s =
                counters.Decode(exact.empty() ? nullptr : exact.data(), exact.size(), out);
            NS_TEST_EXPECT_MSG_EQ(ToString(s), ToString(row.expected), row.what);
            NS_TEST_EXPECT_MSG_EQ((out == sentinel), true, row.what << ": output untouched");
            ++expectedCounts[row.expected];
        }
        for (const auto& [status, n] : expectedCounts)
        {
            NS_TEST_EXPECT_MSG_EQ(counters.GetCount(status), n, ToString(status));
        }
        NS_TEST_EXPECT_MSG_EQ(counters.GetRefused(), rows.size(), "every row refused");
        NS_TEST_EXPECT_MSG_EQ(counters.GetAccepted(), 0u, "none accepted");
        PtpMessage ok;
        counters.Decode(sync.data(), sync.size(), ok);
        NS_TEST_EXPECT_MSG_EQ(counters.GetAccepted(), 1u, "one accepted");
        counters.Reset();
        NS_TEST_EXPECT_MSG_EQ(counters.GetRefused() + counters.GetAccepted(), 0u, "reset");

        // Every prefix of every golden message is refused (truncated or too short).
        for (const auto& g : goldens)
        {
            for (size_t n = 0; n < g.bytes.size(); ++n)
            {
                std::vector<uint8_t> prefix(g.bytes.begin(), g.bytes.begin() + n);
                PtpMessage out;
                const PtpDecodeStatus s =
                    PtpMessage::Decode(prefix.empty() ? nullptr : prefix.data(), n, out);
                NS_TEST_EXPECT_MSG_EQ((s == PtpDecodeStatus::TRUNCATED),
                                      true,
                                      g.name << " cut to " << n << ": " << ToString(s));
            }
        }

        // Reserved octets are ignored on receipt and sent as zero.
        auto a = announce;
        a[46] = 0x5A; // Announce reserved octet
        PtpMessage out;
        NS_TEST_ASSERT_MSG_EQ(ToString(PtpMessage::Decode(a.data(), a.size(), out)),
                              "ok",
                              "reserved ignored");
        NS_TEST_EXPECT_MSG_EQ(ToHex(out.Encode()), ToHex(announce), "reserved sent as zero");
        auto p = goldens[4].bytes;
        p[50] = 0x77; // Pdelay_Req reserved
        NS_TEST_ASSERT_MSG_EQ(ToString(PtpMessage::Decode(p.data(), p.size(), out)),
                              "ok",
                              "Pdelay_Req reserved ignored");
        NS_TEST_EXPECT_MSG_EQ(ToHex(out.Encode()), ToHex(goldens[4].bytes), "sent as zero");

        // Up to 3 octets after messageLength (an Ethernet pad) are ignored, as linuxptp's
        // msg_post_recv ignores a remainder too short for a TLV; 4 are refused (rows above).
        for (size_t pad = 1; pad <= 3; ++pad)
        {
            for (const auto& g : goldens)
            {
                auto padded = g.bytes;
                padded.insert(padded.end(), pad, 0xEE);
                PtpMessage m;
                NS_TEST_EXPECT_MSG_EQ(ToString(PtpMessage::Decode(padded.data(), padded.size(), m)),
                                      "ok",
                                      g.name << " with " << pad << " pad octets");
                NS_TEST_EXPECT_MSG_EQ(ToHex(m.Encode()),
                                      ToHex(g.bytes),
                                      g.name << " with " << pad << " pad octets: the message");
            }
        }
    }
};

/** \brief PTP timestamps and correctionField against ns3::Time, exactly. */
class PtpTimeConversionTestCase : public TestCase
{
  public:
    PtpTimeConversionTestCase()
        : TestCase("timestamps and correctionField convert to and from Time exactly")
    {
    }

  private:
    void DoRun() override
    {
        std::mt19937_64 g(7);
        for (int i = 0; i < 100000; ++i)
        {
            const int64_t ns = static_cast<int64_t>(g() >> 1); // [0, 2^63)
            const Time t = NanoSeconds(ns);
            const PtpTimestamp ts = PtpTimestamp::FromTime(t);
            NS_TEST_ASSERT_MSG_EQ(ts.seconds, static_cast<uint64_t>(ns / 1000000000), "seconds");
            NS_TEST_ASSERT_MSG_EQ(ts.nanoseconds, static_cast<uint32_t>(ns % 1000000000), "ns");
            NS_TEST_ASSERT_MSG_EQ(ts.ToTime(), t, "back to Time");
            // correctionField: exact within +-2^47 ns.
            const int64_t c =
                static_cast<int64_t>(g() % (uint64_t{1} << 48)) - (int64_t{1} << 47) + 1;
            NS_TEST_ASSERT_MSG_EQ(ptp::TimeToScaledNs(NanoSeconds(c)), c * 65536, "scaled");
            NS_TEST_ASSERT_MSG_EQ(ptp::ScaledNsToTime(c * 65536), NanoSeconds(c), "unscaled");
        }
        PtpTimestamp out;
        NS_TEST_EXPECT_MSG_EQ(PtpTimestamp::TryFromTime(NanoSeconds(-1), out), false, "negative");
        Time t;
        NS_TEST_EXPECT_MSG_EQ(PtpTimestamp({PtpTimestamp::MAX_SECONDS, 0}).TryToTime(t),
                              false,
                              "2^48 s exceed Time");
        NS_TEST_EXPECT_MSG_EQ(PtpTimestamp({1, 1000000000}).IsValid(), false, "ns = 1e9");
        NS_TEST_EXPECT_MSG_EQ(PtpTimestamp({9223372036, 854775807}).TryToTime(t), true, "max");
        NS_TEST_EXPECT_MSG_EQ(t, Time::Max(), "the largest Time");
        NS_TEST_EXPECT_MSG_EQ(PtpTimestamp({9223372036, 854775808}).TryToTime(t), false, "max+1");
        // Saturation and rounding of the scaled form (half away from zero).
        NS_TEST_EXPECT_MSG_EQ(ptp::TimeToScaledNs(NanoSeconds(int64_t{1} << 47)),
                              ptp::SCALED_NS_SATURATED,
                              "saturated");
        NS_TEST_EXPECT_MSG_EQ(ptp::TimeToScaledNs(NanoSeconds(-(int64_t{1} << 47))),
                              -ptp::SCALED_NS_SATURATED,
                              "saturated negative");
        NS_TEST_EXPECT_MSG_EQ(ptp::ScaledNsToTime(32768), NanoSeconds(1), "0.5 ns rounds up");
        NS_TEST_EXPECT_MSG_EQ(ptp::ScaledNsToTime(32767), NanoSeconds(0), "below half");
        NS_TEST_EXPECT_MSG_EQ(ptp::ScaledNsToTime(-32768), NanoSeconds(-1), "-0.5 ns");
        NS_TEST_EXPECT_MSG_EQ(ptp::ScaledNsToNs(-98304), -1.5, "-1.5 ns");
    }
};

/** \brief The ns-3 Header wrapper in a Packet. */
class PtpHeaderTestCase : public TestCase
{
  public:
    PtpHeaderTestCase()
        : TestCase("PtpHeader: a message through a Packet; a malformed one is refused")
    {
    }

  private:
    void DoRun() override
    {
        for (const auto& g : GoldenMessages())
        {
            Ptr<Packet> p = Create<Packet>();
            p->AddHeader(PtpHeader(g.message));
            NS_TEST_EXPECT_MSG_EQ(p->GetSize(), g.bytes.size(), g.name);
            std::vector<uint8_t> raw(p->GetSize());
            p->CopyData(raw.data(), raw.size());
            NS_TEST_EXPECT_MSG_EQ(ToHex(raw), ToHex(g.bytes), g.name << " on the wire");
            PtpHeader h;
            NS_TEST_EXPECT_MSG_EQ(p->RemoveHeader(h), g.bytes.size(), g.name);
            NS_TEST_EXPECT_MSG_EQ((h.GetMessage() == g.message), true, g.name);
            NS_TEST_EXPECT_MSG_EQ(p->GetSize(), 0u, g.name << ": consumed");
        }
        auto bad = GoldenMessages()[0].bytes;
        bad[1] = 0x11;
        Ptr<Packet> p = Create<Packet>(bad.data(), bad.size());
        PtpHeader h;
        NS_TEST_EXPECT_MSG_EQ(p->RemoveHeader(h), 0u, "refused");
        NS_TEST_EXPECT_MSG_EQ(ToString(h.GetStatus()), "bad-version", "why");
        Ptr<Packet> shortPacket = Create<Packet>(bad.data(), 20);
        NS_TEST_EXPECT_MSG_EQ(shortPacket->RemoveHeader(h), 0u, "short");
        NS_TEST_EXPECT_MSG_EQ(ToString(h.GetStatus()), "truncated", "why");
    }
};

/**
 * \param path file to write
 * \param messages the messages, each in an Ethernet / IPv4 / UDP frame to port 319 or 320
 */
void
WritePcap(const std::string& path, const std::vector<Golden>& messages)
{
    std::vector<wiretest::UdpFrame> frames;
    for (const auto& g : messages)
    {
        const uint16_t port = PtpUdpPort(g.message.header.messageType);
        frames.push_back({Hex("01005E000181 001B19000001 0800"),
                          {10, 0, 0, 1},
                          {224, 0, 1, 129},
                          1,
                          port,
                          port,
                          g.bytes});
    }
    wiretest::WriteUdpPcap(path, frames);
}

/** \brief Wireshark's PTP dissector reads the golden messages without complaint. */
class PtpWiresharkTestCase : public TestCase
{
  public:
    PtpWiresharkTestCase()
        : TestCase("Wireshark (tshark, when installed) dissects every golden message cleanly")
    {
    }

  private:
    void DoRun() override
    {
        const auto goldens = GoldenMessages();
        char dir[] = "/tmp/chronometry-ptp-XXXXXX";
        NS_TEST_ASSERT_MSG_NE(mkdtemp(dir), nullptr, "temporary directory");
        const std::string pcap = std::string(dir) + "/ptp.pcap";
        WritePcap(pcap, goldens);
        std::ifstream check(pcap, std::ios::binary | std::ios::ate);
        size_t expected = 24;
        for (const auto& g : goldens)
        {
            expected += 16 + 14 + 20 + 8 + g.bytes.size();
        }
        NS_TEST_EXPECT_MSG_EQ(static_cast<size_t>(check.tellg()), expected, "pcap size");
        if (access("/usr/bin/tshark", X_OK) != 0)
        {
            std::cout << "tshark not installed (apt-get install tshark): Wireshark check skipped"
                      << std::endl;
            std::remove(pcap.c_str());
            rmdir(dir);
            return;
        }
        // Every frame is PTPv2 on its port, and none is malformed or carries a warning or an
        // error of the dissector.
        const std::string base = "/usr/bin/tshark -n -r " + pcap + " ";
        const std::string ptp = wiretest::RunCommand(
            base + "-Y ptp.v2.messagetype -T fields -e frame.number 2>/dev/null");
        NS_TEST_EXPECT_MSG_EQ(std::count(ptp.begin(), ptp.end(), '\n'),
                              static_cast<long>(goldens.size()),
                              "every frame dissected as PTPv2:\n"
                                  << ptp);
        const std::string bad = wiretest::TsharkProblems(pcap);
        NS_TEST_EXPECT_MSG_EQ(bad, "", "malformed or warned frames");
        const std::string types =
            wiretest::RunCommand(base + "-T fields -e ptp.v2.messagetype 2>/dev/null");
        std::ostringstream want;
        for (const auto& g : goldens)
        {
            want << "0x" << std::hex << std::setw(2) << std::setfill('0')
                 << unsigned(g.message.header.messageType) << "\n";
        }
        NS_TEST_EXPECT_MSG_EQ(types, want.str(), "message types as Wireshark reads them");
        std::remove(pcap.c_str());
        rmdir(dir);
    }
};

/** \brief The suite. */
class PtpMessageTestSuite : public TestSuite
{
  public:
    PtpMessageTestSuite()
        : TestSuite("chronometry-ptp-message", Type::UNIT)
    {
        AddTestCase(new PtpGoldenTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new PtpRoundTripTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new PtpRefusalTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new PtpTimeConversionTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new PtpHeaderTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new PtpWiresharkTestCase, chronometry::TestDuration::QUICK);
    }
};

PtpMessageTestSuite g_ptpMessageTestSuite; //!< instance

} // namespace
