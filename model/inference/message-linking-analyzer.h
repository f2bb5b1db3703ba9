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
    Time m_window;               //!< x
    double m_spontaneous;        //!< y
    double m_tryBothBand;        //!< try-both band
    bool m_tryMostLikely;        //!< a child's most likely parent is tried both ways
    uint32_t m_maxTryBoth;       //!< k
    uint32_t m_maxCandidates;    //!< candidates kept per message
    LinkDelayModel m_delayModel; //!< d per child pair (paper) or per parent pair
    uint32_t m_iterations;       //!< re-estimation rounds of steps 1-2
    TracedCallback<uint64_t, uint64_t, uint64_t> m_analyzed; //!< Analyzed
};

} // namespace ns3

#endif /* MESSAGE_LINKING_ANALYZER_H */
