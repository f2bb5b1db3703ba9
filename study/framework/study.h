/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef STUDY_H
#define STUDY_H

#include "study-description.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/chronometry-checkers.h"
#include "ns3/double.h"
#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/packet-loss.h"
#include "ns3/skew-bound.h"
#include "ns3/string.h"
#include "ns3/uinteger.h"

#include <map>
#include <memory>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

/**
 * \file
 * \ingroup chronometry
 * The Study base class and StudyDeclaration, with which a study declares, once, its
 * parameters (Attributes whose checkers carry the valid ranges) and its results (named
 * records).  The study itself supplies two steps: Build the scenario, and Measure it against
 * the simulator's truth.  StudyRunner does what every study repeats (seed and run, Simulator
 * run and teardown, wall-clock time); the command line (StudyCommandLine, the
 * chronometry-study program), the Python module (chronometry.run_study) and the sweep
 * (chronometry_sweep) are generated from the declaration.
 */

namespace ns3
{

class StudyResult;
class StudyStreams;

/**
 * \ingroup chronometry
 * A scenario declared once and run the same way from C++, the command line, Python and the
 * sweep.  A study object is configured through its Attributes, run once by StudyRunner and
 * then disposed.
 *
 * A new study: a class derived from Study, whose GetTypeId() is a StudyDeclaration (see
 * study/replay-study.cc), with Build() and Measure().  Adding a parameter is one
 * Parameter(...) line in the declaration (and the member it sets); adding a result is one
 * field in the declared summary or row schema (and the line of Measure() that sets it).
 */
class Study : public Object
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    Study();
    ~Study() override;

    /** \return this study's description (its parameters and records) */
    const StudyDescription& GetDescription() const;

    /**
     * The run's cost, estimated from its settings before it runs (a sweep's estimated time
     * and ETA): simulator events, counted as Simulator::GetEventCount counts them.  A study
     * whose cost grows with a setting (the sync study's Load: a million events per simulated
     * second at Load 0.3 with 8 hosts) says so here; the default is "unknown" (NaN), and a
     * sweep then estimates from the points it has finished.
     * \return the estimated simulator events of the run (NaN: unknown)
     */
    virtual double EstimateEvents() const;

    /**
     * Checks that involve several parameters (each one's range is its checker's), reported
     * through Refuse() naming the Attributes (see Describe()).  The
     * runner calls it before building anything.
     */
    virtual void Validate() const;

    /** \return the RNG seed (ns-3's RngSeed) of the run */
    uint32_t GetSeed() const;
    /** \return the RNG run (ns-3's RngRun) of the run */
    uint64_t GetRun() const;
    /** \return the LAN topology ("csma" or "switched"; see InstallStudyLan) */
    const std::string& GetTopology() const;
    /** \return the clock source (the Sync parameter of a study that declares it): none, ptp, ntp,
     *          sntp */
    const std::string& GetSync() const;

    /**
     * The values of the parameters forwarded from one model (StudyDeclaration::Forward), under
     * the model's Attribute names, for a helper's SetAttribute or an object.
     * \param modelType the model's TypeId name ("ns3::RdaSender"), as the study forwarded it
     * \return (Attribute, value) pairs, in declaration order
     */
    std::vector<std::pair<std::string, Ptr<const AttributeValue>>> GetForwarded(
        const std::string& modelType) const;

    /**
     * Set every parameter forwarded from \p object's TypeId (or a parent's) on it.
     * \param object the model object
     */
    void ApplyForwarded(Ptr<Object> object) const;

    /**
     * \param parameter a forwarded parameter (the study's name for it)
     * \return its value (a TimeValue, UintegerValue ... as the model declares it)
     */
    Ptr<const AttributeValue> GetForwardedValue(const std::string& parameter) const;

    /**
     * \tparam V the model's value class (TimeValue, DoubleValue, ...)
     * \param parameter a forwarded parameter
     * \return its value
     */
    template <typename V>
    auto Forwarded(const std::string& parameter) const
    {
        const auto* v = dynamic_cast<const V*>(PeekPointer(GetForwardedValue(parameter)));
        NS_ABORT_MSG_IF(v == nullptr,
                        "forwarded parameter " << parameter << " is not of that type");
        return v->Get();
    }

  protected:
    /**
     * Build the scenario (nodes, devices, clocks, applications, trace sinks into the study's
     * own truth collectors).  Random streams are fixed through \p streams.
     * \param streams the run's stream allocator
     * \return the simulated time at which the runner stops the simulation
     */
    virtual Time Build(StudyStreams& streams) = 0;

