/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef PACKET_LOSS_H
#define PACKET_LOSS_H

#include "ns3/attribute.h"
#include "ns3/ptr.h"

#include <string>

/**
 * \file
 * \ingroup chronometry
 * Packet loss on links, declared once: the LossRate setting's range and help (every study
 * that loses packets declares it through StudyDeclaration::LossRate) and the error model that
 * loses them (the studies and SchedulingHelper::InstallMessageLoss build it here).
 */

namespace ns3
{

class RateErrorModel;

/**
 * \ingroup chronometry
 * \return the LossRate setting's checker: a probability in [0, 0.9] (above 0.9 nothing
 *         converges and a run only measures the loss)
 */
Ptr<const AttributeChecker> MakeLossRateChecker();

/**
 * \ingroup chronometry
 * \param where which devices lose packets in the study ("the data link's receiver")
 * \return the LossRate setting's help
 */
std::string LossRateHelp(const std::string& where);

/**
 * \ingroup chronometry
 * A RateErrorModel that drops each packet independently with probability \p rate (packet
 * unit), to be a device's ReceiveErrorModel; its stream is the caller's to assign.
 * \param rate the probability, in [0, 1]
 * \return the model
 */
Ptr<RateErrorModel> CreatePacketLossModel(double rate);

} // namespace ns3

#endif /* PACKET_LOSS_H */
