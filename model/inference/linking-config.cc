/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "linking-config.h"

#include "message-linking-analyzer.h"

#include "ns3/chronometry-validation.h"
#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("LinkingConfig");

void
LinkingConfig::Validate() const
{
    // The ranges are the Attributes' of MessageLinkingAnalyzer, whose fields these are.
    MessageLinkingAnalyzer::CheckConfig(*this);
}

} // namespace ns3
