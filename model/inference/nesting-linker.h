/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef NESTING_LINKER_H
#define NESTING_LINKER_H

#include "linking-result.h"
#include "trace-message.h"

#include "ns3/nstime.h"

#include <cstdint>
#include <vector>

namespace ns3
{

/**
 * \ingroup chronometry
 * Which timestamps the nesting baseline compares.
 */
enum class NestingTimestamps
{
    /**
     * One timestamp per message, as the nesting algorithm of Project 5 does
     * (WAP5 section 5.3): the send timestamp (the receive timestamp if the
     * sender is untraced).  Comparisons then mix the clocks of different
     * nodes, so clock offsets larger than the node delays break it.
     */
    SINGLE,
    /**
     * Every comparison on the clock of the node in the middle (the parent
     * call's arrival, the child call's departure, the child return's arrival
     * and the parent return's departure are all B's readings): invariant to
     * clock offsets, like message linking.  Not the published form.
     */
    NODE_LOCAL
};

/**
 * \ingroup chronometry
 * Parameters of the nesting baseline.
 */
struct NestingConfig
{
    Time window = Seconds(2); //!< x: longest call (call to return, parent call to child call)
    NestingTimestamps timestamps = NestingTimestamps::SINGLE; //!< published: one per message

    /** Report a configuration error if invalid (names the field and its range). */
    void Validate() const;
};

/**
 * \ingroup chronometry
 * The nesting baseline (Project 5, compared with linking in WAP5 section
 * 5.3) for call/return traffic.  Messages are first paired into calls and
 * returns: given (callOf, e.g. from application data), or guessed black-box
 * by GuessCallPairs.  A call pair (B->C, C->B) nests in a call pair (A->B,
 * B->A) when A->B arrives before B->C leaves (within x) and C->B arrives
 * before B->A leaves; among the enclosing pairs the innermost (latest
 * arrival) is the parent.  Message links follow: the child call's parent is
 * the enclosing call; a return's parent is the latest return of its nested
 * calls that arrived before it, or its own call when it has none; a call
 * nested in nothing is spontaneous.  Choices get probability 1.
 */
class NestingLinker
{
  public:
    /** \param config parameters (validated) */
    explicit NestingLinker(const NestingConfig& config = NestingConfig());

    /**
     * Black-box nesting: the calls and returns are guessed (GuessCallPairs).
     * \param trace reconciled messages
     * \return one parent per message with probability 1, or spontaneous
     */
    LinkingResult Link(const std::vector<TraceMessage>& trace) const;

    /**
     * \param trace reconciled messages
     * \param callOf per message, the index of the call it returns, or -1 for a call
     * \return one parent per message with probability 1, or spontaneous
     */
    LinkingResult Link(const std::vector<TraceMessage>& trace,
                       const std::vector<int64_t>& callOf) const;

    /**
     * Guess calls and returns from timing alone, on each node's own clock: a
     * message X->Y is the return of the oldest unanswered call Y->X that
     * arrived at X within x before it left (FIFO), and otherwise a call.  A
     * message from an untraced node is paired on the receiver's clock (against
     * the receiver's own calls into that node), as WAP5 times such messages.
     * \param trace reconciled messages
     * \param window x
     * \return per message, the index of the call it returns, or -1
     */
    static std::vector<int64_t> GuessCallPairs(const std::vector<TraceMessage>& trace, Time window);

    /** \return the configuration */
    const NestingConfig& GetConfig() const;

  private:
    NestingConfig m_config; //!< parameters
};

} // namespace ns3

#endif /* NESTING_LINKER_H */
