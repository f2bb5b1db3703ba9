/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "logical-clocks.h"

#include "ns3/chronometry-validation.h"

#include <algorithm>
#include <limits>

namespace ns3
{

// ---------------------------------------------------------------- Lamport

void
LamportClock::LocalOrSend(Time /* pt */)
{
    ++m_value;
}

void
LamportClock::Receive(const LamportClock& remote, Time /* pt */)
{
    m_value = std::max(m_value, remote.m_value) + 1;
}

uint64_t
LamportClock::GetValue() const
{
    return m_value;
}

CausalOrder
LamportClock::Compare(const LamportClock& a, const LamportClock& b)
{
    if (a.m_value < b.m_value)
    {
        return CausalOrder::BEFORE;
    }
    if (a.m_value > b.m_value)
    {
        return CausalOrder::AFTER;
    }
    return CausalOrder::EQUAL;
}

std::vector<uint8_t>
LamportClock::Encode() const
{
    BitWriter w(GetEncodedBits());
    w.Write(m_value, 64);
    return w.TakeBytes();
}

void
LamportClock::EncodeInto(std::vector<uint8_t>& out) const
{
    out = Encode();
}

bool
LamportClock::Decode(const uint8_t* data, std::size_t size, LamportClock& out)
{
    return Decode(std::vector<uint8_t>(data, data + size), out);
}

bool
LamportClock::Decode(const std::vector<uint8_t>& bytes, LamportClock& out)
{
    if (bytes.size() != 8)
    {
        return false;
    }
    BitReader r(bytes.data(), bytes.size());
    uint64_t v = 0;
    r.Read(64, v);
    out.m_value = v;
    return true;
}

uint32_t
LamportClock::GetEncodedBits() const
{
    return 64;
}

// ---------------------------------------------------------------- Vector

VectorClock::VectorClock(uint32_t n, uint32_t self)
    : m_self(self)
{
    if (n < 1 || n > 65535)
    {
        chronometry::ReportConfigError("VectorClock: n = " + std::to_string(n) +
                                       " is invalid; valid range: [1, 65535]");
    }
    if (self >= n)
    {
        chronometry::ReportConfigError(
            "VectorClock: self = " + std::to_string(self) +
            " is invalid; valid range: [0, n - 1 = " + std::to_string(n - 1) + "]");
    }
    m_entries.assign(n, 0);
}

void
VectorClock::LocalOrSend(Time /* pt */)
{
    ++m_entries[m_self];
}

void
VectorClock::Receive(const VectorClock& remote, Time /* pt */)
{
    if (remote.m_entries.size() != m_entries.size())
    {
        chronometry::ReportConfigError(
            "VectorClock::Receive: remote n = " + std::to_string(remote.m_entries.size()) +
            " differs from n = " + std::to_string(m_entries.size()));
    }
    for (std::size_t k = 0; k < m_entries.size(); ++k)
    {
        m_entries[k] = std::max(m_entries[k], remote.m_entries[k]);
    }
    ++m_entries[m_self];
}

CausalOrder
VectorClock::Compare(const VectorClock& a, const VectorClock& b)
{
    bool less = false;
    bool greater = false;
    std::size_t n = std::min(a.m_entries.size(), b.m_entries.size());
    for (std::size_t k = 0; k < n; ++k)
    {
        less = less || a.m_entries[k] < b.m_entries[k];
        greater = greater || a.m_entries[k] > b.m_entries[k];
    }
    if (less && !greater)
    {
        return CausalOrder::BEFORE;
    }
    if (greater && !less)
    {
        return CausalOrder::AFTER;
    }
    return (less || greater) ? CausalOrder::CONCURRENT : CausalOrder::EQUAL;
}

uint32_t
VectorClock::GetN() const
{
    return static_cast<uint32_t>(m_entries.size());
}

uint32_t
VectorClock::GetSelf() const
{
    return m_self;
}

const std::vector<uint64_t>&
VectorClock::GetEntries() const
{
    return m_entries;
}

uint32_t
VectorClock::GetEncodedBits() const
{
    uint64_t largest = *std::max_element(m_entries.begin(), m_entries.end());
    uint32_t width = std::max<uint32_t>(1, BitsFor(largest));
    return 16 + 16 + 7 + width * GetN();
}

std::vector<uint8_t>
VectorClock::Encode() const
{
    uint64_t largest = *std::max_element(m_entries.begin(), m_entries.end());
    uint32_t width = std::max<uint32_t>(1, BitsFor(largest));
    BitWriter w(16 + 16 + 7 + width * GetN());
    w.Write(GetN(), 16);
    w.Write(m_self, 16);
    w.Write(width, 7);
    for (uint64_t e : m_entries)
    {
        w.Write(e, width);
    }
    return w.TakeBytes();
}

void
VectorClock::EncodeInto(std::vector<uint8_t>& out) const
{
    out = Encode();
}

bool
VectorClock::Decode(const uint8_t* data, std::size_t size, uint32_t n, VectorClock& out)
{
    return Decode(std::vector<uint8_t>(data, data + size), n, out);
}

bool
VectorClock::Decode(const std::vector<uint8_t>& bytes, uint32_t n, VectorClock& out)
{
    BitReader r(bytes.data(), bytes.size());
    uint64_t count = 0;
    uint64_t self = 0;
    uint64_t width = 0;
    if (!r.Read(16, count) || !r.Read(16, self) || !r.Read(7, width))
    {
        return false;
    }
    if (count != n || n == 0 || self >= n || width < 1 || width > 64)
    {
        return false;
    }
    uint64_t bits = 39 + width * n;
    if (bytes.size() != (bits + 7) / 8)
    {
        return false;
    }
    std::vector<uint64_t> entries(n);
    for (auto& e : entries)
    {
        if (!r.Read(static_cast<uint32_t>(width), e))
        {
            return false;
        }
    }
    VectorClock decoded(static_cast<uint32_t>(n), static_cast<uint32_t>(self));
    decoded.m_entries = std::move(entries);
    // Only the canonical form is accepted (found by fuzzing): the encoder's entry width and
    // zero padding bits. Other bytes would decode to a value that re-encodes differently.
    if (decoded.Encode() != bytes)
    {
        return false;
    }
    out = std::move(decoded);
    return true;
}

// ---------------------------------------------------------------- HLC

void
HybridLogicalClock::IncrementC()
{
    if (m_c == std::numeric_limits<uint32_t>::max())
    {
        ++m_saturations;
        return;
    }
    ++m_c;
}

void
HybridLogicalClock::LocalOrSend(Time pt)
{
    int64_t p = pt.GetTimeStep();
    int64_t l = std::max(m_l, p);
    if (l == m_l)
    {
        IncrementC();
    }
    else
    {
        m_c = 0;
    }
    m_l = l;
}

void
HybridLogicalClock::Receive(const HybridLogicalClock& remote, Time pt)
{
    int64_t p = pt.GetTimeStep();
    int64_t l = std::max({m_l, remote.m_l, p});
    if (l == m_l && l == remote.m_l)
    {
        m_c = std::max(m_c, remote.m_c);
        IncrementC();
    }
    else if (l == m_l)
    {
        IncrementC();
    }
    else if (l == remote.m_l)
    {
        m_c = remote.m_c;
        IncrementC();
    }
    else
    {
        m_c = 0;
    }
    m_l = l;
}

Time
HybridLogicalClock::GetL() const
{
    return Time::From(m_l);
}

uint32_t
HybridLogicalClock::GetC() const
{
    return m_c;
}

CausalOrder
HybridLogicalClock::Compare(const HybridLogicalClock& a, const HybridLogicalClock& b)
{
    if (a.m_l != b.m_l)
    {
        return a.m_l < b.m_l ? CausalOrder::BEFORE : CausalOrder::AFTER;
    }
    if (a.m_c != b.m_c)
    {
        return a.m_c < b.m_c ? CausalOrder::BEFORE : CausalOrder::AFTER;
    }
    return CausalOrder::EQUAL;
}

std::vector<uint8_t>
HybridLogicalClock::Encode() const
{
    BitWriter w(GetEncodedBits());
    w.Write(static_cast<uint64_t>(m_l), 64);
    w.Write(m_c, 32);
    return w.TakeBytes();
}

void
HybridLogicalClock::EncodeInto(std::vector<uint8_t>& out) const
{
    out = Encode();
}

bool
HybridLogicalClock::Decode(const uint8_t* data, std::size_t size, HybridLogicalClock& out)
{
    return Decode(std::vector<uint8_t>(data, data + size), out);
}

bool
HybridLogicalClock::Decode(const std::vector<uint8_t>& bytes, HybridLogicalClock& out)
{
    if (bytes.size() != 12)
    {
        return false;
    }
    BitReader r(bytes.data(), bytes.size());
    uint64_t l = 0;
    uint64_t c = 0;
    r.Read(64, l);
    r.Read(32, c);
    out.m_l = static_cast<int64_t>(l);
    out.m_c = static_cast<uint32_t>(c);
    return true;
}

uint32_t
HybridLogicalClock::GetEncodedBits() const
{
    return 96;
}

uint64_t
HybridLogicalClock::GetCounterSaturations() const
{
    return m_saturations;
}

} // namespace ns3
