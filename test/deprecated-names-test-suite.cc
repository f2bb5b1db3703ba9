/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// Issue 42: names renamed in this release still compile and run, with a deprecation warning,
// for one release.  This file uses the old names on purpose: the test runner builds it with the
// warning silenced; the CTest test `deprecated-names-warn` compiles it again without silencing
// and checks that every line marked "old name" gets its warning.

#include "ns3/causal-stamp.h"
#include "ns3/chronometry-ns3-compat.h"
#include "ns3/random-execution.h"
#include "ns3/replay-checker.h"
#include "ns3/test.h"

#include <iostream>

#ifndef CHRONOMETRY_SHOW_DEPRECATED
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#endif

namespace ns3
{
namespace
{

/**
 * `ReplayCheckerOptions::hvcEpsilon` and `CausalityConfig::hvcEpsilon` (renamed hvcSkewBound
 * in 0.2.0) read and write hvcSkewBound, in copies too, and reach the checker and the clocks.
 */
class HvcEpsilonTestCase : public TestCase
{
  public:
    HvcEpsilonTestCase()
        : TestCase("hvcEpsilon (renamed hvcSkewBound) still compiles and acts on hvcSkewBound, "
                   "in copies too, as far as the checker's verdict")
    {
    }

  private:
    void DoRun() override
    {
        ReplayCheckerOptions o;
        o.hvcEpsilon = MilliSeconds(3); // old name
        NS_TEST_EXPECT_MSG_EQ(o.hvcSkewBound, MilliSeconds(3), "written through the old name");
        const Time read = o.hvcEpsilon; // old name
        NS_TEST_EXPECT_MSG_EQ(read, MilliSeconds(3), "read through the old name");
        // The alias holds no pointer: in a copy it writes the copy's field, not the original's.
        ReplayCheckerOptions copy = o;
        copy.hvcEpsilon = MilliSeconds(5); // old name
        NS_TEST_EXPECT_MSG_EQ(copy.hvcSkewBound, MilliSeconds(5), "the copy's own field");
        NS_TEST_EXPECT_MSG_EQ(o.hvcSkewBound, MilliSeconds(3), "the original untouched");

        // A random execution whose HVC bound is set through the old name is the execution set
        // through the new one, and the checker's HVC verdicts agree; a tenth of the bound gives
        // other verdicts, so the old name does reach the clocks and the checker.
        RandomExecutionParams p;
        p.n = 8;
        p.events = 400;
        p.skewBound = MicroSeconds(500);
        p.maxDelay = MicroSeconds(800);
        p.seed = 42;
        const auto verdict = [&p](Time bound, bool oldName) {
            CausalityConfig config;
            ReplayCheckerOptions options;
            options.skewBound = p.skewBound;
            options.interval = MicroSeconds(100);
            if (oldName)
            {
                config.hvcEpsilon = bound;  // old name
                options.hvcEpsilon = bound; // old name
            }
            else
            {
                config.hvcSkewBound = bound;
                options.hvcSkewBound = bound;
            }
            const auto log = RandomExecution::Run(p, config);
            const ReplayCheckerReport r = ReplayChecker::Check(log, options);
            return std::make_pair(r.hvcOnlyIfHb.applicable, r.hvcOnlyIfHb.violations);
        };
        const auto viaOld = verdict(p.skewBound, true);
        const auto viaNew = verdict(p.skewBound, false);
        const auto tighter = verdict(p.skewBound / 10, true);
        std::cout << "[deprecated] HVC only-if pairs (applicable, violations): old name "
                  << viaOld.first << "/" << viaOld.second << ", new name " << viaNew.first << "/"
                  << viaNew.second << ", a tenth of E " << tighter.first << "/" << tighter.second
                  << std::endl;
        NS_TEST_EXPECT_MSG_EQ((viaOld == viaNew), true, "the same run through either name");
        NS_TEST_EXPECT_MSG_EQ((viaOld != tighter), true, "the old name reaches the run");
    }
};

/** \brief Suite. */
class DeprecatedNamesTestSuite : public TestSuite
{
  public:
    DeprecatedNamesTestSuite()
        : TestSuite("chronometry-deprecated-names", Type::UNIT)
    {
        AddTestCase(new HvcEpsilonTestCase, chronometry::TestDuration::QUICK);
    }
};

/** Registers the suite. */
DeprecatedNamesTestSuite g_deprecatedNamesTestSuite;

} // namespace
} // namespace ns3

#ifndef CHRONOMETRY_SHOW_DEPRECATED
#pragma GCC diagnostic pop
#endif
