/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "linking-config.h"

#include "ns3/chronometry-validation.h"

namespace ns3
{

void
LinkingConfig::Validate() const
{
    chronometry::RequireTimeInRange("MessageLinker: window (x)", window, Time::From(1), Hours(24));
    chronometry::RequireDoubleInRange("MessageLinker: spontaneous (y)", spontaneous, 0, 1000, "");
    chronometry::RequireDoubleInRange("MessageLinker: tryBothBand", tryBothBand, 0, 0.5, "");
    chronometry::RequireDoubleInRange("MessageLinker: maxTryBoth (k)", maxTryBoth, 0, 20, "");
    chronometry::RequireDoubleInRange("MessageLinker: maxCandidates", maxCandidates, 1, 1e6, "");
    chronometry::RequireDoubleInRange("MessageLinker: iterations", iterations, 0, 100, "");
}

} // namespace ns3
