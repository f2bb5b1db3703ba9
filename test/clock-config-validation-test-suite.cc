/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// Bad configuration is rejected at configuration time with a message that names
// the attribute and its valid range.  The checks run in THROW mode, so the
// validation itself is tested (no crash needed); ABORT is the default mode.
#include "expected-throw-scope.h"

#include "ns3/boolean.h"
#include "ns3/bounded-skew-clock.h"
#include "ns3/chronometry-checkers.h"
#include "ns3/chronometry-ns3-compat.h"
#include "ns3/chronometry-validation.h"
#include "ns3/clock-helper.h"
#include "ns3/config.h"
#include "ns3/constant-drift-oscillator.h"
#include "ns3/double.h"
#include "ns3/drifting-clock.h"
#include "ns3/ideal-oscillator.h"
#include "ns3/node-container.h"
#include "ns3/object-factory.h"
#include "ns3/random-walk-oscillator.h"
#include "ns3/simulated-tsc.h"
#include "ns3/string.h"
#include "ns3/test.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

using namespace ns3;

namespace
{

/** One row of the bad-input matrix. */
struct BadInput
{
    std::string type;        //!< TypeId name
    std::string attribute;   //!< attribute to set
    std::string value;       //!< invalid value, as a string
    std::string mustMention; //!< text the error must contain besides the attribute
};

/** Every validated attribute, each with out-of-range values on both sides where they exist. */
class AttributeMatrixTestCase : public TestCase
{
  public:
    AttributeMatrixTestCase()
        : TestCase("bad-input matrix: every invalid clock attribute is rejected with its range")
    {
    }

  private:
    void DoRun() override
    {
        const std::vector<BadInput> rows = {
            {"ns3::DriftingClock", "Resolution", "-1ns", "valid range: [1ns, 1s]"},
            {"ns3::DriftingClock", "Resolution", "0ns", "valid range"},
            {"ns3::DriftingClock", "Resolution", "2s", "valid range"},
            {"ns3::DriftingClock", "InitialOffset", "6000000000s", "valid range"},
            {"ns3::DriftingClock", "MaxSlewRate", "0", "(0 ppm, 100000 ppm]"},
            {"ns3::DriftingClock", "MaxSlewRate", "-5", "valid range"},
            {"ns3::DriftingClock", "MaxSlewRate", "1e6", "valid range"},
            {"ns3::ConstantDriftOscillator", "Drift", "-200000", "[-100000 ppm, 100000 ppm]"},
            {"ns3::ConstantDriftOscillator", "Drift", "1e9", "valid range"},
            {"ns3::RandomWalkOscillator", "Spread", "-1", "[0 ppm/sqrt(s), 10000 ppm/sqrt(s)]"},
            {"ns3::RandomWalkOscillator", "MaxAbsDrift", "-1", "valid range"},
            {"ns3::RandomWalkOscillator", "UpdateInterval", "0s", "valid range"},
            {"ns3::RandomWalkOscillator", "UpdateInterval", "-1s", "valid range"},
            {"ns3::RandomWalkOscillator", "InitialDrift", "300000", "valid range"},
            {"ns3::BoundedSkewClock", "SkewBound", "0s", "valid range"},
            {"ns3::BoundedSkewClock", "SkewBound", "-1ms", "valid range"},
            {"ns3::BoundedSkewClock", "SkewBound", "2h", "valid range: [1ns, 1h]"},
            {"ns3::BoundedSkewClock", "Bound", "2h", "valid range: [1ns, 1h]"}, // deprecated name
            {"ns3::SimulatedTsc", "NominalFrequency", "0", "(0 Hz, 1e+11 Hz]"},
            {"ns3::SimulatedTsc", "NominalFrequency", "-2.2e9", "valid range"},
            {"ns3::SimulatedTsc", "ReadCost", "-1ns", "valid range"},
        };
        chronometry::ScopedThrowOnConfigError throwing;
        for (const auto& row : rows)
        {
            std::string qualified = row.type + "::" + row.attribute;
            std::string what = qualified + " = " + row.value;
            ObjectFactory factory(row.type);
            Ptr<Object> object = factory.Create<Object>();
            // ns-3's checker contract: the checker returns false and the caller decides; the
            // refusal is data (attribute, value, valid range), not text to parse.
            TypeId::AttributeInformation info;
            TypeId::LookupByName(row.type).LookupAttributeByName(row.attribute, &info);
            Ptr<AttributeValue> before = info.checker->Create();
            object->GetAttribute(row.attribute, *before);
            bool set = object->SetAttributeFailSafe(row.attribute, StringValue(row.value));
            NS_TEST_EXPECT_MSG_EQ(set, false, what << ": SetAttributeFailSafe accepted it");
            Ptr<AttributeValue> after = info.checker->Create();
            object->GetAttribute(row.attribute, *after);
            NS_TEST_EXPECT_MSG_EQ(after->SerializeToString(info.checker),
                                  before->SerializeToString(info.checker),
                                  what << ": a refused value left the attribute as it was");
            std::optional<chronometry::AttributeRefusal> refusal = chronometry::TakeLastRefusal();
            NS_TEST_ASSERT_MSG_EQ(refusal.has_value(), true, what << ": no refusal recorded");
            // a deprecated name shares its successor's checker, which names the successor
            const std::string named = info.supportLevel == TypeId::SupportLevel::DEPRECATED
                                          ? row.type + "::" + info.supportMsg.substr(4)
                                          : qualified;
            NS_TEST_EXPECT_MSG_EQ(refusal->attribute, named, what << ": the refusal's attribute");
            NS_TEST_EXPECT_MSG_NE(refusal->Message().find(row.mustMention),
                                  std::string::npos,
                                  "the refusal states the valid range: " << refusal->Message());
            NS_TEST_EXPECT_MSG_EQ(Config::SetDefaultFailSafe(qualified, StringValue(row.value)),
                                  false,
                                  what << ": Config::SetDefaultFailSafe accepted it");
            // What chronometry's own code does with user input: report it by name.
            std::string message;
            std::vector<std::string> attributes;
            try
            {
                chronometry::SetAttributeOrReport(*object, row.attribute, StringValue(row.value));
            }
            catch (const chronometry::ConfigError& e)
            {
                message = e.what();
                attributes = e.GetAttributes();
            }
            NS_TEST_EXPECT_MSG_EQ(message.empty(), false, what << " was accepted");
            NS_TEST_EXPECT_MSG_NE(message.find(qualified),
                                  std::string::npos,
                                  "message names the attribute: " << message);
            NS_TEST_EXPECT_MSG_NE(message.find(row.mustMention),
                                  std::string::npos,
                                  "message states the valid range: " << message);
            NS_TEST_EXPECT_MSG_EQ((attributes == std::vector<std::string>{qualified}),
                                  true,
                                  what << ": the error names the attribute as data");
        }
    }
};

/** Inconsistent combinations and valid edge values. */
class CombinationsTestCase : public TestCase
{
  public:
    CombinationsTestCase()
        : TestCase("inconsistent combinations rejected; valid edge values accepted")
    {
    }

