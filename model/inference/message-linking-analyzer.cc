/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "message-linking-analyzer.h"

#include "ns3/boolean.h"
#include "ns3/chronometry-checkers.h"
#include "ns3/chronometry-ns3-compat.h"
#include "ns3/double.h"
#include "ns3/enum.h"
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
                          "delay).",
                          TimeValue(Seconds(2)),
                          MakeTimeAccessor(&MessageLinkingAnalyzer::m_window),
                          chronometry::MakeTimeRangeChecker(Time::From(1), Hours(24)))
            .AddAttribute("Spontaneous",
                          "y: spontaneity weighs as a delay of y times the pair's mean delay d "
                          "(dimensionless).",
                          DoubleValue(4.0),
                          MakeDoubleAccessor(&MessageLinkingAnalyzer::m_spontaneous),
                          chronometry::MakeDoubleRangeChecker(0, 1000))
            .AddAttribute("TryBothBand",
                          "Links with |p - 0.5| <= band are tried both ways (probability).",
                          DoubleValue(0.2),
                          MakeDoubleAccessor(&MessageLinkingAnalyzer::m_tryBothBand),
                          chronometry::MakeDoubleRangeChecker(0, 0.5))
            .AddAttribute("TryMostLikely",
                          "A child's most likely parent is always tried both ways (paper).",
                          BooleanValue(true),
                          MakeBooleanAccessor(&MessageLinkingAnalyzer::m_tryMostLikely),
                          MakeBooleanChecker())
            .AddAttribute("MaxTryBoth",
                          "k: try-both decisions per root (at most 2^k instances per root).",
                          UintegerValue(4),
                          MakeUintegerAccessor(&MessageLinkingAnalyzer::m_maxTryBoth),
                          chronometry::MakeUintegerRangeChecker(0, 20))
            .AddAttribute("MaxCandidates",
                          "Most recent candidate parents kept per message.",
                          UintegerValue(16),
                          MakeUintegerAccessor(&MessageLinkingAnalyzer::m_maxCandidates),
                          chronometry::MakeUintegerRangeChecker(1, 1000000))
            .AddAttribute("DelayModel",
                          "PerChildPair: one mean delay d per child pair B->C, shared by every "
                          "candidate (the paper; the most likely parent is always the latest "
                          "arrival). PerParentPair: one d per (X->B, B->C), candidates weighed "
                          "by the exponential density (an extension).",
                          EnumValue(LinkingConfig::PER_CHILD_PAIR),
                          chronometry::MakeEnumAccessorOf<LinkDelayModel>(
                              &MessageLinkingAnalyzer::m_delayModel),
                          MakeEnumChecker(LinkingConfig::PER_CHILD_PAIR,
                                          "PerChildPair",
                                          LinkingConfig::PER_PARENT_PAIR,
                                          "PerParentPair"))
            .AddAttribute("Iterations",
                          "Rounds of re-estimating d from the link probabilities and weighing "
                          "again (the paper: 0).",
                          UintegerValue(0),
                          MakeUintegerAccessor(&MessageLinkingAnalyzer::m_iterations),
                          chronometry::MakeUintegerRangeChecker(0, 100))
            .AddTraceSource("Analyzed",
                            "A trace was analyzed: messages, roots, patterns.",
                            MakeTraceSourceAccessor(&MessageLinkingAnalyzer::m_analyzed),
                            "ns3::MessageLinkingAnalyzer::AnalyzedCallback");
    return tid;
}

MessageLinkingAnalyzer::MessageLinkingAnalyzer()
{
    LinkingConfig defaults;
    m_window = defaults.window;
    m_spontaneous = defaults.spontaneous;
    m_tryBothBand = defaults.tryBothBand;
    m_tryMostLikely = defaults.tryMostLikely;
    m_maxTryBoth = defaults.maxTryBoth;
    m_maxCandidates = defaults.maxCandidates;
    m_delayModel = defaults.delayModel;
    m_iterations = defaults.iterations;
}

LinkingConfig
MessageLinkingAnalyzer::GetConfig() const
{
    LinkingConfig c;
    c.window = m_window;
    c.spontaneous = m_spontaneous;
    c.tryBothBand = m_tryBothBand;
    c.tryMostLikely = m_tryMostLikely;
    c.maxTryBoth = m_maxTryBoth;
    c.maxCandidates = m_maxCandidates;
    c.delayModel = m_delayModel;
    c.iterations = m_iterations;
    return c;
}

LinkingResult
MessageLinkingAnalyzer::Analyze(const std::vector<TraceMessage>& trace)
{
    NS_LOG_FUNCTION(this << trace.size());
    LinkingResult r = MessageLinker(GetConfig()).Analyze(trace);
    m_analyzed(trace.size(), r.roots.size(), r.patterns.size());
    return r;
}

} // namespace ns3
