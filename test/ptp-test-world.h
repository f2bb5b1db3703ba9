/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef PTP_TEST_WORLD_H
#define PTP_TEST_WORLD_H

// Small networks for the PTP suites: nodes with DriftingClocks on a point-to-point link (with
// an optional extra delay in one direction) or on the study LAN, and a sampler of the truth
// (the clocks read directly at the same true time, never the protocol).

#include "ns3/clock-helper.h"
#include "ns3/constant-drift-oscillator.h"
#include "ns3/double.h"
#include "ns3/drifting-clock.h"
#include "ns3/drop-tail-queue.h"
#include "ns3/internet-module.h"
#include "ns3/point-to-point-module.h"
#include "ns3/pointer.h"
#include "ns3/simulator.h"
#include "ns3/string.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace ns3
{
namespace ptptest
{

/**
 * A point-to-point channel whose direction from device 0 to device 1 takes Extra longer (a
 * path asymmetry).
 */
class AsymmetricChannel : public PointToPointChannel
{
  public:
    /** \param extra additional delay from device 0 to device 1 */
    void SetExtra(Time extra)
    {
        m_extra = extra;
    }

    bool TransmitStart(Ptr<const Packet> p, Ptr<PointToPointNetDevice> src, Time txTime) override
    {
        uint32_t wire = src == GetSource(0) ? 0 : 1;
        Ptr<PointToPointNetDevice> dst = GetDestination(wire);
        Time d = txTime + GetDelay() + (wire == 0 ? m_extra : Time(0));
        Simulator::ScheduleWithContext(dst->GetNode()->GetId(),
                                       d,
                                       &PointToPointNetDevice::Receive,
                                       dst,
                                       p->Copy());
        return true;
    }

  private:
    Time m_extra; //!< extra delay 0 -> 1
};

/**
 * \param node a node
 * \param offset InitialOffset
 * \param ppm constant drift
 * \return its new DriftingClock (aggregated)
 */
inline Ptr<DriftingClock>
AddClock(Ptr<Node> node, Time offset, double ppm)
{
    auto oscillator =
        CreateObjectWithAttributes<ConstantDriftOscillator>("Drift", DoubleValue(ppm));
    auto clock = CreateObjectWithAttributes<DriftingClock>("Oscillator",
                                                           PointerValue(oscillator),
                                                           "InitialOffset",
                                                           TimeValue(offset));
    node->AggregateObject(clock);
    return clock;
}

/**
 * Two nodes on one point-to-point link with the Internet stack and addresses 10.1.1.1/2.
 * \param nodes two nodes
 * \param rate data rate
 * \param delay propagation delay
 * \param extra additional delay from node 0 to node 1
 * \return the two devices
 */
inline NetDeviceContainer
Link(const NodeContainer& nodes, const std::string& rate, Time delay, Time extra)
{
    auto channel = CreateObject<AsymmetricChannel>();
    channel->SetAttribute("Delay", TimeValue(delay));
    channel->SetExtra(extra);
    NetDeviceContainer devices;
    for (uint32_t i = 0; i < 2; ++i)
    {
        auto d = CreateObject<PointToPointNetDevice>();
        d->SetAddress(Mac48Address::Allocate());
        d->SetAttribute("DataRate", StringValue(rate));
        d->SetQueue(CreateObject<DropTailQueue<Packet>>());
        nodes.Get(i)->AddDevice(d);
        d->Attach(channel);
        devices.Add(d);
    }
    InternetStackHelper internet;
    internet.Install(nodes);
    Ipv4AddressHelper ipv4;
    ipv4.SetBase("10.1.1.0", "255.255.255.0");
    ipv4.Assign(devices);
    return devices;
}

/** Samples slave - master of two clocks at a fixed period (the truth). */
struct TruthSampler
{
    Ptr<LocalClock> slave;                        //!< the clock being synchronized
    Ptr<LocalClock> master;                       //!< its reference
    Time period;                                  //!< sampling period
    std::vector<std::pair<Time, double>> samples; //!< (true time, slave - master in ns)

    /** \param until last sampling time */
    void Start(Time until)
    {
        for (Time t = Time(0); t <= until; t += period)
        {
            Simulator::Schedule(t, [this]() {
                Time now = Simulator::Now();
                samples.emplace_back(
                    now,
                    (slave->TrueToLocal(now) - master->TrueToLocal(now)).GetDouble() /
                        NanoSeconds(1).GetDouble());
            });
        }
    }

    /**
     * \param threshold |offset| in ns
     * \return the first true time after which every sample stays within the threshold
     *         (Time::Max() if the last one does not)
     */
    Time LockTime(double threshold) const
    {
        Time lock = Time::Max();
        for (auto it = samples.rbegin(); it != samples.rend(); ++it)
        {
            if (std::fabs(it->second) > threshold)
            {
                break;
            }
            lock = it->first;
        }
        return lock;
    }

    /**
     * \param from first true time
     * \param to last true time
     * \return max |offset| over [from, to], ns
     */
    double MaxAbs(Time from, Time to = Time::Max()) const
    {
        double m = 0;
        for (const auto& [t, v] : samples)
        {
            if (t >= from && t <= to)
            {
                m = std::max(m, std::fabs(v));
            }
        }
        return m;
    }

    /**
     * \param from first true time
     * \param to last true time
     * \return max - min of the offset over [from, to], ns
     */
    double Span(Time from, Time to = Time::Max()) const
    {
        double lo = 0;
        double hi = 0;
        bool first = true;
        for (const auto& [t, v] : samples)
        {
            if (t >= from && t <= to)
            {
                lo = first ? v : std::min(lo, v);
                hi = first ? v : std::max(hi, v);
                first = false;
            }
        }
        return hi - lo;
    }

    /**
     * \param from first true time
     * \param to last true time
     * \return mean offset over [from, to], ns
     */
    double Mean(Time from, Time to = Time::Max()) const
    {
        double s = 0;
        int n = 0;
        for (const auto& [t, v] : samples)
        {
            if (t >= from && t <= to)
            {
                s += v;
                ++n;
            }
        }
        return n ? s / n : 0;
    }

    /**
     * \param from first true time
     * \param to last true time
     * \return RMS offset over [from, to], ns
     */
    double Rms(Time from, Time to = Time::Max()) const
    {
        double s = 0;
        int n = 0;
        for (const auto& [t, v] : samples)
        {
            if (t >= from && t <= to)
            {
                s += v * v;
                ++n;
            }
        }
        return n ? std::sqrt(s / n) : 0;
    }
};

} // namespace ptptest
} // namespace ns3

#endif /* PTP_TEST_WORLD_H */
