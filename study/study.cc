/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "study.h"

#include "ns3/chronometry-validation.h"
#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("Study");

NS_OBJECT_ENSURE_REGISTERED(Study);

TypeId
Study::GetTypeId()
{
    static TypeId tid = TypeId("ns3::Study").SetParent<Object>().SetGroupName("Chronometry");
    return tid;
}

Study::Study() = default;

Study::~Study() = default;

const StudyDescription&
Study::GetDescription() const
{
    return StudyDescription::Get(GetInstanceTypeId());
}

void
Study::Validate() const
{
}

uint32_t
Study::GetSeed() const
{
    return m_seed;
}

uint64_t
Study::GetRun() const
{
    return m_run;
}

const std::string&
Study::GetTopology() const
{
    return m_topology;
}

std::string
Study::Describe(const std::string& attribute) const
{
    const StudyDescription& d = GetDescription();
    const StudyParameter* p = d.FindParameter(attribute);
    NS_ABORT_MSG_IF(p == nullptr, d.GetTypeId().GetName() << " has no parameter " << attribute);
    Ptr<AttributeValue> value = d.GetAttributeInformation(*p).checker->Create();
    GetAttribute(attribute, *value);
    return d.GetTypeId().GetName() + "::" + attribute + " = " +
           StudyDescription::FormatValue(*p, *value);
}

void
Study::Refuse(const std::vector<std::string>& attributes, const std::string& message) const
{
    std::vector<std::string> qualified;
    for (const auto& a : attributes)
    {
        qualified.push_back(GetDescription().GetTypeId().GetName() + "::" + a);
    }
    chronometry::ReportConfigError(message, qualified);
}

void
Study::DoDispose()
{
    Object::DoDispose();
}

} // namespace ns3
