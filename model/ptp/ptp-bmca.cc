/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ptp-bmca.h"

#include "ns3/abort.h"
#include "ns3/chronometry-validation.h"
#include "ns3/log.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("PtpBmca");

BmcaDataSet
BmcaDataSet::FromAnnounce(const PtpMessage& announce, PtpPortIdentity receiver)
{
    BmcaDataSet d;
    d.grandmasterIdentity = announce.announce.grandmasterIdentity;
    d.priority1 = announce.announce.grandmasterPriority1;
    d.clockQuality = announce.announce.grandmasterClockQuality;
    d.priority2 = announce.announce.grandmasterPriority2;
    d.stepsRemoved = announce.announce.stepsRemoved;
    d.sender = announce.header.sourcePortIdentity;
    d.receiver = receiver;
    return d;
}

BmcaDataSet
BmcaDataSet::FromDefault(const PtpDefaultDataSet& dd)
{
    BmcaDataSet d;
    d.grandmasterIdentity = dd.clockIdentity;
    d.priority1 = dd.priority1;
    d.clockQuality = dd.clockQuality;
    d.priority2 = dd.priority2;
    d.stepsRemoved = 0;
    d.sender = PtpPortIdentity{dd.clockIdentity, 0};
    d.receiver = PtpPortIdentity{dd.clockIdentity, 0};
    return d;
}

bool
BmcaDataSet::operator==(const BmcaDataSet& o) const
{
    return grandmasterIdentity == o.grandmasterIdentity && priority1 == o.priority1 &&
           clockQuality == o.clockQuality && priority2 == o.priority2 &&
           stepsRemoved == o.stepsRemoved && sender == o.sender && receiver == o.receiver;
}

std::string
ToString(BmcaComparison c)
{
    switch (c)
    {
    case BmcaComparison::A_BETTER:
        return "A better";
    case BmcaComparison::A_BETTER_BY_TOPOLOGY:
        return "A better by topology";
    case BmcaComparison::B_BETTER:
        return "B better";
    case BmcaComparison::B_BETTER_BY_TOPOLOGY:
        return "B better by topology";
    case BmcaComparison::ERROR_1:
        return "error-1";
    case BmcaComparison::ERROR_2:
        return "error-2";
    }
    return "invalid";
}

namespace
{
/**
 * \param a value of A
 * \param b value of B
 * \return A_BETTER if a < b, B_BETTER if a > b, nothing if equal
 */
template <typename T>
std::optional<BmcaComparison>
Lower(T a, T b)
{
    if (a < b)
    {
        return BmcaComparison::A_BETTER;
    }
    if (b < a)
    {
        return BmcaComparison::B_BETTER;
    }
    return std::nullopt;
}
} // namespace

BmcaComparison
MirrorComparison(BmcaComparison c)
{
    switch (c)
    {
    case BmcaComparison::A_BETTER:
        return BmcaComparison::B_BETTER;
    case BmcaComparison::B_BETTER:
        return BmcaComparison::A_BETTER;
    case BmcaComparison::A_BETTER_BY_TOPOLOGY:
        return BmcaComparison::B_BETTER_BY_TOPOLOGY;
    case BmcaComparison::B_BETTER_BY_TOPOLOGY:
        return BmcaComparison::A_BETTER_BY_TOPOLOGY;
    default:
        return c;
    }
}

BmcaComparison
CompareDataSets(const BmcaDataSet& a, const BmcaDataSet& b)
{
    if (a.grandmasterIdentity != b.grandmasterIdentity)
    {
        // Figure 34: the grandmasters' attributes, lower is better.
        for (auto r :
             {Lower(a.priority1, b.priority1),
              Lower(a.clockQuality.clockClass, b.clockQuality.clockClass),
              Lower(a.clockQuality.clockAccuracy, b.clockQuality.clockAccuracy),
              Lower(a.clockQuality.offsetScaledLogVariance, b.clockQuality.offsetScaledLogVariance),
              Lower(a.priority2, b.priority2),
              Lower(a.grandmasterIdentity, b.grandmasterIdentity)})
        {
            if (r)
            {
                return *r;
            }
        }
    }
    // Figure 35: the same grandmaster, compare the paths.
    const uint32_t sa = a.stepsRemoved;
    const uint32_t sb = b.stepsRemoved;
    if (sa > sb + 1)
    {
        return BmcaComparison::B_BETTER;
    }
    if (sa + 1 < sb)
    {
        return BmcaComparison::A_BETTER;
    }
    if (sa > sb)
    {
        // A has one more step: is A's path through the clock that received it?
        if (a.receiver.clockIdentity < a.sender.clockIdentity)
        {
            return BmcaComparison::B_BETTER;
        }
        if (a.receiver.clockIdentity > a.sender.clockIdentity)
        {
            return BmcaComparison::B_BETTER_BY_TOPOLOGY;
        }
        return BmcaComparison::ERROR_1;
    }
    if (sb > sa)
    {
        if (b.receiver.clockIdentity < b.sender.clockIdentity)
        {
            return BmcaComparison::A_BETTER;
        }
        if (b.receiver.clockIdentity > b.sender.clockIdentity)
        {
            return BmcaComparison::A_BETTER_BY_TOPOLOGY;
        }
        return BmcaComparison::ERROR_1;
    }
    if (a.sender < b.sender)
    {
        return BmcaComparison::A_BETTER_BY_TOPOLOGY;
    }
    if (b.sender < a.sender)
    {
        return BmcaComparison::B_BETTER_BY_TOPOLOGY;
    }
    if (a.receiver.portNumber < b.receiver.portNumber)
    {
        return BmcaComparison::A_BETTER_BY_TOPOLOGY;
    }
    if (b.receiver.portNumber < a.receiver.portNumber)
    {
        return BmcaComparison::B_BETTER_BY_TOPOLOGY;
    }
    return BmcaComparison::ERROR_2;
}

