# -*- Mode: python; py-indent-offset: 4; indent-tabs-mode: nil; coding: utf-8; -*-
# waf build for ns-3 <= 3.35 (place this folder at contrib/chronometry or src/chronometry).
# The file lists must match CMakeLists.txt; scripts/check-build-lists.py checks that.


def build(bld):
    module = bld.create_ns3_module('chronometry', ['core', 'network', 'internet', 'csma', 'point-to-point', 'applications', 'flow-monitor'])
    module.source = [
        'model/common/chronometry-validation.cc',
        'model/clock/clock-timeline.cc',
        'model/clock/drift-math.cc',
        'model/clock/oscillator.cc',
        'model/clock/local-clock.cc',
        'model/clock/drifting-clock.cc',
        'model/clock/bounded-skew-clock.cc',
        'model/clock/simulated-tsc.cc',
        'helper/clock-helper.cc',
        'model/causality/causal-order.cc',
        'model/causality/logical-clocks.cc',
        'model/causality/hybrid-vector-clock.cc',
        'model/causality/replay-clock.cc',
        'model/causality/causal-process.cc',
        'model/causality/replay-checker.cc',
        'model/causality/random-execution.cc',
        'model/causality/causality-tag.cc',
        'model/causality/causality-header.cc',
        'model/causality/causality-export.cc',
        'model/causality/causality-stamper.cc',
        'helper/causality-helper.cc',
        'model/causality/replay-workload-application.cc',
        'model/causality/udp-send-jitter.cc',
        'helper/replay-study.cc',
        'model/latency/rda-sketch.cc',
    ]

    module_test = bld.create_ns3_module_test_library('chronometry')
    module_test.source = [
        'test/clock-timeline-test-suite.cc',
        'test/drifting-clock-test-suite.cc',
        'test/random-walk-oscillator-test-suite.cc',
        'test/bounded-skew-clock-test-suite.cc',
        'test/simulated-tsc-test-suite.cc',
        'test/clock-helper-test-suite.cc',
        'test/clock-config-validation-test-suite.cc',
        'test/causality-clocks-test-suite.cc',
        'test/causality-stamping-test-suite.cc',
        'test/replay-study-test-suite.cc',
        'test/rda-sketch-test-suite.cc',
    ]

    headers = bld(features='ns3header')
    headers.module = 'chronometry'
    headers.source = [
        'model/common/chronometry-validation.h',
        'model/clock/clock-timeline.h',
        'model/clock/drift-math.h',
        'model/clock/oscillator.h',
        'model/clock/local-clock.h',
        'model/clock/drifting-clock.h',
        'model/clock/bounded-skew-clock.h',
        'model/clock/simulated-tsc.h',
        'helper/clock-helper.h',
        'model/causality/causal-order.h',
        'model/causality/logical-clocks.h',
        'model/causality/hybrid-vector-clock.h',
        'model/causality/replay-clock.h',
        'model/causality/causal-process.h',
        'model/causality/replay-checker.h',
        'model/causality/random-execution.h',
        'model/causality/causality-tag.h',
        'model/causality/causality-header.h',
        'model/causality/causality-export.h',
        'model/causality/causality-stamper.h',
        'helper/causality-helper.h',
        'model/causality/replay-workload-application.h',
        'model/causality/udp-send-jitter.h',
        'helper/replay-study.h',
        'model/latency/rda-sketch.h',
    ]

    module.env.append_value('CXXFLAGS', ['-std=c++17'])

    if bld.env.ENABLE_EXAMPLES:
        bld.recurse('examples')
