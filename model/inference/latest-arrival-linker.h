/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef LATEST_ARRIVAL_LINKER_H
#define LATEST_ARRIVAL_LINKER_H

#include "linking-result.h"
#include "trace-message.h"

#include "ns3/nstime.h"

#include <vector>

namespace ns3
{

/**
 * \ingroup chronometry
 * The trivial baseline of message linking: a message B->C is caused by the
 * most recent message into B before it (on B's clock), or is spontaneous
 * when none arrived within the window x.  With a spontaneity factor y > 0 the
 * latest arrival must also lie within y * d, d being WAP5's step-1 mean delay
 * of B->C; that form makes exactly WAP5's most likely choices under the
 * paper's delay model (a check, not a competitor).  Candidates, nil
 * timestamps and untraced nodes are handled as MessageLinker does.  The
 * choice gets probability 1 (a hard decision), so calibration scores of this
 * baseline are those of a classifier that is always certain.
 */
class LatestArrivalLinker
{
  public:
    /**
     * \param window x: longest delay considered; valid range [1 step, 24 h]
     * \param spontaneous y (0: only the window decides); valid range [0, 1000]
     */
    explicit LatestArrivalLinker(Time window, double spontaneous = 0);

    /**
     * \param trace reconciled messages
     * \return one candidate per message with probability 1, or spontaneous;
     *         mean delays and clock offsets as MessageLinker::Link gives
     */
    LinkingResult Link(const std::vector<TraceMessage>& trace) const;

  private:
    Time m_window;        //!< x
    double m_spontaneous; //!< y, or 0
};

} // namespace ns3

#endif /* LATEST_ARRIVAL_LINKER_H */
