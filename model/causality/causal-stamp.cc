/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "causal-stamp.h"

#include "ns3/chronometry-validation.h"

namespace ns3
{

void
CausalityConfig::Validate() const
{
    chronometry::RequireDoubleInRange("CausalityConfig::n", n, 1, 65535, "processes");
    chronometry::RequireTimeInRange("CausalityConfig::hvcSkewBound",
                                    hvcSkewBound,
                                    Time::From(1),
                                    Hours(24));
    GetReplayConfig().Validate();
}

ReplayClockConfig
CausalityConfig::GetReplayConfig() const
{
    ReplayClockConfig r = replay;
    r.n = n;
    r.encoding = encoding;
    return r;
}

std::string
ToString(CausalEventKind kind)
{
    switch (kind)
    {
    case CausalEventKind::SEND:
        return "send";
    case CausalEventKind::RECEIVE:
        return "receive";
    case CausalEventKind::LOCAL:
        return "local";
    }
    return "unknown";
}

std::string
ToString(CausalClockKind kind)
{
    switch (kind)
    {
    case CausalClockKind::VECTOR:
        return "vector";
    case CausalClockKind::LAMPORT:
        return "Lamport";
    case CausalClockKind::HLC:
        return "HLC";
    case CausalClockKind::HVC:
        return "HVC";
    case CausalClockKind::REPCL:
        return "RepCl";
    }
    return "unknown";
}

CausalStamp::CausalStamp(uint32_t n, uint32_t self)
    : vector(n, self)
{
}

namespace
{

enum StampFlags : uint8_t
{
    HAS_LAMPORT = 1,
    HAS_HLC = 2,
    HAS_HVC = 4,
    HAS_REPCL = 8,
    NO_VECTOR = 16
};

/** Append a 16-bit length and the bytes. */
void
Append(std::vector<uint8_t>& out, const std::vector<uint8_t>& part)
{
    out.push_back(static_cast<uint8_t>(part.size() >> 8));
    out.push_back(static_cast<uint8_t>(part.size() & 0xff));
    out.insert(out.end(), part.begin(), part.end());
}

/**
 * Read a 16-bit length; on success \p part and \p len delimit the part that follows.
 * \return false if truncated
 */
bool
Take(const uint8_t* in, std::size_t size, std::size_t& pos, const uint8_t*& part, std::size_t& len)
{
    if (pos + 2 > size)
    {
        return false;
    }
    len = (std::size_t(in[pos]) << 8) | in[pos + 1];
    pos += 2;
    if (pos + len > size)
    {
        return false;
    }
    part = in + pos;
    pos += len;
    return true;
}

/** \return the flags byte of the stamps a configuration produces */
uint8_t
FlagsOf(const CausalityConfig& config)
{
    return (config.lamport ? HAS_LAMPORT : 0) | (config.hlc ? HAS_HLC : 0) |
           (config.hvc ? HAS_HVC : 0) | (config.repcl ? HAS_REPCL : 0) |
           (config.CarriesVector() ? 0 : NO_VECTOR);
}

/** \return the flags byte of a stamp */
uint8_t
FlagsOf(const CausalStamp& s)
{
    return (s.runsLamport ? HAS_LAMPORT : 0) | (s.hlc ? HAS_HLC : 0) | (s.hvc ? HAS_HVC : 0) |
           (s.repcl ? HAS_REPCL : 0) | (s.runsVector ? 0 : NO_VECTOR);
}

} // namespace

CausalStamp
CausalStamp::Initial(const CausalityConfig& config, uint32_t self)
{
    // A vector the stamp does not carry is a one-entry placeholder: no O(n) table per process.
    CausalStamp s(config.CarriesVector() ? config.n : 1, config.CarriesVector() ? self : 0);
    s.runsVector = config.CarriesVector();
    s.runsLamport = config.lamport;
    if (config.hlc)
    {
        s.hlc = HybridLogicalClock();
    }
    if (config.hvc)
    {
        s.hvc = HybridVectorClock(config.n, self, config.hvcSkewBound, config.encoding);
    }
    if (config.repcl)
    {
        s.repcl = ReplayClock(config.GetReplayConfig(), self);
    }
    return s;
}

void
CausalStamp::LocalOrSend(Time pt)
{
    if (runsVector)
    {
        vector.LocalOrSend(pt);
    }
    if (runsLamport)
    {
        lamport.LocalOrSend(pt);
    }
    if (hlc)
    {
        hlc->LocalOrSend(pt);
    }
    if (hvc)
    {
        hvc->LocalOrSend(pt);
    }
    if (repcl)
    {
        repcl->LocalOrSend(pt);
    }
}

void
CausalStamp::Receive(const CausalStamp& remote, Time pt)
{
    if (runsVector)
    {
        vector.Receive(remote.vector, pt);
    }
    if (runsLamport)
    {
        lamport.Receive(remote.lamport, pt);
    }
    if (hlc)
    {
        hlc->Receive(*remote.hlc, pt);
    }
    if (hvc)
    {
        hvc->Receive(*remote.hvc, pt);
    }
    if (repcl)
    {
        repcl->Receive(*remote.repcl, pt);
    }
}

std::vector<uint8_t>
CausalStamp::Encode(bool* widened) const
{
    std::vector<uint8_t> out{FlagsOf(*this)};
    if (runsVector)
    {
        Append(out, vector.Encode());
    }
    if (runsLamport)
    {
        Append(out, lamport.Encode());
    }
    if (hlc)
    {
        Append(out, hlc->Encode());
    }
    if (hvc)
    {
        Append(out, hvc->Encode());
    }
    if (repcl)
    {
        Append(out, repcl->Encode(widened));
    }
    return out;
}

void
CausalStamp::EncodeInto(std::vector<uint8_t>& out,
                        std::vector<uint8_t>& scratch,
                        bool* widened) const
{
    out.clear();
    out.push_back(FlagsOf(*this));
    if (runsVector)
    {
        vector.EncodeInto(scratch);
        Append(out, scratch);
    }
    if (runsLamport)
    {
        lamport.EncodeInto(scratch);
        Append(out, scratch);
    }
    if (hlc)
    {
        hlc->EncodeInto(scratch);
        Append(out, scratch);
    }
    if (hvc)
    {
        hvc->EncodeInto(scratch);
        Append(out, scratch);
    }
    if (repcl)
    {
        repcl->EncodeInto(scratch, widened);
        Append(out, scratch);
    }
}

bool
CausalStamp::Decode(const std::vector<uint8_t>& bytes,
                    const CausalityConfig& config,
                    CausalStamp& out)
{
    CausalStamp s(config.n, 0);
    if (!DecodeInto(bytes.data(), bytes.size(), config, s))
    {
        return false;
    }
    out = std::move(s);
    return true;
}

bool
CausalStamp::DecodeInto(const uint8_t* data,
                        std::size_t size,
                        const CausalityConfig& config,
                        CausalStamp& out)
{
    if (size == 0 || data[0] != FlagsOf(config))
    {
        return false;
    }
    std::size_t pos = 1;
    const uint8_t* part = nullptr;
    std::size_t len = 0;
    out.runsVector = config.CarriesVector();
    out.runsLamport = config.lamport;
    if (config.CarriesVector() && (!Take(data, size, pos, part, len) ||
                                   !VectorClock::Decode(part, len, config.n, out.vector)))
    {
        return false;
    }
    if (config.lamport &&
        (!Take(data, size, pos, part, len) || !LamportClock::Decode(part, len, out.lamport)))
    {
        return false;
    }
    if (config.hlc)
    {
        if (!out.hlc)
        {
            out.hlc.emplace();
        }
        if (!Take(data, size, pos, part, len) || !HybridLogicalClock::Decode(part, len, *out.hlc))
        {
            return false;
        }
    }
    else
    {
        out.hlc.reset();
    }
    if (config.hvc)
    {
        if (!out.hvc)
        {
            out.hvc.emplace(config.n, 0, config.hvcSkewBound, config.encoding);
        }
        if (!Take(data, size, pos, part, len) || !HybridVectorClock::Decode(part,
                                                                            len,
                                                                            config.n,
                                                                            config.hvcSkewBound,
                                                                            *out.hvc,
                                                                            config.encoding))
        {
            return false;
        }
    }
    else
    {
        out.hvc.reset();
    }
    if (config.repcl)
    {
        const ReplayClockConfig rc = config.GetReplayConfig();
        if (!out.repcl)
        {
            out.repcl.emplace(rc, rc.n); // owner unknown, as decoded
        }
        if (!Take(data, size, pos, part, len) || !ReplayClock::Decode(part, len, rc, *out.repcl))
        {
            return false;
        }
    }
    else
    {
        out.repcl.reset();
    }
    return pos == size; // no trailing garbage
}

bool
CausalStamp::PartSizes(const uint8_t* data,
                       std::size_t size,
                       std::array<uint32_t, CAUSAL_CLOCK_KINDS>& bytes)
{
    bytes.fill(0);
    if (size == 0 || (data[0] & ~uint8_t(HAS_LAMPORT | HAS_HLC | HAS_HVC | HAS_REPCL | NO_VECTOR)))
    {
        return false;
    }
    const uint8_t flags = data[0];
    const std::array<bool, CAUSAL_CLOCK_KINDS> carried{(flags & NO_VECTOR) == 0,
                                                       (flags & HAS_LAMPORT) != 0,
                                                       (flags & HAS_HLC) != 0,
                                                       (flags & HAS_HVC) != 0,
                                                       (flags & HAS_REPCL) != 0};
    std::array<uint32_t, CAUSAL_CLOCK_KINDS> found{};
    std::size_t pos = 1;
    for (std::size_t k = 0; k < CAUSAL_CLOCK_KINDS; ++k)
    {
        const uint8_t* part = nullptr;
        std::size_t len = 0;
        if (carried[k])
        {
            if (!Take(data, size, pos, part, len))
            {
                return false;
            }
            found[k] = static_cast<uint32_t>(len);
        }
    }
    if (pos != size)
    {
        return false;
    }
    bytes = found;
    return true;
}

} // namespace ns3
