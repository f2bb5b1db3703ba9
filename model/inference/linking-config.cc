/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "linking-config.h"

#include "message-linking-analyzer.h"

#include "ns3/chronometry-validation.h"

namespace ns3
{

void
LinkingConfig::Validate() const
{
    // The ranges are the Attributes' of MessageLinkingAnalyzer, whose fields these are.
    MessageLinkingAnalyzer::CheckConfig(*this);
}

} // namespace ns3
