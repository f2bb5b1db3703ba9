/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef STUDY_SYNC_H
#define STUDY_SYNC_H

#include "sync-installer.h"

#include "ns3/ipv4-interface-container.h"
#include "ns3/node-container.h"
#include "ns3/nstime.h"
#include "ns3/ntp-clock-discipline.h"
#include "ns3/ptp-clock.h"
#include "ns3/study-record.h"
#include "ns3/study.h"

#include <string>

namespace ns3
{

class StudyResult;
class StudyStreams;

template <typename C>
StudyDeclaration<C>&
StudyDeclaration<C>::Sync(const std::string& help, const std::string& initial)
{
    using C_ = StudyCsvColumn;
    std::string C::*member = &Study::m_sync;
    // The choice and the protocols' defaults, stated here once for every study. The defaults
    // are the studies' scenario, not the models' (PtpClock, NtpClockDiscipline keep theirs):
    // 8 Syncs a second and polls of 16 to 64 s, so that a run of seconds to minutes locks.
    return Parameter("Sync",
                     help,
                     member,
                     initial,
                     chronometry::MakeStringChoiceChecker({"none", "ptp", "ntp", "sntp"}))
        .template Forward<PtpClock>("SyncInterval", TimeValue(MilliSeconds(125)), C_::In(Time::MS))
        .template Forward<PtpClock>("AnnounceInterval",
                                    TimeValue(MilliSeconds(250)),
                                    C_::In(Time::MS))
        .template Forward<PtpClock>("MinDelayReqInterval",
                                    TimeValue(MilliSeconds(125)),
                                    C_::In(Time::MS))
        // linuxptp's hybrid_e2e: on a shared segment multicast delay requests reach every NIC
        // (n^2 receptions per interval); the studies default to unicast.
        .template Forward<PtpClock>("UnicastDelayRequests", BooleanValue(true))
        .template Forward<NtpClockDiscipline>("MinPoll", UintegerValue(4))
        .template Forward<NtpClockDiscipline>("MaxPoll", UintegerValue(6));
}

/**
 * \ingroup chronometry
 * \param schema a study's summary fields
 * \param window when the truth is sampled ("the whole run")
 * \return them followed by the delivered E of its Sync: sync_skew_p50_ns, sync_skew_p99_ns,
 *         sync_skew_max_ns (StudySync::Report)
 */
StudySchema WithSyncSkewFields(StudySchema schema, const std::string& window = "the whole run");

/**
 * \ingroup chronometry
 * A study's clock source (its Sync parameter, StudyDeclaration::Sync) on the study's own
 * nodes: PTP (InstallSyncPtp: host 0 the grandmaster, the others slaves, hardware time
 * stamps, PI servo, no transparent clock) or NTP (InstallSyncNtp: host 0 a stratum-1
 * NtpServer, or hosts 0 .. ntpServers - 1, the others their NtpClients), steering the hosts'
 * DriftingClocks; the truth of what it delivers sampled by a SyncTruthSampler (every clock read at
 * the same true instants every 10 ms over the study's window, E = max pairwise |offset|,
 * convergence included).
 */
class StudySync
{
  public:
    /**
     * Install the study's Sync (no protocol with Sync none) and start the truth.
     * \param study the study (its Sync and forwarded protocol settings)
     * \param hosts the synchronized nodes, host 0 the reference (grandmaster, NTP server)
     * \param addresses per host: the address the protocol reaches it at (NTP: the server's)
     * \param start the first instant the truth samples (true time)
     * \param stop the last
     * \param streams the run's stream allocator
     * \param next the first free stream
     * \param ntpServers Sync ntp: hosts 0 .. ntpServers - 1 are stratum-1 NtpServers, the
     *        others clients of all of them (their clocks are the caller's: give them a
     *        reference when there are several)
     * \return the next free stream
     */
    int64_t Install(const Study& study,
                    const NodeContainer& hosts,
                    const Ipv4InterfaceContainer& addresses,
                    Time start,
                    Time stop,
                    StudyStreams& streams,
                    int64_t next,
                    uint32_t ntpServers = 1);

    /** \return the truth (with Sync none: the free-running clocks') */
    const SyncTruthSampler& GetTruth() const;

    /**
     * Set the WithSyncSkewFields fields (Sync none: the free-running clocks' E).
     * \param result the run's result
     */
    void Report(StudyResult& result) const;

  private:
    SyncTruthSampler m_truth; //!< the delivered E
};

} // namespace ns3

#endif /* STUDY_SYNC_H */
