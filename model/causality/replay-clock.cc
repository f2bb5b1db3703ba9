/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "replay-clock.h"

#include "ns3/chronometry-validation.h"

#include <algorithm>
#include <cmath>

namespace ns3
{

// ---------------------------------------------------------------- configuration

void
ReplayClockConfig::Validate() const
{
    chronometry::RequireDoubleInRange("ReplayClockConfig::n", n, 1, 65535, "processes");
    chronometry::RequireDoubleInRange("ReplayClockConfig::epsilon (E / I)",
                                      epsilon,
                                      1,
                                      1 << 20,
                                      "");
    chronometry::RequireTimeInRange("ReplayClockConfig::interval (I)",
                                    interval,
                                    Time::From(1),
                                    Hours(1));
    chronometry::RequireDoubleInRange("ReplayClockConfig::counterBits", counterBits, 1, 64, "bits");
    if (sumCounters && counterRule == ReplayCounterRule::EPOCH_COUNTS)
    {
        chronometry::ReportConfigError(
            "ReplayClockConfig::sumCounters = true is invalid with counterRule = EPOCH_COUNTS; "
            "valid: sumCounters only with the PUBLISHED counter rule");
    }
}

Time
ReplayClockConfig::GetSkewBound() const
{
    return interval * static_cast<int64_t>(epsilon);
}

uint32_t
ReplayClockConfig::GetOffsetBits() const
{
    return BitsFor(epsilon);
}

int64_t
ReplayClockConfig::EpochOf(Time pt) const
{
    int64_t p = pt.GetTimeStep();
    int64_t i = interval.GetTimeStep();
    int64_t q = p / i;
    return (p % i != 0 && p < 0) ? q - 1 : q; // floor division
}

namespace
{

/**
 * \param offset an offset
 * \param d a non-negative shift
 * \param epsilon the cap
 * \return min(offset + d, epsilon) without overflow
 */
uint32_t
Shifted(uint32_t offset, int64_t d, uint32_t epsilon)
{
    if (d >= static_cast<int64_t>(epsilon))
    {
        return epsilon;
    }
    return std::min<uint32_t>(offset + static_cast<uint32_t>(d), epsilon);
}

/** Result of a vector-style comparison. */
struct Dominance
{
    bool less = false;    //!< some component smaller
    bool greater = false; //!< some component larger

    /**
     * \param x component of a
     * \param y component of b
     */
    template <typename T>
    void Note(T x, T y)
    {
        less = less || x < y;
        greater = greater || x > y;
    }

