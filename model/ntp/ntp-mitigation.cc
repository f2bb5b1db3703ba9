/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ntp-mitigation.h"

#include "ntp-clock-filter.h"

#include "ns3/chronometry-checkers.h"
#include "ns3/chronometry-validation.h"
#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cmath>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("NtpMitigation");
NS_OBJECT_ENSURE_REGISTERED(NtpMitigation);

namespace
{
/**
 * \param t a time
 * \return it in seconds
 */
double
S(Time t)
{
    return t.GetSeconds();
}
} // namespace

std::string
ToString(NtpAcceptance a)
{
    switch (a)
    {
    case NtpAcceptance::OK:
        return "ok";
    case NtpAcceptance::UNSYNCHRONIZED:
        return "unsynchronized";
    case NtpAcceptance::BAD_STRATUM:
        return "bad-stratum";
    case NtpAcceptance::DISTANCE:
        return "distance";
    case NtpAcceptance::LOOP:
        return "loop";
    case NtpAcceptance::UNREACHABLE:
        return "unreachable";
    }
    return "invalid-acceptance";
}

NtpCandidate
NtpCandidate::FromFilter(uint32_t id, const NtpClockFilter& filter, const NtpMessage& reply)
{
    NtpCandidate c;
    c.id = id;
    c.offset = filter.GetOffset();
    c.delay = filter.GetDelay();
    c.dispersionTime = filter.GetDispersionTime();
    c.dispersion = filter.GetDispersion(c.dispersionTime);
    c.jitter = filter.GetJitter();
    c.time = filter.GetTime();
    c.rootDelay = reply.rootDelay.ToTime();
    c.rootDispersion = reply.rootDispersion.ToTime();
    c.stratum = reply.stratum == 0 ? ntp::MAXSTRAT : reply.stratum;
    c.leap = reply.leap;
    c.referenceId = reply.referenceId;
    c.reachable = true;
    return c;
}

TypeId
NtpMitigation::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::NtpMitigation")
            .SetParent<Object>()
            .SetGroupName("Chronometry")
            .AddConstructor<NtpMitigation>()
            .AddAttribute("Tolerance",
                          "Frequency tolerance PHI, in ppm: the rate at which every dispersion "
                          "grows (RFC 5905 TOLERANCE, 15 ppm). Clock filters of this client "
                          "take it from here.",
                          DoubleValue(ntp::TOLERANCE * 1e6),
                          MakeDoubleAccessor(&NtpMitigation::m_tolerancePpm),
                          chronometry::MakeDoubleRangeChecker(0, 1e4, "ppm", false, true))
            .AddAttribute("MaxDistance",
                          "Distance threshold MAXDIST: a server whose root distance exceeds it "
                          "(plus PHI x poll interval) is unfit; also the stratum weight of the "
                          "cluster algorithm's merit (RFC 5905: 1 s).",
                          TimeValue(Seconds(ntp::MAXDIST)),
                          MakeTimeAccessor(&NtpMitigation::m_maxDistance),
                          chronometry::MakeTimeRangeChecker(MilliSeconds(1), Seconds(16)))
            .AddAttribute("MinDispersion",
                          "MINDISP: the floor of the root delay in the root distance and of "
                          "the root dispersion increment (RFC 5905: 5 ms).",
                          TimeValue(Seconds(ntp::MINDISP)),
                          MakeTimeAccessor(&NtpMitigation::m_minDispersion),
                          chronometry::MakeTimeRangeChecker(Time(0), Seconds(1)))
            .AddAttribute("MinSurvivors",
                          "NMIN: the cluster algorithm stops discarding at this many survivors "
                          "(RFC 5905: 3).",
                          UintegerValue(ntp::NMIN),
                          MakeUintegerAccessor(&NtpMitigation::m_minSurvivors),
                          chronometry::MakeUintegerRangeChecker(1, 64, "servers"))
            .AddAttribute("MinCandidates",
                          "CMIN: truechimers needed to synchronize (RFC 5905: 1).",
                          UintegerValue(ntp::CMIN),
                          MakeUintegerAccessor(&NtpMitigation::m_minCandidates),
                          chronometry::MakeUintegerRangeChecker(1, 64, "servers"));
    return tid;
}

