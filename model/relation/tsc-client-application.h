/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef TSC_CLIENT_APPLICATION_H
#define TSC_CLIENT_APPLICATION_H

#include "ns3/application.h"
#include "ns3/callback.h"
#include "ns3/event-id.h"
#include "ns3/ipv4-address.h"
#include "ns3/minrtt-round.h"
#include "ns3/nstime.h"
#include "ns3/ntp-estimator.h"
#include "ns3/random-variable-stream.h"
#include "ns3/relation-header.h"
#include "ns3/socket.h"
#include "ns3/traced-callback.h"

#include <memory>
#include <vector>

namespace ns3
{

class SimulatedTsc;

/**
 * \ingroup chronometry
 * Cloudprofiler's TSC client, one per node. It answers MinRTT probes (reading
 * its SimulatedTsc between two random response delays that model OS noise),
 * runs probe sequences towards a peer when the coordinator asks, answers NTP
 * requests (the reference node is the NTP server) and, when NtpPollInterval is
 * non-zero and an NTP server is set, polls it and keeps an NtpEstimator.
 *
 * Every received packet is handled IngressDelay after its arrival; different
 * ingress delays on the two ends of a path model one-way delay asymmetry.
 * NTP times are the node's local time: its TSC ticks at nominal frequency.
 */
class TscClientApplication : public Application
{
  public:
    /** \return the TypeId */
    static TypeId GetTypeId();

    /**
     * \param value NtpFilterLength; valid range [1, 64] samples (set through the attribute,
     *        so an invalid value is a configuration error naming it)
     */
    void SetNtpFilterLength(uint32_t value);
    /** \return NtpFilterLength */
    uint32_t GetNtpFilterLength() const;
    TscClientApplication();
    ~TscClientApplication() override;

    /** Called with the rounds of a finished probe sequence (lost rounds left out). */
    typedef Callback<void, const std::vector<relation::MinRttRound>&> ProbeDoneCallback;

    /** \param index this node's index in the study (carried on the wire) */
    void SetNodeIndex(uint32_t index);
    /** \param server the NTP server's address */
    void SetNtpServer(Ipv4Address server);

    /**
     * Run n probe rounds towards peer, one after the other.
     * \param peer the peer's address (its TscClientApplication port)
     * \param n rounds (>= 1)
     * \param done called at the end
     */
    void Probe(Ipv4Address peer, uint32_t n, ProbeDoneCallback done);

    /** \return this node's local time now (TSC at nominal frequency) */
    Time LocalNow() const;
    /** \return the NTP estimator, or nullptr before the first sample */
    const relation::NtpEstimator* GetNtp() const;
    /** \return malformed packets dropped */
    uint64_t GetMalformed() const;
    /** \return the port */
    uint16_t GetPort() const;

    /**
     * \param stream first stream index
     * \return streams used
     */
    int64_t AssignStreams(int64_t stream);

    /** TracedCallback signature of ProbeRound. */
    typedef void (*ProbeRoundCallback)(Ipv4Address peer, Time rtt);

  protected:
    void DoDispose() override;

  private:
    void StartApplication() override;
    void StopApplication() override;
    /** \param socket the socket */
    void HandleRead(Ptr<Socket> socket);
    /** \param h header \param from sender */
    void Handle(RelationHeader h, Address from);
    /** \param h header \param to destination */
    void Send(const RelationHeader& h, const Address& to);
    /**
     * Send a header whose stamp was just read, after RequestHostDelay.
     * \param h header \param to destination
     */
    void SendStamped(const RelationHeader& h, const Address& to);
    /**
     * \param rv a host-delay variable \param attribute its name, for the message
     * \return a draw as a Time (a configuration error if negative)
     */
    static Time DrawHostDelay(const Ptr<RandomVariableStream>& rv, const char* attribute);
    /** Send the next probe round or finish. */
    void NextRound();
    /** The current round timed out. */
    void RoundTimeout();
    /** Send an NTP request and schedule the next one. */
    void NtpPoll();
    /** \return Tsc read now */
    uint64_t ReadTsc() const;

    uint16_t m_port;        //!< UDP port
    Time m_ingressDelay;    //!< receive-side delay
    Time m_responseJitter;  //!< max random delay before and after a read
    Time m_roundTimeout;    //!< probe loss timeout
    Time m_roundSpacing;    //!< gap between rounds
    Time m_ntpPoll;         //!< 0 = no NTP client
    double m_ntpMaxSkewPpm; //!< phi
    uint32_t m_ntpFilter;   //!< filter length
    relation::NtpEstimator::FilterMode m_ntpMode{relation::NtpEstimator::BEST_AT_QUERY}; //!< filter
    double m_ntpWanderRate{0};                     //!< NTP wander rate, ppm/s
    double m_ntpWanderStep{0};                     //!< NTP wander step, ppm
    Ptr<RandomVariableStream> m_responseHost;      //!< responder host delay (s)
    Ptr<RandomVariableStream> m_requestHost;       //!< send-path host delay (s)
    Ptr<RandomVariableStream> m_receiveHost;       //!< receive-path host delay (s)
    uint32_t m_index{0};                           //!< node index
    Ipv4Address m_ntpServer;                       //!< server
    bool m_hasNtpServer{false};                    //!< server set
    Ptr<Socket> m_socket;                          //!< socket
    Ptr<SimulatedTsc> m_tsc;                       //!< this node's TSC
    Ptr<UniformRandomVariable> m_jitter;           //!< response jitter draws
    std::unique_ptr<relation::NtpEstimator> m_ntp; //!< NTP state
    EventId m_ntpEvent;                            //!< next poll
    // probe sequence state
    Ipv4Address m_peer;                                 //!< current peer
    uint32_t m_remaining{0};                            //!< rounds left
    uint32_t m_seq{0};                                  //!< current round id
    bool m_waiting{false};                              //!< a round is out
    EventId m_timeout;                                  //!< round timeout
    std::vector<relation::MinRttRound> m_rounds;        //!< rounds so far
    ProbeDoneCallback m_done;                           //!< completion
    uint64_t m_malformed{0};                            //!< dropped packets
    TracedCallback<Ptr<const Packet>> m_malformedTrace; //!< Malformed trace
    TracedCallback<Ipv4Address, Time> m_roundTrace;     //!< ProbeRound trace
};

} // namespace ns3

#endif /* TSC_CLIENT_APPLICATION_H */