bool
IsABetter(BmcaComparison c)
{
    return c == BmcaComparison::A_BETTER || c == BmcaComparison::A_BETTER_BY_TOPOLOGY;
}

std::string
ToString(PtpPortState s)
{
    switch (s)
    {
    case PtpPortState::LISTENING:
        return "LISTENING";
    case PtpPortState::MASTER:
        return "MASTER";
    case PtpPortState::PASSIVE:
        return "PASSIVE";
    case PtpPortState::SLAVE:
        return "SLAVE";
    case PtpPortState::PRE_MASTER:
        return "PRE_MASTER";
    case PtpPortState::UNCALIBRATED:
        return "UNCALIBRATED";
    case PtpPortState::GRAND_MASTER:
        return "GRAND_MASTER";
    }
    return "invalid";
}

std::string
ToString(BmcaDecision d)
{
    switch (d)
    {
    case BmcaDecision::NONE:
        return "none";
    case BmcaDecision::M1:
        return "M1";
    case BmcaDecision::M2:
        return "M2";
    case BmcaDecision::M3:
        return "M3";
    case BmcaDecision::P1:
        return "P1";
    case BmcaDecision::P2:
        return "P2";
    case BmcaDecision::S1:
        return "S1";
    }
    return "invalid";
}

BmcaPortDecision
DecideState(const PtpDefaultDataSet& d0,
            const std::optional<BmcaDataSet>& ebest,
            const std::optional<BmcaDataSet>& erbest,
            bool ebestOnThisPort,
            PtpPortState current)
{
    BmcaPortDecision r;
    if (!erbest && current == PtpPortState::LISTENING)
    {
        r.state = PtpPortState::LISTENING;
        return r;
    }
    const BmcaDataSet self = BmcaDataSet::FromDefault(d0);
    if (d0.clockQuality.clockClass <= 127)
    {
        if (!erbest || IsABetter(CompareDataSets(self, *erbest)))
        {
            r = {PtpPortState::MASTER, BmcaDecision::M1};
        }
        else
        {
            r = {PtpPortState::PASSIVE, BmcaDecision::P1};
        }
    }
    else if (!ebest || IsABetter(CompareDataSets(self, *ebest)))
    {
        r = {PtpPortState::MASTER, BmcaDecision::M2};
    }
    else if (ebestOnThisPort)
    {
        r = {PtpPortState::SLAVE, BmcaDecision::S1};
    }
    else if (erbest && CompareDataSets(*ebest, *erbest) == BmcaComparison::A_BETTER_BY_TOPOLOGY)
    {
        r = {PtpPortState::PASSIVE, BmcaDecision::P2};
    }
    else
    {
        r = {PtpPortState::MASTER, BmcaDecision::M3};
    }
    if (d0.slaveOnly && r.state == PtpPortState::MASTER)
    {
        r = {PtpPortState::LISTENING, BmcaDecision::NONE};
    }
    return r;
}

PtpBmca::PtpBmca(const Config& config, Time start)
    : m_config(config),
      m_now(start)
{
    NS_LOG_FUNCTION(this << start);
    chronometry::RequireDoubleInRange("ns3::PtpBmca::Config::ports",
                                      config.ports,
                                      1,
                                      65534,
                                      "ports");
    chronometry::RequireTimeInRange("ns3::PtpBmca::Config::announceInterval",
                                    config.announceInterval,
                                    MicroSeconds(1),
                                    Seconds(1 << 15));
    chronometry::RequireDoubleInRange("ns3::PtpBmca::Config::announceReceiptTimeout",
                                      config.announceReceiptTimeout,
                                      2,
                                      255,
                                      "intervals");
    m_ports.resize(config.ports);
    for (auto& p : m_ports)
    {
        p.listeningSince = start;
    }
}

