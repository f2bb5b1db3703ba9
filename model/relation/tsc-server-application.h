/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef TSC_SERVER_APPLICATION_H
#define TSC_SERVER_APPLICATION_H

#include "ns3/application.h"
#include "ns3/ipv4-address.h"
#include "ns3/nstime.h"
#include "ns3/traced-callback.h"
#include "ns3/tsc-client-application.h"
#include "ns3/tsc-relation.h"

#include <string>
#include <vector>

namespace ns3
{

/** All probe rounds of one ordered pair in one measurement window. */
struct ProbeRecord
{
    std::string window;                        //!< window label ("pre", "busy1", ...)
    uint32_t initiator{0};                     //!< node index of the initiator (A side)
    uint32_t responder{0};                     //!< node index of the responder (B side)
    std::vector<relation::MinRttRound> rounds; //!< completed rounds (lost ones left out)
};

/**
 * \ingroup chronometry
 * Cloudprofiler's TSC server (coordinator). In each measurement window it asks
 * the TSC clients to probe every ordered pair (both directions, one pair at a
 * time, Rounds rounds each) and collects all rounds; the MinRTT round of each
 * record is what the two-round relation uses. The requests reach the clients
 * by a direct call (the coordinator's control traffic is not modelled); the
 * probes themselves are real packets.
 */
class TscServerApplication : public Application
{
  public:
    /** \return the TypeId */
    static TypeId GetTypeId();

    /**
     * \param value Rounds; valid range [1, 100000] (set through the attribute, so an
     *        invalid value is a configuration error naming it)
     */
    void SetRounds(uint32_t value);
    /** \return Rounds */
    uint32_t GetRounds() const;
    TscServerApplication();
    ~TscServerApplication() override;

    /**
     * \param clients the TSC clients, indexed by node index
     * \param addresses their addresses, same order
     */
    void SetClients(const std::vector<Ptr<TscClientApplication>>& clients,
                    const std::vector<Ipv4Address>& addresses);
    /**
     * \param at window start (absolute simulation time)
     * \param label window label
     * \param rounds rounds per ordered pair (0 = the Rounds attribute)
     */
    void AddWindow(Time at, const std::string& label, uint32_t rounds = 0);
    /** \return the records so far */
    const std::vector<ProbeRecord>& GetRecords() const;

    /** TracedCallback signature of PairDone. */
    typedef void (*PairDoneCallback)(std::string window,
                                     uint32_t initiator,
                                     uint32_t responder,
                                     uint32_t rounds);

  protected:
    void DoDispose() override;

  private:
    void StartApplication() override;
    void StopApplication() override;
    /** \param label window \param rounds per pair */
    void RunWindow(std::string label, uint32_t rounds);
    /** Start the next pair of the running window. */
    void NextPair();
    /** \param rounds of the pair just finished */
    void PairDone(const std::vector<relation::MinRttRound>& rounds);

    uint32_t m_rounds;                                //!< default rounds per pair
    std::vector<Ptr<TscClientApplication>> m_clients; //!< clients
    std::vector<Ipv4Address> m_addresses;             //!< their addresses
    std::vector<std::pair<Time, std::pair<std::string, uint32_t>>> m_windows; //!< windows
    std::vector<EventId> m_events;                                            //!< scheduled windows

    /** A pair waiting for its turn. */
    struct Pending
    {
        uint32_t i;        //!< initiator
        uint32_t j;        //!< responder
        std::string label; //!< window
        uint32_t rounds;   //!< rounds
    };

    std::vector<Pending> m_queue;                                          //!< pairs left, in order
    bool m_running{false};                                                 //!< a window runs
    std::vector<ProbeRecord> m_records;                                    //!< results
    TracedCallback<std::string, uint32_t, uint32_t, uint32_t> m_pairTrace; //!< PairDone
};

} // namespace ns3

#endif /* TSC_SERVER_APPLICATION_H */
