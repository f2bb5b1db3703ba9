/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "rda-sketch.h"

#define XXH_INLINE_ALL
#include <cstdlib>
#include <deque>
#include <xxhash.h>

namespace ns3
{

RdaSketch::RdaSketch(uint32_t banks, uint32_t bucketsPerBank, bool useChecksum, uint64_t seed)
    : m_k(banks < 1 ? 1 : banks),
      m_m(bucketsPerBank < 1 ? 1 : bucketsPerBank),
      m_checksum(useChecksum),
      m_seed(seed),
      m_cells(static_cast<size_t>(m_k) * m_m)
{
}

uint32_t
RdaSketch::Index(uint32_t bank, uint64_t id) const
{
    return static_cast<uint32_t>(
        XXH64(&id, sizeof(id), m_seed + 0x9e3779b97f4a7c15ULL * (bank + 1)) % m_m);
}

uint64_t
RdaSketch::Check(uint64_t id) const
{
    return m_checksum ? XXH64(&id, sizeof(id), ~m_seed) : 0;
}

void
RdaSketch::Update(uint64_t id, int64_t tsNs, int64_t sign)
{
    uint64_t c = Check(id);
    for (uint32_t b = 0; b < m_k; ++b)
    {
        Bucket& x = m_cells[static_cast<size_t>(b) * m_m + Index(b, id)];
        x.idx ^= id;
        x.chk ^= c;
        x.ts += sign * tsNs;
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
RdaSketch::Subtract(const RdaSketch& o)
{
    if (o.m_k != m_k || o.m_m != m_m || o.m_seed != m_seed || o.m_checksum != m_checksum)
    {
        return false;
    }
    for (size_t i = 0; i < m_cells.size(); ++i)
    {
        m_cells[i].idx ^= o.m_cells[i].idx;
        m_cells[i].chk ^= o.m_cells[i].chk;
        m_cells[i].ts -= o.m_cells[i].ts;
        m_cells[i].cnt -= o.m_cells[i].cnt;
    }
    return true;
}

bool
RdaSketch::Decode(std::vector<Entry>& out) const
{
    std::vector<Bucket> c = m_cells;
    auto pure = [&](size_t i) {
        const Bucket& x = c[i];
        if (x.cnt != 1 && x.cnt != -1)
        {
            return false;
        }
        uint32_t bank = static_cast<uint32_t>(i / m_m);
        return Index(bank, x.idx) == i % m_m && (!m_checksum || Check(x.idx) == x.chk);
    };
    std::deque<size_t> q;
    for (size_t i = 0; i < c.size(); ++i)
    {
        if (pure(i))
        {
            q.push_back(i);
        }
    }
    while (!q.empty())
    {
        size_t i = q.front();
        q.pop_front();
        if (!pure(i))
        {
            continue;
        }
        Entry e{c[i].idx, 0, c[i].cnt};
        out.push_back(e);
        uint64_t chk = c[i].chk;
        for (uint32_t b = 0; b < m_k; ++b)
        {
            size_t j = static_cast<size_t>(b) * m_m + Index(b, e.id);
            c[j].idx ^= e.id;
            c[j].chk ^= chk;
            c[j].cnt -= e.sign;
            if (pure(j))
            {
                q.push_back(j);
            }
        }
    }
    for (const Bucket& x : c)
    {
        if (x.idx != 0 || x.cnt != 0 || x.chk != 0)
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

} // namespace ns3
