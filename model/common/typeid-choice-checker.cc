/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// MakeTypeIdChoiceChecker (declared in chronometry-checkers.h): a plug-in chosen by TypeId name.
#include "chronometry-checkers.h"

#include "ns3/abort.h"
#include "ns3/string.h"

#include <algorithm>
#include <iostream>
#include <set>

namespace ns3
{
namespace chronometry
{

namespace
{

/**
 * A StringValue naming a TypeId derived from a base (MakeTypeIdChoiceChecker).  The valid
 * names are read from the registry when asked, not at construction: the checker is built in a
 * GetTypeId() that may run before the plug-ins register.
 */
class TypeIdChoiceChecker : public RangeChecker
{
  public:
    /**
     * \param base the plug-ins' base
     * \param deprecated (old name, TypeId name)
     */
    TypeIdChoiceChecker(TypeId base, std::vector<std::pair<std::string, std::string>> deprecated)
        : m_base(base),
          m_deprecated(std::move(deprecated))
    {
    }

    /** \return the valid TypeId names, sorted */
    std::vector<std::string> Names() const
    {
        std::vector<std::string> out;
        for (uint16_t i = 0; i < TypeId::GetRegisteredN(); ++i)
        {
            TypeId t = TypeId::GetRegistered(i);
            if (t != m_base && t.IsChildOf(m_base) && t.HasConstructor())
            {
                out.push_back(t.GetName());
            }
        }
        std::sort(out.begin(), out.end());
        return out;
    }

    /**
     * \param name a value
     * \return the TypeId name it maps to if it is an old name, else ""
     */
    std::string Deprecated(const std::string& name) const
    {
        for (const auto& [old, current] : m_deprecated)
        {
            if (old == name)
            {
                return current;
            }
        }
        return "";
    }

    bool Check(const AttributeValue& value) const override
    {
        const auto* v = dynamic_cast<const StringValue*>(&value);
        if (v == nullptr)
        {
            return false;
        }
        const std::vector<std::string> names = Names();
        if (!Deprecated(v->Get()).empty() ||
            std::find(names.begin(), names.end(), v->Get()) != names.end())
        {
            RecordRefusal(std::nullopt);
            return true;
        }
        RecordRefusal(
            AttributeRefusal{GetAttributeName(), "'" + v->Get() + "'", "values", DescribeRange()});
        return false;
    }

    std::string DescribeRange() const override
    {
        std::string range;
        for (const auto& n : Names())
        {
            range += (range.empty() ? "" : ", ") + n;
        }
        return range;
    }

    std::vector<Ptr<AttributeValue>> GetOutOfRangeExamples() const override
    {
        // the empty name, the base itself (abstract), and a TypeId of another family
        std::vector<Ptr<AttributeValue>> out;
        for (const std::string& s : {std::string(), m_base.GetName(), std::string("ns3::Object")})
        {
            out.push_back(ns3::Create<StringValue>(s));
        }
        return out;
    }

    std::string GetValueTypeName() const override
    {
        return MakeStringChecker()->GetValueTypeName();
    }

    Ptr<AttributeValue> Create() const override
    {
        return MakeStringChecker()->Create();
    }

    bool Copy(const AttributeValue& source, AttributeValue& destination) const override
    {
        return MakeStringChecker()->Copy(source, destination);
    }

  private:
    TypeId m_base;                                                 //!< the plug-ins' base
    std::vector<std::pair<std::string, std::string>> m_deprecated; //!< (old name, TypeId)
};

} // namespace

Ptr<const AttributeChecker>
MakeTypeIdChoiceChecker(TypeId base, std::vector<std::pair<std::string, std::string>> deprecated)
{
    return Create<TypeIdChoiceChecker>(base, std::move(deprecated));
}

TypeId
ResolveTypeIdChoice(const Ptr<const AttributeChecker>& checker, const std::string& name)
{
    const auto* choice = dynamic_cast<const TypeIdChoiceChecker*>(PeekPointer(checker));
    NS_ABORT_MSG_IF(choice == nullptr, "ResolveTypeIdChoice: not a MakeTypeIdChoiceChecker");
    const std::string current = choice->Deprecated(name);
    if (current.empty())
    {
        return TypeId::LookupByName(name);
    }
    static std::set<std::string> said;
    if (said.insert(name).second)
    {
        std::cerr << "chronometry: " << choice->GetAttributeName() << " = " << name
                  << " is deprecated; use " << current << " (the same choice)" << std::endl;
    }
    return TypeId::LookupByName(current);
}

} // namespace chronometry
} // namespace ns3
