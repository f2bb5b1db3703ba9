/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef CHRONOMETRY_IDEAL_OSCILLATOR_H
#define CHRONOMETRY_IDEAL_OSCILLATOR_H

#include "oscillator.h"

namespace ns3
{

/**
 * \ingroup chronometry
 * A perfect oscillator: phase equals true time.
 */
class IdealOscillator : public Oscillator
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    void SetBaseDrift(double ppm) override;
    double GetMaxAbsDrift() const override;
};

} // namespace ns3

#endif /* CHRONOMETRY_IDEAL_OSCILLATOR_H */