    /** \return the order implied, or EQUAL when no component differs */
    CausalOrder Order() const
    {
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
};

} // namespace

// ---------------------------------------------------------------- ReplayClock

ReplayClock::ReplayClock(const ReplayClockConfig& config, uint32_t self, bool /* validated */)
    : m_config(config),
      m_self(self),
      m_mx(0),
      m_sum(0)
{
    if (self < config.n)
    {
        m_entries.push_back(Entry{self, 0, 0});
    }
}

ReplayClock::ReplayClock(const ReplayClockConfig& config, uint32_t self)
    : m_config(config),
      m_self(self),
      m_mx(0),
      m_sum(0)
{
    config.Validate();
    if (self > config.n) // self == n marks a decoded timestamp with no owner
    {
        chronometry::ReportConfigError("ReplayClock: self = " + std::to_string(self) +
                                       " is invalid; valid range: [0, n - 1]");
    }
    if (self < config.n)
    {
        m_entries.push_back(Entry{self, 0, 0});
    }
}

ReplayClock
ReplayClock::FromParts(const ReplayClockConfig& config,
                       uint32_t self,
                       int64_t mx,
                       const std::vector<uint32_t>& offsets,
                       const std::vector<uint64_t>& counters)
{
    if (offsets.size() != config.n || (!counters.empty() && counters.size() != config.n))
    {
        chronometry::ReportConfigError("ReplayClock::FromParts: offsets and counters need n = " +
                                       std::to_string(config.n) + " entries");
    }
    ReplayClock t(config, self);
    t.m_mx = mx;
    t.m_entries.clear();
    for (uint32_t k = 0; k < config.n; ++k)
    {
        uint32_t o = std::min(offsets[k], config.epsilon);
        uint64_t c = counters.empty() ? 0 : counters[k];
        if (config.sumCounters)
        {
            t.m_sum += c;
            c = 0;
        }
        if (o < config.epsilon || k == self || c > 0)
        {
            t.m_entries.push_back(Entry{k, o, c});
        }
    }
    return t;
}

std::vector<uint32_t>
ReplayClock::ExpandOffsets() const
{
    std::vector<uint32_t> full(m_config.n, m_config.epsilon);
    for (const auto& e : m_entries)
    {
        full[e.process] = e.offset;
    }
    return full;
}

std::vector<uint64_t>
ReplayClock::ExpandCounters() const
{
    std::vector<uint64_t> full(m_config.n, 0);
    for (const auto& e : m_entries)
    {
        full[e.process] = e.counter;
    }
    return full;
}

ReplayClock::Entry&
ReplayClock::Own()
{
    auto it = std::lower_bound(m_entries.begin(),
                               m_entries.end(),
                               m_self,
                               [](const Entry& e, uint32_t k) { return e.process < k; });
    if (it == m_entries.end() || it->process != m_self)
    {
        it = m_entries.insert(it, Entry{m_self, m_config.epsilon, 0});
    }
    return *it;
}

void
ReplayClock::Shift(int64_t newMx)
{
    int64_t d = newMx - m_mx;
    if (d <= 0)
    {
        return;
    }
    uint32_t eps = m_config.epsilon;
    for (auto& e : m_entries)
    {
        e.offset = Shifted(e.offset, d, eps);
    }
    m_entries.erase(std::remove_if(m_entries.begin(),
                                   m_entries.end(),
                                   [this, eps](const Entry& e) {
                                       return e.offset >= eps && e.process != m_self;
                                   }),
                    m_entries.end());
    m_mx = newMx;
}

ReplayClock
ReplayClock::MergeSameEpoch(const ReplayClock& a, const ReplayClock& b)
{
    return MergeOffsets(a, b, false);
}

ReplayClock
ReplayClock::MergeOffsets(const ReplayClock& a, const ReplayClock& b, bool keepFloor)
{
    ReplayClock c(a.m_config, a.m_self, true);
    c.m_mx = a.m_mx;
    c.m_entries.clear();
    const uint32_t eps = a.m_config.epsilon;
    std::size_t i = 0;
    std::size_t j = 0;
    while (i < a.m_entries.size() || j < b.m_entries.size())
    {
        uint32_t k;
        if (j == b.m_entries.size() ||
            (i < a.m_entries.size() && a.m_entries[i].process < b.m_entries[j].process))
        {
            k = a.m_entries[i].process;
        }
        else
        {
            k = b.m_entries[j].process;
        }
        uint32_t x = eps;
        uint32_t y = eps;
        if (i < a.m_entries.size() && a.m_entries[i].process == k)
        {
            x = a.m_entries[i++].offset;
        }
        if (j < b.m_entries.size() && b.m_entries[j].process == k)
        {
            y = b.m_entries[j++].offset;
        }
        uint32_t o = std::min(x, y);
        if (o < eps || k == c.m_self || keepFloor)
        {
            c.m_entries.push_back(Entry{k, o, 0});
        }
    }
    return c;
}

bool
ReplayClock::EqualOffset(const ReplayClock& a, const ReplayClock& b)
{
    if (a.m_mx != b.m_mx)
    {
        return false;
    }
    const uint32_t eps = a.m_config.epsilon;
    std::size_t i = 0;
    std::size_t j = 0;
    while (i < a.m_entries.size() || j < b.m_entries.size())
    {
        uint32_t x = eps;
        uint32_t y = eps;
        if (j == b.m_entries.size() ||
            (i < a.m_entries.size() && a.m_entries[i].process < b.m_entries[j].process))
        {
            x = a.m_entries[i++].offset;
        }
        else if (i == a.m_entries.size() || b.m_entries[j].process < a.m_entries[i].process)
        {
            y = b.m_entries[j++].offset;
        }
        else
        {
            x = a.m_entries[i++].offset;
            y = b.m_entries[j++].offset;
        }
        if (x != y)
        {
            return false;
        }
    }
    return true;
}

void
ReplayClock::ShiftCounts(int64_t newMx)
{
    int64_t d = newMx - m_mx;
    if (d <= 0)
    {
        return;
    }
    const uint32_t eps = m_config.epsilon;
    for (auto& e : m_entries)
    {
        if (d > static_cast<int64_t>(eps - e.offset))
        {
            e.offset = eps; // below the floor: the floor, with no event counted
            e.counter = 0;
        }
        else
        {
            e.offset += static_cast<uint32_t>(d);
        }
    }
    m_entries.erase(std::remove_if(m_entries.begin(),
                                   m_entries.end(),
                                   [this, eps](const Entry& e) {
                                       return e.offset >= eps && e.counter == 0 &&
                                              e.process != m_self;
                                   }),
                    m_entries.end());
    m_mx = newMx;
}

void
ReplayClock::AdvanceOwn(int64_t epoch)
{
    Entry& own = Own();
    // An owner whose epoch lies below the floor mx - epsilon (its clock is more than E behind
    // a clock the timestamp knows: real skew above the configured E) counts its event at the
    // floor, as the published rule caps its offset at epsilon; an uncapped offset would not
    // fit the encoding's offset field.
    int64_t at = std::max(epoch, m_mx - static_cast<int64_t>(m_config.epsilon));
    int64_t known = m_mx - own.offset;
    if (known == at)
    {
        ++own.counter;
    }
    else
    {
        own.offset = static_cast<uint32_t>(m_mx - at);
        own.counter = 1;
    }
}

void
ReplayClock::LocalOrSendCounts(Time pt)
{
    int64_t epoch = m_config.EpochOf(pt);
    ShiftCounts(std::max(m_mx, epoch));
    AdvanceOwn(epoch);
}

void
ReplayClock::ReceiveCounts(const ReplayClock& remote, Time pt)
{
    const uint32_t eps = m_config.epsilon;
    int64_t epoch = m_config.EpochOf(pt);
    int64_t newMx = std::max({m_mx, remote.m_mx, epoch});
    ReplayClock a = *this;
    a.ShiftCounts(newMx);
    ReplayClock b = remote;
    b.ShiftCounts(newMx);
    std::vector<Entry> merged;
    std::size_t i = 0;
    std::size_t j = 0;
    while (i < a.m_entries.size() || j < b.m_entries.size())
    {
        uint32_t k;
        if (j == b.m_entries.size() ||
            (i < a.m_entries.size() && a.m_entries[i].process < b.m_entries[j].process))
        {
            k = a.m_entries[i].process;
        }
        else
        {
            k = b.m_entries[j].process;
        }
        Entry x{k, eps, 0};
        Entry y{k, eps, 0};
        if (i < a.m_entries.size() && a.m_entries[i].process == k)
        {
            x = a.m_entries[i++];
        }
        if (j < b.m_entries.size() && b.m_entries[j].process == k)
        {
            y = b.m_entries[j++];
        }
        // Lexicographic maximum of (epoch, count): a smaller offset is a later epoch.
        bool takeX = x.offset < y.offset || (x.offset == y.offset && x.counter >= y.counter);
        merged.push_back(takeX ? x : y);
    }
    merged.erase(std::remove_if(merged.begin(),
                                merged.end(),
                                [this, eps](const Entry& e) {
                                    return e.offset >= eps && e.counter == 0 && e.process != m_self;
                                }),
                 merged.end());
    m_mx = newMx;
    m_entries = std::move(merged);
    AdvanceOwn(epoch);
}

void
ReplayClock::LocalOrSend(Time pt)
{
    if (m_config.counterRule == ReplayCounterRule::EPOCH_COUNTS)
    {
        LocalOrSendCounts(pt);
        return;
    }
    const uint32_t eps = m_config.epsilon;
    int64_t epoch = m_config.EpochOf(pt);
    int64_t newMx = std::max(m_mx, epoch);
    auto newOwn = static_cast<uint32_t>(std::min<int64_t>(newMx - epoch, eps));
    if (m_mx == newMx && Own().offset == newOwn)
    {
        if (m_config.sumCounters)
        {
            ++m_sum;
        }
        else
        {
            ++Own().counter;
        }
        return;
    }
    Shift(newMx);
    Own().offset = newOwn;
    for (auto& e : m_entries)
    {
        e.counter = 0;
    }
    m_sum = 0;
    // Entries at the floor were kept only for their counters, which are now 0: drop them (when
    // mx did not move, Shift dropped nothing), so that only offsets below epsilon stay stored.
    m_entries.erase(std::remove_if(m_entries.begin(),
                                   m_entries.end(),
                                   [this, eps](const Entry& e) {
                                       return e.offset >= eps && e.process != m_self;
                                   }),
                    m_entries.end());
}

void
ReplayClock::Receive(const ReplayClock& remote, Time pt)
{
    if (m_config.counterRule == ReplayCounterRule::EPOCH_COUNTS)
    {
        ReceiveCounts(remote, pt);
        return;
    }
    const uint32_t eps = m_config.epsilon;
    int64_t epoch = m_config.EpochOf(pt);
    int64_t newMx = std::max({m_mx, remote.m_mx, epoch});
    ReplayClock a = *this;
    a.Shift(newMx);
    ReplayClock b = remote;
    b.Shift(newMx);
    // Entries at the floor are kept until the counters are known: an entry whose offset is
    // epsilon still carries its counter (the full-size form keeps every counter).
    ReplayClock c = MergeOffsets(a, b, true);
    c.Own().offset = static_cast<uint32_t>(std::min<int64_t>(newMx - epoch, eps));

    bool sameAsMine = EqualOffset(*this, c);
    bool sameAsRemote = EqualOffset(remote, c);
    // Counters of c's entries, by the four cases of Algorithm 4.10.
    auto counterOf = [](const ReplayClock& t, uint32_t k) { return t.GetCounter(k); };
    for (auto& e : c.m_entries)
    {
        if (sameAsMine && sameAsRemote)
        {
            e.counter = std::max(counterOf(*this, e.process), counterOf(remote, e.process));
        }
        else if (sameAsMine)
        {
            e.counter = counterOf(*this, e.process);
        }
        else if (sameAsRemote)
        {
            e.counter = counterOf(remote, e.process);
        }
        else
        {
            e.counter = 0;
        }
    }
    if (m_config.sumCounters)
    {
        for (auto& e : c.m_entries)
        {
            e.counter = 0;
        }
        if (sameAsMine && sameAsRemote)
        {
            c.m_sum = std::max(m_sum, remote.m_sum) + 1;
        }
        else if (sameAsMine)
        {
            c.m_sum = m_sum + 1;
        }
        else if (sameAsRemote)
        {
            c.m_sum = remote.m_sum + 1;
        }
        else
        {
            c.m_sum = 0;
        }
    }
    else if (sameAsMine || sameAsRemote)
    {
        ++c.Own().counter;
    }
    c.m_entries.erase(std::remove_if(c.m_entries.begin(),
                                     c.m_entries.end(),
                                     [this, eps](const Entry& e) {
                                         return e.offset >= eps && e.counter == 0 &&
                                                e.process != m_self;
                                     }),
                      c.m_entries.end());
    m_mx = c.m_mx;
    m_entries = std::move(c.m_entries);
    m_sum = c.m_sum;
}

CausalOrder
ReplayClock::Compare(const ReplayClock& a, const ReplayClock& b)
{
    const int64_t eps = a.m_config.epsilon;
    if (b.m_mx > a.m_mx + eps)
    {
        return CausalOrder::BEFORE;
    }
    if (a.m_mx > b.m_mx + eps)
    {
        return CausalOrder::AFTER;
    }
    // Knowledge of process l is mx - offset.l (an absent offset is epsilon).
    Dominance knowledge;
    Dominance counters;
    std::size_t i = 0;
    std::size_t j = 0;
    uint32_t covered = 0;
    while (i < a.m_entries.size() || j < b.m_entries.size())
    {
        uint32_t k;
        if (j == b.m_entries.size() ||
            (i < a.m_entries.size() && a.m_entries[i].process < b.m_entries[j].process))
        {
            k = a.m_entries[i].process;
        }
        else
        {
            k = b.m_entries[j].process;
        }
        int64_t x = a.m_mx - eps;
        int64_t y = b.m_mx - eps;
        uint64_t cx = 0;
        uint64_t cy = 0;
        if (i < a.m_entries.size() && a.m_entries[i].process == k)
        {
            x = a.m_mx - a.m_entries[i].offset;
            cx = a.m_entries[i++].counter;
        }
        if (j < b.m_entries.size() && b.m_entries[j].process == k)
        {
            y = b.m_mx - b.m_entries[j].offset;
            cy = b.m_entries[j++].counter;
        }
        if (a.m_config.counterRule == ReplayCounterRule::EPOCH_COUNTS)
        {
            knowledge.Note(std::make_pair(x, cx), std::make_pair(y, cy));
        }
        else
        {
            knowledge.Note(x, y);
            counters.Note(cx, cy);
        }
        ++covered;
    }
    if (covered < a.m_config.n)
    {
        knowledge.Note(a.m_mx - eps, b.m_mx - eps); // processes stored by neither
    }
    CausalOrder k = knowledge.Order();
    if (a.m_config.counterRule == ReplayCounterRule::EPOCH_COUNTS)
    {
        return k; // the counts were part of each component
    }
    if (k != CausalOrder::EQUAL)
    {
        return k;
    }
    if (a.m_config.sumCounters)
    {
        Dominance sum;
        sum.Note(a.m_sum, b.m_sum);
        return sum.Order();
    }
    return counters.Order();
}

int64_t
ReplayClock::GetMx() const
{
    return m_mx;
}

bool
ReplayClock::IsStored(uint32_t k) const
{
    return std::binary_search(m_entries.begin(),
                              m_entries.end(),
                              Entry{k, 0, 0},
                              [](const Entry& x, const Entry& y) { return x.process < y.process; });
}

uint32_t
ReplayClock::GetOffset(uint32_t k) const
{
    for (const auto& e : m_entries)
    {
        if (e.process == k)
        {
            return e.offset;
        }
    }
    return m_config.epsilon;
}

uint64_t
ReplayClock::GetCounter(uint32_t k) const
{
    for (const auto& e : m_entries)
    {
        if (e.process == k)
        {
            return m_config.sumCounters ? (k == m_self ? m_sum : 0) : e.counter;
        }
    }
    return 0;
}

uint64_t
ReplayClock::GetCounterSum() const
{
    if (m_config.sumCounters)
    {
        return m_sum;
    }
    uint64_t s = 0;
    for (const auto& e : m_entries)
    {
        s += e.counter;
    }
    return s;
}

uint32_t
ReplayClock::GetOffsetCount() const
{
    return static_cast<uint32_t>(m_entries.size());
}

uint32_t
ReplayClock::GetCounterCount() const
{
    if (m_config.sumCounters)
    {
        return m_sum > 0 ? 1 : 0;
    }
    return static_cast<uint32_t>(std::count_if(m_entries.begin(),
                                               m_entries.end(),
                                               [](const Entry& e) { return e.counter > 0; }));
}

std::vector<uint64_t>
ReplayClock::GetBitmap() const
{
    std::vector<uint64_t> words((m_config.n + 63) / 64, 0);
    for (const auto& e : m_entries)
    {
        words[e.process / 64] |= uint64_t(1) << (e.process % 64);
    }
    return words;
}

uint32_t
ReplayClock::GetSelf() const
{
    return m_self;
}

const ReplayClockConfig&
ReplayClock::GetConfig() const
{
    return m_config;
}

uint32_t
ReplayClock::CounterWidth() const
{
    uint64_t largest = m_sum;
    for (const auto& e : m_entries)
    {
        largest = std::max(largest, e.counter);
    }
    return std::max(m_config.counterBits, BitsFor(largest));
}

uint32_t
ReplayClock::GetEncodedBits() const
{
    uint32_t words = (m_config.n + 63) / 64;
    uint32_t w = CounterWidth();
    uint32_t counters = m_config.sumCounters ? w : GetOffsetCount() * w;
    return 8 + 64 + 64 * words + GetOffsetCount() * m_config.GetOffsetBits() + counters;
}

std::vector<uint8_t>
ReplayClock::Encode(bool* widened) const
{
    uint32_t w = CounterWidth();
    if (widened)
    {
        *widened = w > m_config.counterBits;
    }
    BitWriter out(GetEncodedBits());
    out.Write(w, 8);
    out.Write(static_cast<uint64_t>(m_mx), 64);
    for (uint64_t word : GetBitmap())
    {
        out.Write(word, 64);
    }
    for (const auto& e : m_entries)
    {
        out.Write(e.offset, m_config.GetOffsetBits());
    }
    if (m_config.sumCounters)
    {
        out.Write(m_sum, w);
    }
    else
    {
        for (const auto& e : m_entries)
        {
            out.Write(e.counter, w);
        }
    }
    return out.TakeBytes();
}

void
ReplayClock::EncodeInto(std::vector<uint8_t>& out, bool* widened) const
{
    out = Encode(widened);
}

bool
ReplayClock::Decode(const uint8_t* data,
                    std::size_t size,
                    const ReplayClockConfig& config,
                    ReplayClock& out)
{
    return Decode(std::vector<uint8_t>(data, data + size), config, out);
}

bool
ReplayClock::Decode(const std::vector<uint8_t>& bytes,
                    const ReplayClockConfig& config,
                    ReplayClock& out)
{
    BitReader in(bytes.data(), bytes.size());
    uint64_t w = 0;
    uint64_t mx = 0;
    if (!in.Read(8, w) || w < 1 || w > 64 || !in.Read(64, mx))
    {
        return false;
    }
    uint32_t words = (config.n + 63) / 64;
    std::vector<uint64_t> bitmap(words);
    uint32_t stored = 0;
    for (uint32_t i = 0; i < words; ++i)
    {
        if (!in.Read(64, bitmap[i]))
        {
            return false;
        }
        stored += static_cast<uint32_t>(__builtin_popcountll(bitmap[i]));
    }
    uint32_t tail = config.n % 64;
    if (tail != 0 && (bitmap.back() >> tail) != 0)
    {
        return false; // bits for processes that do not exist
    }
    uint64_t bits = 8 + 64 + 64ULL * words + uint64_t(stored) * config.GetOffsetBits() +
                    (config.sumCounters ? w : uint64_t(stored) * w);
    if (stored == 0 || bytes.size() != (bits + 7) / 8)
    {
        return false;
    }
    ReplayClock t(config, config.n);
    t.m_mx = static_cast<int64_t>(mx);
    t.m_entries.reserve(stored);
    for (uint32_t i = 0; i < words; ++i)
    {
        for (uint64_t word = bitmap[i]; word != 0; word &= word - 1)
        {
            auto bit = static_cast<uint32_t>(__builtin_ctzll(word));
            uint64_t offset = 0;
            in.Read(config.GetOffsetBits(), offset);
            if (offset > config.epsilon)
            {
                return false;
            }
            t.m_entries.push_back(Entry{i * 64 + bit, static_cast<uint32_t>(offset), 0});
        }
    }
    if (config.sumCounters)
    {
        in.Read(static_cast<uint32_t>(w), t.m_sum);
    }
    else
    {
        for (auto& e : t.m_entries)
        {
            in.Read(static_cast<uint32_t>(w), e.counter);
        }
    }
    // Only the encoder's own (canonical) form is accepted: a counter width other than the one
    // Encode chooses, or nonzero padding bits, mean the bytes were not written by a RepCl
    // encoder (found by fuzzing; the value would decode but not re-encode to the same bytes).
    if (t.Encode() != bytes)
    {
        return false;
    }
    out = t;
    return true;
}

// ---------------------------------------------------------------- reference

ReplayClockReference::ReplayClockReference(const ReplayClockConfig& config, uint32_t self)
    : offsets(config.n, config.epsilon),
      counters(config.n, 0),
      m_config(config),
      m_self(self)
{
    config.Validate();
    offsets[self] = 0;
}

void
ReplayClockReference::Shift(int64_t newMx)
{
    int64_t d = newMx - mx;
    if (d <= 0)
    {
        return;
    }
    for (auto& o : offsets)
    {
        o = Shifted(o, d, m_config.epsilon);
    }
    mx = newMx;
}

bool
ReplayClockReference::SameOffsets(const ReplayClockReference& other) const
{
    return mx == other.mx && offsets == other.offsets;
}

void
ReplayClockReference::ShiftCounts(int64_t newMx)
{
    int64_t d = newMx - mx;
    if (d <= 0)
    {
        return;
    }
    for (uint32_t k = 0; k < m_config.n; ++k)
    {
        if (d > static_cast<int64_t>(m_config.epsilon - offsets[k]))
        {
            offsets[k] = m_config.epsilon;
            counters[k] = 0;
        }
        else
        {
            offsets[k] += static_cast<uint32_t>(d);
        }
    }
    mx = newMx;
}

void
ReplayClockReference::AdvanceOwn(int64_t epoch)
{
    int64_t at = std::max(epoch, mx - static_cast<int64_t>(m_config.epsilon)); // floor
    if (mx - offsets[m_self] == at)
    {
        ++counters[m_self];
    }
    else
    {
        offsets[m_self] = static_cast<uint32_t>(mx - at);
        counters[m_self] = 1;
    }
}

void
ReplayClockReference::LocalOrSend(Time pt)
{
    if (m_config.counterRule == ReplayCounterRule::EPOCH_COUNTS)
    {
        int64_t e = m_config.EpochOf(pt);
        ShiftCounts(std::max(mx, e));
        AdvanceOwn(e);
        return;
    }
    int64_t epoch = m_config.EpochOf(pt);
    int64_t newMx = std::max(mx, epoch);
    auto newOwn = static_cast<uint32_t>(std::min<int64_t>(newMx - epoch, m_config.epsilon));
    if (mx == newMx && offsets[m_self] == newOwn)
    {
        if (m_config.sumCounters)
        {
            ++sum;
        }
        else
        {
            ++counters[m_self];
        }
        return;
    }
    Shift(newMx);
    offsets[m_self] = newOwn;
    std::fill(counters.begin(), counters.end(), 0);
    sum = 0;
}

void
ReplayClockReference::Receive(const ReplayClockReference& remote, Time pt)
{
    if (m_config.counterRule == ReplayCounterRule::EPOCH_COUNTS)
    {
        int64_t e = m_config.EpochOf(pt);
        int64_t newMx = std::max({mx, remote.mx, e});
        ReplayClockReference b = remote;
        b.ShiftCounts(newMx);
        ShiftCounts(newMx);
        for (uint32_t k = 0; k < m_config.n; ++k)
        {
            if (b.offsets[k] < offsets[k] ||
                (b.offsets[k] == offsets[k] && b.counters[k] > counters[k]))
            {
                offsets[k] = b.offsets[k];
                counters[k] = b.counters[k];
            }
        }
        AdvanceOwn(e);
        return;
    }
    int64_t epoch = m_config.EpochOf(pt);
    int64_t newMx = std::max({mx, remote.mx, epoch});
    ReplayClockReference a = *this;
    a.Shift(newMx);
    ReplayClockReference b = remote;
    b.Shift(newMx);
    ReplayClockReference c = a;
    for (uint32_t k = 0; k < m_config.n; ++k)
    {
        c.offsets[k] = std::min(a.offsets[k], b.offsets[k]);
    }
    c.offsets[m_self] = static_cast<uint32_t>(std::min<int64_t>(newMx - epoch, m_config.epsilon));
    bool sameAsMine = SameOffsets(c);
    bool sameAsRemote = remote.SameOffsets(c);
    if (sameAsMine && sameAsRemote)
    {
        for (uint32_t k = 0; k < m_config.n; ++k)
        {
            c.counters[k] = std::max(counters[k], remote.counters[k]);
        }
        c.sum = std::max(sum, remote.sum);
    }
    else if (sameAsMine)
    {
        c.counters = counters;
        c.sum = sum;
    }
    else if (sameAsRemote)
    {
        c.counters = remote.counters;
        c.sum = remote.sum;
    }
    else
    {
        std::fill(c.counters.begin(), c.counters.end(), 0);
        c.sum = 0;
    }
    if (sameAsMine || sameAsRemote)
    {
        if (m_config.sumCounters)
        {
            ++c.sum;
        }
        else
        {
            ++c.counters[m_self];
        }
    }
    mx = c.mx;
    offsets = c.offsets;
    counters = c.counters;
    sum = c.sum;
}

CausalOrder
ReplayClockReference::Compare(const ReplayClockReference& a, const ReplayClockReference& b)
{
    const int64_t eps = a.m_config.epsilon;
    if (b.mx > a.mx + eps)
    {
        return CausalOrder::BEFORE;
    }
    if (a.mx > b.mx + eps)
    {
        return CausalOrder::AFTER;
    }
    Dominance knowledge;
    for (uint32_t k = 0; k < a.m_config.n; ++k)
    {
        int64_t x = a.mx - static_cast<int64_t>(a.offsets[k]);
        int64_t y = b.mx - static_cast<int64_t>(b.offsets[k]);
        if (a.m_config.counterRule == ReplayCounterRule::EPOCH_COUNTS)
        {
            knowledge.Note(std::make_pair(x, a.counters[k]), std::make_pair(y, b.counters[k]));
        }
        else
        {
            knowledge.Note(x, y);
        }
    }
    if (a.m_config.counterRule == ReplayCounterRule::EPOCH_COUNTS)
    {
        return knowledge.Order();
    }
    if (knowledge.Order() != CausalOrder::EQUAL)
    {
        return knowledge.Order();
    }
    Dominance c;
    if (a.m_config.sumCounters)
    {
        c.Note(a.sum, b.sum);
    }
    else
    {
        for (uint32_t k = 0; k < a.m_config.n; ++k)
        {
            c.Note(a.counters[k], b.counters[k]);
        }
    }
    return c.Order();
}

} // namespace ns3
