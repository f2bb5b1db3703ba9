/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SCHEDULED_OPERATION_CLIENT_H
#define SCHEDULED_OPERATION_CLIENT_H

#include "ns3/application.h"
#include "ns3/ete-predictor.h"
#include "ns3/local-clock.h"
#include "ns3/reference-predictor.h"
#include "ns3/scheduled-operation-record.h"
#include "ns3/scheduling-header.h"
#include "ns3/socket.h"
#include "ns3/traced-callback.h"

#include <array>
#include <map>
#include <vector>

namespace ns3
{

/**
 * \ingroup chronometry
 * OneClock manager: schedules operations on servers so that they complete at
 * a desired time T_d, with T_s = T_d - predicted ETE (Sec. IV).
 *
 * Every OperationInterval it plans one operation on all servers, with
 * T_d = local now + OperationLead.  The prediction is made at local time
 * T_d - DecisionLead from the reports received so far (probes and earlier
 * operations); the SCHEDULE then leaves at local time T_s - SendAhead so that
 * it arrives before T_s (SendAhead covers the network delay and the skew).
 * Probing: Periodic (a probe to every server each ProbePeriod), Burst (N probes
 * BurstInterval apart, right after the operation is planned; the predictor is
 * reset first so only the burst counts) or None.
 *
 * Predictor: one of the paper's (Baseline, Average, FtAverage, Kalman) or a
 * reference (LastSample, WindowMedian, Calibrated); every record also holds
 * what each of the seven would have predicted from the same reports.
 *
 * AtomicCommit: the client expects every server's ACK before local time
 * T_d - CancelLead; if one is missing (lost, or ERROR), it sends CANCEL to all
 * servers, so that either all or none execute -- provided the cancels arrive
 * before the servers start, and are not lost.
 *
 * Retries (MaxRetries > 0): a SCHEDULE without ACK or ERROR RetryTimeout after
 * its last copy is sent again (until T_s, or the commit check), and so is a
 * CANCEL without CANCEL_ACK; at most MaxRetries copies beyond the first.  The
 * server recognizes copies by request id (ScheduledOperationServer).
 */
class ScheduledOperationClient : public Application
{
  public:
    /** Probing modes. */
    enum ProbeMode
    {
        PROBE_NONE,     //!< no probes: only real operations' reports
        PROBE_PERIODIC, //!< a probe every ProbePeriod
        PROBE_BURST     //!< a burst of Window probes per operation
    };

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    ScheduledOperationClient();
    ~ScheduledOperationClient() override;

    /**
     * Add a server (before the application starts).
     * \param address its InetSocketAddress
     */
    void AddServer(const Address& address);

    /** \return the records of real operations (one per operation and server) */
    const std::vector<ScheduledOperationRecord>& GetRecords() const;

    /** \return probe reports received */
    uint64_t GetProbeReports() const;
    /** \return malformed packets dropped */
    uint64_t GetMalformed() const;
    /** \return number of operations the client decided to abort (atomic commit) */
    uint64_t GetAborts() const;
    /** \return counts over the records (late, missed, retries, start delays, ...) */
    ScheduledOperationSummary Summarize() const;

    /** \return the names the Predictor attribute accepts, paper predictors first */
    static std::vector<std::string> PredictorNames();

    /**
     * Trace signature for a report of a real operation.
     * \param [in] server server index
     * \param [in] id request id
     * \param [in] desired T_d
     * \param [in] scheduled T_s
     * \param [in] predicted predicted ETE
     * \param [in] completed T_e
     */
    typedef void (*ReportCallback)(uint32_t server,
                                   uint32_t id,
                                   Time desired,
                                   Time scheduled,
                                   Time predicted,
                                   Time completed);

  protected:
    void DoDispose() override;
    void DoInitialize() override;

  private:
    void StartApplication() override;
    void StopApplication() override;

