/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef RDA_STUDY_H
#define RDA_STUDY_H

#include "rda-study-scoring.h"

#include "ns3/flow-monitor-helper.h"
#include "ns3/flow-monitor.h"
#include "ns3/ipv4-interface-container.h"
#include "ns3/latency-channel.h"
#include "ns3/net-device-container.h"
#include "ns3/node.h"
#include "ns3/rda-helper.h"
#include "ns3/rda-measurement-point.h"
#include "ns3/rda-truth-collector.h"
#include "ns3/study-sync.h"
#include "ns3/study.h"

#include <string>

namespace ns3
{

/**
 * \ingroup chronometry
 * The RDA latency study; run it by name ("rda") through StudyRunner, chronometry-study or
 * chronometry.run_study.
 */
class RdaStudy : public Study
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    void Validate() const override;

  protected:
    Time Build(StudyStreams& streams) override;
    void Measure(StudyResult& result) override;
    void DoDispose() override;

  private:
    /**
     * Clocks: the sender's perfect DriftingClock; the receiver's offset and drift, or a
     * bounded skew.
     * \param s sender node
     * \param r receiver node
     * \param streams the run's random streams
     */
    void InstallClocks(Ptr<Node> s, Ptr<Node> r, StudyStreams& streams);
    /**
     * The data link: a LatencyChannel with Weibull or Pareto extra delay, reorder and duplicate
     * injection, and the receive error model (loss).
     * \param rda the helper that also installs the points
     * \param s sender node
     * \param r receiver node
     * \param streams the run's random streams
     * \return the link's devices
     */
    NetDeviceContainer InstallDataLink(RdaHelper& rda,
                                       Ptr<Node> s,
                                       Ptr<Node> r,
                                       StudyStreams& streams);
    /**
     * The control link: plain, lossy only with ControlLossRate.
     * \param s sender node
     * \param r receiver node
     * \param streams the run's random streams
     * \return the link's devices
     */
    NetDeviceContainer InstallControlLink(Ptr<Node> s, Ptr<Node> r, StudyStreams& streams);
    /**
     * Malformed control datagrams (truncated or random bytes) towards both points.
     * \param r the node they come from
     * \param ctlIf the control link's interfaces
     * \param t0 when the first is sent
     * \param streams the run's random streams
     */
    void SendMalformedControl(Ptr<Node> r,
                              const Ipv4InterfaceContainer& ctlIf,
                              Time t0,
                              StudyStreams& streams);
    /**
     * Sample what the points hold once per interval length until the end.
     * \param t0 the first interval's start
     * \param end the last interval's end
     */
    void SamplePeaks(Time t0, Time end);

    Time m_packetInterval;     //!< UdpClient interval
    uint32_t m_packetSize;     //!< UdpClient payload bytes
    double m_lossRate;         //!< packet loss probability
    bool m_burstLoss;          //!< BurstErrorModel instead of RateErrorModel
    double m_reorderRate;      //!< probability of the reorder delay
    Time m_reorderDelayMax;    //!< reorder delay uniform in [0, this]
    double m_duplicateRate;    //!< probability a packet is delivered twice
    double m_controlLossRate;  //!< control-link packet loss (both ways)
    Time m_baseDelay;          //!< channel propagation delay
    double m_weibullShape;     //!< Weibull shape of the extra delay
    Time m_weibullScale;       //!< Weibull scale of the extra delay
    std::string m_extraDelay;  //!< extra delay distribution: weibull or pareto
    double m_paretoShape;      //!< Pareto shape of the extra delay
    Time m_paretoScale;        //!< Pareto scale of the extra delay
    Time m_clockOffset;        //!< receiver clock offset
    double m_driftPpm;         //!< receiver clock drift
    Time m_skewBound;          //!< > 0: receiver BoundedSkewClock with this E
    uint32_t m_garbagePackets; //!< malformed datagrams sent to each point's control port
    uint32_t m_flows;          //!< UDP flows through the pair of points
    Time m_syncWarmup;         //!< Sync ptp, ntp: how much later the flows start

    /** Add the FlowMonitor cross-check of the data flows (delay and packet counts).
     * \param result the result to add to
     */
    void CrossCheckFlowMonitor(StudyResult& result);

    static constexpr uint16_t DATA_PORT = 9000; //!< UDP port of the measured stream
    Ptr<RdaTruthCollector> m_truth;             //!< truth over every delivered packet
    Ptr<RdaMeasurementPoint> m_points[2];       //!< sender, receiver
    Ptr<LatencyChannel> m_channel;              //!< the data link
    FlowMonitorHelper m_flowMonitorHelper;      //!< FlowMonitor (cross-check)
    Ptr<FlowMonitor> m_flowMonitor;             //!< FlowMonitor (cross-check)
    RdaStudyScoring m_scoring;                  //!< reports and the rows they make
    StudySync m_sync;                           //!< the clock source (Sync), its delivered E
    uint64_t m_peakCachedPackets{0};            //!< most packets the points cached together
    uint32_t m_peakCachedIntervals{0};          //!< most interval caches held together
};

} // namespace ns3

#endif /* RDA_STUDY_H */
