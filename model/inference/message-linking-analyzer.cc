/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "message-linking-analyzer.h"

#include "ns3/boolean.h"
#include "ns3/chronometry-accessors.h"
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
            // The fields of LinkingConfig, declared once: the defaults are the struct's, the
            // ranges are checked here (LinkingConfig::Validate asks these checkers).
            .AddAttribute(
                "Window",
                "x: longest causal delay considered (above the longest real node "
                "delay).",
                TimeValue(LinkingConfig{}.window),
                chronometry::MakeFieldAccessor<TimeValue>(&MessageLinkingAnalyzer::m_config,
                                                          &LinkingConfig::window),
                chronometry::MakeTimeRangeChecker(Time::From(1), Hours(24)))
            .AddAttribute(
                "Spontaneous",
                "y: spontaneity weighs as a delay of y times the pair's mean delay d "
                "(dimensionless).",
                DoubleValue(LinkingConfig{}.spontaneous),
                chronometry::MakeFieldAccessor<DoubleValue>(&MessageLinkingAnalyzer::m_config,
                                                            &LinkingConfig::spontaneous),
                chronometry::MakeDoubleRangeChecker(0, 1000))
            .AddAttribute(
                "TryBothBand",
                "Links with |p - 0.5| <= band are tried both ways (probability).",
                DoubleValue(LinkingConfig{}.tryBothBand),
                chronometry::MakeFieldAccessor<DoubleValue>(&MessageLinkingAnalyzer::m_config,
                                                            &LinkingConfig::tryBothBand),
                chronometry::MakeDoubleRangeChecker(0, 0.5))
            .AddAttribute(
                "TryMostLikely",
                "A child's most likely parent is always tried both ways (paper).",
                BooleanValue(LinkingConfig{}.tryMostLikely),
                chronometry::MakeFieldAccessor<BooleanValue>(&MessageLinkingAnalyzer::m_config,
                                                             &LinkingConfig::tryMostLikely),
                MakeBooleanChecker())
            .AddAttribute(
                "MaxTryBoth",
                "k: try-both decisions per root (at most 2^k instances per root).",
                UintegerValue(LinkingConfig{}.maxTryBoth),
                chronometry::MakeFieldAccessor<UintegerValue>(&MessageLinkingAnalyzer::m_config,
                                                              &LinkingConfig::maxTryBoth),
                chronometry::MakeUintegerRangeChecker(0, 20))
            .AddAttribute(
                "MaxCandidates",
                "Most recent candidate parents kept per message.",
                UintegerValue(LinkingConfig{}.maxCandidates),
                chronometry::MakeFieldAccessor<UintegerValue>(&MessageLinkingAnalyzer::m_config,
                                                              &LinkingConfig::maxCandidates),
                chronometry::MakeUintegerRangeChecker(1, 1000000))
            .AddAttribute("DelayModel",
                          "PerChildPair: one mean delay d per child pair B->C, shared by every "
                          "candidate (the paper; the most likely parent is always the latest "
                          "arrival). PerParentPair: one d per (X->B, B->C), candidates weighed "
                          "by the exponential density (an extension).",
                          EnumValue(LinkingConfig{}.delayModel),
                          chronometry::MakeEnumAccessorOf<LinkDelayModel>(
                              &MessageLinkingAnalyzer::SetDelayModel,
                              &MessageLinkingAnalyzer::GetDelayModel),
                          MakeEnumChecker(LinkingConfig::PER_CHILD_PAIR,
                                          "PerChildPair",
                                          LinkingConfig::PER_PARENT_PAIR,
                                          "PerParentPair"))
            .AddAttribute(
                "Iterations",
                "Rounds of re-estimating d from the link probabilities and weighing "
                "again (the paper: 0).",
                UintegerValue(LinkingConfig{}.iterations),
                chronometry::MakeFieldAccessor<UintegerValue>(&MessageLinkingAnalyzer::m_config,
                                                              &LinkingConfig::iterations),
                chronometry::MakeUintegerRangeChecker(0, 100))
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

void
MessageLinkingAnalyzer::SetDelayModel(LinkDelayModel model)
{
    m_config.delayModel = model;
}

LinkDelayModel
MessageLinkingAnalyzer::GetDelayModel() const
{
    return m_config.delayModel;
}

void
MessageLinkingAnalyzer::CheckConfig(const LinkingConfig& config)
{
    // Each field through its Attribute's checker: the ranges are declared once, above.
    Ptr<MessageLinkingAnalyzer> holder = CreateObject<MessageLinkingAnalyzer>();
    holder->m_config = config;
    TypeId tid = GetTypeId();
    for (std::size_t i = 0; i < tid.GetAttributeN(); ++i)
    {
        TypeId::AttributeInformation info = tid.GetAttribute(i);
        Ptr<AttributeValue> value = info.checker->Create();
        holder->GetAttribute(info.name, *value);
        chronometry::CheckAttributeValue(*holder, info.name, *value);
    }
}

LinkingResult
MessageLinkingAnalyzer::Analyze(const std::vector<TraceMessage>& trace)
{
    NS_LOG_FUNCTION(this << trace.size());
    LinkingResult r = MessageLinker(GetConfig()).Analyze(trace);
    m_analyzed(trace.size(), r.roots.size(), r.patterns.size());
    return r;
}

void
LinkingConfig::Validate() const
{
    // The ranges are the Attributes' of MessageLinkingAnalyzer, whose fields these are.
    MessageLinkingAnalyzer::CheckConfig(*this);
}

} // namespace ns3
