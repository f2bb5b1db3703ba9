/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// Fuzz harness: HVC timestamp decoding, fixed and sparse forms (see fuzz-support.h for the
// properties).
#include "fuzz-support.h"

#include "ns3/hybrid-vector-clock.h"

using namespace ns3;

extern "C" int
LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    FuzzedDataProvider in(data, size);
    if (in.ConsumeBool())
    {
        CausalityConfig config;
        for (const CausalEvent& e : chronometry_fuzz::DrawExecution(in, config))
        {
            if (!e.stamp.hvc)
            {
                continue;
            }
            const HybridVectorClock& x = *e.stamp.hvc;
            HybridVectorClock y(config.n, 0, config.hvcSkewBound, config.encoding);
            FUZZ_CHECK(HybridVectorClock::Decode(x.Encode(),
                                                 config.n,
                                                 config.hvcSkewBound,
                                                 y,
                                                 config.encoding),
                       "HVC round trip");
            FUZZ_CHECK(x.Encode().size() == (x.GetEncodedBits() + 7) / 8, "HVC exact size");
            FUZZ_CHECK(y.Expand() == x.Expand() && y.GetFloor() == x.GetFloor() &&
                           y.GetPt() == x.GetPt() && y.GetSelf() == x.GetSelf(),
                       "HVC entries, floor, pt and owner survive");
            FUZZ_CHECK(HybridVectorClock::Compare(x, y) == CausalOrder::EQUAL,
                       "a decoded HVC equals its original");
        }
        return 0;
    }
    uint32_t n = in.ConsumeIntegralInRange<uint32_t>(1, 130);
    Time epsilon = MicroSeconds(in.ConsumeIntegralInRange<int64_t>(1, 5000));
    // The sparse form's lists reach n = 4,096 (two-group differences) as well.
    if (in.ConsumeBool())
    {
        n = in.ConsumeIntegralInRange<uint32_t>(131, 4096);
    }
    const auto encoding = static_cast<StampEncoding>(in.ConsumeIntegralInRange<int>(0, 2));
    chronometry_fuzz::CheckArbitraryBytes(
        in.ConsumeRemainingBytes<uint8_t>(),
        [n, epsilon, encoding](const std::vector<uint8_t>& b, HybridVectorClock& o) {
            return HybridVectorClock::Decode(b, n, epsilon, o, encoding);
        },
        [](const HybridVectorClock& c) { return c.Encode(); },
        HybridVectorClock(n, n - 1, epsilon, encoding));
    return 0;
}
