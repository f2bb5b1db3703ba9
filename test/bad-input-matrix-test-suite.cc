/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// The bad-input matrix: every public Attribute of every chronometry class, and every scenario
// runner parameter, set to invalid values (out of range, zero where a count or rate is needed,
// inconsistent combinations). Each must be refused at configuration time with a message that
// names the parameter; range errors also state the valid range. Attributes that accept any
// value of their type are listed with the reason, and a completeness check fails when a new
// Attribute appears in neither list. The checks run in THROW mode (the same code paths as
// NS_ABORT_MSG in programs, which stays in optimized builds).
#include "expected-throw-scope.h"

#include "ns3/chronometry-ns3-compat.h"
#include "ns3/chronometry-validation.h"
#include "ns3/core-module.h"
#include "ns3/inference-study.h"
#include "ns3/rda-study.h"
#include "ns3/relation-study.h"
#include "ns3/replay-study.h"
#include "ns3/scheduling-study.h"

#include <functional>
#include <limits>
#include <map>
#include <set>
#include <sstream>
#include <vector>

using namespace ns3;

namespace
{

/**
 * An Attribute and values it must refuse. (NaN is not among them: ns-3's own DoubleChecker
 * refuses a NaN before chronometry sees it, with a fatal error naming the attribute.)
 */
struct AttributeRow
{
    std::string type;                //!< TypeId name
    std::string attribute;           //!< Attribute name
    std::vector<std::string> values; //!< invalid values
    /** Other attributes set first (the value matters only in that mode). */
    std::vector<std::pair<std::string, std::string>> context{};
};

/** Attributes for which every value of the type is meaningful, and why. */
struct ExemptRow
{
    std::string type;      //!< TypeId name
    std::string attribute; //!< Attribute name
    std::string reason;    //!< why no value can be invalid
};

const std::vector<AttributeRow>&
AttributeRows()
{
    static const std::vector<AttributeRow> rows = {
        {"ns3::ConstantDriftOscillator", "Drift", {"-100001", "1e6"}},
        {"ns3::RandomWalkOscillator", "InitialDrift", {"-2e5", "2e5"}},
        {"ns3::RandomWalkOscillator", "Spread", {"-1", "2e4"}},
        {"ns3::RandomWalkOscillator", "UpdateInterval", {"0ns", "-1s", "2h"}},
        {"ns3::RandomWalkOscillator", "MaxAbsDrift", {"-1", "2e5"}},
        {"ns3::DriftingClock", "InitialOffset", {"2000000s", "-2000000s"}},
        {"ns3::DriftingClock", "Resolution", {"0ns", "-1ns", "2s"}},
        {"ns3::DriftingClock", "MaxSlewRate", {"0", "-1", "2e5"}},
        {"ns3::BoundedSkewClock", "Bound", {"0ns", "-1ms", "2h"}},
        {"ns3::SimulatedTsc", "NominalFrequency", {"0", "-1", "2e11"}},
        {"ns3::SimulatedTsc", "ReadCost", {"-1ns", "2ms"}},
        {"ns3::CausalityStamper", "HvcEpsilon", {"-1ms", "25h"}}, // 0: the clock's E
        {"ns3::CausalityStamper", "Interval", {"0ns", "-1us", "2h"}},
        {"ns3::CausalityStamper", "Epsilon", {"2000000"}}, // 0: the clock's E / I
        {"ns3::CausalityStamper", "CounterBits", {"0", "65"}},
        {"ns3::ReplayWorkloadApplication", "MessageRate", {"0", "-5", "2e6"}},
        {"ns3::ReplayWorkloadApplication", "LocalEventRate", {"-1", "2e6"}},
        {"ns3::ReplayWorkloadApplication", "PacketSize", {"1401", "65535"}},
        {"ns3::TscClientApplication", "IngressDelay", {"-1ns", "2s"}},
        {"ns3::TscClientApplication", "ResponseJitter", {"-1ns", "11ms"}},
        {"ns3::TscClientApplication", "RoundTimeout", {"0ns", "11s"}},
        {"ns3::TscClientApplication", "RoundSpacing", {"-1ns", "2s"}},
        {"ns3::TscClientApplication", "NtpPollInterval", {"-1ns", "3601s"}},
        {"ns3::TscClientApplication", "NtpMaxSkew", {"0", "-1", "10001"}},
        {"ns3::TscClientApplication", "NtpFilterLength", {"0", "65"}},
        {"ns3::TscServerApplication", "Rounds", {"0", "100001"}},
        {"ns3::PipelineApplication", "Interval", {"0ns", "-1ms", "11s"}},
        {"ns3::PipelineApplication", "IngressDelay", {"-1ns", "2s"}},
        {"ns3::PipelineApplication", "PayloadSize", {"1401"}},
        {"ns3::ServiceTimeModel", "Base", {"-1ns", "2h"}},
        {"ns3::ServiceTimeModel", "SpikeProbability", {"-0.1", "1.5"}},
        {"ns3::ServiceTimeModel", "TrendPerHour", {"-11s", "11s"}},
        {"ns3::ServiceTimeModel", "ColdExtra", {"-1ns", "2h"}},
        {"ns3::ServiceTimeModel", "ColdAfter", {"0ns", "25h"}},
        {"ns3::ServiceTimeModel", "DegradedSlowdown", {"0.5", "0", "1001"}},
        {"ns3::ServiceTimeModel", "NormalDwell", {"0ns", "-1s", "1001h"}},
        {"ns3::ServiceTimeModel", "DegradedDwell", {"0ns", "-1s", "1001h"}},
        {"ns3::ScheduledOperationServer", "SchedMaxFuture", {"-1ns", "2h"}},
        {"ns3::ScheduledOperationServer", "SchedMaxPast", {"-1ns", "2h"}},
        {"ns3::ScheduledOperationServer", "AckLossProbability", {"-0.1", "1.1"}},
        {"ns3::ScheduledOperationServer", "RefuseProbability", {"-0.1", "1.1"}},
        {"ns3::ScheduledOperationServer", "ScheduleLossProbability", {"-0.1", "1.1"}},
        {"ns3::ScheduledOperationServer", "CancelLossProbability", {"-0.1", "1.1"}},
        {"ns3::ScheduledOperationServer", "MeanTimeBetweenCrashes", {"-1s", "10001h"}},
        {"ns3::ScheduledOperationServer", "Downtime", {"0ns", "-1s", "2h"}},
        {"ns3::ScheduledOperationClient", "Predictor", {"Oracle", "", "LevelOracle"}},
        {"ns3::ScheduledOperationClient", "Window", {"0", "4097"}},
        {"ns3::ScheduledOperationClient", "ProbePeriod", {"0ns", "-1s", "2h"}},
        {"ns3::ScheduledOperationClient", "BurstInterval", {"0ns", "11s"}},
        {"ns3::ScheduledOperationClient", "OperationInterval", {"0ns", "2h"}},
        {"ns3::ScheduledOperationClient", "OperationLead", {"0ns", "2h"}},
        // Also inconsistent with the defaults: DecisionLead must stay below OperationLead (1 s),
        // SendAhead below DecisionLead (200 ms), CancelLead below SendAhead (50 ms).
        {"ns3::ScheduledOperationClient", "DecisionLead", {"0ns", "1s", "5s"}},
        {"ns3::ScheduledOperationClient", "SendAhead", {"0ns", "200ms", "1s"}},
        {"ns3::ScheduledOperationClient",
         "CancelLead",
         {"0ns", "50ms"},
         {{"AtomicCommit", "true"}}},
        {"ns3::ScheduledOperationClient", "MaxRetries", {"17"}},
        {"ns3::ScheduledOperationClient", "RetryTimeout", {"0ns", "-1ms", "11s"}},
        {"ns3::MultiTierApplication", "RequestRate", {"0", "-1", "2e6"}},
        {"ns3::MultiTierApplication", "LastRequest", {"-1s"}},
        {"ns3::MultiTierApplication", "FanOut", {"0"}},
        {"ns3::MultiTierApplication", "LookupProbability", {"-0.1", "1.1"}},
        {"ns3::MultiTierApplication", "PacketSize", {"8", "1401"}},
        {"ns3::MessageLinkingAnalyzer", "Window", {"0ns", "-1s", "25h"}},
        {"ns3::MessageLinkingAnalyzer", "Spontaneous", {"-1", "1001"}},
        {"ns3::MessageLinkingAnalyzer", "TryBothBand", {"-0.1", "0.6"}},
        {"ns3::MessageLinkingAnalyzer", "MaxTryBoth", {"21"}},
        {"ns3::MessageLinkingAnalyzer", "MaxCandidates", {"0", "2000000"}},
        {"ns3::MessageLinkingAnalyzer", "Iterations", {"101"}},
        {"ns3::LatencyChannel", "ReorderProbability", {"-0.1", "1.1"}},
        {"ns3::LatencyChannel", "DuplicateProbability", {"-0.1", "1.1"}},
        // RDA measurement points (shared base, sender) and the truth collector
        {"ns3::RdaMeasurementPoint", "IntervalLength", {"0ns", "999us", "2h"}},
        {"ns3::RdaMeasurementPoint", "CacheRetention", {"0ns", "-1s", "2h"}},
        {"ns3::RdaMeasurementPoint", "Intervals", {"0", "100001"}},
        {"ns3::RdaMeasurementPoint", "SignatureSize", {"15", "1501"}},
        // relation noise models and NTP drift wander (minrtt branch)
        {"ns3::TscClientApplication", "NtpWanderRate", {"-1", "2e4"}},
        {"ns3::TscClientApplication", "NtpWanderStep", {"-1", "2e4"}},
        {"ns3::StallMixtureRandomVariable", "StallProbability", {"-0.1", "1.5"}},
        {"ns3::RdaMeasurementPoint", "ChunkCells", {"0", "751"}},
        {"ns3::RdaMeasurementPoint", "RetransmitTimeout", {"0ns", "9us", "61s"}},
        {"ns3::RdaMeasurementPoint", "MaxRetries", {"101"}},
        {"ns3::RdaSender", "ReportTimeout", {"0ns", "2h"}},
        {"ns3::RdaSender", "Banks", {"0", "17"}},
        {"ns3::RdaSender", "BucketsPerDifference", {"0", "0.2", "65", "-2"}},
        {"ns3::RdaSender", "MinBuckets", {"0", "1048577"}},
        {"ns3::RdaSender", "FixedBuckets", {"1048577"}},
        {"ns3::RdaSender", "DifferenceConfidence", {"-1", "11"}},
        {"ns3::RdaSender", "StdRelativeError", {"-0.1", "1.5"}},
        {"ns3::RdaTruthCollector", "IntervalLength", {"0ns", "999us", "2h"}},
        {"ns3::RdaTruthCollector", "Intervals", {"0", "100001"}},
    };
    return rows;
}

const std::vector<ExemptRow>&
ExemptRows()
{
    static const std::string anyBool = "a switch: both values are meaningful";
    static const std::string anyEnum = "an enum: ns-3's checker refuses names outside it";
    static const std::string anyPort = "a UDP port: every 16-bit value is a port";
    static const std::string anyStream =
        "a Ptr: ns-3 checks the type; a draw out of range is reported when drawn";
    static const std::vector<ExemptRow> rows = {
        {"ns3::DriftingClock", "Oscillator", "a Ptr<Oscillator> (ns-3 checks the type)"},
        {"ns3::DriftingClock", "ReadJitter", anyStream},
        {"ns3::DriftingClock", "Monotonic", anyBool},
        {"ns3::BoundedSkewClock", "Form", anyEnum},
        {"ns3::SimulatedTsc", "BootValue", "any 64-bit counter value is a boot value"},
        {"ns3::SimulatedTsc", "Oscillator", "a Ptr<Oscillator> (ns-3 checks the type)"},
        {"ns3::CausalityStamper", "Vector", anyBool},
        {"ns3::CausalityStamper", "Lamport", anyBool},
        {"ns3::CausalityStamper", "Hlc", anyBool},
        {"ns3::CausalityStamper", "Hvc", anyBool},
        {"ns3::CausalityStamper", "RepCl", anyBool},
        {"ns3::CausalityStamper", "OnWire", anyBool},
        {"ns3::CausalityStamper", "SumCounters", anyBool},
        {"ns3::CausalityStamper", "AllowSkewMismatch", anyBool},
        {"ns3::CausalityStamper", "CounterRule", anyEnum},
        {"ns3::ReplayWorkloadApplication", "Poisson", anyBool},
        {"ns3::ReplayWorkloadApplication", "Port", anyPort},
        {"ns3::UdpSendJitter", "Jitter", anyStream},
        {"ns3::TscClientApplication", "Port", anyPort},
        {"ns3::PipelineApplication", "Role", anyEnum},
        {"ns3::PipelineApplication", "Port", anyPort},
        {"ns3::PipelineApplication", "ReturnTrip", anyBool},
        {"ns3::PipelineApplication", "Processing", anyStream},
        {"ns3::ServiceTimeModel", "Noise", anyStream},
        {"ns3::ServiceTimeModel", "Spike", anyStream},
        {"ns3::ScheduledOperationServer", "Port", anyPort},
        {"ns3::ScheduledOperationServer", "ServiceModel", "a Ptr<ServiceTimeModel>"},
        {"ns3::ScheduledOperationServer", "PersistSchedule", anyBool},
        {"ns3::ScheduledOperationClient", "Port", anyPort},
        {"ns3::ScheduledOperationClient", "ProbeMode", anyEnum},
        {"ns3::ScheduledOperationClient", "MaxOperations", "0 means no limit; any count is valid"},
        {"ns3::ScheduledOperationClient", "AtomicCommit", anyBool},
        {"ns3::MultiTierApplication", "Role", anyEnum},
        {"ns3::MultiTierApplication", "Poisson", anyBool},
        {"ns3::MultiTierApplication", "ServiceTime", anyStream},
        {"ns3::MultiTierApplication", "Port", anyPort},
        {"ns3::MultiTierApplication",
         "ReplyServiceTime",
         "a Ptr (ns-3 checks the type; null means ServiceTime); negative draws count as 0"},
        {"ns3::MessageLinkingAnalyzer", "TryMostLikely", anyBool},
        {"ns3::MessageLinkingAnalyzer", "DelayModel", anyEnum},
        {"ns3::LatencyChannel", "ExtraDelay", anyStream},
        {"ns3::LatencyChannel", "ReorderDelay", anyStream},
        {"ns3::RdaMeasurementPoint", "DataPort", "a UDP port; 0 observes every UDP port"},
        {"ns3::RdaMeasurementPoint", "ControlPort", anyPort},
        {"ns3::RdaMeasurementPoint", "Peer", "an IPv4 address (ns-3 parses it)"},
        {"ns3::RdaMeasurementPoint",
         "IntervalStart",
         "any local-clock instant (a clock with a negative offset reads below 0)"},
        {"ns3::RdaMeasurementPoint", "HashSeed", "any 64-bit value seeds the hashes"},
        // relation noise models and NTP filter (minrtt branch)
        {"ns3::TscClientApplication", "ResponseHostDelay", anyStream},
        {"ns3::TscClientApplication", "RequestHostDelay", anyStream},
        {"ns3::TscClientApplication", "ReceiveHostDelay", anyStream},
        {"ns3::TscClientApplication", "NtpFilter", anyEnum},
        {"ns3::StallMixtureRandomVariable", "Base", anyStream},
        {"ns3::StallMixtureRandomVariable", "Stall", anyStream},
        {"ns3::RdaSender", "Checksum", anyBool},
        {"ns3::RdaSender", "PaperVariance", anyBool},
        {"ns3::RdaSender", "Exchange", anyEnum},
        {"ns3::RdaSender", "BoundaryMatching", anyBool},
        {"ns3::RdaTruthCollector", "DataPort", "a UDP port; 0 observes every UDP port"},
        {"ns3::RdaTruthCollector", "ControlPort", anyPort},
        {"ns3::RdaTruthCollector",
         "IntervalStart",
         "any local-clock instant (a clock with a negative offset reads below 0)"},
    };
    return rows;
}

/**
 * Runs \p configure and returns the configuration error message it raised ("" if none).
 * Objects are initialized too: some checks (inconsistent combinations) happen there.
 */
std::string
ErrorOf(const std::function<void()>& configure)
{
    chronometry::ScopedThrowOnConfigError throwing;
    try
    {
        chronometry::test::ExpectedThrowScope expected;
        configure();
    }
    catch (const chronometry::ConfigError& e)
    {
        return e.what();
    }
    return "";
}

/** Every chronometry Attribute is either refused-when-invalid (with rows) or exempt. */
class CompletenessTestCase : public TestCase
{
  public:
    CompletenessTestCase()
        : TestCase("every chronometry Attribute is in the matrix or exempt with a reason")
    {
    }

