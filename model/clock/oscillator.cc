/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "oscillator.h"

#include "ns3/log.h"

#include <algorithm>
#include <limits>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("Oscillator");

NS_OBJECT_ENSURE_REGISTERED(Oscillator);

TypeId
Oscillator::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::Oscillator")
            .SetParent<Object>()
            .SetGroupName("Chronometry")
            .AddTraceSource("DriftChanged",
                            "The frequency plan changed from the given true time on.",
                            MakeTraceSourceAccessor(&Oscillator::m_driftChangedTrace),
                            "ns3::Oscillator::DriftChangedCallback");
    return tid;
}

Oscillator::Oscillator() = default;
Oscillator::~Oscillator() = default;

ClockValue
Oscillator::GetPhase(Time t)
{
    ExtendTo(t);
    return m_phase.ValueAt(t);
}

ClockTimeline::Piece
Oscillator::GetPhasePiece(Time t)
{
    ExtendTo(t);
    ClockTimeline::Piece piece = m_phase.PieceAt(t);
    piece.end = std::min(piece.end, GetPlanHorizon());
    return piece;
}

double
Oscillator::GetDriftAt(Time t)
{
    ExtendTo(t);
    return m_phase.SlopeAt(t) - 1.0;
}

Time
Oscillator::GetTimeAtPhase(Time from, ClockValue phase)
{
    ExtendTo(from);
    ExtendToPhase(phase);
    return m_phase.EarliestReaching(from, phase);
}

int64_t
Oscillator::AssignStreams(int64_t /* stream */)
{
    return 0;
}

void
Oscillator::ExtendTo(Time /* t */)
{
}

void
Oscillator::ExtendToPhase(ClockValue /* phase */)
{
}

int64_t
Oscillator::GetPlanHorizon() const
{
    return std::numeric_limits<int64_t>::max();
}

void
Oscillator::NotifyDriftChanged(Time at)
{
    m_driftChangedTrace(at);
}

} // namespace ns3
