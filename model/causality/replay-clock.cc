/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "replay-clock.h"

#include "ns3/chronometry-validation.h"

#include <algorithm>
#include <cmath>
#include <limits>

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
    // A scan: the stored entries are few, and every caller is linear in them anyway.
    Entry* a = m_entries.data();
    const std::size_t size = m_entries.size();
    const uint32_t self = m_self;
    std::size_t i = 0;
    while (i < size && a[i].process < self)
    {
        ++i;
    }
    if (i < size && a[i].process == self)
    {
        return a[i];
    }
    return *m_entries.insert(m_entries.begin() + static_cast<std::ptrdiff_t>(i),
                             Entry{self, m_config.epsilon, 0});
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
    // ShiftCounts and AdvanceOwn in one pass over the entries.
    const uint32_t eps = m_config.epsilon;
    const int64_t epoch = m_config.EpochOf(pt);
    const int64_t newMx = std::max(m_mx, epoch);
    const int64_t d = newMx - m_mx;
    // Locals and field stores: a store into the entries cannot alias them, so nothing reloads.
    Entry* a = m_entries.data();
    const std::size_t size = m_entries.size();
    const uint32_t self = m_self;
    const std::size_t none = std::numeric_limits<std::size_t>::max();
    std::size_t kept = 0;
    std::size_t own = none;
    for (std::size_t i = 0; i < size; ++i)
    {
        const uint32_t k = a[i].process;
        uint32_t offset = a[i].offset;
        uint64_t counter = a[i].counter;
        if (d > static_cast<int64_t>(eps - offset))
        {
            offset = eps; // below the floor: the floor, with no event counted
            counter = 0;
        }
        else
        {
            offset += static_cast<uint32_t>(d);
        }
        if (k == self)
        {
            own = kept;
        }
        else if (offset >= eps && counter == 0)
        {
            continue;
        }
        a[kept].process = k;
        a[kept].offset = offset;
        a[kept].counter = counter;
        ++kept;
    }
    if (kept != size)
    {
        m_entries.resize(kept);
    }
    m_mx = newMx;
    if (own == none)
    {
        AdvanceOwn(epoch); // no owner entry (a hand-built timestamp): AdvanceOwn inserts it
        return;
    }
    Entry& o = m_entries[own];
    int64_t at = std::max(epoch, newMx - static_cast<int64_t>(eps)); // see AdvanceOwn
    if (newMx - o.offset == at)
    {
        ++o.counter;
    }
    else
    {
        o.offset = static_cast<uint32_t>(newMx - at);
        o.counter = 1;
    }
}

