/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// Fuzz harness: replay clock (RepCl) decoding, multi-word bitmaps, the sparse form and
// widened counters included (see fuzz-support.h for the properties).
#include "fuzz-support.h"

#include "ns3/replay-clock.h"

using namespace ns3;

namespace
{

bool
Same(const ReplayClock& a, const ReplayClock& b)
{
    return a.GetMx() == b.GetMx() && a.GetBitmap() == b.GetBitmap() &&
           a.ExpandOffsets() == b.ExpandOffsets() && a.ExpandCounters() == b.ExpandCounters();
}

} // namespace

extern "C" int
LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    FuzzedDataProvider in(data, size);
    if (in.ConsumeBool())
    {
        CausalityConfig config;
        for (const CausalEvent& e : chronometry_fuzz::DrawExecution(in, config))
        {
            if (!e.stamp.repcl)
            {
                continue;
            }
            const ReplayClock& x = *e.stamp.repcl;
            ReplayClock y(x.GetConfig(), 0);
            FUZZ_CHECK(ReplayClock::Decode(x.Encode(), x.GetConfig(), y), "RepCl round trip");
            FUZZ_CHECK(Same(x, y), "RepCl mx, bitmap, offsets and counters survive");
            FUZZ_CHECK(x.Encode().size() == (x.GetEncodedBits() + 7) / 8, "RepCl exact size");
        }
        return 0;
    }
    ReplayClockConfig config = chronometry_fuzz::DrawConfig(in).replay;
    // The sparse form's lists reach n = 4,096 (two-group differences) as well.
    if (in.ConsumeBool())
    {
        config.n = in.ConsumeIntegralInRange<uint32_t>(131, 4096);
    }
    chronometry_fuzz::CheckArbitraryBytes(
        in.ConsumeRemainingBytes<uint8_t>(),
        [&config](const std::vector<uint8_t>& b, ReplayClock& o) {
            return ReplayClock::Decode(b, config, o);
        },
        [](const ReplayClock& c) { return c.Encode(); },
        ReplayClock(config, 0));
    return 0;
}
