/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef PTP_BMCA_H
#define PTP_BMCA_H

#include "ptp-message.h"

#include "ns3/nstime.h"

#include <deque>
#include <optional>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup chronometry
 * \brief The defaultDS members the BMCA reads (IEEE 1588-2019 8.2.1).
 */
struct PtpDefaultDataSet
{
    uint64_t clockIdentity{0};    //!< this clock's EUI-64
    uint8_t priority1{128};       //!< priority1
    PtpClockQuality clockQuality; //!< clockQuality (248 / 0xFE / 0xFFFF by default)
    uint8_t priority2{128};       //!< priority2
    bool slaveOnly{false};        //!< never MASTER (1588-2019 9.2.2.2)
};

/**
 * \ingroup chronometry
 * \brief The data set the comparison algorithm works on (IEEE 1588-2019 9.3.4): what an
 * Announce says about its grandmaster and path, and who sent and who received it.
 */
struct BmcaDataSet
{
    uint64_t grandmasterIdentity{0}; //!< grandmasterIdentity
    uint8_t priority1{128};          //!< grandmasterPriority1
    PtpClockQuality clockQuality;    //!< grandmasterClockQuality
    uint8_t priority2{128};          //!< grandmasterPriority2
    uint16_t stepsRemoved{0};        //!< stepsRemoved
    PtpPortIdentity sender;          //!< sourcePortIdentity of the Announce
    PtpPortIdentity receiver;        //!< the port that received it

    /**
     * \param announce an Announce message
     * \param receiver the port that received it
     * \return its data set
     */
    static BmcaDataSet FromAnnounce(const PtpMessage& announce, PtpPortIdentity receiver);
    /**
     * D0, the clock's own data set: grandmaster = sender = receiver = itself (port 0),
     * stepsRemoved 0.
     * \param d the defaultDS
     * \return D0
     */
    static BmcaDataSet FromDefault(const PtpDefaultDataSet& d);

    /**
     * \param o other
     * \return equality of every field
     */
    bool operator==(const BmcaDataSet& o) const;
};

/**
 * \ingroup chronometry
 * Outcome of comparing data sets A and B (IEEE 1588-2019 Figures 34-35).
 */
enum class BmcaComparison : uint8_t
{
    A_BETTER,             //!< A is better than B
    A_BETTER_BY_TOPOLOGY, //!< same grandmaster; A is the better path
    B_BETTER,             //!< B is better than A
    B_BETTER_BY_TOPOLOGY, //!< same grandmaster; B is the better path
    ERROR_1,              //!< a message received by the clock that sent it
    ERROR_2               //!< the same message twice (same sender and receiver)
};

/**
 * \param c a comparison outcome
 * \return its name ("A better", ...)
 */
std::string ToString(BmcaComparison c);

/**
 * \param c the outcome of CompareDataSets(a, b)
 * \return the outcome CompareDataSets(b, a) gives (the comparison is antisymmetric)
 */
BmcaComparison MirrorComparison(BmcaComparison c);

/**
 * The data set comparison algorithm (IEEE 1588-2019 9.3.4). Different grandmasters:
 * priority1, clockClass, clockAccuracy, offsetScaledLogVariance, priority2,
 * grandmasterIdentity, each lower-is-better. Same grandmaster: a stepsRemoved more than one
 * smaller wins; within one, the topology rules (receiver against sender of the one with more
 * steps; with equal steps the senders' port identities, then the receivers' port numbers).
 * \param a data set A
 * \param b data set B
 * \return the outcome
 */
BmcaComparison CompareDataSets(const BmcaDataSet& a, const BmcaDataSet& b);

/**
 * \param c an outcome
 * \return whether A is better or better by topology
 */
bool IsABetter(BmcaComparison c);

/**
 * \ingroup chronometry
 * PTP port states (IEEE 1588-2019 9.2.5, and linuxptp's GRAND_MASTER). The BMCA recommends
 * the first four; a PtpClock port also goes through the others (PtpPortFsm).
 */
enum class PtpPortState : uint8_t
{
    LISTENING,    //!< waiting for Announce messages
    MASTER,       //!< the port sends Sync and Announce
    PASSIVE,      //!< neither (a loop would form)
    SLAVE,        //!< the port synchronizes to its parent, its servo locked
    PRE_MASTER,   //!< MASTER recommended (M3): waiting out the qualification timeout
    UNCALIBRATED, //!< SLAVE recommended: the servo is not locked yet
    GRAND_MASTER  //!< MASTER recommended by M1 or M2 (linuxptp's extension): as MASTER
};

