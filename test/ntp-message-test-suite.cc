/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// NtpMessage: golden octets written by hand from RFC 5905's layout (section 7.3, Figure 8),
// round trips of random messages, every refusal with its reason and count, kiss-o'-death
// recognition, exact conversions between NTP timestamps / short format and ns3::Time, the
// ns-3 Header wrapper, and (when tshark is installed) a pcap of the golden messages in UDP
// port 123 that Wireshark's NTP dissector must read without a malformed packet or a
// warning.
#include "wire-test-util.h"

#include "ns3/chronometry-ns3-compat.h"
#include "ns3/ntp-header.h"
#include "ns3/ntp-message.h"
#include "ns3/ntp-on-wire.h"
#include "ns3/packet.h"
#include "ns3/test.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <random>
#include <sstream>
#include <string>
#include <unistd.h>
#include <vector>

using namespace ns3;

namespace
{

using wiretest::Hex;

/**
 * \param bytes octets
 * \return them in hex, one space between octets
 */
std::string
ToHex(const std::vector<uint8_t>& bytes)
{
    std::ostringstream os;
    for (size_t i = 0; i < bytes.size(); ++i)
    {
        os << (i ? " " : "") << std::hex << std::setw(2) << std::setfill('0') << unsigned(bytes[i]);
    }
    return os.str();
}

/** NTP seconds of 2024-01-01 00:00:00 UTC (Unix 1704067200 + 2208988800). */
constexpr uint32_t JAN_2024 = 3913056000U;

/** \brief A message and the octets RFC 5905's layout gives for it. */
struct Golden
{
    std::string name;           //!< what it is
    NtpMessage message;         //!< the message
    std::vector<uint8_t> bytes; //!< its octets, by hand
    NtpDecodeStatus status;     //!< what Decode says of them
};

/** \return golden examples of every accepted mode, a kiss-o'-death and a MAC */
std::vector<Golden>
GoldenMessages()
{
    std::vector<Golden> g;
    // Octet 0: LI (2 bits) | VN (3) | Mode (3); 1 stratum; 2 poll; 3 precision; 4-7 root
    // delay; 8-11 root dispersion; 12-15 refid; 16-23 reference; 24-31 origin; 32-39
    // receive; 40-47 transmit timestamp.
    {
        // An SNTP client request (RFC 4330 5): LI 3, VN 4, mode 3 -> 11 100 011 = 0xE3;
        // everything zero but the transmit timestamp, 2024-01-01 00:00:00.5.
        NtpMessage m;
        m.leap = NtpLeap::NOT_SYNC;
        m.mode = NtpMode::CLIENT;
        m.stratum = 0;
        m.poll = 0;
        m.precision = 0;
        m.transmitTimestamp = {JAN_2024, 0x80000000U};
        g.push_back({"client request",
                     m,
                     Hex("e3 00 00 00 | 00000000 | 00000000 | 00000000 | 0000000000000000 |"
                         "0000000000000000 | 0000000000000000 | e93c7f00 80000000"),
                     NtpDecodeStatus::OK});
    }
    {
        // The stratum-1 server's reply: LI 0, VN 4, mode 4 -> 00 100 100 = 0x24; poll 6,
        // precision -20 (0xEC); root delay 16 x 2^-16 s, root dispersion 32 x 2^-16 s; refid
        // "GPS\0"; reference 10 s earlier; origin = the request's transmit; receive 10 ms
        // after it (.51), transmit 20 us later (.51002).
        NtpMessage m;
        m.leap = NtpLeap::NO_WARNING;
        m.mode = NtpMode::SERVER;
        m.stratum = 1;
        m.poll = 6;
        m.precision = -20;
        m.rootDelay.raw = 0x10;
        m.rootDispersion.raw = 0x20;
        m.referenceId = NtpMessage::MakeReferenceId("GPS");
        m.referenceTimestamp = {JAN_2024 - 10, 0};
        m.originTimestamp = {JAN_2024, 0x80000000U};
        m.receiveTimestamp = {JAN_2024, 0x828f5c29U};
        m.transmitTimestamp = {JAN_2024, 0x8290abb4U};
        g.push_back({"server reply",
                     m,
                     Hex("24 01 06 ec | 00000010 | 00000020 | 47505300 | e93c7ef6 00000000 |"
                         "e93c7f00 80000000 | e93c7f00 828f5c29 | e93c7f00 8290abb4"),
                     NtpDecodeStatus::OK});
    }
    {
        // A kiss-o'-death: LI 3, VN 4, mode 4 -> 0xE4, stratum 0, refid "RATE".
        NtpMessage m;
        m.leap = NtpLeap::NOT_SYNC;
        m.mode = NtpMode::SERVER;
        m.stratum = 0;
        m.poll = 10;
        m.precision = -23;
        m.referenceId = NtpMessage::MakeReferenceId("RATE");
        m.originTimestamp = {JAN_2024, 0x80000000U};
        g.push_back({"kiss-o'-death RATE",
                     m,
                     Hex("e4 00 0a e9 | 00000000 | 00000000 | 52415445 | 0000000000000000 |"
                         "e93c7f00 80000000 | 0000000000000000 | 0000000000000000"),
                     NtpDecodeStatus::KISS_OF_DEATH});
    }
    {
        // Symmetric active, NTPv3, LI 1 -> 01 011 001 = 0x59; stratum 2 with an IPv4 refid
        // (192.0.2.1); root delay 1.5 s = 0x00018000; root dispersion 0.25 s = 0x00004000.
        NtpMessage m;
        m.leap = NtpLeap::LEAP_61;
        m.version = 3;
        m.mode = NtpMode::SYMMETRIC_ACTIVE;
        m.stratum = 2;
        m.poll = 4;
        m.precision = -6;
        m.rootDelay.raw = 0x00018000U;
        m.rootDispersion.raw = 0x00004000U;
        m.referenceId = 0xC0000201U;
        m.referenceTimestamp = {JAN_2024 - 64, 0x40000000U};
        m.transmitTimestamp = {JAN_2024 + 1, 0x00000001U};
        g.push_back({"symmetric active v3",
                     m,
                     Hex("59 02 04 fa | 00018000 | 00004000 | c0000201 | e93c7ec0 40000000 |"
                         "0000000000000000 | 0000000000000000 | e93c7f01 00000001"),
                     NtpDecodeStatus::OK});
    }
    {
        // Broadcast (mode 5), LI 2 -> 10 100 101 = 0xA5, stratum 3, with a symmetric-key MAC
        // after the header: key identifier 1 and a 16-octet digest (kept verbatim).
        NtpMessage m;
        m.leap = NtpLeap::LEAP_59;
        m.mode = NtpMode::BROADCAST;
        m.stratum = 3;
        m.poll = 6;
        m.precision = -18;
        m.rootDelay.raw = 0x00000a3dU;
        m.rootDispersion.raw = 0x00000147U;
        m.referenceId = 0x0A000001U;
        m.referenceTimestamp = {JAN_2024, 0};
        m.transmitTimestamp = {JAN_2024 + 2, 0x1f9add37U};
        m.trailer = Hex("00000001 00112233445566778899aabbccddeeff");
        g.push_back({"broadcast with MAC",
                     m,
                     Hex("a5 03 06 ee | 00000a3d | 00000147 | 0a000001 | e93c7f00 00000000 |"
                         "0000000000000000 | 0000000000000000 | e93c7f02 1f9add37 |"
                         "00000001 00112233445566778899aabbccddeeff"),
                     NtpDecodeStatus::OK});
    }
    return g;
}

/** \brief Golden octets: Encode writes them, Decode reads them back. */
class NtpGoldenTestCase : public TestCase
{
  public:
    NtpGoldenTestCase()
        : TestCase("NtpMessage: golden octets from RFC 5905's layout, both ways")
    {
    }

