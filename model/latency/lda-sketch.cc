/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "lda-sketch.h"

#include "ns3/chronometry-validation.h"
#include "ns3/log.h"

#define XXH_INLINE_ALL
#include <algorithm>
#include <cmath>
#include <functional>
#include <xxhash.h>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("LdaSketch");

namespace
{
/** Largest bucket count accepted by LDA and FineComb. */
constexpr uint32_t MAX_LDA_BUCKETS = 1u << 26;

/**
 * \param name qualified parameter name
 * \param v value
 * \return v when in [1, 2^26]
 */
uint32_t
CheckedBuckets(const char* name, uint32_t v)
{
    chronometry::RequireDoubleInRange(name, v, 1, MAX_LDA_BUCKETS, "");
    return v;
}

/**
 * \param id identifier
 * \param seed seed
 * \param m buckets
 * \return bucket index
 */
uint32_t
LdaIndex(uint64_t id, uint64_t seed, uint32_t m)
{
    return static_cast<uint32_t>(XXH64(&id, sizeof(id), seed ^ 0x5bd1e9955bd1e995ULL) % m);
}

/**
 * \brief Mean and adjacent-collapse variance over buckets flagged useful.
 * \param latency per-bucket latency sum (R - S)
 * \param count per-bucket count
 * \param useful per-bucket usefulness
 * \param estimator variance estimator
 * \return the estimate
 */
LatencyEstimate
AdjacentAggregate(const std::vector<int64_t>& latency,
                  const std::vector<int64_t>& count,
                  const std::vector<bool>& useful,
                  LatencyVarianceEstimator estimator)
{
    LatencyEstimate e;
    int64_t lat = 0;
    int64_t n = 0;
    for (size_t i = 0; i < latency.size(); ++i)
    {
        if (useful[i] && count[i] > 0)
        {
            lat += latency[i];
            n += count[i];
            ++e.usefulBuckets;
        }
    }
    if (n == 0)
    {
        return e;
    }
    e.valid = true;
    e.meanNs = static_cast<double>(lat) / static_cast<double>(n);
    e.usefulPackets = static_cast<double>(n);
    std::vector<CollapsedPair> pairs;
    for (size_t j = 0; j + 1 < latency.size(); j += 2)
    {
        if (useful[j] && useful[j + 1] && count[j] + count[j + 1] > 0)
        {
            pairs.push_back({latency[j] - latency[j + 1], count[j], count[j + 1]});
        }
    }
    e.pairs = pairs.size();
    e.stdValid = !pairs.empty();
    e.varianceNs2 = CollapsedVariance(pairs, e.meanNs, estimator);
    e.stdNs = std::sqrt(std::max(0.0, e.varianceNs2));
    return e;
}
} // namespace

LdaSketch::LdaSketch(uint32_t buckets, uint64_t seed)
    : m_seed(seed),
      m_buckets(CheckedBuckets("ns3::LdaSketch::Buckets", buckets))
{
}

void
LdaSketch::Insert(uint64_t id, int64_t tsNs)
{
    Bucket& b = m_buckets[LdaIndex(id, m_seed, m_buckets.size())];
    b.ts += tsNs;
    b.cnt += 1;
}

uint32_t
LdaSketch::GetBuckets() const
{
    return m_buckets.size();
}

uint32_t
LdaSketch::BucketBytes()
{
    return 16;
}

void
LdaSketch::SetBucket(uint32_t index, const Bucket& b)
{
    if (index < m_buckets.size())
    {
        m_buckets[index] = b;
    }
}

const std::vector<LdaSketch::Bucket>&
LdaSketch::GetBucketVector() const
{
    return m_buckets;
}

