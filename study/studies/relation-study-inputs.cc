/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// Where the relation study's bounds take the parameters no probe round gives them: the
// drift-wander term's J and sigma and NTP's phi (BoundSource). Only oracle-bound reads what the
// study injected, and its rows are a bound, not a method.

#include "relation-study.h"

#include "ns3/abort.h"
#include "ns3/power-law-oscillator.h"
#include "ns3/random-variable-stream.h"
#include "ns3/study-streams.h"

#include <cmath>

namespace ns3
{

namespace
{

/**
 * \param name XO, TCXO or OCXO
 * \return the PowerLawOscillator preset
 */
PowerLawOscillator::Preset
PresetOf(const std::string& name)
{
    return name == "OCXO"   ? PowerLawOscillator::OCXO
           : name == "TCXO" ? PowerLawOscillator::TCXO
                            : PowerLawOscillator::XO;
}

/**
 * The random-walk FM of a preset as the sigma of a random-walk drift: a walk of sigma per
 * sqrt(s) has ADEV sigma sqrt(tau / 3), so sigma = sqrt(3) ADEV(1 s) (the preset table of
 * doc/chronometry.rst: 2e-11, 5e-12, 1e-13 at 1 s).
 * \param preset the preset
 * \return sigma of one clock, ppm per sqrt(s)
 */
double
RandomWalkSigmaPpm(PowerLawOscillator::Preset preset)
{
    const double adev1s = preset == PowerLawOscillator::OCXO   ? 1e-13
                          : preset == PowerLawOscillator::TCXO ? 5e-12
                                                               : 2e-11;
    return std::sqrt(3.0) * adev1s * 1e6;
}

} // namespace

void
RelationStudy::DrawStep(StudyStreams& streams, Time workStart)
{
    NS_ABORT_MSG_IF(m_stepMinPpm > m_stepPpm, "RelationStudy: DriftStepMinPpm > DriftStepPpm");
    NS_ABORT_MSG_IF(m_stepFrom > m_stepTo, "RelationStudy: DriftStepFrom > DriftStepTo");
    // C's drift step: size, sign and time drawn per run (streams 500-502), never placed
    m_stepDrawn = 0;
    m_stepAt = Time(0);
    if (m_tscModel == "step")
    {
        auto size = CreateObject<UniformRandomVariable>();
        auto sign = CreateObject<UniformRandomVariable>();
        auto at = CreateObject<UniformRandomVariable>();
        streams.Assign(size, 500);
        streams.Assign(sign, 501);
        streams.Assign(at, 502);
        const double magnitude = size->GetValue(m_stepMinPpm, m_stepPpm);
        m_stepDrawn = sign->GetValue() < 0.5 ? -magnitude : magnitude;
        m_stepAt = workStart + m_workload * at->GetValue(m_stepFrom, m_stepTo);
    }
}

void
RelationStudy::ChooseBoundInputs(double maxDrift)
{
    m_wander = relation::DriftWander();
    m_wander.sigmas = 4;
    if (m_boundSource == "oracle-bound")
    {
        // what the study injected: a bound on what any estimate of these could reach
        m_inputs = "oracle (bound)";
        m_phi = 2 * maxDrift + 5;
        m_wander.stepPpm = std::abs(m_stepDrawn);
        m_wander.randomWalkPpmPerSqrtSecond =
            m_tscModel == "walk" ? std::sqrt(2.0) * m_walkSpreadPpm : 0.0;
        m_wander.maxAbsDriftPpm = maxDrift;
    }
    else
    {
        // the datasheet class: each clock within +-T of nominal, so two clocks' rates differ
        // by at most 2 T (phi) and their relative drift moves by at most 4 T (J: both cross
        // their band); the walk of two independent clocks is sqrt(2) one's
        const PowerLawOscillator::Preset preset = PresetOf(m_oscClass);
        const double t = PowerLawOscillator::GetPresetTolerancePpm(preset);
        const double f = m_boundSource == "half" ? 0.5 : m_boundSource == "double" ? 2.0 : 1.0;
        m_inputs = m_boundSource == "class" ? "class " + m_oscClass
                   : m_boundSource == "measured"
                       ? "measured (CP's J); class " + m_oscClass + " (phi, NTP's J)"
                       : m_boundSource + " " + m_oscClass;
        m_phi = f * 2 * t;
        m_wander.stepPpm = f * 4 * t;
        m_wander.randomWalkPpmPerSqrtSecond = f * std::sqrt(2.0) * RandomWalkSigmaPpm(preset);
        m_wander.maxAbsDriftPpm = t;
    }
    if (m_ntpMaxSkewPpm > 0)
    {
        m_phi = m_ntpMaxSkewPpm;
    }
    m_ntpStepPpm = m_wanderTerm ? m_wander.stepPpm : 0.0;
    if (m_boundSource == "measured")
    {
        // CP's J is measured per pair by the scoring, from the pair's own windows
        m_wander.stepPpm = 0;
        m_wander.randomWalkPpmPerSqrtSecond = 0;
    }
    if (!m_wanderTerm)
    {
        m_wander = relation::DriftWander();
    }
}

} // namespace ns3
