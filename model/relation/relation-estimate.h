/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef RELATION_ESTIMATE_H
#define RELATION_ESTIMATE_H

#include "relation-ticks.h"

#include "ns3/nstime.h"

/**
 * \file
 * \ingroup chronometry
 * Value types the relation estimators return: an estimate and a bound on its
 * error (|estimate - truth| <= bound whenever the estimator's assumptions hold).
 */

namespace ns3
{
namespace relation
{

/** A value in reference ticks with a symmetric error bound (ticks). */
struct TickEstimate
{
    double value{0}; //!< the estimate
    double bound{0}; //!< |estimate - truth| <= bound (rigorous form)
};

/** A duration estimate in reference ticks, with the rigorous and the paper's bound. */
struct DurationEstimate
{
    double value{0};      //!< the estimate
    double bound{0};      //!< rigorous bound (proved in doc/relation.rst)
    double paperBound{0}; //!< the bound as published in Table II
};

/** A position on the reference counter with a symmetric error bound (ticks). */
struct PointEstimate
{
    TickPoint value; //!< the estimate (exact base + offset)
    double bound{0}; //!< |estimate - truth| <= bound
};

/** A closed interval of reals. */
struct Interval
{
    double lo{0}; //!< lower end
    double hi{0}; //!< upper end

    /** \return the midpoint */
    double Mid() const;
    /** \return half the width */
    double HalfWidth() const;
    /** \return true if lo > hi (no value inside) */
    bool IsEmpty() const;
    /**
     * \param other another interval
     * \return the intersection (empty, lo > hi, if they are disjoint)
     */
    Interval Intersect(const Interval& other) const;
    /**
     * \param x a value
     * \return true if lo <= x <= hi
     */
    bool Contains(double x) const;
};

/** A time estimate with a symmetric bound. */
struct TimeEstimate
{
    Time value; //!< the estimate
    Time bound; //!< |estimate - truth| <= bound
};

} // namespace relation
} // namespace ns3

#endif /* RELATION_ESTIMATE_H */
