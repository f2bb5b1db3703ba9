/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "study-sync.h"

#include "ns3/local-clock.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/simulator.h"
#include "ns3/study-result.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("StudySync");

StudySchema
WithSyncSkewFields(StudySchema schema, const std::string& window)
{
    return schema
        .Real("sync_skew_p50_ns",
              "ns",
              "The delivered E (max pairwise |clock offset|, every "
              "clock read at the same true instants every 10 ms over " +
                  window + "; Sync none: the free-running clocks'): median")
        .Real("sync_skew_p99_ns", "ns", "99th percentile")
        .Real("sync_skew_max_ns", "ns", "maximum");
}

int64_t
StudySync::Install(const Study& study,
                   const NodeContainer& hosts,
                   const Ipv4InterfaceContainer& addresses,
                   Time start,
                   Time stop,
                   StudyStreams& streams,
                   int64_t next,
                   uint32_t ntpServers)
{
    NS_LOG_FUNCTION(this << study.GetSync() << hosts.GetN() << start << stop);
    SyncNetwork net;
    net.hosts = hosts;
    net.addresses = addresses;
    std::vector<Ptr<LocalClock>> clocks;
    for (uint32_t i = 0; i < hosts.GetN(); ++i)
    {
        clocks.push_back(hosts.Get(i)->GetObject<LocalClock>());
    }
    // Sync none installs no protocol, but its E is measured all the same (the free-running
    // clocks' E, not a 0 that would read as perfect synchronization).
    if (study.GetSync() == "ptp")
    {
        SyncPtpPlacement placement;
        placement.timestampMode = "Hardware";
        placement.transparent = false;
        InstallSyncPtp(study, net, placement, streams, next);
    }
    else if (study.GetSync() != "none")
    {
        SyncNtpPlacement placement;
        placement.servers = ntpServers;
        placement.sntp = study.GetSync() == "sntp";
        InstallSyncNtp(study, net, placement, streams, next);
    }
    // The sampler's grid starts when Start is called: at true time start.
    if (start.IsZero())
    {
        m_truth.Start(clocks, MilliSeconds(10), stop);
    }
    else
    {
        Simulator::Schedule(start, [this, clocks, stop]() {
            m_truth.Start(clocks, MilliSeconds(10), stop);
        });
    }
    return next;
}

const SyncTruthSampler&
StudySync::GetTruth() const
{
    return m_truth;
}

void
StudySync::Report(StudyResult& result) const
{
    const std::vector<double>& skew = m_truth.GetSkew();
    result.Set("sync_skew_p50_ns", SyncQuantile(skew, 0.5));
    result.Set("sync_skew_p99_ns", SyncQuantile(skew, 0.99));
    result.Set("sync_skew_max_ns", SyncQuantile(skew, 1.0));
}

} // namespace ns3
