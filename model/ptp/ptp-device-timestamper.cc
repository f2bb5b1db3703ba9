/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ptp-device-timestamper.h"

#include "ns3/channel.h"
#include "ns3/chronometry-validation.h"
#include "ns3/log.h"

#include <algorithm>
#include <cmath>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("PtpDeviceTimestamper");

Time
PtpTimestampModel::Stamp(Time trueTime) const
{
    int64_t steps = clock->TrueToLocal(trueTime).GetTimeStep();
    if (noise)
    {
        steps += std::llround(noiseScale * noise->GetValue() *
                              static_cast<double>(NanoSeconds(1).GetTimeStep()));
    }
    const int64_t g = granularity.GetTimeStep();
    if (g > 1)
    {
        int64_t ticks = steps / g;
        ticks -= (steps % g < 0) ? 1 : 0; // floor for negative readings too
        steps = ticks * g;
    }
    return Time::From(steps);
}

PtpDeviceTimestamper::PtpDeviceTimestamper(Ptr<NetDevice> device)
    : m_device(device)
{
    NS_LOG_FUNCTION(this << device);
    bool tx = device && device->TraceConnectWithoutContext(
                            "PhyTxBegin",
                            MakeCallback(&PtpDeviceTimestamper::OnTxBegin, this));
    bool rx = device && device->TraceConnectWithoutContext(
                            "PhyRxEnd",
                            MakeCallback(&PtpDeviceTimestamper::OnRxEnd, this));
    DataRateValue rate;
    if (device && device->GetAttributeFailSafe("DataRate", rate))
    {
        m_rate = rate.Get();
    }
    else if (device && device->GetChannel() &&
             device->GetChannel()->GetAttributeFailSafe("DataRate", rate))
    {
        m_rate = rate.Get();
    }
    if (!tx || !rx)
    {
        chronometry::ReportConfigError(
            "PtpDeviceTimestamper: device " +
            (device ? device->GetInstanceTypeId().GetName() : std::string("(null)")) +
            " is invalid for hardware time stamping; valid: a NetDevice with the PhyTxBegin "
            "and PhyRxEnd trace sources (PointToPointNetDevice, CsmaNetDevice)");
    }
}

PtpDeviceTimestamper::~PtpDeviceTimestamper()
{
    if (m_device)
    {
        m_device->TraceDisconnectWithoutContext(
            "PhyTxBegin",
            MakeCallback(&PtpDeviceTimestamper::OnTxBegin, this));
        m_device->TraceDisconnectWithoutContext("PhyRxEnd",
                                                MakeCallback(&PtpDeviceTimestamper::OnRxEnd, this));
    }
}

void
PtpDeviceTimestamper::ExpectTx(uint64_t uid, TxCallback callback)
{
    NS_LOG_FUNCTION(this << uid);
    if (m_expected.size() >= MAX_PENDING)
    {
        m_expected.erase(m_expected.begin());
        ++m_expired;
    }
    m_expected.push_back(Expectation{uid, std::move(callback)});
}

bool
PtpDeviceTimestamper::LookupRx(uint64_t uid, Time& trueTime) const
{
    NS_LOG_FUNCTION(this << uid);
    // Newest first: the packet asked about is almost always the last one received.
    for (size_t k = 0; k < RX_HISTORY; ++k)
    {
        size_t i = (m_rxNext + RX_HISTORY - 1 - k) % RX_HISTORY;
        if (m_rxValid[i] && m_rxUid[i] == uid)
        {
            trueTime = m_rxTime[i];
            return true;
        }
    }
    return false;
}

Ptr<NetDevice>
PtpDeviceTimestamper::GetDevice() const
{
    NS_LOG_FUNCTION(this);
    return m_device;
}

uint64_t
PtpDeviceTimestamper::GetExpiredCount() const
{
    NS_LOG_FUNCTION(this);
    return m_expired;
}

uint64_t
PtpDeviceTimestamper::GetDataRate() const
{
    NS_LOG_FUNCTION(this);
    return m_rate.GetBitRate();
}

void
PtpDeviceTimestamper::OnTxBegin(Ptr<const Packet> packet)
{
    if (m_expected.empty())
    {
        return; // the usual case for every other packet
    }
    const uint64_t uid = packet->GetUid();
    auto it = std::find_if(m_expected.begin(), m_expected.end(), [uid](const Expectation& e) {
        return e.uid == uid;
    });
    if (it == m_expected.end())
    {
        return;
    }
    TxCallback callback = std::move(it->callback);
    m_expected.erase(it);
    callback(Simulator::Now());
}

void
PtpDeviceTimestamper::OnRxEnd(Ptr<const Packet> packet)
{
    m_rxUid[m_rxNext] = packet->GetUid();
    // The first bit arrived one transmission time before the last.
    m_rxTime[m_rxNext] = m_rate.GetBitRate() > 0
                             ? Simulator::Now() - m_rate.CalculateBytesTxTime(packet->GetSize())
                             : Simulator::Now();
    m_rxValid[m_rxNext] = true;
    m_rxNext = (m_rxNext + 1) % RX_HISTORY;
}

} // namespace ns3
