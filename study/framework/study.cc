/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "study.h"

#include "ns3/abort.h"
#include "ns3/chronometry-validation.h"
#include "ns3/log.h"
#include "ns3/object-factory.h"

#include <algorithm>
#include <cstdio>
#include <limits>

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

double
Study::EstimateEvents() const
{
    return std::numeric_limits<double>::quiet_NaN();
}

void
Study::Validate() const
{
}

/** Keeps a forwarded parameter's value in the study's map, under the Attribute's name. */
class Study::ForwardedAccessor : public AttributeAccessor
{
  public:
    /** \param attribute the parameter */
    explicit ForwardedAccessor(std::string attribute)
        : m_attribute(std::move(attribute))
    {
    }

    bool Set(ObjectBase* object, const AttributeValue& value) const override
    {
        auto* study = dynamic_cast<Study*>(object);
        if (study == nullptr)
        {
            return false;
        }
        Store(*study, value);
        return true;
    }

    bool Get(const ObjectBase* object, AttributeValue& value) const override
    {
        const auto* study = dynamic_cast<const Study*>(object);
        Ptr<const AttributeValue> stored = study ? Load(*study) : nullptr;
        if (!stored)
        {
            return false;
        }
        // Copy through the text form: AttributeValue has no typed assignment (the value
        // types are the checker's, so the round trip is exact).
        TypeId::AttributeInformation info;
        study->GetInstanceTypeId().LookupAttributeByName(m_attribute, &info);
        return value.DeserializeFromString(stored->SerializeToString(info.checker), info.checker);
    }

    bool HasGetter() const override
    {
        return true;
    }

    bool HasSetter() const override
    {
        return true;
    }

  private:
    /**
     * \param study the study
     * \param value the value to keep
     */
    void Store(Study& study, const AttributeValue& value) const
    {
        study.m_forwarded[m_attribute] = value.Copy();
    }

    /**
     * \param study the study
     * \return the kept value, or nullptr
     */
    Ptr<const AttributeValue> Load(const Study& study) const
    {
        auto it = study.m_forwarded.find(m_attribute);
        return it == study.m_forwarded.end() ? nullptr : it->second;
    }

    std::string m_attribute; //!< the parameter
};

Ptr<const AttributeAccessor>
Study::MakeForwardedAccessor(const std::string& attribute)
{
    return Create<ForwardedAccessor>(attribute);
}

std::vector<std::pair<std::string, Ptr<const AttributeValue>>>
Study::GetForwarded(const std::string& modelType) const
{
    std::vector<std::pair<std::string, Ptr<const AttributeValue>>> out;
    for (const auto& p : GetDescription().GetParameters())
    {
        if (p.model == modelType)
        {
            out.emplace_back(p.modelAttribute, GetForwardedValue(p.attribute));
        }
    }
    return out;
}

void
Study::ApplyForwarded(Ptr<Object> object) const
{
    for (const auto& p : GetDescription().GetParameters())
    {
        if (p.model.empty())
        {
            continue;
        }
        for (TypeId t = object->GetInstanceTypeId();; t = t.GetParent())
        {
            if (t.GetName() == p.model)
            {
                object->SetAttribute(p.modelAttribute, *GetForwardedValue(p.attribute));
                break;
            }
            if (t == t.GetParent())
            {
                break;
            }
        }
    }
}

Ptr<const AttributeValue>
Study::GetForwardedValue(const std::string& parameter) const
{
    auto it = m_forwarded.find(parameter);
    NS_ABORT_MSG_IF(it == m_forwarded.end(),
                    GetInstanceTypeId().GetName() << " has no forwarded parameter " << parameter);
    return it->second;
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

const std::string&
Study::GetSync() const
{
    return m_sync;
}

std::string
Study::Describe(const std::string& attribute) const
{
    return GetDescription().GetTypeId().GetName() + "::" + attribute + " = " + Text(attribute);
}

std::string
Study::Text(const std::string& attribute) const
{
    const StudyDescription& d = GetDescription();
    const StudyParameter* p = d.FindParameter(attribute);
    NS_ABORT_MSG_IF(p == nullptr, d.GetTypeId().GetName() << " has no parameter " << attribute);
    Ptr<AttributeValue> value = d.GetAttributeInformation(*p).checker->Create();
    GetAttribute(p->attribute, *value);
    return d.FormatValue(*p, *value);
}

std::string
Study::PointTag(const std::vector<std::string>& outputs) const
{
    uint64_t hash = 14695981039346656037ULL; // FNV-1a: stable across builds and platforms
    const auto mix = [&hash](const std::string& text) {
        for (unsigned char c : text)
        {
            hash = (hash ^ c) * 1099511628211ULL;
        }
    };
    for (const StudyParameter& p : GetDescription().GetParameters())
    {
        if (p.attribute == "Run" ||
            std::find(outputs.begin(), outputs.end(), p.attribute) != outputs.end())
        {
            continue;
        }
        mix(p.attribute + "=" + Text(p.attribute) + ";");
    }
    char tag[9];
    std::snprintf(tag, sizeof(tag), "%08x", static_cast<unsigned>(hash ^ (hash >> 32)));
    return tag;
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

// StudyDescription's two members that need the complete Study (its forwarded parameters'
// accessor, its factory): defined here so that the description's unit does not include
// study.h, which includes study-description.h (issue 42: no include cycle).

void
StudyDescription::AddForwarded(TypeId model,
                               const std::string& attribute,
                               const std::string& name,
                               const AttributeValue* studyDefault,
                               StudyCsvColumn csv)
{
    TypeId::AttributeInformation info;
    NS_ABORT_MSG_UNLESS(model.LookupAttributeByName(attribute, &info),
                        "study '" << m_name << "': " << model.GetName() << " has no Attribute "
                                  << attribute << " to forward");
    Ptr<const AttributeValue> initial = info.initialValue;
    if (studyDefault != nullptr)
    {
        chronometry::TakeLastRefusal();
        NS_ABORT_MSG_UNLESS(info.checker->Check(*studyDefault),
                            "study '" << m_name << "': its default of " << model.GetName()
                                      << "::" << attribute << " is refused by the model: "
                                      << chronometry::TakeLastRefusal()
                                             .value_or(chronometry::AttributeRefusal{})
                                             .Message());
        initial = studyDefault->Copy();
    }
    m_tid.AddAttribute(
        name,
        info.help + (name == attribute ? "" : " (" + model.GetName() + "::" + attribute + ")"),
        *initial,
        Study::MakeForwardedAccessor(name),
        info.checker);
    StudyParameter p;
    p.attribute = name;
    p.model = model.GetName();
    p.modelAttribute = attribute;
    p.csv = csv;
    p.time = dynamic_cast<const TimeValue*>(PeekPointer(initial)) != nullptr;
    p.type = p.time                                                     ? StudyFieldType::INTEGER
             : dynamic_cast<const UintegerValue*>(PeekPointer(initial)) ? StudyFieldType::UNSIGNED
             : dynamic_cast<const DoubleValue*>(PeekPointer(initial))   ? StudyFieldType::REAL
             : dynamic_cast<const BooleanValue*>(PeekPointer(initial))  ? StudyFieldType::BOOLEAN
                                                                        : StudyFieldType::TEXT;
    p.keyword = SnakeCase(name) + (p.time ? "_ns" : "");
    m_parameters.push_back(p);
}

Ptr<Study>
StudyDescription::Create() const
{
    ObjectFactory factory;
    factory.SetTypeId(m_tid);
    return factory.Create<Study>();
}

} // namespace ns3
