/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "causality-log.h"

#include "causality-export.h"

#include "ns3/chronometry-validation.h"
#include "ns3/log.h"

#include <iostream>
#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("CausalityLog");

NS_OBJECT_ENSURE_REGISTERED(CausalityLog);

TypeId
CausalityLog::GetTypeId()
{
    static TypeId tid = TypeId("ns3::CausalityLog")
                            .SetParent<Object>()
                            .SetGroupName("Chronometry")
                            .AddConstructor<CausalityLog>();
    return tid;
}

CausalEventLog&
CausalityLog::GetEvents()
{
    return m_events;
}

const CausalEventLog&
CausalityLog::GetEvents() const
{
    return m_events;
}

bool
CausalityLog::WriteCsv(const std::string& path) const
{
    return CausalityExport::WriteCsv(m_events, path);
}

bool
CausalityLog::WriteShiViz(const std::string& path) const
{
    return CausalityExport::WriteShiViz(m_events, path);
}

ReplayCheckerReport
CausalityLog::Check(const ReplayCheckerOptions& options) const
{
    ReplayCheckerReport report = ReplayChecker::Check(m_events, options);
    report.notes.insert(report.notes.end(), m_skewMismatches.begin(), m_skewMismatches.end());
    return report;
}

ReplayCheckerReport
CausalityLog::Check() const
{
    return Check(GetCheckerOptions());
}

ReplayCheckerOptions
CausalityLog::GetCheckerOptions() const
{
    if (!m_registered)
    {
        chronometry::ReportConfigError("CausalityLog::GetCheckerOptions: no CausalityStamper has "
                                       "started on this log (install them with CausalityHelper)");
    }
    ReplayCheckerOptions options;
    options.skewBound = m_skewBound;
    options.interval = m_interval;
    options.hvcSkewBound = m_hvcSkewBound;
    return options;
}

void
CausalityLog::RegisterStamperSettings(uint32_t node,
                                      Time skewBound,
                                      Time interval,
                                      Time hvcSkewBound)
{
    if (!m_registered)
    {
        m_registered = true;
        m_firstNode = node;
        m_skewBound = skewBound;
        m_interval = interval;
        m_hvcSkewBound = hvcSkewBound;
        return;
    }
    if (skewBound != m_skewBound || interval != m_interval || hvcSkewBound != m_hvcSkewBound)
    {
        std::ostringstream os;
        os << "CausalityStamper: every stamper of one system (one CausalityLog) must run with "
              "the same E, I and HVC epsilon: node "
           << m_firstNode << " runs with E = " << m_skewBound.As(Time::US)
           << ", I = " << m_interval.As(Time::US) << ", HVC's E = " << m_hvcSkewBound.As(Time::US)
           << "; node " << node << " with E = " << skewBound.As(Time::US)
           << ", I = " << interval.As(Time::US) << ", HVC's E = " << hvcSkewBound.As(Time::US)
           << " (give every node's clock the same skew bound, or set the stampers' SkewBound)";
        chronometry::ReportConfigError(os.str());
    }
}

void
CausalityLog::ReportSkewMismatch(const std::string& what)
{
    if (m_skewMismatches.empty())
    {
        std::cerr << "chronometry: " << what << std::endl; // once per system, never silent
    }
    m_skewMismatches.push_back(what);
}

const std::vector<std::string>&
CausalityLog::GetSkewMismatches() const
{
    return m_skewMismatches;
}

double
CausalityLog::GetMeanStampBytes(CausalClockKind clock) const
{
    return m_events.GetMeanStampBytes(clock);
}

} // namespace ns3
