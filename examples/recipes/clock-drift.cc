/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// Recipe: give each node's clock its own drift and offset, either one value per node or drawn
// from a random variable; read a clock, schedule an event in its local time, slew it.
//
// The program checks what it shows against the simulator's true time (Simulator::Now()): every
// node's measured drift equals its configured one within 1e-9 (0.001 ppm), every offset is the
// reading at true time 0, and the event runs when node 3's clock reads 10 s, slew included.
// The README ("Using it") and the manual ("Recipes") show the regions between the [recipe ...]
// markers, copied from this file (the test readme-recipes checks the README's copy).
//
//   recipe-clock-drift

#include "ns3/chronometry-checkers.h"
#include "ns3/chronometry-module.h"
#include "ns3/core-module.h"
#include "ns3/network-module.h"

#include <algorithm>
#include <cmath>
#include <iostream>
#include <vector>

using namespace ns3;

int
main(int argc, char* argv[])
{
    chronometry::ExplainConfigErrors(); // a refused setting: its reason, exit status 1
    CommandLine cmd(__FILE__);
    cmd.Parse(argc, argv);

    // [recipe fixed-drift]
    // One value per node: element i goes to the i-th node of the container given to Install.
    NodeContainer nodes;
    nodes.Create(4);
    ClockHelper clocks;                   // DriftingClock + ConstantDriftOscillator
    clocks.SetDriftPpm({-20, 0, 15, 40}); // parts per million: +15 gains 15 us per second
    clocks.SetOffset({MicroSeconds(-250), Time(0), MicroSeconds(100), MilliSeconds(1)});
    clocks.Install(nodes); // refused unless 4 values for 4 nodes
    // [/recipe fixed-drift]

    // [recipe random-drift]
    // Drawn per node: Install samples each random variable once per node, in node order.
    NodeContainer more;
    more.Create(64);
    Ptr<UniformRandomVariable> driftPpm = CreateObject<UniformRandomVariable>();
    driftPpm->SetAttribute("Min", DoubleValue(-50)); // drift uniform in [-50, 50] ppm
    driftPpm->SetAttribute("Max", DoubleValue(50));
    driftPpm->SetStream(1); // fixed draws (else they follow RngSeed / RngRun)
    Ptr<UniformRandomVariable> offsetNs = CreateObject<UniformRandomVariable>();
    offsetNs->SetAttribute("Min", DoubleValue(-500e3)); // offset uniform in [-E/2, E/2] for
    offsetNs->SetAttribute("Max", DoubleValue(500e3));  // E = 1 ms, in nanoseconds
    offsetNs->SetStream(2);
    ClockHelper drawn;
    drawn.SetDrift(driftPpm);
    drawn.SetOffset(offsetNs);
    drawn.Install(more);
    drawn.AssignStreams(more, 100); // the clocks' own draws (jitter, random walks), if any
    // [/recipe random-drift]

    // What Install set, and the offsets: every reading at true time 0.
    bool ok = true;
    const std::vector<double> configuredPpm{-20, 0, 15, 40};
    const std::vector<Time> configuredOffset{MicroSeconds(-250),
                                             Time(0),
                                             MicroSeconds(100),
                                             MilliSeconds(1)};
    NodeContainer all(nodes, more);
    std::vector<double> expected(all.GetN());
    for (uint32_t i = 0; i < all.GetN(); ++i)
    {
        Ptr<DriftingClock> clock = all.Get(i)->GetObject<DriftingClock>();
        expected[i] = clock->GetOscillator()->GetDriftAt(Time(0)); // a fraction
        const Time offset = clock->GetLocalTime();
        if (i < nodes.GetN())
        {
            ok &= std::abs(expected[i] - configuredPpm[i] * 1e-6) <= 1e-12;
            ok &= offset == configuredOffset[i];
        }
        else
        {
            ok &= std::abs(expected[i]) <= 50e-6 && Abs(offset) <= MicroSeconds(500);
        }
    }

    // [recipe read-clock]
    Ptr<LocalClock> clock = nodes.Get(3)->GetObject<LocalClock>();
    Time local = clock->GetLocalTime(); // what software on node 3 reads (now: its offset)
    Time readAt;                        // set when the event runs
    clock->ScheduleAtLocal(Seconds(10), [&] { readAt = clock->GetLocalTime(); }); // at local 10 s
    DynamicCast<DriftingClock>(clock)->Slew(MicroSeconds(-250)); // the event is re-planned
    // [/recipe read-clock]

    // Each clock's drift against true time: two readings 100 s apart (the slew of node 3, at
    // 500 ppm, is over after 0.5 s).
    const Time first = Seconds(1);
    const Time gap = Seconds(100);
    std::vector<Time> before(all.GetN());
    std::vector<double> measured(all.GetN());
    for (uint32_t i = 0; i < all.GetN(); ++i)
    {
        Ptr<LocalClock> c = all.Get(i)->GetObject<LocalClock>();
        Simulator::Schedule(first, [c, &before, i] { before[i] = c->GetLocalTime(); });
        Simulator::Schedule(first + gap, [c, &before, &measured, i, gap] {
            measured[i] = (c->GetLocalTime() - before[i] - gap).GetSeconds() / gap.GetSeconds();
        });
    }
    Simulator::Stop(first + gap + Seconds(1));
    Simulator::Run();

    double worst = 0;
    for (uint32_t i = 0; i < all.GetN(); ++i)
    {
        worst = std::max(worst, std::abs(measured[i] - expected[i]));
        if (i < nodes.GetN())
        {
            std::cout << "node " << i << ": configured " << configuredPpm[i] << " ppm, measured "
                      << measured[i] * 1e6 << " ppm, offset " << configuredOffset[i].As(Time::US)
                      << "\n";
        }
    }
    ok &= worst <= 1e-9;
    // Readings are whole nanoseconds: the first reading at or after local 10 s.
    ok &= readAt >= Seconds(10) && readAt <= Seconds(10) + NanoSeconds(1);
    ok &= local == MilliSeconds(1);
    std::cout << "drift against Simulator::Now() over 100 s, " << all.GetN()
              << " nodes: largest error " << worst * 1e6 << " ppm (limit 0.001 ppm)\n"
              << "node 3 read " << local.As(Time::MS) << " at true time 0; its event at local 10 s "
              << "ran when it read " << readAt.As(Time::S) << " (after a -250 us slew)\n";
    Simulator::Destroy();

    std::cout << "recipe-clock-drift: "
              << (ok ? "every clock runs as configured"
                     : "FAILED: a clock differs from its configuration")
              << std::endl;
    return ok ? 0 : 1;
}
