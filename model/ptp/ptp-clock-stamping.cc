/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// PtpClock: time stamping classes (Timestamping), streams and the servo's preparation.
#include "ptp-clock.h"

#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/pi-servo.h"
#include "ns3/string.h"

#include <cmath>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("PtpClockStamping");

int64_t
PtpClock::AssignStreams(int64_t stream)
{
    NS_LOG_FUNCTION(this << stream);
    const bool classed = m_stampClass != PTP_STAMP_CUSTOM;
    if (classed)
    {
        m_classNoise->SetStream(stream); // the class's noise replaces TimestampNoise
    }
    else if (m_noise)
    {
        m_noise->SetStream(stream);
    }
    if (m_hostDelay)
    {
        m_hostDelay->SetStream(stream + 1);
    }
    m_delayReqJitter->SetStream(stream + 2);
    if (!classed)
    {
        return 3; // custom keeps today's stream layout, so today's numbers do not move
    }
    m_phyAsymmetry->SetStream(stream + 3);
    m_classLatency->SetStream(stream + 4);
    return 5;
}

Time
PtpClock::GetPhyAsymmetry(uint16_t port) const
{
    return At(port).stamping.asymmetry;
}

void
PtpClock::SetStampAblation(PtpStampAblation ablation)
{
    NS_LOG_FUNCTION(this << ablation.noise << ablation.quantization << ablation.asymmetry);
    m_ablation = ablation;
}

PtpStampAblation
PtpClock::GetStampAblation() const
{
    return m_ablation;
}

void
PtpClock::PrepareStamping()
{
    if (m_stampClass == PTP_STAMP_CUSTOM)
    {
        m_stampModel = PtpTimestampModel{m_clock, m_noise, m_granularity};
    }
    else
    {
        m_stampModel = ConfigurePtpClassModel(GetPtpTimestampClassSpec(m_stampClass),
                                              m_clock,
                                              m_classNoise,
                                              m_classLatency,
                                              m_phyAsymmetry);
    }
    // Ablation: the noise is drawn all the same (x 0); the unit has no draw to keep.
    m_stampModel.noiseScale = m_ablation.noise ? 0.0 : 1.0;
    m_stampModel.granularity = m_ablation.quantization ? Time::From(1) : m_stampModel.granularity;
}

PtpPortStamping
PtpClock::NewPortStamping()
{
    PtpPortStamping stamping{m_stampModel, nullptr, Time(0), 1.0};
    // custom: today's stamps, no asymmetry, no latency, no extra draw
    if (m_stampClass != PTP_STAMP_CUSTOM)
    {
        stamping = DrawPtpPortStamping(GetPtpTimestampClassSpec(m_stampClass),
                                       m_stampModel,
                                       m_classLatency,
                                       m_phyAsymmetry);
    }
    // Ablation after the draw, so the asymmetry variable's next draw is the same either way.
    stamping.asymmetry = m_ablation.asymmetry ? Time(0) : stamping.asymmetry;
    stamping.latencyScale = m_ablation.noise ? 0.0 : 1.0;
    return stamping;
}

void
PtpClock::PrepareServo()
{
    if (!m_servo)
    {
        // The software class stamps in the kernel: linuxptp's software gains.
        const bool software = m_timestampMode == SOFTWARE || m_stampClass == PTP_STAMP_SOFTWARE;
        m_servo = CreateObject<PiServo>();
        m_servo->SetAttribute("TimestampMode", StringValue(software ? "Software" : "Hardware"));
    }
    m_servo->SetSyncInterval(m_syncInterval);
    if (m_steered)
    {
        DoubleValue servoMax;
        DoubleValue clockMax;
        m_servo->GetAttribute("MaxFrequency", servoMax);
        m_steered->GetAttribute("MaxFrequencyAdjustment", clockMax);
        if (clockMax.Get() > 0 && servoMax.Get() > clockMax.Get())
        {
            NS_LOG_LOGIC("servo MaxFrequency lowered to the clock's " << clockMax.Get());
            m_servo->SetAttribute("MaxFrequency", clockMax);
        }
    }
}

} // namespace ns3
