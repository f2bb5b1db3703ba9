/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// Issue 42: the settings several studies share are declared once (the sync choice and its
// protocols' defaults, LossRate, the servo as a TypeId), and the old names still work,
// deprecated.

#include "expected-throw-scope.h"

#include "ns3/chronometry-checkers.h"
#include "ns3/chronometry-ns3-compat.h"
#include "ns3/chronometry-validation.h"
#include "ns3/error-model.h"
#include "ns3/packet-loss.h"
#include "ns3/packet.h"
#include "ns3/skew-bound.h"
#include "ns3/study-description.h"
#include "ns3/study-runner.h"
#include "ns3/sync-installer.h"
#include "ns3/test.h"

#include <iostream>
#include <map>
#include <sstream>
#include <string>

namespace ns3
{
namespace
{

/**
 * \param s settings (on a 3-host star)
 * \param duration simulated time
 * \param warmup scored after this
 * \return the sync study's result
 */
StudyResult
RunShortSync(StudySettings s, const std::string& duration = "3s", const std::string& warmup = "1s")
{
    return StudyRunner::Run("sync",
                            s.Set("Nodes", "3").Set("Duration", duration).Set("Warmup", warmup));
}

/**
 * \param s settings
 * \return the configuration error a run refuses them with ("" if it runs)
 */
std::string
Refusal(const StudySettings& s)
{
    chronometry::ScopedThrowOnConfigError throwing;
    chronometry::test::ExpectedThrowScope scope;
    try
    {
        RunShortSync(s);
    }
    catch (const chronometry::ConfigError& e)
    {
        return e.what();
    }
    return "";
}

/** Captures std::cerr while it lives. */
class CerrCapture
{
  public:
    CerrCapture()
        : m_old(std::cerr.rdbuf(m_text.rdbuf()))
    {
    }

    ~CerrCapture()
    {
        std::cerr.rdbuf(m_old);
    }

    /** \return what was written */
    std::string Text() const
    {
        return m_text.str();
    }

  private:
    std::ostringstream m_text; //!< the capture
    std::streambuf* m_old;     //!< std::cerr's own buffer
};

} // namespace

/**
 * The sync study's Servo names a ClockServo TypeId, created through ObjectFactory: the valid
 * list is the registry's, an unknown name is refused with it (never a silent SetTimeServo),
 * and the former short names are deprecated aliases of the same servos.
 */
class ServoTypeIdTestCase : public TestCase
{
  public:
    ServoTypeIdTestCase()
        : TestCase("Servo: a ClockServo TypeId; unknown names refused with the list; pi, "
                   "linreg, settime deprecated aliases")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<const AttributeChecker> checker = MakeSyncServoChecker();
        NS_TEST_EXPECT_MSG_EQ(chronometry::DescribeRangeOf(checker),
                              "ns3::LinRegServo, ns3::PiServo, ns3::SetTimeServo",
                              "the valid servos: every ClockServo with a constructor");
        for (const std::string bad : {"pid", "ns3::ClockServo", "ns3::PtpClock", "PiServo"})
        {
            const std::string msg = Refusal(StudySettings().Set("Servo", bad));
            NS_TEST_EXPECT_MSG_EQ(msg,
                                  "ns3::SyncStudy::Servo = '" + bad +
                                      "' is invalid; valid values: ns3::LinRegServo, "
                                      "ns3::PiServo, ns3::SetTimeServo",
                                  bad << " is refused when set, with the list");
        }
        std::string note;
        {
            CerrCapture capture;
            NS_TEST_EXPECT_MSG_EQ(chronometry::ResolveTypeIdChoice(checker, "linreg"),
                                  TypeId::LookupByName("ns3::LinRegServo"),
                                  "linreg: LinRegServo");
            note = capture.Text();
        }
        NS_TEST_EXPECT_MSG_EQ(note,
                              "chronometry: ns3::SyncStudy::Servo = linreg is deprecated; use "
                              "ns3::LinRegServo (the same choice)\n",
                              "the old name is noted as deprecated");
        NS_TEST_EXPECT_MSG_EQ(chronometry::ResolveTypeIdChoice(checker, "ns3::PiServo"),
                              TypeId::LookupByName("ns3::PiServo"),
                              "a TypeId name is itself");