NtpMitigation::NtpMitigation()
    : m_tolerancePpm(ntp::TOLERANCE * 1e6),
      m_maxDistance(Seconds(ntp::MAXDIST)),
      m_minDispersion(Seconds(ntp::MINDISP)),
      m_minSurvivors(ntp::NMIN),
      m_minCandidates(ntp::CMIN)
{
    NS_LOG_FUNCTION(this);
}

double
NtpMitigation::GetTolerance() const
{
    return m_tolerancePpm * 1e-6;
}

Time
NtpMitigation::GetMaxDistance() const
{
    return m_maxDistance;
}

Time
NtpMitigation::Grow(Time t) const
{
    const double ns = static_cast<double>(std::max<int64_t>(0, t.GetNanoSeconds()));
    return NanoSeconds(std::llround(ns * GetTolerance()));
}

Time
NtpMitigation::RootDistance(const NtpCandidate& c, Time now) const
{
    return std::max(m_minDispersion, c.rootDelay + c.delay) / 2 + c.rootDispersion + c.dispersion +
           Grow(now - c.dispersionTime) + c.jitter;
}

NtpAcceptance
NtpMitigation::Accept(const NtpCandidate& c,
                      Time now,
                      Time pollInterval,
                      uint32_t localAddress,
                      uint32_t systemRefid) const
{
    NS_LOG_FUNCTION(this << c.id << now << pollInterval);
    if (c.leap == NtpLeap::NOT_SYNC)
    {
        return NtpAcceptance::UNSYNCHRONIZED;
    }
    if (c.stratum >= ntp::MAXSTRAT)
    {
        return NtpAcceptance::BAD_STRATUM;
    }
    if (RootDistance(c, now) > m_maxDistance + Grow(pollInterval))
    {
        return NtpAcceptance::DISTANCE;
    }
    // RFC 5905 A.5.5.3: synchronized to us (p.refid == p.dstaddr) or to our system peer
    // (p.refid == s.refid). A stratum-1 Reference ID is a clock's code, not an address.
    const uint32_t refid = c.referenceId;
    if (c.stratum > 1 && refid != 0 &&
        (refid == c.dstAddress || refid == localAddress || refid == systemRefid))
    {
        return NtpAcceptance::LOOP;
    }
    if (!c.reachable)
    {
        return NtpAcceptance::UNREACHABLE;
    }
    return NtpAcceptance::OK;
}

NtpSelection
NtpMitigation::Select(const std::vector<NtpCandidate>& candidates, Time now) const
{
    NS_LOG_FUNCTION(this << candidates.size() << now);

    // The chime list: (edge, type) with type -1 lowpoint, 0 midpoint, +1 highpoint; at equal
    // edges lowpoints first, so that intervals that touch intersect.
    struct Point
    {
        Time edge; //!< endpoint or midpoint
        int type;  //!< -1, 0, +1
    };

    const size_t m = candidates.size();
    std::vector<Time> lambda(m);
    std::vector<Point> list;
    list.reserve(3 * m);
    for (size_t i = 0; i < m; ++i)
    {
        lambda[i] = RootDistance(candidates[i], now);
        list.push_back({candidates[i].offset - lambda[i], -1});
        list.push_back({candidates[i].offset, 0});
        list.push_back({candidates[i].offset + lambda[i], +1});
    }
    std::sort(list.begin(), list.end(), [](const Point& a, const Point& b) {
        return a.edge != b.edge ? a.edge < b.edge : a.type < b.type;
    });
    NtpSelection result;
    for (size_t f = 0; 2 * f < m; ++f)
    {
        const auto need = static_cast<int64_t>(m - f);
        uint32_t d = 0;
        int64_t c = 0;
        bool foundLow = false;
        Time low;
        for (const Point& p : list)
        {
            c -= p.type; // +1 at a lowpoint, -1 at a highpoint
            d += p.type == 0 ? 1 : 0;
            if (p.type == -1 && c >= need)
            {
                low = p.edge;
                foundLow = true;
                break;
            }
        }
        c = 0;
        bool foundHigh = false;
        Time high;
        for (auto it = list.rbegin(); it != list.rend(); ++it)
        {
            c += it->type; // +1 at a highpoint, -1 at a lowpoint
            d += it->type == 0 ? 1 : 0;
            if (it->type == +1 && c >= need)
            {
                high = it->edge;
                foundHigh = true;
                break;
            }
        }
        if (foundLow && foundHigh && d <= f && low < high)
        {
            result.majority = true;
            result.allowedFalsetickers = static_cast<uint32_t>(f);
            result.low = low;
            result.high = high;
            break;
        }
    }
    for (size_t i = 0; i < m; ++i)
    {
        const bool meets = result.majority && candidates[i].offset + lambda[i] >= result.low &&
                           candidates[i].offset - lambda[i] <= result.high;
        (meets ? result.truechimers : result.falsetickers).push_back(i);
    }
    NS_LOG_LOGIC("selection: majority " << result.majority << ", f = " << result.allowedFalsetickers
                                        << ", [" << result.low << ", " << result.high << "]");
    return result;
}

