/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "rda-sketch.h"

#include "ns3/chronometry-validation.h"
#include "ns3/log.h"

#define XXH_INLINE_ALL
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <xxhash.h>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("RdaSketch");

namespace
{
/**
 * Two's-complement (wrapping) arithmetic on timestamp sums: exact for every real input,
 * and free of undefined behaviour for the adversarial values a malformed peer could send.
 * \param a left operand
 * \param b right operand
 * \return a + b modulo 2^64
 */
int64_t
WrapAdd(int64_t a, int64_t b)
{
    return static_cast<int64_t>(static_cast<uint64_t>(a) + static_cast<uint64_t>(b));
}

/**
 * \param a left operand
 * \param b right operand
 * \return a - b modulo 2^64
 */
int64_t
WrapSub(int64_t a, int64_t b)
{
    return static_cast<int64_t>(static_cast<uint64_t>(a) - static_cast<uint64_t>(b));
}

/**
 * \param name qualified parameter name
 * \param v value
 * \param hi largest valid value
 * \return v when it lies in [1, hi] (otherwise the configuration error is reported)
 */
uint32_t
Checked(const char* name, uint32_t v, uint32_t hi)
{
    chronometry::RequireDoubleInRange(name, v, 1, hi, "");
    return v;
}
} // namespace

double
CollapsedVariance(const std::vector<CollapsedPair>& pairs,
                  double meanNs,
                  LatencyVarianceEstimator estimator)
{
    long double sq = 0;
    long double n = 0;
    for (const auto& p : pairs)
    {
        long double d = static_cast<long double>(p.diffNs);
        if (estimator == LatencyVarianceEstimator::CENTERED)
        {
            d -= static_cast<long double>(meanNs) * static_cast<long double>(p.countP - p.countQ);
        }
        sq += d * d;
        n += static_cast<long double>(p.countP + p.countQ);
    }
    if (n <= 0)
    {
        return 0;
    }
    long double f = sq / n;
    if (estimator == LatencyVarianceEstimator::PAPER)
    {
        return static_cast<double>(f - static_cast<long double>(meanNs) * meanNs);
    }
    return static_cast<double>(f);
}

RdaSketch::RdaSketch(uint32_t banks, uint32_t bucketsPerBank, bool useChecksum, uint64_t seed)
    : m_k(Checked("ns3::RdaSketch::Banks", banks, MAX_BANKS)),
      m_m(Checked("ns3::RdaSketch::BucketsPerBank", bucketsPerBank, MAX_BUCKETS)),
      m_checksum(useChecksum),
      m_seed(seed),
      m_cells(static_cast<size_t>(m_k) * m_m)
{
}

uint64_t
RdaSketch::Hash(uint64_t id) const
{
    return XXH64(&id, sizeof(id), m_seed);
}

uint32_t
RdaSketch::Index(uint32_t bank, uint64_t id) const
{
    return IndexOfHash(bank, Hash(id));
}

uint64_t
RdaSketch::Check(uint64_t id) const
{
    return m_checksum ? CheckOfHash(Hash(id)) : 0;
}

void
RdaSketch::Update(uint64_t id, int64_t tsNs, int64_t sign)
{
    const uint64_t h = Hash(id);
    const uint64_t c = m_checksum ? CheckOfHash(h) : 0;
    for (uint32_t b = 0; b < m_k; ++b)
    {
        Bucket& x = m_cells[static_cast<size_t>(b) * m_m + IndexOfHash(b, h)];
        x.id ^= id;
        x.chk ^= c;
        x.ts = sign > 0 ? WrapAdd(x.ts, tsNs) : WrapSub(x.ts, tsNs);
        x.cnt += sign;
    }
}

void
RdaSketch::Insert(uint64_t id, int64_t tsNs)
{
    Update(id, tsNs, 1);
}

void
RdaSketch::Delete(uint64_t id, int64_t tsNs)
{
    Update(id, tsNs, -1);
}

bool
RdaSketch::Compatible(const RdaSketch& o) const
{
    return o.m_k == m_k && o.m_m == m_m && o.m_seed == m_seed && o.m_checksum == m_checksum;
}

bool
RdaSketch::Subtract(const RdaSketch& o)
{
    if (!Compatible(o))
    {
        return false;
    }
    for (size_t i = 0; i < m_cells.size(); ++i)
    {
        m_cells[i].id ^= o.m_cells[i].id;
        m_cells[i].chk ^= o.m_cells[i].chk;
        m_cells[i].ts = WrapSub(m_cells[i].ts, o.m_cells[i].ts);
        m_cells[i].cnt = WrapSub(m_cells[i].cnt, o.m_cells[i].cnt);
    }
    return true;
}

bool
RdaSketch::Decode(std::vector<Entry>& out) const
{
    return Decode(out, nullptr);
}

