/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef CAUSAL_PROCESS_H
#define CAUSAL_PROCESS_H

#include "causal-stamp.h"

#include "ns3/nstime.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ns3
{

class CausalEventLog;

/**
 * \ingroup chronometry
 * Per-process state of every enabled clock, applied to local, send and
 * receive events; simulator-free (the ns-3 stamper and the tests drive it).
 *
 * The physical time pt given to the clocks is made strictly increasing per
 * process (pt = max(reading, previous pt + one time step)), as HVC and HLC
 * assume.
 *
 * Events go to a full log (every event with a copy of its stamps: O(n) memory per event, for
 * small executions and tests), to a CausalEventLog (a compact record per event; the stamps are
 * recomputed on demand), or to both.
 */
class CausalProcess
{
  public:
    /**
     * \param config the system's clocks (validated)
     * \param self this process
     * \param log where events are appended with their full stamps (may be null)
     * \param compact where events are appended as compact records (may be null; the process
     *        registers itself there: one process per index and log)
     */
    CausalProcess(const CausalityConfig& config,
                  uint32_t self,
                  std::vector<CausalEvent>* log,
                  CausalEventLog* compact = nullptr);

    /**
     * \param config the system's clocks (validated)
     * \param self this process
     * \param compact where events are appended as compact records (registers this process)
     */
    CausalProcess(const CausalityConfig& config, uint32_t self, CausalEventLog* compact);

    /**
     * \param trueTime simulator time
     * \param pt physical clock reading
     */
    void OnLocal(Time trueTime, Time pt);

    /**
     * \param trueTime simulator time
     * \param pt physical clock reading
     * \param messageId identifies the message
     * \param destination receiving process
     * \return the stamp bytes to carry with the message
     */
    std::vector<uint8_t> OnSend(Time trueTime, Time pt, uint64_t messageId, uint32_t destination);

    /**
     * \param bytes the stamp bytes carried by the message
     * \param trueTime simulator time
     * \param pt physical clock reading
     * \param messageId identifies the message
     * \param source sending process
     * \return false if the bytes were malformed (counted; no event, no state change)
     */
    bool OnReceive(const std::vector<uint8_t>& bytes,
                   Time trueTime,
                   Time pt,
                   uint64_t messageId,
                   uint32_t source);

    /** \return the current timestamps */
    const CausalStamp& GetStamp() const;

    /** \return malformed stamps dropped */
    uint64_t GetMalformedCount() const;

  private:
    /**
     * \param pt a reading
     * \return the strictly increasing pt to use
     */
    Time NextPt(Time pt);

    /**
     * Append an event to the logs.
     * \param kind event kind
     * \param trueTime simulator time
     * \param pt physical time used
     * \param messageId message or 0
     * \param peer peer or n
     * \param wire the stamp bytes sent or received (null for local)
     * \param wireBytes stamp size
     */
    void Log(CausalEventKind kind,
             Time trueTime,
             Time pt,
             uint64_t messageId,
             uint32_t peer,
             const uint8_t* wire,
             uint32_t wireBytes);

    CausalityConfig m_config;        //!< clocks
    uint32_t m_self;                 //!< this process
    std::vector<CausalEvent>* m_log; //!< full event log
    CausalEventLog* m_compact;       //!< compact event log
    CausalStamp m_stamp;             //!< current timestamps
    CausalStamp m_remote;            //!< decoding space for received stamps (reused)
    std::vector<uint8_t> m_scratch;  //!< encoding space (reused)
    bool m_hasPt;                    //!< whether m_lastPt is valid
    Time m_lastPt;                   //!< previous pt
    uint64_t m_malformed;            //!< dropped stamps
};

} // namespace ns3

#endif /* CAUSAL_PROCESS_H */
