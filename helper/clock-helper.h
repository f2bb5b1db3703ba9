/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef CLOCK_HELPER_H
#define CLOCK_HELPER_H

#include "ns3/local-clock.h"
#include "ns3/node-container.h"
#include "ns3/object-factory.h"
#include "ns3/random-variable-stream.h"
#include "ns3/simulated-tsc.h"

#include <array>
#include <string>
#include <vector>

namespace ns3
{

/** The clocks one ClockHelper::Install call created, in node order. */
using LocalClockContainer = std::vector<Ptr<LocalClock>>;

/** The TSCs one TscHelper::Install call created, in node order. */
using SimulatedTscContainer = std::vector<Ptr<SimulatedTsc>>;

/**
 * \ingroup chronometry
 * Installs a LocalClock on each node, with per-node offset and drift either
 * drawn from random variables (for example offset uniform in [-E/2, E/2] and
 * drift uniform in [-50, 50] ppm) or given as one value per node.
 *
 * Per-node draws happen in Install(); fix the streams of the variables you
 * pass (RandomVariableStream::SetStream) before Install, or leave them to
 * RngSeed/RngRun.  AssignStreams() fixes the streams of the installed clocks
 * and oscillators (jitter, random walk, bounded-skew draws).
 *
 * Per-node lists (SetOffset(std::vector<Time>), SetDriftPpm) apply to
 * Install(NodeContainer): element i goes to the container's i-th node, and a
 * list whose length differs from the container's is refused there.
 */
class ClockHelper
{
  public:
    /** DriftingClock with a ConstantDriftOscillator, no offset or drift. */
    ClockHelper();

    /**
     * \param type clock TypeId name (ns3::DriftingClock or ns3::BoundedSkewClock)
     * \param args name/value pairs of Attributes
     */
    template <typename... Ts>
    void SetClock(const std::string& type, Ts&&... args);

    /**
     * \param type oscillator TypeId name (for a DriftingClock)
     * \param args name/value pairs of Attributes
     */
    template <typename... Ts>
    void SetOscillator(const std::string& type, Ts&&... args);

    /**
     * \param name attribute of the clock
     * \param value its value for every installed clock
     */
    void SetClockAttribute(const std::string& name, const AttributeValue& value);

    /**
     * \param name attribute of the oscillator
     * \param value its value for every installed oscillator
     */
    void SetOscillatorAttribute(const std::string& name, const AttributeValue& value);

    /**
     * Per-node initial offset (DriftingClock::InitialOffset), drawn.  Replaces a list given to
     * SetOffset(std::vector<Time>).
     * \param nanoseconds a random variable sampled once per node, in nanoseconds
     */
    void SetOffset(Ptr<RandomVariableStream> nanoseconds);

    /**
     * Per-node initial offset (DriftingClock::InitialOffset), one per node: offsets[i] is the
     * reading of the i-th node's clock at true time 0.  Replaces a random variable given to
     * SetOffset(Ptr<RandomVariableStream>).
     * \param offsets one per node of the NodeContainer passed to Install (each in
     *        DriftingClock::InitialOffset's range, checked at Install)
     */
    void SetOffset(std::vector<Time> offsets);

    /**
     * Per-node drift (Oscillator::SetBaseDrift), drawn.  Replaces a list given to SetDriftPpm.
     * \param ppm a random variable sampled once per node, in ppm
     */
    void SetDrift(Ptr<RandomVariableStream> ppm);

    /**
     * Per-node drift (Oscillator::SetBaseDrift), one per node: the i-th node's clock runs at
     * 1 + ppm[i] x 1e-6 seconds per true second (+20 gains 20 us per second).  Replaces a random
     * variable given to SetDrift.
     * \param ppm one value per node of the NodeContainer passed to Install, in parts per
     *        million (each in the oscillator's range, checked at Install)
     */
    void SetDriftPpm(std::vector<double> ppm);

    /**
     * The population of free-running clocks within a skew bound at the start: each node's
     * offset uniform in [-E/2, E/2] (so any two start at most E apart) and its drift uniform
     * in [-maxDriftPpm, maxDriftPpm] (none when 0).  The studies use it; the caller fixes the
     * variables' streams (AssignStreams on each, or StudyStreams).
     * \param skewBound E: the largest difference of two clocks' offsets
     * \param maxDriftPpm the largest |drift| in ppm (0: no drift is drawn)
     * \return the offset (ns) and drift (ppm, nullptr when 0) variables
     */
    std::array<Ptr<UniformRandomVariable>, 2> SetUniformPopulation(Time skewBound,
                                                                   double maxDriftPpm);

    /**
     * Create a clock for each node and aggregate it.
     * \param nodes the nodes (none may have a LocalClock yet)
     * \return the clocks in node order
     */
    LocalClockContainer Install(const NodeContainer& nodes) const;