    /**
     * After Simulator::Run(), before Simulator::Destroy(): score the run against the truth
     * into \p result (its summary and its rows).
     * \param result the result to fill
     */
    virtual void Measure(StudyResult& result) = 0;

    /**
     * \param attribute one of this study's Attributes
     * \return "ns3::ReplayStudy::SkewBound = 1ms" (for messages of Validate())
     */
    std::string Describe(const std::string& attribute) const;

    /**
     * \param attribute one of this study's Attributes
     * \return its value as the command line writes it ("1ms", "Burst", "true")
     */
    std::string Text(const std::string& attribute) const;

    /**
     * A name for this point in the files it writes: 8 hex digits of a 64-bit FNV-1a hash of
     * every parameter's value (as Text() writes it) except Run and \p outputs.  Two points of
     * a sweep that share RngRun get different names, and a rerun of the same point (a resumed
     * sweep) writes the same file again.
     * \param outputs the parameters that name output files or folders (left out: the point is
     *        the same wherever it writes)
     * \return e.g. "3fa01c9e"
     */
    std::string PointTag(const std::vector<std::string>& outputs) const;

    /**
     * Refuse a combination of parameters (for Validate()): chronometry::ReportConfigError
     * with \p message, naming the Attributes as data (the Python keywords come from them).
     * \param attributes the parameters involved ("Skew", "Interval")
     * \param message the explanation (built with Describe())
     */
    [[noreturn]] void Refuse(const std::vector<std::string>& attributes,
                             const std::string& message) const;

    void DoDispose() override;

  private:
    friend class StudyRunner;
    template <typename C>
    friend class StudyDeclaration;

  public:
    /**
     * \param attribute a forwarded parameter (StudyDeclaration::Forward)
     * \return the accessor that keeps its value in the study (for its declaration)
     */
    static Ptr<const AttributeAccessor> MakeForwardedAccessor(const std::string& attribute);

  private:
    /** Keeps a forwarded parameter's value in the study (its Attribute accessor). */
    class ForwardedAccessor;

    uint32_t m_seed{1};                                     //!< RngSeed
    uint64_t m_run{1};                                      //!< RngRun
    std::string m_topology{"csma"};                         //!< LAN topology
    std::string m_sync{"none"};                             //!< clock source (Sync)
    std::map<std::string, Ptr<AttributeValue>> m_forwarded; //!< forwarded parameters' values
    bool m_used{false};                                     //!< run already
};

/**
 * \ingroup chronometry
 * Maps a parameter's C++ type to its AttributeValue and record type.
 * \tparam T bool, uint32_t, uint64_t, double, Time or std::string
 */
template <typename T>
struct StudyParameterTraits;

/** Counts. */
template <>
struct StudyParameterTraits<uint32_t>
{
    using Value = UintegerValue;                                     //!< AttributeValue
    static constexpr StudyFieldType type = StudyFieldType::UNSIGNED; //!< record type
};

/** Counts. */
template <>
struct StudyParameterTraits<uint64_t>
{
    using Value = UintegerValue;                                     //!< AttributeValue
    static constexpr StudyFieldType type = StudyFieldType::UNSIGNED; //!< record type
};

/** Reals. */
template <>
struct StudyParameterTraits<double>
{
    using Value = DoubleValue;                                   //!< AttributeValue
    static constexpr StudyFieldType type = StudyFieldType::REAL; //!< record type
};

/** Switches. */
template <>
struct StudyParameterTraits<bool>
{
    using Value = BooleanValue;                                     //!< AttributeValue
    static constexpr StudyFieldType type = StudyFieldType::BOOLEAN; //!< record type
};

/** Times: integer nanoseconds in records and Python. */
template <>
struct StudyParameterTraits<Time>
{
    using Value = TimeValue;                                        //!< AttributeValue
    static constexpr StudyFieldType type = StudyFieldType::INTEGER; //!< record type
};

/** Choices. */
template <>
struct StudyParameterTraits<std::string>
{
    using Value = StringValue;                                   //!< AttributeValue
    static constexpr StudyFieldType type = StudyFieldType::TEXT; //!< record type
};

