/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// The NTP clock discipline (RFC 5905 section 11.3) on a simulated clock in a plain loop (no
// Simulator): with a drift d and measurement noise it converges, its frequency goes to -d,
// the poll interval grows to MaxPoll when the offsets are quiet and shrinks after a frequency
// surge; a large offset is stepped (at once from NSET, after the stepout interval in SYNC,
// a single spike ignored); panic; start from a known frequency. The SNTP client core sets
// the time from one sample (error: half the path asymmetry, then free drift). Finally the
// whole client (filters, mitigation, discipline) against three servers: the true offset
// against the system root distance it claims, and the delivered E.
#include "expected-throw-scope.h"
#include "ntp-test-world.h"

#include "ns3/chronometry-ns3-compat.h"
#include "ns3/chronometry-validation.h"
#include "ns3/enum.h"
#include "ns3/ntp-clock-discipline.h"
#include "ns3/ntp-mitigation.h"
#include "ns3/object-factory.h"
#include "ns3/sntp-client.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <iomanip>
#include <iostream>
#include <random>
#include <string>
#include <vector>

using namespace ns3;

namespace
{

/** \brief What a disciplined run did. */
struct DisciplinedRun
{
    std::vector<double> offset;   //!< clock error x(t) once a second (s)
    std::vector<int> poll;        //!< poll exponent after each update
    std::vector<double> updateAt; //!< true time of each update
    uint32_t steps{0};            //!< STEP results
    uint32_t ignored{0};          //!< IGNORE results
    double firstStepAt{-1};       //!< true time of the first step
};

/**
 * Apply a discipline result to the client clock.
 * \param c the client
 * \param r the result
 * \param t true time
 */
void
Apply(ntptest::Client& c, const NtpDisciplineResult& r, double t)
{
    c.Advance(t);
    c.applied += r.phase.GetSeconds() + r.step.GetSeconds();
    c.freq = r.frequency;
}

/**
 * Discipline a client from noisy offset measurements at the discipline's own poll interval,
 * running the clock-adjust process once a second.
 * \param d the discipline
 * \param c the client clock
 * \param seconds how long
 * \param noise measurement noise (standard deviation, s)
 * \param rng random numbers
 * \param extra an offset added to the measurement at true time t (e.g. a server's step)
 * \return the run
 */
template <typename F>
DisciplinedRun
Discipline(Ptr<NtpClockDiscipline> d,
           ntptest::Client& c,
           double seconds,
           double noise,
           std::mt19937_64& rng,
           F extra)
{
    DisciplinedRun run;
    std::normal_distribution<double> n(0, noise);
    double next = 1;
    d->Advance(Time(0));
    for (double t = 1; t <= seconds; t += 1)
    {
        // The discipline's time base is the process time (RFC 5905's c.t), not the clock it
        // steers: here, true time.
        c.Advance(t);
        c.applied += d->Advance(Seconds(t)).GetSeconds();
        if (t >= next)
        {
            const double measured = -c.Error(t) + n(rng) + extra(t);
            const NtpDisciplineResult r =
                d->Update(NanoSeconds(std::llround(measured * 1e9)), Seconds(t));
            Apply(c, r, t);
            run.steps += r.code == NtpClockReturn::STEP ? 1 : 0;
            run.ignored += r.code == NtpClockReturn::IGNORE ? 1 : 0;
            if (r.code == NtpClockReturn::STEP && run.firstStepAt < 0)
            {
                run.firstStepAt = t;
            }
            run.poll.push_back(r.poll);
            run.updateAt.push_back(t);
            next = t + d->GetPollInterval().GetSeconds();
        }
        run.offset.push_back(c.Error(t));
    }
    return run;
}

/**
 * \param v values
 * \param q quantile in [0, 1]
 * \return the quantile of |v|
 */
double
AbsQuantile(std::vector<double> v, double q)
{
    for (double& x : v)
    {
        x = std::abs(x);
    }
    std::sort(v.begin(), v.end());
    return v.empty() ? 0 : v[std::min(v.size() - 1, static_cast<size_t>(q * v.size()))];
}

/** \brief Convergence under drift and noise; the poll interval grows. */
class ConvergenceTestCase : public TestCase
{
  public:
    ConvergenceTestCase()
        : TestCase("discipline: drift d and noise: locks, frequency -> -d, poll grows to MaxPoll")
    {
    }

