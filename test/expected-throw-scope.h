/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef CHRONOMETRY_EXPECTED_THROW_SCOPE_H
#define CHRONOMETRY_EXPECTED_THROW_SCOPE_H

// Tests that expect a configuration error to be thrown while ns-3 constructs an object
// (ObjectFactory::Create, CreateObjectWithAttributes) put that construction in this scope.
// ns-3's factory is not exception safe: it does not free an object whose attribute setter
// throws. That leak exists only in THROW validation mode (tests, Python); in an ns-3 program
// the error aborts. Under LeakSanitizer the allocations made inside the scope are ignored, so
// that every other leak still fails the sanitizer build.

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define CHRONOMETRY_HAS_LSAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define CHRONOMETRY_HAS_LSAN 1
#endif

#ifdef CHRONOMETRY_HAS_LSAN
#include <sanitizer/lsan_interface.h>
#endif

#include "ns3/chronometry-validation.h"

#include <string>

namespace ns3
{
namespace chronometry
{
namespace test
{

/** Ignores, for leak checking only, what is allocated while it lives (see above). */
class ExpectedThrowScope
{
  public:
    ExpectedThrowScope()
    {
#ifdef CHRONOMETRY_HAS_LSAN
        __lsan_disable();
#endif
    }

    ~ExpectedThrowScope()
    {
#ifdef CHRONOMETRY_HAS_LSAN
        __lsan_enable();
#endif
    }

    ExpectedThrowScope(const ExpectedThrowScope&) = delete;
    ExpectedThrowScope& operator=(const ExpectedThrowScope&) = delete;
};

/**
 * Run something that should refuse its configuration (in THROW validation mode, e.g. under a
 * ScopedThrowOnConfigError), inside an ExpectedThrowScope.
 * \param run the code
 * \return the ConfigError's message, or "" when nothing was refused
 */
template <typename F>
std::string
ConfigErrorMessage(F&& run)
{
    try
    {
        ExpectedThrowScope expected;
        run();
    }
    catch (const ConfigError& e)
    {
        return e.what();
    }
    return std::string();
}

} // namespace test
} // namespace chronometry
} // namespace ns3

#endif /* CHRONOMETRY_EXPECTED_THROW_SCOPE_H */