NtpCluster
NtpMitigation::Cluster(const std::vector<NtpCandidate>& candidates,
                       const std::vector<size_t>& truechimers,
                       Time now) const
{
    NS_LOG_FUNCTION(this << truechimers.size() << now);
    NtpCluster result;
    std::vector<std::pair<double, size_t>> merit;
    for (size_t i : truechimers)
    {
        merit.emplace_back(candidates[i].stratum * S(m_maxDistance) +
                               S(RootDistance(candidates[i], now)),
                           i);
    }
    std::stable_sort(merit.begin(), merit.end(), [](const auto& a, const auto& b) {
        return a.first < b.first;
    });
    std::vector<size_t> v;
    for (const auto& [ignored, i] : merit)
    {
        v.push_back(i);
    }
    double psiMax = 0;
    while (!v.empty())
    {
        const size_t n = v.size();
        psiMax = 0;
        size_t worst = 0;
        double psiMin = S(candidates[v[0]].jitter);
        for (size_t s = 0; s < n; ++s)
        {
            double sum = 0;
            for (size_t j = 0; j < n; ++j)
            {
                const double d = S(candidates[v[s]].offset - candidates[v[j]].offset);
                sum += d * d;
            }
            const double psiS = n > 1 ? std::sqrt(sum / static_cast<double>(n - 1)) : 0;
            if (psiS >= psiMax) // ties: the later, i.e. the worse merit
            {
                psiMax = psiS;
                worst = s;
            }
            psiMin = std::min(psiMin, S(candidates[v[s]].jitter));
        }
        if (psiMax < psiMin || n <= m_minSurvivors)
        {
            break;
        }
        result.outliers.push_back(v[worst]);
        v.erase(v.begin() + static_cast<std::ptrdiff_t>(worst));
    }
    result.survivors = v;
    result.selectionJitter = Seconds(psiMax);
    return result;
}

NtpCombine
NtpMitigation::Combine(const std::vector<NtpCandidate>& candidates,
                       const std::vector<size_t>& survivors,
                       Time selectionJitter,
                       Time now) const
{
    NS_LOG_FUNCTION(this << survivors.size() << selectionJitter << now);
    if (survivors.empty())
    {
        chronometry::ReportConfigError("NtpMitigation::Combine: no survivor to combine");
    }
    double y = 0; // sum of weights
    double z = 0; // weighted offsets
    double w = 0; // weighted squared jitters
    std::vector<double> weights;
    for (size_t i : survivors)
    {
        const double x = 1.0 / S(RootDistance(candidates[i], now));
        const double psi = S(candidates[i].jitter);
        weights.push_back(x);
        y += x;
        z += x * S(candidates[i].offset);
        w += x * psi * psi;
    }
    NtpCombine result;
    result.offset = Seconds(z / y);
    result.peerJitter = Seconds(std::sqrt(w / y));
    const double psiS = S(selectionJitter);
    result.systemJitter = Seconds(std::sqrt(psiS * psiS + w / y));
    for (double& x : weights)
    {
        x /= y;
    }
    result.weights = std::move(weights);
    return result;
}