  private:
    void DoRun() override
    {
        for (double dppm : {50.0, -30.0, 7.0, -120.0})
        {
            std::mt19937_64 rng(static_cast<uint64_t>(1000 + dppm));
            Ptr<NtpClockDiscipline> d = CreateObject<NtpClockDiscipline>();
            ntptest::Client c;
            c.x0 = 0.02; // 20 ms: below the step threshold
            c.drift = dppm * 1e-6;
            const double noise = 200e-6;
            const DisciplinedRun run =
                Discipline(d, c, 2 * 86400, noise, rng, [](double) { return 0.0; });
            const double freqErrPpm = (d->GetFrequency() + c.drift) * 1e6;
            std::vector<double> lastDay(run.offset.end() - 86400, run.offset.end());
            const double p99 = AbsQuantile(lastDay, 0.99);
            const auto firstMax = std::find(run.poll.begin(), run.poll.end(), 10);
            // Share of day 2 spent at MaxPoll, and the lowest poll of day 2.
            double atMax = 0;
            int lowest = 99;
            for (size_t i = 0; i + 1 < run.updateAt.size(); ++i)
            {
                if (run.updateAt[i] >= 86400)
                {
                    atMax += run.poll[i] == 10 ? run.updateAt[i + 1] - run.updateAt[i] : 0;
                    lowest = std::min(lowest, run.poll[i]);
                }
            }
            atMax /= run.updateAt.back() - 86400;
            std::cout << "ntp discipline, drift " << dppm << " ppm, noise 0.2 ms: frequency "
                      << std::setprecision(4) << d->GetFrequency() * 1e6 << " ppm (error "
                      << freqErrPpm << " ppm), |offset| p99 over day 2 " << p99 * 1e3
                      << " ms, poll 2^10 s first reached at "
                      << (firstMax == run.poll.end()
                              ? -1.0
                              : run.updateAt[firstMax - run.poll.begin()] / 3600)
                      << " h, " << 100 * atMax << "% of day 2 at 2^10 s (lowest 2^" << lowest
                      << " s), " << run.steps << " steps" << std::endl;
            NS_TEST_EXPECT_MSG_GT(atMax, 0.5, "mostly at MaxPoll on day 2");
            NS_TEST_EXPECT_MSG_EQ(ToString(d->GetState()), "SYNC", dppm);
            NS_TEST_EXPECT_MSG_EQ(run.steps, 0u, "20 ms is slewed, never stepped");
            NS_TEST_EXPECT_MSG_LT(std::abs(freqErrPpm), 0.05, "frequency -> -d");
            NS_TEST_EXPECT_MSG_LT(p99, 1e-3, "locked: day 2 within 1 ms (noise 0.2 ms)");
            NS_TEST_EXPECT_MSG_EQ(int(d->GetPoll()), 10, "poll grew to MaxPoll (1024 s)");
            NS_TEST_EXPECT_MSG_EQ(run.poll.front(), 6, "from MinPoll (64 s)");
        }
    }
};

/** \brief Steps, the stepout interval, spikes, panic; a frequency surge shortens the poll. */
class StepTestCase : public TestCase
{
  public:
    StepTestCase()
        : TestCase("discipline: steps beyond 128 ms, stepout, spike, panic, poll shrinks on a "
                   "frequency surge")
    {
    }

