/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef CAUSALITY_HELPER_H
#define CAUSALITY_HELPER_H

#include "ns3/causality-stamper.h"
#include "ns3/node-container.h"
#include "ns3/object-factory.h"

namespace ns3
{

/**
 * \ingroup chronometry
 * Installs a CausalityStamper on each node (process i = i-th node of the
 * container) sharing one CausalityLog.  Every node needs an IPv4 stack and
 * a LocalClock (ClockHelper) first.
 */
class CausalityHelper
{
  public:
    CausalityHelper();

    /**
     * \param name a CausalityStamper attribute
     * \param value its value for every stamper
     */
    void SetStamperAttribute(const std::string& name, const AttributeValue& value);

    /**
     * \param nodes the processes, in order
     * \return the shared log
     */
    Ptr<CausalityLog> Install(const NodeContainer& nodes) const;

  private:
    ObjectFactory m_factory; //!< makes stampers
};

} // namespace ns3

#endif /* CAUSALITY_HELPER_H */
