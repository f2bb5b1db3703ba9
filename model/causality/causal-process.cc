/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "causal-process.h"

#include "causal-event-log.h"

#include "ns3/chronometry-validation.h"
#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("CausalProcess");

namespace
{

/**
 * \param config a system's clocks
 * \return them validated, with RepCl's n and encoding set
 */
CausalityConfig
Validated(const CausalityConfig& config)
{
    config.Validate();
    CausalityConfig c = config;
    c.replay = config.GetReplayConfig();
    return c;
}

} // namespace

CausalProcess::CausalProcess(const CausalityConfig& config,
                             uint32_t self,
                             std::vector<CausalEvent>* log,
                             CausalEventLog* compact)
    : m_config(Validated(config)),
      m_self(self),
      m_log(log),
      m_compact(compact),
      m_stamp(CausalStamp::Initial(m_config, self)),
      m_remote(CausalStamp::Initial(m_config, 0)),
      m_hasPt(false),
      m_lastPt(0),
      m_malformed(0)
{
    if (m_compact)
    {
        m_compact->AddProcess(m_config, self);
    }
}

CausalProcess::CausalProcess(const CausalityConfig& config, uint32_t self, CausalEventLog* compact)
    : CausalProcess(config, self, nullptr, compact)
{
}

Time
CausalProcess::NextPt(Time pt)
{
    if (m_hasPt && pt <= m_lastPt)
    {
        pt = m_lastPt + Time::From(1);
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
                   const uint8_t* wire,
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
    if (m_compact)
    {
        m_compact->Append(m_self, kind, trueTime, pt, messageId, peer, wire, wireBytes);
    }
}

void
CausalProcess::OnLocal(Time trueTime, Time pt)
{
    pt = NextPt(pt);
    m_stamp.LocalOrSend(pt);
    Log(CausalEventKind::LOCAL, trueTime, pt, 0, m_config.n, nullptr, 0);
}

std::vector<uint8_t>
CausalProcess::OnSend(Time trueTime, Time pt, uint64_t messageId, uint32_t destination)
{
    pt = NextPt(pt);
    m_stamp.LocalOrSend(pt);
    std::vector<uint8_t> bytes;
    m_stamp.EncodeInto(bytes, m_scratch);
    Log(CausalEventKind::SEND,
        trueTime,
        pt,
        messageId,
        destination,
        bytes.data(),
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
    if (!CausalStamp::DecodeInto(bytes.data(), bytes.size(), m_config, m_remote))
    {
        ++m_malformed;
        return false;
    }
    pt = NextPt(pt);
    m_stamp.Receive(m_remote, pt);
    Log(CausalEventKind::RECEIVE,
        trueTime,
        pt,
        messageId,
        source,
        bytes.data(),
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

} // namespace ns3
