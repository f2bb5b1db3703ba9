/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "study-streams.h"

#include "ns3/abort.h"
#include "ns3/chronometry-validation.h"
#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("StudyStreams");

int64_t
StudyStreams::Assign(int64_t first, const std::function<int64_t(int64_t)>& assign)
{
    NS_ABORT_MSG_IF(first < 0, "StudyStreams: stream " << first << " is negative");
    int64_t used = assign(first);
    Record(first, used);
    return first + used;
}

int64_t
StudyStreams::Assign(Ptr<RandomVariableStream> variable, int64_t stream)
{
    NS_ABORT_MSG_IF(!variable, "StudyStreams: no variable");
    return Assign(stream, [&variable](int64_t s) {
        variable->SetStream(s);
        return int64_t(1);
    });
}

const std::vector<std::pair<int64_t, int64_t>>&
StudyStreams::GetBlocks() const
{
    return m_blocks;
}

void
StudyStreams::Record(int64_t first, int64_t count)
{
    for (const auto& [f, n] : m_blocks)
    {
        if (count > 0 && first < f + n && f < first + count)
        {
            chronometry::ReportConfigError(
                "StudyStreams: streams [" + std::to_string(first) + ", " +
                std::to_string(first + count) + ") overlap streams [" + std::to_string(f) + ", " +
                std::to_string(f + n) + ") given before: the variables would be correlated");
        }
    }
    m_blocks.emplace_back(first, count);
}

} // namespace ns3
