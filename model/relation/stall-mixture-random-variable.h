/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef STALL_MIXTURE_RANDOM_VARIABLE_H
#define STALL_MIXTURE_RANDOM_VARIABLE_H

#include "ns3/random-variable-stream.h"

/**
 * \file
 * \ingroup chronometry
 * A host-delay distribution with occasional stalls.
 */

namespace ns3
{

/**
 * \ingroup chronometry
 * A random variable for host delays on virtual machines: every draw is a draw
 * of Base (e.g. a log-normal or Pareto service time) plus, with probability
 * StallProbability, a draw of Stall (e.g. a millisecond-scale pause of the
 * virtual CPU). ns-3 has no mixture distribution; this is the two-component
 * one host-noise models need.
 *
 * \code
 *   auto d = CreateObject<StallMixtureRandomVariable>();
 *   d->SetAttribute("Base", StringValue("ns3::LogNormalRandomVariable[Mu=-11.5|Sigma=0.8]"));
 *   d->SetAttribute("StallProbability", DoubleValue(0.01));
 *   d->SetAttribute("Stall", StringValue("ns3::UniformRandomVariable[Min=0.001|Max=0.005]"));
 * \endcode
 *
 * AssignStreams() fixes the streams of the mixture and of both components.
 */
class StallMixtureRandomVariable : public RandomVariableStream
{
  public:
    /** \return the TypeId */
    static TypeId GetTypeId();
    StallMixtureRandomVariable();
    ~StallMixtureRandomVariable() override;

    /** \return a draw: Base, plus Stall with probability StallProbability */
    double GetValue() override;
    /** \return GetValue() rounded down to an integer, clamped to [0, 2^32 - 1] */
    uint32_t GetInteger() override;

    /** \return the stall probability */
    double GetStallProbability() const;
    /** \return the number of draws that stalled so far */
    uint64_t GetStalls() const;

    /**
     * \param stream first stream index (this variable's own, then Base's, then Stall's)
     * \return streams used (3)
     */
    int64_t AssignStreams(int64_t stream);

  protected:
    void DoDispose() override;

  private:
    Ptr<RandomVariableStream> m_base;  //!< the delay every draw has
    Ptr<RandomVariableStream> m_stall; //!< the extra delay of a stall
    double m_stallProbability;         //!< probability of a stall per draw
    uint64_t m_stalls{0};              //!< stalls drawn
};

} // namespace ns3

#endif /* STALL_MIXTURE_RANDOM_VARIABLE_H */