/**
 * \param s a port state
 * \return "LISTENING", "MASTER", "PASSIVE", "SLAVE", "PRE_MASTER", "UNCALIBRATED" or
 *         "GRAND_MASTER"
 */
std::string ToString(PtpPortState s);

/**
 * \ingroup chronometry
 * Which branch of the state decision algorithm chose a port's state (Figure 33).
 */
enum class BmcaDecision : uint8_t
{
    NONE, //!< no decision (LISTENING with no Erbest, or slaveOnly instead of a master code)
    M1,   //!< clockClass 1-127 and D0 better than Erbest: MASTER
    M2,   //!< D0 better than Ebest: MASTER
    M3,   //!< Ebest elsewhere, not better by topology than Erbest: MASTER
    P1,   //!< clockClass 1-127 and Erbest better than D0: PASSIVE
    P2,   //!< Ebest elsewhere and better by topology than Erbest: PASSIVE
    S1    //!< Ebest received on this port: SLAVE
};

/**
 * \param d a decision code
 * \return "M1", ..., "S1", "none"
 */
std::string ToString(BmcaDecision d);

/**
 * \ingroup chronometry
 * \brief A port's recommended state and why.
 */
struct BmcaPortDecision
{
    PtpPortState state{PtpPortState::LISTENING}; //!< recommended state
    BmcaDecision code{BmcaDecision::NONE};       //!< the branch that chose it
};

/**
 * The state decision algorithm (IEEE 1588-2019 9.3.3) for one port.
 * \param d0 the clock's defaultDS
 * \param ebest the best data set of all ports (none: no qualified Announce anywhere)
 * \param erbest the best data set of this port (none: no qualified Announce here)
 * \param ebestOnThisPort whether Ebest is this port's Erbest
 * \param current the port's current state
 * \return the recommended state: LISTENING stays LISTENING while Erbest is empty; a
 *         slaveOnly clock gets LISTENING instead of MASTER
 */
BmcaPortDecision DecideState(const PtpDefaultDataSet& d0,
                             const std::optional<BmcaDataSet>& ebest,
                             const std::optional<BmcaDataSet>& erbest,
                             bool ebestOnThisPort,
                             PtpPortState current);

/**
 * \ingroup chronometry
 * \brief The BMCA of one ordinary or boundary clock as a simulator-free state machine fed
 * with (time, Announce) events.
 *
 * Per port it keeps the foreign masters heard (IEEE 1588-2019 9.3.2.4-9.3.2.5): an Announce
 * is dropped when it comes from this clock itself or has stepsRemoved >= 255; a foreign master
 * is qualified while it has sent at least FOREIGN_MASTER_THRESHOLD (2) Announce messages
 * within the last FOREIGN_MASTER_TIME_WINDOW (4) announce intervals, each Announce counting
 * for 4 intervals of its own logMessageInterval (as linuxptp's msg_current; the standard
 * counts in the receiver's portDS.logAnnounceInterval); a foreign master silent
 * for announceReceiptTimeout intervals is forgotten (the announce receipt timeout: a port
 * whose parent stops falls back to the next best foreign master, or to MASTER). With one
 * Announce per interval a silent master also stops being qualified 3 intervals after its
 * last Announce (the one before leaves the window), so a timeout above 3 does not delay the
 * failover; a master is not qualified by fewer than 2 Announce messages, not even the
 * current parent. A port
 * leaves LISTENING for MASTER when announceReceiptTimeout intervals pass without a qualified
 * Announce. Every event re-runs the state decision on every port (Erbest per port, Ebest over
 * all, DecideState).
 *
 * The glue calls ReceiveAnnounce for each Announce (same domain) and Advance at
 * GetNextEventTime() (or at any time: it only ever moves forward), and reads the port states
 * and the parent.
 */
class PtpBmca
{
  public:
    /** Announce messages that qualify a foreign master (9.3.2.4.3). */
    static constexpr uint32_t FOREIGN_MASTER_THRESHOLD = 2;
    /** The qualification window, in announce intervals (9.3.2.4.3). */
    static constexpr uint32_t FOREIGN_MASTER_TIME_WINDOW = 4;

    /** \brief Configuration. */
    struct Config
    {
        PtpDefaultDataSet defaultDs;       //!< the clock's defaultDS
        uint16_t ports{1};                 //!< number of PTP ports (1: ordinary clock)
        Time announceInterval{Seconds(2)}; //!< 2^logAnnounceInterval (default 1: 2 s)
        uint8_t announceReceiptTimeout{3}; //!< intervals before a silent master is dropped
    };

