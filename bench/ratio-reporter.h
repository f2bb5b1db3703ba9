/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef CHRONOMETRY_RATIO_REPORTER_H
#define CHRONOMETRY_RATIO_REPORTER_H

// Console output of Google Benchmark plus a record of each benchmark's time per
// item, so a benchmark's main can print ratios against a baseline measured in
// the same run.

#include <benchmark/benchmark.h>
#include <map>
#include <string>

namespace chronometry_bench
{

/** Records real time per item (benchmark time unit / items per iteration). */
class RatioReporter : public benchmark::ConsoleReporter
{
  public:
    /**
     * \param itemsPerIteration what one iteration processes (reads, events, ...)
     * \param nsPerUnit nanoseconds in the benchmarks' time unit (1 for ns, 1e6 for ms)
     */
    RatioReporter(double itemsPerIteration, double nsPerUnit)
        : m_items(itemsPerIteration),
          m_nsPerUnit(nsPerUnit)
    {
    }

    void ReportRuns(const std::vector<Run>& runs) override
    {
        ConsoleReporter::ReportRuns(runs);
        for (const auto& run : runs)
        {
            if (run.run_type == Run::RT_Iteration)
            {
                nsPerItem[run.benchmark_name()] = run.GetAdjustedRealTime() * m_nsPerUnit / m_items;
            }
        }
    }

    std::map<std::string, double> nsPerItem; //!< benchmark name -> ns per item

  private:
    double m_items;     //!< items per iteration
    double m_nsPerUnit; //!< ns in the reported unit
};

} // namespace chronometry_bench

#endif /* CHRONOMETRY_RATIO_REPORTER_H */
