/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// Fuzz harness: the RDA control codec (RdaMessage) and the peeling decoder on arbitrary
// bucket contents. Properties: Decode never crashes; an accepted message re-encodes to the
// same bytes (the encoding is canonical; wire format version 2: flow 5-tuple in every
// message, 24-byte buckets without the checksum, raw-log messages, the baselines' LDA and
// FineComb requests, chunks and stash: one of each in the seed corpus); RdaSketch::Decode, with
// and without a validator, terminates on any bucket content and never lists more entries
// than it has buckets; repair and aggregation of adversarial content are free of undefined
// behaviour (ASan/UBSan).
#include "fuzz-support.h"

#include "ns3/rda-message.h"
#include "ns3/rda-sketch.h"

using namespace ns3;

extern "C" int
LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    RdaMessage m;
    if (RdaMessage::Decode(data, size, m))
    {
        std::vector<uint8_t> again = m.Encode();
        FUZZ_CHECK(again.size() == size && std::equal(again.begin(), again.end(), data),
                   "accepted message re-encodes exactly");
    }
    FuzzedDataProvider in(data, size);
    uint32_t k = in.ConsumeIntegralInRange<uint32_t>(1, 4);
    uint32_t buckets = in.ConsumeIntegralInRange<uint32_t>(1, 16);
    bool checksum = in.ConsumeBool();
    RdaSketch s(k, buckets, checksum, in.ConsumeIntegral<uint64_t>());
    for (uint32_t i = 0; i < k * buckets && in.remaining_bytes() > 0; ++i)
    {
        RdaSketch::Bucket b;
        b.id = in.ConsumeIntegral<uint64_t>();
        b.chk = in.ConsumeIntegral<uint64_t>();
        b.ts = in.ConsumeIntegral<int64_t>();
        b.cnt = in.ConsumeIntegralInRange<int64_t>(-3, 3);
        s.SetBucket(i, b);
    }
    std::vector<RdaSketch::Entry> e;
    s.Decode(e);
    FUZZ_CHECK(e.size() <= static_cast<size_t>(k) * buckets, "bounded peeling");
    std::vector<RdaSketch::Entry> validated;
    s.Decode(validated, [](uint64_t id, int64_t sign) { return ((id & 1) != 0) == (sign > 0); });
    FUZZ_CHECK(validated.size() <= static_cast<size_t>(k) * buckets, "bounded validated peeling");
    // repair and aggregate with adversarial timestamps: no undefined behaviour
    RdaSketch r = s;
    for (auto& x : e)
    {
        x.tsNs = in.ConsumeIntegral<int64_t>();
    }
    RdaSketch::Repair(s, r, e);
    LatencyEstimate est = RdaSketch::Aggregate(s, r, LatencyVarianceEstimator::CENTERED);
    FUZZ_CHECK(!est.valid || est.stdNs >= 0, "std never negative");
    return 0;
}
