/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef RDA_BASELINE_EXCHANGE_H
#define RDA_BASELINE_EXCHANGE_H

#include "equal-memory-baselines.h"
#include "latency-interval-cache.h"
#include "lda-sketch.h"
#include "rda-message.h"
#include "rda-sketch.h"

#include <cstdint>
#include <memory>
#include <unordered_map>
#include <utility>
#include <vector>

namespace ns3
{

/**
 * \ingroup chronometry
 * \brief What the baselines the RDA sender ran beside RDA found for one flow's interval: LDA
 * and FineComb at the memory of RDA's exchange, and the receiver's raw log, each exchanged
 * with the receiver over the wire on the same packets (RdaSender::Baselines).
 */
struct RdaBaselineReport
{
    bool exchanged{false};          //!< the baselines were asked for
    bool complete{false};           //!< every answer arrived (false: timed out)
    uint64_t memoryBytes{0};        //!< memory each sketch got (RDA's sketch, or the raw log)
    uint32_t ldaBuckets{0};         //!< LDA buckets
    uint32_t fineCombBuckets{0};    //!< FineComb buckets
    uint32_t fineCombStash{0};      //!< FineComb stash entries asked of each side
    LatencyEstimate lda;            //!< LDA
    LatencyEstimate fineComb;       //!< FineComb (receiver's stash sent over the wire too)
    LatencyEstimate raw;            //!< raw log: exact over the packets both points hold
    uint64_t rawBoundaryMatched{0}; //!< packets the raw logs matched in a neighbour interval
    LatencyEstimate rawMatched;     //!< raw log with those packets pooled in
    uint64_t setDifference{0};      //!< exact |S xor R| from the raw log (0 without it)
    uint64_t ldaWireBytes{0};       //!< LDA request and chunks, both ways, UDP payload + 28
    uint64_t fineCombWireBytes{0};  //!< FineComb request, chunks and stash, both ways
    uint64_t rawWireBytes{0};       //!< raw request and chunks (0: RDA itself sent the raw log)
    uint32_t controlPackets{0};     //!< datagrams of the three exchanges, both ways
    uint32_t retransmissions{0};    //!< baseline requests sent again
};

/**
 * \ingroup chronometry
 * \brief The sender's side of the baseline exchanges of one flow's interval (simulator-free):
 * which requests are still unanswered, the receiver's LDA, FineComb, FineComb stash and raw
 * log as their chunks arrive, the bytes each method put on the wire, and the estimates once
 * everything is there.  The RdaSender sends the requests, retransmits them and hands every
 * chunk to Accept().
 */
class RdaBaselineExchange
{
  public:
    /**
     * \param interval the interval
     * \param flow the flow
     * \param memoryBytes the memory of RDA's exchange (its sketch, or the raw log it sent)
     * \param seed the LDA and FineComb hash seed (both points use it)
     * \param raw also ask for the receiver's raw log (false when RDA itself exchanged it)
     */
    RdaBaselineExchange(uint32_t interval,
                        const RdaFlowKey& flow,
                        uint64_t memoryBytes,
                        uint64_t seed,
                        bool raw);

    /** \return the requests whose answer is not complete yet, in a fixed order */
    std::vector<RdaMessage> Requests() const;

    /**
     * Count the bytes of a message of this exchange (sent or received) to its method.
     * \param type the message type
     * \param bytes its size on the wire (UDP payload + 28)
     */
    void Count(RdaMessage::Type type, uint64_t bytes);

    /**
     * Take a chunk (LDA_CHUNK, FC_CHUNK, FC_STASH or RAW_CHUNK) of this flow's interval.
     * \param m the message
     * \return false when it is not one this exchange waits for (wrong type, a part already
     * complete, or a geometry other than the one asked for): the caller counts it as unexpected
     */
    bool Accept(const RdaMessage& m);

    /** \return whether every answer is complete */
    bool IsAnswered() const;

    /**
     * Make the estimates (every answer complete) against the sender's own cache.
     * \param local the sender's cache of the flow's interval
     * \param estimator the variance estimator
     */
    void Finish(const LatencyIntervalCache& local, LatencyVarianceEstimator estimator);

    /** The exchange timed out: the report stays incomplete, the estimates invalid. */
    void GiveUp();

    /** \return whether the exchange is over (finished or given up) */
    bool IsDone() const;

    /** \return the report so far */
    const RdaBaselineReport& GetReport() const;

    /**
     * \param matched the raw logs' boundary matches (exact latencies)
     * \param count how many packets they are
     */
    void SetRawMatched(const LatencyEstimate& matched, uint64_t count);

    /** \return raw log: the sender-only packets (id -> sender stamp) */
    const std::unordered_map<uint64_t, int64_t>& RawSenderOnly() const;
    /** \return raw log: the receiver-only packets (id -> receiver stamp) */
    const std::unordered_map<uint64_t, int64_t>& RawReceiverOnly() const;

    /** \return retransmissions of the requests so far (the sender increments it) */
    uint32_t& Retries();

  private:
    /** \brief One answer arriving in chunks. */
    struct Part
    {
        bool wanted{false};     //!< asked for
        bool started{false};    //!< its first chunk came (total known)
        std::vector<bool> seen; //!< items arrived
        uint32_t received{0};   //!< distinct items arrived

        /** \return whether every item arrived */
        bool Complete() const;
        /**
         * \param total total items the chunk says
         * \param offset first item
         * \param n items in the chunk
         * \return false if it does not fit what earlier chunks said
         */
        bool Take(uint32_t total, uint32_t offset, size_t n);
    };

    uint32_t m_interval;                                  //!< interval
    RdaFlowKey m_flow;                                    //!< flow
    uint64_t m_seed;                                      //!< hash seed
    std::unique_ptr<LdaSketch> m_lda;                     //!< receiver's LDA
    std::unique_ptr<FineCombSketch> m_fineComb;           //!< receiver's FineComb
    std::vector<FineCombSketch::StashEntry> m_stash;      //!< receiver's stash (by offset)
    std::vector<std::pair<uint64_t, int64_t>> m_raw;      //!< receiver's raw log (by offset)
    Part m_parts[4];                                      //!< LDA, FineComb, stash, raw
    bool m_done{false};                                   //!< finished or given up
    std::unordered_map<uint64_t, int64_t> m_senderOnly;   //!< raw: sender-only
    std::unordered_map<uint64_t, int64_t> m_receiverOnly; //!< raw: receiver-only
    RdaBaselineReport m_report;                           //!< what it found
};

} // namespace ns3

#endif /* RDA_BASELINE_EXCHANGE_H */
