/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// Fuzz harness: a packet's whole causality stamp (every enabled clock) and the
// on-wire CausalityHeader that carries it (see fuzz-support.h).
#include "fuzz-support.h"

#include "ns3/causality-header.h"
#include "ns3/packet.h"

using namespace ns3;

namespace
{

/** Stamps compared through their canonical encodings (each clock's is canonical). */
std::vector<uint8_t>
Bytes(const CausalStamp& s)
{
    return s.Encode();
}

void
CheckHeader(const std::vector<uint8_t>& bytes)
{
    Ptr<Packet> packet = Create<Packet>(bytes.data(), bytes.size());
    bool present = false;
    bool complete = CausalityHeader::Probe(packet, present);
    FUZZ_CHECK(!complete || present, "a complete header has the magic number");
    if (!complete)
    {
        return;
    }
    CausalityHeader h;
    uint32_t read = packet->RemoveHeader(h);
    FUZZ_CHECK(read == h.GetSerializedSize() && read <= bytes.size(), "header size consistent");
    Ptr<Packet> rebuilt = Create<Packet>();
    rebuilt->AddHeader(h);
    std::vector<uint8_t> out(rebuilt->GetSize());
    rebuilt->CopyData(out.data(), out.size());
    FUZZ_CHECK(std::equal(out.begin(), out.end(), bytes.begin()), "header re-serializes exactly");
}

} // namespace

extern "C" int
LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    FuzzedDataProvider in(data, size);
    uint8_t mode = in.ConsumeIntegralInRange<uint8_t>(0, 2);
    if (mode == 0)
    {
        CausalityConfig config;
        uint64_t id = 1;
        for (const CausalEvent& e : chronometry_fuzz::DrawExecution(in, config))
        {
            std::vector<uint8_t> wire = e.stamp.Encode();
            CausalStamp back(config.n, 0);
            FUZZ_CHECK(CausalStamp::Decode(wire, config, back), "stamp round trip");
            FUZZ_CHECK(Bytes(back) == wire, "every clock of the stamp survives");
            FUZZ_CHECK(VectorClock::Compare(back.vector, e.stamp.vector) == CausalOrder::EQUAL,
                       "vector part equal");
            if (wire.size() > 65535)
            {
                continue;
            }
            CausalityHeader h;
            h.SetMessageId(id++);
            h.SetSource(e.process);
            h.SetStamp(wire);
            Ptr<Packet> p = Create<Packet>(16);
            p->AddHeader(h);
            CausalityHeader r;
            p->RemoveHeader(r);
            FUZZ_CHECK(r.GetStamp() == wire && r.GetMessageId() == id - 1 &&
                           r.GetSource() == e.process && p->GetSize() == 16,
                       "header round trip");
        }
        return 0;
    }
    if (mode == 1)
    {
        CausalityConfig config = chronometry_fuzz::DrawConfig(in);
        chronometry_fuzz::CheckArbitraryBytes(
            in.ConsumeRemainingBytes<uint8_t>(),
            [&config](const std::vector<uint8_t>& b, CausalStamp& o) {
                return CausalStamp::Decode(b, config, o);
            },
            Bytes,
            CausalStamp(config.n, 0));
        return 0;
    }
    CheckHeader(in.ConsumeRemainingBytes<uint8_t>());
    return 0;
}
