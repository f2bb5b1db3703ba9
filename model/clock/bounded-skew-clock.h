/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef BOUNDED_SKEW_CLOCK_H
#define BOUNDED_SKEW_CLOCK_H

#include "drift-math.h"
#include "local-clock.h"

#include "ns3/random-variable-stream.h"

#include <memory>

namespace ns3
{

class RngStream;

/**
 * \ingroup chronometry
 * A node-local noisy clock whose readings stay within a skew bound E of true time.
 *
 * This is the "clocks synchronized within E" assumption of HLC, HVC and
 * replay clocks made concrete.  In the default BOUNDED form a read at true
 * time t is uniform in [max(previous reading, t), t + E]: readings never
 * decrease and always lie in [t, t + E], so any two BoundedSkewClocks read at
 * the same instant differ by at most E.
 *
 * The THESIS form reproduces the replay-clock thesis' Algorithm 5.1, uniform
 * in [previous reading, t + E], which has no lower bound: a node that reads
 * rarely falls behind true time and the pairwise skew can exceed E.
 *
 * There is no deterministic reading model: TrueToLocal() returns the
 * guaranteed lower envelope (max(t, last reading) from the last read on, t
 * before), and an event scheduled at local time L runs at true time
 * max(now, L), when every BOUNDED read is at least L.
 *
 * Every read draws one uniform number.  With Generator = Stream (the default)
 * it comes from ns-3's MRG32k3a stream, which costs about three times a
 * Simulator::Now(); Generator = Pcg64 draws from a PCG64 generator (pcg-cpp)
 * seeded from that stream (so still set by RngRun and AssignStreams), several
 * times cheaper per draw: the same law, other values.
 */
class BoundedSkewClock : public LocalClock
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    BoundedSkewClock();
    ~BoundedSkewClock() override;

    Time TrueToLocal(Time trueTime) override;
    Time LocalToTrue(Time localTime) override;
    int64_t AssignStreams(int64_t stream) override;

    /** \return the skew bound E */
    Time GetBound() const;

    /** \return the Bound attribute, E (the THESIS form does not always keep it) */
    Time GetSkewBound() const override;

    /** \return the previous reading (0 before the first read) */
    Time GetLastReading() const;

  protected:
    Time DoRead(const Time& trueNow) override;
    void DoDispose() override;

  private:
    /** \param bound the skew bound E */
    void SetBound(Time bound);

    /** Where a read's uniform number comes from. */
    enum Generator
    {
        STREAM, //!< ns-3's MRG32k3a stream, one draw per read
        PCG64   //!< a PCG64 generator seeded from that stream
    };

    struct FastGenerator; //!< the PCG64 state (pcg-cpp stays out of this header)

    /** \return 64 uniform random bits from the fast generator (seeded on first use) */
    uint64_t DrawFast();

    Time m_bound;                          //!< E
    clockmath::BoundedSkewForm m_form;     //!< which algorithm
    Generator m_generator;                 //!< Generator attribute
    std::unique_ptr<FastGenerator> m_fast; //!< the Pcg64 generator, seeded from the current
                                           //!< stream (null until the first Pcg64 read)
    Ptr<UniformRandomVariable> m_uniform;  //!< draws within the allowed interval
    RngStream* m_rng;   //!< m_uniform's generator, drawn from directly (see DoRead)
    Time m_lastReading; //!< previous reading
    Time m_lastReadAt;  //!< true time of the previous read
};

} // namespace ns3

#endif /* BOUNDED_SKEW_CLOCK_H */