  private:
    void DoRun() override
    {
        std::set<std::pair<std::string, std::string>> covered;
        for (const auto& row : AttributeRows())
        {
            covered.insert({row.type, row.attribute});
        }
        for (const auto& row : ExemptRows())
        {
            NS_TEST_ASSERT_MSG_EQ(covered.count({row.type, row.attribute}),
                                  0u,
                                  row.type << "::" << row.attribute << " both tested and exempt");
            covered.insert({row.type, row.attribute});
        }
        uint32_t attributes = 0;
        for (uint16_t i = 0; i < TypeId::GetRegisteredN(); ++i)
        {
            TypeId tid = TypeId::GetRegistered(i);
            if (tid.GetGroupName() != "Chronometry")
            {
                continue;
            }
            for (uint32_t a = 0; a < tid.GetAttributeN(); ++a)
            {
                std::string name = tid.GetAttribute(a).name;
                ++attributes;
                NS_TEST_EXPECT_MSG_EQ(covered.count({tid.GetName(), name}),
                                      1u,
                                      tid.GetName() << "::" << name
                                                    << " is neither in the bad-input matrix nor "
                                                       "exempt: add its invalid values");
            }
        }
        NS_TEST_ASSERT_MSG_EQ(attributes, covered.size(), "no stale rows in the matrix");
    }
};

/**
 * Every value of every enum Attribute, given by name, is the value the object then has: at
 * construction (where ns-3 ignores an accessor that refuses the value) and on a live object.
 * From ns-3.41 on an EnumChecker<int> beside an accessor of the enum type accepted the name and
 * silently kept the default (BoundedSkewClock::Form = Thesis ran the Bounded form on 3.48).
 */
class EnumRoundTripTestCase : public TestCase
{
  public:
    EnumRoundTripTestCase()
        : TestCase("every enum Attribute value set by name reads back (construction and live)")
    {
    }

