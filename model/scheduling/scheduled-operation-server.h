/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SCHEDULED_OPERATION_SERVER_H
#define SCHEDULED_OPERATION_SERVER_H

#include "ns3/application.h"
#include "ns3/local-clock.h"
#include "ns3/scheduling-header.h"
#include "ns3/service-time-model.h"
#include "ns3/socket.h"
#include "ns3/traced-callback.h"

#include <map>

namespace ns3
{

/**
 * \ingroup chronometry
 * OneClock managed device (NETCONF server with the time capability).
 *
 * On a SCHEDULE message carrying T_s it checks the acceptable scheduling
 * range against its own LocalClock (aggregated to the node): T_s later than
 * now + SchedMaxFuture or earlier than now - SchedMaxPast is refused with an
 * ERROR reply.  Otherwise it sends an ACK notification at once, and starts the
 * operation when its local clock reads T_s (LocalClock::ScheduleAtLocal; a
 * T_s already passed runs at once).  The operation takes a ServiceTimeModel
 * draw; then a REPORT carries T_e read from the local clock.  A CANCEL for a
 * pending operation removes it.  Malformed payloads are counted and dropped.
 */
class ScheduledOperationServer : public Application
{
  public:
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

  protected:
    void DoDispose() override;
    void DoInitialize() override;

  private:
    void StartApplication() override;
    void StopApplication() override;

    /** \param socket the socket with data */
    void HandleRead(Ptr<Socket> socket);

    /**
     * Send a message to a client.
     * \param h the header
     * \param to destination
     */
    void Send(const SchedulingHeader& h, const Address& to);

    /** A pending operation. */
    struct Pending
    {
        LocalClock::LocalEventId event; //!< local-time event
        Time scheduled;                 //!< T_s
        bool probe;                     //!< probe flag
        Address from;                   //!< client
    };

    /**
     * Operation start (local clock read T_s).
     * \param key client/id key
     */
    void Start(uint64_t key);

    /**
     * Operation end.
     * \param key client/id key
     * \param probe probe flag
     * \param scheduled T_s
     * \param trueStart simulator time of the start
     * \param from client
     */
    void Complete(uint64_t key, bool probe, Time scheduled, Time trueStart, Address from);

    /** \param t SchedMaxFuture */
    void SetMaxFuture(Time t);
    /** \param t SchedMaxPast */
    void SetMaxPast(Time t);
    /** \param p AckLossProbability */
    void SetAckLoss(double p);
    /** \param p RefuseProbability */
    void SetRefuse(double p);

    uint16_t m_port;                       //!< UDP port
    Time m_maxFuture;                      //!< SchedMaxFuture
    Time m_maxPast;                        //!< SchedMaxPast
    double m_ackLoss;                      //!< probability an ACK is lost on the way
    double m_refuse;                       //!< probability a real request is refused
    Ptr<ServiceTimeModel> m_service;       //!< service time model
    Ptr<UniformRandomVariable> m_coin;     //!< loss/refusal draws
    Ptr<Socket> m_socket;                  //!< socket
    Ptr<LocalClock> m_clock;               //!< the node's clock
    std::map<uint64_t, Pending> m_pending; //!< pending by (client hash, id)
    std::map<uint64_t, EventId> m_running; //!< started, not yet complete, by key
    uint64_t m_completed;                  //!< completed operations
    uint64_t m_committed;                  //!< completed real operations
    uint64_t m_rejected;                   //!< refused
    uint64_t m_cancelled;                  //!< cancelled
    uint64_t m_malformed;                  //!< malformed packets
    TracedCallback<uint32_t, bool, Time, Time, Time, Time> m_opTrace; //!< OperationComplete
    TracedCallback<uint32_t, uint8_t> m_rejectTrace;                  //!< Rejected
    TracedCallback<uint32_t> m_cancelTrace;                           //!< Cancelled
    TracedCallback<Ptr<const Packet>> m_malformedTrace;               //!< Malformed
};

} // namespace ns3

#endif /* SCHEDULED_OPERATION_SERVER_H */