const PtpBmca::Port&
PtpBmca::At(uint16_t port) const
{
    NS_ABORT_MSG_IF(port < 1 || port > m_ports.size(),
                    "PtpBmca: port " << port << " is not in 1.." << m_ports.size());
    return m_ports[port - 1];
}

Time
PtpBmca::QualificationWindow(int8_t logMessageInterval)
{
    // As linuxptp's msg_current: FOREIGN_MASTER_TIME_WINDOW intervals of the Announce's own
    // logMessageInterval (0 at -31 or below, never ending at 31 or above).
    if (logMessageInterval <= -31)
    {
        return Time(0);
    }
    if (logMessageInterval >= 31)
    {
        return Time::Max();
    }
    const int64_t window = FOREIGN_MASTER_TIME_WINDOW;
    return logMessageInterval < 0 ? Seconds(1) * window / int64_t{1LL << -logMessageInterval}
                                  : Seconds(1) * window * int64_t{1LL << logMessageInterval};
}

bool
PtpBmca::Qualified(const ForeignMaster& f) const
{
    const auto recent = std::count_if(f.arrivals.begin(), f.arrivals.end(), [&](const auto& a) {
        return m_now < a.second;
    });
    return static_cast<uint32_t>(recent) >= FOREIGN_MASTER_THRESHOLD;
}

std::optional<BmcaDataSet>
PtpBmca::Erbest(const Port& p) const
{
    std::optional<BmcaDataSet> best;
    for (const auto& f : p.foreign)
    {
        if (Qualified(f) && (!best || IsABetter(CompareDataSets(f.data, *best))))
        {
            best = f.data;
        }
    }
    return best;
}

void
PtpBmca::Expire(Time now)
{
    NS_ABORT_MSG_IF(now < m_now,
                    "PtpBmca: event at " << now.As(Time::S) << " before the previous one at "
                                         << m_now.As(Time::S));
    m_now = now;
    const Time timeout = m_config.announceInterval * int64_t{m_config.announceReceiptTimeout};
    for (auto& p : m_ports)
    {
        for (auto& f : p.foreign)
        {
            f.arrivals.erase(std::remove_if(f.arrivals.begin(),
                                            f.arrivals.end(),
                                            [&](const auto& a) { return a.second <= now; }),
                             f.arrivals.end());
        }
        // The announce receipt timeout of a SLAVE or PASSIVE port: its best master fell
        // silent (linuxptp's announce timer, restarted by its Announce messages).
        if (p.best && (p.state == PtpPortState::SLAVE || p.state == PtpPortState::PASSIVE) &&
            std::any_of(p.foreign.begin(), p.foreign.end(), [&](const ForeignMaster& f) {
                return f.data.sender == *p.best && f.last <= now - timeout;
            }))
        {
            ++p.receiptTimeouts;
        }
        // Announce receipt timeout: a foreign master silent for the timeout is forgotten.
        p.foreign.erase(
            std::remove_if(p.foreign.begin(),
                           p.foreign.end(),
                           [&](const ForeignMaster& f) { return f.last <= now - timeout; }),
            p.foreign.end());
        if (p.state == PtpPortState::LISTENING && !m_config.defaultDs.slaveOnly &&
            now >= p.listeningSince + timeout && !Erbest(p))
        {
            NS_LOG_LOGIC("announce receipt timeout in LISTENING: MASTER");
            p.state = PtpPortState::MASTER;
            ++p.receiptTimeouts;
            ++m_stateChanges;
        }
    }
}

void
PtpBmca::Decide()
{
    std::vector<std::optional<BmcaDataSet>> erbest(m_ports.size());
    std::optional<BmcaDataSet> ebest;
    size_t ebestPort = 0;
    for (size_t i = 0; i < m_ports.size(); ++i)
    {
        erbest[i] = Erbest(m_ports[i]);
        if (erbest[i] && (!ebest || IsABetter(CompareDataSets(*erbest[i], *ebest))))
        {
            ebest = erbest[i];
            ebestPort = i;
        }
    }
    for (size_t i = 0; i < m_ports.size(); ++i)
    {
        Port& p = m_ports[i];
        const BmcaPortDecision d =
            DecideState(m_config.defaultDs, ebest, erbest[i], ebest && ebestPort == i, p.state);
        if (d.state != p.state)
        {
            NS_LOG_LOGIC("port " << i + 1 << ": " << ToString(p.state) << " -> "
                                 << ToString(d.state) << " (" << ToString(d.code) << ")");
            ++m_stateChanges;
            if (d.state == PtpPortState::LISTENING)
            {
                p.listeningSince = m_now;
            }
        }
        p.state = d.state;
        p.code = d.code;
        p.best = erbest[i] ? std::optional<PtpPortIdentity>(erbest[i]->sender) : std::nullopt;
    }
}

