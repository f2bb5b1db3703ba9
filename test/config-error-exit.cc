/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// A refused Attribute value in an ns-3 program: ns-3 ends SetAttribute, Config::SetDefault and
// ObjectFactory::Set with a refused value in NS_FATAL_ERROR; chronometry's checker has
// recorded why, and the program ends with that message and exit status 1, not an abort trace
// (scripts/check-config-error-exit.py runs each path and checks both).
//
//   chronometry-config-error-exit set|default|factory|failsafe

#include "ns3/bounded-skew-clock.h"
#include "ns3/chronometry-checkers.h"
#include "ns3/config.h"
#include "ns3/nstime.h"
#include "ns3/object-factory.h"

#include <iostream>
#include <string>

using namespace ns3;

int
main(int argc, char* argv[])
{
    chronometry::ExplainConfigErrors(); // a refused setting: its reason, exit status 1
    std::string path = argc > 1 ? argv[1] : "";
    TimeValue tooLarge(Hours(2)); // BoundedSkewClock::Bound: [1ns, 1h]
    if (path == "set")
    {
        CreateObject<BoundedSkewClock>()->SetAttribute("SkewBound", tooLarge);
    }
    else if (path == "default")
    {
        Config::SetDefault("ns3::BoundedSkewClock::Bound", tooLarge);
    }
    else if (path == "factory")
    {
        ObjectFactory factory("ns3::BoundedSkewClock");
        factory.Set("SkewBound", tooLarge);
    }
    else if (path == "failsafe")
    {
        // The caller decides: no exit, the refusal is data.
        bool set = CreateObject<BoundedSkewClock>()->SetAttributeFailSafe("SkewBound", tooLarge);
        auto refusal = chronometry::TakeLastRefusal();
        std::cout << "set=" << set << " refused=" << (refusal ? refusal->Message() : "") << "\n";
        return set || !refusal ? 2 : 0;
    }
    else
    {
        std::cerr << "usage: chronometry-config-error-exit set|default|factory|failsafe\n";
        return 2;
    }
    std::cout << "the refused value was accepted\n";
    return 3;
}
