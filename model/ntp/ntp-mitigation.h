/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef NTP_MITIGATION_H
#define NTP_MITIGATION_H

#include "ntp-message.h"

#include "ns3/nstime.h"
#include "ns3/object.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{

class NtpClockFilter;

/**
 * \ingroup chronometry
 * \brief What the mitigation algorithms know of one server (association): its clock
 * filter's peer variables and the header fields of its last reply (RFC 5905 Figures 17-19).
 *
 * Times are the client's process time (RFC 5905's seconds counter c.t; see NtpClockFilter).
 */
struct NtpCandidate
{
    uint32_t id{0};                  //!< the caller's association identifier
    Time offset;                     //!< theta: peer offset (server minus client)
    Time delay;                      //!< delta: peer delay
    Time dispersion;                 //!< epsilon: peer dispersion, as at dispersionTime
    Time dispersionTime;             //!< when epsilon was computed
    Time jitter;                     //!< psi: peer jitter
    Time time;                       //!< tp: arrival of the selected sample
    Time rootDelay;                  //!< delta_r: the server's root delay
    Time rootDispersion;             //!< epsilon_r: the server's root dispersion
    uint8_t stratum{ntp::MAXSTRAT};  //!< the server's stratum (packet stratum 0 as MAXSTRAT)
    NtpLeap leap{NtpLeap::NOT_SYNC}; //!< the server's leap indicator
    uint32_t referenceId{0};         //!< the server's Reference ID
    bool reachable{true};            //!< whether the reach register is nonzero
    uint32_t dstAddress{0}; //!< p.dstaddr: the client's address the replies reach (0: unknown)

    /**
     * A candidate from a clock filter and the server's last reply (packet stratum 0 is
     * mapped to MAXSTRAT, as RFC 5905 7.3 advises).
     * \param id the association identifier
     * \param filter the association's clock filter (with a selection)
     * \param reply the server's last reply
     * \return the candidate
     */
    static NtpCandidate FromFilter(uint32_t id,
                                   const NtpClockFilter& filter,
                                   const NtpMessage& reply);
};

/**
 * \ingroup chronometry
 * Why NtpMitigation::Accept finds a candidate unfit for synchronization (RFC 5905
 * Appendix A.5.5.3).
 */
enum class NtpAcceptance : uint8_t
{
    OK,             //!< fit
    UNSYNCHRONIZED, //!< leap indicator 3: the server was never synchronized
    BAD_STRATUM,    //!< stratum MAXSTRAT (16) or more
    DISTANCE,       //!< root distance beyond MaxDistance + PHI x poll interval
    LOOP,           //!< the server is synchronized to this client or to the system peer
                    //!< (its Reference ID is our address or our s.refid; stratum > 1)
    UNREACHABLE     //!< nothing heard for eight polls
};

/**
 * \param a an acceptance
 * \return its name ("ok", "unsynchronized", ...)
 */
std::string ToString(NtpAcceptance a);

/**
 * \ingroup chronometry
 * \brief The selection algorithm's result (RFC 5905 11.2.1).
 */
struct NtpSelection
{
    bool majority{false};             //!< a majority clique was found
    uint32_t allowedFalsetickers{0};  //!< f: the falsetickers allowed when it was found
    Time low;                         //!< l: the intersection interval's lower end
    Time high;                        //!< u: its upper end
    std::vector<size_t> truechimers;  //!< candidates whose interval meets [l, u]
    std::vector<size_t> falsetickers; //!< the other candidates (all of them if no majority)
};

/**
 * \ingroup chronometry
 * \brief The cluster algorithm's result (RFC 5905 11.2.2).
 */
struct NtpCluster
{
    std::vector<size_t> survivors; //!< in order of preference (merit), the system peer first
    std::vector<size_t> outliers;  //!< discarded, in the order they were discarded
    Time selectionJitter;          //!< PSI_s: the final maximum selection jitter
};

/**
 * \ingroup chronometry
 * \brief The combine algorithm's result (RFC 5905 11.2.3).
 */
struct NtpCombine
{
    Time offset;                 //!< THETA: survivors' offsets weighted by 1 / root distance
    Time peerJitter;             //!< PSI_p: survivors' jitters, weighted alike (RMS)
    Time systemJitter;           //!< PSI = sqrt(PSI_s^2 + PSI_p^2)
    std::vector<double> weights; //!< each survivor's normalized weight, in survivor order
};

/**
 * \ingroup chronometry
 * \brief The system variables a synchronized client inherits from its system peer (RFC
 * 5905 Figure 25) and serves to its own clients.
 */
