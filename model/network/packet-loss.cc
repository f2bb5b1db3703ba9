/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "packet-loss.h"

#include "ns3/chronometry-checkers.h"
#include "ns3/chronometry-validation.h"
#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/error-model.h"

namespace ns3
{

Ptr<const AttributeChecker>
MakeLossRateChecker()
{
    return chronometry::MakeDoubleRangeChecker(0, 0.9);
}

std::string
LossRateHelp(const std::string& where)
{
    return "Probability that the network loses a packet, each independently (a RateErrorModel, "
           "packet unit, as the ReceiveErrorModel of " +
           where + ")";
}

Ptr<RateErrorModel>
CreatePacketLossModel(double rate)
{
    if (!(rate >= 0 && rate <= 1))
    {
        chronometry::ReportConfigError("packet loss rate = " + std::to_string(rate) +
                                       " is invalid; valid range: [0, 1]");
    }
    Ptr<RateErrorModel> model = CreateObject<RateErrorModel>();
    model->SetAttribute("ErrorUnit", EnumValue(RateErrorModel::ERROR_UNIT_PACKET));
    model->SetAttribute("ErrorRate", DoubleValue(rate));
    return model;
}

} // namespace ns3