    /**
     * \param node the node (must not have a LocalClock yet); refused when per-node lists are
     *        set (they apply to Install(NodeContainer))
     * \return its new clock
     */
    Ptr<LocalClock> Install(Ptr<Node> node) const;

    /**
     * Fix the random streams of the clocks installed on \p nodes.
     * \param nodes nodes with a LocalClock
     * \param stream first stream index
     * \return the number of streams used
     */
    int64_t AssignStreams(const NodeContainer& nodes, int64_t stream) const;

  private:
    /**
     * \param node the node (must not have a LocalClock yet)
     * \param index its position in the container (for the per-node lists)
     * \return its new clock
     */
    Ptr<LocalClock> InstallAt(Ptr<Node> node, std::size_t index) const;

    ObjectFactory m_clockFactory;         //!< makes clocks
    ObjectFactory m_oscillatorFactory;    //!< makes oscillators
    Ptr<RandomVariableStream> m_offsetNs; //!< per-node offset draws
    Ptr<RandomVariableStream> m_driftPpm; //!< per-node drift draws
    std::vector<Time> m_offsets;          //!< per-node offsets (empty: none given)
    std::vector<double> m_driftsPpm;      //!< per-node drifts in ppm (empty: none given)
};

/**
 * \ingroup chronometry
 * Installs a SimulatedTsc on each node, with per-node nominal frequency,
 * drift and boot value drawn from random variables.
 */
class TscHelper
{
  public:
    /** 2.2 GHz, no drift, boot value uniform in [0, 2^40). */
    TscHelper();

    /**
     * \param name attribute of SimulatedTsc
     * \param value its value for every installed TSC
     */
    void SetTscAttribute(const std::string& name, const AttributeValue& value);

    /**
     * \param type oscillator TypeId name
     * \param args name/value pairs of Attributes
     */
    template <typename... Ts>
    void SetOscillator(const std::string& type, Ts&&... args);

    /** \param hz per-node nominal frequency draws, in Hz (overrides NominalFrequency) */
    void SetFrequency(Ptr<RandomVariableStream> hz);

    /** \param ppm per-node drift draws, in ppm */
    void SetDrift(Ptr<RandomVariableStream> ppm);

    /** \param ticks per-node boot value draws, in ticks */
    void SetBootValue(Ptr<RandomVariableStream> ticks);

    /**
     * The usual heterogeneous population: drift uniform in [-driftPpm, driftPpm], nominal
     * frequency uniform in [minHz, maxHz], boot value uniform in [0, maxBootTicks].
     * \param driftPpm drift bound, in ppm
     * \param minHz lowest nominal frequency, in Hz
     * \param maxHz highest nominal frequency, in Hz
     * \param maxBootTicks largest boot value, in ticks
     * \return the drift, frequency and boot variables, in that order, for the caller to give
     *         them their streams
     */
    std::array<Ptr<UniformRandomVariable>, 3> SetUniformPopulation(double driftPpm,
                                                                   double minHz,
                                                                   double maxHz,
                                                                   double maxBootTicks);

    /**
     * \param nodes the nodes (none may have a SimulatedTsc yet)
     * \return the TSCs in node order
     */
    SimulatedTscContainer Install(const NodeContainer& nodes) const;

    /**
     * \param node the node
     * \return its new TSC
     */
    Ptr<SimulatedTsc> Install(Ptr<Node> node) const;

    /**
     * \param nodes nodes with a SimulatedTsc
     * \param stream first stream index
     * \return the number of streams used
     */
    int64_t AssignStreams(const NodeContainer& nodes, int64_t stream) const;

  private:
    ObjectFactory m_tscFactory;            //!< makes TSCs
    ObjectFactory m_oscillatorFactory;     //!< makes oscillators
    Ptr<RandomVariableStream> m_frequency; //!< per-node frequency draws
    Ptr<RandomVariableStream> m_driftPpm;  //!< per-node drift draws
    Ptr<RandomVariableStream> m_boot;      //!< per-node boot value draws
};

template <typename... Ts>
void
ClockHelper::SetClock(const std::string& type, Ts&&... args)
{
    m_clockFactory.SetTypeId(type);
    m_clockFactory.Set(std::forward<Ts>(args)...);
}

template <typename... Ts>
void
ClockHelper::SetOscillator(const std::string& type, Ts&&... args)
{
    m_oscillatorFactory.SetTypeId(type);
    m_oscillatorFactory.Set(std::forward<Ts>(args)...);
}

template <typename... Ts>
void
TscHelper::SetOscillator(const std::string& type, Ts&&... args)
{
    m_oscillatorFactory.SetTypeId(type);
    m_oscillatorFactory.Set(std::forward<Ts>(args)...);
}

} // namespace ns3

#endif /* CLOCK_HELPER_H */