  private:
    void DoRun() override
    {
        for (const auto& g : GoldenMessages())
        {
            NS_TEST_EXPECT_MSG_EQ(ToHex(g.message.Encode()), ToHex(g.bytes), g.name);
            NS_TEST_EXPECT_MSG_EQ(g.message.GetEncodedSize(), g.bytes.size(), g.name);
            NtpMessage back;
            NS_TEST_EXPECT_MSG_EQ(
                ToString(NtpMessage::Decode(g.bytes.data(), g.bytes.size(), back)),
                ToString(g.status),
                g.name);
            NS_TEST_EXPECT_MSG_EQ((back == g.message), true, g.name << ": " << back.ToString());
        }
        const auto goldens = GoldenMessages();
        NS_TEST_EXPECT_MSG_EQ(goldens[1].message.GetKissCode(), "GPS", "stratum-1 clock name");
        NS_TEST_EXPECT_MSG_EQ(goldens[2].message.IsKissOfDeath(), true, "KoD");
        NS_TEST_EXPECT_MSG_EQ(goldens[2].message.GetKissCode(), "RATE", "kiss code");
        NS_TEST_EXPECT_MSG_EQ(goldens[0].message.IsKissOfDeath(),
                              false,
                              "stratum 0 in a client request is no kiss");
        NS_TEST_EXPECT_MSG_EQ(goldens[1].message.rootDelay.ToTime(),
                              NanoSeconds(244141),
                              "16 x 2^-16 s");
        NS_TEST_EXPECT_MSG_EQ(goldens[3].message.rootDelay.ToTime(), MilliSeconds(1500), "1.5 s");
        // The on-wire computation of the exchange: T1 .5, T2 .51, T3 .51002, T4 .53 ->
        // theta = (10 ms - 19.98 ms) / 2 = -4.99 ms, delta = 30 ms - 20 us = 29.98 ms,
        // epsilon = 2^-20 s (server) + 1 us (client) + 15 ppm x 30 ms.
        const NtpTimestamp t4{JAN_2024, 0x87ae147bU};
        const ntp::OnWireSample s = ntp::OnWire(goldens[1].message, t4, MicroSeconds(1));
        NS_TEST_EXPECT_MSG_EQ(s.offset, MicroSeconds(-4990), "theta");
        NS_TEST_EXPECT_MSG_EQ(s.delay, MicroSeconds(29980), "delta");
        NS_TEST_EXPECT_MSG_EQ(s.dispersion, NanoSeconds(954 + 1000 + 450), "epsilon");
    }
};

/** \brief Random well-formed messages round-trip; the encoding is canonical. */
class NtpRoundTripTestCase : public TestCase
{
  public:
    NtpRoundTripTestCase()
        : TestCase("NtpMessage: 20,000 random messages round-trip")
    {
    }

