/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SCHEDULED_OPERATION_SERVER_H
#define SCHEDULED_OPERATION_SERVER_H

#include "ns3/application.h"
#include "ns3/local-clock.h"
#include "ns3/random-variable-stream.h"
#include "ns3/scheduling-header.h"
#include "ns3/service-time-model.h"
#include "ns3/socket.h"
#include "ns3/traced-callback.h"

#include <map>

namespace ns3
{

/**
 * \ingroup chronometry
 * Everything the simulator knows about one completed operation on a server
 * (the OperationDetail trace): local readings, true times and the service
 * draw, so that a study can score it against truth.
 */
struct ScheduledOperationTruth
{
    uint32_t id = 0;          //!< request id
    bool probe = false;       //!< a probe
    Time scheduled;           //!< T_s requested (local)
    Time receivedLocal;       //!< local time the accepted SCHEDULE arrived
    Time startLocal;          //!< local time the operation started
    Time endLocal;            //!< T_e, local time it completed (reported)
    Time trueStart;           //!< simulator time it started
    Time trueEnd;             //!< simulator time it completed
    ServiceDraw service;      //!< the service time and its level
    bool arrivedLate = false; //!< the SCHEDULE arrived after T_s (local): started at once
    bool restarted = false;   //!< started by a restart (persisted state, T_s passed while down)
};

/**
 * \ingroup chronometry
 * OneClock managed device (NETCONF server with the time capability).
 *
 * On a SCHEDULE message carrying T_s it checks the acceptable scheduling
 * range against its own LocalClock (aggregated to the node): T_s later than
 * now + SchedMaxFuture or earlier than now - SchedMaxPast is refused with an
 * ERROR reply.  Otherwise it sends an ACK notification at once, and starts the
 * operation when its local clock reads T_s (LocalClock::ScheduleAtLocal; a
 * T_s already passed runs at once and counts as a late arrival).  The
 * operation takes a ServiceTimeModel draw; then a REPORT carries the local
 * start time and T_e.  A CANCEL for a pending operation removes it.
 * Malformed payloads are counted and dropped.
 *
 * Requests are idempotent per (client address, request id), so that a client
 * may retry: a copy of a SCHEDULE already accepted is acknowledged again and
 * not run twice; a SCHEDULE whose id was cancelled (even by a CANCEL that
 * arrived first) is refused with CANCELLED.  The server remembers finished
 * and cancelled ids until their T_s leaves the acceptable range (after that
 * any copy is refused as too far in the past anyway).
 *
 * Refusal: a real request is refused with probability RefuseProbability (the
 * server's decision).  Lost messages are the network's: an ns-3 ErrorModel on
 * the links drops any message, of any type, either way (the scheduling study's
 * LossRate); the server loses nothing itself.
 * Crashes: Crash() (or a random process with MeanTimeBetweenCrashes) stops the
 * server for Downtime: messages arriving meanwhile are lost, running
 * operations are interrupted and never complete, and pending operations and
 * the remembered ids are lost -- unless PersistSchedule is set, in which case
 * they survive the restart: an operation whose T_s passed while the server was
 * down starts at once if T_s is still within SchedMaxPast, else it is dropped
 * and the client gets an ERROR (TOO_FAR_PAST).  The OneClock paper does not
 * say what a restarted server does with its schedule; volatile (the default)
 * is the weaker assumption for all-or-none commits.
 */
class ScheduledOperationServer : public Application
{
  public:
    /** Counters of everything the server did and suffered. */
    struct Counters
    {
        uint64_t completed = 0;     //!< operations completed (probes and real)
        uint64_t committed = 0;     //!< real operations completed
        uint64_t rejected = 0;      //!< requests refused (ERROR)
        uint64_t cancelled = 0;     //!< pending operations cancelled
        uint64_t malformed = 0;     //!< malformed packets dropped
        uint64_t lateArrivals = 0;  //!< SCHEDULEs accepted after their T_s (started at once)
        uint64_t duplicates = 0;    //!< copies of an accepted SCHEDULE (acknowledged again)
        uint64_t crashes = 0;       //!< crashes
        uint64_t lostWhileDown = 0; //!< messages that arrived while the server was down
        uint64_t interrupted = 0;   //!< running operations a crash interrupted
        uint64_t forgotten = 0;     //!< pending operations a crash lost (volatile state)
        uint64_t expired = 0;       //!< persisted operations whose T_s passed too long ago
    };

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    ScheduledOperationServer();
    ~ScheduledOperationServer() override;

    /** \return operations completed (probes and real) */
    uint64_t GetCompleted() const;
    /** \return real (non-probe) operations completed */
    uint64_t GetCommitted() const;
    /** \return requests refused */
    uint64_t GetRejected() const;
    /** \return operations cancelled */
    uint64_t GetCancelled() const;
    /** \return malformed packets dropped */
    uint64_t GetMalformed() const;
    /** \return operations scheduled and not yet started */
    std::size_t GetPendingCount() const;
    /** \return every counter */
    const Counters& GetCounters() const;
    /** \return false while crashed */
    bool IsUp() const;

    /**
     * Crash now (if up) and restart after Downtime.
     */
    void Crash();

