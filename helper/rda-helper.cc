/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "rda-helper.h"

#include "ns3/chronometry-validation.h"
#include "ns3/drop-tail-queue.h"
#include "ns3/enum.h"
#include "ns3/log.h"
#include "ns3/mac48-address.h"
#include "ns3/node.h"
#include "ns3/point-to-point-net-device.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("RdaHelper");

RdaHelper::RdaHelper()
    : m_rate("1Gbps")
{
    m_sender.SetTypeId("ns3::RdaSender");
    m_receiver.SetTypeId("ns3::RdaReceiver");
    m_channel.SetTypeId("ns3::LatencyChannel");
}

void
RdaHelper::SetPointAttribute(const std::string& name, const AttributeValue& value)
{
    NS_LOG_FUNCTION(this << name);
    TypeId::AttributeInformation info;
    bool any = false;
    for (ObjectFactory* f : {&m_sender, &m_receiver})
    {
        if (f->GetTypeId().LookupAttributeByName(name, &info))
        {
            f->Set(name, value);
            any = true;
        }
    }
    if (!any)
    {
        chronometry::ReportConfigError("RdaHelper: no attribute '" + name +
                                       "' on ns3::RdaSender or ns3::RdaReceiver");
    }
}

void
RdaHelper::SetSenderAttribute(const std::string& name, const AttributeValue& value)
{
    m_sender.Set(name, value);
}

void
RdaHelper::SetReceiverAttribute(const std::string& name, const AttributeValue& value)
{
    m_receiver.Set(name, value);
}

void
RdaHelper::SetChannelAttribute(const std::string& name, const AttributeValue& value)
{
    m_channel.Set(name, value);
}

void
RdaHelper::SetDataRate(DataRate rate)
{
    m_rate = rate;
}

ApplicationContainer
RdaHelper::Install(Ptr<Node> sender,
                   Ipv4Address senderControl,
                   Ptr<Node> receiver,
                   Ipv4Address receiverControl) const
{
    ApplicationContainer apps;
    NS_LOG_FUNCTION(this << sender << receiver);
    Ptr<RdaSender> s = m_sender.Create<RdaSender>();
    s->SetAttribute("Peer", Ipv4AddressValue(receiverControl));
    sender->AddApplication(s);
    apps.Add(s);
    Ptr<RdaReceiver> r = m_receiver.Create<RdaReceiver>();
    r->SetAttribute("Peer", Ipv4AddressValue(senderControl));
    receiver->AddApplication(r);
    apps.Add(r);
    return apps;
}

NetDeviceContainer
RdaHelper::InstallLink(Ptr<Node> a, Ptr<Node> b)
{
    Ptr<LatencyChannel> ch = m_channel.Create<LatencyChannel>();
    NetDeviceContainer devs;
    for (Ptr<Node> n : {a, b})
    {
        Ptr<PointToPointNetDevice> d = CreateObject<PointToPointNetDevice>();
        d->SetAddress(Mac48Address::Allocate());
        d->SetDataRate(m_rate);
        d->SetQueue(CreateObject<DropTailQueue<Packet>>());
        n->AddDevice(d);
        d->Attach(ch);
        devs.Add(d);
    }
    m_made.push_back(ch);
    return devs;
}

int64_t
RdaHelper::AssignStreams(int64_t stream)
{
    int64_t used = 0;
    for (const auto& ch : m_made)
    {
        used += ch->AssignStreams(stream + used);
    }
    return used;
}

Ptr<LatencyChannel>
RdaHelper::GetLastChannel() const
{
    return m_made.empty() ? nullptr : m_made.back();
}

} // namespace ns3