void
ReplayClock::ReceiveCounts(const ReplayClock& remote, Time pt)
{
    const uint32_t eps = m_config.epsilon;
    const int64_t epoch = m_config.EpochOf(pt);
    int64_t newMx = m_mx > remote.m_mx ? m_mx : remote.m_mx;
    newMx = newMx > epoch ? newMx : epoch;
    const int64_t da = newMx - m_mx;
    const int64_t db = newMx - remote.m_mx;
    // Union merge taking per process the lexicographic maximum of (epoch, count), into plain
    // arrays on the stack (one per field: each value is reloaded as it was stored), then
    // appended to this timestamp's cleared storage: no copy of either timestamp object and,
    // once the capacity suffices, no allocation.
    const std::size_t na = m_entries.size();
    const std::size_t nb = remote.m_entries.size();
    uint32_t inlineKeys[SMALL_MERGE];
    uint32_t inlineOffsets[SMALL_MERGE];
    uint64_t inlineCounters[SMALL_MERGE];
    std::vector<uint32_t> heapKeys;
    std::vector<uint32_t> heapOffsets;
    std::vector<uint64_t> heapCounters;
    uint32_t* keys = inlineKeys;
    uint32_t* offsets = inlineOffsets;
    uint64_t* counters = inlineCounters;
    if (na + nb > SMALL_MERGE)
    {
        heapKeys.resize(na + nb);
        heapOffsets.resize(na + nb);
        heapCounters.resize(na + nb);
        keys = heapKeys.data();
        offsets = heapOffsets.data();
        counters = heapCounters.data();
    }
    const Entry* mine = m_entries.data();
    const Entry* theirs = remote.m_entries.data();
    const uint32_t self = m_self;
    const uint32_t last = std::numeric_limits<uint32_t>::max(); // above every process
    const std::size_t none = std::numeric_limits<std::size_t>::max();
    std::size_t own = none;
    // ShiftCounts of one entry: a pair that falls below the floor becomes the floor,
    // uncounted (an absent entry, (eps, 0), is the floor already).
    auto shiftPair = [eps](const Entry& e, int64_t d, uint32_t& offset, uint64_t& counter)
        __attribute__((always_inline))
    {
        if (d <= static_cast<int64_t>(eps - e.offset))
        {
            offset = e.offset + static_cast<uint32_t>(d);
            counter = e.counter;
        }
    };
    std::size_t count = 0;
    std::size_t i = 0;
    std::size_t j = 0;
    while (i < na || j < nb)
    {
        const uint32_t ka = i < na ? mine[i].process : last;
        const uint32_t kb = j < nb ? theirs[j].process : last;
        const uint32_t k = ka < kb ? ka : kb;
        uint32_t x = eps;
        uint64_t cx = 0;
        uint32_t y = eps;
        uint64_t cy = 0;
        if (ka == k)
        {
            shiftPair(mine[i++], da, x, cx);
        }
        if (kb == k)
        {
            shiftPair(theirs[j++], db, y, cy);
        }
        // Lexicographic maximum of (epoch, count): a smaller offset is a later epoch.
        const bool takeX = x < y || (x == y && cx >= cy);
        const uint32_t o = takeX ? x : y;
        const uint64_t c = takeX ? cx : cy;
        if (k == self)
        {
            own = count;
        }
        else if (o >= eps && c == 0)
        {
            continue; // the floor, uncounted: not stored
        }
        keys[count] = k;
        offsets[count] = o;
        counters[count] = c;
        ++count;
    }
    m_mx = newMx;
    if (own != none) // AdvanceOwn on the merged owner entry
    {
        const int64_t at = std::max(epoch, newMx - static_cast<int64_t>(eps));
        if (newMx - offsets[own] == at)
        {
            ++counters[own];
        }
        else
        {
            offsets[own] = static_cast<uint32_t>(newMx - at);
            counters[own] = 1;
        }
    }
    m_entries.clear();
    for (std::size_t e = 0; e < count; ++e)
    {
        m_entries.emplace_back(keys[e], offsets[e], counters[e]);
    }
    if (own == none)
    {
        AdvanceOwn(epoch); // no owner entry (a hand-built timestamp): AdvanceOwn inserts it
    }
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
    const int64_t epoch = m_config.EpochOf(pt);
    const int64_t newMx = std::max(m_mx, epoch);
    const auto newOwn = static_cast<uint32_t>(std::min<int64_t>(newMx - epoch, eps));
    Entry& own = Own();
    if (m_mx == newMx && own.offset == newOwn)
    {
        if (m_config.sumCounters)
        {
            ++m_sum;
        }
        else
        {
            ++own.counter;
        }
        return;
    }
    // Algorithm 4.9's second case in one pass: Shift (offsets that reach epsilon are no longer
    // stored), the owner's offset, counters reset.  Entries at the floor were kept only for
    // their counters, which are now 0: they go too, also when mx did not move.
    // Shifted(offset, d, eps) is min(offset + min(d, eps), eps); locals and field stores, so
    // that no store into the entries forces a reload.
    const int64_t d = newMx - m_mx;
    const uint32_t shift = d < eps ? static_cast<uint32_t>(d) : eps;
    Entry* a = m_entries.data();
    const std::size_t size = m_entries.size();
    const uint32_t self = m_self;
    std::size_t kept = 0;
    for (std::size_t i = 0; i < size; ++i)
    {
        const uint32_t k = a[i].process;
        uint32_t offset = newOwn;
        if (k != self)
        {
            offset = a[i].offset + shift < eps ? a[i].offset + shift : eps;
            if (offset >= eps)
            {
                continue;
            }
        }
        a[kept].process = k;
        a[kept].offset = offset;
        a[kept].counter = 0;
        ++kept;
    }
    if (kept != size)
    {
        m_entries.resize(kept);
    }
    m_sum = 0;
    m_mx = newMx;
}

