/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// ns3/chronometry-module.h compiles on its own: this file includes nothing else but
// ns3/core-module.h (as a user's script would) and uses one class of each capability's
// header group, so that a header that needs another one first fails this build.
#include "ns3/chronometry-module.h"
#include "ns3/core-module.h"

#include <iostream>

using namespace ns3;

int
main()
{
    Ptr<BoundedSkewClock> clock =
        CreateObjectWithAttributes<BoundedSkewClock>("SkewBound", TimeValue(MicroSeconds(100)));
    clock->AssignStreams(1);
    Time reading;
    Simulator::Schedule(MilliSeconds(1), [&] { reading = clock->GetLocalTime(); });
    Simulator::Run();
    Simulator::Destroy();
    Ptr<LatencyChannel> channel = CreateObject<LatencyChannel>();
    CausalityHelper causality;
    ClockHelper clocks;
    bool ok = reading >= MilliSeconds(1) && reading <= MilliSeconds(1) + MicroSeconds(100) &&
              clock->GetSkewBound() == MicroSeconds(100) && channel;
    std::cout << "ns3/chronometry-module.h alone: a BoundedSkewClock read " << reading.As(Time::US)
              << " at +1000us (E = +100us): " << (ok ? "ok" : "WRONG") << std::endl;
    return ok ? 0 : 1;
}
