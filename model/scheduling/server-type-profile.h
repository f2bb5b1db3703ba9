/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SERVER_TYPE_PROFILE_H
#define SERVER_TYPE_PROFILE_H

#include "ns3/nstime.h"

#include <string>
#include <utility>
#include <vector>

namespace ns3
{

/**
 * \ingroup chronometry
 * A server type of the OneClock paper's Table II (machine types I to VI) as
 * ServiceTimeModel parameters; free of the simulator.
 *
 * The paper lists the machines (platform, CPU, memory) and shows their
 * prediction errors only in a figure (Fig. 9(a)) whose numbers are not in its
 * text.  The numbers here are therefore ours, not measurements: they give each
 * class the behaviour the paper describes for it -- shared-tenancy cloud
 * instances (I, II) with occasional heavy-tailed spikes (Sec. V-D) and, for the
 * burstable t2.micro, a throttled regime (CPU credits exhausted); dedicated
 * testbed machines (III to VI) with less noise, different speeds and rare
 * spikes; every type slower after an idle minute (cold caches, Sec. V-C).
 * Researchers with measurements should set the ServiceTimeModel attributes
 * directly.
 */
struct ServerTypeProfile
{
    std::string name;        //!< "I" to "VI"
    std::string platform;    //!< Table II's platform / class
    std::string description; //!< Table II's description
    Time base;               //!< ServiceTimeModel::Base
    Time noiseSd;            //!< standard deviation of the normal Noise (bounded at 4 sd)
    double spikeProbability; //!< ServiceTimeModel::SpikeProbability
    Time spikeScale;         //!< Pareto scale of a spike (its smallest value)
    double spikeShape;       //!< Pareto shape (smaller: heavier tail; > 1: finite mean)
    Time spikeBound;         //!< largest spike (Pareto Bound)
    double degradedSlowdown; //!< ServiceTimeModel::DegradedSlowdown (1: no regimes)
    Time normalDwell;        //!< ServiceTimeModel::NormalDwell
    Time degradedDwell;      //!< ServiceTimeModel::DegradedDwell
    Time coldExtra;          //!< ServiceTimeModel::ColdExtra
    Time coldAfter;          //!< ServiceTimeModel::ColdAfter
    Time trendPerHour;       //!< ServiceTimeModel::TrendPerHour

    /** \return the ServiceTimeModel attributes as (name, value) pairs, in a fixed order */
    std::vector<std::pair<std::string, std::string>> Attributes() const;

    /**
     * \return the long-run mean service time implied by the parameters
     *         (base + spikes + cold penalty never paid, times the mean slowdown)
     */
    Time MeanServiceTime() const;
};

/**
 * \param name "I", "II", "III", "IV", "V" or "VI"
 * \return the profile (a configuration error names the valid types otherwise)
 */
const ServerTypeProfile& GetServerTypeProfile(const std::string& name);

/** \return the names of the server types, "I" to "VI" */
std::vector<std::string> ServerTypeNames();

/**
 * The named mixes of server types of the paper's Table II that the scheduling study and the
 * examples install (types cycled over the servers): "testbed" (III, IV, V, VI: the paper's
 * testbed machines), "cloud" (I, II: its cloud instances) and "all" (I to VI).
 * \param name a mix
 * \return its types (a configuration error names the valid mixes otherwise)
 */
const std::vector<std::string>& ServerTypeMix(const std::string& name);

/** \return the names of the mixes, in order */
std::vector<std::string> ServerTypeMixNames();

} // namespace ns3

#endif /* SERVER_TYPE_PROFILE_H */
