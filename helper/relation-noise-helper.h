/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef RELATION_NOISE_HELPER_H
#define RELATION_NOISE_HELPER_H

#include "ns3/application-container.h"
#include "ns3/data-rate.h"
#include "ns3/ipv4-address.h"
#include "ns3/net-device-container.h"
#include "ns3/node.h"
#include "ns3/nstime.h"

#include <vector>

namespace ns3
{

class Channel;
class NetDevice;
class OnOffApplication;

/**
 * \ingroup chronometry
 * Network noise for relation studies: paths that change during a run (link
 * delay, link rate, static route), asymmetric link rates and background load.
 * Host noise is set on the TSC clients themselves (ResponseHostDelay,
 * RequestHostDelay, ReceiveHostDelay; ns3::StallMixtureRandomVariable).
 *
 * \code
 *   RelationNoiseHelper noise;
 *   RelationNoiseHelper::SetAsymmetricRates(link, DataRate("100Mbps"), DataRate("10Mbps"));
 *   RelationNoiseHelper::ScheduleRouteSwitch(a, Seconds(30), Ipv4Address("10.0.9.0"),
 *                                            Ipv4Mask("255.255.255.0"), via, 2);
 *   noise.InstallBackgroundLoad(d, b, bAddress, DataRate("8Mbps"), 0.5, MilliSeconds(10),
 *                               Seconds(1), Seconds(60));
 *   noise.AssignStreams(500);
 * \endcode
 */
class RelationNoiseHelper
{
  public:
    RelationNoiseHelper();

    /**
     * Change a channel's propagation delay at a time (its "Delay" attribute:
     * PointToPointChannel, CsmaChannel).
     * \param channel the channel
     * \param at absolute simulation time, >= now
     * \param delay the new delay, [0, 10 s]
     */
    static void ScheduleChannelDelay(Ptr<Channel> channel, Time at, Time delay);

    /**
     * Change a device's transmit rate at a time (its "DataRate" attribute:
     * PointToPointNetDevice).
     * \param device the device
     * \param at absolute simulation time, >= now
     * \param rate the new rate, > 0
     */
    static void ScheduleDataRate(Ptr<NetDevice> device, Time at, DataRate rate);

    /**
     * Replace a node's static route to a network at a time (route change mid-run).
     * The node must use Ipv4StaticRouting (the InternetStackHelper default list
     * routing has it; static routes take precedence over global routing).
     * \param node the node whose route changes
     * \param at absolute simulation time, >= now
     * \param network destination network
     * \param mask its mask
     * \param nextHop the new next hop
     * \param interface the outgoing interface index
     */
    static void ScheduleRouteSwitch(Ptr<Node> node,
                                    Time at,
                                    Ipv4Address network,
                                    Ipv4Mask mask,
                                    Ipv4Address nextHop,
                                    uint32_t interface);

    /**
     * Give the two ends of a point-to-point link different transmit rates.
     * \param link the two devices (from PointToPointHelper::Install)
     * \param forward rate of link.Get(0) (towards link.Get(1)), > 0
     * \param reverse rate of link.Get(1), > 0
     */
    static void SetAsymmetricRates(const NetDeviceContainer& link,
                                   DataRate forward,
                                   DataRate reverse);

    /**
     * On/off UDP background load (exponential on and off periods) from source
     * to a packet sink installed on sinkNode.
     * \param source the sending node
     * \param sinkNode the receiving node
     * \param sinkAddress its address on the path to load
     * \param rate the rate while on, > 0
     * \param onFraction mean fraction of time on, (0, 1]
     * \param meanCycle mean on + off period, (0, 10 s]
     * \param start start time
     * \param stop stop time, > start
     * \return the on/off application and the sink
     */
    ApplicationContainer InstallBackgroundLoad(Ptr<Node> source,
                                               Ptr<Node> sinkNode,
                                               Ipv4Address sinkAddress,
                                               DataRate rate,
                                               double onFraction,
                                               Time meanCycle,
                                               Time start,
                                               Time stop);

    /** \param bytes background packet size, [12, 1472] */
    void SetBackgroundPacketSize(uint32_t bytes);

    /**
     * \param stream first stream index for the background sources installed so far
     * \return streams used
     */
    int64_t AssignStreams(int64_t stream);

  private:
    uint32_t m_packetSize{1000};                  //!< background packet size
    uint16_t m_nextPort{9300};                    //!< port of the next background flow
    std::vector<Ptr<OnOffApplication>> m_sources; //!< background sources
};

} // namespace ns3

#endif /* RELATION_NOISE_HELPER_H */
