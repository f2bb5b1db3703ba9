/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "huge-pages.h"

#include <cstdlib>
#include <fstream>
#include <regex>
#include <unistd.h>

namespace ns3
{

namespace
{

/** The tunable that makes glibc's malloc madvise its heap for huge pages (glibc >= 2.35). */
constexpr const char* kHugeTlbTunable = "glibc.malloc.hugetlb";

/**
 * \param[out] value the tunable's value, if set
 * \return whether GLIBC_TUNABLES sets glibc.malloc.hugetlb
 */
bool
TunableSet(std::string& value)
{
    const char* tunables = std::getenv("GLIBC_TUNABLES");
    if (!tunables)
    {
        return false;
    }
    // GLIBC_TUNABLES is a colon-separated list of name=value.
    const std::regex entry(std::string("(^|:)") + kHugeTlbTunable + "=([^:]*)");
    std::cmatch m;
    if (!std::regex_search(tunables, m, entry))
    {
        return false;
    }
    value = m[2].str();
    return true;
}

/** \return whether this C library knows glibc.malloc.hugetlb */
constexpr bool
GlibcHasHugeTlbTunable()
{
#if defined(__GLIBC__) && defined(__GLIBC_MINOR__)
    return __GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 35);
#else
    return false;
#endif
}

} // namespace

std::string
GetTransparentHugePageMode()
{
    // e.g. "always [madvise] never": the bracketed word is the mode.
    std::ifstream in("/sys/kernel/mm/transparent_hugepage/enabled");
    std::string line;
    if (!std::getline(in, line))
    {
        return "";
    }
    const std::regex selected("\\[([a-z]+)\\]");
    std::smatch m;
    return std::regex_search(line, m, selected) ? m[1].str() : "";
}

bool
IsHeapOnHugePages()
{
    const std::string mode = GetTransparentHugePageMode();
    std::string value;
    return mode == "always" || (mode == "madvise" && GlibcHasHugeTlbTunable() &&
                                TunableSet(value) && !value.empty() && value != "0");
}

void
RunWithHugePages(char* argv[])
{
    std::string value;
    if (!GlibcHasHugeTlbTunable() || TunableSet(value) || GetTransparentHugePageMode() != "madvise")
    {
        return;
    }
    const char* old = std::getenv("GLIBC_TUNABLES");
    std::string tunables = std::string(kHugeTlbTunable) + "=1";
    if (old && *old)
    {
        tunables = std::string(old) + ":" + tunables;
    }
    if (setenv("GLIBC_TUNABLES", tunables.c_str(), 1) != 0)
    {
        return;
    }
    execv("/proc/self/exe", argv);
    // Still here: the program goes on with small pages, as it would have without this call.
    if (old)
    {
        setenv("GLIBC_TUNABLES", old, 1);
    }
    else
    {
        unsetenv("GLIBC_TUNABLES");
    }
}

} // namespace ns3
