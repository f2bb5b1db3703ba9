/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "daemon-logs.h"

#include <algorithm>
#include <cmath>
#include <regex>
#include <sstream>
#include <string>

namespace ns3
{
namespace chronometry
{

std::vector<DaemonSample>
ParseChronyMeasurements(std::istream& log)
{
    // Date Time IP L St 123 567 ABCD LP RP Score Offset ... (chrony 4.x; 3.x had no Score)
    static const std::regex date("^[0-9]{4}-[0-9]{2}-[0-9]{2}$");
    std::vector<DaemonSample> samples;
    for (std::string line; std::getline(log, line);)
    {
        std::istringstream words(line);
        std::vector<std::string> fields;
        for (std::string word; words >> word;)
        {
            fields.push_back(word);
        }
        if (fields.size() < 13 || !std::regex_match(fields[0], date))
        {
            continue;
        }
        // The Score column exists from chrony 4.0: Offset is the first field in e-notation
        // after the four-digit ABCD test bits.
        size_t column = (fields[10].find('e') == std::string::npos) ? 11 : 10;
        samples.push_back(
            {Seconds(std::stod(fields[column])), Seconds(std::stod(fields[column + 1]) / 2)});
    }
    return samples;
}

std::vector<DaemonSample>
ParsePtp4lOffsets(std::istream& log)
{
    static const std::regex offset("master offset +(-?[0-9]+) s[0-9].*path delay +(-?[0-9]+)");
    std::vector<DaemonSample> samples;
    for (std::string line; std::getline(log, line);)
    {
        std::smatch match;
        if (std::regex_search(line, match, offset))
        {
            samples.push_back(
                {NanoSeconds(std::stoll(match[1].str())), NanoSeconds(std::stoll(match[2].str()))});
        }
    }
    return samples;
}

std::vector<Time>
Column(const std::vector<DaemonSample>& samples, bool delays)
{
    std::vector<Time> values;
    for (const auto& sample : samples)
    {
        values.push_back(delays ? sample.delay : sample.offset);
    }
    return values;
}

OffsetSummary
Summarize(const std::vector<Time>& samples, size_t skip)
{
    OffsetSummary summary;
    if (samples.size() <= skip)
    {
        return summary;
    }
    std::vector<int64_t> kept;
    for (size_t i = skip; i < samples.size(); ++i)
    {
        kept.push_back(samples[i].GetNanoSeconds());
    }
    auto median = [](std::vector<int64_t> v) {
        std::sort(v.begin(), v.end());
        size_t n = v.size();
        return (n % 2 == 1) ? static_cast<double>(v[n / 2])
                            : (static_cast<double>(v[n / 2 - 1]) + v[n / 2]) / 2.0;
    };
    double centre = median(kept);
    std::vector<int64_t> deviations;
    for (int64_t k : kept)
    {
        deviations.push_back(std::llround(std::fabs(static_cast<double>(k) - centre)));
    }
    summary.count = kept.size();
    summary.median = NanoSeconds(std::llround(centre));
    summary.spread = NanoSeconds(std::llround(1.4826 * median(deviations)));
    summary.min = NanoSeconds(*std::min_element(kept.begin(), kept.end()));
    summary.max = NanoSeconds(*std::max_element(kept.begin(), kept.end()));
    return summary;
}

} // namespace chronometry
} // namespace ns3
