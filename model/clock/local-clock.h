/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef LOCAL_CLOCK_H
#define LOCAL_CLOCK_H

#include "clock-value.h"

#include "ns3/callback.h"
#include "ns3/event-id.h"
#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/simulator.h"
#include "ns3/traced-callback.h"

#include <cstdint>
#include <functional>
#include <map>

namespace ns3
{

/**
 * \ingroup chronometry
 * A node's own, imperfect clock (aggregate it to a Node).
 *
 * ns-3 nodes all read Simulator::Now(), which is the ground truth here: the
 * "true time".  A LocalClock is what software on the node would read instead.
 * Subclasses decide how readings relate to true time (DriftingClock: an
 * oscillator plus offset, steps, slews, jitter and resolution;
 * BoundedSkewClock: readings within E of true time).
 *
 * Events can be scheduled at a local time: the callback runs when this clock
 * reaches that reading, and stays correct when the clock is stepped, slewed or
 * its frequency changes after scheduling (pending events are re-planned).
 */
class LocalClock : public Object
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    LocalClock();
    ~LocalClock() override;

    /** Identifies an event scheduled in local time. */
    using LocalEventId = uint64_t;

    /**
     * Read the clock now (applies the read model: noise, resolution, ...).
     * Fires the LocalRead trace.  Inline: a read is on the hot path of every
     * timestamping protocol, and a call into the library costs as much as the
     * arithmetic of the read.
     * \return the reading
     */
    Time GetLocalTime()
    {
        Time now = Simulator::Now();
        Time reading = DoRead(now);
        ++m_readCount;
        if (!m_readTrace.IsEmpty())
        {
            m_readTrace(now, reading);
        }
        return reading;
    }

    /**
     * The reading this clock's deterministic model gives at a true time
     * (no read noise, no resolution).  Past and future true times are allowed
     * for models that are deterministic; see the subclass for its meaning.
     * \param trueTime a true (simulator) time, not negative
     * \return the local time
     */
    virtual Time TrueToLocal(Time trueTime) = 0;

    /**
     * TrueToLocal() without its rounding to a time step: the truth below a nanosecond, for
     * scoring (a difference of two readings is exact, so an error of 0.3 ns reads as 0.3 ns,
     * not as 0 or 1 step).  A model that has no finer value (the default) returns its
     * TrueToLocal().
     * \param trueTime a true (simulator) time, not negative
     * \return the local time in time steps, unrounded
     */
    virtual ClockValue TrueToLocalExact(Time trueTime);

    /**
     * Earliest true time, not before now, at which the clock has reached \p localTime.
     * \param localTime a reading
     * \return a true time >= Simulator::Now()
     */
    virtual Time LocalToTrue(Time localTime) = 0;

    /**
     * Run \p callback when this clock reaches \p localTime (at once if it already has).
     * \param localTime the reading at which to fire
     * \param callback what to run: a lambda, or an ns-3 Callback<void> (both convert)
     * \return an id for CancelLocalEvent()
     */
    LocalEventId ScheduleAtLocal(Time localTime, std::function<void()> callback);

    /**
     * \param id a pending event
     * \return true if it was pending and is now cancelled
     */
    bool CancelLocalEvent(LocalEventId id);

    /**
     * \param id an event id
     * \return true if that event is still pending
     */
    bool IsLocalEventPending(LocalEventId id) const;

    /** \return the number of events scheduled in local time and not yet run */
    std::size_t GetPendingLocalEventCount() const;

    /** \return how many times the clock has been read */
    uint64_t GetReadCount() const;

    /**
     * The skew bound E this clock model is configured to keep: two clocks of the system read
     * at the same true time differ by at most E (the epsilon of HLC, HVC and replay clocks).
     * CausalityStamper takes its E from here.  A model that promises no bound (free-running
     * drift) returns Time::Max().
     * \return E, or Time::Max() for an unbounded clock
     */
    virtual Time GetSkewBound() const;

    /**
     * Assign fixed random variable streams.
     * \param stream first stream index to use
     * \return the number of streams used
     */
    virtual int64_t AssignStreams(int64_t stream);

    /**
     * TracedCallback signature for clock reads.
     * \param [in] trueTime the simulator time of the read
     * \param [in] localTime what the clock returned
     */
    typedef void (*ReadCallback)(Time trueTime, Time localTime);

    /**
     * TracedCallback signature for a local-time event that fires.
     * \param [in] target the local time it was scheduled for
     * \param [in] trueTime the simulator time at which it ran
     */
    typedef void (*LocalEventCallback)(Time target, Time trueTime);

  protected:
    /**
     * Produce a reading at true time \p trueNow (subclass read model).
     * \param trueNow Simulator::Now()
     * \return the reading
     */
    virtual Time DoRead(const Time& trueNow) = 0;

    /** Re-plan every pending local-time event (call after any change of the clock's model). */
    void ReplanLocalEvents();

    void DoDispose() override;

  private:
    /** A callback waiting for a local time. */
    struct PendingEvent
    {
        Time target;                    //!< local time to fire at
        std::function<void()> callback; //!< what to run
        EventId event;                  //!< the simulator event currently planned
    };

    /**
     * Plan (or re-plan) one pending event on the simulator.
     * \param id the event
     * \param pending its record
     */
    void Plan(LocalEventId id, PendingEvent& pending);

    /**
     * Simulator callback for a planned local event.
     * \param id the event
     */
    void Fire(LocalEventId id);

    std::map<LocalEventId, PendingEvent> m_pending; //!< events not yet run
    LocalEventId m_nextId;                          //!< next id to hand out
    uint64_t m_readCount;                           //!< reads so far
    TracedCallback<Time, Time> m_readTrace;         //!< LocalRead trace source
    TracedCallback<Time, Time> m_localEventTrace;   //!< LocalEventFired trace source
};

} // namespace ns3

#endif /* LOCAL_CLOCK_H */