  private:
    void DoRun() override
    {
        std::mt19937_64 g(31);
        auto u = [&g](uint64_t n) { return g() % n; };
        for (int i = 0; i < 20000; ++i)
        {
            NtpMessage m;
            m.leap = static_cast<NtpLeap>(u(4));
            m.version = static_cast<uint8_t>(1 + u(4));
            m.mode = static_cast<NtpMode>(1 + u(5));
            m.stratum = static_cast<uint8_t>(u(17));
            m.poll = static_cast<int8_t>(u(256));
            m.precision = static_cast<int8_t>(u(256));
            m.rootDelay.raw = static_cast<uint32_t>(g());
            m.rootDispersion.raw = static_cast<uint32_t>(g());
            m.referenceId = static_cast<uint32_t>(g());
            m.referenceTimestamp = NtpTimestamp::FromRaw(g());
            m.originTimestamp = NtpTimestamp::FromRaw(g());
            m.receiveTimestamp = NtpTimestamp::FromRaw(g());
            m.transmitTimestamp = NtpTimestamp::FromRaw(g());
            m.trailer.resize(4 * u(20));
            for (auto& b : m.trailer)
            {
                b = static_cast<uint8_t>(g());
            }
            const std::vector<uint8_t> bytes = m.Encode();
            NS_TEST_ASSERT_MSG_EQ(bytes.size(), 48 + m.trailer.size(), "size");
            NtpMessage back;
            const NtpDecodeStatus st = NtpMessage::Decode(bytes.data(), bytes.size(), back);
            const NtpDecodeStatus want = m.stratum == 0 && m.mode != NtpMode::CLIENT
                                             ? NtpDecodeStatus::KISS_OF_DEATH
                                             : NtpDecodeStatus::OK;
            NS_TEST_ASSERT_MSG_EQ(ToString(st), ToString(want), m.ToString());
            NS_TEST_ASSERT_MSG_EQ((back == m), true, m.ToString());
            NS_TEST_ASSERT_MSG_EQ((back.Encode() == bytes), true, "canonical");
        }
    }
};

/** \brief Every refusal with its reason and count; a refused input leaves the output. */
class NtpRefusalTestCase : public TestCase
{
  public:
    NtpRefusalTestCase()
        : TestCase("NtpMessage: malformed input refused with a counted reason")
    {
    }