/**
 * \ingroup chronometry
 * A study's declaration: its TypeId (parameters as Attributes with ranged checkers) and its
 * records, in one expression in the study's GetTypeId():
 *
 * \code
 *   static TypeId tid =
 *       StudyDeclaration<ReplayStudy>("ns3::ReplayStudy", "replay", "RepCl, HLC, HVC sizes ...")
 *           .Parameter("Nodes", "Number of processes n", &ReplayStudy::m_nodes, 32,
 *                      chronometry::MakeUintegerRangeChecker(2, 1024))
 *           .Parameter("Skew", "Clock skew bound E", &ReplayStudy::m_skew, MilliSeconds(1),
 *                      chronometry::MakeTimeRangeChecker(NanoSeconds(1), Seconds(10)),
 *                      StudyCsvColumn::In(Time::US))
 *           .Seed()
 *           .Run()
 *           .Summary(StudySchema().Unsigned("events", "", "events logged") ...);
 * \endcode
 *
 * \tparam C the study class
 */
template <typename C>
class StudyDeclaration
{
  public:
    /**
     * \param typeName the TypeId name ("ns3::ReplayStudy")
     * \param name the study's short name ("replay"): --study=, run_study(), the sweep
     * \param help one line on what the study measures
     */
    StudyDeclaration(const std::string& typeName, const std::string& name, const std::string& help)
        : m_description(std::make_unique<StudyDescription>(
              name,
              TypeId(typeName).SetParent<Study>().SetGroupName("Chronometry").AddConstructor<C>(),
              help))
    {
        m_description->m_parameterSchema = std::make_shared<StudySchema>();
        m_description->m_summarySchema = std::make_shared<StudySchema>();
    }

    /**
     * Declare a parameter: an Attribute of the study whose checker carries its range.
     * \param attribute the Attribute name (CamelCase; its Python keyword is its snake_case
     *        form, with "_ns" for a Time)
     * \param help what it sets (the range and unit come from the checker)
     * \param member the member the value is written to
     * \param initial the default
     * \param checker a ranged checker (chronometry::Make*RangeChecker)
     * \param csv the form of its CSV column (every parameter is one; default: the value as
     *        it is, a Time in integer nanoseconds)
     * \return this declaration
     */
    template <typename T, typename D>
    StudyDeclaration& Parameter(const std::string& attribute,
                                const std::string& help,
                                T C::*member,
                                const D& initial,
                                Ptr<const AttributeChecker> checker,
                                StudyCsvColumn csv = StudyCsvColumn::Plain())
    {
        using Traits = StudyParameterTraits<T>;
        using Value = typename Traits::Value;
        m_description->m_tid.AddAttribute(attribute,
                                          help,
                                          Value(T(initial)),
                                          MakeAccessorHelper<Value>(member),
                                          checker);
        StudyParameter p;
        p.attribute = attribute;
        p.time = std::is_same_v<T, Time>;
        p.keyword = StudyDescription::SnakeCase(attribute) + (p.time ? "_ns" : "");
        p.type = Traits::type;
        p.csv = csv;
        m_description->m_parameters.push_back(p);
        return *this;
    }

    /**
     * Forward a model's Attribute into the study: a parameter of the same name whose help,
     * default, checker (valid range and unit) and value type are the model's, read from the
     * model's TypeId, so the setting is declared once, in the model (a rename, a new range or
     * a new default there reaches the study, the command line, Python, the CSV and the docs).
     * The study reads the value with GetForwarded / ApplyForwarded / GetForwardedValue.
     * \code
     *   .Forward<RdaSender>("BucketsPerDifference")
     * \endcode
     * \tparam M the model class (an ns-3 Object with GetTypeId())
     * \param attribute the model's Attribute ("BucketsPerDifference")
     * \param csv the form of its CSV column
     * \return this declaration
     */
    template <typename M>
    StudyDeclaration& Forward(const std::string& attribute,
                              StudyCsvColumn csv = StudyCsvColumn::Plain())
    {
        m_description->AddForwarded(M::GetTypeId(), attribute, attribute, nullptr, csv);
        return *this;
    }

    /**
     * Forward a model's Attribute with the study scenario's own default (the help, the range
     * and the unit stay the model's; the default is checked against them).
     * \tparam M the model class
     * \param attribute the model's Attribute
     * \param studyDefault the scenario's default
     * \param csv the form of its CSV column
     * \return this declaration
     */
    template <typename M>
    StudyDeclaration& Forward(const std::string& attribute,
                              const AttributeValue& studyDefault,
                              StudyCsvColumn csv = StudyCsvColumn::Plain())
    {
        m_description->AddForwarded(M::GetTypeId(), attribute, attribute, &studyDefault, csv);
        return *this;
    }

