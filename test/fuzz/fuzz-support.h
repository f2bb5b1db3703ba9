/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef CHRONOMETRY_FUZZ_SUPPORT_H
#define CHRONOMETRY_FUZZ_SUPPORT_H

// Shared pieces of chronometry's libFuzzer harnesses. Every harness checks
// properties, not only the absence of crashes:
//  * arbitrary bytes: the decoder either rejects them and leaves its output
//    untouched, or accepts them and the result re-encodes to the same bytes
//    (the encoding is canonical: no two byte strings decode to one value);
//  * valid values (stamps of a random execution driven by the input):
//    decode(encode(x)) == x.
// A violated property aborts, which libFuzzer reports like a crash.

#include "ns3/causal-process.h"
#include "ns3/random-execution.h"
#include "ns3/simulator.h"

#include <cstdio>
#include <cstdlib>
#include <fuzzer/FuzzedDataProvider.h>
#include <vector>

#define FUZZ_CHECK(cond, what)                                                                     \
    do                                                                                             \
    {                                                                                              \
        if (!(cond))                                                                               \
        {                                                                                          \
            std::fprintf(stderr,                                                                   \
                         "fuzz property violated: %s (%s:%d)\n",                                   \
                         what,                                                                     \
                         __FILE__,                                                                 \
                         __LINE__);                                                                \
            std::abort();                                                                          \
        }                                                                                          \
    } while (false)

namespace chronometry_fuzz
{

/** A system configuration drawn from the input (every field within its valid range). */
inline ns3::CausalityConfig
DrawConfig(FuzzedDataProvider& in)
{
    ns3::CausalityConfig c;
    // Up to 130 processes reaches three bitmap words; most systems are kept small because a
    // random execution costs O(n^2) to set up and the fuzzer should spend its time decoding.
    c.n = in.ConsumeBool() ? in.ConsumeIntegralInRange<uint32_t>(1, 130)
                           : in.ConsumeIntegralInRange<uint32_t>(1, 16);
    c.hlc = in.ConsumeBool();
    c.hvc = in.ConsumeBool();
    c.repcl = in.ConsumeBool();
    c.hvcSkewBound = ns3::MicroSeconds(in.ConsumeIntegralInRange<int64_t>(1, 5000));
    c.replay.n = c.n;
    c.replay.epsilon = in.ConsumeIntegralInRange<uint32_t>(1, 64);
    c.replay.interval = ns3::MicroSeconds(in.ConsumeIntegralInRange<int64_t>(1, 500));
    c.replay.counterBits = in.ConsumeIntegralInRange<uint32_t>(1, 8); // small: widening happens
    c.replay.counterRule =
        in.ConsumeBool() ? ns3::ReplayCounterRule::PUBLISHED : ns3::ReplayCounterRule::EPOCH_COUNTS;
    // The counter sum is defined only for the published rule (validation says so).
    c.replay.sumCounters =
        in.ConsumeBool() && c.replay.counterRule == ns3::ReplayCounterRule::PUBLISHED;
    // Bitmap, Sparse or Adaptive for HVC and RepCl (drawn last: older corpus entries keep
    // their configuration).
    c.encoding = static_cast<ns3::StampEncoding>(in.ConsumeIntegralInRange<int>(0, 2));
    c.replay.encoding = c.encoding;
    return c;
}

/** Stamps of a short random execution whose shape comes from the input. */
inline std::vector<ns3::CausalEvent>
DrawExecution(FuzzedDataProvider& in, ns3::CausalityConfig& config)
{
    config = DrawConfig(in);
    ns3::RandomExecutionParams p;
    p.n = config.n;
    p.events = in.ConsumeIntegralInRange<uint32_t>(1, config.n > 16 ? 20 : 60);
    p.meanGap = ns3::MicroSeconds(in.ConsumeIntegralInRange<int64_t>(1, 2000));
    p.localFraction = in.ConsumeProbability<double>();
    p.minDelay = ns3::MicroSeconds(in.ConsumeIntegralInRange<int64_t>(0, 100));
    p.maxDelay = p.minDelay + ns3::MicroSeconds(in.ConsumeIntegralInRange<int64_t>(0, 5000));
    p.skewBound = config.replay.interval * static_cast<int64_t>(config.replay.epsilon);
    p.seed = in.ConsumeIntegral<uint64_t>();
    return ns3::RandomExecution::Run(p, config);
}

/**
 * The arbitrary-bytes property for a decoder.
 * \param bytes input
 * \param decode bool(bytes, T& out)
 * \param encode bytes(const T&)
 * \param sentinel a valid value the output starts as
 */
template <typename T, typename Decode, typename Encode>
void
CheckArbitraryBytes(const std::vector<uint8_t>& bytes, Decode decode, Encode encode, T sentinel)
{
    const std::vector<uint8_t> before = encode(sentinel);
    T out = sentinel;
    if (decode(bytes, out))
    {
        FUZZ_CHECK(encode(out) == bytes, "accepted bytes re-encode to themselves");
        T again = sentinel;
        FUZZ_CHECK(decode(encode(out), again) && encode(again) == bytes, "decode is stable");
    }
    else
    {
        FUZZ_CHECK(encode(out) == before, "a rejected input leaves the output unchanged");
    }
}

} // namespace chronometry_fuzz

/**
 * Freeze ns-3's time resolution before the first input, as every simulation does when it
 * calls Simulator::Run. Until then ns-3 records each live Time object in a global set (so a
 * resolution change could convert it), and that bookkeeping, not decoding, dominated the
 * harnesses that build random executions.
 */
extern "C" int
LLVMFuzzerInitialize(int* /* argc */, char*** /* argv */)
{
    ns3::Simulator::Run();
    ns3::Simulator::Destroy();
    return 0;
}

#endif /* CHRONOMETRY_FUZZ_SUPPORT_H */
