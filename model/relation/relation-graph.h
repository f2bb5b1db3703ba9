/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef RELATION_GRAPH_H
#define RELATION_GRAPH_H

#include "multi-round-relation.h"
#include "relation-estimate.h"
#include "relation-ticks.h"
#include "tsc-relation.h"

#include <array>
#include <cstdint>
#include <variant>
#include <vector>

/**
 * \file
 * \ingroup chronometry
 * Relations over N nodes: chains, best paths and triangle consistency.
 */

namespace ns3
{
namespace relation
{

/**
 * A graph of pairwise TSC relations over N nodes (Simulator-free). An edge
 * "reference from peer" translates the peer's ticks into the reference's
 * (a TscRelation or a fitted MultiRoundRelation). Relations compose along
 * chains: a position c on C goes to B with bound eps_B, then to A with
 *
 *   eps_A = bound_AB(b_hat) + (local ratio bound of A from B) eps_B,
 *
 * the local ratio bound being the chord slope's upper bound plus the drift
 * wander's slope deviation over [b_hat - eps_B, b_hat + eps_B]. Every bound
 * along a chain is rigorous when every edge's assumptions hold.
 *
 * Best path: the chain with the smallest final bound, found by a
 * Bellman-Ford pass over the edges (labels compared only at the same node, so
 * no unit conversion is needed), at most MaxHops edges long.
 *
 * Triangle consistency: the direct edge, the best path and every two-hop
 * path each give an interval that contains the truth when the assumptions
 * hold; their intersection is a tighter interval, and an empty intersection
 * proves that some edge's assumptions (affine counters, wander bound, honest
 * timestamps) are violated: the query is flagged and the best path kept.
 */
class RelationGraph
{
  public:
    /** \param nodes number of nodes, >= 2 */
    explicit RelationGraph(uint32_t nodes);

    /** \return the number of nodes */
    uint32_t GetNNodes() const;
    /** \param hops the longest chain considered, >= 1 (default: nodes - 1) */
    void SetMaxHops(uint32_t hops);
    /** \return the longest chain considered */
    uint32_t GetMaxHops() const;

    /**
     * Add (or replace) the edge "reference from peer".
     * \param reference the node whose ticks results are in
     * \param peer the node whose ticks are translated
     * \param relation the relation reference from peer
     */
    void AddRelation(uint32_t reference, uint32_t peer, const TscRelation& relation);
    /**
     * \param reference the node whose ticks results are in
     * \param peer the node whose ticks are translated
     * \param relation a fitted relation reference from peer (GetFitStatus() OK)
     */
    void AddRelation(uint32_t reference, uint32_t peer, const MultiRoundRelation& relation);
    /**
     * \param reference the reference node \param peer the peer node
     * \return true if the edge reference from peer exists
     */
    bool HasRelation(uint32_t reference, uint32_t peer) const;
    /** \return the number of edges */
    std::size_t GetNRelations() const;

    /** A translated position and the chain that produced it. */
    struct PathEstimate
    {
        bool found{false};          //!< a chain exists (within MaxHops)
        PointEstimate estimate;     //!< position on the target's counter, with bound
        std::vector<uint32_t> path; //!< nodes from source to target
    };

    /**
     * Compose the relations along a given chain.
     * \param path nodes from source (path[0]) to target (path.back()); each
     *        consecutive pair needs the edge "next from previous"
     * \param tick a position on the source's counter
     * \return the position on the target's counter (found = false if an edge is missing)
     */
    PathEstimate TranslateAlong(const std::vector<uint32_t>& path, const TickPoint& tick) const;

    /**
     * \param from the source node \param tick a position on its counter
     * \param to the target node
     * \return the chain with the smallest bound (found = false if none)
     */
    PathEstimate TranslateBest(uint32_t from, const TickPoint& tick, uint32_t to) const;

    /** A best-path estimate tightened (or flagged) by the other short paths. */
    struct CheckedEstimate
    {
        PathEstimate best;       //!< the best chain
        PointEstimate tightened; //!< the intersection of all intervals (= best if inconsistent)
        uint32_t intervals{0};   //!< intervals intersected (best, direct, two-hop paths)
        bool consistent{true};   //!< the intervals intersect
    };

    /**
     * \param from the source node \param tick a value of its counter
     * \param to the target node
     * \return the best chain, tightened by the direct edge and every two-hop path
     */
    CheckedEstimate Translate(uint32_t from, uint64_t tick, uint32_t to) const;

    /** A duration between events on two nodes, in a reference node's ticks. */
    struct DurationResult
    {
        bool found{false};     //!< both methods or one of them found chains
        TickEstimate estimate; //!< the tighter valid interval (midpoint, half width)
        TickEstimate viaEnds;  //!< both ends translated into the reference (bound < 0: none)
        TickEstimate viaStart; //!< end into the start node, then scaled (bound < 0: none)
        bool consistent{true}; //!< the two intervals intersect (when both exist)
    };

    /**
     * \param reference node whose ticks the duration is expressed in
     * \param startNode node of the start event \param startTick its counter value
     * \param endNode node of the end event \param endTick its counter value
     * \return the duration endNode's event minus startNode's, in reference ticks
     */
    DurationResult Duration(uint32_t reference,
                            uint32_t startNode,
                            uint64_t startTick,
                            uint32_t endNode,
                            uint64_t endTick) const;

    /** Result of a triangle check over the whole graph. */
    struct TriangleReport
    {
        uint32_t checked{0};                          //!< triangles checked
        std::vector<std::array<uint32_t, 3>> flagged; //!< (i, j, k): direct i-k and i-j-k disjoint
    };

    /**
     * For every triangle with edges i from j, j from k and i from k, compare
     * the direct translation of k's window middle into i with the chain through
     * j; disjoint intervals flag the triangle.
     * \return the report
     */
    TriangleReport CheckTriangles() const;

  private:
    /** One edge. */
    struct Edge
    {
        uint32_t reference;                                     //!< target node
        uint32_t peer;                                          //!< source node
        std::variant<TscRelation, MultiRoundRelation> relation; //!< the relation
    };

    /** A label of the path search: estimate, bound, chain. */
    struct Label
    {
        bool set{false};            //!< reached
        PointEstimate estimate;     //!< position and bound on this node's counter
        std::vector<uint32_t> path; //!< chain from the source
    };

    /**
     * \param e an edge \param in a position on e.peer with its bound
     * \return the position on e.reference with the composed bound
     */
    static PointEstimate Hop(const Edge& e, const PointEstimate& in);
    /**
     * \param e an edge \param start the start of a duration on e.peer, with its bound
     * \param d the duration's range on e.peer
     * \return its range on e.reference
     */
    static Interval Scale(const Edge& e, const PointEstimate& start, const Interval& d);
    /**
     * \param e an edge \return a position in the middle of its peer window
     */
    static TickPoint PeerMiddle(const Edge& e);
    /**
     * \param reference target \param peer source \return the edge or nullptr
     */
    const Edge* Find(uint32_t reference, uint32_t peer) const;
    /** \param node a node index \param what for the message */
    void RequireNode(uint32_t node, const char* what) const;

    uint32_t m_nodes;             //!< number of nodes
    uint32_t m_maxHops;           //!< longest chain
    std::vector<Edge> m_edges;    //!< all edges
    std::vector<int32_t> m_index; //!< reference * N + peer -> edge index, -1 if none
};

} // namespace relation
} // namespace ns3

#endif /* RELATION_GRAPH_H */