  private:
    void DoRun() override
    {
        chronometry::ScopedThrowOnConfigError throwing;
        auto rejects = [](const std::function<void()>& f, const std::string& mention) {
            try
            {
                f();
            }
            catch (const chronometry::ConfigError& e)
            {
                return std::string(e.what()).find(mention) != std::string::npos;
            }
            return false;
        };
        // |InitialDrift| above MaxAbsDrift, in either order of setting.
        NS_TEST_ASSERT_MSG_EQ(rejects(
                                  [] {
                                      CreateObjectWithAttributes<RandomWalkOscillator>(
                                          "InitialDrift",
                                          DoubleValue(30),
                                          "MaxAbsDrift",
                                          DoubleValue(20));
                                  },
                                  "MaxAbsDrift"),
                              true,
                              "bound below the initial drift");
        NS_TEST_ASSERT_MSG_EQ(rejects(
                                  [] {
                                      auto w = CreateObjectWithAttributes<RandomWalkOscillator>(
                                          "MaxAbsDrift",
                                          DoubleValue(20));
                                      w->SetAttribute("InitialDrift", DoubleValue(-30));
                                  },
                                  "InitialDrift"),
                              true,
                              "initial drift beyond the bound");
        // An ideal oscillator cannot be given a drift by a helper.
        NS_TEST_ASSERT_MSG_EQ(rejects(
                                  [] {
                                      NodeContainer nodes;
                                      nodes.Create(1);
                                      ClockHelper helper;
                                      helper.SetOscillator("ns3::IdealOscillator");
                                      auto drift = CreateObject<ConstantRandomVariable>();
                                      drift->SetAttribute("Constant", DoubleValue(10));
                                      helper.SetDrift(drift);
                                      helper.Install(nodes);
                                  },
                                  "IdealOscillator"),
                              true,
                              "drift on an ideal oscillator");
        // Offsets make no sense for a bounded-skew clock.
        NS_TEST_ASSERT_MSG_EQ(rejects(
                                  [] {
                                      NodeContainer nodes;
                                      nodes.Create(1);
                                      ClockHelper helper;
                                      helper.SetClock("ns3::BoundedSkewClock");
                                      helper.SetOffset(CreateObject<ConstantRandomVariable>());
                                      helper.Install(nodes);
                                  },
                                  "DriftingClock only"),
                              true,
                              "offset on a bounded-skew clock");

        // Edge values inside the ranges are accepted.
        CreateObjectWithAttributes<DriftingClock>("Resolution",
                                                  TimeValue(Seconds(1)),
                                                  "MaxSlewRate",
                                                  DoubleValue(1e5));
        CreateObjectWithAttributes<ConstantDriftOscillator>("Drift", DoubleValue(-1e5));
        CreateObjectWithAttributes<BoundedSkewClock>("SkewBound", TimeValue(NanoSeconds(1)));
        CreateObjectWithAttributes<SimulatedTsc>("NominalFrequency", DoubleValue(1e11));
        NS_TEST_ASSERT_MSG_EQ(static_cast<int>(chronometry::GetValidationMode()),
                              static_cast<int>(chronometry::ValidationMode::THROW),
                              "still throwing inside the scope");
    }
};

} // namespace

/** \ingroup chronometry-tests Configuration validation. */
class ClockConfigValidationTestSuite : public TestSuite
{
  public:
    ClockConfigValidationTestSuite()
        : TestSuite("chronometry-clock-config-validation", Type::UNIT)
    {
        AddTestCase(new AttributeMatrixTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new CombinationsTestCase, chronometry::TestDuration::QUICK);
    }
};

/** Static instance. */
static ClockConfigValidationTestSuite g_clockConfigValidationTestSuite;