        // The alias runs the same servo, sample for sample; another servo differs.
        std::map<std::string, double> p99;
        for (const std::string servo : {"settime", "ns3::SetTimeServo", "ns3::PiServo"})
        {
            CerrCapture capture; // the deprecation note
            p99[servo] = RunShortSync(StudySettings().Set("Servo", servo), "10s", "5s")
                             .Get<double>("skew_p99_ns");
            std::cout << "[shared-settings] Servo=" << servo << ": E p99 " << p99[servo] << " ns"
                      << std::endl;
        }
        NS_TEST_EXPECT_MSG_EQ(p99["settime"], p99["ns3::SetTimeServo"], "settime is SetTimeServo");
        NS_TEST_EXPECT_MSG_GT(p99["ns3::SetTimeServo"],
                              2 * p99["ns3::PiServo"],
                              "stepping to every sample keeps drift x interval, PI far less");
    }
};

/**
 * One name, one set of values and one set of protocol defaults for the clock source in every
 * study (StudyDeclaration::Sync); the sync study's former Protocol still sets it.
 */
class SyncChoiceTestCase : public TestCase
{
  public:
    SyncChoiceTestCase()
        : TestCase("Sync: one name, values and protocol defaults in every study; Protocol "
                   "deprecated")
    {
    }

  private:
    void DoRun() override
    {
        const std::vector<std::string> forwarded = {"SyncInterval",
                                                    "AnnounceInterval",
                                                    "MinDelayReqInterval",
                                                    "UnicastDelayRequests",
                                                    "MinPoll",
                                                    "MaxPoll"};
        std::map<std::string, std::string> firstDefault;
        uint32_t studies = 0;
        for (const auto& name : StudyDescription::GetNames())
        {
            const StudyDescription& d = StudyDescription::Get(name);
            NS_TEST_EXPECT_MSG_EQ(
                (d.FindParameter("Protocol") == nullptr || d.RenamedFrom("Protocol") == "Sync"),
                true,
                name << ": Protocol is only Sync's old name");
            const StudyParameter* sync = d.FindParameter("Sync");
            if (sync == nullptr)
            {
                continue;
            }
            ++studies;
            NS_TEST_EXPECT_MSG_EQ(d.GetRange(*sync), "none, ptp, ntp, sntp", name);
            const std::string expected = name == "sync" ? "ptp" : "none";
            NS_TEST_EXPECT_MSG_EQ(d.GetDefaultText(*sync),
                                  expected,
                                  name << ": the sync study synchronizes by default");
            for (const auto& f : forwarded)
            {
                const StudyParameter* p = d.FindParameter(f);
                NS_TEST_ASSERT_MSG_NE(p, nullptr, name << " forwards " << f << " with Sync");
                const std::string text = d.GetDefaultText(*p);
                firstDefault.emplace(f, text);
                NS_TEST_EXPECT_MSG_EQ(text, firstDefault[f], name << ": " << f << "'s default");
            }
        }
        NS_TEST_EXPECT_MSG_GT(studies, 3U, "replay, rda, scheduling and sync declare Sync");
        NS_TEST_EXPECT_MSG_EQ(firstDefault["SyncInterval"], "125ms", "the studies' PTP rate");

        StudyResult current = RunShortSync(StudySettings().Set("Sync", "none"));
        CerrCapture capture; // the deprecation note
        StudyResult old = RunShortSync(StudySettings().Set("Protocol", "none"));
        NS_TEST_EXPECT_MSG_NE(
            capture.Text().find("ns3::SyncStudy::Protocol is deprecated; use Sync"),
            std::string::npos,
            "the old name is noted: " << capture.Text());
        NS_TEST_EXPECT_MSG_EQ(old.GetParameters().Get<std::string>("sync"),
                              "none",
                              "Protocol sets Sync");
        NS_TEST_EXPECT_MSG_EQ(old.Get<double>("skew_max_ns"),
                              current.Get<double>("skew_max_ns"),
                              "the same run");
        NS_TEST_EXPECT_MSG_GT(old.Get<double>("skew_max_ns"),
                              RunShortSync(StudySettings()).Get<double>("skew_max_ns"),
                              "and not the default's (PTP)");
    }
};

/**
 * LossRate: one range and help for every study that loses packets, and one error model,
 * which loses packets (not bytes) at its rate.
 */
class LossRateTestCase : public TestCase
{
  public:
    LossRateTestCase()
        : TestCase("LossRate: one declaration; the error model drops packets at its rate")
    {
    }

