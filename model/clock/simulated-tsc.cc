/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "simulated-tsc.h"

#include "drift-math.h"
#include "ideal-oscillator.h"

#include "ns3/chronometry-checkers.h"
#include "ns3/chronometry-validation.h"
#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/pointer.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SimulatedTsc");

NS_OBJECT_ENSURE_REGISTERED(SimulatedTsc);

TypeId
SimulatedTsc::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::SimulatedTsc")
            .SetParent<Object>()
            .SetGroupName("Chronometry")
            .AddConstructor<SimulatedTsc>()
            .AddAttribute("NominalFrequency",
                          "Nominal counting frequency.",
                          DoubleValue(2.2e9),
                          MakeDoubleAccessor(&SimulatedTsc::SetNominalFrequency,
                                             &SimulatedTsc::GetNominalFrequency),
                          chronometry::MakeDoubleRangeChecker(0.0, 1e11, "Hz", false, true))
            .AddAttribute("BootValue",
                          "Counter value at true time 0.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&SimulatedTsc::m_bootValue),
                          MakeUintegerChecker<uint64_t>())
            .AddAttribute(
                "Oscillator",
                "Frequency source (drift model); an ideal one if unset.",
                PointerValue(),
                MakePointerAccessor(&SimulatedTsc::SetOscillator, &SimulatedTsc::GetOscillator),
                MakePointerChecker<Oscillator>())
            .AddAttribute("ReadCost",
                          "Time a read takes; the value is latched when it completes.",
                          TimeValue(NanoSeconds(0)),
                          MakeTimeAccessor(&SimulatedTsc::SetReadCost, &SimulatedTsc::GetReadCost),
                          chronometry::MakeTimeRangeChecker(Time(0), MilliSeconds(1)))
            .AddTraceSource("TscRead",
                            "The counter was read: (true time latched, value).",
                            MakeTraceSourceAccessor(&SimulatedTsc::m_readTrace),
                            "ns3::SimulatedTsc::TscReadCallback");
    return tid;
}

SimulatedTsc::SimulatedTsc()
    : m_frequencyHz(2.2e9),
      m_bootValue(0),
      m_readCost(0)
{
}

SimulatedTsc::~SimulatedTsc() = default;

void
SimulatedTsc::DoDispose()
{
    m_oscillator = nullptr;
    Object::DoDispose();
}

void
SimulatedTsc::SetNominalFrequency(double hz)
{
    chronometry::CheckAttributeValue(*this, "NominalFrequency", DoubleValue(hz));
    m_frequencyHz = hz;
}

double
SimulatedTsc::GetNominalFrequency() const
{
    return m_frequencyHz;
}

void
SimulatedTsc::SetReadCost(Time cost)
{
    chronometry::CheckAttributeValue(*this, "ReadCost", TimeValue(cost));
    m_readCost = cost;
}

Time
SimulatedTsc::GetReadCost() const
{
    return m_readCost;
}

void
SimulatedTsc::SetOscillator(Ptr<Oscillator> oscillator)
{
    m_oscillator = oscillator;
}

Ptr<Oscillator>
SimulatedTsc::GetOscillator() const
{
    return m_oscillator;
}

uint64_t
SimulatedTsc::GetBootValue() const
{
    return m_bootValue;
}

uint64_t
SimulatedTsc::GetTicksAt(Time trueTime)
{
    if (!m_oscillator)
    {
        m_oscillator = CreateObject<IdealOscillator>();
    }
    return clockmath::TscValue(m_oscillator->GetPhase(trueTime), m_frequencyHz, m_bootValue);
}

uint64_t
SimulatedTsc::Read()
{
    Time at = Simulator::Now() + m_readCost;
    uint64_t value = GetTicksAt(at);
    m_readTrace(at, value);
    return value;
}

double
SimulatedTsc::GetActualFrequencyAt(Time trueTime)
{
    if (!m_oscillator)
    {
        return m_frequencyHz;
    }
    return m_frequencyHz * (1.0 + m_oscillator->GetDriftAt(trueTime));
}

Time
SimulatedTsc::TicksToDuration(uint64_t ticks) const
{
    return clockmath::TicksToDuration(ticks, m_frequencyHz);
}

uint64_t
SimulatedTsc::DurationToTicks(Time duration) const
{
    return clockmath::DurationToTicks(duration, m_frequencyHz);
}

int64_t
SimulatedTsc::AssignStreams(int64_t stream)
{
    return m_oscillator ? m_oscillator->AssignStreams(stream) : 0;
}

} // namespace ns3
