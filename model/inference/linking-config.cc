/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "linking-config.h"

#include "ns3/chronometry-validation.h"
#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("LinkingConfig");

// LinkingConfig::Validate is in message-linking-analyzer.cc, beside the Attributes whose
// ranges it checks (so this unit does not include the analyzer, which includes it).

} // namespace ns3