void
PtpBmca::ReceiveAnnounce(Time now, uint16_t port, const PtpMessage& announce)
{
    NS_LOG_FUNCTION(this << now << port);
    At(port);
    Expire(now);
    const PtpPortIdentity& sender = announce.header.sourcePortIdentity;
    if (announce.header.messageType != PtpMessageType::ANNOUNCE ||
        sender.clockIdentity == m_config.defaultDs.clockIdentity ||
        announce.announce.stepsRemoved >= 255)
    {
        NS_LOG_LOGIC("not a qualifying Announce: ignored");
        Decide();
        return;
    }
    Port& p = m_ports[port - 1];
    const PtpPortIdentity receiver{m_config.defaultDs.clockIdentity, port};
    auto it = std::find_if(p.foreign.begin(), p.foreign.end(), [&](const ForeignMaster& f) {
        return f.data.sender == sender;
    });
    if (it == p.foreign.end())
    {
        p.foreign.push_back(ForeignMaster{});
        it = p.foreign.end() - 1;
    }
    it->data = BmcaDataSet::FromAnnounce(announce, receiver);
    const Time window = QualificationWindow(announce.header.logMessageInterval);
    it->arrivals.emplace_back(now, window > Time::Max() - now ? Time::Max() : now + window);
    it->last = now;
    Decide();
}

void
PtpBmca::Advance(Time now)
{
    NS_LOG_FUNCTION(this << now);
    Expire(now);
    Decide();
}

Time
PtpBmca::GetNextEventTime() const
{
    const Time timeout = m_config.announceInterval * int64_t{m_config.announceReceiptTimeout};
    Time next = Time::Max();
    for (const auto& p : m_ports)
    {
        for (const auto& f : p.foreign)
        {
            next = std::min(next, f.last + timeout);
            for (const auto& a : f.arrivals)
            {
                next = std::min(next, a.second);
            }
        }
        if (p.state == PtpPortState::LISTENING && !m_config.defaultDs.slaveOnly)
        {
            next = std::min(next, std::max(m_now, p.listeningSince + timeout));
        }
    }
    return next;
}

PtpPortState
PtpBmca::GetPortState(uint16_t port) const
{
    return At(port).state;
}

BmcaDecision
PtpBmca::GetDecision(uint16_t port) const
{
    return At(port).code;
}

std::optional<BmcaDataSet>
PtpBmca::GetErbest(uint16_t port) const
{
    return Erbest(At(port));
}

std::optional<BmcaDataSet>
PtpBmca::GetEbest() const
{
    std::optional<BmcaDataSet> ebest;
    for (const auto& p : m_ports)
    {
        auto e = Erbest(p);
        if (e && (!ebest || IsABetter(CompareDataSets(*e, *ebest))))
        {
            ebest = e;
        }
    }
    return ebest;
}

uint16_t
PtpBmca::GetSlavePort() const
{
    for (size_t i = 0; i < m_ports.size(); ++i)
    {
        if (m_ports[i].state == PtpPortState::SLAVE)
        {
            return static_cast<uint16_t>(i + 1);
        }
    }
    return 0;
}

std::optional<PtpPortIdentity>
PtpBmca::GetParent() const
{
    const uint16_t slave = GetSlavePort();
    if (slave == 0)
    {
        return std::nullopt;
    }
    auto e = Erbest(m_ports[slave - 1]);
    return e ? std::optional<PtpPortIdentity>(e->sender) : std::nullopt;
}

uint64_t
PtpBmca::GetGrandmasterIdentity() const
{
    const uint16_t slave = GetSlavePort();
    if (slave != 0)
    {
        auto e = Erbest(m_ports[slave - 1]);
        if (e)
        {
            return e->grandmasterIdentity;
        }
    }
    return m_config.defaultDs.clockIdentity;
}

uint64_t
PtpBmca::GetStateChanges() const
{
    return m_stateChanges;
}

uint64_t
PtpBmca::GetReceiptTimeoutCount(uint16_t port) const
{
    return At(port).receiptTimeouts;
}

size_t
PtpBmca::GetForeignMasterCount(uint16_t port) const
{
    return At(port).foreign.size();
}

} // namespace ns3
