/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef PATH_PATTERN_H
#define PATH_PATTERN_H

#include "trace-message.h"

#include "ns3/nstime.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup chronometry
 * The node id that stands for every client after client aggregation (paper
 * section 2.5.1); signatures print it as "CLIENT".
 */
constexpr uint32_t kAggregatedClientNode = 0xFFFFFFFFu;

/**
 * \ingroup chronometry
 * One node of a path instance or pattern.
 */
struct PathNode
{
    uint32_t sender = 0;     //!< message sender
    uint32_t receiver = 0;   //!< message receiver
    int32_t parent = -1;     //!< index of the parent node in the path (-1 for the root)
    double nodeDelay = 0;    //!< ns spent at the sender since the parent arrived (0 for the root)
    double networkDelay = 0; //!< ns on the wire, corrected by the pairwise clock offset
    uint32_t message = 0;    //!< trace index (instances only)
};

/**
 * \ingroup chronometry
 * A causal path instance: a tree of messages from one root.
 */
struct PathInstance
{
    std::vector<PathNode> nodes; //!< canonical preorder; nodes[0] is the root
    double probability = 1;      //!< product of the link decisions
    std::string signature;       //!< canonical pattern signature
    bool map = false;            //!< the most probable instance of its root
};

/**
 * \ingroup chronometry
 * A path pattern: path instances with the same shape.
 */
struct PathPattern
{
    std::string signature;       //!< e.g. "0>1(1>2(2>1),1>0)"
    std::vector<PathNode> nodes; //!< canonical preorder; delays are probability-weighted means
    uint64_t instances = 0;      //!< instances with this shape
    double expectedCount = 0;    //!< sum of instance probabilities
    double maxProbability = 0;   //!< most probable instance
    uint64_t mapCount = 0;       //!< roots whose most probable instance has this shape
};

/**
 * \ingroup chronometry
 * Canonicalize a tree: order children by signature, compute the signature.
 * \param nodes a tree in any order with parent indices (root has -1)
 * \return the instance with canonical preorder and signature (probability 1)
 */
PathInstance Canonicalize(const std::vector<PathNode>& nodes);

/**
 * \ingroup chronometry
 * Aggregate instances into patterns (sorted by expected count, descending).
 * \param instances path instances
 * \return patterns with probability-weighted mean delays
 */
std::vector<PathPattern> AggregatePatterns(const std::vector<PathInstance>& instances);

/**
 * \ingroup chronometry
 * The path patterns of one parent per message: the true patterns of a trace
 * given its true parents, or the patterns of a baseline's hard choices.
 * \param trace the trace
 * \param trueParent per message, parent index or -1 (spontaneous)
 * \param offsets clock offsets used to correct network delays (may be empty)
 * \return patterns with exact counts
 */
std::vector<PathPattern> TruePatterns(const std::vector<TraceMessage>& trace,
                                      const std::vector<int64_t>& trueParent,
                                      const std::map<NodePair, Time>& offsets);

} // namespace ns3

#endif /* PATH_PATTERN_H */