  private:
    void DoRun() override
    {
        const auto goldens = GoldenMessages();
        const std::vector<uint8_t> reply = goldens[1].bytes;
        NtpMessage sentinel;
        sentinel.stratum = 9;
        sentinel.referenceId = 0xDEADBEEF;
        NtpDecodeCounters counters;
        auto decode = [&](const std::vector<uint8_t>& bytes) {
            NtpMessage out = sentinel;
            const NtpDecodeStatus st =
                counters.Decode(bytes.empty() ? nullptr : bytes.data(), bytes.size(), out);
            if (!IsWellFormed(st))
            {
                NS_TEST_EXPECT_MSG_EQ((out == sentinel), true, "untouched on " << ToString(st));
            }
            return ToString(st);
        };
        // Every prefix of the header is truncated; 49 to 51 octets are not whole words.
        for (size_t n = 0; n < 48; ++n)
        {
            NS_TEST_EXPECT_MSG_EQ(decode({reply.begin(), reply.begin() + n}), "truncated", n);
        }
        for (size_t extra : {1, 2, 3, 5, 21})
        {
            std::vector<uint8_t> longer = reply;
            longer.resize(48 + extra, 0xAB);
            NS_TEST_EXPECT_MSG_EQ(decode(longer), "bad-length", extra);
        }
        for (uint8_t vn : {0, 5, 6, 7})
        {
            std::vector<uint8_t> b = reply;
            b[0] = static_cast<uint8_t>((b[0] & 0xC7) | (vn << 3));
            NS_TEST_EXPECT_MSG_EQ(decode(b), "bad-version", unsigned(vn));
        }
        for (uint8_t vn : {1, 2, 3, 4})
        {
            std::vector<uint8_t> b = reply;
            b[0] = static_cast<uint8_t>((b[0] & 0xC7) | (vn << 3));
            NS_TEST_EXPECT_MSG_EQ(decode(b), "ok", "version " << unsigned(vn) << " accepted");
        }
        for (uint8_t mode : {0, 6, 7})
        {
            std::vector<uint8_t> b = reply;
            b[0] = static_cast<uint8_t>((b[0] & 0xF8) | mode);
            NS_TEST_EXPECT_MSG_EQ(decode(b), "bad-mode", unsigned(mode));
        }
        for (int stratum : {17, 100, 255})
        {
            std::vector<uint8_t> b = reply;
            b[1] = static_cast<uint8_t>(stratum);
            NS_TEST_EXPECT_MSG_EQ(decode(b), "bad-stratum", stratum);
        }
        std::vector<uint8_t> unsync = reply;
        unsync[1] = 16; // unsynchronized, well-formed
        NS_TEST_EXPECT_MSG_EQ(decode(unsync), "ok", "stratum 16");
        // Stratum 0 is a kiss-o'-death in every mode but client.
        for (uint8_t mode : {1, 2, 4, 5})
        {
            std::vector<uint8_t> b = reply;
            b[0] = static_cast<uint8_t>((b[0] & 0xF8) | mode);
            b[1] = 0;
            NS_TEST_EXPECT_MSG_EQ(decode(b), "kiss-o'-death", unsigned(mode));
        }
        NS_TEST_EXPECT_MSG_EQ(decode(goldens[0].bytes), "ok", "client request, stratum 0");
        NS_TEST_EXPECT_MSG_EQ(counters.GetCount(NtpDecodeStatus::TRUNCATED), 48u, "truncated");
        NS_TEST_EXPECT_MSG_EQ(counters.GetCount(NtpDecodeStatus::BAD_LENGTH), 5u, "length");
        NS_TEST_EXPECT_MSG_EQ(counters.GetCount(NtpDecodeStatus::BAD_VERSION), 4u, "version");
        NS_TEST_EXPECT_MSG_EQ(counters.GetCount(NtpDecodeStatus::BAD_MODE), 3u, "mode");
        NS_TEST_EXPECT_MSG_EQ(counters.GetCount(NtpDecodeStatus::BAD_STRATUM), 3u, "stratum");
        NS_TEST_EXPECT_MSG_EQ(counters.GetCount(NtpDecodeStatus::KISS_OF_DEATH), 4u, "KoD");
        NS_TEST_EXPECT_MSG_EQ(counters.GetAccepted(), 6u, "accepted");
        NS_TEST_EXPECT_MSG_EQ(counters.GetRefused(), 63u, "refused");
        counters.Reset();
        NS_TEST_EXPECT_MSG_EQ(counters.GetRefused() + counters.GetAccepted(), 0u, "reset");
    }
};

/** \brief Time conversions of the timestamp and short formats, and the exponents. */
class NtpTimeConversionTestCase : public TestCase
{
  public:
    NtpTimeConversionTestCase()
        : TestCase("NTP timestamps and short format: exact conversions to and from Time")
    {
    }

