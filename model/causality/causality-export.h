/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef CAUSALITY_EXPORT_H
#define CAUSALITY_EXPORT_H

#include "causal-event-log.h"
#include "causal-process.h"

#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup chronometry
 * Writers for an execution log (files are written atomically: a temporary
 * file, then a rename).
 */
class CausalityExport
{
  public:
    /**
     * One row per event: id, process, kind, true and physical time (ns),
     * message, peer, stamp bytes, then each enabled clock (vector as
     * "k:v;..." of non-zero entries, Lamport, HLC l and c, HVC active entries
     * as "k:v;...", RepCl mx, offsets/counters as "k:o/c;...", theta, sigma
     * and encoded bits).
     * \param log the events
     * \param path output file
     * \return false if the file could not be written
     */
    static bool WriteCsv(const std::vector<CausalEvent>& log, const std::string& path);

    /**
     * WriteCsv() over a compact log (one replay; the same bytes as over its events).
     * \param log the events
     * \param path output file
     * \return false if the file could not be written
     */
    static bool WriteCsv(const CausalEventLog& log, const std::string& path);

    /**
     * A ShiViz log: line 1 the parser regular expression with the named groups
     * host, clock and event (plus hlc, hvc and repcl as extra fields), line 2
     * the execution delimiter, then one line per event.  The clock field is the
     * ground-truth vector clock as a JSON object keyed by host name, zero
     * entries omitted; a host's own entry starts at 1 and rises by 1 per event.
     * \param log the events
     * \param path output file
     * \return false if the file could not be written
     */
    static bool WriteShiViz(const std::vector<CausalEvent>& log, const std::string& path);

    /**
     * WriteShiViz() over a compact log (one replay; the same bytes as over its events).
     * \param log the events
     * \param path output file
     * \return false if the file could not be written
     */
    static bool WriteShiViz(const CausalEventLog& log, const std::string& path);

    /** \return the regular expression written on ShiViz line 1 */
    static std::string ShiVizRegex();

    /**
     * \param e an event
     * \return its ShiViz log line (without newline)
     */
    static std::string ShiVizLine(const CausalEvent& e);
};

} // namespace ns3

#endif /* CAUSALITY_EXPORT_H */
