/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SYNC_STUDY_H
#define SYNC_STUDY_H

#include "ns3/local-clock.h"
#include "ns3/ntp-client.h"
#include "ns3/power-law-oscillator.h"
#include "ns3/ptp-clock.h"
#include "ns3/random-variable-stream.h"
#include "ns3/study.h"
#include "ns3/sync-installer.h"
#include "ns3/sync-network.h"
#include "ns3/time-error-metrics.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace ns3
{

class StudyStreams;

/**
 * \ingroup chronometry
 * The sync study (issue 30): n hosts with drifting oscillators on a switched network (a star,
 * a line of k switches or a binary tree of k switches), optionally under bursty background
 * load, lossy links, a path asymmetry, a grandmaster failure or a master clock step (NTP: a
 * lying, lost, rate-limiting (RATE kisses) or invalid-header server),
 * synchronized by a protocol (none; PTP with PtpClock and transparent or boundary clocks in the
 * switches; NTP or SNTP with NtpServer and NtpClient, installed by sync-installer.h). Every
 * host's clock is read at the same true instants on a fixed grid, and E = max pairwise |offset|
 * is measured from that truth, never from the protocol's own estimate. Run it by name ("sync")
 * through StudyRunner, chronometry-study or chronometry.run_study.
 */
class SyncStudy : public Study
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    void Validate() const override;
    double EstimateEvents() const override;

  protected:
    Time Build(StudyStreams& streams) override;
    void Measure(StudyResult& result) override;
    void DoDispose() override;

  private:
    /** Per node: what the truth sampler and the protocol's trace collected. */
    struct NodeTruth
    {
        Ptr<LocalClock> clock;                          //!< the node's clock
        uint32_t switchIndex{0};                        //!< the switch it hangs off
        double driftPpm{0};                             //!< its oscillator's base drift
        std::vector<std::pair<Time, double>> estimates; //!< (true time, offsetFromMaster ns)
        double calBiasNs{0};                            //!< the reference's bias for it (ns)
        double calSumNs{0};                             //!< sum of its readings (ns)
        uint32_t calReadings{0};                        //!< readings taken
        std::optional<Time> calApplied;                 //!< DelayAsymmetry the calibration set
    };

    /** Hosts and switches, addressed and routed. */
    void BuildNetwork();
    /**
     * Clocks on every host and switch.
     * \param streams the run's stream allocator
     * \param next the first free stream
     * \return the next free stream
     */
    int64_t InstallClocks(StudyStreams& streams, int64_t next);
    /**
     * Bursty UDP background load (two flows into every host).
     * \param streams the run's stream allocator
     * \param next the first free stream
     * \return the next free stream
     */
    int64_t InstallLoad(StudyStreams& streams, int64_t next);
    /**
     * PTP: node 0 the grandmaster, the others slaves, transparent clocks on the switches.
     * \param streams the run's stream allocator
     * \param next the first free stream
     * \return the next free stream
     */
    int64_t InstallPtp(StudyStreams& streams, int64_t next);
    /**
     * Lossy links, the master's clock step, pcap traces.
     * \param streams the run's stream allocator
     * \param next the first free stream
     * \return the next free stream
     */
    int64_t InstallFaults(StudyStreams& streams, int64_t next);
    /**
     * The master step's recovery and excursion.
     * \param result the result
     */
    void MeasureStep(StudyResult& result) const;
    /**
     * Write the time series (SeriesFile).
     * \param result the result (its parameters)
     */
    void WriteSeries(const StudyResult& result) const;
    /** \return the SeriesFile's header: the parameter columns, then the series' own */
    std::string SeriesHeader() const;
    /** After every truth sample: the failover and the root distance checks. */
    void OnTruthSample();
    /** Has every host followed the backup grandmaster yet? */
    void CheckFailover();
    /** NTP: does every synchronized client's root distance cover its true offset now? */
    void CheckRootDistance();
    /**
     * \param node a node
     * \param sample the protocol's offset sample
     */
    void RecordEstimate(uint32_t node, const PtpOffsetSample& sample);
    /**
     * \param v deviations (ns)
     * \param from first index
     * \return the first grid index from which every |v| stays within the lock threshold
     */
    std::size_t LockIndex(const std::vector<double>& v, std::size_t from = 0) const;
    /**
     * Per-node rows.
     * \param result the result
     * \param from first grid index counted
     */
    void AddRows(StudyResult& result, std::size_t from) const;
    /**
     * NTP's root distance against the truth (coverage, quantiles, looseness).
     * \param result the result
     */
    void MeasureRootDistance(StudyResult& result) const;
    /**
     * NTP's reaction to host 0's RATE kisses and invalid headers: kisses and invalid headers
     * dropped, the poll interval toward host 0 at the end.
     * \param result the result
     */
    void MeasureNtpFaults(StudyResult& result) const;
    /**
     * The per-node time-error columns (sync-study-time-error.cc): for TE to true time ("te_")
     * and to host 0 ("te_gm_"), max|TE|, cTE, dTE_L MTIE, dTE_H, MTIE and TDEV at 1, 10 and
     * 100 s, the G.8273.2 class.
     * \param rows the per-node schema
     * \return it with those columns
     */
    static StudySchema AddTimeErrorColumns(StudySchema rows);
    /**
     * The summary's time-error fields: per hop count, the worst class and max|TE|.
     * \param summary the summary schema
     * \return it with those fields
     */
    static StudySchema AddTimeErrorSummary(StudySchema summary);

    /**
     * The per-node calibration columns (sync-study-calibration.cc): the path's true static
     * asymmetry by source, the calibration's estimate and residual.
     * \param rows the per-node schema
     * \return it with those columns
     */
    static StudySchema AddCalibrationColumns(StudySchema rows);
    /**
     * The summary's calibration fields (rms over the slaves).
     * \param summary the summary schema
     * \return it with those fields
     */
    static StudySchema AddCalibrationSummary(StudySchema summary);
    /** Refuse a calibration that cannot run (not PTP, ending after Warmup, ...). */
    void ValidateCalibration() const;
    /**
     * Cable mismatch on every link and the calibration's readings and correction.
     * \param streams the run's stream allocator
     * \param next the first free stream
     * \return the next free stream
     */
    int64_t InstallCalibration(StudyStreams& streams, int64_t next);
    /** One reference reading: every slave's offset to host 0 with the reference's error. */
    void CalibrationReading();
    /** The end of the window: every slave sets its DelayAsymmetry. */
    void ApplyCalibration();
    /**
     * \param i a host (not 0)
     * \return the static asymmetry of its path from host 0 by the model (master-to-slave
     *         minus slave-to-master: wire, then PHY), or nothing when it is not known (boundary
     *         clocks with a class that has PHY asymmetry)
     */
    std::optional<std::pair<Time, Time>> TrueAsymmetry(uint32_t i) const;
    /**
     * Set one node's calibration columns.
     * \param row its row
     * \param i the node
     */
    void SetCalibrationColumns(StudyRecord& row, uint32_t i) const;
    /**
     * The summary's calibration fields.
     * \param result the result
     */
    void MeasureCalibration(StudyResult& result) const;

    /** One node's scored time error, for the summary per hop count. */
    struct NodeTimeError
    {
        uint64_t hops{0};                         //!< switches to host 0
        std::optional<TimeErrorSummary> toTrue;   //!< TE to true time (empty: too few samples)
        std::optional<TimeErrorSummary> toMaster; //!< TE to host 0 (empty: host 0, or too few)
    };

    /**
     * Set one node's time-error columns.
     * \param row its row
     * \param prefix "te_" or "te_gm_"
     * \param series its TE at every grid instant (ns)
     * \param from first grid index scored
     * \param applicable false: every column empty (host 0 against itself)
     * \return its figures (empty when not applicable or fewer than 2 samples scored)
     */
    std::optional<TimeErrorSummary> SetTimeErrorColumns(StudyRecord& row,
                                                        const std::string& prefix,
                                                        const std::vector<double>& series,
                                                        std::size_t from,
                                                        bool applicable) const;
    /**
     * The summary's time-error fields.
     * \param result the result
     * \param nodes every node's figures, host 0 first
     */
    void SetTimeErrorSummary(StudyResult& result, const std::vector<NodeTimeError>& nodes) const;
    /** \return the lock threshold applied: LockThreshold, or the protocol's own when 0 */
    Time GetLockThreshold() const;
    /** \return whether the protocol is NTP or SNTP */
    bool IsNtp() const;
    /**
     * \param source an Ablate item (stamp-noise, quantization, ...)
     * \return whether Ablate switches it off
     */
    bool Ablated(const std::string& source) const;
    /**
     * Oscillator presets under Ablate: oscillator-noise keeps the preset's curve without its
     * noise (Preset None, the curve as custom coefficients); temperature flattens the curve.
     * \param pl the node's oscillator (its Preset not set yet)
     * \param preset the preset
     */
    void ConfigurePreset(Ptr<PowerLawOscillator> pl, PowerLawOscillator::Preset preset) const;

    uint32_t m_nodes;          //!< hosts
    std::string m_network;     //!< star, line, tree
    uint32_t m_switches;       //!< switches of the line or tree
    Time m_linkDelay;          //!< propagation delay of every link
    uint32_t m_ntpServers;     //!< ntp, sntp: hosts 0 .. this - 1 are servers
    uint32_t m_stratum2;       //!< ntp, sntp: the next hosts serve at stratum 2
    Time m_liar;               //!< ntp, sntp: host 0 serves its clock plus this
    Time m_liarFrom;           //!< ntp, sntp: from this time on
    Time m_serverLoss;         //!< ntp, sntp: server 1 stops then (0: never)
    Time m_rateLimit;          //!< ntp, sntp: host 0 kisses RATE sooner than this (0: never)
    std::string m_badHeader;   //!< ntp, sntp: host 0's replies fail a header check (none, ...)
    std::string m_servo;       //!< a ClockServo TypeId name (MakeSyncServoChecker)
    bool m_transparent;        //!< transparent clocks in the switches
    bool m_boundary;           //!< boundary clocks in the switches
    Time m_timestampNoise;     //!< hardware time stamp noise: standard deviation
    Time m_hostDelay;          //!< software time stamping delay: mean
    Time m_masterStep;         //!< host 0's clock steps by this
    Time m_masterStepAt;       //!< then (0: never)
    double m_lossRate;         //!< per link and packet
    std::string m_pcap;        //!< pcap directory ("": none)
    std::string m_seriesFile;  //!< time series CSV ("": none)
    std::string m_oscillator;  //!< constant, XO, TCXO, OCXO
    double m_driftPpm;         //!< constant: drift within +-this
    std::string m_temperature; //!< off, step, diurnal (presets only)
    double m_tempStep;         //!< step: ambient change, degC
    Time m_tempStepAt;         //!< step: when
    Time m_thermalTau;         //!< step: the board's thermal time constant
    double m_diurnalAmplitude; //!< diurnal: amplitude, degC
    Time m_diurnalPeriod;      //!< diurnal: period
    Time m_initialOffset;      //!< initial offsets within +-this
    double m_load;             //!< background load, fraction of a host link's rate
    Time m_duration;           //!< simulated time
    Time m_asymmetry;          //!< extra delay host 0 -> its switch
    double m_cableMismatch;    //!< fiber length mismatch per link within +-this (m)
    std::string m_calibration; //!< none, reference, oracle-bound
    Time m_calBias;            //!< the reference's bias: standard deviation
    Time m_calNoise;           //!< each reading's noise: standard deviation
    Time m_calStart;           //!< first reading
    Time m_calWindow;          //!< readings once a second over this
    Time m_failure;            //!< grandmaster failure (0: none)
    Time m_warmup;             //!< scored after this
    Time m_samplePeriod;       //!< truth grid
    Time m_lockThreshold;      //!< |offset| that counts as locked
    std::string m_ablate;      //!< error sources switched off (none, or a set)

    NodeContainer m_hosts;                   //!< the hosts
    NodeContainer m_switchNodes;             //!< the switches
    SyncNetwork m_net;                       //!< hosts, switches, addresses
    std::vector<NodeTruth> m_truth;          //!< per host
    SyncTruthSampler m_sampler;              //!< the truth: every host's clock on the grid
    Time m_failoverAt{Time::Max()};          //!< all follow the backup (true time)
    std::vector<Ptr<PtpClock>> m_ptp;        //!< per host (ptp only)
    uint64_t m_dropped{0};                   //!< packets the error models dropped
    std::vector<Ptr<NtpClient>> m_ntp;       //!< per host (ntp, sntp; null for a stratum-1 server)
    uint64_t m_rootChecks{0};                //!< client samples checked against the root distance
    uint64_t m_rootHeld{0};                  //!< of which |clock - true time| <= root distance
    std::vector<double> m_rootDistanceNs;    //!< per check: the client's root distance
    std::vector<double> m_rootErrorNs;       //!< per check: |clock - true time|
    Ptr<NormalRandomVariable> m_calNoiseVar; //!< the reference's per-reading noise (ns)
};

} // namespace ns3

#endif /* SYNC_STUDY_H */
