/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef RDA_HELPER_H
#define RDA_HELPER_H

#include "ns3/application-container.h"
#include "ns3/attribute.h"
#include "ns3/data-rate.h"
#include "ns3/ipv4-address.h"
#include "ns3/latency-channel.h"
#include "ns3/net-device-container.h"
#include "ns3/node-container.h"
#include "ns3/object-factory.h"
#include "ns3/rda-receiver.h"
#include "ns3/rda-sender.h"

#include <string>

namespace ns3
{

/**
 * \ingroup chronometry
 * Installs a pair of RdaMeasurementPoints (sender and receiver side) and, optionally, the
 * LatencyChannel link that carries the measured stream between two nodes.
 *
 * \code
 *   RdaHelper rda;
 *   rda.SetPointAttribute("IntervalLength", TimeValue(MilliSeconds(100)));
 *   rda.SetChannelAttribute("ReorderProbability", DoubleValue(0.01));
 *   NetDeviceContainer data = rda.InstallLink(s, r);   // before InternetStackHelper
 *   ...
 *   ApplicationContainer points = rda.Install(s, senderControlAddr, r, receiverControlAddr);
 * \endcode
 */
class RdaHelper
{
  public:
    RdaHelper();

    /**
     * \param name attribute of RdaSender and/or RdaReceiver: set on every point type that
     *        has it (shared RdaMeasurementPoint attributes go to both); an attribute
     *        neither has is a configuration error naming it
     * \param value its value
     */
    void SetPointAttribute(const std::string& name, const AttributeValue& value);
    /**
     * \param name attribute of RdaSender
     * \param value its value
     */
    void SetSenderAttribute(const std::string& name, const AttributeValue& value);
    /**
     * \param name attribute of RdaReceiver
     * \param value its value
     */
    void SetReceiverAttribute(const std::string& name, const AttributeValue& value);
    /**
     * \param name attribute of LatencyChannel
     * \param value its value
     */
    void SetChannelAttribute(const std::string& name, const AttributeValue& value);
    /** \param rate data rate of the two devices InstallLink creates */
    void SetDataRate(DataRate rate);

    /**
     * Create the two measurement points (an RdaSender and an RdaReceiver) and add them to
     * their nodes.
     * \param sender upstream node (observes IPv4 Tx)
     * \param senderControl the sender's control address (the receiver's Peer)
     * \param receiver downstream node (observes IPv4 Rx)
     * \param receiverControl the receiver's control address (the sender's Peer)
     * \return {RdaSender, RdaReceiver}
     */
    ApplicationContainer Install(Ptr<Node> sender,
                                 Ipv4Address senderControl,
                                 Ptr<Node> receiver,
                                 Ipv4Address receiverControl) const;

    /**
     * Connect two nodes by a LatencyChannel (point-to-point devices with DropTail queues).
     * \param a first node
     * \param b second node
     * \return the devices {a, b}
     */
    NetDeviceContainer InstallLink(Ptr<Node> a, Ptr<Node> b);

    /**
     * \param stream first stream index
     * \return streams used by the LatencyChannels this helper created
     */
    int64_t AssignStreams(int64_t stream);

    /** \return the channel of the last InstallLink (nullptr before) */
    Ptr<LatencyChannel> GetLastChannel() const;

  private:
    ObjectFactory m_sender;                  //!< makes RdaSender points
    ObjectFactory m_receiver;                //!< makes RdaReceiver points
    ObjectFactory m_channel;                 //!< makes channels
    DataRate m_rate;                         //!< device rate
    std::vector<Ptr<LatencyChannel>> m_made; //!< channels created
};

} // namespace ns3

#endif