  private:
    void DoRun() override
    {
        uint32_t checked = 0;
        for (uint16_t i = 0; i < TypeId::GetRegisteredN(); ++i)
        {
            TypeId tid = TypeId::GetRegistered(i);
            if (tid.GetGroupName() != "Chronometry" || !tid.HasConstructor())
            {
                continue;
            }
            for (uint32_t a = 0; a < tid.GetAttributeN(); ++a)
            {
                TypeId::AttributeInformation info = tid.GetAttribute(a);
                if (info.checker->GetValueTypeName().find("EnumValue") == std::string::npos)
                {
                    continue;
                }
                std::string names = info.checker->GetUnderlyingTypeInformation();
                std::istringstream split(names);
                std::vector<std::string> values;
                for (std::string v; std::getline(split, v, '|');)
                {
                    values.push_back(v);
                }
                NS_TEST_ASSERT_MSG_GT(values.size(), 1u, tid.GetName() << "::" << info.name);
                if (!info.accessor->HasGetter())
                {
                    // Write-only (a setter): every name must at least be accepted by it.
                    Ptr<Object> object = ObjectFactory(tid.GetName()).Create();
                    for (const auto& value : values)
                    {
                        NS_TEST_EXPECT_MSG_EQ(
                            object->SetAttributeFailSafe(info.name, StringValue(value)),
                            true,
                            tid.GetName() << "::" << info.name << " refuses " << value);
                        ++checked;
                    }
                    object->Dispose();
                    continue;
                }
                // Each name at construction, then every other one on the live object.
                for (const auto& value : values)
                {
                    ObjectFactory factory;
                    factory.SetTypeId(tid);
                    factory.Set(info.name, StringValue(value));
                    Ptr<Object> object = factory.Create();
                    StringValue got;
                    NS_TEST_ASSERT_MSG_EQ(object->GetAttributeFailSafe(info.name, got),
                                          true,
                                          tid.GetName() << "::" << info.name << " cannot be read");
                    NS_TEST_EXPECT_MSG_EQ(got.Get(),
                                          value,
                                          tid.GetName() << "::" << info.name << " set to " << value
                                                        << " at construction");
                    for (const auto& other : values)
                    {
                        NS_TEST_EXPECT_MSG_EQ(
                            object->SetAttributeFailSafe(info.name, StringValue(other)),
                            true,
                            tid.GetName() << "::" << info.name << " refuses " << other);
                        object->GetAttributeFailSafe(info.name, got);
                        NS_TEST_EXPECT_MSG_EQ(got.Get(),
                                              other,
                                              tid.GetName() << "::" << info.name << " set to "
                                                            << other << " on a live object");
                    }
                    object->Dispose();
                    ++checked;
                }
            }
        }
        NS_TEST_ASSERT_MSG_GT_OR_EQ(checked, 12u, "the enum Attributes were found");
        Simulator::Destroy();
    }
};

/** Each invalid Attribute value is refused, at construction and on a live object. */
class AttributeMatrixTestCase : public TestCase
{
  public:
    AttributeMatrixTestCase()
        : TestCase("invalid Attribute values are refused naming the attribute and its range")
    {
    }