NtpMitigationResult
NtpMitigation::Mitigate(const std::vector<NtpCandidate>& candidates,
                        Time now,
                        Time pollInterval,
                        uint32_t previousSystemPeer,
                        uint32_t localAddress,
                        uint32_t systemRefid) const
{
    NS_LOG_FUNCTION(this << candidates.size() << now << pollInterval);
    NtpMitigationResult r;
    std::vector<NtpCandidate> accepted;
    for (size_t i = 0; i < candidates.size(); ++i)
    {
        r.acceptance.push_back(Accept(candidates[i], now, pollInterval, localAddress, systemRefid));
        if (r.acceptance.back() == NtpAcceptance::OK)
        {
            r.accepted.push_back(i);
            accepted.push_back(candidates[i]);
        }
    }
    // Work on the accepted candidates, then translate indices back to the input's.
    auto back = [&r](std::vector<size_t>& v) {
        for (size_t& i : v)
        {
            i = r.accepted[i];
        }
    };
    r.selection = Select(accepted, now);
    if (!r.selection.majority || r.selection.truechimers.size() < m_minCandidates)
    {
        back(r.selection.truechimers);
        back(r.selection.falsetickers);
        return r;
    }
    r.cluster = Cluster(accepted, r.selection.truechimers, now);
    r.combine = Combine(accepted, r.cluster.survivors, r.cluster.selectionJitter, now);
    size_t peer = r.cluster.survivors.front();
    for (size_t i : r.cluster.survivors)
    {
        if (accepted[i].id == previousSystemPeer && accepted[i].stratum == accepted[peer].stratum)
        {
            peer = i;
            break;
        }
    }
    back(r.selection.truechimers);
    back(r.selection.falsetickers);
    back(r.cluster.survivors);
    back(r.cluster.outliers);
    r.systemPeer = r.accepted[peer];
    r.synchronized = true;
    return r;
}

NtpSystemVariables
NtpMitigation::UpdateSystem(const NtpCandidate& systemPeer,
                            const NtpCombine& combine,
                            uint32_t referenceId) const
{
    NS_LOG_FUNCTION(this << systemPeer.id);
    NtpSystemVariables s;
    s.leap = systemPeer.leap;
    s.stratum = static_cast<uint8_t>(std::min<int>(systemPeer.stratum + 1, ntp::MAXSTRAT));
    s.rootDelay = systemPeer.rootDelay + systemPeer.delay;
    // Figure 25: p.epsilon + p.psi + PHI (s.t - p.t) + |THETA| with s.t = p.t, at least
    // MINDISP; from s.t on the root dispersion grows at PHI (SystemRootDistance).
    const Time increment = systemPeer.dispersion + systemPeer.jitter + Abs(combine.offset);
    s.rootDispersion = systemPeer.rootDispersion + std::max(m_minDispersion, increment);
    s.referenceId = referenceId;
    s.offset = combine.offset;
    s.jitter = combine.systemJitter;
    s.time = systemPeer.time;
    return s;
}

Time
NtpMitigation::SystemRootDistance(const NtpSystemVariables& system, Time now) const
{
    return system.rootDispersion + Grow(now - system.time) + system.rootDelay / 2;
}

NtpMessage
NtpMitigation::ServerReply(const NtpMessage& request,
                           const NtpSystemVariables& system,
                           int8_t precision,
                           NtpTimestamp reference,
                           NtpTimestamp receive,
                           NtpTimestamp transmit,
                           Time now) const
{
    NS_LOG_FUNCTION(this << now);
    NtpMessage m;
    m.leap = system.leap;
    m.version = request.version;
    m.mode = NtpMode::SERVER;
    m.stratum = system.stratum >= ntp::MAXSTRAT ? 0 : system.stratum;
    m.poll = request.poll;
    m.precision = precision;
    m.rootDelay = NtpShort::FromTime(system.rootDelay);
    m.rootDispersion = NtpShort::FromTime(system.rootDispersion + Grow(now - system.time));
    m.referenceId = system.referenceId;
    m.referenceTimestamp = reference;
    m.originTimestamp = request.transmitTimestamp;
    m.receiveTimestamp = receive;
    m.transmitTimestamp = transmit;
    return m;
}

} // namespace ns3
