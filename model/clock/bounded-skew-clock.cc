/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "bounded-skew-clock.h"

#include "ns3/chronometry-checkers.h"
#include "ns3/chronometry-ns3-compat.h"
#include "ns3/chronometry-validation.h"
#include "ns3/enum.h"
#include "ns3/log.h"
#include "ns3/rng-stream.h"
#include "ns3/simulator.h"
#include "ns3/skew-bound.h"

#include <pcg_random.hpp>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("BoundedSkewClock");

NS_OBJECT_ENSURE_REGISTERED(BoundedSkewClock);

/** The PCG64 generator of Generator = Pcg64. */
struct BoundedSkewClock::FastGenerator
{
    pcg64 engine; //!< 128-bit state, 64-bit output
};

namespace
{

/**
 * A UniformRandomVariable (same TypeId, attributes, stream assignment and values)
 * that hands out its generator, so that a read draws RngStream::RandU01() directly:
 * with Min 0, Max 1 and no antithetic sampling, GetValue() returns exactly that
 * number, after two virtual calls and four log checks that cost more than the draw.
 */
class UniformSource : public UniformRandomVariable
{
  public:
    /** \return the generator (changes when the stream is set) */
    RngStream* GetGenerator() const
    {
        return Peek();
    }
};

} // namespace

namespace
{

/** \return the one checker of E, shared by its current and deprecated names */
Ptr<const AttributeChecker>
BoundChecker()
{
    static Ptr<const AttributeChecker> checker = MakeSkewBoundChecker(false);
    return checker;
}

} // namespace

TypeId
BoundedSkewClock::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::BoundedSkewClock")
            .SetParent<LocalClock>()
            .SetGroupName("Chronometry")
            .AddConstructor<BoundedSkewClock>()
            // The deprecated name first, sharing the checker: ns-3 matches construction-time
            // values by checker, so a value given under either name sets both, and SkewBound,
            // constructed last, keeps it (Config::SetDefault needs the new name).
            .AddAttribute("Bound",
                          "Deprecated name of SkewBound (one name for E across chronometry).",
                          TimeValue(MilliSeconds(1)),
                          MakeTimeAccessor(&BoundedSkewClock::m_bound),
                          BoundChecker(),
                          TypeId::SupportLevel::DEPRECATED,
                          "use SkewBound")
            .AddAttribute("SkewBound",
                          SkewBoundHelp("every read lies in [t, t + E]."),
                          TimeValue(MilliSeconds(1)),
                          MakeTimeAccessor(&BoundedSkewClock::m_bound),
                          BoundChecker())
            .AddAttribute("Form",
                          "Bounded: uniform in [max(previous, t), t + E] (provably within E). "
                          "Thesis: the replay-clock thesis' Algorithm 5.1, uniform in "
                          "[previous, t + E] (no lower bound).",
                          EnumValue(clockmath::BoundedSkewForm::BOUNDED),
                          chronometry::MakeEnumAccessorOf<clockmath::BoundedSkewForm>(
                              &BoundedSkewClock::m_form),
                          // The enum type itself, not int: from ns-3.41 on the checker's
                          // type must be the accessor's (else a name is silently ignored).
                          MakeEnumChecker(clockmath::BoundedSkewForm::BOUNDED,
                                          "Bounded",
                                          clockmath::BoundedSkewForm::THESIS,
                                          "Thesis"))
            .AddAttribute(
                "Generator",
                "Where a read's uniform number comes from. Stream: ns-3's MRG32k3a "
                "stream (RngRun, AssignStreams), one draw per read. Pcg64: a PCG64 "
                "generator (pcg-cpp) seeded from that stream at the first read after "
                "construction or AssignStreams (the same law and reproducibility, "
                "other values, a read about twice as cheap).",
                EnumValue(STREAM),
                chronometry::MakeEnumAccessorOf<Generator>(&BoundedSkewClock::m_generator),
                MakeEnumChecker(STREAM, "Stream", PCG64, "Pcg64"));
    return tid;
}

BoundedSkewClock::BoundedSkewClock()
    : m_bound(MilliSeconds(1)),
      m_form(clockmath::BoundedSkewForm::BOUNDED),
      m_generator(STREAM),
      m_lastReading(0),
      m_lastReadAt(0)
{
    Ptr<UniformSource> source = CreateObject<UniformSource>();
    m_rng = source->GetGenerator();
    m_uniform = source;
}

BoundedSkewClock::~BoundedSkewClock() = default;

void
BoundedSkewClock::DoDispose()
{
    m_uniform = nullptr;
    m_rng = nullptr;
    LocalClock::DoDispose();
}

void
BoundedSkewClock::SetBound(Time bound)
{
    SetAttribute("Bound", TimeValue(bound)); // validated by the attribute's checker
}

Time
BoundedSkewClock::GetSkewBound() const
{
    return m_bound;
}

Time
BoundedSkewClock::GetBound() const
{
    return m_bound;
}

Time
BoundedSkewClock::GetLastReading() const
{
    return m_lastReading;
}

uint64_t
BoundedSkewClock::DrawFast()
{
    if (!m_fast)
    {
        // State and sequence from eight 32-bit words of the ns-3 stream: the generator follows
        // RngRun and the stream this clock was given, as a Stream clock's draws do.
        pcg_extras::pcg128_t words[2] = {0, 0};
        for (auto& w : words)
        {
            for (int k = 0; k < 4; ++k)
            {
                w = (w << 32) | static_cast<uint32_t>(m_rng->RandU01() * 4294967296.0);
            }
        }
        m_fast = std::make_unique<FastGenerator>();
        m_fast->engine.seed(words[0], words[1]);
    }
    return m_fast->engine();
}

Time
BoundedSkewClock::DoRead(const Time& trueNow)
{
    int64_t reading;
    if (m_generator == PCG64)
    {
        reading = clockmath::DrawBoundedSkewReadingBits(m_lastReading.GetTimeStep(),
                                                        trueNow.GetTimeStep(),
                                                        m_bound.GetTimeStep(),
                                                        DrawFast(),
                                                        m_form);
    }
    else
    {
        // m_rng->RandU01() is exactly m_uniform->GetValue() (Min 0, Max 1, not antithetic).
        reading = clockmath::DrawBoundedSkewReading(m_lastReading.GetTimeStep(),
                                                    trueNow.GetTimeStep(),
                                                    m_bound.GetTimeStep(),
                                                    m_rng->RandU01(),
                                                    m_form);
    }
    m_lastReading = Time(reading); // time steps
    m_lastReadAt = trueNow;
    return m_lastReading;
}

Time
BoundedSkewClock::TrueToLocal(Time trueTime)
{
    if (trueTime >= m_lastReadAt)
    {
        return std::max(trueTime, m_lastReading);
    }
    return trueTime;
}

Time
BoundedSkewClock::LocalToTrue(Time localTime)
{
    Time now = Simulator::Now();
    if (m_lastReading >= localTime)
    {
        return now;
    }
    return std::max(now, localTime);
}

int64_t
BoundedSkewClock::AssignStreams(int64_t stream)
{
    m_uniform->SetStream(stream);
    m_rng = StaticCast<UniformSource>(m_uniform)->GetGenerator(); // SetStream replaced it
    m_fast.reset(); // seeded from the new stream at the next read
    return 1;
}

} // namespace ns3
