/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef PIPELINE_APPLICATION_H
#define PIPELINE_APPLICATION_H

#include "ns3/application.h"
#include "ns3/event-id.h"
#include "ns3/ipv4-address.h"
#include "ns3/nstime.h"
#include "ns3/random-variable-stream.h"
#include "ns3/relation-header.h"
#include "ns3/socket.h"
#include "ns3/traced-callback.h"

namespace ns3
{

class SimulatedTsc;

/**
 * \ingroup chronometry
 * One stage of a streaming pipeline A -> B -> C. The source emits tuples at a
 * fixed interval, a relay processes each tuple for a random time and forwards
 * it, the sink ends it. With ReturnTrip set, the sink sends a ReTACK to the
 * source (the ReT method), the source echoes it and the sink times the return
 * round trip on its own clock (ReT's error bound).
 *
 * Every event is reported with the node's TSC value and the true instant the
 * value was latched (ground truth for validation).
 */
class PipelineApplication : public Application
{
  public:
    /** Stage roles. */
    enum Role
    {
        SOURCE, //!< emits tuples (node A)
        RELAY,  //!< processes and forwards (node B)
        SINK    //!< ends tuples (node C)
    };

    /** Events reported by the Event trace. */
    enum EventKind : uint8_t
    {
        EMIT = 0,        //!< source sent the tuple
        RELAY_IN = 1,    //!< relay received it
        RELAY_OUT = 2,   //!< relay forwarded it
        SINK_IN = 3,     //!< sink received it (end event)
        RET_ARRIVAL = 4, //!< ReTACK reached the source (T3)
        RET_RETURN = 5   //!< the echo came back to the sink
    };

    /** \return the TypeId */
    static TypeId GetTypeId();

    /**
     * \param value PayloadSize; valid range [0, 1400] bytes (set through the attribute, so
     *        an invalid value is a configuration error naming it)
     */
    void SetPayloadSize(uint32_t value);
    /** \return PayloadSize */
    uint32_t GetPayloadSize() const;
    PipelineApplication();
    ~PipelineApplication() override;

    /** \param next the next stage (relay or sink) */
    void SetNext(Ipv4Address next);
    /** \param source the source, for ReTACKs (sink only) */
    void SetSource(Ipv4Address source);
    /** \return malformed packets dropped */
    uint64_t GetMalformed() const;
    /** \return tuples emitted (source) or received (relay, sink) */
    uint32_t GetCount() const;

    /**
     * \param stream first stream index
     * \return streams used
     */
    int64_t AssignStreams(int64_t stream);

    /** TracedCallback signature of Event: (tuple, kind, TSC value, true latch time). */
    typedef void (*EventCallback)(uint32_t tuple, uint8_t kind, uint64_t tsc, Time trueTime);

  protected:
    void DoDispose() override;

  private:
    void StartApplication() override;
    void StopApplication() override;
    /** \param socket the socket */
    void HandleRead(Ptr<Socket> socket);
    /** \param h header \param from sender */
    void Handle(RelationHeader h, Address from);
    /** Emit one tuple and schedule the next. */
    void Emit();
    /** \param h tuple to forward */
    void Forward(RelationHeader h);
    /** \param h message \param to destination */
    void Send(const RelationHeader& h, const Address& to);
    /** \param tuple id \param kind event \return the TSC value */
    uint64_t Event(uint32_t tuple, uint8_t kind);

    Role m_role;                            //!< role
    uint16_t m_port;                        //!< UDP port
    Time m_interval;                        //!< tuple interval (source)
    Time m_ingressDelay;                    //!< receive-side delay
    uint32_t m_size;                        //!< payload bytes beyond the header
    bool m_returnTrip;                      //!< ReT on (sink)
    Ptr<RandomVariableStream> m_processing; //!< relay processing time, seconds
    Ipv4Address m_next;                     //!< next stage
    Ipv4Address m_source;                   //!< source (ReT)
    Ptr<Socket> m_socket;                   //!< socket
    Ptr<SimulatedTsc> m_tsc;                //!< node TSC
    EventId m_emit;                         //!< next emission
    uint32_t m_count{0};                    //!< tuples
    uint64_t m_malformed{0};                //!< dropped packets
    TracedCallback<uint32_t, uint8_t, uint64_t, Time> m_eventTrace; //!< Event trace
    TracedCallback<Ptr<const Packet>> m_malformedTrace;             //!< Malformed trace
};

} // namespace ns3

#endif /* PIPELINE_APPLICATION_H */