  private:
    void DoRun() override
    {
        // From NSET, 500 ms is stepped at once; the frequency is then measured directly over
        // the stepout interval (FREQ, 900 s): right to the noise over 960 s (two 50 us
        // samples: 0.07 ppm). The phase that built up meanwhile (40 ppm x 960 s) is then slewed
        // out by the loop, whose slow mode at a 64 s poll has a time constant of about 4 h
        // (TC = 16: damping 2): a day to settle within 1 ms.
        for (double seconds : {1000.0, 24 * 3600.0})
        {
            std::mt19937_64 rng(1);
            Ptr<NtpClockDiscipline> d = CreateObject<NtpClockDiscipline>();
            ntptest::Client c;
            c.x0 = -0.5;
            c.drift = 40e-6;
            const DisciplinedRun run =
                Discipline(d, c, seconds, 50e-6, rng, [](double) { return 0.0; });
            NS_TEST_EXPECT_MSG_EQ(run.steps, 1u, "one step");
            NS_TEST_EXPECT_MSG_EQ(run.firstStepAt, 1.0, "at the first update");
            if (seconds < 2000)
            {
                NS_TEST_EXPECT_MSG_EQ(ToString(d->GetState()), "SYNC", "FREQ is over");
                NS_TEST_EXPECT_MSG_LT(std::abs(d->GetFrequency() + 40e-6), 0.5e-6, "direct freq");
                std::cout << "ntp discipline, 500 ms at start: stepped at the first update, "
                          << "frequency after the 960 s direct measurement " << std::setprecision(4)
                          << d->GetFrequency() * 1e6 << " ppm (drift 40 ppm); offset then "
                          << run.offset.back() * 1e3 << " ms" << std::endl;
            }
            else
            {
                NS_TEST_EXPECT_MSG_LT(std::abs(d->GetFrequency() + 40e-6), 0.1e-6, "locked");
                NS_TEST_EXPECT_MSG_LT(std::abs(run.offset.back()), 1e-3, "phase slewed out");
            }
        }
        // In SYNC: a single 200 ms spike is ignored (SPIK); a server that steps by 200 ms for
        // good is followed by a step once the offset has persisted for the stepout interval.
        {
            std::mt19937_64 rng(2);
            Ptr<NtpClockDiscipline> d = CreateObject<NtpClockDiscipline>();
            ntptest::Client c;
            c.drift = 10e-6;
            double spikeAt = -1;
            const DisciplinedRun run = Discipline(d, c, 20000, 100e-6, rng, [&](double t) {
                if (t > 8000 && spikeAt < 0)
                {
                    spikeAt = t; // one measurement
                    return 0.2;
                }
                return 0.0;
            });
            NS_TEST_EXPECT_MSG_EQ(run.steps, 0u, "the spike was not stepped");
            NS_TEST_EXPECT_MSG_LT(AbsQuantile({run.offset.end() - 1000, run.offset.end()}, 1.0),
                                  2e-3,
                                  "and left no mark");
            Ptr<NtpClockDiscipline> d2 = CreateObject<NtpClockDiscipline>();
            ntptest::Client c2;
            c2.drift = 10e-6;
            const DisciplinedRun stepped = Discipline(d2, c2, 20000, 100e-6, rng, [](double t) {
                return t > 8000 ? 0.2 : 0.0;
            });
            NS_TEST_EXPECT_MSG_EQ(stepped.steps, 1u, "stepped once");
            // The first outlier enters SPIK; the step comes at the first later update at least
            // the stepout interval after the last good one: at a poll of 1024 s, the next.
            NS_TEST_EXPECT_MSG_GT(stepped.firstStepAt, 8000 + 900, "after the stepout interval");
            NS_TEST_EXPECT_MSG_LT(stepped.firstStepAt, 8000 + 2 * 1024 + 1, "two polls at most");
            NS_TEST_EXPECT_MSG_LT(std::abs(stepped.offset.back() - 0.2), 2e-3, "following");
            std::cout << "ntp discipline, a server step of 200 ms in SYNC (poll 1024 s): "
                      << "ignored, then stepped " << stepped.firstStepAt - 8000 << " s later"
                      << std::endl;
        }
        // StepThreshold 0: never step; the 500 ms are slewed. Panic beyond 1000 s.
        {
            Ptr<NtpClockDiscipline> d =
                CreateObjectWithAttributes<NtpClockDiscipline>("StepThreshold", TimeValue(Time(0)));
            d->Update(MilliSeconds(500), Seconds(0));
            NS_TEST_EXPECT_MSG_EQ(ToString(d->GetState()), "FREQ", "slewed, not stepped");
            NS_TEST_EXPECT_MSG_EQ(d->GetResidual(), MilliSeconds(500), "to slew");
            Ptr<NtpClockDiscipline> p = CreateObject<NtpClockDiscipline>();
            const NtpDisciplineResult r = p->Update(Seconds(1001), Seconds(0));
            NS_TEST_EXPECT_MSG_EQ(ToString(r.code), "panic", "1001 s");
            NS_TEST_EXPECT_MSG_EQ(r.step, Time(0), "nothing done");
            NS_TEST_EXPECT_MSG_EQ(ToString(p->GetState()), "NSET", "still NSET");
            NS_TEST_EXPECT_MSG_EQ(ToString(p->Update(Seconds(999), Seconds(1)).code),
                                  "step",
                                  "999 s is stepped");
        }
        // A frequency surge (the oscillator's rate jumps by 3 ppm, as with a temperature
        // change) when the poll is at 1024 s: the offsets outgrow PGATE x jitter and the poll
        // shrinks, then grows again once the loop has caught up.
        {
            std::mt19937_64 rng(3);
            Ptr<NtpClockDiscipline> d = CreateObject<NtpClockDiscipline>();
            ntptest::Client c;
            c.drift = 20e-6;
            c.changeAt = 86400;
            c.driftAfter = 23e-6;
            const DisciplinedRun run =
                Discipline(d, c, 4 * 86400, 50e-6, rng, [](double) { return 0.0; });
            int before = 0;
            int lowest = 99;
            for (size_t i = 0; i < run.poll.size(); ++i)
            {
                if (run.updateAt[i] < 86400)
                {
                    before = run.poll[i];
                }
                else
                {
                    lowest = std::min(lowest, run.poll[i]);
                }
            }
            std::cout << "ntp discipline, +3 ppm surge at 24 h: poll 2^" << before
                      << " s before, down to 2^" << lowest << " s, 2^" << int(d->GetPoll())
                      << " s at 96 h; frequency " << std::setprecision(4) << d->GetFrequency() * 1e6
                      << " ppm" << std::endl;
            NS_TEST_EXPECT_MSG_EQ(before, 10, "at MaxPoll before");
            NS_TEST_EXPECT_MSG_LT(lowest, 10, "shortened after the surge");
            NS_TEST_EXPECT_MSG_LT(std::abs(d->GetFrequency() + 23e-6), 0.1e-6, "caught up");
        }
    }
};

/** \brief Frequency file, configuration errors, the ServoAction view. */
class ConfigurationTestCase : public TestCase
{
  public:
    ConfigurationTestCase()
        : TestCase("discipline: known frequency (FSET), MinPoll > MaxPoll refused, ServoAction")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<NtpClockDiscipline> d = CreateObject<NtpClockDiscipline>();
        d->SetFrequency(-12e-6);
        NS_TEST_EXPECT_MSG_EQ(ToString(d->GetState()), "FSET", "frequency file");
        NtpDisciplineResult r = d->Update(MilliSeconds(3), Seconds(10));
        NS_TEST_EXPECT_MSG_EQ(ToString(r.code), "slew", "no FREQ interval");
        NS_TEST_EXPECT_MSG_EQ(ToString(r.state), "SYNC", "straight to SYNC");
        NS_TEST_EXPECT_MSG_EQ(r.frequency, -12e-6, "kept");
        NS_TEST_EXPECT_MSG_EQ(r.action.adjustFrequency, true, "ServoAction: frequency");
        NS_TEST_EXPECT_MSG_EQ_TOL(r.action.frequencyPpb, -12000.0, 1e-6, "in ppb");
        NS_TEST_EXPECT_MSG_EQ(r.action.step, false, "no step");
        NS_TEST_EXPECT_MSG_EQ(ToString(r.action.state), "locked", "LOCKED");
        // The residual is slewed in by Advance: after 16 x 64 s, 1 - (1 - 1/1024)^1024 of it.
        const Time slewed = d->Advance(Seconds(10 + 1024));
        NS_TEST_EXPECT_MSG_EQ_TOL(slewed.GetSeconds(),
                                  3e-3 * (1 - std::pow(1 - 1.0 / 1024, 1024)),
                                  1e-9,
                                  "exponential slew");
        NS_TEST_EXPECT_MSG_EQ(slewed + d->GetResidual(), MilliSeconds(3), "phase conserved");
        Ptr<NtpClockDiscipline> j = CreateObject<NtpClockDiscipline>();
        r = j->Update(Seconds(1), Seconds(0));
        NS_TEST_EXPECT_MSG_EQ(r.action.step, true, "ServoAction: step");
        NS_TEST_EXPECT_MSG_EQ(r.action.stepBy, Seconds(1), "by the offset");
        NS_TEST_EXPECT_MSG_EQ(ToString(r.action.state), "jump", "JUMP");
        // A zero stepout interval (a short simulation): the frequency is measured at the next
        // update at a later instant, never over a zero interval.
        Ptr<NtpClockDiscipline> quick =
            CreateObjectWithAttributes<NtpClockDiscipline>("StepoutThreshold", TimeValue(Time(0)));
        quick->Update(MilliSeconds(10), Seconds(0));
        NS_TEST_EXPECT_MSG_EQ(ToString(quick->Update(MilliSeconds(10), Seconds(0)).code),
                              "ignore",
                              "no interval yet");
        quick->Advance(Seconds(64));
        r = quick->Update(MilliSeconds(10) - MicroSeconds(640), Seconds(64));
        NS_TEST_EXPECT_MSG_EQ(ToString(r.state), "SYNC", "measured");
        NS_TEST_EXPECT_MSG_EQ(std::isfinite(r.frequency), true, "finite");
        NS_TEST_EXPECT_MSG_LT(std::abs(r.frequency), 500e-6, "within MaxFrequency");
        // MinPoll above MaxPoll is refused at the first use, naming both.
        chronometry::ScopedThrowOnConfigError throwing;
        std::string why;
        try
        {
            Ptr<NtpClockDiscipline> bad =
                CreateObjectWithAttributes<NtpClockDiscipline>("MinPoll",
                                                               UintegerValue(8),
                                                               "MaxPoll",
                                                               UintegerValue(7));
            bad->Update(Time(0), Time(0));
        }
        catch (const chronometry::ConfigError& e)
        {
            why = e.what();
        }
        NS_TEST_EXPECT_MSG_NE(why.find("MinPoll (8) exceeds"), std::string::npos, why);
        NS_TEST_EXPECT_MSG_NE(why.find("MaxPoll (7)"), std::string::npos, why);
    }
};

