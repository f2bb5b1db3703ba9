/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef CAUSAL_EVENT_LOG_H
#define CAUSAL_EVENT_LOG_H

#include "causal-stamp.h"

#include "ns3/nstime.h"

#include <array>
#include <cstdint>
#include <iterator>
#include <memory>
#include <unordered_map>
#include <vector>

namespace ns3
{

/**
 * \ingroup chronometry
 * What a CausalEventLog keeps of one event: the event without its stamps, plus the link to the
 * message that lets the stamps be recomputed (48 bytes, whatever the number of processes).
 */
struct CausalEventRecord
{
    Time trueTime;        //!< simulator time
    Time pt;              //!< the physical time the clocks used
    uint64_t messageId;   //!< message sent or received (0 for local)
    uint64_t link;        //!< see CausalEventLog (receives of a send; the send of a receive)
    uint32_t process;     //!< where it happened
    uint32_t peer;        //!< destination of a send, source of a receive (n for local)
    uint32_t wireBytes;   //!< bytes of the stamp sent or received (0 for local)
    CausalEventKind kind; //!< send / receive / local
};

/**
 * \ingroup chronometry
 * An execution log whose memory per event does not depend on the number of processes n: it
 * keeps one CausalEventRecord per event and recomputes the stamps (the vector clock, Lamport,
 * HLC, HVC, RepCl) on demand by replaying the processes' clocks over the message graph.
 *
 * Why the replay is exact: a process' clocks change only at its own events, deterministically,
 * from the physical time pt of the event (logged after the strictly-increasing adjustment) and,
 * at a receive, the stamp bytes the message carried.  Each receive is linked to the send whose
 * bytes it carried: when it is logged, a 64-bit hash (XXH3) of the received bytes is compared
 * with the hash of the bytes its send produced; if they differ (a stamp from another system,
 * corrupted but still decodable, or a message id never sent here) the received bytes are kept
 * verbatim for that event.  The replay re-encodes each send's stamp (only while a receive of it
 * is ahead) and decodes it as the receiver did; so every replayed stamp equals the one the
 * process held, byte for byte (tests compare both on random executions).
 *
 * Cost: iterating holds every process' current stamps (n vector clocks: n^2 entries, 8 MB at
 * n = 1024) and the stamps of messages still to be received; a pass costs about what stamping
 * cost during the run.  Iteration yields a full CausalEvent per event; the reference it gives is
 * valid until the iterator moves on.  Random access (operator[], the conversion to a vector)
 * materializes every event with its full stamps, once (O(events x n) memory, as a plain vector
 * of events would be): meant for small logs and for code written against that vector.
 *
 * When the processes do not carry the vector clock (CausalityConfig::vectorOnWire = false), the
 * replay computes it from the message graph: a send keeps its vector while receives of it lie
 * ahead, and a receive merges it, also when the bytes it received were not its send's (a
 * corrupted stamp still carried the message).  The vectors are the ones the processes would have
 * carried; the messages did not pay n entries each.
 *
 * Record links: for a SEND, the number of logged receives of its message that the replay links to
 * it; for a RECEIVE, the index of its send, or OVERRIDE | k when the received bytes are kept (k-th
 * kept stamp); 0 for LOCAL.
 */
class CausalEventLog
{
  public:
    /** Marks a receive whose stamp bytes are kept verbatim. */
    static constexpr uint64_t OVERRIDE = uint64_t(1) << 63;

    class Cursor;

    /** Input iterator over the events with their stamps (a replay; see the class). */
    class const_iterator
    {
      public:
        using iterator_category = std::input_iterator_tag; //!< single pass
        using value_type = CausalEvent;                    //!< an event
        using difference_type = std::ptrdiff_t;            //!< distance
        using pointer = const CausalEvent*;                //!< pointer
        using reference = const CausalEvent&;              //!< reference

        const_iterator() = default;
        /** \param cursor the replay (null: the end) */
        explicit const_iterator(std::shared_ptr<Cursor> cursor);
        /** \return the current event (valid until the iterator moves) */
        reference operator*() const;
        /** \return the current event */
        pointer operator->() const;
        /** \return this, moved to the next event */
        const_iterator& operator++();
        /**
         * \param other another iterator
         * \return whether both are at the end, or share one replay at the same event
         */
        bool operator==(const const_iterator& other) const;
        /**
         * \param other another iterator
         * \return !(*this == other)
         */
        bool operator!=(const const_iterator& other) const;

