/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef MESSAGE_LINKING_H
#define MESSAGE_LINKING_H

#include "ns3/nstime.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace ns3
{

/**
 * \ingroup chronometry
 * One reconciled message (WAP5 section 4): who sent it to whom, and the
 * sender's and receiver's local clock readings.  A side that was not traced
 * has no timestamp (nil).
 */
struct TraceMessage
{
    uint64_t id = 0;            //!< opaque message identifier
    uint32_t sender = 0;        //!< sending node
    uint32_t receiver = 0;      //!< receiving node
    std::optional<Time> sendTs; //!< sender-local send timestamp (nil if untraced)
    std::optional<Time> recvTs; //!< receiver-local receive timestamp (nil if untraced)
};

/**
 * \ingroup chronometry
 * Parameters of the message-linking algorithm (WAP5 section 5.1).
 */
struct LinkingConfig
{
    Time window = Seconds(2);    //!< x: longest causal delay considered
    double spontaneous = 4;      //!< y: spontaneous weight is that of a delay y * d
    double tryBothBand = 0.2;    //!< links with |p - 0.5| <= band are "try both"
    bool tryMostLikely = true;   //!< a child's most likely parent is always "try both" (paper)
    uint32_t maxTryBoth = 4;     //!< k: "try both" decisions per root (2^k instances at most)
    uint32_t maxCandidates = 16; //!< most recent candidate parents kept per message

    /** Report a configuration error if invalid (names the field and its range). */
    void Validate() const;
};

/**
 * \ingroup chronometry
 * One possible parent of a message.
 */
struct ParentLink
{
    uint32_t parent = 0;    //!< index of the parent message in the trace
    Time delay;             //!< node delay it implies (local clock of the node)
    double weight = 0;      //!< exp(-delay / d)
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
 * Result of linking a trace.
 */
struct LinkingResult
{
    std::vector<MessageLinks> links;                           //!< per trace message
    std::map<std::pair<uint32_t, uint32_t>, Time> meanDelay;   //!< d(B->C) per node pair
    std::map<std::pair<uint32_t, uint32_t>, Time> clockOffset; //!< (a, b), a < b: clock_b - clock_a
    std::vector<uint32_t> roots;                               //!< messages most likely spontaneous
    std::vector<PathPattern> patterns;                         //!< by expected count, descending
    uint64_t instances = 0;                                    //!< path instances built
};

/**
 * \ingroup chronometry
 * WAP5's message-linking algorithm (Reynolds et al., section 5), free of the
 * simulator.  Step 1 estimates, per node pair B->C, the mean causal delay d as
 * the mean delay from the most recent preceding message into B (within the
 * window x).  Step 2 weights every message into B within x before each B->C
 * by exp(-delay / d) and spontaneity by exp(-y); the weights normalized are
 * the link probabilities.  Step 3 builds path instances from every message
 * whose most likely cause is spontaneity, deciding each link "probably true",
 * "probably false" or "try both" (bounded by k per root), and aggregates them
 * into path patterns with their expected counts.  Node delays use the node's
 * own timestamps; network delays subtract the pairwise clock offset estimated
 * under the symmetric-delay assumption (minimum one-way delays, after Paxson).
 * An untraced side (nil timestamp) is handled as in the paper: a message from
 * an untraced node B to A is timed on A's clock and may only be caused by an
 * A->B message.
 */
class MessageLinker
{
  public:
    /** \param config parameters (validated) */
    explicit MessageLinker(const LinkingConfig& config = LinkingConfig());

    /**
     * Steps 1 and 2: mean delays and link probabilities.
     * \param trace reconciled messages
     * \return links, mean delays and clock offsets (no patterns)
     */
    LinkingResult Link(const std::vector<TraceMessage>& trace) const;

    /**
     * All three steps.
     * \param trace reconciled messages
     * \return links and path patterns
     */
    LinkingResult Analyze(const std::vector<TraceMessage>& trace) const;

    /**
     * Step 3 from one root.
     * \param trace the trace
     * \param result links of Link()
     * \param root index of the root message
     * \return its path instances (probabilities sum to at most 1)
     */
    std::vector<PathInstance> BuildInstances(const std::vector<TraceMessage>& trace,
                                             const LinkingResult& result,
                                             uint32_t root) const;

    /**
     * Pairwise clock offsets under symmetric delays: for nodes a < b with
     * messages both ways, (min(b_recv - a_send) - min(a_recv - b_send)) / 2.
     * \param trace the trace
     * \return offsets, clock_b - clock_a
     */
    static std::map<std::pair<uint32_t, uint32_t>, Time> EstimateClockOffsets(
        const std::vector<TraceMessage>& trace);

    /** \return the configuration */
    const LinkingConfig& GetConfig() const;

  private:
    LinkingConfig m_config; //!< parameters
};

/**
 * \ingroup chronometry
 * Aggregate instances into patterns (sorted by expected count, descending).
 * \param instances path instances
 * \return patterns with probability-weighted mean delays
 */
std::vector<PathPattern> AggregatePatterns(const std::vector<PathInstance>& instances);

/**
 * \ingroup chronometry
 * Canonicalize a tree: order children by signature, compute the signature.
 * \param nodes a tree in any order with parent indices (root has -1)
 * \return the instance with canonical preorder and signature (probability 1)
 */
PathInstance Canonicalize(const std::vector<PathNode>& nodes);

/**
 * \ingroup chronometry
 * The true path patterns of a trace, from the true parent of every message.
 * \param trace the trace
 * \param trueParent per message, parent index or -1 (spontaneous)
 * \param offsets clock offsets used to correct network delays (may be empty)
 * \return patterns with exact counts
 */
std::vector<PathPattern> TruePatterns(const std::vector<TraceMessage>& trace,
                                      const std::vector<int64_t>& trueParent,
                                      const std::map<std::pair<uint32_t, uint32_t>, Time>& offsets);

/**
 * \ingroup chronometry
 * Scores of inferred links against the truth.
 */
struct LinkScore
{
    uint64_t messages = 0;          //!< messages scored
    uint64_t trueLinks = 0;         //!< messages with a true parent
    uint64_t inferredLinks = 0;     //!< messages whose most likely cause is a parent
    uint64_t correctLinks = 0;      //!< most likely parent == true parent
    double precision = 1;           //!< correct / inferred (1 if none inferred)
    double recall = 1;              //!< correct / true (1 if none true)
    double decisionAccuracy = 1;    //!< most likely choice (parent or spontaneous) correct
    double meanTrueProbability = 0; //!< mean probability given to the true choice
};

/**
 * \param result linking result
 * \param trueParent per message, parent index or -1
 * \return the scores
 */
LinkScore ScoreLinks(const LinkingResult& result, const std::vector<int64_t>& trueParent);

/**
 * \ingroup chronometry
 * Scores of inferred path patterns against the true ones (expected vs true counts).
 */
struct PatternScore
{
    uint64_t truePatterns = 0;     //!< distinct true patterns
    uint64_t inferredPatterns = 0; //!< distinct inferred patterns
    double precision = 1;          //!< sum min(expected, true) / sum expected
    double recall = 1;             //!< sum min(expected, true) / sum true
};

/**
 * \param inferred inferred patterns
 * \param truth true patterns (their expectedCount is the true count)
 * \param useMap score the inferred mapCount (each root's most probable
 *        instance) instead of the expected counts
 * \return the scores
 */
PatternScore ScorePatterns(const std::vector<PathPattern>& inferred,
                           const std::vector<PathPattern>& truth,
                           bool useMap = false);

/**
 * \ingroup chronometry
 * Node delays of the patterns found in both (paper section 5.2: per pattern
 * node, the probability-weighted mean over its instances) against the true
 * patterns' mean delays.
 * \param inferred inferred patterns
 * \param truth true patterns
 * \return weighted mean |est - true| / true over the non-root nodes of matched
 *         patterns (weight: true count), or -1 if no pattern matched
 */
double PatternNodeDelayError(const std::vector<PathPattern>& inferred,
                             const std::vector<PathPattern>& truth);

/**
 * \ingroup chronometry
 * Node delay per (incoming pair, outgoing pair): the link-probability-weighted
 * mean of every candidate link's delay, compared with the mean over true links.
 */
struct NodeDelayScore
{
    uint64_t keys = 0;            //!< (X->B, B->C) combinations with true links
    double meanAbsError = 0;      //!< ns, weighted by true link count
    double meanRelativeError = 0; //!< |est - true| / true, weighted by true link count
};

/**
 * \param trace the trace
 * \param result linking result
 * \param trueParent per message, parent index or -1
 * \return the scores
 */
NodeDelayScore ScoreNodeDelays(const std::vector<TraceMessage>& trace,
                               const LinkingResult& result,
                               const std::vector<int64_t>& trueParent);

} // namespace ns3

#endif /* MESSAGE_LINKING_H */
