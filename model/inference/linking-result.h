/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef LINKING_RESULT_H
#define LINKING_RESULT_H

#include "path-pattern.h"
#include "trace-message.h"

#include "ns3/nstime.h"

#include <cstdint>
#include <map>
#include <tuple>
#include <vector>

namespace ns3
{

/**
 * \ingroup chronometry
 * One possible parent of a message.
 */
struct ParentLink
{
    uint32_t parent = 0;    //!< index of the parent message in the trace
    Time delay;             //!< node delay it implies (local clock of the node)
    double weight = 0;      //!< exp(-delay / d) (or the density, see LinkDelayModel)
    double probability = 0; //!< normalized weight
};

/**
 * \ingroup chronometry
 * The possible parents of one message.
 */
struct MessageLinks
{
    std::vector<ParentLink> parents; //!< candidates, most recent first
    double spontaneous = 1;          //!< probability that the message is spontaneous
    int64_t mostLikely = -1;         //!< most likely parent index, -1 for spontaneous
};

/** \ingroup chronometry (X, B, C): a parent pair X->B and a child pair B->C. */
using NodeTriple = std::tuple<uint32_t, uint32_t, uint32_t>;

/**
 * \ingroup chronometry
 * Result of linking a trace (by WAP5 or a baseline: a baseline gives its
 * choice probability 1).
 */
struct LinkingResult
{
    std::vector<MessageLinks> links;            //!< per trace message
    std::map<NodePair, Time> meanDelay;         //!< d(B->C) per node pair
    std::map<NodeTriple, Time> parentPairDelay; //!< d(X->B->C) (LinkDelayModel::PER_PARENT_PAIR)
    std::map<NodePair, Time> clockOffset;       //!< (a, b), a < b: clock_b - clock_a
    std::vector<uint32_t> roots;                //!< messages most likely spontaneous
    std::vector<PathPattern> patterns;          //!< by expected count, descending
    uint64_t instances = 0;                     //!< path instances built
};

} // namespace ns3

#endif /* LINKING_RESULT_H */
