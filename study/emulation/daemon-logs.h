/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef DAEMON_LOGS_H
#define DAEMON_LOGS_H

#include "ns3/nstime.h"

#include <istream>
#include <vector>

namespace ns3
{
namespace chronometry
{

/** \ingroup chronometry One measurement a daemon logged. */
struct DaemonSample
{
    Time offset; //!< the offset it measured (its own sign convention)
    Time delay;  //!< the one-way delay it measured (half the round trip)
};

/**
 * \ingroup chronometry
 * chrony's measurements.log (chrony.conf(5), "log measurements"): the Offset column of every
 * measurement line, with half its Peer delay column (the round trip). chrony's sign: "the estimated
 * local clock error (theta in RFC 5905); positive indicates that the local clock is slow of the
 * remote source", i.e. source minus local. Header and separator lines are skipped. \param log the
 * file's text \return the offsets, in file order
 */
std::vector<DaemonSample> ParseChronyMeasurements(std::istream& log);

/**
 * \ingroup chronometry
 * ptp4l's output (-m): every "master offset N s<state> freq F path delay D" line's N
 * (nanoseconds; ptp4l's sign: slave minus master, clock.c clock_no_adjust) and D (the mean
 * path delay, one way).
 * \param log the output's text
 * \return the offsets, in output order
 */
std::vector<DaemonSample> ParsePtp4lOffsets(std::istream& log);

/** \ingroup chronometry A sample's centre and spread. */
struct OffsetSummary
{
    size_t count{0}; //!< samples
    Time median;     //!< their median
    Time spread;     //!< 1.4826 x their median absolute deviation (a Gaussian's sigma)
    Time min;        //!< the smallest
    Time max;        //!< the largest
};

/**
 * \param samples daemon samples
 * \param delays true: their delays; false: their offsets
 * \return those values
 */
std::vector<Time> Column(const std::vector<DaemonSample>& samples, bool delays);

/**
 * \param samples offsets (the first \p skip are left out: the daemon's start-up)
 * \param skip samples to leave out
 * \return their summary (count 0 when none is left)
 */
OffsetSummary Summarize(const std::vector<Time>& samples, size_t skip);

} // namespace chronometry
} // namespace ns3

#endif /* DAEMON_LOGS_H */
