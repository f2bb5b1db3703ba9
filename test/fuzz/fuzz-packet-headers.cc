/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// Fuzz harness: the fixed-layout packet headers of the MinRTT probes (RelationHeader) and of
// OneClock requests and replies (SchedulingHeader), read the way their applications read
// them (size check, header, validity flag). Properties: a header the application would
// accept re-serializes to exactly the bytes it came from, and deserializing that again gives
// the same fields; a rejected header is never acted on (the applications count and drop it),
// and nothing is read beyond the packet.
#include "fuzz-support.h"

#include "ns3/packet.h"
#include "ns3/relation-header.h"
#include "ns3/scheduling-header.h"

using namespace ns3;

namespace
{

std::vector<uint8_t>
Bytes(const Ptr<Packet>& p)
{
    std::vector<uint8_t> out(p->GetSize());
    p->CopyData(out.data(), out.size());
    return out;
}

template <typename H>
std::vector<uint8_t>
Encode(const H& h)
{
    Ptr<Packet> p = Create<Packet>();
    p->AddHeader(h);
    return Bytes(p);
}

void
Relation(const std::vector<uint8_t>& bytes)
{
    Ptr<Packet> p = Create<Packet>(bytes.data(), bytes.size());
    RelationHeader h;
    // As TscClientApplication and PipelineApplication read it.
    bool accepted = p->GetSize() >= h.GetSerializedSize() && p->RemoveHeader(h) != 0 && h.IsValid();
    if (!accepted)
    {
        return;
    }
    FUZZ_CHECK(h.kind >= RelationHeader::PROBE_REQUEST && h.kind < RelationHeader::KIND_END,
               "an accepted relation header has a known kind");
    std::vector<uint8_t> head(bytes.begin(), bytes.begin() + h.GetSerializedSize());
    FUZZ_CHECK(Encode(h) == head, "relation header re-serializes to its bytes");
    RelationHeader again;
    Ptr<Packet> q = Create<Packet>(head.data(), head.size());
    FUZZ_CHECK(q->RemoveHeader(again) == head.size() && again.IsValid(), "stable");
    FUZZ_CHECK(again.kind == h.kind && again.seq == h.seq && again.origin == h.origin &&
                   again.stamp[0] == h.stamp[0] && again.stamp[1] == h.stamp[1] &&
                   again.stamp[2] == h.stamp[2],
               "relation fields survive");
}

void
Scheduling(const std::vector<uint8_t>& bytes)
{
    Ptr<Packet> p = Create<Packet>(bytes.data(), bytes.size());
    SchedulingHeader h;
    // Deserialize must cope with any length on its own (not only behind the apps' size check).
    p->PeekHeader(h);
    if (bytes.size() < SchedulingHeader::SIZE)
    {
        FUZZ_CHECK(!h.IsWellFormed(), "a short scheduling header is malformed");
    }
    // As ScheduledOperationServer and ScheduledOperationClient read it.
    if (p->GetSize() != SchedulingHeader::SIZE || !h.IsWellFormed())
    {
        return;
    }
    FUZZ_CHECK(h.GetType() >= SchedulingHeader::SCHEDULE && h.GetType() <= SchedulingHeader::ERROR,
               "an accepted scheduling header has a known type");
    FUZZ_CHECK(Encode(h) == bytes, "scheduling header re-serializes to its bytes");
    SchedulingHeader again;
    Ptr<Packet> q = Create<Packet>(bytes.data(), bytes.size());
    q->PeekHeader(again);
    FUZZ_CHECK(again.IsWellFormed() && again.GetType() == h.GetType() &&
                   again.GetRequestId() == h.GetRequestId() && again.GetFlags() == h.GetFlags() &&
                   again.GetCode() == h.GetCode() && again.GetTime1() == h.GetTime1() &&
                   again.GetTime2() == h.GetTime2(),
               "scheduling fields survive");
}

} // namespace

extern "C" int
LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    FuzzedDataProvider in(data, size);
    bool scheduling = in.ConsumeBool();
    std::vector<uint8_t> bytes = in.ConsumeRemainingBytes<uint8_t>();
    if (scheduling)
    {
        Scheduling(bytes);
    }
    else
    {
        Relation(bytes);
    }
    return 0;
}
