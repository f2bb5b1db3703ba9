/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef PTP_TIMESTAMP_CLASS_H
#define PTP_TIMESTAMP_CLASS_H

#include "ptp-device-timestamper.h"

#include "ns3/nstime.h"
#include "ns3/random-variable-stream.h"

#include <string>

namespace ns3
{

/**
 * \ingroup chronometry
 * \brief A class of time stamping hardware (PtpClock's Timestamping): the stamp's unit,
 * noise, stack latency and the range of the per-port PHY asymmetry. Declared once, here.
 */
enum PtpTimestampClass
{
    PTP_STAMP_CUSTOM,         //!< TimestampNoise and TimestampGranularity as set, no asymmetry
    PTP_STAMP_IDEAL,          //!< exact: the clock's reading at the true instant
    PTP_STAMP_HARDWARE_8NS,   //!< 125 MHz unit (8 ns), a few ns of noise
    PTP_STAMP_HARDWARE_SUBNS, //!< one Time step (sub-ns with a ps resolution), ~0.1 ns noise
    PTP_STAMP_SOFTWARE        //!< kernel stamps: a lognormal stack and interrupt latency
};

/**
 * \ingroup chronometry
 * \brief The figures of a PtpTimestampClass (the sources are in doc/sync.rst).
 */
struct PtpTimestampClassSpec
{
    Time granularity;        //!< stamp unit (0: one Time step)
    double noiseSdNs{0};     //!< Gaussian noise on every stamp, standard deviation (ns)
    double asymmetryNs{0};   //!< per-port a = d_tx - d_rx, uniform in [-this, this] (ns)
    double latencyMeanNs{0}; //!< stack latency, lognormal mean (ns; 0: none)
    double latencySdNs{0};   //!< stack latency, lognormal standard deviation (ns)
};

/**
 * \param c a class
 * \return its figures (PTP_STAMP_CUSTOM: all zero, the Attributes decide)
 */
PtpTimestampClassSpec GetPtpTimestampClassSpec(PtpTimestampClass c);

/**
 * \param c a class
 * \return its Attribute name (custom, ideal, hardware-8ns, hardware-subns, software)
 */
std::string ToString(PtpTimestampClass c);

/**
 * \ingroup chronometry
 * \brief Stamp error sources switched off for an error budget by ablation (the sync study's
 * Ablate, doc/sync.rst): each source is still drawn, then multiplied by 0, so every other
 * draw of the run stays where it was (the same RngRun gives the same realization of the
 * sources left on).
 */
struct PtpStampAblation
{
    bool noise{false};        //!< stamp noise, stack latency and HostDelay draws x 0
    bool quantization{false}; //!< stamps at one Time step instead of the class's unit
    bool asymmetry{false};    //!< every port's drawn PHY asymmetry x 0
};

/**
 * \ingroup chronometry
 * \brief The time stamps of one port: the node's PtpTimestampModel (clock, noise, unit), a
 * stack latency and the port's PHY asymmetry a = d_tx - d_rx (fixed, drawn once). A transmit
 * stamp is taken d_tx = a / 2 + L before the first bit leaves, a receive stamp d_rx =
 * -a / 2 + L after it arrives (L a fresh latency draw; the common part of d_tx and d_rx adds
 * to the measured path delay, their difference a is what E2E cannot see). Free of the
 * Simulator.
 */
struct PtpPortStamping
{
    PtpTimestampModel model;           //!< clock, noise, granularity
    Ptr<RandomVariableStream> latency; //!< stack latency in ns (null: none)
    Time asymmetry{0};                 //!< a = d_tx - d_rx of this port
    double latencyScale{1.0};          //!< multiplies every latency draw (0: an ablation)

    /**
     * \param trueTx the true instant the first bit left
     * \return the transmit time stamp
     */
    Time StampTx(Time trueTx) const;
    /**
     * \param trueRx the true instant the first bit arrived
     * \return the receive time stamp
     */
    Time StampRx(Time trueRx) const;

  private:
    /** \return a latency draw (0 without a latency variable) */
    Time Latency() const;
};

/**
 * \ingroup chronometry
 * Set a class's variables (noise, latency, asymmetry range) from its figures and make the
 * node's stamp model (what PtpClock does at start).
 * \param spec the class's figures (not custom)
 * \param clock the node's clock
 * \param noise the class's noise variable (ns)
 * \param latency the class's stack latency variable (ns)
 * \param asymmetry the per-port asymmetry variable (ns)
 * \return the model: the class's unit (one Time step if 0), its noise (null if none)
 */
PtpTimestampModel ConfigurePtpClassModel(const PtpTimestampClassSpec& spec,
                                         Ptr<LocalClock> clock,
                                         Ptr<NormalRandomVariable> noise,
                                         Ptr<LogNormalRandomVariable> latency,
                                         Ptr<UniformRandomVariable> asymmetry);

/**
 * \ingroup chronometry
 * One port's stamping: the node's model, the latency variable if the class has one and a
 * PHY asymmetry drawn once (rounded to an even number of Time steps, so a / 2 is exact).
 * \param spec the class's figures
 * \param model the node's model (ConfigurePtpClassModel)
 * \param latency the class's latency variable
 * \param asymmetry the per-port asymmetry variable (one draw)
 * \return the port's stamping
 */
PtpPortStamping DrawPtpPortStamping(const PtpTimestampClassSpec& spec,
                                    const PtpTimestampModel& model,
                                    Ptr<RandomVariableStream> latency,
                                    Ptr<RandomVariableStream> asymmetry);

} // namespace ns3

#endif /* PTP_TIMESTAMP_CLASS_H */