    /**
     * Forward a model's Attribute under the study's name for it: for an axis the study's
     * paper names (alpha is the replay study's Rate, the workload's MessageRate).  Everything
     * else is the model's, as for Forward.
     * \tparam M the model class
     * \param attribute the model's Attribute ("MessageRate")
     * \param name the study's parameter ("Rate")
     * \param csv the form of its CSV column
     * \return this declaration
     */
    template <typename M>
    StudyDeclaration& ForwardAs(const std::string& attribute,
                                const std::string& name,
                                StudyCsvColumn csv = StudyCsvColumn::Plain())
    {
        m_description->AddForwarded(M::GetTypeId(), attribute, name, nullptr, csv);
        return *this;
    }

    /**
     * ForwardAs with the study scenario's own default.
     * \tparam M the model class
     * \param attribute the model's Attribute
     * \param name the study's parameter
     * \param studyDefault the scenario's default (checked against the model's range)
     * \param csv the form of its CSV column
     * \return this declaration
     */
    template <typename M>
    StudyDeclaration& ForwardAs(const std::string& attribute,
                                const std::string& name,
                                const AttributeValue& studyDefault,
                                StudyCsvColumn csv = StudyCsvColumn::Plain())
    {
        m_description->AddForwarded(M::GetTypeId(), attribute, name, &studyDefault, csv);
        return *this;
    }

    /**
     * Declare a switch (a boolean parameter: every value is valid).
     * \param attribute the Attribute name
     * \param help what it switches
     * \param member the member
     * \param initial the default
     * \param csv the form of its CSV column
     * \return this declaration
     */
    StudyDeclaration& Switch(const std::string& attribute,
                             const std::string& help,
                             bool C::*member,
                             bool initial,
                             StudyCsvColumn csv = StudyCsvColumn::Plain())
    {
        return Parameter(attribute, help, member, initial, MakeBooleanChecker(), csv);
    }

    /**
     * Declare the "Seed" parameter (ns-3's RngSeed, [1, 2^32 - 1], default 1); every study has
     * it, the runner applies it.
     * \return this declaration
     */
    StudyDeclaration& Seed();

    /**
     * Declare the "Run" parameter (ns-3's RngRun, [1, 10^18], default 1): replications differ
     * in it; every study has it, the runner applies it.
     * \return this declaration
     */
    StudyDeclaration& Run();

    /**
     * Declare the "Topology" parameter of a study on the shared LAN (InstallStudyLan): "csma",
     * the thesis' segment (the default), or "switched", a point-to-point star through a switch
     * for large studies.
     * \return this declaration
     */
    StudyDeclaration& Topology();

    /**
     * Declare the "Sync" parameter (the clock source, read with Study::GetSync(): none; ptp;
     * ntp or sntp with host 0 the server) and the protocols' settings forwarded with it
     * (PtpClock's SyncInterval, AnnounceInterval, MinDelayReqInterval, UnicastDelayRequests;
     * NtpClockDiscipline's MinPoll, MaxPoll), the same choice, defaults and list in every
     * study. Defined in study-sync.h (include it); installed with StudySync (the sync study
     * installs its own).
     * \param help the study's roles of its nodes under each protocol
     * \param initial the study's default choice ("none": a study of something else)
     * \return this declaration
     */
    StudyDeclaration& Sync(const std::string& help, const std::string& initial = "none");

    /**
     * Declare the "LossRate" parameter (packet loss on the study's links): its help and its
     * range are declared once, in packet-loss.h (MakeLossRateChecker, LossRateHelp), for every
     * study; the study builds the loss with CreatePacketLossModel.
     * \param member the member
     * \param where which devices lose packets ("the data link's receiver")
     * \param initial the study scenario's default
     * \return this declaration
     */
    StudyDeclaration& LossRate(double C::*member, const std::string& where, double initial = 0)
    {
        return Parameter("LossRate", LossRateHelp(where), member, initial, MakeLossRateChecker());
    }

