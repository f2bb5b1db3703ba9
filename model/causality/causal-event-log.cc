/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "causal-event-log.h"

#include "ns3/abort.h"
#include "ns3/chronometry-validation.h"
#include "ns3/log.h"

#include <algorithm>

#define XXH_INLINE_ALL
#include <xxhash.h>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("CausalEventLog");

namespace
{

/** \return the hash the log compares a receive's bytes with its send's */
uint64_t
HashOf(const uint8_t* bytes, std::size_t size)
{
    return XXH3_64bits(bytes, size);
}

} // namespace

// ---------------------------------------------------------------- CausalEventLog

CausalEventLog::CausalEventLog()
    : m_n(0),
      m_stampedSends(0),
      m_clockBytes{},
      m_materializedValid(false)
{
}

void
CausalEventLog::AddProcess(const CausalityConfig& config, uint32_t self)
{
    if (m_n == 0)
    {
        m_n = config.n;
        m_configs.assign(m_n, CausalityConfig());
        m_registered.assign(m_n, 0);
    }
    if (config.n != m_n)
    {
        chronometry::ReportConfigError(
            "CausalEventLog: a process with n = " + std::to_string(config.n) +
            " joins a log of n = " + std::to_string(m_n) + " processes (valid: the same n)");
    }
    if (self >= m_n)
    {
        chronometry::ReportConfigError(
            "CausalEventLog: process " + std::to_string(self) +
            " is invalid; valid range: [0, n - 1 = " + std::to_string(m_n - 1) + "]");
    }
    if (m_registered[self])
    {
        chronometry::ReportConfigError("CausalEventLog: process " + std::to_string(self) +
                                       " is already registered (valid: one CausalProcess per "
                                       "index and log)");
    }
    m_registered[self] = 1;
    m_configs[self] = config;
    m_configs[self].replay = config.GetReplayConfig();
}

void
CausalEventLog::Append(uint32_t process,
                       CausalEventKind kind,
                       Time trueTime,
                       Time pt,
                       uint64_t messageId,
                       uint32_t peer,
                       const uint8_t* wire,
                       uint32_t wireBytes)
{
    if (process >= m_n || !m_registered[process])
    {
        chronometry::ReportConfigError("CausalEventLog::Append: process " +
                                       std::to_string(process) + " is not registered");
    }
    const uint64_t index = m_records.size();
    uint64_t link = 0;
    if (kind == CausalEventKind::SEND)
    {
        m_sends[messageId] = SendInfo{index, HashOf(wire, wireBytes)};
        std::array<uint32_t, CAUSAL_CLOCK_KINDS> parts;
        if (wireBytes > 0 && CausalStamp::PartSizes(wire, wireBytes, parts))
        {
            ++m_stampedSends;
            for (std::size_t k = 0; k < CAUSAL_CLOCK_KINDS; ++k)
            {
                m_clockBytes[k] += parts[k];
            }
        }
    }
    else if (kind == CausalEventKind::RECEIVE)
    {
        auto it = m_sends.find(messageId);
        if (it != m_sends.end() && it->second.hash == HashOf(wire, wireBytes))
        {
            link = it->second.index;
            ++m_records[link].link;
        }
        else
        {
            link = OVERRIDE | m_overrides.size();
            uint64_t send = NO_SEND;
            if (it != m_sends.end() && m_configs[process].LogComputesVector())
            {
                // The replay's vector clock follows the message, whatever bytes it carried.
                send = it->second.index;
                ++m_records[send].link;
            }
            m_overrides.push_back(Override{std::vector<uint8_t>(wire, wire + wireBytes), send});
        }
    }
    m_records.push_back(
        CausalEventRecord{trueTime, pt, messageId, link, process, peer, wireBytes, kind});
    m_materializedValid = false;
}

uint64_t
CausalEventLog::GetStampedSendCount() const
{
    return m_stampedSends;
}

