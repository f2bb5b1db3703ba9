/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "latency-paper-experiments.h"

#include "ns3/lda-sketch.h"
#include "ns3/log.h"

#include <algorithm>
#include <cmath>
#include <ctime>
#include <random>
#include <unordered_map>
#include <unordered_set>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("LatencyPaperExperiments");

namespace
{
/** \return process CPU time in seconds */
double
CpuNow()
{
    timespec t{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

/** Packets of one trial: both sides' (id, timestamp) and the truth of the common ones. */
struct Trial
{
    std::vector<std::pair<uint64_t, int64_t>> sender;   //!< sender records
    std::vector<std::pair<uint64_t, int64_t>> receiver; //!< receiver records
    std::unordered_set<uint64_t> senderOnly;            //!< lost
    std::unordered_set<uint64_t> receiverOnly;          //!< arrived from elsewhere / earlier
    std::vector<FineCombSketch::StashEntry> stash;      //!< receiver-only with their stamps
    double mean{0};                                     //!< true mean (common packets)
    double std{0};                                      //!< true std (common packets)
};

/**
 * \param g generator
 * \return uniform in (0, 1)
 */
double
Unit(std::mt19937_64& g)
{
    return (static_cast<double>(g() >> 11) + 0.5) * (1.0 / 9007199254740992.0);
}

/**
 * \param g generator
 * \param n common packets
 * \param d differences
 * \param lostFraction share of d on the sender's side
 * \param shape Weibull shape
 * \param scaleNs Weibull scale
 * \return the trial
 */
Trial
MakeTrial(std::mt19937_64& g,
          uint64_t n,
          uint64_t d,
          double lostFraction,
          double shape,
          double scaleNs)
{
    Trial t;
    uint64_t lost = static_cast<uint64_t>(std::llround(lostFraction * static_cast<double>(d)));
    lost = std::min(lost, d);
    long double s = 0;
    long double q = 0;
    int64_t clock = 1000000000;
    for (uint64_t i = 0; i < n + d; ++i)
    {
        uint64_t id = g() | 1;
        clock += 1000 + static_cast<int64_t>(g() % 1000);
        int64_t lat = static_cast<int64_t>(scaleNs * std::pow(-std::log(Unit(g)), 1.0 / shape));
        if (i < n)
        {
            t.sender.emplace_back(id, clock);
            t.receiver.emplace_back(id, clock + lat);
            s += lat;
            q += static_cast<long double>(lat) * lat;
        }
        else if (i < n + lost)
        {
            t.sender.emplace_back(id, clock);
            t.senderOnly.insert(id);
        }
        else
        {
            t.receiver.emplace_back(id, clock + lat);
            t.receiverOnly.insert(id);
            t.stash.push_back({id, clock + lat});
        }
    }
    if (n > 0)
    {
        t.mean = static_cast<double>(s / n);
        t.std = static_cast<double>(std::sqrt(std::max<long double>(0, q / n - (s / n) * (s / n))));
    }
    return t;
}

/**
 * \param est estimate
 * \param truth truth
 * \return |est - truth| / truth (1 when the estimate is missing)
 */
double
Rel(double est, bool valid, double truth)
{
    if (!valid || truth == 0)
    {
        return 1.0;
    }
    return std::fabs(est - truth) / std::fabs(truth);
}
} // namespace

RdaTransitionPoint
RunRdaTransition(const RdaTransitionParams& p)
{
    RdaTransitionPoint out;
    out.difference = p.difference;
    std::mt19937_64 g(p.seed * 0x9e3779b97f4a7c15ULL + p.difference);
    const uint32_t k = std::max<uint32_t>(p.banks, 1);
    const uint32_t m = std::max<uint32_t>(p.totalBuckets / k, 1);
    for (uint32_t trial = 0; trial < p.trials; ++trial)
    {
        Trial t = MakeTrial(g,
                            p.commonPackets,
                            p.difference,
                            p.lostFraction,
                            p.weibullShape,
                            p.weibullScaleNs);
        uint64_t seed = g();
        RdaSketch s(k, m, p.checksum, seed);
        RdaSketch r(k, m, p.checksum, seed);
        const uint64_t memory = s.MemoryBytes();
        LdaSketch ls(std::max<uint64_t>(1, memory / LdaSketch::BucketBytes()), seed);
        LdaSketch lr(std::max<uint64_t>(1, memory / LdaSketch::BucketBytes()), seed);
        FineCombSketch fs(std::max<uint64_t>(1, memory / FineCombSketch::BucketBytes()), seed);
        FineCombSketch fr(std::max<uint64_t>(1, memory / FineCombSketch::BucketBytes()), seed);
        std::unordered_map<uint64_t, int64_t> sTs;
        std::unordered_map<uint64_t, int64_t> rTs;
        for (const auto& [id, ts] : t.sender)
        {
            s.Insert(id, ts);
            ls.Insert(id, ts);
            fs.Insert(id, ts);
            sTs[id] = ts;
        }
        for (const auto& [id, ts] : t.receiver)
        {
            r.Insert(id, ts);
            lr.Insert(id, ts);
            fr.Insert(id, ts);
            rTs[id] = ts;
        }
        RdaSketch diff = s;
        diff.Subtract(r);
        std::vector<RdaSketch::Entry> entries;
        bool decoded = diff.Decode(entries);
        std::vector<RdaSketch::Entry> usable;
        for (auto e : entries)
        {
            // validated against the caches, as the measurement points do
            const auto& side = e.sign > 0 ? sTs : rTs;
            auto it = side.find(e.id);
            if (it == side.end())
            {
                decoded = false;
                continue;
            }
            e.tsNs = it->second;
            usable.push_back(e);
        }
        decoded = decoded && entries.size() == p.difference;
        RdaSketch::Repair(s, r, usable);
        LatencyEstimate re = RdaSketch::Aggregate(s, r, LatencyVarianceEstimator::CENTERED);
        LatencyEstimate le = LdaSketch::Aggregate(ls, lr, LatencyVarianceEstimator::CENTERED);
        LatencyEstimate fe = FineCombSketch::Aggregate(fs,
                                                       fr,
                                                       {},
                                                       t.stash,
                                                       4096,
                                                       LatencyVarianceEstimator::CENTERED);
        out.decodedFraction += decoded ? 1 : 0;
        out.rdaMeanRelErr += Rel(re.meanNs, re.valid, t.mean);
        out.rdaStdRelErr += Rel(re.stdNs, re.stdValid, t.std);
        out.rdaUsefulFraction +=
            p.commonPackets ? re.usefulPackets / static_cast<double>(p.commonPackets) : 0;
        out.ldaMeanRelErr += Rel(le.meanNs, le.valid, t.mean);
        out.ldaStdRelErr += Rel(le.stdNs, le.stdValid, t.std);
        out.fcMeanRelErr += Rel(fe.meanNs, fe.valid, t.mean);
        out.fcStdRelErr += Rel(fe.stdNs, fe.stdValid, t.std);
        ++out.trials;
    }
    if (out.trials > 0)
    {
        double n = out.trials;
        for (double* x : {&out.decodedFraction,
                          &out.rdaMeanRelErr,
                          &out.rdaStdRelErr,
                          &out.rdaUsefulFraction,
                          &out.ldaMeanRelErr,
                          &out.ldaStdRelErr,
                          &out.fcMeanRelErr,
                          &out.fcStdRelErr})
        {
            *x /= n;
        }
    }
    return out;
}

RdaLayoutResult
RunRdaLayout(uint32_t banks,
             bool checksum,
             double bytesPerDifference,
             uint64_t difference,
             uint64_t commonPackets,
             uint32_t trials,
             uint64_t seed,
             bool validateWhilePeeling)
{
    RdaLayoutResult out;
    out.banks = banks;
    out.checksum = checksum;
    const double bucketBytes = checksum ? 32.0 : 24.0;
    out.bucketsPerBank = static_cast<uint32_t>(std::max(
        1.0,
        std::floor(bytesPerDifference * static_cast<double>(difference) / (banks * bucketBytes))));
    std::mt19937_64 g(seed * 0xbf58476d1ce4e5b9ULL + banks * 2 + (checksum ? 1 : 0));
    for (uint32_t trial = 0; trial < trials; ++trial)
    {
        Trial t = MakeTrial(g, commonPackets, difference, 0.5, 0.6, 100000.0);
        uint64_t hseed = g();
        RdaSketch s(banks, out.bucketsPerBank, checksum, hseed);
        RdaSketch r(banks, out.bucketsPerBank, checksum, hseed);
        for (const auto& [id, ts] : t.sender)
        {
            s.Insert(id, ts);
        }
        for (const auto& [id, ts] : t.receiver)
        {
            r.Insert(id, ts);
        }
        std::unordered_set<uint64_t> sIds;
        std::unordered_set<uint64_t> rIds;
        for (const auto& rec : t.sender)
        {
            sIds.insert(rec.first);
        }
        for (const auto& rec : t.receiver)
        {
            rIds.insert(rec.first);
        }
        s.Subtract(r);
        std::vector<RdaSketch::Entry> entries;
        bool ok = validateWhilePeeling ? s.Decode(entries,
                                                  [&sIds](uint64_t id, int64_t sign) {
                                                      return (sign > 0) == (sIds.count(id) > 0);
                                                  })
                                       : s.Decode(entries);
        bool validated = true;
        bool correct = entries.size() == difference;
        for (const auto& e : entries)
        {
            // validation: the ID must be in the cache of the side the sign names
            bool senderSide = e.sign > 0;
            bool inCache = (senderSide ? sIds : rIds).count(e.id) > 0;
            validated = validated && inCache;
            correct =
                correct && (senderSide ? t.senderOnly.count(e.id) : t.receiverOnly.count(e.id));
        }
        ++out.trials;
        if (ok && validated)
        {
            if (correct)
            {
                ++out.exact;
            }
            else
            {
                ++out.undetected;
            }
        }
        else
        {
            ++out.detected;
        }
    }
    return out;
}

DecodeCostPoint
RunDecodeCost(uint64_t problematic, uint32_t stashSize, uint64_t maxCombinations, uint64_t seed)
{
    DecodeCostPoint out;
    out.problematic = problematic;
    out.stashSize = stashSize;
    std::mt19937_64 g(seed);
    Trial t = MakeTrial(g, 20000, problematic, 0.5, 0.6, 100000.0);
    const uint32_t k = 2;
    const uint32_t m = 2000; // 4000 buckets in total (Figure 6)
    uint64_t hseed = g();
    RdaSketch s(k, m, false, hseed);
    RdaSketch r(k, m, false, hseed);
    const uint64_t fcBuckets = s.MemoryBytes() / FineCombSketch::BucketBytes();
    FineCombSketch fs(fcBuckets, hseed);
    FineCombSketch fr(fcBuckets, hseed);
    std::unordered_map<uint64_t, int64_t> sTs;
    std::unordered_map<uint64_t, int64_t> rTs;
    for (const auto& [id, ts] : t.sender)
    {
        s.Insert(id, ts);
        fs.Insert(id, ts);
        sTs[id] = ts;
    }
    for (const auto& [id, ts] : t.receiver)
    {
        r.Insert(id, ts);
        fr.Insert(id, ts);
        rTs[id] = ts;
    }
    std::vector<FineCombSketch::StashEntry> stash(t.stash.begin(),
                                                  t.stash.begin() +
                                                      std::min<size_t>(stashSize, t.stash.size()));
    for (size_t i = 0; stash.size() < stashSize && i < t.receiver.size(); ++i)
    {
        if (!t.receiverOnly.count(t.receiver[i].first))
        {
            stash.push_back({t.receiver[i].first, t.receiver[i].second});
        }
    }
    double c0 = CpuNow();
    {
        RdaSketch diff = s;
        diff.Subtract(r);
        std::vector<RdaSketch::Entry> entries;
        out.rdaDecoded = diff.Decode(entries);
        for (auto& e : entries)
        {
            const auto& side = e.sign > 0 ? sTs : rTs;
            auto it = side.find(e.id);
            e.tsNs = it == side.end() ? 0 : it->second;
        }
        RdaSketch::Repair(s, r, entries);
        LatencyEstimate e = RdaSketch::Aggregate(s, r, LatencyVarianceEstimator::CENTERED);
        (void)e;
    }
    double c1 = CpuNow();
    FineCombSketch::AggregateBruteForce(fs,
                                        fr,
                                        {},
                                        stash,
                                        maxCombinations,
                                        LatencyVarianceEstimator::CENTERED,
                                        nullptr,
                                        &out.combinationsTried);
    double c2 = CpuNow();
    FineCombSketch::Aggregate(fs,
                              fr,
                              {},
                              stash,
                              maxCombinations,
                              LatencyVarianceEstimator::CENTERED,
                              nullptr,
                              &out.bucketedCombinations);
    double c3 = CpuNow();
    out.rdaCpuSeconds = c1 - c0;
    out.fineCombCpuSeconds = c2 - c1;
    out.bucketedCpuSeconds = c3 - c2;
    return out;
}

} // namespace ns3