      private:
        /** \return whether this iterator is past the last event */
        bool AtEnd() const;
        std::shared_ptr<Cursor> m_cursor; //!< the replay (shared by copies)
    };

    /**
     * A replay of the log: the processes' clocks, advanced event by event.
     */
    class Cursor
    {
      public:
        /**
         * \param log the log to replay (the events present now)
         * \param computeVector whether to recompute the vector clock the processes did not
         *        carry (CausalityConfig::LogComputesVector): O(n) per receive and n^2 entries
         *        in all.  Without it the replayed events report no vector clock (runsVector
         *        false) and cost what the other clocks cost; GetVectorMaximum() still answers.
         */
        explicit Cursor(const CausalEventLog& log, bool computeVector = true);

        /**
         * Advance to the next event.
         * \return false when there is none
         */
        bool Next();

        /** \return whether Next() has moved onto an event */
        bool Valid() const;

        /** \return the current event with its stamps (valid until Next()) */
        const CausalEvent& Current() const;

        /** \return the index of the current event */
        uint64_t Index() const;

        /**
         * \param process a process that has had an event
         * \return its stamps after its latest replayed event
         */
        const CausalStamp& StampOf(uint32_t process) const;

        /**
         * The largest entry of the current event's vector clock (what its encoded width
         * depends on): from the vector when the replay holds it, else followed along the
         * message graph in O(1) per event, as the replay would have computed the vector.
         * \return the largest entry (0 when the processes run no vector clock)
         */
        uint64_t GetVectorMaximum() const;

      private:
        /** A send's stamp bytes, kept while receives of it lie ahead. */
        struct Pending
        {
            std::vector<uint8_t> bytes;  //!< the encoding the receivers decoded
            uint64_t remaining;          //!< receives still ahead
            std::vector<uint64_t> truth; //!< the send's vector clock, when the log computes it
            uint64_t largest = 0;        //!< the largest entry of that vector clock
            /// The send's vector clock is still its process' current one but for the own
            /// entry (ownAtSend): no merge has changed it since, so it was not copied.
            bool live = false;
            uint32_t owner = 0;     //!< the sending process (live only)
            uint64_t ownAtSend = 0; //!< its own entry at the send (live only)
        };

        /**
         * Copy out the vector clock of every live send of a process (Pending::live), before a
         * receive merges into it.
         * \param process the process
         */
        void Detach(uint32_t process);

        /**
         * A receive's step of the recomputed vector clock: merge its send's vector (kept or
         * still live), or count the event when the send is not in the log.
         * \param r the receive's record
         * \param pending its send's pending entry, or null
         * \param vector the receiving process' vector clock
         */
        void MergeTruth(const CausalEventRecord& r, const Pending* pending, VectorClock& vector);

        /**
         * Keep a send's vector clock for its receives (marked live, not copied).
         * \param index the send's index in the log
         * \param process its process
         * \param vector the process' vector clock after the send
         * \param pending the send's pending entry
         */
        void KeepTruth(uint64_t index,
                       uint32_t process,
                       const VectorClock& vector,
                       Pending& pending);

        /**
         * Follow the vector clock's largest entry over the current event (GetVectorMaximum()).
         * \param r the event's record
         * \param pending its send's pending stamp, or null
         */
        void FollowMaximum(const CausalEventRecord& r, const Pending* pending);

        const CausalEventLog& m_log;                     //!< replayed log
        bool m_computeVector;                            //!< recompute an uncarried vector
        std::vector<uint64_t> m_events;                  //!< per process: events replayed
        std::vector<uint64_t> m_largest;                 //!< per process: largest vector entry
        uint64_t m_end;                                  //!< events replayed at most
        uint64_t m_next;                                 //!< next event to replay
        std::vector<std::unique_ptr<CausalEvent>> m_now; //!< per process: latest event
        std::unordered_map<uint64_t, Pending> m_pending; //!< send index -> bytes
        CausalStamp m_remote;                            //!< decoding space
        std::vector<uint8_t> m_scratch;                  //!< encoding space
        CausalEvent* m_current;                          //!< the current event
        std::vector<std::vector<uint64_t>> m_spare;      //!< reusable Pending::truth storage
        std::vector<std::vector<uint64_t>> m_live;       //!< per process: its live sends
    };

    CausalEventLog();

    /**
     * Register a process (CausalProcess does, at construction).  Every process of one log has
     * the same n; each index is registered once.
     * \param config the process' clocks (validated, replay.n = n)
     * \param self its index, below n
     */
    void AddProcess(const CausalityConfig& config, uint32_t self);

