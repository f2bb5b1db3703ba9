/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SYNC_INSTALLER_H
#define SYNC_INSTALLER_H

#include "sync-network.h"

#include "ns3/application-container.h"
#include "ns3/callback.h"
#include "ns3/local-clock.h"
#include "ns3/nstime.h"
#include "ns3/ptp-clock.h"
#include "ns3/study.h"

#include <string>
#include <vector>

namespace ns3
{

class StudyStreams;

/** \ingroup chronometry How PTP runs on a SyncNetwork (InstallSyncPtp). */
struct SyncPtpPlacement
{
    std::string servo{"ns3::PiServo"}; //!< a ClockServo TypeId name (MakeSyncServoChecker)
    std::string timestampMode;         //!< the PiServo's TimestampMode (the PtpClock's)
    bool transparent{true};            //!< transparent clocks in the switches
    bool boundary{false};              //!< boundary clocks in the switches (before transparent)
    Time grandmasterFailure{0};        //!< host 0 stops then, host 1 the backup (0: never)
    Time timestampNoise{0};            //!< normal noise on hardware time stamps: std dev (0: none)
    Time hostDelay{0};                 //!< exponential software time stamping delay: mean (0: none)
    PtpStampAblation ablation;         //!< stamp error sources switched off (every clock's)
};

/** \ingroup chronometry How NTP runs on a SyncNetwork (InstallSyncNtp). */
struct SyncNtpPlacement
{
    uint32_t servers{3};  //!< hosts 0 .. servers - 1 are stratum-1 NtpServers
    bool sntp{false};     //!< the clients are SNTP (they ask host 0 only)
    Time liar{0};         //!< host 0 serves its clock plus this (a falseticker; 0: honest)
    Time liarFrom{0};     //!< from this time on (0: from the start)
    Time serverLoss{0};   //!< server 1 stops answering then (a lost upstream; 0: never)
    uint32_t stratum2{0}; //!< the next hosts: Mode Ntp clients of the servers that serve
                          //!< (stratum 2); the other clients then ask them only
    Time rateLimit{0};    //!< host 0 answers RATE kisses to requests sooner than this (0: never)
    std::string badHeader{"none"}; //!< host 0's replies fail a header check: none,
                                   //!< root-distance, reference-time
};

/**
 * \ingroup chronometry
 * The servo choice (SyncPtpPlacement::servo, the sync study's Servo): the name of a ClockServo
 * TypeId with a constructor (ns3::PiServo, ns3::LinRegServo, ns3::SetTimeServo, or any servo
 * registered later), created through ObjectFactory; the former short names pi, linreg and
 * settime are deprecated aliases. Anything else is refused when it is set, with the valid list.
 * \return the checker (one instance)
 */
Ptr<const AttributeChecker> MakeSyncServoChecker();

/**
 * \ingroup chronometry
 * PTP on every host of \p net (PtpHelper): host 0 the grandmaster and the others slaves (or,
 * with a grandmaster failure, every port's state from the BMCA with host 1 the backup), each
 * with the placement's servo; boundary clocks (priority1 254, so never grandmaster while a host
 * can be) or transparent clocks on the switches. The PtpClock, ClockServo parameters the study
 * forwarded are applied; every clock gets its own time stamp noise and host delay variables.
 * Streams: PtpHelper::AssignStreams over the hosts and switches.
 * \param study the study (its forwarded PtpClock and ClockServo parameters)
 * \param net the network (every node with a DriftingClock and the Internet stack)
 * \param placement servo, transparent clocks, failure
 * \param streams the run's stream allocator
 * \param next [in,out] the first free stream
 * \return the hosts' PtpClocks, in host order
 */
std::vector<Ptr<PtpClock>> InstallSyncPtp(const Study& study,
                                          const SyncNetwork& net,
                                          const SyncPtpPlacement& placement,
                                          StudyStreams& streams,
                                          int64_t& next);

/**
 * \ingroup chronometry
 * NTP on the hosts of \p net (NtpHelper): hosts 0 .. servers - 1 stratum-1 NtpServers (their
 * clocks the reference: the caller gives them no drift), the other hosts NtpClients (Mode Ntp
 * or Sntp) of every server, host 0 first; with placement.stratum2 > 0 the next stratum2 hosts
 * are NtpClients (Mode Ntp, Serve) of the stratum-1 servers and the rest ask those only. The
 * NtpClockDiscipline, NtpClient and NtpMitigation parameters the study forwarded are applied.
 * Streams: NtpHelper::AssignStreams over the hosts. \param study the study (its forwarded NTP
 * parameters) \param net the network (every host with a DriftingClock and the Internet stack)
 * \param placement servers, mode, liar, lost upstream
 * \param streams the run's stream allocator
 * \param next [in,out] the first free stream
 * \return the clients' NtpClients, in host order
 */
ApplicationContainer InstallSyncNtp(const Study& study,
                                    const SyncNetwork& net,
                                    const SyncNtpPlacement& placement,
                                    StudyStreams& streams,
                                    int64_t& next);

/**
 * \ingroup chronometry
 * The truth of a synchronization: every clock read at the same true instants, a grid Period
 * apart from 0 to Stop, each clock's offset from clock 0 and from true time recorded, and
 * E = max pairwise |offset| at each instant (never the protocol's own estimate).
 */
class SyncTruthSampler
{
  public:
    /**
     * Schedule the grid (the first sample at true time 0).
     * \param clocks the clocks
     * \param period grid spacing
     * \param stop last instant
     */
    void Start(const std::vector<Ptr<LocalClock>>& clocks, Time period, Time stop);
    /**
     * From \p from on, clock 0 leaves E (E pairwise among the others: a failed grandmaster).
     * \param from true time (Time::Max(): never, the default)
     */
    void ExcludeFirstFrom(Time from);
    /** \param onSample called after every sample (Simulator::Now() the instant) */
    void SetOnSample(Callback<void> onSample);
    /** \return the true instants sampled */
    const std::vector<Time>& GetGrid() const;
    /** \return E at every grid instant (ns) */
    const std::vector<double>& GetSkew() const;
    /**
     * \param i a clock
     * \return its reading minus clock 0's at every grid instant (ns)
     */
    const std::vector<double>& GetToFirst(std::size_t i) const;
    /**
     * \param i a clock
     * \return its reading minus true time at every grid instant (ns)
     */
    const std::vector<double>& GetToTrue(std::size_t i) const;

  private:
    /** Read every clock now. */
    void Sample();

    std::vector<Ptr<LocalClock>> m_clocks;      //!< the clocks
    std::vector<std::vector<double>> m_toFirst; //!< per clock: - clock 0 (ns)
    std::vector<std::vector<double>> m_toTrue;  //!< per clock: - true time (ns)
    std::vector<Time> m_grid;                   //!< instants sampled
    std::vector<double> m_skew;                 //!< E per grid instant (ns)
    Time m_period;                              //!< grid spacing
    Time m_stop;                                //!< last instant
    Time m_excludeFirstFrom{Time::Max()};       //!< clock 0 leaves E then
    Callback<void> m_onSample;                  //!< after every sample
};

/**
 * \ingroup chronometry
 * \param v a sample (copied)
 * \param q a quantile in [0, 1]
 * \return its nearest-rank quantile (0 when empty)
 */
double SyncQuantile(std::vector<double> v, double q);

} // namespace ns3

#endif /* SYNC_INSTALLER_H */
