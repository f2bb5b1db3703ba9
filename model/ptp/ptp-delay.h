/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef PTP_DELAY_H
#define PTP_DELAY_H

#include "ns3/nstime.h"

/**
 * \file
 * \ingroup chronometry
 * The delay and offset arithmetic of IEEE 1588-2019 clause 11 as pure functions: the
 * delay request-response (E2E) mechanism (11.3), the peer delay (P2P) mechanism (11.4) with
 * 802.1AS's neighborRateRatio, and the delayAsymmetry correction (11.6).
 *
 * Signs follow the standard: offsetFromMaster = slave time - master time, and delayAsymmetry
 * is positive when the master-to-slave path is the longer one: t_ms = meanPathDelay +
 * delayAsymmetry, t_sm = meanPathDelay - delayAsymmetry (so delayAsymmetry is half the
 * difference t_ms - t_sm). A ClockServo takes master - local, i.e. -offsetFromMaster.
 *
 * Every correction argument is the sum of the correctionFields of the messages concerned
 * (ptp::ScaledNsToTime of each): for a one-step Sync its own, for a two-step Sync the Sync's
 * plus the Follow_Up's; for Delay_Resp its own; for P2P the Pdelay_Resp's plus the
 * Pdelay_Resp_Follow_Up's. Halving rounds to the Time resolution (a half nanosecond at the
 * default resolution).
 */

namespace ns3
{
namespace ptp
{

/**
 * \ingroup chronometry
 * \brief The four timestamps of one delay request-response exchange (1588-2019 11.3) and
 * the corrections that go with them.
 */
struct E2eExchange
{
    Time t1;                  //!< Sync departure, master clock (originTimestamp)
    Time t2;                  //!< Sync arrival, slave clock
    Time t3;                  //!< Delay_Req departure, slave clock
    Time t4;                  //!< Delay_Req arrival, master clock (Delay_Resp receiveTimestamp)
    Time syncCorrection;      //!< correctionField of Sync (+ Follow_Up when two-step)
    Time delayRespCorrection; //!< correctionField of Delay_Resp
    Time delayAsymmetry;      //!< the port's delayAsymmetry (0: uncorrected)
    /**
     * The master's clock rate over the slave's (the slave servo's ClockServo::GetRateRatio;
     * linuxptp's clock rate ratio): the slave's turnaround t3 - t2 is converted to the
     * master's time base with it. 1: not converted (1588-2019 11.3.2).
     */
    double rateRatio{1.0};
};

/**
 * \ingroup chronometry
 * \brief What one exchange measures.
 */
struct DelayResult
{
    Time meanPathDelay;    //!< <meanPathDelay> (E2E) or <meanLinkDelay> (P2P)
    Time offsetFromMaster; //!< slave - master
};

/**
 * <meanPathDelay> = [(t2 - t1 - syncCorrection) + (t4 - t3 - delayRespCorrection)] / 2
 * (1588-2019 11.3.2; delayAsymmetry cancels in the mean: the slave adds it to the Sync's
 * correction and subtracts it from the Delay_Req's). With a rateRatio r other than 1 the
 * slave's interval is scaled first, as linuxptp's tsproc.c get_raw_delay does:
 * [r (t2 - t3) + (t4 - t1) - syncCorrection - delayRespCorrection] / 2 (the scaled interval
 * rounded to the Time resolution; linuxptp truncates it and the halving to whole ns).
 * \param x the exchange
 * \return the mean path delay
 */
Time E2eMeanPathDelay(const E2eExchange& x);

/**
 * <offsetFromMaster> = t2 - t1 - syncCorrection - delayAsymmetry - meanPathDelay
 * (1588-2019 11.2 with 11.6.2).
 * \param t1 Sync departure, master clock
 * \param t2 Sync arrival, slave clock
 * \param syncCorrection correctionField of Sync (+ Follow_Up)
 * \param meanPathDelay mean path delay (E2E) or mean link delay (P2P, where a peer-to-peer
 *        transparent clock has already added the upstream links' delays to syncCorrection)
 * \param delayAsymmetry the port's delayAsymmetry
 * \return slave - master
 */
Time OffsetFromMaster(Time t1,
                      Time t2,
                      Time syncCorrection,
                      Time meanPathDelay,
                      Time delayAsymmetry);

/**
 * Both results of an E2E exchange. With no corrections and no asymmetry this is the
 * textbook offset = ((t2 - t1) - (t4 - t3)) / 2 and delay = ((t2 - t1) + (t4 - t3)) / 2; an
 * uncorrected asymmetry (t_ms - t_sm = a) makes the offset wrong by exactly a / 2.
 * \param x the exchange
 * \return mean path delay and offset from master
 */
DelayResult E2e(const E2eExchange& x);

/**
 * \ingroup chronometry
 * \brief The four timestamps of one peer delay exchange (1588-2019 11.4; 802.1AS-2020
 * 11.2.19) and the corrections that go with them.
 */
struct PdelayExchange
{
    Time t1;                 //!< Pdelay_Req departure, requester clock
    Time t2;                 //!< Pdelay_Req arrival, responder clock (requestReceiptTimestamp)
    Time t3;                 //!< Pdelay_Resp departure, responder clock
    Time t4;                 //!< Pdelay_Resp arrival, requester clock
    Time responseCorrection; //!< correctionField of Pdelay_Resp (+ Pdelay_Resp_Follow_Up)
    /**
     * neighborRateRatio: the responder's frequency over the requester's (802.1AS; 1 in the
     * 1588 default profile, which does not syntonize the measurement).
     */
    double neighborRateRatio{1.0};
};

/**
 * <meanLinkDelay> = [r (t4 - t1) - (t3 - t2) - responseCorrection] / 2, r =
 * neighborRateRatio: the requester's interval is converted to the responder's time base
 * before the responder's turnaround is taken away (802.1AS-2020 11.2.19.3.4). With r = 1 this
 * is 1588-2019 11.4.2. The result is in the responder's time base.
 * \param x the exchange
 * \return the mean link delay
 */
Time P2pMeanLinkDelay(const PdelayExchange& x);

/**
 * The ratio of two clocks' rates from two events each saw: (remote2 - remote1) / (local2 -
 * local1). With the successive Pdelay_Resp departures t3 (responder) and arrivals t4
 * (requester) this is 802.1AS's neighborRateRatio (11.2.19.3.3); with successive Sync
 * origins (master) and arrivals (slave) it is the master-to-slave rate ratio a syntonizing
 * slave uses. Corrections that change between the two events belong in the remote times.
 * \param remote1 first event, remote clock
 * \param local1 first event, local clock
 * \param remote2 second event, remote clock
 * \param local2 second event, local clock (must differ from local1)
 * \return the remote clock's rate over the local clock's (1 for equal rates)
 */
double RateRatio(Time remote1, Time local1, Time remote2, Time local2);

} // namespace ptp
} // namespace ns3

#endif /* PTP_DELAY_H */