    /**
     * Append an event (CausalProcess does).
     * \param process a registered process
     * \param kind event kind
     * \param trueTime simulator time
     * \param pt the physical time the clocks used
     * \param messageId message id (0 for local)
     * \param peer peer (n for local)
     * \param wire the stamp bytes sent or received (null for local)
     * \param wireBytes their length
     */
    void Append(uint32_t process,
                CausalEventKind kind,
                Time trueTime,
                Time pt,
                uint64_t messageId,
                uint32_t peer,
                const uint8_t* wire,
                uint32_t wireBytes);

    /** \return the number of events */
    std::size_t size() const;

    /** \return whether there are no events */
    bool empty() const;

    /** \return the number of processes n (0 before the first registration) */
    uint32_t GetN() const;

    /**
     * \param index an event index, below size()
     * \return the event's record (no stamps; O(1))
     */
    const CausalEventRecord& GetRecord(std::size_t index) const;

    /**
     * \param process a process index
     * \return whether a process with that index has registered
     */
    bool IsRegistered(uint32_t process) const;

    /**
     * \param process a registered process
     * \return its clock configuration
     */
    const CausalityConfig& GetConfig(uint32_t process) const;

    /** \return receives whose stamp bytes are kept verbatim (not linked to a send of this log) */
    uint64_t GetOverrideCount() const;

    /**
     * \return the sends whose stamp bytes the log tallied per clock (every send whose bytes are
     *         framed as CausalStamp::Encode() frames them: all of a CausalProcess' sends)
     */
    uint64_t GetStampedSendCount() const;

    /**
     * What one clock costs on the wire, tallied from the bytes each send carried as it was
     * appended (CausalStamp::PartSizes: the framing is read, nothing is decoded).
     * \param clock a clock
     * \return the bytes of \p clock's encoding summed over the stamped sends, without the
     *         stamp's flags byte and the clock's 16-bit length field (0 when not carried)
     */
    uint64_t GetStampBytes(CausalClockKind clock) const;

    /**
     * \param clock a clock
     * \return GetStampBytes(clock) / GetStampedSendCount(), the mean size of \p clock's
     *         encoding per message, in bytes (0 before the first send or when not carried)
     */
    double GetMeanStampBytes(CausalClockKind clock) const;

    /** \return a replay from the first event */
    const_iterator begin() const;

    /** \return the end */
    const_iterator end() const;

    /**
     * Every event with its full stamps, computed once (and again after an append).
     * O(events x n) memory.
     * \return the events, in order
     */
    const std::vector<CausalEvent>& Materialize() const;

    /**
     * Random access through Materialize().
     * \param index an event index
     * \return the event
     */
    const CausalEvent& operator[](std::size_t index) const;

    /**
     * For code written against a vector of events (Materialize()).
     * \return the events, in order
     */
    operator const std::vector<CausalEvent>&() const;

    /**
     * \return the bytes this log holds (records, message index, kept stamps, configurations,
     *         not counting a materialized copy), for memory measurements
     */
    std::size_t GetMemoryBytes() const;

  private:
    /** What a send left for its receives. */
    struct SendInfo
    {
        uint64_t index; //!< the send's event index
        uint64_t hash;  //!< XXH3 of its stamp bytes
    };

    /** A receive's stamp bytes, kept because they are not its send's. */
    struct Override
    {
        std::vector<uint8_t> bytes; //!< as received
        uint64_t send;              //!< index of the send of its message id, or NO_SEND
    };

    /** Override::send of a message id this log never saw sent. */
    static constexpr uint64_t NO_SEND = ~uint64_t(0);

    uint32_t m_n;                                          //!< processes
    std::vector<CausalityConfig> m_configs;                //!< per process
    std::vector<uint8_t> m_registered;                     //!< per process
    std::vector<CausalEventRecord> m_records;              //!< the events
    std::unordered_map<uint64_t, SendInfo> m_sends;        //!< message id -> latest send
    std::vector<Override> m_overrides;                     //!< kept stamp bytes
    uint64_t m_stampedSends;                               //!< sends tallied per clock
    std::array<uint64_t, CAUSAL_CLOCK_KINDS> m_clockBytes; //!< per clock, over those sends
    mutable std::vector<CausalEvent> m_materialized;       //!< Materialize()
    mutable bool m_materializedValid;                      //!< m_materialized is current
};

} // namespace ns3

#endif /* CAUSAL_EVENT_LOG_H */