    /** Plan the next operation. */
    void PlanOperation();
    /** Send one probe to every server. */
    void ProbeAll();
    /** \param operation the operation to decide on (predict and plan the sends) */
    void Decide(uint32_t operation);
    /** \param record index into m_records */
    void SendSchedule(std::size_t record);
    /** \param record index into m_records: resend the SCHEDULE if still unanswered */
    void RetrySchedule(std::size_t record);
    /** \param record index into m_records: send (a copy of) its CANCEL */
    void SendCancel(std::size_t record);
    /** \param record index into m_records: resend the CANCEL if still unconfirmed */
    void RetryCancel(std::size_t record);
    /**
     * \param record index into m_records
     * \param retry what to run after RetryTimeout
     */
    void ArmRetry(std::size_t record, void (ScheduledOperationClient::*retry)(std::size_t));
    /** \param operation atomic commit: check ACKs, cancel everywhere if one is missing */
    void CheckCommit(uint32_t operation);
    /** \param socket socket with data */
    void HandleRead(Ptr<Socket> socket);
    /**
     * \param server server index
     * \param h header
     */
    void SendTo(uint32_t server, const SchedulingHeader& h);

    /** \param name Predictor attribute */
    void SetPredictorName(std::string name);
    /** \return Predictor attribute */
    std::string GetPredictorName() const;

    /** Per-server state. */
    struct Server
    {
        Address address;                            //!< where
        std::vector<EtePredictor> predictors;       //!< one per EtePredictorKind
        std::vector<ReferencePredictor> references; //!< one per ReferencePredictorKind

        /** \param ete a measured ETE for every predictor */
        void Update(Time ete);
        /** Reset every predictor. */
        void Reset();
    };

    uint16_t m_port;                                 //!< local port
    uint32_t m_active;                               //!< active predictor (PredictorNames index)
    uint32_t m_window;                               //!< N
    ProbeMode m_probeMode;                           //!< probing
    Time m_probePeriod;                              //!< periodic probing period
    Time m_burstInterval;                            //!< spacing of burst probes
    Time m_operationInterval;                        //!< between operations
    Time m_operationLead;                            //!< T_d - planning time
    Time m_decisionLead;                             //!< T_d - decision time
    Time m_sendAhead;                                //!< T_s - send time
    uint32_t m_maxOperations;                        //!< 0 = unlimited
    bool m_atomic;                                   //!< atomic commit mode
    Time m_cancelLead;                               //!< T_d - commit check time
    uint32_t m_maxRetries;                           //!< copies beyond the first
    Time m_retryTimeout;                             //!< wait before a copy
    std::map<std::size_t, EventId> m_retryEvents;    //!< record -> pending retry
    Ptr<Socket> m_socket;                            //!< socket
    Ptr<LocalClock> m_clock;                         //!< the client's clock
    std::vector<Server> m_servers;                   //!< servers
    std::vector<ScheduledOperationRecord> m_records; //!< real operations
    std::map<uint32_t, std::size_t> m_recordById;    //!< id -> record
    std::map<uint32_t, std::pair<uint32_t, Time>> m_probes; //!< probe id -> (server, T_s)
    uint32_t m_nextId;                                      //!< next request id
    uint32_t m_operations;                                  //!< operations planned
    uint64_t m_probeReports;                                //!< probe reports
    uint64_t m_malformed;                                   //!< malformed packets
    uint64_t m_aborts;                                      //!< atomic commit aborts
    EventId m_planEvent;                                    //!< next PlanOperation
    EventId m_probeEvent;                                   //!< next ProbeAll
    std::vector<EventId> m_events; //!< other simulator events to cancel on stop
    std::vector<LocalClock::LocalEventId> m_localEvents;                      //!< local-time events
    TracedCallback<uint32_t, uint32_t, Time, Time, Time, Time> m_reportTrace; //!< Report
    TracedCallback<Ptr<const Packet>> m_malformedTrace;                       //!< Malformed
};

} // namespace ns3

#endif /* SCHEDULED_OPERATION_CLIENT_H */
