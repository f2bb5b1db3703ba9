/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "latest-arrival-linker.h"

#include "message-linker.h"

#include "ns3/chronometry-validation.h"
#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("LatestArrivalLinker");

LatestArrivalLinker::LatestArrivalLinker(Time window, double spontaneous)
    : m_window(window),
      m_spontaneous(spontaneous)
{
    chronometry::RequireTimeInRange("LatestArrivalLinker: window (x)",
                                    window,
                                    Time::From(1),
                                    Hours(24));
    chronometry::RequireDoubleInRange("LatestArrivalLinker: spontaneous (y)",
                                      spontaneous,
                                      0,
                                      1000,
                                      "");
}

LinkingResult
LatestArrivalLinker::Link(const std::vector<TraceMessage>& trace) const
{
    NS_LOG_FUNCTION(this << trace.size());
    LinkingConfig c;
    c.window = m_window;
    c.maxCandidates = 1; // the most recent is all the rule looks at
    LinkingResult r = MessageLinker(c).Link(trace);
    r.roots.clear();
    for (uint32_t i = 0; i < r.links.size(); ++i)
    {
        auto& ml = r.links[i];
        bool link = !ml.parents.empty();
        if (link && m_spontaneous > 0)
        {
            const auto& m = trace[i];
            double d = r.meanDelay.at({m.sender, m.receiver}).GetDouble();
            // WAP5 prefers the link iff exp(-t / d) > exp(-y), i.e. t < y d.
            link = ml.parents.front().delay.GetDouble() < m_spontaneous * d;
        }
        if (link)
        {
            ml.parents.resize(1);
            ml.parents[0].weight = 1;
            ml.parents[0].probability = 1;
            ml.spontaneous = 0;
            ml.mostLikely = ml.parents[0].parent;
        }
        else
        {
            for (auto& p : ml.parents)
            {
                p.weight = 0;
                p.probability = 0;
            }
            ml.spontaneous = 1;
            ml.mostLikely = -1;
            r.roots.push_back(i);
        }
    }
    return r;
}

} // namespace ns3
