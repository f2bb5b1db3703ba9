/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef RELATION_STUDY_H
#define RELATION_STUDY_H

#include "ns3/clock-helper.h"
#include "ns3/drift-wander.h"
#include "ns3/ipv4-address.h"
#include "ns3/ipv4.h"
#include "ns3/net-device-container.h"
#include "ns3/node-container.h"
#include "ns3/pipeline-application.h"
#include "ns3/relation-estimate.h"
#include "ns3/relation-helper.h"
#include "ns3/simulated-tsc.h"
#include "ns3/stall-mixture-random-variable.h"
#include "ns3/study.h"
#include "ns3/tsc-client-application.h"
#include "ns3/tsc-server-application.h"

#include <map>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace ns3
{

/**
 * \ingroup chronometry
 * The MinRTT relation study; run it by name ("relation") through StudyRunner,
 * chronometry-study or chronometry.run_study.
 */
class RelationStudy : public Study
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

  protected:
    Time Build(StudyStreams& streams) override;
    void Measure(StudyResult& result) override;
    void DoDispose() override;

  private:
    /** Events of one tuple. */
    struct TupleRecord
    {
        uint64_t tsc[6]{};             //!< TSC values per event kind
        Time at[6];                    //!< true latch times
        bool has[6]{};                 //!< event seen
        bool ntpA{false};              //!< NTP estimate at EMIT available
        relation::TimeEstimate ntpAtA; //!< A's estimate of the server clock at EMIT
        bool ntpB{false};              //!< NTP estimate at RELAY_IN available
        bool ntpC{false};              //!< NTP estimate at SINK_IN available
        relation::TimeEstimate ntpAtB; //!< B's estimate of A's clock at RELAY_IN
        relation::TimeEstimate ntpAtC; //!< C's estimate of A's clock at SINK_IN
    };

    /** Simulation-side state the trace sinks fill. */
    struct StudyState
    {
        std::map<uint32_t, TupleRecord> tuples; //!< by tuple id
        Ptr<TscClientApplication> clientA;      //!< A's client (NTP)
        Ptr<SimulatedTsc> tscA;                 //!< A's TSC
        Ptr<TscClientApplication> clientB;      //!< B's client (NTP)
        Ptr<TscClientApplication> clientC;      //!< C's client (NTP)
        Ptr<SimulatedTsc> tscB;                 //!< B's TSC
        Ptr<SimulatedTsc> tscC;                 //!< C's TSC
    };

    /** True one-way delays of the network path between the pipeline nodes. */
    struct PathState
    {
        /** packet uid -> (sending pipeline node, true time its IP layer sent it) */
        std::unordered_map<uint64_t, std::pair<uint32_t, Time>> inFlight;
        /** (from, to) -> the smallest IP-to-IP one-way delay of any packet */
        std::map<std::pair<uint32_t, uint32_t>, Time> minOneWay;
    };

    /**
     * Ipv4L3Protocol Tx trace sink of a pipeline node: remember when the datagram left.
     * \param s the path state
     * \param node the pipeline node (0 = A, 1 = B, 2 = C)
     * \param packet the datagram (with its IPv4 header)
     */
    static void OnIpTx(PathState* s, uint32_t node, Ptr<const Packet> packet, Ptr<Ipv4>, uint32_t);
    /**
     * Ipv4L3Protocol Rx trace sink of a pipeline node: a datagram from another pipeline node
     * arrived; keep the smallest one-way delay per ordered pair.
     * \param s the path state
     * \param node the pipeline node (0 = A, 1 = B, 2 = C)
     * \param packet the datagram (with its IPv4 header)
     */
    static void OnIpRx(PathState* s, uint32_t node, Ptr<const Packet> packet, Ptr<Ipv4>, uint32_t);

    /**
     * Watch every datagram between the pipeline nodes at their IP layers (the denominator of
     * bound_ratio_true_path: the estimators never see it).
     * \param pipeline A, B, C
     */
    void InstallPathMonitor(const NodeContainer& pipeline);

    /**
     * Pipeline Event trace sink: record the event and, at A's emit, B's relay-in and C's
     * sink-in, the node's NTP estimate of the server clock.
     * \param s the state
     * \param tuple tuple id
     * \param kind event kind (PipelineApplication)
     * \param tsc the node's TSC at the event
     * \param at the true time
     */
    static void OnEvent(StudyState* s, uint32_t tuple, uint8_t kind, uint64_t tsc, Time at);

    /**
     * The network: A, B, C and D each on a point-to-point link to the router R (D, the NTP
     * server and background source, NtpHops routers further), global routing.
     * \param nodes A, B, C, R, D
     * \param addr receives each node's address on its link (R's entry unused)
     * \param links receives each node's link (R's entry unused)
     */
    void InstallNetwork(NodeContainer& nodes,
                        std::vector<Ipv4Address>& addr,
                        std::vector<NetDeviceContainer>& links);
    /**
     * The TSCs of A, B, C and D: a uniform population, the TSC model (random walk, or C's
     * drift step at m_stepAt by m_stepDrawn) and the boot base.
     * \param timed A, B, C, D
     * \param streams the run's random streams
     */
    void InstallTscs(const NodeContainer& timed, StudyStreams& streams);
    /**
     * Draw C's drift step of this run (TscModel step): m_stepDrawn and m_stepAt.
     * \param streams the run's random streams (500-502)
     * \param workStart when the workload starts
     */
    void DrawStep(StudyStreams& streams, Time workStart);
    /**
     * The drift-wander term and phi from BoundSource (m_wander, m_phi).
     * \param maxDrift the largest |drift| a TSC reaches, ppm (the oracle's only)
     */
    void ChooseBoundInputs(double maxDrift);
    /**
     * The probe noise model: host delays with stalls at every responder and receiver, and
     * C's asymmetric, changing route.
     * \param links each node's link
     * \param streams the run's random streams
     * \param changeAt when C's route changes
     */
    void InstallNoise(const std::vector<NetDeviceContainer>& links,
                      StudyStreams& streams,
                      Time changeAt);
    /**
     * Background on-off load from D into A, B and C from \p start to \p end.
     * \param nodes A, B, C, R, D
     * \param addr each node's address
     * \param streams the run's random streams
     * \param start when the load starts
     * \param end when it stops
     * \param stop the end of the run
     */
    void InstallLoad(NodeContainer& nodes,
                     const std::vector<Ipv4Address>& addr,
                     StudyStreams& streams,
                     Time start,
                     Time end,
                     Time stop);

    double m_driftPpm;         //!< per-node TSC drift uniform in [-x, x] ppm
    Time m_asymmetry;          //!< extra one-way delay into B and C (ingress)
    double m_load;             //!< background on-fraction into A, B, C
    std::string m_loadSpan;    //!< when the load runs: run or workload
    bool m_extrapolate;        //!< CP's post window before the workload
    uint32_t m_busyRounds;     //!< rounds per pair in busy windows
    Time m_tupleInterval;      //!< pipeline tuple interval
    Time m_workload;           //!< busy phase length
    Time m_ntpPoll;            //!< NTP poll interval
    double m_ntpMaxSkewPpm;    //!< phi; 0 = 2 DriftPpm + 5 ppm
    double m_linkMbps;         //!< access link rate
    Time m_linkDelay;          //!< access link delay
    uint64_t m_bootBase;       //!< added to every TSC's boot value (uptime before the run)
    std::string m_noise;       //!< probe noise model: none, host, route, all
    std::string m_tscModel;    //!< constant, step (C's drift steps mid-run), walk
    double m_stepPpm;          //!< largest |drift step| of C's TSC (TscModel step), ppm
    double m_stepMinPpm;       //!< smallest |drift step| of C's TSC (TscModel step), ppm
    double m_stepFrom;         //!< earliest drift step, fraction of the workload
    double m_stepTo;           //!< latest drift step, fraction of the workload
    std::string m_boundSource; //!< where J, sigma and phi come from
    std::string m_oscClass; //!< the oscillators' datasheet class (BoundSource class, half, double)
    double m_walkSpreadPpm; //!< random-walk spread of every TSC (TscModel walk), ppm/sqrt(s)
    bool m_wanderTerm;      //!< add the drift-wander term of the TSC model to every bound
    bool m_bothDirections;  //!< CP_MULTI also fits the rounds the peer initiated
    uint32_t m_ntpHops;     //!< routers between the router and the NTP server D

    relation::DriftWander m_wander;                       //!< the term used (none if off)
    std::vector<Ptr<StallMixtureRandomVariable>> m_hosts; //!< host delays (noise host, all)

    double m_phi{0};                                //!< phi used
    double m_ntpStepPpm{0};                         //!< NTP's J used
    std::string m_inputs;                           //!< where J, sigma, phi came from
    double m_stepDrawn{0};                          //!< C's drift step of this run (truth), ppm
    Time m_stepAt;                                  //!< when it happens (truth)
    StudyState m_state;                             //!< what the trace sinks fill
    PathState m_path;                               //!< what the IP trace sinks fill
    SimulatedTscContainer m_tscs;                   //!< A, B, C, D
    TscClientContainer m_clients;                   //!< A, B, C
    Ptr<TscClientApplication> m_ntpServer;          //!< on D
    Ptr<TscServerApplication> m_server;             //!< MinRTT prober on A
    std::vector<Ptr<PipelineApplication>> m_stages; //!< pipeline
};

} // namespace ns3

#endif /* RELATION_STUDY_H */
