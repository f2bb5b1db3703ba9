/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// Sweep of the RDA one-way latency study (paper Figure 7): loss rate, reorder rate and
// the receiver's clock skew bound E.  For every measurement interval it writes the true
// mean/std over the packets both points captured, the RDA / LDA / FineComb estimates (equal
// memory), their relative errors, the decode outcome, the useful-packet fractions and the
// control bytes on the wire to <outDir>/rda-latency-sweep.csv (written atomically: a
// temporary file renamed).  Plot with examples/plot-rda.py.
//
//   rda-latency-sweep                                              (default: small sweep)
//   rda-latency-sweep --losses=0.01,0.1 --reorders=0.01 --skews=0,50 --intervals=10

#include "sweep-arguments.h"

#include "ns3/core-module.h"
#include "ns3/rda-study.h"

#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>
#include <sys/stat.h>

using namespace ns3;
using chronometry_examples::ParseNumberList;

namespace
{
/**
 * \param v estimate
 * \param t truth
 * \return relative error
 */
double
Rel(double v, double t)
{
    return t == 0 ? std::fabs(v) : std::fabs(v - t) / std::fabs(t);
}
} // namespace

int
main(int argc, char* argv[])
{
    std::string losses = "0.01,0.05,0.1";
    std::string reorders = "0.01,0.05";
    std::string skews = "0,50";
    std::string outDir = "results";
    uint32_t intervals = 5;
    uint32_t runs = 1;
    uint32_t banks = 3;
    bool checksum = true;
    bool burst = false;
    double intervalMs = 100;
    double packetUs = 100;
    CommandLine cmd(__FILE__);
    cmd.AddValue("losses", "comma-separated packet loss rates in [0, 0.5]", losses);
    cmd.AddValue("reorders", "comma-separated reorder probabilities in [0, 1]", reorders);
    cmd.AddValue("skews", "comma-separated receiver skew bounds E (us; 0 = synchronised)", skews);
    cmd.AddValue("intervals", "measurement intervals per run", intervals);
    cmd.AddValue("intervalMs", "interval length L (ms)", intervalMs);
    cmd.AddValue("packetUs", "packet spacing of the UDP stream (us)", packetUs);
    cmd.AddValue("runs", "runs (RNG run numbers 1..runs) per point", runs);
    cmd.AddValue("banks", "RDA banks k", banks);
    cmd.AddValue("checksum", "RDA checksum field (false = the paper's form)", checksum);
    cmd.AddValue("burst", "bursty loss (BurstErrorModel) instead of RateErrorModel", burst);
    cmd.AddValue("outDir", "output directory", outDir);
    cmd.Parse(argc, argv);

    mkdir(outDir.c_str(), 0755);
    std::string csv = outDir + "/rda-latency-sweep.csv";
    std::string tmp = csv + ".tmp";
    {
        std::ofstream out(tmp);
        NS_ABORT_MSG_IF(!out, "cannot write " << tmp);
        out << RdaStudyCsvHeader();
        for (double loss : ParseNumberList("losses", losses))
        {
            for (double reorder : ParseNumberList("reorders", reorders))
            {
                for (double skew : ParseNumberList("skews", skews))
                {
                    double e[3] = {0, 0, 0};
                    double sd[3] = {0, 0, 0};
                    uint64_t n = 0;
                    uint64_t decoded = 0;
                    uint64_t bytes = 0;
                    for (uint32_t run = 1; run <= runs; ++run)
                    {
                        RdaStudyParams p;
                        p.intervals = intervals;
                        p.intervalLength = MicroSeconds(static_cast<int64_t>(intervalMs * 1000));
                        p.packetInterval = NanoSeconds(static_cast<int64_t>(packetUs * 1000));
                        p.lossRate = loss;
                        p.burstLoss = burst;
                        p.reorderRate = reorder;
                        p.skewBound = NanoSeconds(static_cast<int64_t>(skew * 1000));
                        p.banks = banks;
                        p.checksum = checksum;
                        p.run = run;
                        RdaStudyResult r = RunRdaStudy(p);
                        out << RdaStudyCsvRows(p, r);
                        for (const auto& i : r.intervals)
                        {
                            if (!i.reported)
                            {
                                continue;
                            }
                            ++n;
                            decoded += i.decoded;
                            bytes += i.wireBytes;
                            e[0] += Rel(i.rdaMeanNs, i.trueMeanNs);
                            e[1] += Rel(i.ldaMeanNs, i.trueMeanNs);
                            e[2] += Rel(i.fcMeanNs, i.trueMeanNs);
                            sd[0] += Rel(i.rdaStdNs, i.trueStdNs);
                            sd[1] += Rel(i.ldaStdNs, i.trueStdNs);
                            sd[2] += Rel(i.fcStdNs, i.trueStdNs);
                        }
                    }
                    if (n > 0)
                    {
                        std::cout << "loss " << loss << " reorder " << reorder << " E " << skew
                                  << "us: decoded " << decoded << "/" << n
                                  << "  mean rel err RDA/LDA/FC " << e[0] / n << " " << e[1] / n
                                  << " " << e[2] / n << "  std rel err " << sd[0] / n << " "
                                  << sd[1] / n << " " << sd[2] / n << "  bytes/interval "
                                  << bytes / n << std::endl;
                    }
                }
            }
        }
    }
    NS_ABORT_MSG_IF(std::rename(tmp.c_str(), csv.c_str()) != 0, "cannot rename " << tmp);
    std::cout << "wrote " << csv << std::endl;
    return 0;
}