/** \brief The SNTP client core: one sample, set the time. */
class SntpTestCase : public TestCase
{
  public:
    SntpTestCase()
        : TestCase("SNTP: one sample steps the clock; error = half the asymmetry, then drift")
    {
    }

  private:
    void DoRun() override
    {
        const double epoch = 3913056000.0; // 2024-01-01 as NTP seconds
        ntptest::Server s;
        s.fwd = 0.030; // 30 ms out, 2 ms back: asymmetric
        s.rev = 0.002;
        ntptest::Client c;
        c.x0 = epoch + 0.75; // the client reads NTP time, 750 ms fast
        c.drift = 25e-6;
        ntptest::Server atEpoch = s;
        atEpoch.error = epoch;
        std::mt19937_64 rng(4);
        for (auto method : {SntpClient::ON_WIRE, SntpClient::TRANSMIT_ONLY})
        {
            ntptest::Client cc = c;
            Ptr<SntpClient> sntp =
                CreateObjectWithAttributes<SntpClient>("OffsetMethod", EnumValue(method));
            const double t = 100;
            const ntptest::Exchange x = ntptest::Exchange1(atEpoch, cc, t, rng);
            const NtpMessage request = sntp->MakeRequest(x.t1);
            NS_TEST_EXPECT_MSG_EQ(int(request.leap), 3, "LI 3");
            NS_TEST_EXPECT_MSG_EQ(unsigned(request.version), 4u, "VN 4");
            NS_TEST_EXPECT_MSG_EQ(ToString(request.mode), "client", "mode 3");
            NtpMessage reply;
            reply.mode = NtpMode::SERVER;
            reply.stratum = 1;
            reply.originTimestamp = request.transmitTimestamp;
            reply.receiveTimestamp = NtpTimestamp::FromTime(x.t2);
            reply.transmitTimestamp = NtpTimestamp::FromTime(x.t3);
            const SntpResult r = sntp->ProcessReply(reply, x.t4);
            NS_TEST_ASSERT_MSG_EQ(ToString(r.status), "ok", "accepted");
            NS_TEST_EXPECT_MSG_EQ(r.action.step, true, "a step");
            NS_TEST_EXPECT_MSG_EQ(r.action.adjustFrequency, false, "never the frequency");
            cc.applied += r.offset.GetSeconds();
            const double errorNow = cc.Error(x.arrival) - epoch;
            // On-wire: the error is (d_f - d_r) / 2 = +14 ms (the client ends up ahead);
            // transmit-only: minus the reply's one-way delay, -2 ms.
            const double want = method == SntpClient::ON_WIRE ? (0.030 - 0.002) / 2 : -0.002;
            NS_TEST_EXPECT_MSG_EQ_TOL(errorNow, want, 2e-6, "error after the step");
            // Then it drifts freely: 25 ppm x 1000 s later.
            NS_TEST_EXPECT_MSG_EQ_TOL(cc.Error(x.arrival + 1000) - epoch,
                                      want + 0.025,
                                      2e-6,
                                      "free drift");
            NS_TEST_EXPECT_MSG_EQ(ToString(sntp->ProcessReply(reply, x.t4).status),
                                  "no-request",
                                  "one reply per request");
        }
        // Refusals (RFC 4330 section 5).
        Ptr<SntpClient> sntp = CreateObject<SntpClient>();
        auto refusal = [&](const std::function<void(NtpMessage&)>& spoil) {
            const NtpMessage request = sntp->MakeRequest(Seconds(epoch));
            NtpMessage reply;
            reply.mode = NtpMode::SERVER;
            reply.stratum = 2;
            reply.originTimestamp = request.transmitTimestamp;
            reply.receiveTimestamp = NtpTimestamp::FromTime(Seconds(epoch + 1));
            reply.transmitTimestamp = NtpTimestamp::FromTime(Seconds(epoch + 1));
            spoil(reply);
            return sntp->ProcessReply(reply, Seconds(epoch + 0.1));
        };
        NS_TEST_EXPECT_MSG_EQ(ToString(refusal([](NtpMessage&) {}).status), "ok", "baseline");
        NS_TEST_EXPECT_MSG_EQ(
            ToString(refusal([](NtpMessage& m) { m.mode = NtpMode::BROADCAST; }).status),
            "not-server",
            "mode 5");
        NS_TEST_EXPECT_MSG_EQ(ToString(refusal([](NtpMessage& m) { m.version = 3; }).status),
                              "bad-version",
                              "v3 reply to a v4 request");
        NS_TEST_EXPECT_MSG_EQ(
            ToString(refusal([](NtpMessage& m) { m.originTimestamp.fraction ^= 1; }).status),
            "bogus",
            "not our request");
        NS_TEST_EXPECT_MSG_EQ(sntp->IsOutstanding(), true, "a bogus reply does not consume it");
        const SntpResult kod = refusal([](NtpMessage& m) {
            m.stratum = 0;
            m.referenceId = NtpMessage::MakeReferenceId("DENY");
        });
        NS_TEST_EXPECT_MSG_EQ(ToString(kod.status), "kiss-o'-death", "stratum 0");
        NS_TEST_EXPECT_MSG_EQ(kod.kissCode, "DENY", "the kiss code");
        NS_TEST_EXPECT_MSG_EQ(
            ToString(refusal([](NtpMessage& m) { m.leap = NtpLeap::NOT_SYNC; }).status),
            "unsynchronized",
            "LI 3");
        NS_TEST_EXPECT_MSG_EQ(ToString(refusal([](NtpMessage& m) { m.stratum = 16; }).status),
                              "bad-stratum",
                              "16");
        NS_TEST_EXPECT_MSG_EQ(
            ToString(refusal([](NtpMessage& m) { m.transmitTimestamp = NtpTimestamp(); }).status),
            "zero-transmit",
            "T3 = 0");
    }
};

