/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "server-type-profile.h"

#include "ns3/chronometry-validation.h"
#include "ns3/log.h"

#include <cmath>
#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("ServerTypeProfile");

namespace
{

/**
 * \param t a time
 * \return it in nanoseconds as an attribute string ("1500000ns")
 */
std::string
Ns(Time t)
{
    return std::to_string(t.GetNanoSeconds()) + "ns";
}

/** \return the six profiles of Table II (parameters ours, see the header) */
const std::vector<ServerTypeProfile>&
Profiles()
{
    static const std::vector<ServerTypeProfile> profiles = {
        {"I",
         "Amazon / t2.micro",
         "Public cloud (shared tenancy), 1GB memory",
         MilliSeconds(3),
         MicroSeconds(300),
         0.03,
         MilliSeconds(2),
         1.5,
         MilliSeconds(500),
         4.0, // burstable: throttled to a fraction of a core when CPU credits run out
         Seconds(300),
         Seconds(60),
         MilliSeconds(1),
         Seconds(60),
         Time(0)},
        {"II",
         "Azure / A0",
         "Public cloud (shared tenancy), 768MB memory",
         MilliSeconds(4),
         MicroSeconds(500),
         0.05,
         MilliSeconds(3),
         1.3,
         MilliSeconds(500),
         1.0,
         Seconds(600),
         Seconds(60),
         MicroSeconds(1500),
         Seconds(60),
         Time(0)},
        {"III",
         "DeterLab / MicroCloud",
         "Xeon E3 LP 2.4 GHz, 16GB memory",
         MicroSeconds(1500),
         MicroSeconds(60),
         0.005,
         MilliSeconds(1),
         2.5,
         MilliSeconds(100),
         1.0,
         Seconds(600),
         Seconds(60),
         MicroSeconds(500),
         Seconds(60),
         Time(0)},
        {"IV",
         "DeterLab / pc2133",
         "Xeon 2.1 GHz, 4GB memory",
         MilliSeconds(2),
         MicroSeconds(100),
         0.01,
         MilliSeconds(1),
         2.5,
         MilliSeconds(100),
         1.0,
         Seconds(600),
         Seconds(60),
         MicroSeconds(500),
         Seconds(60),
         Time(0)},
        {"V",
         "Emulab / d710",
         "Quad Core Xeon E5530 2.4 GHz, 12GB memory",
         MicroSeconds(1200),
         MicroSeconds(50),
         0.005,
         MilliSeconds(1),
         2.5,
         MilliSeconds(100),
         1.0,
         Seconds(600),
         Seconds(60),
         MicroSeconds(500),
         Seconds(60),
         Time(0)},
        {"VI",
         "DeterLab / bvx2200",
         "Dual Core Opteron 1.8 GHz, 4GB memory",
         MicroSeconds(2500),
         MicroSeconds(150),
         0.01,
         MilliSeconds(1),
         2.5,
         MilliSeconds(100),
         1.0,
         Seconds(600),
         Seconds(60),
         MicroSeconds(500),
         Seconds(60),
         Time(0)},
    };
    return profiles;
}

} // namespace

std::vector<std::pair<std::string, std::string>>
ServerTypeProfile::Attributes() const
{
    double sd = noiseSd.GetNanoSeconds();
    std::ostringstream noise;
    noise << "ns3::NormalRandomVariable[Mean=0|Variance=" << sd * sd << "|Bound=" << 4 * sd << "]";
    std::ostringstream spike;
    spike << "ns3::ParetoRandomVariable[Scale=" << spikeScale.GetNanoSeconds()
          << "|Shape=" << spikeShape << "|Bound=" << spikeBound.GetNanoSeconds() << "]";
    std::ostringstream slowdown;
    slowdown << degradedSlowdown;
    std::ostringstream p;
    p << spikeProbability;
    return {
        {"Base", Ns(base)},
        {"Noise", noise.str()},
        {"SpikeProbability", p.str()},
        {"Spike", spike.str()},
        {"TrendPerHour", Ns(trendPerHour)},
        {"ColdExtra", Ns(coldExtra)},
        {"ColdAfter", Ns(coldAfter)},
        {"NormalDwell", Ns(normalDwell)},
        {"DegradedDwell", Ns(degradedDwell)},
        {"DegradedSlowdown", slowdown.str()},
    };
}

Time
ServerTypeProfile::MeanServiceTime() const
{
    // Mean of a Pareto(scale, shape) bounded far in its tail: close to shape * scale / (shape - 1).
    double spikeMean = spikeShape > 1 ? spikeShape * spikeScale.GetNanoSeconds() / (spikeShape - 1)
                                      : spikeBound.GetNanoSeconds();
    double mean = base.GetNanoSeconds() + spikeProbability * spikeMean;
    double degradedShare = 0;
    if (degradedSlowdown > 1)
    {
        double n = normalDwell.GetSeconds();
        double d = degradedDwell.GetSeconds();
        degradedShare = d / (n + d);
    }
    mean *= 1 + degradedShare * (degradedSlowdown - 1);
    return NanoSeconds(static_cast<int64_t>(std::llround(mean)));
}

const ServerTypeProfile&
GetServerTypeProfile(const std::string& name)
{
    for (const auto& p : Profiles())
    {
        if (p.name == name)
        {
            return p;
        }
    }
    chronometry::ReportConfigError("server type = '" + name +
                                   "' is invalid; valid values: I, II, III, IV, V, VI (the "
                                   "OneClock paper's Table II)");
}

std::vector<std::string>
ServerTypeNames()
{
    std::vector<std::string> names;
    for (const auto& p : Profiles())
    {
        names.push_back(p.name);
    }
    return names;
}

namespace
{

/** \return the mixes, by name, in order */
const std::vector<std::pair<std::string, std::vector<std::string>>>&
Mixes()
{
    static const std::vector<std::pair<std::string, std::vector<std::string>>> mixes{
        {"testbed", {"III", "IV", "V", "VI"}},
        {"cloud", {"I", "II"}},
        {"all", {"I", "II", "III", "IV", "V", "VI"}}};
    return mixes;
}

} // namespace

const std::vector<std::string>&
ServerTypeMix(const std::string& name)
{
    for (const auto& [mix, types] : Mixes())
    {
        if (mix == name)
        {
            return types;
        }
    }
    std::string names;
    for (const auto& mix : ServerTypeMixNames())
    {
        names += (names.empty() ? "" : ", ") + mix;
    }
    chronometry::ReportConfigError("server type mix '" + name + "' is invalid; valid: " + names);
}

std::vector<std::string>
ServerTypeMixNames()
{
    std::vector<std::string> names;
    for (const auto& [mix, types] : Mixes())
    {
        names.push_back(mix);
    }
    return names;
}

} // namespace ns3
