/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "link-calibration.h"

#include "ns3/abort.h"
#include "ns3/chronometry-validation.h"
#include "ns3/log.h"

#include <algorithm>
#include <cmath>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("LinkCalibration");

namespace
{

/** Running sums of one reliability curve. */
class Bins
{
  public:
    /** \param bins number of bins */
    explicit Bins(uint32_t bins)
        : m_sumP(bins, 0),
          m_sumO(bins, 0),
          m_count(bins, 0)
    {
    }

    /**
     * \param p predicted probability
     * \param outcome whether it came true
     */
    void Add(double p, bool outcome)
    {
        auto k = static_cast<std::size_t>(std::clamp(p, 0.0, 1.0) * m_count.size());
        k = std::min(k, m_count.size() - 1);
        m_sumP[k] += p;
        m_sumO[k] += outcome ? 1 : 0;
        m_count[k]++;
        m_total++;
    }

    /**
     * \param ece receives the expected calibration error
     * \param maxError receives the largest bin error (may be null)
     * \return the bins
     */
    std::vector<ReliabilityBin> Finish(double& ece, double* maxError) const
    {
        std::vector<ReliabilityBin> out;
        ece = 0;
        const double width = 1.0 / m_count.size();
        for (std::size_t k = 0; k < m_count.size(); ++k)
        {
            ReliabilityBin b;
            b.lower = k * width;
            b.upper = k + 1 == m_count.size() ? 1.0 : (k + 1) * width;
            b.count = m_count[k];
            if (b.count)
            {
                b.meanPredicted = m_sumP[k] / b.count;
                b.observed = m_sumO[k] / b.count;
                double err = std::abs(b.meanPredicted - b.observed);
                ece += err * b.count / m_total;
                if (maxError)
                {
                    *maxError = std::max(*maxError, err);
                }
            }
            out.push_back(b);
        }
        return out;
    }

  private:
    std::vector<double> m_sumP;    //!< sum of predictions per bin
    std::vector<double> m_sumO;    //!< true outcomes per bin
    std::vector<uint64_t> m_count; //!< predictions per bin
    uint64_t m_total = 0;          //!< predictions
};

} // namespace

CalibrationScore
ScoreChoices(const std::vector<std::vector<double>>& probabilities,
             const std::vector<int64_t>& truth,
             uint32_t bins,
             double epsilon)
{
    chronometry::RequireDoubleInRange("ScoreChoices: bins", bins, 1, 1000, "");
    chronometry::RequireDoubleInRange("ScoreChoices: epsilon", epsilon, 0, 0.5, "", false, true);
    NS_ABORT_MSG_IF(probabilities.size() != truth.size(), "ScoreChoices: one truth per choice");
    CalibrationScore s;
    Bins all(bins);
    Bins top(bins);
    double logLoss = 0;
    double brier = 0;
    for (std::size_t i = 0; i < probabilities.size(); ++i)
    {
        const auto& p = probabilities[i];
        const int64_t t = truth[i];
        NS_ABORT_MSG_IF(t >= static_cast<int64_t>(p.size()), "ScoreChoices: truth out of range");
        s.choices++;
        double pTrue = t >= 0 ? p[t] : 0;
        logLoss += -std::log(std::max(pTrue, epsilon));
        double b = t < 0 ? 1.0 : 0.0; // the absent true option
        std::size_t best = 0;
        for (std::size_t j = 0; j < p.size(); ++j)
        {
            bool outcome = static_cast<int64_t>(j) == t;
            b += (p[j] - (outcome ? 1 : 0)) * (p[j] - (outcome ? 1 : 0));
            all.Add(p[j], outcome);
            s.predictions++;
            if (p[j] > p[best])
            {
                best = j;
            }
        }
        brier += b;
        if (t < 0)
        {
            s.trueOutside++;
        }
        if (!p.empty())
        {
            top.Add(p[best], static_cast<int64_t>(best) == t);
        }
    }
    if (s.choices)
    {
        s.logLoss = logLoss / s.choices;
        s.brier = brier / s.choices;
    }
    s.reliability = all.Finish(s.ece, &s.maxBinError);
    s.topLabelReliability = top.Finish(s.topLabelEce, nullptr);
    return s;
}

CalibrationScore
ScoreCalibration(const LinkingResult& result,
                 const std::vector<int64_t>& trueParent,
                 uint32_t bins,
                 double epsilon)
{
    NS_ABORT_MSG_IF(trueParent.size() != result.links.size(),
                    "ScoreCalibration: one parent per message");
    std::vector<std::vector<double>> probabilities;
    std::vector<int64_t> truth;
    probabilities.reserve(trueParent.size());
    truth.reserve(trueParent.size());
    for (std::size_t i = 0; i < trueParent.size(); ++i)
    {
        const auto& ml = result.links[i];
        std::vector<double> p{ml.spontaneous};
        int64_t t = trueParent[i] < 0 ? 0 : -1;
        for (const auto& link : ml.parents)
        {
            if (static_cast<int64_t>(link.parent) == trueParent[i])
            {
                t = p.size();
            }
            p.push_back(link.probability);
        }
        probabilities.push_back(std::move(p));
        truth.push_back(t);
    }
    return ScoreChoices(probabilities, truth, bins, epsilon);
}

LinkingResult
UniformLinks(const LinkingResult& result)
{
    LinkingResult out = result;
    out.roots.clear();
    out.patterns.clear();
    out.instances = 0;
    for (uint32_t i = 0; i < out.links.size(); ++i)
    {
        auto& ml = out.links[i];
        double p = 1.0 / (ml.parents.size() + 1);
        ml.spontaneous = p;
        for (auto& link : ml.parents)
        {
            link.weight = 1;
            link.probability = p;
        }
        ml.mostLikely = ml.parents.empty() ? -1 : static_cast<int64_t>(ml.parents[0].parent);
        if (ml.mostLikely < 0)
        {
            out.roots.push_back(i);
        }
    }
    return out;
}

} // namespace ns3
