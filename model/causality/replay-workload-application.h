/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef REPLAY_WORKLOAD_APPLICATION_H
#define REPLAY_WORKLOAD_APPLICATION_H

#include "ns3/application.h"
#include "ns3/event-id.h"
#include "ns3/ipv4-address.h"
#include "ns3/random-variable-stream.h"
#include "ns3/socket.h"
#include "ns3/traced-callback.h"

#include <vector>

namespace ns3
{

/**
 * \ingroup chronometry
 * The replay-clock study's workload (the thesis' ReplaySimulatorApplication):
 * the node sends UDP messages to uniformly random peers at MessageRate
 * (Poisson or fixed intervals) and records local events at LocalEventRate
 * through its CausalityStamper (if it has one).  Every packet is stamped by
 * the stamper, not by this application.
 */
class ReplayWorkloadApplication : public Application
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    /**
     * \param value PacketSize; valid range [0, 1400] bytes (a configuration error otherwise)
     */
    void SetPacketSize(uint32_t value);
    /** \return PacketSize */
    uint32_t GetPacketSize() const;

    ReplayWorkloadApplication();
    ~ReplayWorkloadApplication() override;

    /**
     * \param peers every process' address (index = process)
     * \param self this node's index in \p peers
     */
    void SetPeers(const std::vector<Ipv4Address>& peers, uint32_t self);

    /**
     * \param stream first stream index
     * \return streams used (2)
     */
    int64_t AssignStreams(int64_t stream);

    /** \return messages sent */
    uint64_t GetSent() const;

    /** \return messages received */
    uint64_t GetReceived() const;

  protected:
    void DoDispose() override;

  private:
    void StartApplication() override;
    void StopApplication() override;

    /** Send to a random peer and schedule the next send. */
    void Send();
    /** Record a local event and schedule the next one. */
    void Local();
    /** \param socket socket with data */
    void Receive(Ptr<Socket> socket);
    /**
     * \param rate events per second
     * \return the time to the next event (exponential or fixed)
     */
    Time Gap(double rate);

    /** \param rate MessageRate */
    void SetMessageRate(double rate);
    /** \return MessageRate */
    double GetMessageRate() const;
    /** \param rate LocalEventRate */
    void SetLocalEventRate(double rate);
    /** \return LocalEventRate */
    double GetLocalEventRate() const;

    double m_messageRate;                         //!< alpha, messages per second
    double m_localRate;                           //!< local events per second
    bool m_poisson;                               //!< exponential gaps (else fixed)
    uint32_t m_packetSize;                        //!< payload bytes
    uint16_t m_port;                              //!< UDP port
    std::vector<Ipv4Address> m_peers;             //!< processes
    uint32_t m_self;                              //!< this process
    Ptr<Socket> m_socket;                         //!< UDP socket
    Ptr<UniformRandomVariable> m_uniform;         //!< peer choice, gaps
    Ptr<ExponentialRandomVariable> m_exponential; //!< Poisson gaps
    EventId m_sendEvent;                          //!< next send
    EventId m_localEvent;                         //!< next local event
    uint64_t m_sent;                              //!< messages sent
    uint64_t m_received;                          //!< messages received
    TracedCallback<Ptr<const Packet>> m_txTrace;  //!< Tx
    TracedCallback<Ptr<const Packet>> m_rxTrace;  //!< Rx
};

} // namespace ns3

#endif /* REPLAY_WORKLOAD_APPLICATION_H */
