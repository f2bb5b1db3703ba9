/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "message-linking-analyzer.h"

#include "ns3/boolean.h"
#include "ns3/chronometry-validation.h"
#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/nstime.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("MessageLinkingAnalyzer");
NS_OBJECT_ENSURE_REGISTERED(MessageLinkingAnalyzer);

TypeId
MessageLinkingAnalyzer::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::MessageLinkingAnalyzer")
            .SetParent<Object>()
            .SetGroupName("Chronometry")
            .AddConstructor<MessageLinkingAnalyzer>()
            .AddAttribute("Window",
                          "x: longest causal delay considered (above the longest real node "
                          "delay); valid range [1 time step, 24 h].",
                          TimeValue(Seconds(2)),
                          MakeTimeAccessor(&MessageLinkingAnalyzer::SetWindow,
                                           &MessageLinkingAnalyzer::GetWindow),
                          MakeTimeChecker())
            .AddAttribute("Spontaneous",
                          "y: spontaneity weighs as a delay of y times the pair's mean delay d "
                          "(dimensionless); valid range [0, 1000].",
                          DoubleValue(4.0),
                          MakeDoubleAccessor(&MessageLinkingAnalyzer::SetSpontaneous,
                                             &MessageLinkingAnalyzer::GetSpontaneous),
                          MakeDoubleChecker<double>())
            .AddAttribute("TryBothBand",
                          "Links with |p - 0.5| <= band are tried both ways (probability); "
                          "valid range [0, 0.5].",
                          DoubleValue(0.2),
                          MakeDoubleAccessor(&MessageLinkingAnalyzer::SetTryBothBand,
                                             &MessageLinkingAnalyzer::GetTryBothBand),
                          MakeDoubleChecker<double>())
            .AddAttribute("TryMostLikely",
                          "A child's most likely parent is always tried both ways (paper).",
                          BooleanValue(true),
                          MakeBooleanAccessor(&MessageLinkingAnalyzer::SetTryMostLikely,
                                              &MessageLinkingAnalyzer::GetTryMostLikely),
                          MakeBooleanChecker())
            .AddAttribute("MaxTryBoth",
                          "k: try-both decisions per root (at most 2^k instances per root); "
                          "valid range [0, 20].",
                          UintegerValue(4),
                          MakeUintegerAccessor(&MessageLinkingAnalyzer::SetMaxTryBoth,
                                               &MessageLinkingAnalyzer::GetMaxTryBoth),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("MaxCandidates",
                          "Most recent candidate parents kept per message; valid range [1, 1e6].",
                          UintegerValue(16),
                          MakeUintegerAccessor(&MessageLinkingAnalyzer::SetMaxCandidates,
                                               &MessageLinkingAnalyzer::GetMaxCandidates),
                          MakeUintegerChecker<uint32_t>())
            .AddTraceSource("Analyzed",
                            "A trace was analyzed: messages, roots, patterns.",
                            MakeTraceSourceAccessor(&MessageLinkingAnalyzer::m_analyzed),
                            "ns3::MessageLinkingAnalyzer::AnalyzedCallback");
    return tid;
}

MessageLinkingAnalyzer::MessageLinkingAnalyzer() = default;

LinkingConfig
MessageLinkingAnalyzer::GetConfig() const
{
    return m_config;
}

LinkingResult
MessageLinkingAnalyzer::Analyze(const std::vector<TraceMessage>& trace)
{
    LinkingResult r = MessageLinker(m_config).Analyze(trace);
    m_analyzed(trace.size(), r.roots.size(), r.patterns.size());
    return r;
}

void
MessageLinkingAnalyzer::SetWindow(Time window)
{
    chronometry::RequireTimeInRange("ns3::MessageLinkingAnalyzer::Window",
                                    window,
                                    Time::From(1),
                                    Hours(24));
    m_config.window = window;
}

Time
MessageLinkingAnalyzer::GetWindow() const
{
    return m_config.window;
}

void
MessageLinkingAnalyzer::SetSpontaneous(double y)
{
    chronometry::RequireDoubleInRange("ns3::MessageLinkingAnalyzer::Spontaneous", y, 0, 1000, "");
    m_config.spontaneous = y;
}

double
MessageLinkingAnalyzer::GetSpontaneous() const
{
    return m_config.spontaneous;
}

void
MessageLinkingAnalyzer::SetTryBothBand(double band)
{
    chronometry::RequireDoubleInRange("ns3::MessageLinkingAnalyzer::TryBothBand", band, 0, 0.5, "");
    m_config.tryBothBand = band;
}

double
MessageLinkingAnalyzer::GetTryBothBand() const
{
    return m_config.tryBothBand;
}

void
MessageLinkingAnalyzer::SetTryMostLikely(bool on)
{
    m_config.tryMostLikely = on;
}

bool
MessageLinkingAnalyzer::GetTryMostLikely() const
{
    return m_config.tryMostLikely;
}

void
MessageLinkingAnalyzer::SetMaxTryBoth(uint32_t k)
{
    chronometry::RequireDoubleInRange("ns3::MessageLinkingAnalyzer::MaxTryBoth", k, 0, 20, "");
    m_config.maxTryBoth = k;
}

uint32_t
MessageLinkingAnalyzer::GetMaxTryBoth() const
{
    return m_config.maxTryBoth;
}

void
MessageLinkingAnalyzer::SetMaxCandidates(uint32_t n)
{
    chronometry::RequireDoubleInRange("ns3::MessageLinkingAnalyzer::MaxCandidates", n, 1, 1e6, "");
    m_config.maxCandidates = n;
}

uint32_t
MessageLinkingAnalyzer::GetMaxCandidates() const
{
    return m_config.maxCandidates;
}

} // namespace ns3