  private:
    void DoRun() override
    {
        uint32_t cases = 0;
        for (const auto& row : AttributeRows())
        {
            const std::string qualified = row.type + "::" + row.attribute;
            for (const auto& text : row.values)
            {
                StringValue value(text);
                std::string atConstruction = ErrorOf([&]() {
                    ObjectFactory factory(row.type);
                    for (const auto& [name, setting] : row.context)
                    {
                        factory.Set(name, StringValue(setting));
                    }
                    factory.Set(row.attribute, value);
                    factory.Create<Object>()->Initialize();
                });
                std::string onLiveObject = ErrorOf([&]() {
                    Ptr<Object> object = ObjectFactory(row.type).Create<Object>();
                    for (const auto& [name, setting] : row.context)
                    {
                        object->SetAttribute(name, StringValue(setting));
                    }
                    object->SetAttribute(row.attribute, value);
                    object->Initialize();
                });
                for (const std::string& message : {atConstruction, onLiveObject})
                {
                    ++cases;
                    NS_TEST_EXPECT_MSG_NE(message.find(qualified),
                                          std::string::npos,
                                          qualified << " = '" << text << "' refused by name (got '"
                                                    << message << "')");
                    NS_TEST_EXPECT_MSG_EQ((message.find("valid") != std::string::npos ||
                                           message.find("must") != std::string::npos),
                                          true,
                                          qualified << " = '" << text
                                                    << "': the message says what is valid");
                }
            }
            Simulator::Destroy(); // events an initialized application may have scheduled
        }
        NS_TEST_ASSERT_MSG_GT(cases, 200u, "the matrix is not empty");
    }
};

/** A scenario-runner parameter change that must be refused. */
template <typename Params>
struct ParamRow
{
    std::string parameter;               //!< what the message must name
    std::function<void(Params&)> mutate; //!< the invalid change to the defaults
};

/** Each invalid scenario parameter (and inconsistent combination) is refused by name. */
class RunnerMatrixTestCase : public TestCase
{
  public:
    RunnerMatrixTestCase()
        : TestCase("invalid scenario-runner parameters are refused naming the parameter")
    {
    }