/** \brief What one run of the whole client measured. */
struct ClientRun
{
    std::vector<double> day2;   //!< clock error each second of day 2 (s)
    uint64_t checks{0};         //!< seconds checked against LAMBDA (after the first hour)
    uint64_t covered{0};        //!< of which |x| <= LAMBDA
    double worst{0};            //!< largest |x| / LAMBDA
    uint32_t liarPicked{0};     //!< updates with the liar as system peer
    uint32_t liarPickedLate{0}; //!< of which after it started lying and the first hour
    uint32_t liarAdmitted{0};   //!< passes from an hour after it started lying with the liar
                                //!< among the survivors (combined)
    uint32_t passes{0};         //!< passes from an hour after it started lying
    double frequencyPpm{0};     //!< frequency correction at the end
    int poll{0};                //!< poll exponent at the end
    unsigned stratum{0};        //!< stratum at the end
    double halfAsymmetry{0};    //!< largest |fwd - rev| / 2 of the honest servers' paths (s)
};

/**
 * The whole client: three stratum-1 servers over asymmetric paths with queueing; every
 * poll, one round of exchanges, one pass of the system process, a clock update when the
 * system peer has a new sample (p.t > s.t), the clock-adjust process once a second.
 * \param seed the seed
 * \param liarFrom true time from which server 3 is 100 ms off (never when negative)
 * \param maxPoll the discipline's MaxPoll
 * \return the measurements
 */
