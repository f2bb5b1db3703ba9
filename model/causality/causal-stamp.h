/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// What the causality clocks share: the system's configuration (CausalityConfig), the kinds of
// events and clocks, one process' stamps (CausalStamp, with its wire form) and an event with
// them (CausalEvent). CausalProcess applies them; CausalEventLog keeps them.
#ifndef CAUSAL_STAMP_H
#define CAUSAL_STAMP_H

#include "hybrid-vector-clock.h"
#include "logical-clocks.h"
#include "replay-clock.h"

#include "ns3/deprecated-field.h"
#include "ns3/nstime.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup chronometry
 * Which clocks a system runs, and their parameters.  The vector clock is the
 * ground truth of happened-before: without it the execution can be stamped
 * (to measure what the other clocks cost) but not checked.
 */
struct CausalityConfig
{
    uint32_t n = 16;    //!< number of processes
    bool vector = true; //!< run vector clocks (the ground truth)
    /**
     * Carry the vector clock in every message (n entries on the wire, merged at each receive).
     * If false (and vector), the processes neither run nor carry it: the CausalEventLog
     * recomputes it from the message graph when replayed (a receive merges the vector its send
     * had), so that the cost of a message does not grow with n.  The replayed vectors are the
     * same either way when message ids are unique; the messages are smaller.  A plain vector of
     * CausalEvent (the full log) then holds no vector clock (runsVector false).
     */
    bool vectorOnWire = true;
    bool lamport = true;                 //!< run Lamport clocks
    bool hlc = true;                     //!< run hybrid logical clocks
    bool hvc = true;                     //!< run hybrid vector clocks
    bool repcl = true;                   //!< run replay clocks
    Time hvcSkewBound = MilliSeconds(1); //!< HVC's skew bound E (its epsilon)
    /// How HVC and RepCl stamps name their processes (RepCl's replay.encoding is set from it)
    StampEncoding encoding = STAMP_BITMAP;
    ReplayClockConfig replay; //!< RepCl parameters (its n and encoding are set from n, encoding)
    CHRONOMETRY_DEPRECATED_FIELD(CausalityConfig, Time, hvcEpsilon, hvcSkewBound, "0.2.0");

    /** Report a configuration error if invalid (names the field and its range). */
    void Validate() const;

    /** \return replay with its n and encoding set from this configuration's */
    ReplayClockConfig GetReplayConfig() const;

    /** \return whether the processes run the vector clock and carry it in their messages */
    bool CarriesVector() const
    {
        return vector && vectorOnWire;
    }

    /** \return whether a CausalEventLog recomputes the vector clock the processes did not carry */
    bool LogComputesVector() const
    {
        return vector && !vectorOnWire;
    }
};

/** Kind of a logged event. */
enum class CausalEventKind
{
    SEND,
    RECEIVE,
    LOCAL
};

/**
 * \param kind an event kind
 * \return "send", "receive" or "local"
 */
std::string ToString(CausalEventKind kind);

/** The clocks a stamp can carry, in the order of their encodings on the wire. */
enum class CausalClockKind
{
    VECTOR,
    LAMPORT,
    HLC,
    HVC,
    REPCL
};

/** Number of CausalClockKind values. */
constexpr std::size_t CAUSAL_CLOCK_KINDS = 5;

/** Every CausalClockKind, in wire order. */
constexpr std::array<CausalClockKind, CAUSAL_CLOCK_KINDS> ALL_CAUSAL_CLOCK_KINDS{
    CausalClockKind::VECTOR,
    CausalClockKind::LAMPORT,
    CausalClockKind::HLC,
    CausalClockKind::HVC,
    CausalClockKind::REPCL};

/**
 * \param kind a clock
 * \return "vector", "Lamport", "HLC", "HVC" or "RepCl"
 */
std::string ToString(CausalClockKind kind);

/**
 * \ingroup chronometry
 * The timestamps one message carries (or one event gets).
 */
struct CausalStamp
{
    /**
     * \param n processes
     * \param self owner
     */
    CausalStamp(uint32_t n, uint32_t self);