  private:
    template <typename Params>
    uint32_t Check(const std::string& runner,
                   const std::vector<ParamRow<Params>>& rows,
                   const std::function<void(const Params&)>& validate)
    {
        {
            std::string defaults = ErrorOf([&]() { validate(Params()); });
            NS_TEST_EXPECT_MSG_EQ(defaults, "", runner << ": the defaults are valid");
        }
        for (const auto& row : rows)
        {
            Params p;
            row.mutate(p);
            std::string message = ErrorOf([&]() { validate(p); });
            NS_TEST_EXPECT_MSG_NE(message.find(row.parameter),
                                  std::string::npos,
                                  runner << ": invalid " << row.parameter
                                         << " refused by name (got '" << message << "')");
        }
        return rows.size();
    }

    void DoRun() override
    {
        uint32_t cases = 0;
        const double nan = std::numeric_limits<double>::quiet_NaN();
        cases += Check<ReplayStudyParams>(
            "ReplayStudy",
            {
                {"nodes", [](auto& p) { p.nodes = 0; }},
                {"nodes", [](auto& p) { p.nodes = 1; }},
                {"nodes", [](auto& p) { p.nodes = 100000; }},
                {"skew (E)", [](auto& p) { p.skew = Time(0); }},
                {"skew (E)", [](auto& p) { p.skew = MilliSeconds(-1); }},
                {"interval (I)", [](auto& p) { p.interval = MilliSeconds(2); }}, // I > E
                {"interval (I)", [](auto& p) { p.interval = Time(0); }},
                {"multiple", [](auto& p) { p.interval = MicroSeconds(300); }}, // E % I != 0
                {"delay (delta)", [](auto& p) { p.delay = MicroSeconds(-1); }},
                {"jitter", [](auto& p) { p.jitter = MicroSeconds(-1); }},
                {"jitter", [](auto& p) { p.jitter = MicroSeconds(5); }}, // needs onWire
                {"rate (alpha)", [](auto& p) { p.rate = 0; }},
                {"rate (alpha)", [](auto& p) { p.rate = -20; }},
                {"rate (alpha)", [nan](auto& p) { p.rate = nan; }},
                {"localRate", [](auto& p) { p.localRate = -1; }},
                {"duration", [](auto& p) { p.duration = Time(0); }},
                {"clockModel", [](auto& p) { p.clockModel = "quartz"; }},
                {"counterRule", [](auto& p) { p.counterRule = "Sometimes"; }},
                {"counterBits", [](auto& p) { p.counterBits = 0; }},
                {"counterBits", [](auto& p) { p.counterBits = 65; }},
                {"run", [](auto& p) { p.run = 0; }},
            },
            [](const ReplayStudyParams& p) { p.Validate(); });
        cases += Check<SchedulingStudyParams>(
            "SchedulingStudy",
            {
                {"servers", [](auto& p) { p.servers = 0; }},
                {"servers", [](auto& p) { p.servers = 65; }},
                {"skew", [](auto& p) { p.skew = MicroSeconds(-1); }},
                {"predictor", [](auto& p) { p.predictor = "Oracle"; }},
                {"probeMode", [](auto& p) { p.probeMode = "Always"; }},
                {"window", [](auto& p) { p.window = 0; }},
                {"decisionLead", [](auto& p) { p.decisionLead = Seconds(2); }}, // > operationLead
                {"sendAhead", [](auto& p) { p.sendAhead = Seconds(1); }},       // > decisionLead
                {"spikeProbability", [](auto& p) { p.spikeProbability = 1.5; }},
                {"spikeProbability", [nan](auto& p) { p.spikeProbability = nan; }},
                {"ackLoss", [](auto& p) { p.ackLoss = -0.1; }},
                {"ackLoss", [](auto& p) { p.ackLoss = 1.1; }},
                {"refuse", [](auto& p) { p.refuse = 2; }},
                {"driftPpm", [](auto& p) { p.driftPpm = -1; }},
            },
            [](const SchedulingStudyParams& p) { p.Validate(); });
        cases += Check<InferenceStudyParams>(
            "InferenceStudy",
            {
                {"workload", [](auto& p) { p.workload = "bittorrent"; }},
                {"clients", [](auto& p) { p.clients = 0; }},
                {"backends", [](auto& p) { p.backends = 0; }},
                {"fanOut", [](auto& p) { p.fanOut = 0; }},
                {"fanOut", [](auto& p) { p.fanOut = 4; }}, // > backends (3)
                {"lookupProbability", [](auto& p) { p.lookupProbability = 1.5; }},
                {"rate", [](auto& p) { p.rate = 0; }},
                {"rate", [](auto& p) { p.rate = -3; }},
                {"skew", [](auto& p) { p.skew = MilliSeconds(-1); }},
                {"driftPpm", [](auto& p) { p.driftPpm = -5; }},
                {"delay", [](auto& p) { p.delay = MicroSeconds(-1); }},
                {"duration", [](auto& p) { p.duration = Time(0); }},
            },
            [](const InferenceStudyParams& p) { p.Validate(); });
        cases += Check<RelationStudyParams>(
            "RelationStudy",
            {
                {"driftPpm", [](auto& p) { p.driftPpm = -1; }},
                {"driftPpm", [nan](auto& p) { p.driftPpm = nan; }},
                {"asymmetry", [](auto& p) { p.asymmetry = MicroSeconds(-1); }},
                {"load", [](auto& p) { p.load = 1.0; }},
                {"load", [](auto& p) { p.load = -0.1; }},
                {"rounds", [](auto& p) { p.rounds = 0; }},
                {"busyRounds", [](auto& p) { p.busyRounds = 0; }},
                {"tupleInterval", [](auto& p) { p.tupleInterval = Time(0); }},
                {"workload", [](auto& p) { p.workload = Time(0); }},
                {"ntpMaxSkewPpm", [](auto& p) { p.ntpMaxSkewPpm = -1; }},
                {"linkMbps", [](auto& p) { p.linkMbps = 0; }},
                {"linkDelay", [](auto& p) { p.linkDelay = MicroSeconds(-1); }},
                {"responseJitter", [](auto& p) { p.responseJitter = MicroSeconds(-1); }},
                {"seed", [](auto& p) { p.seed = 0; }},
                {"run", [](auto& p) { p.run = 0; }},
            },
            [](const RelationStudyParams& p) { p.Validate(); });
        cases += Check<RdaStudyParams>(
            "RdaStudy",
            {
                {"intervals", [](auto& p) { p.intervals = 0; }},
                {"intervalLength", [](auto& p) { p.intervalLength = Time(0); }},
                {"packetInterval", [](auto& p) { p.packetInterval = Time(0); }},
                {"packetSize", [](auto& p) { p.packetSize = 11; }},
                {"lossRate", [](auto& p) { p.lossRate = 1.5; }},
                {"lossRate", [](auto& p) { p.lossRate = -0.1; }},
                {"lossRate", [nan](auto& p) { p.lossRate = nan; }},
                {"reorderRate", [](auto& p) { p.reorderRate = 1.1; }},
                {"duplicateRate", [](auto& p) { p.duplicateRate = 0.6; }},
                {"controlLossRate", [](auto& p) { p.controlLossRate = -1; }},
                {"reorderDelayMax", [](auto& p) { p.reorderDelayMax = MilliSeconds(-1); }},
                {"baseDelay", [](auto& p) { p.baseDelay = MicroSeconds(-1); }},
                {"weibullShape", [](auto& p) { p.weibullShape = 0; }},
                {"weibullScale", [](auto& p) { p.weibullScale = MicroSeconds(-1); }},
                {"clockOffset", [](auto& p) { p.clockOffset = Seconds(2); }},
                {"driftPpm", [](auto& p) { p.driftPpm = 501; }},
                {"skewBound", [](auto& p) { p.skewBound = MicroSeconds(-1); }},
                {"banks", [](auto& p) { p.banks = 0; }},
                {"banks", [](auto& p) { p.banks = 17; }},
                {"bucketsPerDifference", [](auto& p) { p.bucketsPerDifference = 0.1; }},
                {"signatureSize", [](auto& p) { p.signatureSize = 8; }},
                {"garbagePackets", [](auto& p) { p.garbagePackets = 5000; }},
                {"seed", [](auto& p) { p.seed = 0; }},
                {"run", [](auto& p) { p.run = 0; }},
            },
            [](const RdaStudyParams& p) { p.Validate(); });
        NS_TEST_ASSERT_MSG_GT(cases, 50u, "the runner matrix is not empty");
    }
};

/** The suite. */
class BadInputMatrixTestSuite : public TestSuite
{
  public:
    BadInputMatrixTestSuite()
        : TestSuite("chronometry-bad-input", Type::UNIT)
    {
        AddTestCase(new CompletenessTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new EnumRoundTripTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new AttributeMatrixTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new RunnerMatrixTestCase, chronometry::TestDuration::QUICK);
    }
};

static BadInputMatrixTestSuite g_badInputMatrixTestSuite; //!< registers the suite

} // namespace