void
ReplayClock::Receive(const ReplayClock& remote, Time pt)
{
    if (&remote == this)
    {
        ReplayClock copy = remote;
        Receive(copy, pt);
        return;
    }
    if (m_config.counterRule == ReplayCounterRule::EPOCH_COUNTS)
    {
        ReceiveCounts(remote, pt);
        return;
    }
    if (m_entries.empty() || m_self >= m_config.n)
    {
        Own(); // the owner's entry is always stored (this is for hand-built timestamps)
    }
    const uint32_t eps = m_config.epsilon;
    const int64_t epoch = m_config.EpochOf(pt);
    const int64_t newMx = std::max({m_mx, remote.m_mx, epoch});
    const int64_t da = newMx - m_mx;
    const int64_t db = newMx - remote.m_mx;
    const auto ownOffset = static_cast<uint32_t>(std::min<int64_t>(newMx - epoch, eps));
    const bool sum = m_config.sumCounters;
    const std::size_t na = m_entries.size();
    const std::size_t nb = remote.m_entries.size();
    const Entry* theirs = remote.m_entries.data();

    // Algorithm 4.10: both timestamps shifted to newMx, offsets merged by the minimum, the
    // owner's offset from its epoch; meanwhile, is the merged knowledge equal to this
    // timestamp's (EqualOffset(j, c)) and to the message's (EqualOffset(m, c))?  One merge
    // walk (selections without branches where the compiler can) into a stack buffer; then the
    // counters by the four cases, appended to this timestamp's storage.
    struct Merged
    {
        uint32_t process; //!< k
        uint32_t offset;  //!< merged offset
        uint64_t mine;    //!< this timestamp's counter for k
        uint64_t theirs;  //!< the message's counter for k
    };

    Merged inlineBuffer[SMALL_MERGE];
    std::vector<Merged> heapBuffer;
    Merged* merged = inlineBuffer;
    if (na + nb > SMALL_MERGE)
    {
        heapBuffer.resize(na + nb);
        merged = heapBuffer.data();
    }
    const Entry end{std::numeric_limits<uint32_t>::max(), eps, 0};
    // Shifted(offset, d, eps) is min(offset + min(d, eps), eps): the inner minimum once here.
    const uint32_t shiftA = da < eps ? static_cast<uint32_t>(da) : eps;
    const uint32_t shiftB = db < eps ? static_cast<uint32_t>(db) : eps;
    const uint32_t self = m_self;
    const Entry* mine = m_entries.data();
    bool sameAsMine = m_mx == newMx;
    bool sameAsRemote = remote.m_mx == newMx;
    std::size_t count = 0;
    std::size_t i = 0;
    std::size_t j = 0;
    while (i < na || j < nb)
    {
        const Entry& a = i < na ? mine[i] : end;
        const Entry& b = j < nb ? theirs[j] : end;
        const uint32_t k = std::min(a.process, b.process);
        const bool fromA = a.process == k;
        const bool fromB = b.process == k;
        const uint32_t x = fromA ? a.offset : eps;
        const uint32_t y = fromB ? b.offset : eps;
        const uint32_t sx = x + shiftA < eps ? x + shiftA : eps;
        const uint32_t sy = y + shiftB < eps ? y + shiftB : eps;
        const uint32_t o = k == self ? ownOffset : (sx < sy ? sx : sy);
        sameAsMine = sameAsMine && x == o;
        sameAsRemote = sameAsRemote && y == o;
        merged[count++] = Merged{k, o, fromA ? a.counter : 0, fromB ? b.counter : 0};
        i += fromA ? 1 : 0;
        j += fromB ? 1 : 0;
    }
    // The four counter cases as masks (counters are unsigned: the maximum with a masked-out
    // 0 is the other one).  Entries at the floor without a counter are not stored.
    const uint64_t keepMine = !sum && sameAsMine ? ~uint64_t(0) : 0;
    const uint64_t keepTheirs = !sum && sameAsRemote ? ~uint64_t(0) : 0;
    const uint64_t ownEvent = !sum && (sameAsMine || sameAsRemote) ? 1 : 0;
    m_entries.clear();
    for (std::size_t e = 0; e < count; ++e)
    {
        const Merged& m = merged[e];
        const uint64_t cm = m.mine & keepMine;
        const uint64_t ct = m.theirs & keepTheirs;
        uint64_t c = cm > ct ? cm : ct;
        if (m.process == self)
        {
            c += ownEvent;
        }
        else if (m.offset >= eps && c == 0)
        {
            continue;
        }
        m_entries.emplace_back(m.process, m.offset, c);
    }
    if (!sum)
    {
        m_sum = 0;
    }
    else if (sameAsMine && sameAsRemote)
    {
        m_sum = std::max(m_sum, remote.m_sum) + 1;
    }
    else if (sameAsMine)
    {
        m_sum = m_sum + 1;
    }
    else if (sameAsRemote)
    {
        m_sum = remote.m_sum + 1;
    }
    else
    {
        m_sum = 0;
    }
    m_mx = newMx;
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

uint32_t
ReplayClock::CounterWidth() const
{
    uint64_t any = m_sum; // the OR has the same highest bit as the largest counter
    for (const auto& e : m_entries)
    {
        any |= e.counter;
    }
    return std::max(m_config.counterBits, BitsFor(any));
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
    std::vector<uint8_t> out;
    EncodeInto(out, widened);
    return out;
}

void
ReplayClock::EncodeInto(std::vector<uint8_t>& out, bool* widened) const
{
    const uint32_t w = CounterWidth();
    if (widened)
    {
        *widened = w > m_config.counterBits;
    }
    const uint32_t words = (m_config.n + 63) / 64;
    const uint32_t offsetBits = m_config.GetOffsetBits();
    const Entry* entries = m_entries.data();
    const std::size_t stored = m_entries.size();
    WordPacker p(out,
                 72 + 64 * uint64_t(words) + stored * offsetBits +
                     (m_config.sumCounters ? w : stored * w));
    p.Put(w, 8);
    p.Put(static_cast<uint64_t>(m_mx), 64);
    // The bitmap, word by word, from the sorted entries.
    std::size_t next = 0;
    for (uint32_t word = 0; word < words; ++word)
    {
        uint64_t bits = 0;
        for (; next < stored && entries[next].process / 64 == word; ++next)
        {
            bits |= uint64_t(1) << (entries[next].process % 64);
        }
        p.Put(bits, 64);
    }
    for (std::size_t e = 0; e < stored; ++e)
    {
        p.Put(entries[e].offset, offsetBits);
    }
    if (m_config.sumCounters)
    {
        p.Put(m_sum, w);
    }
    else
    {
        for (std::size_t e = 0; e < stored; ++e)
        {
            p.Put(entries[e].counter, w);
        }
    }
    p.Finish();
}

namespace
{

/**
 * \param a a configuration
 * \param b another
 * \return whether every field agrees
 */
bool
SameConfig(const ReplayClockConfig& a, const ReplayClockConfig& b)
{
    return a.n == b.n && a.epsilon == b.epsilon && a.interval == b.interval &&
           a.counterBits == b.counterBits && a.sumCounters == b.sumCounters &&
           a.counterRule == b.counterRule;
}

} // namespace

bool
ReplayClock::Decode(const std::vector<uint8_t>& bytes,
                    const ReplayClockConfig& config,
                    ReplayClock& out)
{
    return Decode(bytes.data(), bytes.size(), config, out);
}

bool
ReplayClock::Decode(const uint8_t* data,
                    std::size_t size,
                    const ReplayClockConfig& config,
                    ReplayClock& out)
{
    const uint32_t words = (config.n + 63) / 64;
    if (size < 9 || static_cast<uint64_t>(size) * 8 < 72 + 64 * uint64_t(words))
    {
        return false; // shorter than w, mx and the bitmap
    }
    BitUnpacker in(data, size);
    const uint64_t w = in.Get(0, 8);
    if (w < 1 || w > 64)
    {
        return false;
    }
    const auto mx = static_cast<int64_t>(in.Get(8, 64));
    // The bitmap, read once (on the stack up to n = 1024).
    uint64_t inlineBitmap[16];
    std::vector<uint64_t> heapBitmap;
    uint64_t* bitmap = inlineBitmap;
    if (words > 16)
    {
        heapBitmap.resize(words);
        bitmap = heapBitmap.data();
    }
    uint64_t stored = 0;
    for (uint32_t i = 0; i < words; ++i)
    {
        bitmap[i] = in.Get(72 + 64 * uint64_t(i), 64);
        stored += PopCount(bitmap[i]);
    }
    const uint32_t tail = config.n % 64;
    if (tail != 0 && (bitmap[words - 1] >> tail) != 0)
    {
        return false; // bits for processes that do not exist
    }
    const uint32_t offsetBits = config.GetOffsetBits();
    const uint64_t offsets = 72 + 64 * uint64_t(words);
    const uint64_t counters = offsets + stored * offsetBits;
    const uint64_t bits = counters + (config.sumCounters ? w : stored * w);
    if (stored == 0 || !in.IsExactLength(bits))
    {
        return false;
    }
    // The harness and the network decode with the receiver's own configuration: no compare.
    const bool sameConfig = &config == &out.m_config || SameConfig(config, out.m_config);
    if (!sameConfig)
    {
        config.Validate(); // out's configuration was validated when out was made
    }
    // Only the encoder's own (canonical) form is accepted: offsets within epsilon, the counter
    // width Encode chooses (found by fuzzing: another width would decode but not re-encode to
    // the same bytes) and zero padding bits.  A first pass checks the fields before out is
    // touched; the second reads them again into out (cheaper than a stack copy of the entries).
    const auto cw = static_cast<uint32_t>(w);
    const bool sumCounters = config.sumCounters;
    // With a few entries every offset and counter lies in the input's last 8 bytes: then they
    // are cut from that one word, in a register, instead of a bounds-checked load each.
    const uint64_t tailStart = (static_cast<uint64_t>(size) - 8) * 8; // size >= 9
    const bool inTail = offsets >= tailStart;
    const uint64_t last = inTail ? in.Get(tailStart, 64) : 0;
    auto field = [&in, inTail, last, tailStart ](uint64_t position, uint32_t width)
        __attribute__((always_inline))
    {
        return inTail ? (last << (position - tailStart)) >> (64 - width) : in.Get(position, width);
    };
    uint64_t any = 0;
    uint64_t largestOffset = 0;
    for (uint64_t e = 0; e < stored; ++e)
    {
        const uint64_t offset = field(offsets + e * offsetBits, offsetBits);
        largestOffset = offset > largestOffset ? offset : largestOffset;
        any |= sumCounters ? 0 : field(counters + e * cw, cw);
    }
    if (largestOffset > config.epsilon)
    {
        return false;
    }
    const uint64_t sum = sumCounters ? field(counters, cw) : 0;
    if (std::max(config.counterBits, BitsFor(any | sum)) != cw)
    {
        return false;
    }
    if (!sameConfig)
    {
        out.m_config = config;
    }
    out.m_self = config.n;
    out.m_mx = mx;
    out.m_sum = sum;
    out.m_entries.clear();
    uint64_t e = 0;
    for (uint32_t i = 0; i < words; ++i)
    {
        for (uint64_t word = bitmap[i]; word != 0; word &= word - 1, ++e)
        {
            out.m_entries.emplace_back(
                i * 64 + static_cast<uint32_t>(__builtin_ctzll(word)),
                static_cast<uint32_t>(field(offsets + e * offsetBits, offsetBits)),
                sumCounters ? 0 : field(counters + e * cw, cw));
        }
    }
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
