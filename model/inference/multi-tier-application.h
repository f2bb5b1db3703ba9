/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef MULTI_TIER_APPLICATION_H
#define MULTI_TIER_APPLICATION_H

#include "ns3/application.h"
#include "ns3/inet-socket-address.h"
#include "ns3/ipv4-address.h"
#include "ns3/random-variable-stream.h"
#include "ns3/socket.h"
#include "ns3/traced-callback.h"

#include <map>
#include <vector>

namespace ns3
{

/**
 * \ingroup chronometry
 * A multi-tier request/response workload over UDP with known causality.
 * Roles: a Client sends requests (Poisson or fixed rate) to the front-end;
 * the FrontEnd calls FanOut distinct random back-ends and, when the last
 * reply is in, answers the client; a Backend may call the Lookup service
 * (LookupProbability) before answering.  Every step takes a service time
 * (ServiceTime, drawn per step; ReplyServiceTime, if set, for a step that
 * answers after a downstream reply) and requests are served in parallel, so
 * messages into a node overlap as the load grows.
 *
 * Each message it sends records, out of band, the message that caused it
 * (the trace source Caused with the ids the causality stamper uses: packet
 * uid + 1; 0 for a spontaneous request).  A front-end's answer is caused by
 * the last back-end reply (WAP5's single-cause model).  The payload carries
 * a message type and a request key (application data, not seen by the
 * black-box inference); malformed payloads are counted and dropped.
 */
class MultiTierApplication : public Application
{
  public:
    /** Role of a node. */
    enum Role
    {
        CLIENT,
        FRONT_END,
        BACKEND,
        LOOKUP
    };

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    /** \param t LastRequest: no request starts after it (set through the Attribute) */
    void SetLastRequest(Time t);
    /** \return LastRequest */
    Time GetLastRequest() const;

    MultiTierApplication();
    ~MultiTierApplication() override;

    /**
     * \param frontEnd the front-end's address (clients)
     * \param backends the back-ends' addresses (front-end)
     * \param lookup the lookup service's address (back-ends)
     */
    void SetPeers(Ipv4Address frontEnd,
                  const std::vector<Ipv4Address>& backends,
                  Ipv4Address lookup);

    /**
     * \param stream first stream index
     * \return streams used
     */
    int64_t AssignStreams(int64_t stream);

    /** \return messages sent */
    uint64_t GetSent() const;
    /** \return requests completed (clients) */
    uint64_t GetCompleted() const;
    /** \return malformed payloads dropped */
    uint64_t GetMalformed() const;

    /**
     * TracedCallback signature for a sent message and its cause.
     * \param [in] messageId the message (packet uid + 1)
     * \param [in] causeId the message that caused it, 0 if spontaneous
     */
    typedef void (*CausedCallback)(uint64_t messageId, uint64_t causeId);

    /**
     * TracedCallback signature for the UDP ports of a sent message (what a
     * packet capture at the sender sees).
     * \param [in] messageId the message (packet uid + 1)
     * \param [in] sourcePort the sender's port
     * \param [in] destinationPort the receiver's port
     */
    typedef void (*PortsCallback)(uint64_t messageId,
                                  uint16_t sourcePort,
                                  uint16_t destinationPort);

  protected:
    void DoDispose() override;
    void DoInitialize() override;

  private:
    void StartApplication() override;
    void StopApplication() override;

    /** Send a new request (client). */
    void NewRequest();
    /**
     * \param socket the socket with data
     */
    void Receive(Ptr<Socket> socket);
    /**
     * \param type message type
     * \param key request key
     * \param to destination
     * \param cause causing message id (0: spontaneous)
     */
    void SendMessage(uint8_t type, uint64_t key, InetSocketAddress to, uint64_t cause);
    /**
     * \param type message type
     * \param key request key
     * \param from sender (its address and port: replies go there)
     * \param id received message id
     */
    void Handle(uint8_t type, uint64_t key, InetSocketAddress from, uint64_t id);

    Role m_role;                              //!< this node's role
    double m_rate;                            //!< requests per second (client)
    bool m_poisson;                           //!< Poisson requests
    uint32_t m_fanOut;                        //!< back-ends per request (front-end)
    double m_lookupProbability;               //!< back-end calls lookup
    uint16_t m_port;                          //!< UDP port bound
    uint16_t m_serverPort;                    //!< UDP port of the servers called
    uint32_t m_packetSize;                    //!< payload bytes (>= 9)
    Time m_lastRequest;                       //!< clients start no request after this
    Ptr<RandomVariableStream> m_service;      //!< service time per step, seconds
    Ptr<RandomVariableStream> m_replyService; //!< after a downstream reply (null: m_service)
    Ptr<UniformRandomVariable> m_uniform;     //!< choices
    Ptr<ExponentialRandomVariable> m_gap;     //!< request gaps
    Ipv4Address m_frontEnd;                   //!< front-end
    std::vector<Ipv4Address> m_backends;      //!< back-ends
    Ipv4Address m_lookup;                     //!< lookup service
    bool m_peersSet;                          //!< SetPeers called
    Ptr<Socket> m_socket;                     //!< UDP socket
    EventId m_requestEvent;                   //!< next request
    uint64_t m_seq;                           //!< request sequence (client)
    uint64_t m_sent;                          //!< messages sent
    uint64_t m_completed;                     //!< responses received (client)
    uint64_t m_malformed;                     //!< malformed payloads
    std::map<uint64_t, std::pair<InetSocketAddress, uint32_t>>
        m_pending;                                             //!< key -> (caller, replies left)
    TracedCallback<uint64_t, uint64_t> m_causedTrace;          //!< Caused
    TracedCallback<uint64_t, uint16_t, uint16_t> m_portsTrace; //!< Ports
    TracedCallback<Time> m_latencyTrace;                       //!< Latency
    TracedCallback<Ptr<const Packet>> m_malformedTrace;        //!< Malformed
    std::map<uint64_t, Time> m_started;                        //!< key -> start (client)
};

} // namespace ns3

#endif /* MULTI_TIER_APPLICATION_H */
