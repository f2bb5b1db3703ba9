/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef MESSAGE_LINKING_ANALYZER_H
#define MESSAGE_LINKING_ANALYZER_H

#include "message-linking.h"

#include "ns3/object.h"
#include "ns3/traced-callback.h"

namespace ns3
{

/**
 * \ingroup chronometry
 * The WAP5 linker as an ns-3 Object: its parameters are Attributes
 * (Window x, Spontaneous y, TryBothBand, TryMostLikely, MaxTryBoth k,
 * MaxCandidates, DelayModel, Iterations) whose ranged checkers refuse an
 * invalid value by name; Analyze() runs MessageLinker on a reconciled trace
 * and fires the Analyzed trace source.
 */
class MessageLinkingAnalyzer : public Object
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    MessageLinkingAnalyzer();

    /** \return the configuration the Attributes describe */
    LinkingConfig GetConfig() const;

    /**
     * Check every field of \p config against its Attribute's checker (the one declaration of
     * the linker's ranges), through chronometry::ReportConfigError naming the Attribute.
     * \param config a configuration
     */
    static void CheckConfig(const LinkingConfig& config);

    /**
     * \param trace a reconciled trace
     * \return links and path patterns
     */
    LinkingResult Analyze(const std::vector<TraceMessage>& trace);

    /**
     * TracedCallback signature for a finished analysis.
     * \param [in] messages messages linked
     * \param [in] roots path roots
     * \param [in] patterns path patterns found
     */
    typedef void (*AnalyzedCallback)(uint64_t messages, uint64_t roots, uint64_t patterns);

  private:
    /** \param model the delay model (DelayModel) */
    void SetDelayModel(LinkDelayModel model);
    /** \return the delay model */
    LinkDelayModel GetDelayModel() const;

    LinkingConfig m_config; //!< the configuration, one field per Attribute
    TracedCallback<uint64_t, uint64_t, uint64_t> m_analyzed; //!< Analyzed
};

} // namespace ns3

#endif /* MESSAGE_LINKING_ANALYZER_H */