LatencyEstimate
LdaSketch::Aggregate(const LdaSketch& s, const LdaSketch& r, LatencyVarianceEstimator estimator)
{
    if (s.m_buckets.size() != r.m_buckets.size() || s.m_seed != r.m_seed)
    {
        return LatencyEstimate{};
    }
    size_t m = s.m_buckets.size();
    std::vector<int64_t> lat(m);
    std::vector<int64_t> cnt(m);
    std::vector<bool> useful(m);
    for (size_t i = 0; i < m; ++i)
    {
        lat[i] = r.m_buckets[i].ts - s.m_buckets[i].ts;
        cnt[i] = s.m_buckets[i].cnt;
        useful[i] = s.m_buckets[i].cnt == r.m_buckets[i].cnt;
    }
    return AdjacentAggregate(lat, cnt, useful, estimator);
}

FineCombSketch::FineCombSketch(uint32_t buckets, uint64_t seed)
    : m_seed(seed),
      m_buckets(CheckedBuckets("ns3::FineCombSketch::Buckets", buckets))
{
}

uint32_t
FineCombSketch::Index(uint64_t id) const
{
    return LdaIndex(id, m_seed, m_buckets.size());
}

void
FineCombSketch::Insert(uint64_t id, int64_t tsNs)
{
    Bucket& b = m_buckets[Index(id)];
    b.ts += tsNs;
    b.cnt += 1;
    b.parity ^= id;
}

uint32_t
FineCombSketch::GetBuckets() const
{
    return m_buckets.size();
}

uint32_t
FineCombSketch::BucketBytes()
{
    return 24;
}

void
FineCombSketch::SetBucket(uint32_t index, const Bucket& b)
{
    if (index < m_buckets.size())
    {
        m_buckets[index] = b;
    }
}

const std::vector<FineCombSketch::Bucket>&
FineCombSketch::GetBucketVector() const
{
    return m_buckets;
}

LatencyEstimate
FineCombSketch::Aggregate(const FineCombSketch& s,
                          const FineCombSketch& r,
                          const std::vector<StashEntry>& senderStash,
                          const std::vector<StashEntry>& receiverStash,
                          uint64_t maxCombinations,
                          LatencyVarianceEstimator estimator,
                          uint64_t* repaired,
                          uint64_t* combinationsTried)
{
    if (s.m_buckets.size() != r.m_buckets.size() || s.m_seed != r.m_seed)
    {
        return LatencyEstimate{};
    }
    size_t m = s.m_buckets.size();
    std::vector<std::vector<const StashEntry*>> sc(m);
    std::vector<std::vector<const StashEntry*>> rc(m);
    for (const auto& x : senderStash)
    {
        sc[s.Index(x.id)].push_back(&x);
    }
    for (const auto& x : receiverStash)
    {
        rc[s.Index(x.id)].push_back(&x);
    }
    uint64_t fixedBuckets = 0;
    uint64_t tried = 0;
    std::vector<int64_t> lat(m);
    std::vector<int64_t> cnt(m);
    std::vector<bool> useful(m);
    for (size_t i = 0; i < m; ++i)
    {
        Bucket a = s.m_buckets[i];
        Bucket b = r.m_buckets[i];
        bool ok = a.cnt == b.cnt && a.parity == b.parity;
        if (!ok && a.cnt != b.cnt)
        {
            // the side with more packets drops a subset of its stash entries in this bucket
            bool senderMore = a.cnt > b.cnt;
            Bucket& big = senderMore ? a : b;
            const Bucket& small = senderMore ? b : a;
            const auto& cand = senderMore ? sc[i] : rc[i];
            size_t need = static_cast<size_t>(big.cnt - small.cnt);
            uint64_t target = big.parity ^ small.parity;
            if (need <= cand.size())
            {
                std::vector<size_t> pick;
                uint64_t budget = maxCombinations;
                int64_t tsFound = 0;
                bool found = false;
                std::function<void(size_t, uint64_t, int64_t)> rec =
                    [&](size_t start, uint64_t par, int64_t tsum) {
                        if (found || budget == 0)
                        {
                            return;
                        }
                        if (pick.size() == need)
                        {
                            --budget;
                            ++tried;
                            if (par == target)
                            {
                                found = true;
                                tsFound = tsum;
                            }
                            return;
                        }
                        for (size_t c = start; c < cand.size() && !found && budget > 0; ++c)
                        {
                            pick.push_back(c);
                            rec(c + 1, par ^ cand[c]->id, tsum + cand[c]->tsNs);
                            pick.pop_back();
                        }
                    };
                rec(0, 0, 0);
                if (found)
                {
                    big.cnt -= static_cast<int64_t>(need);
                    big.ts -= tsFound;
                    big.parity ^= target;
                    ok = true;
                    ++fixedBuckets;
                }
            }
        }
        lat[i] = b.ts - a.ts;
        cnt[i] = a.cnt;
        useful[i] = ok;
    }
    if (repaired)
    {
        *repaired = fixedBuckets;
    }
    if (combinationsTried)
    {
        *combinationsTried = tried;
    }
    return AdjacentAggregate(lat, cnt, useful, estimator);
}

