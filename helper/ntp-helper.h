/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef NTP_HELPER_H
#define NTP_HELPER_H

#include "ns3/application-container.h"
#include "ns3/ipv4-address.h"
#include "ns3/node-container.h"
#include "ns3/ntp-client.h"
#include "ns3/ntp-server.h"
#include "ns3/object-factory.h"

#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup chronometry
 * Installs NTP on nodes: servers (NtpServer) and clients (NtpClient, Mode Ntp or Sntp) of a
 * list of server addresses, each client with its own discipline and mitigation.
 * \code
 *   NtpHelper ntp;
 *   ntp.SetServerAttribute("Stratum", UintegerValue(1));
 *   ApplicationContainer servers = ntp.InstallServers(serverNodes);
 *   ntp.SetDisciplineAttribute("MinPoll", UintegerValue(4));
 *   ntp.SetClientAttribute("Mode", StringValue("Ntp"));
 *   ApplicationContainer clients = ntp.InstallClients(clientNodes, {a1, a2, a3});
 *   ntp.AssignStreams(clientNodes, 100);
 * \endcode
 * The nodes need a LocalClock (a DriftingClock for a client: ClockHelper), the Internet stack,
 * an address and routes to the servers.
 */
class NtpHelper
{
  public:
    NtpHelper();

    /**
     * \param name attribute of NtpServer
     * \param value its value for every server installed from now on
     */
    void SetServerAttribute(const std::string& name, const AttributeValue& value);
    /**
     * \param name attribute of NtpClient (Mode, Precision, AdjustInterval)
     * \param value its value for every client installed from now on
     */
    void SetClientAttribute(const std::string& name, const AttributeValue& value);
    /**
     * \param name attribute of NtpClockDiscipline (MinPoll, MaxPoll, StepThreshold, ...)
     * \param value its value for the discipline of every client installed from now on
     */
    void SetDisciplineAttribute(const std::string& name, const AttributeValue& value);
    /**
     * \param name attribute of NtpMitigation (MinSurvivors, MaxDistance, ...)
     * \param value its value for every client and server installed from now on
     */
    void SetMitigationAttribute(const std::string& name, const AttributeValue& value);

    /**
     * \param nodes the nodes
     * \return their NtpServers, in node order
     */
    ApplicationContainer InstallServers(const NodeContainer& nodes) const;
    /**
     * \param node the node
     * \return its NtpServer
     */
    Ptr<NtpServer> InstallServer(Ptr<Node> node) const;
    /**
     * \param nodes the nodes
     * \param servers the server addresses every client polls (SNTP: the first)
     * \return their NtpClients, in node order
     */
    ApplicationContainer InstallClients(const NodeContainer& nodes,
                                        const std::vector<Ipv4Address>& servers) const;
    /**
     * \param node the node
     * \param servers the server addresses
     * \return its NtpClient
     */
    Ptr<NtpClient> InstallClient(Ptr<Node> node, const std::vector<Ipv4Address>& servers) const;

    /**
     * Fix the random streams of the NtpClients on the nodes (node order, then application
     * order).
     * \param nodes the nodes
     * \param stream first stream index
     * \return the number of streams used
     */
    int64_t AssignStreams(const NodeContainer& nodes, int64_t stream) const;

  private:
    ObjectFactory m_serverFactory;     //!< NtpServer
    ObjectFactory m_clientFactory;     //!< NtpClient
    ObjectFactory m_disciplineFactory; //!< NtpClockDiscipline
    ObjectFactory m_mitigationFactory; //!< NtpMitigation
};

} // namespace ns3

#endif /* NTP_HELPER_H */