uint64_t
CausalEventLog::GetStampBytes(CausalClockKind clock) const
{
    return m_clockBytes.at(static_cast<std::size_t>(clock));
}

double
CausalEventLog::GetMeanStampBytes(CausalClockKind clock) const
{
    return m_stampedSends == 0
               ? 0.0
               : static_cast<double>(GetStampBytes(clock)) / static_cast<double>(m_stampedSends);
}

std::size_t
CausalEventLog::size() const
{
    return m_records.size();
}

bool
CausalEventLog::empty() const
{
    return m_records.empty();
}

uint32_t
CausalEventLog::GetN() const
{
    return m_n;
}

const CausalEventRecord&
CausalEventLog::GetRecord(std::size_t index) const
{
    return m_records.at(index);
}

bool
CausalEventLog::IsRegistered(uint32_t process) const
{
    return process < m_n && m_registered[process];
}

const CausalityConfig&
CausalEventLog::GetConfig(uint32_t process) const
{
    if (process >= m_n || !m_registered[process])
    {
        chronometry::ReportConfigError("CausalEventLog::GetConfig: process " +
                                       std::to_string(process) + " is not registered");
    }
    return m_configs[process];
}

uint64_t
CausalEventLog::GetOverrideCount() const
{
    return m_overrides.size();
}

CausalEventLog::const_iterator
CausalEventLog::begin() const
{
    auto cursor = std::make_shared<Cursor>(*this);
    cursor->Next();
    return const_iterator(cursor);
}

CausalEventLog::const_iterator
CausalEventLog::end() const
{
    return const_iterator();
}

const std::vector<CausalEvent>&
CausalEventLog::Materialize() const
{
    if (!m_materializedValid)
    {
        m_materialized.clear();
        m_materialized.reserve(m_records.size());
        Cursor cursor(*this);
        while (cursor.Next())
        {
            m_materialized.push_back(cursor.Current());
        }
        m_materializedValid = true;
    }
    return m_materialized;
}

const CausalEvent&
CausalEventLog::operator[](std::size_t index) const
{
    return Materialize().at(index);
}

CausalEventLog::operator const std::vector<CausalEvent>&() const
{
    return Materialize();
}

std::size_t
CausalEventLog::GetMemoryBytes() const
{
    std::size_t bytes = m_records.capacity() * sizeof(CausalEventRecord);
    // Hash map: the bucket array and one node (key, value, next pointer, cached hash) per send.
    bytes += m_sends.bucket_count() * sizeof(void*);
    bytes += m_sends.size() *
             (sizeof(std::pair<const uint64_t, SendInfo>) + sizeof(void*) + sizeof(std::size_t));
    for (const auto& o : m_overrides)
    {
        bytes += sizeof(o) + o.bytes.capacity();
    }
    bytes += m_configs.capacity() * sizeof(CausalityConfig) + m_registered.capacity();
    return bytes;
}

// ---------------------------------------------------------------- Cursor

CausalEventLog::Cursor::Cursor(const CausalEventLog& log, bool computeVector)
    : m_log(log),
      m_computeVector(computeVector),
      m_events(log.m_n, 0),
      m_largest(log.m_n, 0),
      m_end(log.m_records.size()),
      m_next(0),
      m_now(log.m_n),
      m_remote(1, 0), // Decode sizes the vector when the stamps carry one
      m_current(nullptr),
      m_live(log.m_n)
{
}

void
CausalEventLog::Cursor::FollowMaximum(const CausalEventRecord& r, const Pending* pending)
{
    // The vector's largest entry: the own entry counts the process' events, and a receive takes
    // the maximum with the send's (as the merge does, entry by entry).
    uint64_t largest = std::max(m_largest[r.process], ++m_events[r.process]);
    if (r.kind == CausalEventKind::RECEIVE && pending)
    {
        largest = std::max(largest, pending->largest);
    }
    m_largest[r.process] = largest;
}

