/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "local-clock.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/simulator.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("LocalClock");

NS_OBJECT_ENSURE_REGISTERED(LocalClock);

TypeId
LocalClock::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::LocalClock")
            .SetParent<Object>()
            .SetGroupName("Chronometry")
            .AddTraceSource("LocalRead",
                            "The clock was read: (true time, reading).",
                            MakeTraceSourceAccessor(&LocalClock::m_readTrace),
                            "ns3::LocalClock::ReadCallback")
            .AddTraceSource("LocalEventFired",
                            "An event scheduled in local time ran: (target local time, "
                            "true time).",
                            MakeTraceSourceAccessor(&LocalClock::m_localEventTrace),
                            "ns3::LocalClock::LocalEventCallback");
    return tid;
}

LocalClock::LocalClock()
    : m_nextId(1),
      m_readCount(0)
{
}

LocalClock::~LocalClock() = default;

ClockValue
LocalClock::TrueToLocalExact(Time trueTime)
{
    return ClockValue::FromSteps(TrueToLocal(trueTime).GetTimeStep());
}

void
LocalClock::DoDispose()
{
    for (auto& [id, pending] : m_pending)
    {
        pending.event.Cancel();
    }
    m_pending.clear();
    Object::DoDispose();
}

LocalClock::LocalEventId
LocalClock::ScheduleAtLocal(Time localTime, std::function<void()> callback)
{
    NS_LOG_FUNCTION(this << localTime);
    NS_ABORT_MSG_IF(!callback, "LocalClock::ScheduleAtLocal: empty callback");
    LocalEventId id = m_nextId++;
    auto& pending = m_pending[id];
    pending.target = localTime;
    pending.callback = std::move(callback);
    Plan(id, pending);
    return id;
}

bool
LocalClock::CancelLocalEvent(LocalEventId id)
{
    auto it = m_pending.find(id);
    if (it == m_pending.end())
    {
        return false;
    }
    it->second.event.Cancel();
    m_pending.erase(it);
    return true;
}

bool
LocalClock::IsLocalEventPending(LocalEventId id) const
{
    return m_pending.count(id) > 0;
}

std::size_t
LocalClock::GetPendingLocalEventCount() const
{
    return m_pending.size();
}

Time
LocalClock::GetSkewBound() const
{
    return Time::Max(); // no bound unless the model keeps one
}

uint64_t
LocalClock::GetReadCount() const
{
    return m_readCount;
}

int64_t
LocalClock::AssignStreams(int64_t /* stream */)
{
    return 0;
}

void
LocalClock::Plan(LocalEventId id, PendingEvent& pending)
{
    pending.event.Cancel();
    Time now = Simulator::Now();
    Time at = LocalToTrue(pending.target);
    NS_ASSERT(at >= now);
    pending.event = Simulator::Schedule(at - now, &LocalClock::Fire, this, id);
}

void
LocalClock::ReplanLocalEvents()
{
    NS_LOG_FUNCTION(this << m_pending.size());
    for (auto& [id, pending] : m_pending)
    {
        Plan(id, pending);
    }
}

void
LocalClock::Fire(LocalEventId id)
{
    auto it = m_pending.find(id);
    NS_ABORT_MSG_IF(it == m_pending.end(), "LocalClock: fired an unknown local event");
    Time target = it->second.target;
    std::function<void()> callback = std::move(it->second.callback);
    m_pending.erase(it);
    m_localEventTrace(target, Simulator::Now());
    callback();
}

} // namespace ns3
