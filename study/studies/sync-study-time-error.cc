/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// The sync study's time-error metrics as sync engineers read them (issue 43): per node
// max|TE|, cTE, dTE_L, dTE_H, MTIE and TDEV at 1, 10, 100 s and the G.8273.2 class, against
// true time and against host 0; the summary per hop count (sync-study.h, doc/sync.rst).

#include "sync-study.h"

#include "ns3/study-result.h"

#include <algorithm>
#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace ns3
{

namespace
{

/**
 * \return the observation intervals reported (a function: GetTypeId runs during static
 * initialization, before a namespace-scope Time would be built)
 */
std::vector<std::pair<std::string, Time>>
Taus()
{
    return {{"1s", Seconds(1)}, {"10s", Seconds(10)}, {"100s", Seconds(100)}};
}

/** The two TE series: prefix and what it is. */
const std::pair<const char*, const char*> kSeries[] = {
    {"te_", "TE = clock - true time"},
    {"te_gm_", "TE = clock - host 0's clock (the reference a slave follows; host 0: empty)"}};

} // namespace

StudySchema
SyncStudy::AddTimeErrorColumns(StudySchema rows)
{
    for (const auto& [prefix, what] : kSeries)
    {
        const std::string p = prefix;
        rows.Real(p + "max_ns",
                  "ns",
                  std::string(what) + " over the scored window (after lock and Warmup): max|TE|")
            .Real(p + "cte_ns", "ns", "cTE: the mean TE over the scored window (G.8260)")
            .Real(p + "dte_l_mtie_ns",
                  "ns",
                  "dTE_L: MTIE of TE through a first-order 0.1 Hz low-pass, at min(window, "
                  "1000 s) (empty: SamplePeriod >= 5 s)")
            .Real(p + "dte_h_pp_ns",
                  "ns",
                  "dTE_H: peak-to-peak of TE minus its 0.1 Hz low-pass (empty: SamplePeriod "
                  ">= 5 s)");
        for (const auto& [name, tau] : Taus())
        {
            rows.Real(p + "mtie_" + name + "_ns",
                      "ns",
                      std::string("MTIE of TE at tau = ") + name +
                          " (empty: the scored window is shorter)");
        }
        for (const auto& [name, tau] : Taus())
        {
            rows.Real(p + "tdev_" + name + "_ns",
                      "ns",
                      std::string("TDEV of TE at tau = ") + name +
                          " (G.810; empty: the scored window is shorter than 3 tau)");
        }
        rows.Text(p + "class",
                  "the best ITU-T G.8273.2 class (A, B, C, D) whose noise-generation limits "
                  "this TE meets over the scored window (none: not even A, or not measured; "
                  "doc/sync.rst)");
    }
    return rows;
}

StudySchema
SyncStudy::AddTimeErrorSummary(StudySchema summary)
{
    for (const auto& [prefix, what] : kSeries)
    {
        const std::string p = prefix;
        summary
            .Text(p + "class_worst",
                  std::string("the worst G.8273.2 class among hosts 1 .. Nodes - 1, ") + what)
            .Text(p + "by_hops",
                  "per hop count h: h:worst class:largest max|TE| in ns, space-separated "
                  "(hosts 1 .. Nodes - 1)");
    }
    return summary;
}

std::optional<TimeErrorSummary>
SyncStudy::SetTimeErrorColumns(StudyRecord& row,
                               const std::string& prefix,
                               const std::vector<double>& series,
                               std::size_t from,
                               bool applicable) const
{
    const std::string cells[] = {"max_ns",
                                 "cte_ns",
                                 "dte_l_mtie_ns",
                                 "dte_h_pp_ns",
                                 "mtie_1s_ns",
                                 "mtie_10s_ns",
                                 "mtie_100s_ns",
                                 "tdev_1s_ns",
                                 "tdev_10s_ns",
                                 "tdev_100s_ns"};
    row.Set(prefix + "class", G8273ClassName(G8273Class::NONE));
    if (!applicable || from + 2 > series.size())
    {
        for (const std::string& c : cells)
        {
            row.SetNotApplicable(prefix + c); // not measured is not 0
        }
        row.SetNotApplicable(prefix + "class");
        return std::nullopt;
    }
    TimeErrorMetrics m(std::vector<double>(series.begin() + from, series.end()), m_samplePeriod);
    const TimeErrorSummary s = m.Summarize();
    row.Set(prefix + "max_ns", s.maxAbsTe);
    row.Set(prefix + "cte_ns", s.cte);
    auto setOptional = [&](const std::string& name, std::optional<double> v) {
        row.Set(prefix + name, v.value_or(0.0));
        if (!v)
        {
            row.SetNotApplicable(prefix + name);
        }
    };
    setOptional("dte_l_mtie_ns", s.dteLowMtie);
    setOptional("dte_h_pp_ns", s.dteHighPp);
    for (const auto& [name, tau] : Taus())
    {
        setOptional("mtie_" + name + "_ns", m.Mtie(tau));
        setOptional("tdev_" + name + "_ns", m.Tdev(tau));
    }
    row.Set(prefix + "class", G8273ClassName(ClassifyG8273(s)));
    return s;
}

void
SyncStudy::SetTimeErrorSummary(StudyResult& r, const std::vector<NodeTimeError>& nodes) const
{
    for (const auto& [prefix, what] : kSeries)
    {
        const bool toTrue = std::string(prefix) == "te_";
        // Per hop count: the worst class (NONE below A) and the largest max|TE|.
        std::map<uint64_t, std::pair<G8273Class, double>> byHops;
        G8273Class worst = G8273Class::D;
        bool any = false;
        for (std::size_t i = 1; i < nodes.size(); ++i)
        {
            const auto& s = toTrue ? nodes[i].toTrue : nodes[i].toMaster;
            if (!s)
            {
                continue;
            }
            const G8273Class c = ClassifyG8273(*s);
            auto [it, added] = byHops.emplace(nodes[i].hops, std::make_pair(c, s->maxAbsTe));
            it->second.first = std::min(it->second.first, c);
            it->second.second = std::max(it->second.second, s->maxAbsTe);
            worst = std::min(worst, c);
            any = true;
        }
        std::ostringstream text;
        text.precision(6);
        for (const auto& [hops, v] : byHops)
        {
            text << (text.tellp() > 0 ? " " : "") << hops << ':' << G8273ClassName(v.first) << ':'
                 << v.second;
        }
        r.Set(std::string(prefix) + "class_worst", G8273ClassName(worst));
        r.Set(std::string(prefix) + "by_hops", text.str());
        if (!any)
        {
            r.GetSummary().SetNotApplicable(std::string(prefix) + "class_worst");
            r.GetSummary().SetNotApplicable(std::string(prefix) + "by_hops");
        }
    }
}

} // namespace ns3
