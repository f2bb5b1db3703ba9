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
PtpClock::PrepareStamping()
{
    if (m_stampClass == PTP_STAMP_CUSTOM)
    {
        m_stampModel = PtpTimestampModel{m_clock, m_noise, m_granularity};
        return;
    }
    m_stampModel = ConfigurePtpClassModel(GetPtpTimestampClassSpec(m_stampClass),
                                          m_clock,
                                          m_classNoise,
                                          m_classLatency,
                                          m_phyAsymmetry);
}

PtpPortStamping
PtpClock::NewPortStamping()
{
    if (m_stampClass == PTP_STAMP_CUSTOM)
    {
        // today's stamps: no asymmetry, no latency, no extra draw
        return PtpPortStamping{m_stampModel, nullptr, Time(0)};
    }
    return DrawPtpPortStamping(GetPtpTimestampClassSpec(m_stampClass),
                               m_stampModel,
                               m_classLatency,
                               m_phyAsymmetry);
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