  private:
    void DoRun() override
    {
        // Time -> NtpTimestamp -> Time is the identity over era 0 (at 1 ns resolution); the
        // fraction is the nearest 2^-32 s.
        std::mt19937_64 g(5);
        const uint64_t eraNs = (uint64_t{1} << 32) * 1000000000ULL;
        for (int i = 0; i < 200000; ++i)
        {
            const auto ns = static_cast<int64_t>(g() % eraNs);
            const NtpTimestamp ts = NtpTimestamp::FromTime(NanoSeconds(ns));
            NS_TEST_ASSERT_MSG_EQ(ts.ToTime(), NanoSeconds(ns), "round trip " << ns);
            NS_TEST_ASSERT_MSG_EQ(ts.seconds, static_cast<uint32_t>(ns / 1000000000), "seconds");
            const long double exact =
                static_cast<long double>(ns % 1000000000) * 4294967296.0L / 1e9L;
            NS_TEST_ASSERT_MSG_LT(std::fabs(static_cast<double>(exact - ts.fraction)),
                                  0.5 + 1e-6,
                                  "nearest fraction");
            // Differences between two timestamps less than 68 years apart are the Times'
            // difference, within the two roundings to 2^-32 s (1 ns after rounding to ns).
            const int64_t delta =
                static_cast<int64_t>(g() % (uint64_t{1} << 61)) - (int64_t{1} << 60);
            int64_t ns2 = ns + delta;
            if (ns2 < 0 || ns2 >= static_cast<int64_t>(eraNs))
            {
                ns2 = ns - delta;
            }
            const Time d = NtpTimestamp::Difference(NtpTimestamp::FromTime(NanoSeconds(ns2)), ts);
            NS_TEST_ASSERT_MSG_EQ((Abs(d - NanoSeconds(ns2 - ns)) <= NanoSeconds(1)),
                                  true,
                                  "difference " << d << " of " << ns2 << " - " << ns);
        }
        NS_TEST_EXPECT_MSG_EQ(NtpTimestamp::FromTime(MilliSeconds(500)).fraction,
                              0x80000000U,
                              "0.5 s");
        NS_TEST_EXPECT_MSG_EQ(NtpTimestamp::FromTime(NanoSeconds(1)).fraction, 4u, "1 ns");
        NS_TEST_EXPECT_MSG_EQ(NtpTimestamp({0, 1}).ToTime(), Time(0), "2^-32 s rounds to 0");
        NS_TEST_EXPECT_MSG_EQ(NtpTimestamp({0, 3}).ToTime(), NanoSeconds(1), "3 x 2^-32 s");
        NS_TEST_EXPECT_MSG_EQ(NtpTimestamp({7, 0xFFFFFFFFU}).ToTime(), Seconds(8), "carry");
        NtpTimestamp out{1, 2};
        NS_TEST_EXPECT_MSG_EQ(NtpTimestamp::TryFromTime(NanoSeconds(-1), out), false, "< 0");
        NS_TEST_EXPECT_MSG_EQ(NtpTimestamp::TryFromTime(Seconds(4294967296.0), out),
                              false,
                              "2^32 s is era 1");
        NS_TEST_EXPECT_MSG_EQ((out == NtpTimestamp{1, 2}), true, "untouched");
        NS_TEST_EXPECT_MSG_EQ(NtpTimestamp::FromTime(NanoSeconds(4294967295999999999LL)).seconds,
                              0xFFFFFFFFU,
                              "the era's last nanosecond");
        // Across the era boundary (2036): the difference is still right (RFC 5905 section 6).
        const NtpTimestamp before{0xFFFFFFFFU, 0x80000000U}; // 0.5 s before the wrap
        const NtpTimestamp after{0x00000001U, 0x00000000U};  // 1 s after it
        NS_TEST_EXPECT_MSG_EQ(NtpTimestamp::Difference(after, before), MilliSeconds(1500), "+");
        NS_TEST_EXPECT_MSG_EQ(NtpTimestamp::Difference(before, after), MilliSeconds(-1500), "-");
        NS_TEST_EXPECT_MSG_EQ(NtpTimestamp({JAN_2024, 0x80000000U}).ToString(),
                              "3913056000.5000000000",
                              "text");
        // Short format: NtpShort -> Time -> NtpShort is the identity.
        for (uint32_t raw : {0U, 1U, 2U, 0x8000U, 0x00018000U, 0x12345678U, 0xFFFFFFFFU})
        {
            NS_TEST_EXPECT_MSG_EQ(NtpShort::FromTime(NtpShort{raw}.ToTime()).raw, raw, raw);
            NS_TEST_EXPECT_MSG_EQ(NtpShort{raw}.ToSeconds(), raw / 65536.0, raw);
        }
        NS_TEST_EXPECT_MSG_EQ(NtpShort::FromTime(MilliSeconds(1500)).raw, 0x00018000U, "1.5 s");
        NS_TEST_EXPECT_MSG_EQ(NtpShort::FromTime(NanoSeconds(7629)).raw, 0u, "below half");
        NS_TEST_EXPECT_MSG_EQ(NtpShort::FromTime(NanoSeconds(7630)).raw, 1u, "above half");
        NS_TEST_EXPECT_MSG_EQ(NtpShort{1}.ToTime(), NanoSeconds(15259), "2^-16 s");
        NS_TEST_EXPECT_MSG_EQ(NtpShort::FromTime(Seconds(70000)).raw, 0xFFFFFFFFU, "saturated");
        NS_TEST_EXPECT_MSG_EQ(NtpShort::FromTime(Seconds(-1)).raw, 0u, "no negative");
        // Exponents.
        NS_TEST_EXPECT_MSG_EQ(ntp::Log2ToTime(-20), NanoSeconds(954), "2^-20 s");
        NS_TEST_EXPECT_MSG_EQ(ntp::Log2ToTime(6), Seconds(64), "2^6 s");
        NS_TEST_EXPECT_MSG_EQ(int(ntp::TimeToLog2(NanoSeconds(954))), -20, "2^-20 s");
        NS_TEST_EXPECT_MSG_EQ(int(ntp::TimeToLog2(MicroSeconds(1))), -19, "1 us needs 2^-19");
        NS_TEST_EXPECT_MSG_EQ(int(ntp::TimeToLog2(Seconds(64))), 6, "64 s");
        NS_TEST_EXPECT_MSG_EQ(int(ntp::TimeToLog2(Seconds(65))), 7, "65 s");
        NS_TEST_EXPECT_MSG_EQ(int(ntp::TimeToLog2(Time(0))), -60, "0");
    }
};

/** \brief The ns-3 Header wrapper in a Packet. */
class NtpHeaderTestCase : public TestCase
{
  public:
    NtpHeaderTestCase()
        : TestCase("NtpHeader: a message through a Packet; a malformed one is refused")
    {
    }

