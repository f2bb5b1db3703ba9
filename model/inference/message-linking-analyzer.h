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
 * MaxCandidates), validated when set; Analyze() runs MessageLinker on a
 * reconciled trace and fires the Analyzed trace source.
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
    /** \param window x */
    void SetWindow(Time window);
    /** \return x */
    Time GetWindow() const;
    /** \param y spontaneous factor */
    void SetSpontaneous(double y);
    /** \return y */
    double GetSpontaneous() const;
    /** \param band try-both band */
    void SetTryBothBand(double band);
    /** \return the band */
    double GetTryBothBand() const;
    /** \param on always try a child's most likely parent both ways */
    void SetTryMostLikely(bool on);
    /** \return the flag */
    bool GetTryMostLikely() const;
    /** \param k try-both decisions per root */
    void SetMaxTryBoth(uint32_t k);
    /** \return k */
    uint32_t GetMaxTryBoth() const;
    /** \param n candidates kept per message */
    void SetMaxCandidates(uint32_t n);
    /** \return the candidates kept */
    uint32_t GetMaxCandidates() const;

    LinkingConfig m_config;                                  //!< the parameters
    TracedCallback<uint64_t, uint64_t, uint64_t> m_analyzed; //!< Analyzed
};

} // namespace ns3

#endif /* MESSAGE_LINKING_ANALYZER_H */
