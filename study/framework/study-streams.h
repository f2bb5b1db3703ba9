/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef STUDY_STREAMS_H
#define STUDY_STREAMS_H

#include "ns3/ptr.h"
#include "ns3/random-variable-stream.h"

#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace ns3
{

/**
 * \ingroup chronometry
 * The random streams of one study run.  Every random variable of a study gets a fixed stream,
 * so that a point depends only on its parameters, Seed and Run, whatever ran before it in the
 * process; two blocks of streams that overlap would correlate variables that should be
 * independent, so a block that overlaps an earlier one is refused.
 *
 * \code
 *   int64_t next = streams.Assign(1, [&](int64_t s) { return clocks.AssignStreams(nodes, s); });
 *   next = streams.Assign(next, [&](int64_t s) { return lan.AssignStreams(s); });
 *   streams.Assign(offset, 1000001); // one variable
 * \endcode
 */
class StudyStreams
{
  public:
    /**
     * \param first first stream of the block
     * \param assign fixes streams from its argument on and returns how many it used (a
     *        helper's AssignStreams)
     * \return the first stream after the block
     */
    int64_t Assign(int64_t first, const std::function<int64_t(int64_t)>& assign);

    /**
     * \param variable a random variable
     * \param stream its stream
     * \return stream + 1
     */
    int64_t Assign(Ptr<RandomVariableStream> variable, int64_t stream);

    /** \return the blocks assigned so far: (first, count) */
    const std::vector<std::pair<int64_t, int64_t>>& GetBlocks() const;

  private:
    /** \param first first stream \param count streams: record, refusing an overlap */
    void Record(int64_t first, int64_t count);

    std::vector<std::pair<int64_t, int64_t>> m_blocks; //!< (first, count)
};

} // namespace ns3

#endif /* STUDY_STREAMS_H */
