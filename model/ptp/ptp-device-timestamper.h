/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef PTP_DEVICE_TIMESTAMPER_H
#define PTP_DEVICE_TIMESTAMPER_H

#include "ns3/callback.h"
#include "ns3/data-rate.h"
#include "ns3/local-clock.h"
#include "ns3/net-device.h"
#include "ns3/nstime.h"
#include "ns3/packet.h"
#include "ns3/random-variable-stream.h"
#include "ns3/simple-ref-count.h"

#include <array>
#include <cstdint>
#include <vector>

namespace ns3
{

/**
 * \ingroup chronometry
 * \brief How a PTP time stamp is read from a node's clock: the clock's deterministic reading
 * at the instant (LocalClock::TrueToLocal), plus a noise draw, quantized down to a
 * granularity (a time stamping unit's counter period, e.g. 8 ns for a 125 MHz one).
 */
struct PtpTimestampModel
{
    Ptr<LocalClock> clock;            //!< the node's clock
    Ptr<RandomVariableStream> noise;  //!< noise in nanoseconds (null: none)
    Time granularity{NanoSeconds(1)}; //!< quantum (>= the Time resolution)
    /// Multiplies every noise draw: 0 draws and discards it, so an ablation (PtpStampAblation)
    /// switches the noise off while every later draw of the stream stays where it was.
    double noiseScale{1.0};

    /**
     * \param trueTime the instant (now or in the past)
     * \return the time stamp: floor((clock(trueTime) + noiseScale x noise) / granularity) x
     * granularity
     */
    Time Stamp(Time trueTime) const;
};

/**
 * \ingroup chronometry
 * \brief Hardware-like time stamping at one NetDevice: the true instants at which the first
 * bit of chosen frames leaves (PhyTxBegin) and arrives (PhyRxEnd, minus the frame's
 * transmission time at the link's data rate), matched by packet uid (copies of a packet
 * share it). Both are at the start of the frame, as a PHY time stamps at the start of frame
 * delimiter, so a measured delay does not depend on the frame's size.
 *
 * Transmit: ExpectTx(uid, callback) asks for the departure of the packet with that uid;
 * the callback runs at its PhyTxBegin with the true time (then the expectation is gone).
 * Expectations not met (the packet was dropped before the wire) are forgotten after
 * MAX_PENDING newer ones. Receive: the uid and true time of the last RX_HISTORY arrivals
 * are kept (a ring, no parsing, no clock read), so that whoever receives the packet higher
 * up can ask when it arrived (ns-3 delivers it up in the same instant, but a host delay
 * model may defer it). The device must have the PhyTxBegin and PhyRxEnd trace sources
 * (PointToPointNetDevice and CsmaNetDevice do); otherwise construction is a configuration
 * error.
 *
 * The data rate is the device's DataRate Attribute (PointToPointNetDevice) or its channel's
 * (CsmaChannel); a device with neither is time stamped at the last bit (no rate known). A
 * link whose two ends have different data rates is time stamped with the receiver's.
 */
class PtpDeviceTimestamper : public SimpleRefCount<PtpDeviceTimestamper>
{
  public:
    /** Arrivals remembered. */
    static constexpr size_t RX_HISTORY = 16;
    /** Departure expectations kept at most (the oldest is dropped beyond). */
    static constexpr size_t MAX_PENDING = 256;

    /**
     * What to do when an expected packet leaves.
     * \param trueTime its PhyTxBegin instant
     */
    typedef Callback<void, Time> TxCallback;

    /**
     * Connect to the device's PhyTxBegin and PhyRxEnd.
     * \param device the device
     */
    explicit PtpDeviceTimestamper(Ptr<NetDevice> device);
    /** Disconnect from the device. */
    ~PtpDeviceTimestamper();

    PtpDeviceTimestamper(const PtpDeviceTimestamper&) = delete;
    PtpDeviceTimestamper& operator=(const PtpDeviceTimestamper&) = delete;

    /**
     * Ask for the departure of a packet.
     * \param uid the packet's uid
     * \param callback run at its PhyTxBegin with the true time
     */
    void ExpectTx(uint64_t uid, TxCallback callback);

    /**
     * \param uid a packet uid
     * \param[out] trueTime its PhyRxEnd instant (unchanged when false)
     * \return whether it is among the last RX_HISTORY arrivals
     */
    bool LookupRx(uint64_t uid, Time& trueTime) const;

    /** \return the device */
    Ptr<NetDevice> GetDevice() const;

    /** \return expectations dropped because MAX_PENDING newer ones were waiting */
    uint64_t GetExpiredCount() const;

    /** \return the data rate used to find the first bit of a received frame (0: unknown) */
    uint64_t GetDataRate() const;

  private:
    /** \param packet a packet starting its transmission */
    void OnTxBegin(Ptr<const Packet> packet);
    /** \param packet a packet fully received */
    void OnRxEnd(Ptr<const Packet> packet);

    /** A departure someone waits for. */
    struct Expectation
    {
        uint64_t uid;        //!< the packet
        TxCallback callback; //!< who waits
    };

    Ptr<NetDevice> m_device;                    //!< the device
    DataRate m_rate;                            //!< link data rate (0: unknown)
    std::vector<Expectation> m_expected;        //!< oldest first
    std::array<uint64_t, RX_HISTORY> m_rxUid{}; //!< ring of arrival uids
    std::array<Time, RX_HISTORY> m_rxTime{};    //!< ring of arrival times
    std::array<bool, RX_HISTORY> m_rxValid{};   //!< ring slots in use
    size_t m_rxNext{0};                         //!< next ring slot
    uint64_t m_expired{0};                      //!< expectations dropped
};

} // namespace ns3

#endif /* PTP_DEVICE_TIMESTAMPER_H */
