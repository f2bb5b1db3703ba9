/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef CHRONOMETRY_ACCESSORS_H
#define CHRONOMETRY_ACCESSORS_H

#include "ns3/attribute.h"
#include "ns3/object-base.h"
#include "ns3/ptr.h"

/**
 * \file
 * \ingroup chronometry
 * An Attribute accessor for a field of a plain configuration struct held by an Object.
 *
 * A simulator-free core is configured by a struct (LinkingConfig, ...); the ns-3 Object that
 * wraps it declares one Attribute per field, whose accessor reads and writes the field in the
 * Object's copy of the struct.  The Attribute (name, default, checker, unit, help) is then the
 * struct field's one declaration: the struct's own checks and the bindings ask the TypeId.
 *
 * \code
 *   .AddAttribute("Spontaneous", "y: ...", DoubleValue(LinkingConfig{}.spontaneous),
 *                 chronometry::MakeFieldAccessor<DoubleValue>(&MessageLinkingAnalyzer::m_config,
 *                                                             &LinkingConfig::spontaneous),
 *                 chronometry::MakeDoubleRangeChecker(0, 1000))
 * \endcode
 */

namespace ns3
{
namespace chronometry
{

/**
 * \ingroup chronometry
 * Reads and writes (object.*config).*field as an AttributeValue of class V.
 * \tparam V the AttributeValue class (TimeValue, DoubleValue, UintegerValue, BooleanValue)
 * \tparam T the Object class
 * \tparam S the struct class
 * \tparam U the field's type
 */
template <typename V, typename T, typename S, typename U>
class FieldAccessor : public AttributeAccessor
{
  public:
    /**
     * \param config the Object's struct member
     * \param field the struct's field
     */
    FieldAccessor(S T::*config, U S::*field)
        : m_config(config),
          m_field(field)
    {
    }

    bool Set(ObjectBase* object, const AttributeValue& value) const override
    {
        auto* o = dynamic_cast<T*>(object);
        const auto* v = dynamic_cast<const V*>(&value);
        if (o == nullptr || v == nullptr)
        {
            return false;
        }
        (o->*m_config).*m_field = static_cast<U>(v->Get());
        return true;
    }

    bool Get(const ObjectBase* object, AttributeValue& value) const override
    {
        const auto* o = dynamic_cast<const T*>(object);
        auto* v = dynamic_cast<V*>(&value);
        if (o == nullptr || v == nullptr)
        {
            return false;
        }
        v->Set((o->*m_config).*m_field);
        return true;
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
    S T::*m_config; //!< the struct member
    U S::*m_field;  //!< the field
};

/**
 * \tparam V the AttributeValue class
 * \param config the Object's struct member (&MessageLinkingAnalyzer::m_config)
 * \param field the struct's field (&LinkingConfig::spontaneous)
 * \return the accessor
 */
template <typename V, typename T, typename S, typename U>
Ptr<const AttributeAccessor>
MakeFieldAccessor(S T::*config, U S::*field)
{
    return Ptr<const AttributeAccessor>(new FieldAccessor<V, T, S, U>(config, field), false);
}

} // namespace chronometry
} // namespace ns3

#endif /* CHRONOMETRY_ACCESSORS_H */
