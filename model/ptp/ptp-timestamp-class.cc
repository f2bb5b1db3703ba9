/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ptp-timestamp-class.h"

#include "ns3/double.h"

#include <cmath>

namespace ns3
{

PtpTimestampClassSpec
GetPtpTimestampClassSpec(PtpTimestampClass c)
{
    // Figures and their sources: doc/sync.rst, "Time stamping classes".
    switch (c)
    {
    case PTP_STAMP_IDEAL:
        return PtpTimestampClassSpec{Time(0), 0, 0, 0, 0};
    case PTP_STAMP_HARDWARE_8NS:
        return PtpTimestampClassSpec{NanoSeconds(8), 4, 8, 0, 0};
    case PTP_STAMP_HARDWARE_SUBNS:
        return PtpTimestampClassSpec{Time(0), 0.1, 0.5, 0, 0};
    case PTP_STAMP_SOFTWARE:
        return PtpTimestampClassSpec{Time(0), 0, 1000, 20000, 10000};
    case PTP_STAMP_CUSTOM:
    default:
        return PtpTimestampClassSpec{};
    }
}

std::string
ToString(PtpTimestampClass c)
{
    switch (c)
    {
    case PTP_STAMP_IDEAL:
        return "ideal";
    case PTP_STAMP_HARDWARE_8NS:
        return "hardware-8ns";
    case PTP_STAMP_HARDWARE_SUBNS:
        return "hardware-subns";
    case PTP_STAMP_SOFTWARE:
        return "software";
    case PTP_STAMP_CUSTOM:
    default:
        return "custom";
    }
}

Time
PtpPortStamping::Latency() const
{
    if (!latency)
    {
        return Time(0);
    }
    return Time::From(std::llround(latencyScale * latency->GetValue() *
                                   static_cast<double>(NanoSeconds(1).GetTimeStep())));
}

Time
PtpPortStamping::StampTx(Time trueTx) const
{
    // A clock has no reading before the simulation's start: a stamp that would fall before
    // it (a software TX stamp in the first stack latency) is read at 0.
    const Time at = trueTx - asymmetry / 2 - Latency();
    return model.Stamp(at.IsStrictlyNegative() ? Time(0) : at);
}

Time
PtpPortStamping::StampRx(Time trueRx) const
{
    const Time at = trueRx - asymmetry / 2 + Latency();
    return model.Stamp(at.IsStrictlyNegative() ? Time(0) : at);
}

PtpTimestampModel
ConfigurePtpClassModel(const PtpTimestampClassSpec& spec,
                       Ptr<LocalClock> clock,
                       Ptr<NormalRandomVariable> noise,
                       Ptr<LogNormalRandomVariable> latency,
                       Ptr<UniformRandomVariable> asymmetry)
{
    Ptr<RandomVariableStream> used;
    if (spec.noiseSdNs > 0)
    {
        noise->SetAttribute("Mean", DoubleValue(0));
        noise->SetAttribute("Variance", DoubleValue(spec.noiseSdNs * spec.noiseSdNs));
        noise->SetAttribute("Bound", DoubleValue(6 * spec.noiseSdNs));
        used = noise;
    }
    if (spec.latencyMeanNs > 0)
    {
        // lognormal of mean m, sd s: sigma^2 = ln(1 + s^2 / m^2), mu = ln m - sigma^2 / 2
        const double ratio = spec.latencySdNs / spec.latencyMeanNs;
        const double sigma2 = std::log1p(ratio * ratio);
        latency->SetAttribute("Mu", DoubleValue(std::log(spec.latencyMeanNs) - sigma2 / 2));
        latency->SetAttribute("Sigma", DoubleValue(std::sqrt(sigma2)));
    }
    asymmetry->SetAttribute("Min", DoubleValue(-spec.asymmetryNs));
    asymmetry->SetAttribute("Max", DoubleValue(spec.asymmetryNs));
    const Time unit = spec.granularity.IsStrictlyPositive() ? spec.granularity : Time::From(1);
    return PtpTimestampModel{clock, used, unit};
}

PtpPortStamping
DrawPtpPortStamping(const PtpTimestampClassSpec& spec,
                    const PtpTimestampModel& model,
                    Ptr<RandomVariableStream> latency,
                    Ptr<RandomVariableStream> asymmetry)
{
    PtpPortStamping stamping{model, nullptr, Time(0), 1.0};
    if (spec.latencyMeanNs > 0)
    {
        stamping.latency = latency;
    }
    if (spec.asymmetryNs > 0)
    {
        const double steps =
            asymmetry->GetValue() * static_cast<double>(NanoSeconds(1).GetTimeStep());
        stamping.asymmetry = Time::From(2 * std::llround(steps / 2));
    }
    return stamping;
}

} // namespace ns3