struct NtpSystemVariables
{
    NtpLeap leap{NtpLeap::NOT_SYNC}; //!< s.leap
    uint8_t stratum{ntp::MAXSTRAT};  //!< s.stratum = p.stratum + 1
    Time rootDelay;                  //!< s.rootdelay = delta_r + delta (of the system peer)
    Time rootDispersion;             //!< s.rootdisp, as at s.t (grows at PHI from there)
    uint32_t referenceId{0};         //!< s.refid
    Time offset;                     //!< s.offset = THETA
    Time jitter;                     //!< s.jitter = PSI
    Time time;                       //!< s.t: the system peer's p.t at the update
};

/**
 * \ingroup chronometry
 * \brief Everything NtpMitigation::Mitigate decided in one pass.
 */
struct NtpMitigationResult
{
    bool synchronized{false};              //!< a system peer was chosen
    std::vector<NtpAcceptance> acceptance; //!< per candidate
    std::vector<size_t> accepted;          //!< candidates that passed Accept
    NtpSelection selection;                //!< over the accepted (indices into the input)
    NtpCluster cluster;                    //!< over the truechimers
    NtpCombine combine;                    //!< over the survivors
    size_t systemPeer{0};                  //!< index of the system peer (when synchronized)
};

/**
 * \ingroup chronometry
 * \brief The NTP mitigation algorithms (RFC 5905 section 11.2), free of the simulator:
 * root distance, the acceptance tests, selection (intersection), clustering and combining.
 *
 * Root distance (Appendix A.5.5.2): lambda = max(MINDISP, delta_r + delta) / 2 + epsilon_r +
 * epsilon + PHI (now - t_eps) + psi, with epsilon the peer dispersion computed at t_eps (so
 * lambda grows at PHI). It is the server's correctness interval: true time lies within theta
 * +- lambda as long as the one-way delays are not negative (they cannot be), the two clocks'
 * relative frequency stays within PHI, and the server's own error stays within its root
 * delay / 2 + root dispersion.
 *
 * Selection (11.2.1; Marzullo's intersection as modified by Mills): with m candidates, for f
 * = 0, 1, ... while 2f < m, scan the 3m endpoints (theta - lambda, theta, theta + lambda)
 * upward for the first lower endpoint l that m - f intervals reach, and downward for the
 * upper endpoint u, counting the midpoints d passed on the way; success when d <= f and l <
 * u (the text's "d = f" would refuse a clique with fewer outside midpoints than allowed; the
 * Appendix and ntpd take d <= f). Truechimers are the candidates whose interval meets [l,
 * u]. No majority (every f < m / 2 fails) means no synchronization.
 *
 * Cluster (11.2.2): survivors sorted by merit stratum x MaxDistance + lambda; while more than
 * MinSurvivors (NMIN) remain and the largest selection jitter psi_s = sqrt(sum_j (theta_s -
 * theta_j)^2 / (n - 1)) is not below the smallest peer jitter, the survivor with the largest
 * psi_s goes (ties: the one of worse merit). PSI_s is the final largest psi_s.
 *
 * Combine (11.2.3): THETA = sum(theta_i / lambda_i) / sum(1 / lambda_i); PSI_p the peer
 * jitters' RMS with the same weights (the section's text; the Appendix's clock_combine
 * weights the offsets' spread about the system peer instead); PSI = sqrt(PSI_s^2 +
 * PSI_p^2). The system peer is the first survivor, unless the previous system peer survived
 * at the same stratum (no clock hop).
 *
 * Attributes: Tolerance (PHI), MaxDistance (MAXDIST), MinDispersion (MINDISP),
 * MinSurvivors (NMIN), MinCandidates (CMIN), with RFC 5905's values as defaults.
 */
class NtpMitigation : public Object
{
  public:
    /** \return the TypeId */
    static TypeId GetTypeId();
    NtpMitigation();

