/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef PTP_HELPER_H
#define PTP_HELPER_H

#include "ns3/application-container.h"
#include "ns3/attribute.h"
#include "ns3/node-container.h"
#include "ns3/object-factory.h"
#include "ns3/ptp-clock.h"
#include "ns3/ptp-transparent-clock.h"

#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup chronometry
 * Installs PTP on nodes: ordinary clocks (PtpClock with one port), boundary clocks (PtpClock
 * with every port of a node) and transparent clocks (PtpTransparentClock on a switch), each
 * with its own servo.
 * \code
 *   PtpHelper ptp;
 *   ptp.SetClockAttribute("SyncInterval", TimeValue(MilliSeconds(125)));
 *   ptp.SetServo("ns3::PiServo", "StepThreshold", TimeValue(MicroSeconds(100)));
 *   ApplicationContainer clocks = ptp.Install(lan.nodes, {1, 2});   // priority1 per node
 *   ptp.InstallTransparent(lan.switchNode.Get(0));
 *   ptp.AssignStreams(lan.nodes, 100);
 * \endcode
 * The nodes need a LocalClock (ClockHelper; a DriftingClock for any clock that may become a
 * slave), the Internet stack and an address; a transparent clock's switch needs a clock and
 * the switched study LAN's SwitchRouting.
 */
class PtpHelper
{
  public:
    /** Ordinary clocks with PtpClock's defaults and, per clock, a servo of the default kind. */
    PtpHelper();

    /**
     * \param name attribute of PtpClock
     * \param value its value for every clock installed from now on
     */
    void SetClockAttribute(const std::string& name, const AttributeValue& value);

    /**
     * The servo of each clock installed from now on (each gets its own).
     * \param type a ClockServo TypeId name (ns3::PiServo, ns3::LinRegServo, ns3::SetTimeServo)
     * \param args name/value pairs of its Attributes
     */
    template <typename... Ts>
    void SetServo(const std::string& type, Ts&&... args);

    /**
     * \param name attribute of PtpTransparentClock
     * \param value its value for every transparent clock installed from now on
     */
    void SetTransparentClockAttribute(const std::string& name, const AttributeValue& value);

    /**
     * An ordinary clock on each node, on its first device with an IPv4 address.
     * \param nodes the nodes
     * \return the PtpClocks, in node order
     */
    ApplicationContainer Install(const NodeContainer& nodes) const;

    /**
     * Ordinary clocks with a priority1 per node: the BMCA picks the lowest as grandmaster, the
     * next lowest takes over when it fails.
     * \param nodes the nodes
     * \param priority1 one value per node (0 to 255)
     * \return the PtpClocks, in node order
     */
    ApplicationContainer Install(const NodeContainer& nodes,
                                 const std::vector<uint8_t>& priority1) const;

    /**
     * \param node the node
     * \return its ordinary clock
     */
    Ptr<PtpClock> Install(Ptr<Node> node) const;

    /**
     * A boundary clock with one port per device of the node that has an IPv4 address. When
     * the node forwards through a SwitchRouting, PTP datagrams (UDP 319 and 320) are no longer
     * forwarded there: a boundary clock ends every PTP path (the switch's forward hook).
     * \param node the node
     * \return its boundary clock
     */
    Ptr<PtpClock> InstallBoundary(Ptr<Node> node) const;

    /**
     * \param switchNode a switch with a SwitchRouting and a LocalClock
     * \return its end-to-end transparent clock
     */
    Ptr<PtpTransparentClock> InstallTransparent(Ptr<Node> switchNode) const;

    /**
     * Fix the random streams of the PTP applications on the nodes (in node order, then
     * application order).
     * \param nodes the nodes
     * \param stream first stream index
     * \return the number of streams used
     */
    int64_t AssignStreams(const NodeContainer& nodes, int64_t stream) const;

  private:
    /**
     * \param node the node
     * \param devices its ports
     * \return a new clock with the helper's attributes and servo, added to the node
     */
    Ptr<PtpClock> Create(Ptr<Node> node, const std::vector<Ptr<NetDevice>>& devices) const;

    ObjectFactory m_clockFactory;       //!< PtpClock
    ObjectFactory m_servoFactory;       //!< ClockServo (no TypeId: the clock's default)
    bool m_servoSet{false};             //!< SetServo was called
    ObjectFactory m_transparentFactory; //!< PtpTransparentClock
};

template <typename... Ts>
void
PtpHelper::SetServo(const std::string& type, Ts&&... args)
{
    m_servoFactory.SetTypeId(type);
    m_servoFactory.Set(std::forward<Ts>(args)...);
    m_servoSet = true;
}

} // namespace ns3

#endif /* PTP_HELPER_H */
