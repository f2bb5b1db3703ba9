/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// The bad-input matrix: every public Attribute of every chronometry class, the studies'
// parameters included (they are Attributes of ns3::ReplayStudy, ns3::RdaStudy, ...), set to
// invalid values (out of range, zero where a count or rate is needed), and every inconsistent
// combination a study refuses before it builds anything. Each must be refused at configuration
// time with a message that names the parameter; range errors also state the valid range.
// Attributes that accept any value of their type are listed with the reason, and a completeness
// check fails when a new Attribute appears in neither list. The checks run in THROW mode (the
// same code paths as NS_ABORT_MSG in programs, which stays in optimized builds).
#include "expected-throw-scope.h"

#include "ns3/chronometry-checkers.h"
#include "ns3/chronometry-ns3-compat.h"
#include "ns3/chronometry-validation.h"
#include "ns3/core-module.h"
#include "ns3/study-runner.h"

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
    /** The class to create when type is abstract (an Attribute of a base class); "": type. */
    std::string concrete{};
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
        {"ns3::PowerLawOscillator", "Tau0", {"0ns", "-1ms", "999us", "2h"}},
        {"ns3::PowerLawOscillator", "BaseDrift", {"-50001", "50001", "1e6"}},
        {"ns3::PowerLawOscillator", "WhitePmH2", {"-1e-30", "2e-10"}},
        {"ns3::PowerLawOscillator", "FlickerPmH1", {"-1e-30", "2e-10"}},
        {"ns3::PowerLawOscillator", "WhiteFmH0", {"-1e-30", "3e-10"}},
        {"ns3::PowerLawOscillator", "FlickerFmHm1", {"-1e-30", "2e-10"}},
        {"ns3::PowerLawOscillator", "RandomWalkFmHm2", {"-1e-30", "2e-11"}},
        {"ns3::PowerLawOscillator", "WhitePmAdev1s", {"-1e-12", "2e-5"}},
        {"ns3::PowerLawOscillator", "FlickerPmAdev1s", {"-1e-12", "2e-5"}},
        {"ns3::PowerLawOscillator", "WhiteFmAdev1s", {"-1e-12", "2e-5"}},
        {"ns3::PowerLawOscillator", "FlickerFmAdev", {"-1e-12", "2e-5"}},
        {"ns3::PowerLawOscillator", "RandomWalkFmAdev1s", {"-1e-12", "2e-5"}},
        // Not tau:adev, a tau or adev out of range, a tau twice, a curve no power-law sum follows.
        {"ns3::PowerLawOscillator",
         "AdevPoints",
         {"1s", "1s:x", "0s:1e-9", "1s:1e-3", "1s:1e-9,1s:2e-9", "1s:1e-9,2s:1e-11"}},
        {"ns3::PowerLawOscillator", "FlickerHorizon", {"0s", "999ms", "2e9s"}},
        {"ns3::PowerLawOscillator", "WanderAmplitude", {"-1", "2e4"}},
        {"ns3::PowerLawOscillator", "WanderTimeConstant", {"0s", "999ms", "1e8s"}},
        {"ns3::DriftingClock", "InitialOffset", {"2000000s", "-2000000s"}},
        {"ns3::DriftingClock", "Resolution", {"0ns", "-1ns", "2s"}},
        {"ns3::DriftingClock", "MaxSlewRate", {"0", "-1", "2e5"}},
        {"ns3::BoundedSkewClock", "SkewBound", {"0ns", "-1ms", "2h"}},
        {"ns3::BoundedSkewClock", "Bound", {"0ns", "2h"}}, // deprecated name
        {"ns3::SimulatedTsc", "NominalFrequency", {"0", "-1", "2e11"}},
        {"ns3::SimulatedTsc", "ReadCost", {"-1ns", "2ms"}},
        {"ns3::CausalityStamper", "SkewBound", {"-1ms", "25h"}}, // 0: the clock's E
        {"ns3::CausalityStamper", "HvcEpsilon", {"-1ms", "25h"}}, // deprecated name
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
        // The studies' parameters (a uinteger given as "-1" would wrap around in ns-3's parser:
        // the invalid values of counts are above their range or 0).
        {"ns3::ReplayStudy", "Nodes", {"0", "1", "1025"}},
        {"ns3::ReplayStudy", "SkewBound", {"0ns", "-1ms", "2h"}},
        {"ns3::ReplayStudy", "Interval", {"0ns", "2h"}},
        {"ns3::ReplayStudy", "Delay", {"-1us", "2s"}},
        {"ns3::ReplayStudy", "Jitter", {"-1us", "2s"}},
        {"ns3::ReplayStudy", "Rate", {"0", "-20", "2e6"}},
        {"ns3::ReplayStudy", "LocalRate", {"-1", "2e6"}},
        {"ns3::ReplayStudy", "Duration", {"0ns", "2h"}},
        {"ns3::ReplayStudy", "ClockModel", {"quartz", ""}},
        {"ns3::ReplayStudy", "CounterRule", {"Sometimes"}},
        {"ns3::ReplayStudy", "CounterBits", {"0", "65"}},
        {"ns3::ReplayStudy", "ExactLimit", {"1000001"}},
        {"ns3::ReplayStudy", "SamplePairs", {"0", "1000000001"}},
        {"ns3::ReplayStudy", "Seed", {"0", "4294967296"}},
        {"ns3::ReplayStudy", "Run", {"0", "1000000000000000001"}},
        {"ns3::ReplayStudy", "Topology", {"bus", ""}},
        {"ns3::RelationStudy", "DriftPpm", {"-1", "501"}},
        {"ns3::RelationStudy", "Asymmetry", {"-1us", "101ms"}},
        {"ns3::RelationStudy", "Load", {"-0.1", "0.99", "1"}},
        {"ns3::RelationStudy", "Rounds", {"0", "100001"}},
        {"ns3::RelationStudy", "BusyRounds", {"0", "10001"}},
        {"ns3::RelationStudy", "TupleInterval", {"0ns", "99us", "2s"}},
        {"ns3::RelationStudy", "Workload", {"0ns", "1s", "601s"}},
        {"ns3::RelationStudy", "NtpPoll", {"9ms", "3601s"}},
        {"ns3::RelationStudy", "NtpMaxSkewPpm", {"-1", "10001"}},
        {"ns3::RelationStudy", "LinkMbps", {"0", "2e5"}},
        {"ns3::RelationStudy", "LinkDelay", {"-1us", "2s"}},
        {"ns3::RelationStudy", "ResponseJitter", {"-1us", "11ms"}},
        {"ns3::RelationStudy", "BootBase", {"9223372036854775809"}},
        {"ns3::RelationStudy", "NoiseModel", {"", "benign", "ALL"}},
        {"ns3::RelationStudy", "TscModel", {"", "drift", "Walk"}},
        {"ns3::RelationStudy", "DriftStepPpm", {"-1", "101"}},
        {"ns3::RelationStudy", "WalkSpreadPpm", {"-0.1", "101"}},
        {"ns3::RelationStudy", "NtpHops", {"17"}},
        {"ns3::RelationStudy", "NtpFilter", {"", "rfc5905", "Best"}},
        {"ns3::RelationGraphStudy", "Nodes", {"2", "65"}},
        {"ns3::RelationGraphStudy", "DriftPpm", {"-1", "501"}},
        {"ns3::RelationGraphStudy", "Rounds", {"0", "100001"}},
        {"ns3::RelationGraphStudy", "ExtraDelay", {"-1us", "101ms"}},
        {"ns3::RelationGraphStudy", "EdgeProbability", {"0.01", "1.1"}},
        {"ns3::RelationGraphStudy", "Gap", {"0.5s", "3601s"}},
        {"ns3::RelationGraphStudy", "Seed", {"0"}},
        {"ns3::RelationGraphStudy", "Run", {"0"}},
        {"ns3::RelationStudy", "Seed", {"0"}},
        {"ns3::RelationStudy", "Run", {"0"}},
        {"ns3::SchedulingStudy", "Servers", {"0", "65"}},
        {"ns3::SchedulingStudy", "SkewBound", {"-1us", "11s"}},
        {"ns3::SchedulingStudy", "DriftPpm", {"-1", "1001"}},
        {"ns3::SchedulingStudy", "Delay", {"-1ns", "2s"}},
        {"ns3::SchedulingStudy", "Predictor", {"Oracle", ""}},
        {"ns3::SchedulingStudy", "ServerTypes", {"VII", ""}},
        {"ns3::SchedulingStudy", "Window", {"0", "4097"}},
        {"ns3::SchedulingStudy", "ProbeMode", {"Always"}},
        {"ns3::SchedulingStudy", "ProbePeriod", {"0ns", "2h"}},
        {"ns3::SchedulingStudy", "BurstInterval", {"0ns", "11s"}},
        {"ns3::SchedulingStudy", "Operations", {"0", "1000001"}},
        {"ns3::SchedulingStudy", "OperationInterval", {"999us", "2h"}},
        {"ns3::SchedulingStudy", "OperationLead", {"0ns", "2h"}},
        {"ns3::SchedulingStudy", "DecisionLead", {"0ns", "2h"}},
        {"ns3::SchedulingStudy", "SendAhead", {"0ns", "2h"}},
        {"ns3::SchedulingStudy", "ServiceBase", {"-1ns", "2h"}},
        {"ns3::SchedulingStudy", "ServiceNoise", {"-1ns", "2s"}},
        {"ns3::SchedulingStudy", "SpikeProbability", {"-0.1", "1.5"}},
        {"ns3::SchedulingStudy", "SpikeMean", {"-1ns", "11s"}},
        {"ns3::SchedulingStudy", "SchedMaxFuture", {"-1ns", "2h"}},
        {"ns3::SchedulingStudy", "SchedMaxPast", {"-1ns", "2h"}},
        {"ns3::SchedulingStudy", "AckLoss", {"-0.1", "1.1"}},
        {"ns3::SchedulingStudy", "Refuse", {"-0.1", "2"}},
        {"ns3::SchedulingStudy", "CancelLead", {"0ns", "2h"}},
        {"ns3::SchedulingStudy", "ScheduleLoss", {"-0.1", "1.1"}},
        {"ns3::SchedulingStudy", "CancelLoss", {"-0.1", "1.1"}},
        {"ns3::SchedulingStudy", "CrashMean", {"-1ns", "10001h"}},
        {"ns3::SchedulingStudy", "Downtime", {"0ns", "2h"}},
        {"ns3::SchedulingStudy", "Retries", {"17"}},
        {"ns3::SchedulingStudy", "RetryTimeout", {"0ns", "11s"}},
        {"ns3::SchedulingStudy", "Seed", {"0"}},
        {"ns3::SchedulingStudy", "Run", {"0"}},
        {"ns3::SchedulingStudy", "Topology", {"bus", ""}},
        {"ns3::InferenceStudy", "Workload", {"bittorrent"}},
        {"ns3::InferenceStudy", "Clients", {"0", "257"}},
        {"ns3::InferenceStudy", "Backends", {"0", "65"}},
        {"ns3::InferenceStudy", "FanOut", {"0", "1000001"}},
        {"ns3::InferenceStudy", "LookupProbability", {"-0.1", "1.5"}},
        {"ns3::InferenceStudy", "Rate", {"0", "-3", "2e5"}},
        {"ns3::InferenceStudy", "SkewBound", {"-1ms", "101s"}},
        {"ns3::InferenceStudy", "DriftPpm", {"-5", "1001"}},
        {"ns3::InferenceStudy", "Delay", {"-1us", "2s"}},
        {"ns3::InferenceStudy", "FrontEndService", {"0ns", "11s"}},
        {"ns3::InferenceStudy", "BackendService", {"0ns", "11s"}},
        {"ns3::InferenceStudy", "LookupService", {"0ns", "11s"}},
        {"ns3::InferenceStudy", "Duration", {"0ns", "3601s"}},
        {"ns3::InferenceStudy", "Window", {"0ns", "25h"}},
        {"ns3::InferenceStudy", "Spontaneous", {"-1", "1001"}},
        {"ns3::InferenceStudy", "TryBothBand", {"-0.1", "0.6"}},
        {"ns3::InferenceStudy", "MaxTryBoth", {"21"}},
        {"ns3::InferenceStudy", "DelayModel", {"per-pair", ""}},
        {"ns3::InferenceStudy", "Iterations", {"101"}},
        {"ns3::InferenceStudy", "ReplyService", {"-1ms", "11s"}},
        {"ns3::InferenceStudy", "Reconciliation", {"port", ""}},
        {"ns3::InferenceStudy", "Segments", {"1", "100001"}},
        {"ns3::InferenceStudy", "FixedPortPeers", {"1", "1000000001"}},
        {"ns3::InferenceStudy", "Seed", {"0"}},
        {"ns3::InferenceStudy", "Run", {"0"}},
        {"ns3::InferenceStudy", "Topology", {"bus", ""}},
        {"ns3::RdaStudy", "Intervals", {"0", "100001"}},
        {"ns3::RdaStudy", "IntervalLength", {"0ns", "2h"}},
        {"ns3::RdaStudy", "PacketInterval", {"0ns", "2s"}},
        {"ns3::RdaStudy", "PacketSize", {"11", "1401"}},
        {"ns3::RdaStudy", "LossRate", {"-0.1", "0.6", "1.5"}},
        {"ns3::RdaStudy", "ReorderRate", {"-0.1", "1.1"}},
        {"ns3::RdaStudy", "ReorderDelayMax", {"-1ms", "11s"}},
        {"ns3::RdaStudy", "DuplicateRate", {"-0.1", "0.6"}},
        {"ns3::RdaStudy", "ControlLossRate", {"-1", "0.6"}},
        {"ns3::RdaStudy", "BaseDelay", {"-1us", "2s"}},
        {"ns3::RdaStudy", "WeibullShape", {"0", "11"}},
        {"ns3::RdaStudy", "WeibullScale", {"-1us", "2s"}},
        {"ns3::RdaStudy", "ClockOffset", {"2s", "-2s"}},
        {"ns3::RdaStudy", "DriftPpm", {"501", "-501"}},
        {"ns3::RdaStudy", "SkewBound", {"-1us", "2s"}},
        {"ns3::RdaStudy", "Banks", {"0", "17"}},
        {"ns3::RdaStudy", "BucketsPerDifference", {"0.1", "65"}},
        {"ns3::RdaStudy", "SignatureSize", {"8", "1501"}},
        {"ns3::RdaStudy", "GarbagePackets", {"5000"}},
        {"ns3::RdaStudy", "Flows", {"0", "17"}},
        {"ns3::RdaStudy", "Exchange", {"Fast", ""}},
        {"ns3::RdaStudy", "FixedBuckets", {"1048577"}},
        {"ns3::RdaStudy", "StdRelativeError", {"-0.1", "1.5"}},
        {"ns3::RdaStudy", "RetransmitTimeout", {"0ns", "9us", "61s"}},
        {"ns3::RdaStudy", "MaxRetries", {"101"}},
        {"ns3::RdaStudy", "Seed", {"0", "4294967296"}},
        {"ns3::RdaStudy", "Run", {"0"}},
        // PTP clock servos (model/sync): the shared base's Attributes through a concrete servo
        {"ns3::ClockServo", "FirstStepThreshold", {"-1ns", "2h"}, {}, "ns3::PiServo"},
        {"ns3::ClockServo", "StepThreshold", {"-1ns", "2h"}, {}, "ns3::PiServo"},
        {"ns3::ClockServo", "MaxFrequency", {"0", "-1", "2e9"}, {}, "ns3::PiServo"},
        {"ns3::ClockServo", "SyncInterval", {"0ns", "-1s", "2000s"}, {}, "ns3::LinRegServo"},
        {"ns3::PiServo", "ProportionalConst", {"-1", "1001"}},
        {"ns3::PiServo", "IntegralConst", {"-1", "1001"}},
        {"ns3::PiServo", "ProportionalScale", {"-1", "1001"}},
        {"ns3::PiServo", "ProportionalExponent", {"-11", "11"}},
        {"ns3::PiServo", "ProportionalNormMax", {"0", "-1", "1.5"}},
        {"ns3::PiServo", "IntegralScale", {"-1", "1001"}},
        {"ns3::PiServo", "IntegralExponent", {"-11", "11"}},
        {"ns3::PiServo", "IntegralNormMax", {"0", "2.5"}},
        {"ns3::LinRegServo", "Window", {"0", "3", "65"}},
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
        {"ns3::PowerLawOscillator", "Preset", anyEnum},
        {"ns3::DriftingClock", "ReadJitter", anyStream},
        {"ns3::DriftingClock", "Monotonic", anyBool},
        {"ns3::BoundedSkewClock", "Form", anyEnum},
        {"ns3::BoundedSkewClock", "Generator", anyEnum},
        {"ns3::SimulatedTsc", "BootValue", "any 64-bit counter value is a boot value"},
        {"ns3::SimulatedTsc", "Oscillator", "a Ptr<Oscillator> (ns-3 checks the type)"},
        {"ns3::CausalityStamper", "Vector", anyBool},
        {"ns3::CausalityStamper", "VectorOnWire", anyBool},
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
        {"ns3::MultiTierApplication", "ServerPort", anyPort},
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
        {"ns3::ReplayStudy", "OnWire", anyBool},
        {"ns3::ReplayStudy", "VectorOnWire", anyBool},
        {"ns3::ReplayStudy", "Poisson", anyBool},
        {"ns3::ReplayStudy", "SumCounters", anyBool},
        {"ns3::SchedulingStudy", "Atomic", anyBool},
        {"ns3::SchedulingStudy", "Persist", anyBool},
        {"ns3::InferenceStudy", "Poisson", anyBool},
        {"ns3::InferenceStudy", "TraceLookup", anyBool},
        {"ns3::RdaStudy", "BurstLoss", anyBool},
        {"ns3::RdaStudy", "Checksum", anyBool},
        {"ns3::RdaStudy", "PaperVariance", anyBool},
        {"ns3::RdaStudy", "BoundaryMatching", anyBool},
        {"ns3::RelationStudy", "WanderTerm", anyBool},
        {"ns3::RelationStudy", "BothDirections", anyBool},
        {"ns3::RelationGraphStudy", "MultiRound", anyBool},
        // PTP clock servos (model/sync)
        {"ns3::ClockServo", "RateCorrection", anyBool},
        {"ns3::PiServo", "TimestampMode", anyEnum},
        {"ns3::LinRegServo", "Adaptive", anyBool},
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
                    ObjectFactory factory(row.concrete.empty() ? row.type : row.concrete);
                    for (const auto& [name, setting] : row.context)
                    {
                        factory.Set(name, StringValue(setting));
                    }
                    Ptr<Object> object = factory.Create<Object>();
                    chronometry::SetAttributeOrReport(*object, row.attribute, value);
                    object->Initialize();
                });
                std::string onLiveObject = ErrorOf([&]() {
                    Ptr<Object> object =
                        ObjectFactory(row.concrete.empty() ? row.type : row.concrete)
                            .Create<Object>();
                    for (const auto& [name, setting] : row.context)
                    {
                        chronometry::SetAttributeOrReport(*object, name, StringValue(setting));
                    }
                    chronometry::SetAttributeOrReport(*object, row.attribute, value);
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

/** A combination of parameters a study must refuse before building anything. */
struct CombinationRow
{
    std::string study;                 //!< study name
    StudySettings settings;            //!< each valid on its own
    std::vector<std::string> mentions; //!< what the message must name
};

/**
 * Each inconsistent combination of study parameters (each value within its own range) is
 * refused by the study's Validate() naming every attribute involved; a NaN given as a typed
 * value is refused by the checker; an unknown parameter name is refused with the valid names.
 */
class StudyCombinationTestCase : public TestCase
{
  public:
    StudyCombinationTestCase()
        : TestCase("inconsistent study parameters are refused before the run, naming them")
    {
    }

  private:
    void DoRun() override
    {
        const double nan = std::numeric_limits<double>::quiet_NaN();
        const std::vector<CombinationRow> rows = {
            {"replay",
             StudySettings().Set("Interval", "300us"), // E = 1 ms is not a multiple
             {"ns3::ReplayStudy::SkewBound = 1ms", "multiple of ns3::ReplayStudy::Interval = 300us"}},
            {"replay",
             StudySettings().Set("Interval", "2ms"), // I > E
             {"ns3::ReplayStudy::Skew", "ns3::ReplayStudy::Interval = 2ms"}},
            {"replay",
             StudySettings().Set("Jitter", "5us"), // needs OnWire
             {"ns3::ReplayStudy::Jitter = 5us", "ns3::ReplayStudy::OnWire = false"}},
            {"replay",
             StudySettings().Set("Rate", DoubleValue(nan)),
             {"ns3::ReplayStudy::Rate = nan", "valid range"}},
            {"scheduling",
             StudySettings().Set("DecisionLead", "2s"), // > OperationLead (1 s)
             {"ns3::SchedulingStudy::DecisionLead = 2s", "ns3::SchedulingStudy::OperationLead"}},
            {"scheduling",
             StudySettings().Set("SendAhead", "1s"), // > DecisionLead (200 ms)
             {"ns3::SchedulingStudy::SendAhead = 1s", "ns3::SchedulingStudy::DecisionLead"}},
            {"scheduling",
             StudySettings().Set("Atomic", "true").Set("CancelLead", "50ms"), // = SendAhead
             {"ns3::SchedulingStudy::CancelLead = 50ms", "ns3::SchedulingStudy::SendAhead"}},
            {"scheduling",
             StudySettings().Set("ProbeMode", "Burst").Set("Window", "64"),
             {"ns3::SchedulingStudy::OperationLead", "ns3::SchedulingStudy::Window = 64"}},
            {"scheduling",
             StudySettings().Set("SpikeProbability", DoubleValue(nan)),
             {"ns3::SchedulingStudy::SpikeProbability = nan"}},
            {"inference",
             StudySettings().Set("FanOut", "4"), // > Backends (3)
             {"ns3::InferenceStudy::FanOut = 4", "ns3::InferenceStudy::Backends = 3"}},
            {"relation",
             StudySettings().Set("DriftPpm", DoubleValue(nan)),
             {"ns3::RelationStudy::DriftPpm = nan ppm"}},
            {"rda",
             StudySettings().Set("LossRate", DoubleValue(nan)),
             {"ns3::RdaStudy::LossRate = nan"}},
            {"rda",
             StudySettings().Set("Bogus", "1"),
             {"ns3::RdaStudy has no parameter 'Bogus'; valid: Intervals, IntervalLength"}},
            {"rda",
             StudySettings().Set("SkewBound", "50"), // a Time needs its unit
             {"SkewBound = '50' is invalid for ns3::RdaStudy::SkewBound; valid: a time"}},
            {"replay",
             StudySettings().Set("Nodes", "-3"), // not a wrapped-around huge number
             {"Nodes = '-3' is invalid for ns3::ReplayStudy::Nodes; valid: a whole number in "
              "[2, 1024]"}},
        };
        for (const auto& row : rows)
        {
            // Defaults are valid: every message comes from the combination.
            std::string defaults = ErrorOf([&]() {
                Ptr<Study> study = StudyDescription::Get(row.study).Create();
                study->Validate();
            });
            NS_TEST_EXPECT_MSG_EQ(defaults, "", row.study << ": the defaults are valid");
            std::string message = ErrorOf([&]() {
                Ptr<Study> study = StudyDescription::Get(row.study).Create();
                row.settings.Apply(study);
                study->Validate();
            });
            for (const auto& mention : row.mentions)
            {
                NS_TEST_EXPECT_MSG_NE(message.find(mention),
                                      std::string::npos,
                                      row.study << ": '" << mention << "' named (got '" << message
                                                << "')");
            }
        }
        // The runner validates before it builds: nothing ran, so the simulator is clean.
        std::string refused =
            ErrorOf([]() { StudyRunner::Run("replay", StudySettings().Set("Interval", "300us")); });
        NS_TEST_EXPECT_MSG_NE(refused.find("multiple"), std::string::npos, "the runner validates");
        NS_TEST_EXPECT_MSG_EQ(Simulator::Now(), Time(0), "nothing was scheduled");
        NS_TEST_ASSERT_MSG_GT(rows.size(), 12u, "the combination matrix is not empty");
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
        AddTestCase(new StudyCombinationTestCase, chronometry::TestDuration::QUICK);
    }
};

static BadInputMatrixTestSuite g_badInputMatrixTestSuite; //!< registers the suite

} // namespace