  private:
    void DoRun() override
    {
        for (const auto& g : GoldenMessages())
        {
            Ptr<Packet> p = Create<Packet>();
            p->AddHeader(NtpHeader(g.message));
            NS_TEST_EXPECT_MSG_EQ(p->GetSize(), g.bytes.size(), g.name);
            std::vector<uint8_t> raw(p->GetSize());
            p->CopyData(raw.data(), raw.size());
            NS_TEST_EXPECT_MSG_EQ(ToHex(raw), ToHex(g.bytes), g.name << " on the wire");
            NtpHeader h;
            NS_TEST_EXPECT_MSG_EQ(p->RemoveHeader(h), g.bytes.size(), g.name);
            NS_TEST_EXPECT_MSG_EQ((h.GetMessage() == g.message), true, g.name);
            NS_TEST_EXPECT_MSG_EQ(ToString(h.GetStatus()), ToString(g.status), g.name);
            NS_TEST_EXPECT_MSG_EQ(p->GetSize(), 0u, g.name << ": consumed");
        }
        auto bad = GoldenMessages()[1].bytes;
        bad[0] = static_cast<uint8_t>((bad[0] & 0xC7) | (6 << 3));
        Ptr<Packet> p = Create<Packet>(bad.data(), bad.size());
        NtpHeader h;
        NS_TEST_EXPECT_MSG_EQ(p->RemoveHeader(h), 0u, "refused");
        NS_TEST_EXPECT_MSG_EQ(ToString(h.GetStatus()), "bad-version", "why");
        Ptr<Packet> shortPacket = Create<Packet>(bad.data(), 20);
        NS_TEST_EXPECT_MSG_EQ(shortPacket->RemoveHeader(h), 0u, "short");
        NS_TEST_EXPECT_MSG_EQ(ToString(h.GetStatus()), "truncated", "why");
    }
};

/**
 * \param path file to write
 * \param messages the messages, each in an Ethernet / IPv4 / UDP frame from and to port 123
 */
void
WritePcap(const std::string& path, const std::vector<Golden>& messages)
{
    std::vector<wiretest::UdpFrame> frames;
    for (const auto& g : messages)
    {
        frames.push_back({Hex("00000000000b 00000000000a 0800"),
                          {10, 0, 0, 1},
                          {10, 0, 0, 2},
                          64,
                          123,
                          123,
                          g.bytes});
    }
    wiretest::WriteUdpPcap(path, frames);
}

/** \brief Wireshark's NTP dissector reads the golden messages without complaint. */
class NtpWiresharkTestCase : public TestCase
{
  public:
    NtpWiresharkTestCase()
        : TestCase("Wireshark (tshark, when installed) dissects every golden message cleanly")
    {
    }

