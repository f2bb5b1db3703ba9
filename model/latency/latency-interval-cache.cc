/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "latency-interval-cache.h"

#include "ns3/log.h"

#define XXH_INLINE_ALL
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <xxhash.h>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("LatencyIntervalCache");

uint64_t
LatencyPacketId(const uint8_t* data, size_t length, uint64_t seed)
{
    uint64_t h = XXH64(data, length, seed);
    return h == 0 ? 1 : h;
}

bool
LatencyIntervalCache::Add(uint64_t id, int64_t tsNs)
{
    if (!m_entries.emplace(id, tsNs).second)
    {
        ++m_duplicates;
        return false;
    }
    m_order.push_back(id);
    return true;
}

size_t
LatencyIntervalCache::Size() const
{
    return m_entries.size();
}

uint64_t
LatencyIntervalCache::Duplicates() const
{
    return m_duplicates;
}

bool
LatencyIntervalCache::Lookup(uint64_t id, int64_t& tsNs) const
{
    auto it = m_entries.find(id);
    if (it == m_entries.end())
    {
        return false;
    }
    tsNs = it->second;
    return true;
}

const std::unordered_map<uint64_t, int64_t>&
LatencyIntervalCache::Entries() const
{
    return m_entries;
}

void
LatencyIntervalCache::Clear()
{
    m_entries.clear();
    m_order.clear();
    m_duplicates = 0;
}

std::vector<uint64_t>
LatencyIntervalCache::Signature(uint32_t k, uint64_t seed) const
{
    std::vector<uint64_t> h;
    h.reserve(m_order.size());
    for (uint64_t id : m_order)
    {
        h.push_back(XXH64(&id, sizeof(id), seed));
    }
    if (h.size() > k)
    {
        std::nth_element(h.begin(), h.begin() + k, h.end());
        h.resize(k);
    }
    std::sort(h.begin(), h.end());
    return h;
}

double
LatencyIntervalCache::EstimateDifference(const std::vector<uint64_t>& a,
                                         uint64_t sizeA,
                                         const std::vector<uint64_t>& b,
                                         uint64_t sizeB,
                                         uint32_t k)
{
    return EstimateDifferenceWithError(a, sizeA, b, sizeB, k, 0).dHat;
}

LatencyDifferenceEstimate
LatencyIntervalCache::EstimateDifferenceWithError(const std::vector<uint64_t>& a,
                                                  uint64_t sizeA,
                                                  const std::vector<uint64_t>& b,
                                                  uint64_t sizeB,
                                                  uint32_t k,
                                                  double z)
{
    LatencyDifferenceEstimate out;
    double lower = std::fabs(static_cast<double>(sizeA) - static_cast<double>(sizeB));
    if (sizeA == 0 || sizeB == 0)
    {
        out.dHat = out.upper = static_cast<double>(sizeA + sizeB);
        return out;
    }
    // walk the K smallest distinct values of the union (both inputs sorted)
    size_t i = 0;
    size_t j = 0;
    uint32_t taken = 0;
    uint32_t both = 0;
    while (taken < k && (i < a.size() || j < b.size()))
    {
        if (j >= b.size() || (i < a.size() && a[i] < b[j]))
        {
            ++i;
        }
        else if (i >= a.size() || b[j] < a[i])
        {
            ++j;
        }
        else
        {
            ++both;
            ++i;
            ++j;
        }
        ++taken;
    }
    if (taken == 0)
    {
        out.dHat = out.upper = lower;
        return out;
    }
    const double n = static_cast<double>(sizeA + sizeB);
    auto dOf = [n](double jac) { return n * (1.0 - jac) / (1.0 + jac); };
    const double jac = static_cast<double>(both) / taken;
    // Binomial standard error of the Jaccard estimate; with no mismatch seen (or no match),
    // one in K is the resolution of the signature, so the bound never collapses to zero.
    const double t = static_cast<double>(taken);
    const double pFloor = std::min(1.0, 1.0 / t);
    const double p = std::clamp(1.0 - jac, pFloor, 1.0 - pFloor / 2);
    const double seJ = std::sqrt(p * (1.0 - p) / t);
    out.dHat = std::max(dOf(jac), lower);
    // delta method: d'(J) = -2 n / (1 + J)^2
    out.stdErr = 2.0 * n / ((1.0 + jac) * (1.0 + jac)) * seJ;
    out.upper = std::max(out.dHat, std::min(n, dOf(std::max(0.0, jac - z * seJ))));
    return out;
}