LatencyEstimate
FineCombSketch::AggregateBruteForce(const FineCombSketch& s,
                                    const FineCombSketch& r,
                                    const std::vector<StashEntry>& senderStash,
                                    const std::vector<StashEntry>& receiverStash,
                                    uint64_t maxCombinations,
                                    LatencyVarianceEstimator estimator,
                                    uint64_t* repaired,
                                    uint64_t* combinationsTried)
{
    if (s.m_buckets.size() != r.m_buckets.size() || s.m_seed != r.m_seed)
    {
        return LatencyEstimate{};
    }
    size_t m = s.m_buckets.size();
    uint64_t fixedBuckets = 0;
    uint64_t tried = 0;
    std::vector<int64_t> lat(m);
    std::vector<int64_t> cnt(m);
    std::vector<bool> useful(m);
    for (size_t i = 0; i < m; ++i)
    {
        Bucket a = s.m_buckets[i];
        Bucket b = r.m_buckets[i];
        bool ok = a.cnt == b.cnt && a.parity == b.parity;
        if (!ok && a.cnt != b.cnt)
        {
            bool senderMore = a.cnt > b.cnt;
            Bucket& big = senderMore ? a : b;
            const Bucket& small = senderMore ? b : a;
            const auto& cand = senderMore ? senderStash : receiverStash;
            const int64_t need = big.cnt - small.cnt;
            const uint64_t target = big.parity ^ small.parity;
            // Gray code over every subset of the stash: subset g(t) = t ^ (t >> 1) differs
            // from g(t - 1) in the lowest set bit of t.
            const size_t bits = std::min<size_t>(cand.size(), 63);
            const uint64_t subsets = bits >= 63 ? ~0ULL : (1ULL << bits);
            uint64_t parity = 0;
            int64_t count = 0;
            int64_t tsum = 0;
            std::vector<bool> in(bits, false);
            for (uint64_t t = 1; t < subsets && t <= maxCombinations; ++t)
            {
                size_t bit = static_cast<size_t>(__builtin_ctzll(t));
                const StashEntry& e = cand[bit];
                in[bit] = !in[bit];
                parity ^= e.id;
                count += in[bit] ? 1 : -1;
                tsum += in[bit] ? e.tsNs : -e.tsNs;
                ++tried;
                if (count == need && parity == target)
                {
                    big.cnt -= need;
                    big.ts -= tsum;
                    big.parity ^= target;
                    ok = true;
                    ++fixedBuckets;
                    break;
                }
            }
        }
        lat[i] = b.ts - a.ts;
        cnt[i] = a.cnt;
        useful[i] = ok;
    }
    if (repaired)
    {
        *repaired = fixedBuckets;
    }
    if (combinationsTried)
    {
        *combinationsTried = tried;
    }
    return AdjacentAggregate(lat, cnt, useful, estimator);
}

} // namespace ns3