    VectorClock vector;   //!< ground truth (all zero if not run)
    LamportClock lamport; //!< Lamport (zero if not run)
    bool runsVector =
        true; //!< whether the vector clock runs (in the log's replay, whether it was computed)
    bool runsLamport = true;               //!< whether the Lamport clock runs and is carried
    std::optional<HybridLogicalClock> hlc; //!< if enabled
    std::optional<HybridVectorClock> hvc;  //!< if enabled
    std::optional<ReplayClock> repcl;      //!< if enabled

    /**
     * The stamp a process starts with: every clock the configuration enables, at its initial
     * value, owned by \p self.
     * \param config the system's clocks (validated)
     * \param self the owner
     * \return the stamp
     */
    static CausalStamp Initial(const CausalityConfig& config, uint32_t self);

    /**
     * A local or send event for every clock in the stamp.
     * \param pt physical time of the event
     */
    void LocalOrSend(Time pt);

    /**
     * A receive event for every clock in the stamp: each merges the same clock of \p remote
     * (which must carry every clock this stamp runs, as Decode() guarantees).
     * \param remote the stamp the message carried (decoded)
     * \param pt physical time of the event
     */
    void Receive(const CausalStamp& remote, Time pt);

    /**
     * Wire format: a flags byte (which clocks follow: Lamport 1, HLC 2, HVC 4, RepCl 8, and 16
     * when the vector clock is absent), then per clock, in the order vector, Lamport, HLC, HVC,
     * RepCl, a 16-bit length and its encoding.
     * \param widened if not null, set when RepCl's counters needed a wider field
     * \return the bytes
     */
    std::vector<uint8_t> Encode(bool* widened = nullptr) const;

    /**
     * Encode() into a caller's buffer, reusing its capacity and a scratch buffer for the parts
     * (no allocation once both are large enough).
     * \param out receives the bytes of Encode()
     * \param scratch working space (its content is overwritten)
     * \param widened if not null, set when RepCl's counters needed a wider field
     */
    void EncodeInto(std::vector<uint8_t>& out,
                    std::vector<uint8_t>& scratch,
                    bool* widened = nullptr) const;

    /**
     * \param bytes wire bytes
     * \param config the system's configuration (must enable the same clocks)
     * \param out receives the stamp
     * \return false if malformed, truncated or inconsistent with the configuration
     */
    static bool Decode(const std::vector<uint8_t>& bytes,
                       const CausalityConfig& config,
                       CausalStamp& out);

    /**
     * Decode into an existing stamp, reusing its storage (no allocation once \p out holds
     * every enabled clock at this n): the receive hot path.  Unlike Decode(), \p out is
     * unspecified (but valid) after a failure.
     * \param data wire bytes
     * \param size their length
     * \param config the system's configuration (must enable the same clocks)
     * \param out receives the stamp
     * \return false if malformed, truncated or inconsistent with the configuration
     */
    static bool DecodeInto(const uint8_t* data,
                           std::size_t size,
                           const CausalityConfig& config,
                           CausalStamp& out);

    /**
     * Each clock's share of wire bytes, read from the framing alone (nothing is decoded): the
     * length of its encoding, without the flags byte and its 16-bit length field.
     * \param data wire bytes (as Encode() writes them)
     * \param size their length
     * \param bytes receives the length per clock, indexed by CausalClockKind (0: not carried)
     * \return false (and \p bytes all 0) if the bytes are not framed as Encode() frames them
     */
    static bool PartSizes(const uint8_t* data,
                          std::size_t size,
                          std::array<uint32_t, CAUSAL_CLOCK_KINDS>& bytes);
};

/**
 * \ingroup chronometry
 * One event of the execution log.
 */
struct CausalEvent
{
    uint64_t id;          //!< sequence number in the log
    uint32_t process;     //!< where it happened
    CausalEventKind kind; //!< send / receive / local
    Time trueTime;        //!< simulator time
    Time pt;              //!< the process' physical clock reading used by the clocks
    uint64_t messageId;   //!< message sent or received (0 for local)
    uint32_t peer;        //!< destination of a send, source of a receive (n for local)
    uint32_t wireBytes;   //!< bytes of the stamp sent or received (0 for local)
    CausalStamp stamp;    //!< the timestamps after the event
};

} // namespace ns3

#endif // CAUSAL_STAMP_H