    /**
     * Declare the "SkewBound" parameter (E) of a study that places its clocks itself (an offset
     * population, an optional bounded clock): E's range and what it is are declared once, in
     * skew-bound.h (MakeSkewBoundChecker, SkewBoundHelp), as for the models' SkewBound
     * (BoundedSkewClock, CausalityStamper); the study says how it uses E and sets its
     * scenario's default. A study whose clocks are BoundedSkewClocks forwards the clock's
     * Attribute instead (the replay study).
     * \param member the member
     * \param how what E does in the study
     * \param initial the study scenario's default
     * \param csv the form of its CSV column
     * \return this declaration
     */
    StudyDeclaration& SkewBound(Time C::*member,
                                const std::string& how,
                                Time initial,
                                StudyCsvColumn csv = StudyCsvColumn::Plain())
    {
        return Parameter("SkewBound",
                         SkewBoundHelp(how),
                         member,
                         initial,
                         MakeSkewBoundChecker(true),
                         csv);
    }

    /**
     * Keep a renamed parameter's old name for one release, deprecated (its Attribute name,
     * Python keywords and command-line option still set it, with a note).
     * \param deprecated the old Attribute name ("Skew")
     * \param current the parameter's name now ("SkewBound")
     * \return this declaration
     */
    StudyDeclaration& Renamed(const std::string& deprecated, const std::string& current)
    {
        m_description->m_renamed.emplace_back(deprecated, current);
        return *this;
    }

    /**
     * Parameters that mean something only for some values of another (a PTP servo under
     * Protocol ptp): their CSV cells are empty in the other points' lines (not a value that
     * reads as a setting of the run), and --help says when they apply.
     * \param condition the deciding parameter ("Protocol", declared before)
     * \param values the values of it under which they apply ({"ptp"})
     * \param parameters the parameters, declared before
     * \return this declaration
     */
    StudyDeclaration& ApplicableWhen(const std::string& condition,
                                     const std::vector<std::string>& values,
                                     const std::vector<std::string>& parameters)
    {
        m_description->SetApplicability(condition, values, parameters);
        return *this;
    }

    /**
     * \param schema the summary fields (one record per run; wall_s is appended)
     * \return this declaration
     */
    StudyDeclaration& Summary(const StudySchema& schema)
    {
        *m_description->m_summarySchema = schema;
        return *this;
    }

    /**
     * \param name what the rows are ("methods", "intervals")
     * \param schema the fields of a row (its key fields tell the rows of a run apart)
     * \param inCsv true: the CSV has one line per row; false: the rows are details (Python
     *        returns them when asked with rows=True)
     * \param csvFilter a boolean row field: only the rows where it is true are CSV lines
     * \return this declaration
     */
    StudyDeclaration& Rows(const std::string& name,
                           const StudySchema& schema,
                           bool inCsv,
                           const std::string& csvFilter = "")
    {
        m_description->m_rowsName = name;
        m_description->m_rowSchema = std::make_shared<StudySchema>(schema);
        m_description->m_rowsInCsv = inCsv;
        m_description->m_csvFilter = csvFilter;
        return *this;
    }

    /**
     * \param digits significant digits of real numbers in the CSV (default 6)
     * \return this declaration
     */
    StudyDeclaration& CsvPrecision(int digits)
    {
        m_description->m_csvPrecision = digits;
        return *this;
    }

    /** \return the study's TypeId, once the description is registered */
    operator TypeId()
    {
        return StudyDescription::Register(std::move(m_description)).GetTypeId();
    }

  private:
    std::unique_ptr<StudyDescription> m_description; //!< under construction
};

template <typename C>
StudyDeclaration<C>&
StudyDeclaration<C>::Seed()
{
    uint32_t C::*member = &Study::m_seed;
    return Parameter("Seed",
                     "RNG seed (ns-3's RngSeed): stays fixed across replications",
                     member,
                     1,
                     chronometry::MakeUintegerRangeChecker(1, 4294967295ULL));
}

template <typename C>
StudyDeclaration<C>&
StudyDeclaration<C>::Run()
{
    uint64_t C::*member = &Study::m_run;
    return Parameter("Run",
                     "RNG run (ns-3's RngRun): independent replications differ in it",
                     member,
                     1,
                     chronometry::MakeUintegerRangeChecker(1, 1000000000000000000ULL));
}

template <typename C>
StudyDeclaration<C>&
StudyDeclaration<C>::Topology()
{
    std::string C::*member = &Study::m_topology;
    return Parameter("Topology",
                     "LAN topology: csma (one segment; every frame reaches every NIC and "
                     "occupies the channel for its propagation delay) or switched (a "
                     "point-to-point star through a switch; one-way delay = delta plus two "
                     "transmissions)",
                     member,
                     std::string("csma"),
                     chronometry::MakeStringChoiceChecker({"csma", "switched"}));
}

} // namespace ns3

#endif /* STUDY_H */
