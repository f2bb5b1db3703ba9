/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// Fuzz harness: the PTP codec (PtpMessage) and the BMCA's data set comparison on arbitrary
// bytes. Properties:
//  * Decode never crashes or reads past the buffer (ASan); a refused input leaves the output
//    untouched;
//  * an accepted message re-encodes to the same octets (its messageLength of them: up to 3
//    octets beyond are ignored), except the reserved octets of the
//    standard's layout (Announce octet 46, Pdelay_Req octets 44-53), which are sent as zero;
//    decoding that encoding gives the same message again (the encoding is canonical);
//  * PtpHeader::Deserialize in a Packet agrees with Decode;
//  * the accepted message's conversions (timestamp to Time, correctionField to Time,
//    Follow_Up information) are free of undefined behaviour (UBSan);
//  * CompareDataSets(a, b) is the mirror image of CompareDataSets(b, a).
#include "fuzz-support.h"

#include "ns3/packet.h"
#include "ns3/ptp-bmca.h"
#include "ns3/ptp-header.h"
#include "ns3/ptp-message.h"

using namespace ns3;

namespace
{

/**
 * \param type a message type
 * \param i an octet offset
 * \return whether the standard's layout reserves that octet (sent as zero, ignored on receipt)
 */
bool
Reserved(PtpMessageType type, size_t i)
{
    switch (type)
    {
    case PtpMessageType::ANNOUNCE:
        return i == 46;
    case PtpMessageType::PDELAY_REQ:
        return i >= 44 && i < 54;
    default:
        return false;
    }
}

/**
 * \param in the input
 * \return a data set whose fields are drawn from few values (so that ties are common)
 */
BmcaDataSet
DrawDataSet(FuzzedDataProvider& in)
{
    BmcaDataSet d;
    d.grandmasterIdentity = in.ConsumeIntegralInRange<uint64_t>(0, 3);
    d.priority1 = in.ConsumeIntegralInRange<uint8_t>(127, 129);
    d.clockQuality.clockClass = in.ConsumeIntegralInRange<uint8_t>(6, 8);
    d.clockQuality.clockAccuracy = in.ConsumeIntegralInRange<uint8_t>(0x20, 0x22);
    d.clockQuality.offsetScaledLogVariance = in.ConsumeIntegralInRange<uint16_t>(0, 2);
    d.priority2 = in.ConsumeIntegralInRange<uint8_t>(127, 129);
    d.stepsRemoved = in.ConsumeBool() ? in.ConsumeIntegralInRange<uint16_t>(0, 4)
                                      : in.ConsumeIntegral<uint16_t>();
    d.sender = {in.ConsumeIntegralInRange<uint64_t>(0, 3),
                in.ConsumeIntegralInRange<uint16_t>(0, 2)};
    d.receiver = {in.ConsumeIntegralInRange<uint64_t>(0, 3),
                  in.ConsumeIntegralInRange<uint16_t>(0, 2)};
    return d;
}

} // namespace

extern "C" int
LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    // An exact-size copy: ASan reports any read past the input.
    const std::vector<uint8_t> bytes(data, data + size);
    PtpMessage sentinel = PtpMessage::Create(PtpMessageType::PDELAY_RESP);
    sentinel.header.sequenceId = 4242;
    PtpMessage m = sentinel;
    const PtpDecodeStatus status =
        PtpMessage::Decode(bytes.empty() ? nullptr : bytes.data(), bytes.size(), m);
    if (status == PtpDecodeStatus::OK)
    {
        const std::vector<uint8_t> again = m.Encode();
        // Up to 3 octets beyond messageLength are ignored (linuxptp's msg_post_recv).
        FUZZ_CHECK(again.size() <= size && size - again.size() < 4,
                   "accepted message re-encodes to its messageLength");
        for (size_t i = 0; i < again.size(); ++i)
        {
            const bool reserved = Reserved(m.header.messageType, i);
            FUZZ_CHECK(reserved ? again[i] == 0 : again[i] == bytes[i],
                       "re-encoded octets equal the input except reserved ones, sent as zero");
        }
        PtpMessage twice;
        FUZZ_CHECK(PtpMessage::Decode(again.data(), again.size(), twice) == PtpDecodeStatus::OK &&
                       twice == m && twice.Encode() == again,
                   "the encoding is canonical");
        FUZZ_CHECK(size >= PtpMessage::FixedSize(m.header.messageType), "fixed body present");
        FUZZ_CHECK(m.timestamp.IsValid(), "accepted timestamps are valid");
        Time t;
        if (m.timestamp.TryToTime(t))
        {
            FUZZ_CHECK(PtpTimestamp::FromTime(t) == m.timestamp, "timestamp <-> Time exact");
        }
        const Time correction = ptp::ScaledNsToTime(m.header.correctionField);
        (void)correction;
        (void)m.GetFollowUpInformation();
        (void)m.ToString();
    }
    else
    {
        FUZZ_CHECK(m == sentinel, "a refused input leaves the output untouched");
    }
    // The Header wrapper agrees with Decode on the same octets.
    Ptr<Packet> packet = Create<Packet>(bytes.empty() ? nullptr : bytes.data(), size);
    PtpHeader header;
    const uint32_t read = packet->RemoveHeader(header);
    if (status == PtpDecodeStatus::OK)
    {
        FUZZ_CHECK(read == m.GetEncodedSize() && header.GetMessage() == m,
                   "PtpHeader reads what Decode reads");
    }
    else if (read != 0)
    {
        // Decode refused only the trailing octets beyond messageLength: the header reads
        // the message and leaves them in the packet.
        FUZZ_CHECK(status == PtpDecodeStatus::TRAILING_BYTES && read < size,
                   "PtpHeader refuses what Decode refuses");
    }
    // The data set comparison is antisymmetric.
    FuzzedDataProvider in(data, size);
    const BmcaDataSet a = DrawDataSet(in);
    const BmcaDataSet b = DrawDataSet(in);
    FUZZ_CHECK(CompareDataSets(b, a) == MirrorComparison(CompareDataSets(a, b)),
               "CompareDataSets(b, a) mirrors CompareDataSets(a, b)");
    FUZZ_CHECK(!(a == b) || CompareDataSets(a, b) == BmcaComparison::ERROR_2 ||
                   CompareDataSets(a, b) == BmcaComparison::ERROR_1,
               "a data set compared with itself is an error case");
    return 0;
}
