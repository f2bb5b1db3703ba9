/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef CHRONOMETRY_CONSTANT_DRIFT_OSCILLATOR_H
#define CHRONOMETRY_CONSTANT_DRIFT_OSCILLATOR_H

#include "oscillator.h"

namespace ns3
{

/**
 * \ingroup chronometry
 * An oscillator with a constant frequency offset, changeable during a run.
 */
class ConstantDriftOscillator : public Oscillator
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    ConstantDriftOscillator();

    /**
     * Set the drift from now on (the phase stays continuous).
     * \param ppm fractional frequency offset in parts per million, |ppm| <= 1e5
     */
    void SetDrift(double ppm);

    /** \return the current drift in ppm */
    double GetDrift() const;

    void SetBaseDrift(double ppm) override;
    double GetMaxAbsDrift() const override;

    /** Largest |drift| accepted, in ppm (10%: keeps every clock strictly increasing). */
    static constexpr double MAX_DRIFT_PPM = 1e5;

  private:
    double m_driftPpm; //!< current drift
};

} // namespace ns3

#endif /* CHRONOMETRY_CONSTANT_DRIFT_OSCILLATOR_H */