    /**
     * \param c a candidate
     * \param now the process time
     * \return its root distance lambda
     */
    Time RootDistance(const NtpCandidate& c, Time now) const;
    /**
     * The acceptance tests of Appendix A.5.5.3, in order. The loop test (A.5.5.3 accept():
     * p.refid == p.dstaddr or p.refid == s.refid) applies to a server of stratum above 1
     * (whose Reference ID is an address, RFC 5905 7.3) and never to a Reference ID of 0.
     * \param c a candidate (its dstAddress is one of the client's addresses)
     * \param now the process time
     * \param pollInterval the system poll interval (the distance threshold is MaxDistance + PHI
     *        x pollInterval)
     * \param localAddress another of this client's IPv4 addresses as a Reference ID (0: none)
     * \param systemRefid the client's system Reference ID s.refid (0: none)
     * \return OK, or why the candidate is unfit
     */
    NtpAcceptance Accept(const NtpCandidate& c,
                         Time now,
                         Time pollInterval,
                         uint32_t localAddress = 0,
                         uint32_t systemRefid = 0) const;
    /**
     * \param candidates the candidates (all taken as accepted)
     * \param now the process time
     * \return the intersection interval, truechimers and falsetickers
     */
    NtpSelection Select(const std::vector<NtpCandidate>& candidates, Time now) const;
    /**
     * \param candidates the candidates
     * \param truechimers indices into candidates (the selection's result)
     * \param now the process time
     * \return survivors in order of preference and the selection jitter
     */
    NtpCluster Cluster(const std::vector<NtpCandidate>& candidates,
                       const std::vector<size_t>& truechimers,
                       Time now) const;
    /**
     * \param candidates the candidates
     * \param survivors indices into candidates, the system peer first (non-empty)
     * \param selectionJitter PSI_s from the cluster algorithm
     * \param now the process time
     * \return the combined offset and jitters
     */
    NtpCombine Combine(const std::vector<NtpCandidate>& candidates,
                       const std::vector<size_t>& survivors,
                       Time selectionJitter,
                       Time now) const;
    /**
     * The clock select routine (RFC 5905 Figure 24): accept, select, cluster, combine.
     * \param candidates every association
     * \param now the process time
     * \param pollInterval the system poll interval
     * \param previousSystemPeer the id of the current system peer (kept when it survives at
     *        the first survivor's stratum); a value no candidate has for none
     * \param localAddress this client's address as a Reference ID (0: none; each candidate's
     *        dstAddress is tested too)
     * \param systemRefid the client's s.refid (0: none), for the loop test
     * \return every decision; synchronized when at least MinCandidates truechimers form a
     *         majority clique
     */
    NtpMitigationResult Mitigate(const std::vector<NtpCandidate>& candidates,
                                 Time now,
                                 Time pollInterval,
                                 uint32_t previousSystemPeer = UINT32_MAX,
                                 uint32_t localAddress = 0,
                                 uint32_t systemRefid = 0) const;
    /**
     * The system variables after a clock update from the system peer (RFC 5905 Figure 25):
     * stratum + 1, root delay delta_r + delta, root dispersion epsilon_r + max(MINDISP,
     * epsilon + psi + |THETA|) (epsilon the peer dispersion as the filter last computed it),
     * s.t = p.t. A client uses an update only if the system peer's p.t is later than s.t
     * (RFC 5905 11.2.3: never the same sample twice, never an older one).
     * \param systemPeer the system peer
     * \param combine the combine algorithm's result
     * \param referenceId what the client's Reference ID becomes (the system peer's IPv4
     *        address, or its refid for a stratum-0 reference clock)
     * \return the variables
     */
    NtpSystemVariables UpdateSystem(const NtpCandidate& systemPeer,
                                    const NtpCombine& combine,
                                    uint32_t referenceId) const;
    /**
     * The root synchronization distance a synchronized client claims for its own clock: LAMBDA
     * = EPSILON + DELTA / 2, its root dispersion grown at PHI since s.t (RFC 5905 11.2.3 and
     * section 12).
     * \param system the system variables
     * \param now the process time
     * \return LAMBDA
     */
    Time SystemRootDistance(const NtpSystemVariables& system, Time now) const;

    /**
     * A server's reply to a client's request (RFC 5905 9.2 FXMIT and Figure 31): mode 4;
     * version and poll copied from the request; leap, stratum (MAXSTRAT and above sent as 0,
     * RFC 5905 7.3), Reference ID from the system variables; root delay, and root dispersion
     * grown at PHI from s.t to now; Origin = the request's Transmit Timestamp, Receive = t2,
     * Transmit = t3. A primary server passes variables of stratum 1 with its clock's refid.
     * \param request the client's request
     * \param system this server's system variables
     * \param precision this server's Precision field (log2 s)
     * \param reference the Reference Timestamp (when the clock was last set)
     * \param receive t2: the request's arrival, server clock
     * \param transmit t3: the reply's departure, server clock
     * \param now the process time (for the root dispersion's growth)
     * \return the reply
     */
    NtpMessage ServerReply(const NtpMessage& request,
                           const NtpSystemVariables& system,
                           int8_t precision,
                           NtpTimestamp reference,
                           NtpTimestamp receive,
                           NtpTimestamp transmit,
                           Time now) const;

    /** \return PHI (s/s) */
    double GetTolerance() const;
    /** \return MAXDIST */
    Time GetMaxDistance() const;

  private:
    /**
     * \param t a time span (may be negative)
     * \return PHI x max(0, t)
     */
    Time Grow(Time t) const;

    double m_tolerancePpm;    //!< Tolerance (PHI) in ppm
    Time m_maxDistance;       //!< MaxDistance
    Time m_minDispersion;     //!< MinDispersion
    uint32_t m_minSurvivors;  //!< MinSurvivors
    uint32_t m_minCandidates; //!< MinCandidates
};

} // namespace ns3

#endif /* NTP_MITIGATION_H */
