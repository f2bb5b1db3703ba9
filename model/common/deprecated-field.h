/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef CHRONOMETRY_DEPRECATED_FIELD_H
#define CHRONOMETRY_DEPRECATED_FIELD_H

#include "ns3/deprecated.h"

#include <cstddef>
#include <type_traits>

/**
 * \ingroup chronometry
 * A renamed field of a plain options struct keeps its former name for one release:
 * `o.oldName = v` and `Type t = o.oldName` still compile, with a deprecation warning
 * (NS_DEPRECATED), and act on the field's new name.  The alias holds no data: copying the
 * struct copies the new field only, and the alias finds its owner from its own address
 * (offsetof, defined for a standard-layout owner), so it is right in every copy.
 *
 * Declare it inside \p Owner, after \p newName:
 * \code
 *   Time hvcSkewBound = MilliSeconds(1);
 *   CHRONOMETRY_DEPRECATED_FIELD(ReplayCheckerOptions, Time, hvcEpsilon, hvcSkewBound, "0.2.0");
 * \endcode
 * \param Owner the struct
 * \param Type the field's type
 * \param oldName the former name
 * \param newName the current name
 * \param since the release that renamed it
 */
#define CHRONOMETRY_DEPRECATED_FIELD(Owner, Type, oldName, newName, since)                         \
    /** The former name of newName (deprecated since since). */                                    \
    struct oldName##DeprecatedAlias                                                                \
    {                                                                                              \
        /** \param value the new value of newName \return this alias */                            \
        NS_DEPRECATED(#Owner "::" #oldName " is deprecated since chronometry " since               \
                             "; use " #newName)                                                    \
        oldName##DeprecatedAlias& operator=(const Type& value)                                     \
        {                                                                                          \
            Self()->newName = value;                                                               \
            return *this;                                                                          \
        }                                                                                          \
        /** \return newName */                                                                     \
        NS_DEPRECATED(#Owner "::" #oldName " is deprecated since chronometry " since               \
                             "; use " #newName)                                                    \
        operator Type() const                                                                      \
        {                                                                                          \
            return Self()->newName;                                                                \
        }                                                                                          \
        oldName##DeprecatedAlias() = default;                                                      \
        /** Copying the owner copies newName; the alias holds nothing. */                          \
        oldName##DeprecatedAlias(const oldName##DeprecatedAlias&) = default;                       \
        /** \return this alias */                                                                  \
        oldName##DeprecatedAlias& operator=(const oldName##DeprecatedAlias&) = default;            \
                                                                                                   \
      private:                                                                                     \
        /** \return the struct that holds this alias */                                            \
        Owner* Self() const                                                                        \
        {                                                                                          \
            static_assert(std::is_standard_layout_v<Owner>,                                        \
                          "a deprecated field alias finds its owner with offsetof");               \
            auto* bytes = reinterpret_cast<char*>(const_cast<oldName##DeprecatedAlias*>(this));    \
            return reinterpret_cast<Owner*>(bytes - offsetof(Owner, oldName));                     \
        }                                                                                          \
    } oldName /**< deprecated: newName's former name */

#endif // CHRONOMETRY_DEPRECATED_FIELD_H