bool
CausalEventLog::Cursor::Next()
{
    if (m_next >= m_end)
    {
        m_current = nullptr;
        m_next = m_end + 1; // past the end
        return false;
    }
    const uint64_t index = m_next++;
    const CausalEventRecord& r = m_log.m_records[index];
    std::unique_ptr<CausalEvent>& now = m_now[r.process];
    const CausalityConfig& config = m_log.m_configs[r.process];
    // The vector clock the processes did not carry: computed here from the message graph.
    const bool graphTruth = config.LogComputesVector() && m_computeVector;
    if (!now)
    {
        now = std::make_unique<CausalEvent>(CausalEvent{0,
                                                        r.process,
                                                        CausalEventKind::LOCAL,
                                                        Time(0),
                                                        Time(0),
                                                        0,
                                                        0,
                                                        0,
                                                        CausalStamp::Initial(config, r.process)});
        if (graphTruth)
        {
            now->stamp.vector = VectorClock(config.n, r.process);
        }
    }
    CausalStamp& stamp = now->stamp;
    stamp.runsVector = config.CarriesVector(); // the clocks' own step and encoding, as run
    if (r.kind == CausalEventKind::RECEIVE)
    {
        const std::vector<uint8_t>* bytes = nullptr;
        uint64_t send = r.link;
        if (r.link & OVERRIDE)
        {
            const Override& o = m_log.m_overrides[r.link & ~OVERRIDE];
            bytes = &o.bytes;
            send = o.send;
        }
        auto pending = m_pending.end();
        if (!(send & OVERRIDE)) // NO_SEND has the bit too
        {
            pending = m_pending.find(send);
            NS_ABORT_MSG_IF(pending == m_pending.end(),
                            "CausalEventLog: receive " << index << " of send " << send
                                                       << " found no stamp (log out of order)");
            if (!bytes)
            {
                bytes = &pending->second.bytes;
            }
        }
        bool ok = CausalStamp::DecodeInto(bytes->data(), bytes->size(), config, m_remote);
        NS_ABORT_MSG_IF(!ok,
                        "CausalEventLog: the stamp of receive " << index << " no longer decodes");
        stamp.Receive(m_remote, r.pt);
        if (graphTruth)
        {
            MergeTruth(r, pending != m_pending.end() ? &pending->second : nullptr, stamp.vector);
        }
        FollowMaximum(r, pending != m_pending.end() ? &pending->second : nullptr);
        if (pending != m_pending.end() && --pending->second.remaining == 0)
        {
            if (!pending->second.truth.empty())
            {
                m_spare.push_back(std::move(pending->second.truth));
            }
            m_pending.erase(pending);
        }
    }
    else
    {
        stamp.LocalOrSend(r.pt);
        if (graphTruth)
        {
            stamp.vector.LocalOrSend(r.pt);
        }
        FollowMaximum(r, nullptr);
        if (r.kind == CausalEventKind::SEND && r.link > 0)
        {
            Pending& p = m_pending[index];
            stamp.EncodeInto(p.bytes, m_scratch);
            p.remaining = r.link;
            p.largest = m_largest[r.process];
            if (graphTruth)
            {
                KeepTruth(index, r.process, stamp.vector, p);
            }
        }
    }
    // What the replayed event reports: a vector clock when there is one to report.
    stamp.runsVector = config.vector && (config.CarriesVector() || graphTruth);
    now->id = index;
    now->kind = r.kind;
    now->trueTime = r.trueTime;
    now->pt = r.pt;
    now->messageId = r.messageId;
    now->peer = r.peer;
    now->wireBytes = r.wireBytes;
    m_current = now.get();
    return true;
}

void
CausalEventLog::Cursor::MergeTruth(const CausalEventRecord& r,
                                   const Pending* pending,
                                   VectorClock& vector)
{
    Detach(r.process); // the merge changes this process' vector: its sends keep theirs
    if (pending && pending->live)
    {
        vector.ReceiveEntries(m_now[pending->owner]->stamp.vector.GetEntries(),
                              pending->owner,
                              pending->ownAtSend,
                              r.pt);
    }
    else if (pending && !pending->truth.empty())
    {
        vector.ReceiveEntries(pending->truth, r.pt);
    }
    else
    {
        vector.LocalOrSend(r.pt); // a message from outside the log: no past to merge
    }
}