uint32_t
LatencyIntervalCache::BucketsForTarget(double dBound,
                                       double factor,
                                       uint32_t banks,
                                       double stdRelError,
                                       uint32_t minBuckets)
{
    (void)banks;
    // minBuckets is added, not only a floor: a small difference needs relatively more cells
    // to peel (small stopping sets), a large one hardly notices them.
    double m = std::ceil(factor * std::max(0.0, dBound)) + std::max<uint32_t>(minBuckets, 1);
    if (stdRelError > 0)
    {
        // Collapsed pairs of one bank: m/2.  With Gaussian bucket differences D^2 has
        // relative variance 2, so the variance estimate has relative standard error
        // sqrt(2 / (m/2)) = 2 / sqrt(m) and the standard deviation half of it, 1 / sqrt(m).
        // (Banks share their packets, so their pairs are not counted as independent.)
        m = std::max(m, std::ceil(1.0 / (stdRelError * stdRelError)));
    }
    m = std::min(m, static_cast<double>(RdaSketch::MAX_BUCKETS));
    return static_cast<uint32_t>(m);
}

uint64_t
LatencyIntervalCache::ExactDifference(const LatencyIntervalCache& a, const LatencyIntervalCache& b)
{
    uint64_t common = 0;
    for (const auto& kv : a.m_entries)
    {
        common += b.m_entries.count(kv.first);
    }
    return a.Size() + b.Size() - 2 * common;
}

uint32_t
LatencyIntervalCache::BucketsFor(double dHat, double factor, uint32_t minBuckets)
{
    double m = std::ceil(factor * std::max(0.0, dHat));
    m = std::max(m, static_cast<double>(std::max<uint32_t>(minBuckets, 1)));
    m = std::min(m, static_cast<double>(RdaSketch::MAX_BUCKETS));
    return static_cast<uint32_t>(m);
}

RdaSketch
LatencyIntervalCache::BuildRda(uint32_t banks,
                               uint32_t bucketsPerBank,
                               bool checksum,
                               uint64_t seed) const
{
    RdaSketch s(banks, bucketsPerBank, checksum, seed);
    for (uint64_t id : m_order)
    {
        s.Insert(id, m_entries.at(id));
    }
    return s;
}

LdaSketch
LatencyIntervalCache::BuildLda(uint32_t buckets, uint64_t seed) const
{
    LdaSketch s(buckets, seed);
    for (uint64_t id : m_order)
    {
        s.Insert(id, m_entries.at(id));
    }
    return s;
}

FineCombSketch
LatencyIntervalCache::BuildFineComb(uint32_t buckets, uint64_t seed) const
{
    FineCombSketch s(buckets, seed);
    for (uint64_t id : m_order)
    {
        s.Insert(id, m_entries.at(id));
    }
    return s;
}

std::vector<FineCombSketch::StashEntry>
LatencyIntervalCache::EdgeStash(uint32_t count) const
{
    std::vector<FineCombSketch::StashEntry> all;
    all.reserve(m_order.size());
    for (uint64_t id : m_order)
    {
        all.push_back({id, m_entries.at(id)});
    }
    std::sort(all.begin(), all.end(), [](const auto& x, const auto& y) {
        return x.tsNs < y.tsNs || (x.tsNs == y.tsNs && x.id < y.id);
    });
    if (all.size() <= count)
    {
        return all;
    }
    size_t head = count / 2;
    size_t tail = count - head;
    std::vector<FineCombSketch::StashEntry> out(all.begin(), all.begin() + head);
    out.insert(out.end(), all.end() - tail, all.end());
    return out;
}

LatencyMoments
LatencyIntervalCache::CompareWithLog(const std::vector<std::pair<uint64_t, int64_t>>& receiverLog,
                                     std::unordered_map<uint64_t, int64_t>& senderOnly,
                                     std::unordered_map<uint64_t, int64_t>& receiverOnly) const
{
    LatencyMoments both;
    std::unordered_map<uint64_t, int64_t> remote(receiverLog.begin(), receiverLog.end());
    for (const auto& [id, rts] : remote)
    {
        int64_t sts = 0;
        if (Lookup(id, sts))
        {
            both.Add(static_cast<long double>(rts - sts));
        }
        else
        {
            receiverOnly[id] = rts;
        }
    }
    for (const auto& [id, sts] : m_entries)
    {
        if (!remote.count(id))
        {
            senderOnly[id] = sts;
        }
    }
    return both;
}

} // namespace ns3
