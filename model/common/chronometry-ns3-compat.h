/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef CHRONOMETRY_NS3_COMPAT_H
#define CHRONOMETRY_NS3_COMPAT_H

/**
 * \file
 * \ingroup chronometry
 * Every difference between the ns-3 releases chronometry builds against
 * (3.37, Debian's, and 3.48, the current release) lives here, keyed on ns-3's
 * version.  ns-3 defines NS3_VERSION_MINOR in ns3/version-defines.h only when
 * the build records its version (Debian's does, a default 3.48 build does
 * not), so the build system passes CHRONOMETRY_NS3_VERSION (major * 100 +
 * minor, e.g. 348) from the version it found (CMakeLists.txt, one place); a
 * build that passes neither is told apart by ns-3's deprecation macros.
 */

#include "ns3/boolean.h"
#include "ns3/enum.h"
#include "ns3/test.h"

#if defined(CHRONOMETRY_NS3_VERSION)
#define CHRONOMETRY_NS3 CHRONOMETRY_NS3_VERSION
#elif __has_include("ns3/version-defines.h")
#include "ns3/version-defines.h"
#define CHRONOMETRY_NS3 (NS3_VERSION_MAJOR * 100 + NS3_VERSION_MINOR)
#else
// Neither: tell the generations apart by the deprecation macros each release adds.
#include "ns3/deprecated.h"
#if defined(NS_DEPRECATED_3_42) || defined(NS_DEPRECATED_3_44) || defined(NS_DEPRECATED_3_46) ||   \
    defined(NS_DEPRECATED_3_48)
#define CHRONOMETRY_NS3 342
#else
#define CHRONOMETRY_NS3 337
#endif
#endif

namespace ns3
{
namespace chronometry
{

/**
 * MakeEnumAccessor for an Attribute of enum type E.  From ns-3.41 on,
 * EnumValue is a template and the accessor names its enum type
 * (MakeEnumAccessor<E>); earlier releases deduce it.
 * \param args the member or setter/getter, as for MakeEnumAccessor
 * \return the accessor
 */
template <typename E, typename... Args>
Ptr<const AttributeAccessor>
MakeEnumAccessorOf(Args... args)
{
#if CHRONOMETRY_NS3 >= 341
    return MakeEnumAccessor<E>(args...);
#else
    return MakeEnumAccessor(args...);
#endif
}

#if CHRONOMETRY_NS3 >= 342
/** How long a TestCase runs (TestCase::Duration from ns-3.42 on). */
using TestDuration = TestCase::Duration;
#else
/** How long a TestCase runs (TestCase::TestDuration before ns-3.42). */
using TestDuration = TestCase::TestDuration;
#endif

/**
 * Make an Ipv4 accept a datagram as its own only on the interface that owns the destination
 * address (RFC 1122's strong end-system model): Ipv4::StrongEndSystemModel from ns-3.42 on,
 * WeakEsModel = false before.
 * \param ip the node's Ipv4
 */
template <typename Ip>
void
UseStrongEndSystemModel(const Ptr<Ip>& ip)
{
#if CHRONOMETRY_NS3 >= 342
    ip->SetAttribute("StrongEndSystemModel", BooleanValue(true));
#else
    ip->SetAttribute("WeakEsModel", BooleanValue(false));
#endif
}

/**
 * How Ipv4RoutingProtocol::RouteInput takes its callbacks: by const reference from ns-3.39 on,
 * by value before.
 */
#if CHRONOMETRY_NS3 >= 339
template <typename T>
using RouteInputArg = const T&;
#else
template <typename T>
using RouteInputArg = T;
#endif

} // namespace chronometry
} // namespace ns3

#endif /* CHRONOMETRY_NS3_COMPAT_H */