  private:
    void DoRun() override
    {
        const std::string helpStart = LossRateHelp("").substr(0, 40);
        uint32_t studies = 0;
        for (const auto& name : StudyDescription::GetNames())
        {
            const StudyDescription& d = StudyDescription::Get(name);
            const StudyParameter* p = d.FindParameter("LossRate");
            if (p == nullptr)
            {
                continue;
            }
            ++studies;
            NS_TEST_EXPECT_MSG_EQ(d.GetRange(*p), "[0, 0.9]", name << ": LossRate's range");
            NS_TEST_EXPECT_MSG_EQ(d.GetAttributeInformation(*p).help.substr(0, 40),
                                  helpStart,
                                  name << ": LossRate's help");
        }
        NS_TEST_EXPECT_MSG_EQ(studies, 3U, "rda, scheduling and sync lose packets");

        Ptr<RateErrorModel> model = CreatePacketLossModel(0.3);
        model->AssignStreams(7);
        uint32_t lost = 0;
        const uint32_t n = 20000;
        for (uint32_t i = 0; i < n; ++i)
        {
            lost += model->IsCorrupt(Create<Packet>(200)) ? 1 : 0;
        }
        // 3 sigma of a binomial(20000, 0.3) is 194 packets; a byte unit would lose nearly all.
        NS_TEST_EXPECT_MSG_EQ_TOL(lost, 6000U, 200U, "30% of the packets");
    }
};

/**
 * SkewBound: one range for E wherever it is set (the models' Attributes and every study's
 * parameter), and one "multiple of Interval" rule.
 */
class SkewBoundTestCase : public TestCase
{
  public:
    SkewBoundTestCase()
        : TestCase("SkewBound: one range for E in every model and study; one Interval rule")
    {
    }

  private:
    void DoRun() override
    {
        const std::string upper = chronometry::DescribeRangeOf(MakeSkewBoundChecker(true));
        NS_TEST_EXPECT_MSG_EQ(upper.substr(0, 4), "[0ns", "0: no bound given");
        const std::string top = upper.substr(upper.find(','));
        uint32_t declared = 0;
        for (const auto& name : StudyDescription::GetNames())
        {
            const StudyDescription& d = StudyDescription::Get(name);
            const StudyParameter* p = d.FindParameter("SkewBound");
            if (p == nullptr || p->attribute != "SkewBound")
            {
                continue;
            }
            ++declared;
            const std::string range = d.GetRange(*p);
            NS_TEST_EXPECT_MSG_EQ(range.substr(range.find(',')), top, name << ": E's range");
            NS_TEST_EXPECT_MSG_EQ(d.GetAttributeInformation(*p).help.substr(0, 20),
                                  SkewBoundHelp("").substr(0, 20),
                                  name << ": E's help");
        }
        NS_TEST_EXPECT_MSG_EQ(declared, 4U, "replay, inference, scheduling, rda");
        for (const std::string model : {"ns3::BoundedSkewClock", "ns3::CausalityStamper"})
        {
            TypeId::AttributeInformation info;
            TypeId::LookupByName(model).LookupAttributeByName("SkewBound", &info);
            const std::string range = chronometry::DescribeRangeOf(info.checker);
            NS_TEST_EXPECT_MSG_EQ(range.substr(range.find(',')), top, model);
        }
        // E = k x Interval, k in [1, 2^20]
        NS_TEST_EXPECT_MSG_EQ(IsSkewBoundMultiple(MilliSeconds(1), MicroSeconds(100)),
                              true,
                              "10 I");
        NS_TEST_EXPECT_MSG_EQ(IsSkewBoundMultiple(MicroSeconds(250), MicroSeconds(100)),
                              false,
                              "2.5 I");
        NS_TEST_EXPECT_MSG_EQ(IsSkewBoundMultiple(MicroSeconds(50), MicroSeconds(100)),
                              false,
                              "E < I");
        NS_TEST_EXPECT_MSG_EQ(IsSkewBoundMultiple(MilliSeconds(1), Time(0)), false, "I = 0");
        NS_TEST_EXPECT_MSG_EQ(IsSkewBoundMultiple(NanoSeconds(MAX_EPSILON), NanoSeconds(1)),
                              true,
                              "k = 2^20");
        NS_TEST_EXPECT_MSG_EQ(IsSkewBoundMultiple(NanoSeconds(MAX_EPSILON + 1), NanoSeconds(1)),
                              false,
                              "k = 2^20 + 1");
    }
};

/** Issue 42's shared settings. */
class SharedSettingsTestSuite : public TestSuite
{
  public:
    SharedSettingsTestSuite()
        : TestSuite("chronometry-shared-settings", Type::UNIT)
    {
        AddTestCase(new ServoTypeIdTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new SyncChoiceTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new LossRateTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new SkewBoundTestCase, chronometry::TestDuration::QUICK);
    }
};

/** The suite's instance. */
static SharedSettingsTestSuite g_sharedSettingsTestSuite;

} // namespace ns3
