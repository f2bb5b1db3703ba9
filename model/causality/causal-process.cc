/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "causal-process.h"

#include "ns3/chronometry-validation.h"

namespace ns3
{

void
CausalityConfig::Validate() const
{
    chronometry::RequireDoubleInRange("CausalityConfig::n", n, 1, 65535, "processes");
    chronometry::RequireTimeInRange("CausalityConfig::hvcEpsilon",
                                    hvcEpsilon,
                                    Time::From(1),
                                    Hours(24));
    ReplayClockConfig r = replay;
    r.n = n;
    r.Validate();
}

std::string
ToString(CausalEventKind kind)
{
    switch (kind)
    {
    case CausalEventKind::SEND:
        return "send";
    case CausalEventKind::RECEIVE:
        return "receive";
    case CausalEventKind::LOCAL:
        return "local";
    }
    return "unknown";
}

CausalStamp::CausalStamp(uint32_t n, uint32_t self)
    : vector(n, self)
{
}

namespace
{

enum StampFlags : uint8_t
{
    HAS_LAMPORT = 1,
    HAS_HLC = 2,
    HAS_HVC = 4,
    HAS_REPCL = 8
};

/** Append a 16-bit length and the bytes. */
void
Append(std::vector<uint8_t>& out, const std::vector<uint8_t>& part)
{
    out.push_back(static_cast<uint8_t>(part.size() >> 8));
    out.push_back(static_cast<uint8_t>(part.size() & 0xff));
    out.insert(out.end(), part.begin(), part.end());
}

/** Read a 16-bit length and that many bytes; false if truncated. */
bool
Take(const std::vector<uint8_t>& in, std::size_t& pos, std::vector<uint8_t>& part)
{
    if (pos + 2 > in.size())
    {
        return false;
    }
    std::size_t len = (std::size_t(in[pos]) << 8) | in[pos + 1];
    pos += 2;
    if (pos + len > in.size())
    {
        return false;
    }
    part.assign(in.begin() + static_cast<std::ptrdiff_t>(pos),
                in.begin() + static_cast<std::ptrdiff_t>(pos + len));
    pos += len;
    return true;
}

} // namespace

void
CausalStamp::LocalOrSend(Time pt)
{
    vector.LocalOrSend(pt);
    lamport.LocalOrSend(pt);
    if (hlc)
    {
        hlc->LocalOrSend(pt);
    }
    if (hvc)
    {
        hvc->LocalOrSend(pt);
    }
    if (repcl)
    {
        repcl->LocalOrSend(pt);
    }
}

std::vector<uint8_t>
CausalStamp::Encode(bool* widened) const
{
    uint8_t flags =
        HAS_LAMPORT | (hlc ? HAS_HLC : 0) | (hvc ? HAS_HVC : 0) | (repcl ? HAS_REPCL : 0);
    std::vector<uint8_t> out{flags};
    Append(out, vector.Encode());
    Append(out, lamport.Encode());
    if (hlc)
    {
        Append(out, hlc->Encode());
    }
    if (hvc)
    {
        Append(out, hvc->Encode());
    }
    if (repcl)
    {
        Append(out, repcl->Encode(widened));
    }
    return out;
}

bool
CausalStamp::Decode(const std::vector<uint8_t>& bytes,
                    const CausalityConfig& config,
                    CausalStamp& out)
{
    if (bytes.empty())
    {
        return false;
    }
    uint8_t expected = HAS_LAMPORT | (config.hlc ? HAS_HLC : 0) | (config.hvc ? HAS_HVC : 0) |
                       (config.repcl ? HAS_REPCL : 0);
    if (bytes[0] != expected)
    {
        return false;
    }
    std::size_t pos = 1;
    std::vector<uint8_t> part;
    CausalStamp s(config.n, 0);
    if (!Take(bytes, pos, part) || !VectorClock::Decode(part, config.n, s.vector))
    {
        return false;
    }
    if (!Take(bytes, pos, part) || !LamportClock::Decode(part, s.lamport))
    {
        return false;
    }
    if (config.hlc)
    {
        HybridLogicalClock h;
        if (!Take(bytes, pos, part) || !HybridLogicalClock::Decode(part, h))
        {
            return false;
        }
        s.hlc = h;
    }
    if (config.hvc)
    {
        HybridVectorClock h(config.n, 0, config.hvcEpsilon);
        if (!Take(bytes, pos, part) ||
            !HybridVectorClock::Decode(part, config.n, config.hvcEpsilon, h))
        {
            return false;
        }
        s.hvc = h;
    }
    if (config.repcl)
    {
        ReplayClockConfig rc = config.replay;
        rc.n = config.n;
        ReplayClock r(rc, rc.n);
        if (!Take(bytes, pos, part) || !ReplayClock::Decode(part, rc, r))
        {
            return false;
        }
        s.repcl = r;
    }
    if (pos != bytes.size())
    {
        return false; // trailing garbage
    }
    out = std::move(s);
    return true;
}

CausalProcess::CausalProcess(const CausalityConfig& config,
                             uint32_t self,
                             std::vector<CausalEvent>* log)
    : m_config(config),
      m_self(self),
      m_log(log),
      m_stamp(config.n, self),
      m_hasPt(false),
      m_lastPt(0),
      m_malformed(0),
      m_widened(0),
      m_ptAdjustments(0)
{
    config.Validate();
    m_config.replay.n = config.n;
    if (config.hlc)
    {
        m_stamp.hlc = HybridLogicalClock();
    }
    if (config.hvc)
    {
        m_stamp.hvc = HybridVectorClock(config.n, self, config.hvcEpsilon);
    }
    if (config.repcl)
    {
        m_stamp.repcl = ReplayClock(m_config.replay, self);
    }
}

Time
CausalProcess::NextPt(Time pt)
{
    if (m_hasPt && pt <= m_lastPt)
    {
        pt = m_lastPt + Time::From(1);
        ++m_ptAdjustments;
    }
    m_hasPt = true;
    m_lastPt = pt;
    return pt;
}

void
CausalProcess::Log(CausalEventKind kind,
                   Time trueTime,
                   Time pt,
                   uint64_t messageId,
                   uint32_t peer,
                   uint32_t wireBytes)
{
    if (m_log)
    {
        m_log->push_back(CausalEvent{static_cast<uint64_t>(m_log->size()),
                                     m_self,
                                     kind,
                                     trueTime,
                                     pt,
                                     messageId,
                                     peer,
                                     wireBytes,
                                     m_stamp});
    }
}

void
CausalProcess::OnLocal(Time trueTime, Time pt)
{
    pt = NextPt(pt);
    m_stamp.LocalOrSend(pt);
    Log(CausalEventKind::LOCAL, trueTime, pt, 0, m_config.n, 0);
}

std::vector<uint8_t>
CausalProcess::OnSend(Time trueTime, Time pt, uint64_t messageId, uint32_t destination)
{
    pt = NextPt(pt);
    m_stamp.LocalOrSend(pt);
    bool widened = false;
    std::vector<uint8_t> bytes = m_stamp.Encode(&widened);
    m_widened += widened ? 1 : 0;
    Log(CausalEventKind::SEND,
        trueTime,
        pt,
        messageId,
        destination,
        static_cast<uint32_t>(bytes.size()));
    return bytes;
}

bool
CausalProcess::OnReceive(const std::vector<uint8_t>& bytes,
                         Time trueTime,
                         Time pt,
                         uint64_t messageId,
                         uint32_t source)
{
    CausalStamp remote(m_config.n, 0);
    if (!CausalStamp::Decode(bytes, m_config, remote))
    {
        ++m_malformed;
        return false;
    }
    pt = NextPt(pt);
    m_stamp.vector.Receive(remote.vector, pt);
    m_stamp.lamport.Receive(remote.lamport, pt);
    if (m_stamp.hlc)
    {
        m_stamp.hlc->Receive(*remote.hlc, pt);
    }
    if (m_stamp.hvc)
    {
        m_stamp.hvc->Receive(*remote.hvc, pt);
    }
    if (m_stamp.repcl)
    {
        m_stamp.repcl->Receive(*remote.repcl, pt);
    }
    Log(CausalEventKind::RECEIVE,
        trueTime,
        pt,
        messageId,
        source,
        static_cast<uint32_t>(bytes.size()));
    return true;
}

const CausalStamp&
CausalProcess::GetStamp() const
{
    return m_stamp;
}

uint64_t
CausalProcess::GetMalformedCount() const
{
    return m_malformed;
}

uint64_t
CausalProcess::GetWidenedEncodings() const
{
    return m_widened;
}

uint64_t
CausalProcess::GetPtAdjustments() const
{
    return m_ptAdjustments;
}

} // namespace ns3