ClientRun
RunClient(uint64_t seed, double liarFrom, uint8_t maxPoll)
{
    ClientRun out;
    std::mt19937_64 rng(seed);
    std::uniform_real_distribution<double> r01(0, 1);
    Ptr<NtpMitigation> m = CreateObject<NtpMitigation>();
    Ptr<NtpClockDiscipline> d =
        CreateObjectWithAttributes<NtpClockDiscipline>("MaxPoll", UintegerValue(maxPoll));
    ntptest::Client c;
    c.x0 = 0.05;
    c.drift = 35e-6;
    std::vector<ntptest::Server> servers(3);
    std::vector<NtpClockFilter> filters;
    std::vector<NtpMessage> replies;
    for (uint32_t i = 0; i < 3; ++i)
    {
        servers[i].id = i + 1;
        servers[i].stratum = 1;
        servers[i].fwd = 0.005 + 0.02 * r01(rng);
        servers[i].rev = 0.005 + 0.02 * r01(rng);
        servers[i].queueFwd = 0.002;
        servers[i].queueRev = 0.002;
        filters.emplace_back(8, m->GetTolerance(), NanoSeconds(954));
        replies.push_back(ntptest::ReplyOf(servers[i]));
        if (i < 2 || liarFrom < 0)
        {
            out.halfAsymmetry =
                std::max(out.halfAsymmetry, std::abs(servers[i].fwd - servers[i].rev) / 2);
        }
    }
    NtpSystemVariables sys;
    bool synced = false;
    uint32_t systemPeer = UINT32_MAX;
    double next = 1;
    const double end = 2 * 86400;
    // The process time (RFC 5905's c.t) is true time here; the clock read only for T1, T4.
    d->Advance(Time(0));
    for (double t = 1; t <= end; t += 1)
    {
        c.Advance(t);
        c.applied += d->Advance(Seconds(t)).GetSeconds();
        if (t >= next)
        {
            servers[2].error = liarFrom >= 0 && t >= liarFrom ? 0.1 : 0.0;
            const Time poll = d->GetPollInterval();
            for (size_t i = 0; i < 3; ++i)
            {
                ntptest::Poll(servers[i], c, t + 0.1 * i, filters[i], poll, rng);
            }
            std::vector<NtpCandidate> cands;
            for (size_t i = 0; i < 3; ++i)
            {
                if (filters[i].HasSelection())
                {
                    cands.push_back(
                        NtpCandidate::FromFilter(servers[i].id, filters[i], replies[i]));
                }
            }
            const double at = t + 0.5;
            const Time now = Seconds(at);
            const NtpMitigationResult mr = m->Mitigate(cands, now, poll, systemPeer);
            if (liarFrom >= 0 && t >= liarFrom + 3600)
            {
                ++out.passes;
                for (size_t i : mr.cluster.survivors)
                {
                    out.liarAdmitted += mr.synchronized && cands[i].id == 3 ? 1 : 0;
                }
            }
            if (mr.synchronized && cands[mr.systemPeer].time > sys.time)
            {
                systemPeer = cands[mr.systemPeer].id;
                if (systemPeer == 3 && liarFrom >= 0 && t >= liarFrom)
                {
                    ++out.liarPicked;
                    out.liarPickedLate += t >= liarFrom + 3600 ? 1 : 0;
                }
                const NtpDisciplineResult r = d->Update(mr.combine.offset, now);
                Apply(c, r, at);
                if (r.code == NtpClockReturn::STEP)
                {
                    for (auto& f : filters)
                    {
                        f.Reset();
                    }
                    synced = false;
                    sys = NtpSystemVariables();
                }
                else if (r.code == NtpClockReturn::SLEW)
                {
                    sys = m->UpdateSystem(cands[mr.systemPeer], mr.combine, 0);
                    synced = true;
                }
            }
            next = t + poll.GetSeconds();
        }
        if (synced && t > 3600)
        {
            const double lambda = m->SystemRootDistance(sys, Seconds(t)).GetSeconds();
            const double x = c.Error(t);
            ++out.checks;
            out.covered += std::abs(x) <= lambda ? 1 : 0;
            out.worst = std::max(out.worst, std::abs(x) / lambda);
        }
        if (t > 86400)
        {
            out.day2.push_back(c.Error(t));
        }
    }
    out.frequencyPpm = d->GetFrequency() * 1e6;
    out.poll = d->GetPoll();
    out.stratum = sys.stratum;
    return out;
}

