/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef LATENCY_PAPER_EXPERIMENTS_H
#define LATENCY_PAPER_EXPERIMENTS_H

#include "ns3/rda-sketch.h"

#include <cstdint>
#include <vector>

/**
 * \file
 * \ingroup chronometry
 * Simulator-free sketch experiments of the RDA paper (Fu, Barlet-Ros, Li): the decode
 * transition of Figures 7/8, the decode cost of Figure 6, and chronometry's equal-memory
 * comparison of bucket layouts that chose the measurement points' defaults.  Each trial
 * draws its own packets from a seeded generator, so results are reproducible and can be
 * plotted from Python.
 */

namespace ns3
{

/**
 * \ingroup chronometry
 * \brief Parameters of the Figure 7/8 experiment (fixed sketch size, growing difference).
 */
struct RdaTransitionParams
{
    uint32_t banks{2};               //!< k (paper: 2)
    uint32_t totalBuckets{5000};     //!< k m, the paper's "number of buckets" (5000)
    bool checksum{false};            //!< the paper's checksum-free form
    uint64_t commonPackets{20000};   //!< packets recorded at both points
    uint64_t difference{0};          //!< d = lost + receiver-only packets
    double lostFraction{0.5};        //!< share of d lost (the rest receiver-only): paper 1/2
    double weibullShape{0.6};        //!< latency shape (paper: 0.6 - 0.7)
    double weibullScaleNs{100000.0}; //!< latency scale (ns)
    uint32_t trials{20};             //!< independent trials averaged
    uint64_t seed{1};                //!< generator seed
};

/**
 * \ingroup chronometry
 * \brief One point of Figure 7/8: decode rate and relative errors against the truth of
 * the packets both points recorded, averaged over the trials; LDA and FineComb (bucketed
 * repair with the receiver-only packets as stash, i.e. the paper's "ideal" repair) use
 * the RDA's memory.
 */
struct RdaTransitionPoint
{
    uint64_t difference{0};      //!< d
    double decodedFraction{0};   //!< trials whose difference decoded completely
    double rdaMeanRelErr{0};     //!< mean |mu_hat - mu| / mu
    double rdaStdRelErr{0};      //!< mean |sigma_hat - sigma| / sigma
    double rdaUsefulFraction{0}; //!< useful packets / common packets
    double ldaMeanRelErr{0};     //!< LDA, same memory
    double ldaStdRelErr{0};      //!< LDA std
    double fcMeanRelErr{0};      //!< FineComb, same memory
    double fcStdRelErr{0};       //!< FineComb std
    uint32_t trials{0};          //!< trials run
};

/**
 * \param p parameters (p.difference is the d of this point)
 * \return averages over p.trials
 */
RdaTransitionPoint RunRdaTransition(const RdaTransitionParams& p);

/**
 * \ingroup chronometry
 * \brief Equal-memory comparison of RDA layouts: decode outcome for a given memory per
 * difference.
 */
struct RdaLayoutResult
{
    uint32_t banks{0};          //!< k
    bool checksum{false};       //!< checksum field
    uint32_t bucketsPerBank{0}; //!< m from the memory budget
    uint32_t trials{0};         //!< trials
    uint32_t exact{0};          //!< decoded, every entry validated, set equal to the truth
    uint32_t detected{0};       //!< decode failed or an entry failed validation (reported)
    uint32_t undetected{0};     //!< accepted but wrong (a silent error)
};

/**
 * \brief One layout at one memory budget.
 *
 * Each trial: n common packets, d differences (half each side), sketches of
 * floor(bytesPerDifference d / (k bucketBytes)) buckets per bank.  Decoded entries are
 * validated the way the measurement points do: a sender-only ID must be in the sender's
 * cache, a receiver-only ID in the receiver's.
 * \param banks k
 * \param checksum checksum field (32-byte buckets) or the paper's form (24 bytes)
 * \param bytesPerDifference memory per set difference (both layouts get the same)
 * \param difference d
 * \param commonPackets n
 * \param trials trials
 * \param seed seed
 * \param validateWhilePeeling peel only entries the sender's cache agrees with (+1: held,
 *        -1: not held), as the measurement points do
 * \return counts
 */
RdaLayoutResult RunRdaLayout(uint32_t banks,
                             bool checksum,
                             double bytesPerDifference,
                             uint64_t difference,
                             uint64_t commonPackets,
                             uint32_t trials,
                             uint64_t seed,
                             bool validateWhilePeeling = true);

/**
 * \ingroup chronometry
 * \brief Figure 6: decode cost of RDA against brute-force FineComb.
 */
struct DecodeCostPoint
{
    uint64_t problematic{0};          //!< lost + reordered packets
    uint32_t stashSize{0};            //!< FineComb stash
    double rdaCpuSeconds{0};          //!< RDA subtract + decode + repair + aggregate
    double fineCombCpuSeconds{0};     //!< brute-force FineComb repair + aggregate
    double bucketedCpuSeconds{0};     //!< bucketed FineComb (chronometry's) for comparison
    uint64_t combinationsTried{0};    //!< brute force: subsets enumerated
    uint64_t bucketedCombinations{0}; //!< bucketed: subsets enumerated
    bool rdaDecoded{false};           //!< RDA decoded completely
};

/**
 * \brief RDA with k = 2 and 4000 buckets (Figure 6) against FineComb at the same memory
 * with a stash of stashSize packets (the reordered ones first, then random common ones).
 * CPU time is process CPU time (CLOCK_PROCESS_CPUTIME_ID) of one run of each.
 * \param problematic lost + reordered packets (half each)
 * \param stashSize FineComb stash size (the paper: up to 40)
 * \param maxCombinations brute force budget per damaged bucket
 * \param seed seed
 * \return costs
 */
DecodeCostPoint RunDecodeCost(uint64_t problematic,
                              uint32_t stashSize,
                              uint64_t maxCombinations,
                              uint64_t seed);

} // namespace ns3

#endif