void
CausalEventLog::Cursor::KeepTruth(uint64_t index,
                                  uint32_t process,
                                  const VectorClock& vector,
                                  Pending& pending)
{
    // Not copied (n entries) but marked: the process' vector is the send's until a receive
    // merges into it (Detach), and most receives of a send come first.
    pending.live = true;
    pending.owner = process;
    pending.ownAtSend = vector.GetEntries()[process];
    std::vector<uint64_t>& live = m_live[process];
    live.erase(std::remove_if(live.begin(),
                              live.end(),
                              [this](uint64_t send) { return !m_pending.count(send); }),
               live.end());
    live.push_back(index);
}

void
CausalEventLog::Cursor::Detach(uint32_t process)
{
    std::vector<uint64_t>& live = m_live[process];
    for (uint64_t send : live)
    {
        auto it = m_pending.find(send);
        if (it == m_pending.end() || !it->second.live)
        {
            continue; // every receive of it is done
        }
        Pending& p = it->second;
        if (!m_spare.empty())
        {
            p.truth = std::move(m_spare.back());
            m_spare.pop_back();
        }
        const std::vector<uint64_t>& entries = m_now[process]->stamp.vector.GetEntries();
        p.truth.assign(entries.begin(), entries.end());
        p.truth[process] = p.ownAtSend;
        p.live = false;
    }
    live.clear();
}

uint64_t
CausalEventLog::Cursor::GetVectorMaximum() const
{
    const CausalEvent& e = Current();
    if (!m_log.m_configs[e.process].vector)
    {
        return 0;
    }
    if (e.stamp.runsVector)
    {
        // Read from the vector (also foreign stamps' entries a receive merged).
        const std::vector<uint64_t>& v = e.stamp.vector.GetEntries();
        return v.empty() ? 0 : *std::max_element(v.begin(), v.end());
    }
    return m_largest[e.process];
}

bool
CausalEventLog::Cursor::Valid() const
{
    return m_current != nullptr;
}

const CausalEvent&
CausalEventLog::Cursor::Current() const
{
    NS_ABORT_MSG_IF(!m_current, "CausalEventLog::Cursor: no current event");
    return *m_current;
}

uint64_t
CausalEventLog::Cursor::Index() const
{
    return Current().id;
}

const CausalStamp&
CausalEventLog::Cursor::StampOf(uint32_t process) const
{
    NS_ABORT_MSG_IF(process >= m_now.size() || !m_now[process],
                    "CausalEventLog::Cursor: process " << process << " has had no event yet");
    return m_now[process]->stamp;
}

// ---------------------------------------------------------------- const_iterator

CausalEventLog::const_iterator::const_iterator(std::shared_ptr<Cursor> cursor)
    : m_cursor(std::move(cursor))
{
}

bool
CausalEventLog::const_iterator::AtEnd() const
{
    return !m_cursor || !m_cursor->Valid();
}

CausalEventLog::const_iterator::reference
CausalEventLog::const_iterator::operator*() const
{
    return m_cursor->Current();
}

CausalEventLog::const_iterator::pointer
CausalEventLog::const_iterator::operator->() const
{
    return &m_cursor->Current();
}

CausalEventLog::const_iterator&
CausalEventLog::const_iterator::operator++()
{
    m_cursor->Next();
    return *this;
}

bool
CausalEventLog::const_iterator::operator==(const const_iterator& other) const
{
    if (AtEnd() || other.AtEnd())
    {
        return AtEnd() && other.AtEnd();
    }
    return m_cursor == other.m_cursor;
}

bool
CausalEventLog::const_iterator::operator!=(const const_iterator& other) const
{
    return !(*this == other);
}

} // namespace ns3