/**
 * \brief The whole NTP client (filters, mitigation, discipline) against three servers, one
 * of which may lie: the system root distance against the true offset, the delivered E.
 */
class FullClientTestCase : public TestCase
{
  public:
    FullClientTestCase()
        : TestCase("NTP client cores together: E within the claimed root distance; a 100 ms "
                   "liar rejected at 64 s polls, combined at 1024 s polls and at start-up")
    {
    }

  private:
    void DoRun() override
    {
        struct Case
        {
            std::string name; //!< what
            double liarFrom;  //!< when server 3 starts lying
            uint8_t maxPoll;  //!< MaxPoll
        };

        for (const Case& k : {Case{"3 honest", -1.0, 10},
                              Case{"server 3 100 ms off from 6 h on, MaxPoll 6", 6 * 3600.0, 6},
                              Case{"server 3 100 ms off from 6 h on, MaxPoll 10", 6 * 3600.0, 10},
                              Case{"server 3 100 ms off from the start", 0.0, 10}})
        {
            const ClientRun r = RunClient(7, k.liarFrom, k.maxPoll);
            std::cout << "ntp client, 3 stratum-1 servers over 5-25 ms paths, drift 35 ppm, "
                      << k.name << ": |offset| p99 " << std::setprecision(3)
                      << AbsQuantile(r.day2, 0.99) * 1e3 << " ms on day 2 (max "
                      << AbsQuantile(r.day2, 1.0) * 1e3 << " ms); within the system root "
                      << "distance in " << r.covered << "/" << r.checks
                      << " seconds after the first hour (worst |offset| / LAMBDA " << r.worst
                      << "); liar combined in " << r.liarAdmitted << "/" << r.passes
                      << " passes from an hour after it started, system peer " << r.liarPicked
                      << " times; frequency " << r.frequencyPpm << " ppm; poll 2^" << r.poll
                      << " s; stratum " << r.stratum << "; largest honest half-asymmetry "
                      << r.halfAsymmetry * 1e3 << " ms" << std::endl;
            NS_TEST_EXPECT_MSG_EQ(r.covered, r.checks, k.name << ": the claimed bound holds");
            NS_TEST_EXPECT_MSG_EQ(r.stratum, 2u, k.name << ": serves as stratum 2");
            if (k.liarFrom < 0 || k.maxPoll == 6)
            {
                // At 64 s polls the honest root distances stay near 20-30 ms: once its filter
                // holds only lies (its jitter back to normal), the liar's interval, 100 ms
                // away, never meets theirs. The error is then the honest paths' asymmetry.
                NS_TEST_EXPECT_MSG_EQ(r.liarPickedLate + r.liarAdmitted,
                                      0u,
                                      k.name << ": rejected");
                NS_TEST_EXPECT_MSG_LT(AbsQuantile(r.day2, 1.0),
                                      r.halfAsymmetry + 1e-3,
                                      k.name << ": within the honest half-asymmetry");
                NS_TEST_EXPECT_MSG_LT(std::abs(r.frequencyPpm + 35), 1.0, k.name << ": locked");
            }
            else if (k.liarFrom > 0)
            {
                // At 1024 s polls eight stages span two hours: the dispersions grow to tens of
                // ms, honest and lying intervals (100 ms apart) meet, all three are
                // truechimers, and with three survivors (NMIN) the cluster algorithm cannot
                // drop one: the liar is combined and pulls the clock.
                NS_TEST_EXPECT_MSG_GT(r.liarAdmitted, 0u, "admitted at long polls");
                NS_TEST_EXPECT_MSG_GT(AbsQuantile(r.day2, 0.99), 10e-3, "pulled off");
            }
            else
            {
                // While the filters fill, every interval is wide enough to admit the liar
                // (f = 0: all three are combined), which corrupts the direct frequency
                // measurement of the FREQ state; the slow loop has not removed the error a
                // day later.
                NS_TEST_EXPECT_MSG_GT(r.liarPicked, 0u, "chosen during start-up");
                NS_TEST_EXPECT_MSG_GT(AbsQuantile(r.day2, 0.99), 5e-3, "still off on day 2");
            }
        }
    }
};

/** \brief The suite. */
class NtpDisciplineTestSuite : public TestSuite
{
  public:
    NtpDisciplineTestSuite()
        : TestSuite("chronometry-ntp-discipline", Type::UNIT)
    {
        AddTestCase(new ConvergenceTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new StepTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new ConfigurationTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new SntpTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new FullClientTestCase, chronometry::TestDuration::QUICK);
    }
};

NtpDisciplineTestSuite g_ntpDisciplineTestSuite; //!< instance

} // namespace
