/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// Fuzz harness: Lamport, vector and HLC timestamp decoding (the first input
// byte picks the clock and the mode; see fuzz-support.h for the properties).
#include "fuzz-support.h"

using namespace ns3;
using chronometry_fuzz::CheckArbitraryBytes;

namespace
{

void
ArbitraryBytes(uint8_t clock, FuzzedDataProvider& in)
{
    uint32_t n = in.ConsumeIntegralInRange<uint32_t>(1, 130);
    std::vector<uint8_t> bytes = in.ConsumeRemainingBytes<uint8_t>();
    switch (clock % 3)
    {
    case 0:
        CheckArbitraryBytes(
            bytes,
            [](const std::vector<uint8_t>& b, LamportClock& o) { return LamportClock::Decode(b, o); },
            [](const LamportClock& c) { return c.Encode(); },
            LamportClock());
        break;
    case 1:
        CheckArbitraryBytes(
            bytes,
            [n](const std::vector<uint8_t>& b, VectorClock& o) {
                return VectorClock::Decode(b, n, o);
            },
            [](const VectorClock& c) { return c.Encode(); },
            VectorClock(n, n - 1));
        break;
    default:
        CheckArbitraryBytes(
            bytes,
            [](const std::vector<uint8_t>& b, HybridLogicalClock& o) {
                return HybridLogicalClock::Decode(b, o);
            },
            [](const HybridLogicalClock& c) { return c.Encode(); },
            HybridLogicalClock());
        break;
    }
}

void
ValidStamps(FuzzedDataProvider& in)
{
    CausalityConfig config;
    for (const CausalEvent& e : chronometry_fuzz::DrawExecution(in, config))
    {
        LamportClock l;
        FUZZ_CHECK(LamportClock::Decode(e.stamp.lamport.Encode(), l), "Lamport round trip");
        FUZZ_CHECK(l.GetValue() == e.stamp.lamport.GetValue(), "Lamport value survives");
        VectorClock v(config.n, 0);
        FUZZ_CHECK(VectorClock::Decode(e.stamp.vector.Encode(), config.n, v), "vector round trip");
        FUZZ_CHECK(v.GetEntries() == e.stamp.vector.GetEntries() &&
                       v.GetSelf() == e.stamp.vector.GetSelf(),
                   "vector entries survive");
        if (e.stamp.hlc)
        {
            HybridLogicalClock h;
            FUZZ_CHECK(HybridLogicalClock::Decode(e.stamp.hlc->Encode(), h), "HLC round trip");
            FUZZ_CHECK(h.GetL() == e.stamp.hlc->GetL() && h.GetC() == e.stamp.hlc->GetC(),
                       "HLC l and c survive");
        }
    }
}

} // namespace

extern "C" int
LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    FuzzedDataProvider in(data, size);
    uint8_t selector = in.ConsumeIntegral<uint8_t>();
    if (selector & 0x80)
    {
        ValidStamps(in);
    }
    else
    {
        ArbitraryBytes(selector, in);
    }
    return 0;
}
