/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "study-lan.h"

#include "ns3/csma-module.h"
#include "ns3/internet-module.h"
#include "ns3/neighbor-cache-helper.h"
#include "ns3/string.h"

namespace ns3
{

StudyLan
InstallStudyLan(const NodeContainer& nodes,
                const std::string& dataRate,
                Time delay,
                const std::string& network,
                const std::string& mask)
{
    CsmaHelper csma;
    csma.SetChannelAttribute("DataRate", StringValue(dataRate));
    csma.SetChannelAttribute("Delay", TimeValue(delay));
    NetDeviceContainer devices = csma.Install(nodes);
    InternetStackHelper internet;
    internet.Install(nodes);
    Ipv4AddressHelper ipv4;
    ipv4.SetBase(network.c_str(), mask.c_str());
    Ipv4InterfaceContainer interfaces = ipv4.Assign(devices);
    NeighborCacheHelper neighbors;
    neighbors.PopulateNeighborCache(interfaces);
    return StudyLan{nodes, devices, interfaces};
}

int64_t
StudyLan::AssignStreams(int64_t stream) const
{
    CsmaHelper csma;
    InternetStackHelper internet;
    int64_t used = csma.AssignStreams(devices, stream);
    used += internet.AssignStreams(nodes, stream + used);
    return used;
}

} // namespace ns3
