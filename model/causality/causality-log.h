/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef CAUSALITY_LOG_H
#define CAUSALITY_LOG_H

#include "causal-event-log.h"
#include "replay-checker.h"

#include "ns3/nstime.h"
#include "ns3/object.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup chronometry
 * The execution log shared by the stampers of one system, with its exports
 * and the replay checker.  The events are kept as a CausalEventLog: a fixed-size record per
 * event, whatever the number of processes; the stamps are recomputed when the log is read.
 */
class CausalityLog : public Object
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    /**
     * The events, in simulation order: iterate (for (const auto& e : GetEvents())) to read
     * each with its stamps in bounded memory; size() and GetRecord() read no stamps; random
     * access and the conversion to std::vector<CausalEvent> materialize every stamp (see
     * CausalEventLog).
     * \return the events
     */
    CausalEventLog& GetEvents();

    /** \return the events, in simulation order */
    const CausalEventLog& GetEvents() const;

    /**
     * \param path CSV file (written atomically)
     * \return false on error
     */
    bool WriteCsv(const std::string& path) const;

    /**
     * \param path ShiViz log (written atomically)
     * \return false on error
     */
    bool WriteShiViz(const std::string& path) const;

    /**
     * \param options checker settings
     * \return the checker's report over the log (with the skew mismatches reported by the
     *         stampers as notes)
     */
    ReplayCheckerReport Check(const ReplayCheckerOptions& options) const;

    /**
     * Check with the stampers' own settings (GetCheckerOptions()).
     * \return the checker's report over the log
     */
    ReplayCheckerReport Check() const;

    /**
     * The checker settings the stampers of this log run with: skewBound = Epsilon x Interval
     * (RepCl's E), interval = Interval, hvcSkewBound = HVC's E.  Refused (configuration
     * error) before a stamper has started.
     * \return the options, the rest at their defaults
     */
    ReplayCheckerOptions GetCheckerOptions() const;

    /**
     * Called by each stamper at start: the E, I and HVC epsilon it runs with.  Every stamper of
     * one log must run with the same; a different one is refused, naming both.
     * \param node the stamper's node id
     * \param skewBound RepCl's E (Epsilon x Interval)
     * \param interval RepCl's I
     * \param hvcSkewBound HVC's skew bound E (its epsilon)
     */
    void RegisterStamperSettings(uint32_t node, Time skewBound, Time interval, Time hvcSkewBound);

    /**
     * Record a skew mismatch that was allowed (AllowSkewMismatch): reported by Check() and
     * GetSkewMismatches(), never silent.
     * \param what one line naming both values
     */
    void ReportSkewMismatch(const std::string& what);

    /** \return the allowed skew mismatches reported by the stampers */
    const std::vector<std::string>& GetSkewMismatches() const;

    /**
     * The mean size of one clock's encoding per message sent, over every stamper of this log
     * (CausalEventLog::GetMeanStampBytes).  A whole stamp adds a flags byte and a 16-bit length
     * per carried clock to these (CausalityStamper::GetStampBytes counts it all).
     * \param clock a clock
     * \return bytes per message (0 before the first send, or when the stamps do not carry it)
     */
    double GetMeanStampBytes(CausalClockKind clock) const;

  private:
    CausalEventLog m_events;                   //!< the log
    bool m_registered = false;                 //!< a stamper has registered its settings
    uint32_t m_firstNode = 0;                  //!< the first stamper's node
    Time m_skewBound;                          //!< RepCl E of the stampers
    Time m_interval;                           //!< RepCl I of the stampers
    Time m_hvcSkewBound;                       //!< HVC's E (epsilon) of the stampers
    std::vector<std::string> m_skewMismatches; //!< allowed mismatches, one line each
};

} // namespace ns3

#endif /* CAUSALITY_LOG_H */