    /**
     * \param stream first stream index
     * \return streams used
     */
    int64_t AssignStreams(int64_t stream);

    /**
     * Trace signature for a completed operation.
     * \param [in] id request id
     * \param [in] probe true for a probe
     * \param [in] scheduled T_s
     * \param [in] trueStart simulator time the operation started
     * \param [in] trueEnd simulator time it completed
     * \param [in] localEnd T_e, the local reading reported
     */
    typedef void (*OperationCallback)(uint32_t id,
                                      bool probe,
                                      Time scheduled,
                                      Time trueStart,
                                      Time trueEnd,
                                      Time localEnd);

    /**
     * Trace signature for a completed operation with all its truth.
     * \param [in] truth the operation
     */
    typedef void (*OperationDetailCallback)(const ScheduledOperationTruth& truth);

    /**
     * Trace signature for a refused request.
     * \param [in] id request id
     * \param [in] code why
     */
    typedef void (*RejectCallback)(uint32_t id, uint8_t code);

    /**
     * Trace signature for a cancelled operation.
     * \param [in] id request id
     */
    typedef void (*CancelCallback)(uint32_t id);

    /**
     * Trace signature for a crash or a restart.
     * \param [in] up true for a restart, false for a crash
     */
    typedef void (*UpDownCallback)(bool up);

  protected:
    void DoDispose() override;
    void DoInitialize() override;

  private:
    void StartApplication() override;
    void StopApplication() override;

    /** \param socket the socket with data */
    void HandleRead(Ptr<Socket> socket);

    /**
     * \param h a well-formed SCHEDULE
     * \param from its sender
     */
    void HandleSchedule(const SchedulingHeader& h, const Address& from);

    /**
     * \param h a well-formed CANCEL
     * \param from its sender
     */
    void HandleCancel(const SchedulingHeader& h, const Address& from);

    /**
     * Send a message to a client.
     * \param h the header
     * \param to destination
     */
    void Send(const SchedulingHeader& h, const Address& to);

    /**
     * \param p a probability
     * \return true with that probability (no draw when p is 0)
     */
    bool Chance(double p);

    /** What the server knows about a request. */
    enum class State
    {
        PENDING,  //!< waiting for T_s
        RUNNING,  //!< started
        DONE,     //!< completed (remembered for duplicates)
        CANCELLED //!< cancelled, or a CANCEL came first (remembered to refuse copies)
    };

    /** A request. */
    struct Operation
    {
        State state = State::PENDING;   //!< state
        LocalClock::LocalEventId event; //!< start event while pending
        EventId completion;             //!< completion event while running
        ScheduledOperationTruth truth;  //!< what happened so far
        Address from;                   //!< client
    };

    /**
     * Operation start (local clock read T_s, or at once).
     * \param key client/id key
     */
    void Start(uint64_t key);

    /**
     * Operation end.
     * \param key client/id key
     */
    void Complete(uint64_t key);

    /** Come back after a crash. */
    void Restart();

    /** Open the socket. */
    void Open();

    /** Schedule the next random crash (if MeanTimeBetweenCrashes > 0). */
    void ScheduleCrash();

    /** Forget finished and cancelled ids whose T_s left the acceptable range. */
    void Prune();

    /** \param t MeanTimeBetweenCrashes (creates the crash stream when > 0) */
    void SetMeanTimeBetweenCrashes(Time t);
    /** \return MeanTimeBetweenCrashes */
    Time GetMeanTimeBetweenCrashes() const;

    uint16_t m_port;                         //!< UDP port
    Time m_maxFuture;                        //!< SchedMaxFuture
    Time m_maxPast;                          //!< SchedMaxPast
    double m_refuse;                         //!< probability a real request is refused
    Time m_meanTimeBetweenCrashes;           //!< 0: no random crashes
    Time m_downtime;                         //!< how long a crash lasts
    bool m_persist;                          //!< pending state survives a crash
    Ptr<ServiceTimeModel> m_service;         //!< service time model
    Ptr<UniformRandomVariable> m_coin;       //!< refusal draws
    Ptr<ExponentialRandomVariable> m_uptime; //!< random crash process (mean 1, scaled)
    Ptr<Socket> m_socket;                    //!< socket
    Ptr<LocalClock> m_clock;                 //!< the node's clock
    std::map<uint64_t, Operation> m_ops;     //!< known requests by (client, id)
    bool m_up;                               //!< not crashed
    bool m_running;                          //!< between StartApplication and StopApplication
    EventId m_crashEvent;                    //!< next random crash
    EventId m_restartEvent;                  //!< restart after a crash
    Counters m_counters;                     //!< counters
    TracedCallback<uint32_t, bool, Time, Time, Time, Time> m_opTrace; //!< OperationComplete
    TracedCallback<const ScheduledOperationTruth&> m_detailTrace;     //!< OperationDetail
    TracedCallback<uint32_t, uint8_t> m_rejectTrace;                  //!< Rejected
    TracedCallback<uint32_t> m_cancelTrace;                           //!< Cancelled
    TracedCallback<Ptr<const Packet>> m_malformedTrace;               //!< Malformed
    TracedCallback<bool> m_upDownTrace;                               //!< UpDown
};

} // namespace ns3

#endif /* SCHEDULED_OPERATION_SERVER_H */