    /**
     * \param config the configuration (ports >= 1, announceInterval > 0,
     *        announceReceiptTimeout >= 2: a configuration error otherwise)
     * \param start the time the ports start LISTENING
     */
    PtpBmca(const Config& config, Time start);

    /**
     * An Announce arrived.
     * \param now arrival time (not before the previous event)
     * \param port the receiving port, 1..ports
     * \param announce the message (an Announce)
     */
    void ReceiveAnnounce(Time now, uint16_t port, const PtpMessage& announce);

    /**
     * Let time pass: expire silent foreign masters and LISTENING timeouts, then decide.
     * \param now the time (not before the previous event)
     */
    void Advance(Time now);

    /** \return when the next timeout falls (Time::Max() if none is pending) */
    Time GetNextEventTime() const;

    /**
     * \param port 1..ports
     * \return the port's state
     */
    PtpPortState GetPortState(uint16_t port) const;
    /**
     * \param port 1..ports
     * \return the branch that chose its state
     */
    BmcaDecision GetDecision(uint16_t port) const;
    /**
     * \param port 1..ports
     * \return its best qualified foreign master's data set, if any
     */
    std::optional<BmcaDataSet> GetErbest(uint16_t port) const;
    /** \return the best data set of all ports, if any */
    std::optional<BmcaDataSet> GetEbest() const;
    /** \return the SLAVE port (0 if none) */
    uint16_t GetSlavePort() const;
    /** \return the parent's port identity, if a port is SLAVE */
    std::optional<PtpPortIdentity> GetParent() const;
    /** \return the grandmaster this clock follows: the parent's, or its own identity */
    uint64_t GetGrandmasterIdentity() const;
    /** \return how many times any port changed state */
    uint64_t GetStateChanges() const;
    /**
     * \param port 1..ports
     * \return the number of foreign masters recorded on the port (qualified or not)
     */
    size_t GetForeignMasterCount(uint16_t port) const;
    /**
     * \param port 1..ports
     * \return announce receipt timeouts of the port so far: LISTENING without an Announce,
     *         or a SLAVE or PASSIVE port's best master silent (PtpPortFsm's
     *         ANNOUNCE_RECEIPT_TIMEOUT_EXPIRES)
     */
    uint64_t GetReceiptTimeoutCount(uint16_t port) const;
    /**
     * \param logMessageInterval an Announce's logMessageInterval
     * \return how long it counts towards qualifying its sender (FOREIGN_MASTER_TIME_WINDOW of
     *         its own interval)
     */
    static Time QualificationWindow(int8_t logMessageInterval);

  private:
    /** \brief What is known of one foreign master on one port. */
    struct ForeignMaster
    {
        BmcaDataSet data; //!< from its newest Announce
        /** its Announce arrivals still in their window: (arrival, end of its window) */
        std::deque<std::pair<Time, Time>> arrivals;
        Time last; //!< its newest Announce arrival
    };

    /** \brief One port. */
    struct Port
    {
        PtpPortState state{PtpPortState::LISTENING}; //!< state
        BmcaDecision code{BmcaDecision::NONE};       //!< why
        Time listeningSince;                         //!< when LISTENING began
        std::vector<ForeignMaster> foreign;          //!< foreign masters heard
        std::optional<PtpPortIdentity> best;         //!< Erbest's sender at the last decision
        uint64_t receiptTimeouts{0};                 //!< announce receipt timeouts
    };

    /**
     * \param port a port number
     * \return its record (aborts outside 1..ports)
     */
    const Port& At(uint16_t port) const;
    /** \param now the time; drop what has expired and apply LISTENING timeouts */
    void Expire(Time now);
    /** Re-run the state decision on every port. */
    void Decide();
    /**
     * \param p a port
     * \return its best qualified foreign master, if any
     */
    std::optional<BmcaDataSet> Erbest(const Port& p) const;
    /**
     * \param f a foreign master
     * \return whether it is qualified at m_now
     */
    bool Qualified(const ForeignMaster& f) const;

    Config m_config;            //!< configuration
    std::vector<Port> m_ports;  //!< index port - 1
    Time m_now;                 //!< time of the latest event
    uint64_t m_stateChanges{0}; //!< state changes so far
};

} // namespace ns3

#endif /* PTP_BMCA_H */
