/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// The RepCl update rules: Algorithms 4.9 (send or local) and 4.10 (receive) of the thesis, the
// corrected EPOCH_COUNTS variant, and the offset operations they are made of (Shift,
// MergeSameEpoch, EqualOffset).
#include "replay-clock.h"

#include "ns3/log.h"

#include <algorithm>
#include <limits>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("ReplayClockRules");

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

} // namespace

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

uint64_t
ReplayClock::ReceivedSum(uint64_t mine, uint64_t theirs, bool sameAsMine, bool sameAsRemote)
{
    // Algorithm 4.10's four counter cases for the one sum counter; the receive itself counts.
    if (sameAsMine && sameAsRemote)
    {
        return std::max(mine, theirs) + 1;
    }
    if (sameAsMine)
    {
        return mine + 1;
    }
    return sameAsRemote ? theirs + 1 : 0;
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
    m_sum = sum ? ReceivedSum(m_sum, remote.m_sum, sameAsMine, sameAsRemote) : 0;
    m_mx = newMx;
}

} // namespace ns3
