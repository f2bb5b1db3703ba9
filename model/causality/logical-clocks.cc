/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "logical-clocks.h"

#include "ns3/chronometry-validation.h"
#include "ns3/log.h"

#include <algorithm>
#include <limits>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("LogicalClocks");

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
    std::vector<uint8_t> out;
    EncodeInto(out);
    return out;
}

void
LamportClock::EncodeInto(std::vector<uint8_t>& out) const
{
    BitPacker::Scratch scratch;
    BitPacker w(out, 64, scratch);
    w.Put(m_value, 64);
    w.Finish();
}

bool
LamportClock::Decode(const std::vector<uint8_t>& bytes, LamportClock& out)
{
    return Decode(bytes.data(), bytes.size(), out);
}

bool
LamportClock::Decode(const uint8_t* data, std::size_t size, LamportClock& out)
{
    if (size != 8)
    {
        return false;
    }
    out.m_value = BitUnpacker(data, size).Get(0, 64);
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
VectorClock::Receive(const VectorClock& remote, Time pt)
{
    ReceiveEntries(remote.m_entries, pt);
}

void
VectorClock::ReceiveEntries(const std::vector<uint64_t>& remote, Time /* pt */)
{
    const std::size_t n = m_entries.size();
    if (remote.size() != n)
    {
        chronometry::ReportConfigError(
            "VectorClock::ReceiveEntries: remote n = " + std::to_string(remote.size()) +
            " differs from n = " + std::to_string(n));
    }
    uint64_t* mine = m_entries.data();
    const uint64_t* theirs = remote.data();
    for (std::size_t k = 0; k < n; ++k)
    {
        mine[k] = mine[k] < theirs[k] ? theirs[k] : mine[k];
    }
    ++mine[m_self];
}

void
VectorClock::ReceiveEntries(const std::vector<uint64_t>& remote,
                            uint32_t sender,
                            uint64_t senderEntry,
                            Time pt)
{
    if (sender >= m_entries.size() || remote.size() != m_entries.size() ||
        senderEntry > remote[sender])
    {
        chronometry::ReportConfigError(
            "VectorClock::ReceiveEntries: sender = " + std::to_string(sender) +
            ", n = " + std::to_string(remote.size()) +
            " (this clock's n = " + std::to_string(m_entries.size()) +
            "), or the sender's entry at the send exceeds its entry now");
    }
    const uint64_t before = m_entries[sender];
    ReceiveEntries(remote, pt);
    // The merge took the sender's entry now; the send knew only senderEntry.  (A receiver
    // that is the sender, its own message, is unaffected: its entry already counts the send.)
    if (sender != m_self)
    {
        m_entries[sender] = std::max(before, senderEntry);
    }
}

CausalOrder
VectorClock::Compare(const VectorClock& a, const VectorClock& b)
{
    ComponentwiseOrder order;
    std::size_t n = std::min(a.m_entries.size(), b.m_entries.size());
    for (std::size_t k = 0; k < n; ++k)
    {
        order.Note(a.m_entries[k], b.m_entries[k]);
    }
    return order.Order();
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

namespace
{

/**
 * \param entries vector clock entries
 * \return the entry width of the encoding: the bits of the largest entry, at least 1 (the
 * largest entry has the same highest bit as the OR of all, which vectorizes)
 */
uint32_t
EntryWidth(const std::vector<uint64_t>& entries)
{
    // Four independent accumulators (the loop is not vectorized at -O2).
    const uint64_t* e = entries.data();
    const std::size_t n = entries.size();
    uint64_t any[4] = {0, 0, 0, 0};
    std::size_t k = 0;
    for (; k + 4 <= n; k += 4)
    {
        any[0] |= e[k];
        any[1] |= e[k + 1];
        any[2] |= e[k + 2];
        any[3] |= e[k + 3];
    }
    for (; k < n; ++k)
    {
        any[0] |= e[k];
    }
    return std::max<uint32_t>(1, BitsFor(any[0] | any[1] | any[2] | any[3]));
}

} // namespace

uint32_t
VectorClock::GetEncodedBits() const
{
    return 16 + 16 + 7 + EntryWidth(m_entries) * GetN();
}

std::vector<uint8_t>
VectorClock::Encode() const
{
    std::vector<uint8_t> out;
    EncodeInto(out);
    return out;
}

void
VectorClock::EncodeInto(std::vector<uint8_t>& out) const
{
    const uint32_t width = EntryWidth(m_entries);
    BitPacker::Scratch scratch;
    BitPacker w(out, 16 + 16 + 7 + uint64_t(width) * GetN(), scratch);
    w.Put(GetN(), 16);
    w.Put(m_self, 16);
    w.Put(width, 7);
    w.PutAll(m_entries.data(), m_entries.size(), width);
    w.Finish();
}

bool
VectorClock::Decode(const std::vector<uint8_t>& bytes, uint32_t n, VectorClock& out)
{
    return Decode(bytes.data(), bytes.size(), n, out);
}

bool
VectorClock::Decode(const uint8_t* data, std::size_t size, uint32_t n, VectorClock& out)
{
    if (size < 5) // the 39 header bits
    {
        return false;
    }
    BitUnpacker r(data, size);
    uint64_t count = r.Next(16);
    uint64_t self = r.Next(16);
    uint64_t width = r.Next(7);
    if (count != n || n == 0 || self >= n || width < 1 || width > 64)
    {
        return false;
    }
    const uint64_t start = r.GetPosition();
    // Only the canonical form is accepted (found by fuzzing): the encoder's entry width (the
    // largest entry needs all of it) and zero padding bits. Other bytes would decode to a value
    // that re-encodes differently. Checked before \p out is touched.
    if (!r.IsExactLength(start + width * n))
    {
        return false;
    }
    const auto w = static_cast<uint32_t>(width);
    if (n <= 128)
    {
        // Decode into a stack buffer, check the width (the widest entry needs all of it), then
        // copy: one pass over the bits.
        uint64_t entries[128];
        uint64_t any = r.GetAll(start, w, n, entries);
        if (std::max<uint32_t>(1, BitsFor(any)) != w)
        {
            return false;
        }
        out.m_self = static_cast<uint32_t>(self);
        out.m_entries.assign(entries, entries + n);
        return true;
    }
    if (w > 1)
    {
        uint64_t top = 0;
        for (uint32_t k = 0; k < n; ++k)
        {
            top |= r.Get(start + uint64_t(k) * w, 1); // the entry's highest bit
        }
        if (top == 0)
        {
            return false;
        }
    }
    out.m_self = static_cast<uint32_t>(self);
    out.m_entries.resize(n);
    r.GetAll(start, w, n, out.m_entries.data());
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
    std::vector<uint8_t> out;
    EncodeInto(out);
    return out;
}

void
HybridLogicalClock::EncodeInto(std::vector<uint8_t>& out) const
{
    BitPacker::Scratch scratch;
    BitPacker w(out, 96, scratch);
    w.Put(static_cast<uint64_t>(m_l), 64);
    w.Put(m_c, 32);
    w.Finish();
}

bool
HybridLogicalClock::Decode(const std::vector<uint8_t>& bytes, HybridLogicalClock& out)
{
    return Decode(bytes.data(), bytes.size(), out);
}

bool
HybridLogicalClock::Decode(const uint8_t* data, std::size_t size, HybridLogicalClock& out)
{
    if (size != 12)
    {
        return false;
    }
    BitUnpacker r(data, size);
    out.m_l = static_cast<int64_t>(r.Get(0, 64));
    out.m_c = static_cast<uint32_t>(r.Get(64, 32));
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
