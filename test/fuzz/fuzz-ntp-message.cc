/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// Fuzz harness: the NTP codec (NtpMessage, NtpHeader) and the arithmetic that reads decoded
// timestamps, on arbitrary bytes. Properties:
//  * Decode never crashes or reads past the buffer (ASan); a refused input leaves the output
//    untouched; a well-formed one (OK or KISS_OF_DEATH) re-encodes to exactly the input (the
//    encoding is canonical: every field, the extension fields and MAC included, round-trips);
//  * KISS_OF_DEATH exactly when the stratum is 0 outside client mode;
//  * NtpHeader::Deserialize in a Packet agrees with Decode;
//  * the timestamps' conversions are free of undefined behaviour (UBSan) and consistent:
//    NtpTimestamp -> Time -> NtpTimestamp within 3 units of 2^-32 s, NtpShort -> Time ->
//    NtpShort exact, Difference antisymmetric;
//  * the on-wire computation and the SNTP client accept any decoded reply without undefined
//    behaviour, and the SNTP client refuses a reply that is not a server's.
#include "fuzz-support.h"

#include "ns3/ntp-header.h"
#include "ns3/ntp-message.h"
#include "ns3/ntp-on-wire.h"
#include "ns3/packet.h"
#include "ns3/sntp-client.h"

#include <limits>

using namespace ns3;

extern "C" int
LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    // An exact-size copy: ASan reports any read past the input.
    const std::vector<uint8_t> bytes(data, data + size);
    NtpMessage sentinel;
    sentinel.stratum = 7;
    sentinel.referenceId = 0x5EE7;
    NtpMessage m = sentinel;
    const NtpDecodeStatus status =
        NtpMessage::Decode(bytes.empty() ? nullptr : bytes.data(), bytes.size(), m);
    if (IsWellFormed(status))
    {
        FUZZ_CHECK(m.Encode() == bytes, "a well-formed message re-encodes exactly");
        FUZZ_CHECK((status == NtpDecodeStatus::KISS_OF_DEATH) ==
                       (m.stratum == 0 && m.mode != NtpMode::CLIENT),
                   "kiss-o'-death exactly at stratum 0 outside client mode");
        FUZZ_CHECK(m.version >= 1 && m.version <= 4 && m.stratum <= ntp::MAXSTRAT,
                   "accepted fields are in range");
        (void)m.ToString();
        (void)m.GetKissCode();
        for (const NtpTimestamp& ts :
             {m.referenceTimestamp, m.originTimestamp, m.receiveTimestamp, m.transmitTimestamp})
        {
            const Time t = ts.ToTime();
            NtpTimestamp back;
            if (NtpTimestamp::TryFromTime(t, back))
            {
                const auto diff = static_cast<int64_t>(back.ToRaw() - ts.ToRaw());
                FUZZ_CHECK(diff >= -3 && diff <= 3, "timestamp -> Time -> timestamp");
            }
            const Time d = NtpTimestamp::Difference(ts, m.originTimestamp);
            const Time e = NtpTimestamp::Difference(m.originTimestamp, ts);
            if (static_cast<int64_t>(ts.ToRaw() - m.originTimestamp.ToRaw()) !=
                std::numeric_limits<int64_t>::min())
            {
                FUZZ_CHECK(d + e == Time(0), "Difference is antisymmetric");
            }
        }
        for (const NtpShort& s : {m.rootDelay, m.rootDispersion})
        {
            FUZZ_CHECK(NtpShort::FromTime(s.ToTime()) == s, "short -> Time -> short");
        }
        // The on-wire computation with the reference timestamp as T4.
        const ntp::OnWireSample w = ntp::OnWire(m, m.referenceTimestamp, NanoSeconds(954));
        FUZZ_CHECK(w.delay >= NanoSeconds(954), "delay clamped to the precision");
        FUZZ_CHECK(!w.dispersion.IsStrictlyNegative(), "dispersion not negative");
        // The SNTP client, with a request whose transmit timestamp the reply echoes.
        Ptr<SntpClient> sntp = CreateObject<SntpClient>();
        Time t1 = m.originTimestamp.ToTime();
        NtpTimestamp echo;
        if (NtpTimestamp::TryFromTime(t1, echo) && echo == m.originTimestamp)
        {
            sntp->MakeRequest(t1);
            const SntpResult r = sntp->ProcessReply(
                m,
                m.receiveTimestamp.ToTime() > Seconds(4294967295.0) ? t1
                                                                    : m.receiveTimestamp.ToTime());
            FUZZ_CHECK(m.mode == NtpMode::SERVER || r.status != SntpStatus::OK,
                       "SNTP takes only a server's reply");
            FUZZ_CHECK(r.status != SntpStatus::OK || (r.action.step && r.action.stepBy == r.offset),
                       "an accepted reply is a step by its offset");
        }
    }
    else
    {
        FUZZ_CHECK(m == sentinel, "a refused input leaves the output untouched");
    }
    // The Header wrapper agrees with Decode on the same octets.
    Ptr<Packet> packet = Create<Packet>(bytes.empty() ? nullptr : bytes.data(), size);
    NtpHeader header;
    const uint32_t read = packet->RemoveHeader(header);
    FUZZ_CHECK(header.GetStatus() == status, "NtpHeader reports Decode's status");
    if (IsWellFormed(status))
    {
        FUZZ_CHECK(read == size && header.GetMessage() == m, "NtpHeader reads what Decode reads");
    }
    else
    {
        FUZZ_CHECK(read == 0, "NtpHeader refuses what Decode refuses");
    }
    return 0;
}
