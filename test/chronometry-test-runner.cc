/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// Standalone test runner: the chronometry suites are compiled into this
// executable and run through ns-3's own TestRunner, so the command line is the
// same as ns-3's test-runner (--list, --suite=NAME, --verbose, ...).
#include "ns3/test.h"

int
main(int argc, char** argv)
{
    return ns3::TestRunner::Run(argc, argv);
}
