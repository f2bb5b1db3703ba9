/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "scheduled-operation-record.h"

#include "scheduling-header.h"

#include "ns3/log.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("ScheduledOperationRecord");

bool
ScheduledOperationRecord::Missed() const
{
    return error && errorCode == SchedulingHeader::TOO_FAR_PAST;
}

ScheduledOperationSummary
SummarizeRecords(const std::vector<ScheduledOperationRecord>& records)
{
    NS_LOG_FUNCTION(records.size());
    ScheduledOperationSummary s;
    double delaySum = 0;
    for (const auto& r : records)
    {
        ++s.records;
        s.reported += r.reported;
        s.lateSends += r.late;
        s.lateArrivals += r.arrivedLate;
        s.missed += r.Missed();
        s.errors += r.error;
        s.unanswered += !r.acked && !r.reported && !r.error;
        s.scheduleRetries += r.scheduleCopies > 1 ? r.scheduleCopies - 1 : 0;
        s.cancels += r.cancelSent;
        s.cancelRetries += r.cancelCopies > 1 ? r.cancelCopies - 1 : 0;
        s.cancelsConfirmed += r.cancelAcked && r.cancelCode == SchedulingHeader::OK;
        s.cancelsTooLate += r.cancelAcked && r.cancelCode == SchedulingHeader::NOT_PENDING;
        if (r.reported)
        {
            double d = r.startDelay.GetNanoSeconds();
            delaySum += d;
            s.maxStartDelayNs = std::max(s.maxStartDelayNs, d);
        }
    }
    if (s.reported > 0)
    {
        s.meanStartDelayNs = delaySum / s.reported;
    }
    return s;
}

} // namespace ns3