bool
RdaSketch::Decode(std::vector<Entry>& out,
                  const std::function<bool(uint64_t id, int64_t sign)>& accept) const
{
    // Peeling on a scratch copy that keeps its capacity between calls.  A bucket enters the
    // stack when its count is +-1; whether it is pure (its ID hashes to it, and with the
    // checksum the check matches) is decided once, when it is popped, from the single hash
    // of its ID, which then also gives the k buckets to peel it from.
    std::vector<Bucket>& c = m_scratch;
    c.assign(m_cells.begin(), m_cells.end());
    std::vector<uint32_t>& q = m_stack;
    q.clear();
    const uint32_t cells = static_cast<uint32_t>(c.size());
    for (uint32_t i = 0; i < cells; ++i)
    {
        if (c[i].cnt == 1 || c[i].cnt == -1)
        {
            q.push_back(i);
        }
    }
    // A misjudged bucket (possible without the checksum) can make peeling cycle forever;
    // a decodable sketch never yields more entries than it has buckets.
    const size_t limit = out.size() + c.size();
    while (!q.empty())
    {
        const uint32_t i = q.back();
        q.pop_back();
        const Bucket& x = c[i];
        if (x.cnt != 1 && x.cnt != -1)
        {
            continue;
        }
        const uint64_t h = Hash(x.id);
        const uint32_t bank = i / m_m;
        if (IndexOfHash(bank, h) != i - bank * m_m || (m_checksum && CheckOfHash(h) != x.chk) ||
            (accept && !accept(x.id, x.cnt)))
        {
            continue;
        }
        if (out.size() >= limit)
        {
            return false;
        }
        const uint64_t id = x.id;
        const uint64_t chk = x.chk;
        const int64_t sign = x.cnt;
        out.push_back(Entry{id, 0, sign});
        for (uint32_t b = 0; b < m_k; ++b)
        {
            const uint32_t j = b * m_m + IndexOfHash(b, h);
            Bucket& y = c[j];
            y.id ^= id;
            y.chk ^= chk;
            y.cnt = WrapSub(y.cnt, sign);
            if (y.cnt == 1 || y.cnt == -1)
            {
                q.push_back(j);
            }
        }
    }
    for (const Bucket& x : c)
    {
        if (x.id != 0 || x.cnt != 0 || x.chk != 0)
        {
            return false;
        }
    }
    return true;
}

int64_t
RdaSketch::TotalTs() const
{
    int64_t s = 0;
    for (uint32_t i = 0; i < m_m; ++i)
    {
        s += m_cells[i].ts;
    }
    return s;
}

int64_t
RdaSketch::TotalCount() const
{
    int64_t s = 0;
    for (uint32_t i = 0; i < m_m; ++i)
    {
        s += m_cells[i].cnt;
    }
    return s;
}

uint32_t
RdaSketch::GetBanks() const
{
    return m_k;
}

uint32_t
RdaSketch::GetBucketsPerBank() const
{
    return m_m;
}

bool
RdaSketch::UsesChecksum() const
{
    return m_checksum;
}

uint64_t
RdaSketch::GetSeed() const
{
    return m_seed;
}

const std::vector<RdaSketch::Bucket>&
RdaSketch::GetBuckets() const
{
    return m_cells;
}

void
RdaSketch::SetBucket(uint32_t index, const Bucket& b)
{
    if (index < m_cells.size())
    {
        m_cells[index] = b;
    }
}

uint32_t
RdaSketch::BucketBytes() const
{
    return m_checksum ? 32 : 24;
}

uint64_t
RdaSketch::MemoryBytes() const
{
    return static_cast<uint64_t>(BucketBytes()) * m_cells.size();
}

void
RdaSketch::Repair(RdaSketch& sender, RdaSketch& receiver, const std::vector<Entry>& entries)
{
    for (const auto& e : entries)
    {
        if (e.sign > 0)
        {
            sender.Delete(e.id, e.tsNs);
        }
        else
        {
            receiver.Delete(e.id, e.tsNs);
        }
    }
}

namespace
{
/**
 * \param a sender bucket
 * \param b receiver bucket
 * \return whether both hold the same non-empty packet set (as far as the fields tell)
 */
bool
Clean(const RdaSketch::Bucket& a, const RdaSketch::Bucket& b)
{
    return a.cnt > 0 && a.cnt == b.cnt && a.id == b.id && a.chk == b.chk;
}
} // namespace

std::vector<CollapsedPair>
RdaSketch::SelectiveCollapse(const RdaSketch& s, const RdaSketch& r)
{
    std::vector<CollapsedPair> out;
    if (!s.Compatible(r))
    {
        return out;
    }
    for (uint32_t b = 0; b < s.m_k; ++b)
    {
        bool havePending = false;
        size_t p = 0;
        for (uint32_t i = 0; i < s.m_m; ++i)
        {
            size_t j = static_cast<size_t>(b) * s.m_m + i;
            if (!Clean(s.m_cells[j], r.m_cells[j]))
            {
                continue;
            }
            if (!havePending)
            {
                p = j;
                havePending = true;
                continue;
            }
            int64_t lp = WrapSub(r.m_cells[p].ts, s.m_cells[p].ts);
            int64_t lq = WrapSub(r.m_cells[j].ts, s.m_cells[j].ts);
            out.push_back({WrapSub(lp, lq), s.m_cells[p].cnt, s.m_cells[j].cnt});
            havePending = false;
        }
    }
    return out;
}

LatencyEstimate
RdaSketch::Aggregate(const RdaSketch& s, const RdaSketch& r, LatencyVarianceEstimator estimator)
{
    LatencyEstimate e;
    if (!s.Compatible(r))
    {
        return e;
    }
    int64_t lat = 0;
    int64_t n = 0;
    for (size_t j = 0; j < s.m_cells.size(); ++j)
    {
        if (Clean(s.m_cells[j], r.m_cells[j]))
        {
            lat = WrapAdd(lat, WrapSub(r.m_cells[j].ts, s.m_cells[j].ts));
            n += s.m_cells[j].cnt;
            ++e.usefulBuckets;
        }
    }
    if (n == 0)
    {
        return e;
    }
    e.valid = true;
    e.meanNs = static_cast<double>(lat) / static_cast<double>(n);
    e.usefulPackets = static_cast<double>(n) / s.m_k;
    auto pairs = SelectiveCollapse(s, r);
    e.pairs = pairs.size();
    e.stdValid = !pairs.empty();
    e.varianceNs2 = CollapsedVariance(pairs, e.meanNs, estimator);
    e.stdNs = std::sqrt(std::max(0.0, e.varianceNs2));
    return e;
}

} // namespace ns3