  private:
    void DoRun() override
    {
        const auto goldens = GoldenMessages();
        char dir[] = "/tmp/chronometry-ntp-XXXXXX";
        NS_TEST_ASSERT_MSG_NE(mkdtemp(dir), nullptr, "temporary directory");
        const std::string pcap = std::string(dir) + "/ntp.pcap";
        WritePcap(pcap, goldens);
        if (access("/usr/bin/tshark", X_OK) != 0)
        {
            std::cout << "tshark not installed (apt-get install tshark): Wireshark check skipped"
                      << std::endl;
            std::remove(pcap.c_str());
            rmdir(dir);
            return;
        }
        const std::string base = "/usr/bin/tshark -n -r " + pcap + " ";
        const std::string ntp =
            wiretest::RunCommand(base + "-Y ntp -T fields -e frame.number 2>/dev/null");
        NS_TEST_EXPECT_MSG_EQ(std::count(ntp.begin(), ntp.end(), '\n'),
                              static_cast<long>(goldens.size()),
                              "every frame dissected as NTP:\n"
                                  << ntp);
        const std::string bad = wiretest::TsharkProblems(pcap);
        NS_TEST_EXPECT_MSG_EQ(bad, "", "malformed or warned frames");
        const std::string fields = wiretest::RunCommand(
            base + "-T fields -E separator=, -e ntp.flags.mode -e ntp.flags.vn "
                   "-e ntp.stratum 2>/dev/null");
        std::ostringstream want;
        for (const auto& g : goldens)
        {
            want << unsigned(static_cast<uint8_t>(g.message.mode)) << ","
                 << unsigned(g.message.version) << "," << unsigned(g.message.stratum) << "\n";
        }
        NS_TEST_EXPECT_MSG_EQ(fields, want.str(), "mode, version, stratum as Wireshark reads them");
        std::remove(pcap.c_str());
        rmdir(dir);
    }
};

/** \brief The suite. */
class NtpMessageTestSuite : public TestSuite
{
  public:
    NtpMessageTestSuite()
        : TestSuite("chronometry-ntp-message", Type::UNIT)
    {
        AddTestCase(new NtpGoldenTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new NtpRoundTripTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new NtpRefusalTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new NtpTimeConversionTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new NtpHeaderTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new NtpWiresharkTestCase, chronometry::TestDuration::QUICK);
    }
};

NtpMessageTestSuite g_ntpMessageTestSuite; //!< instance

} // namespace
