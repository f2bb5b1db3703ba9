/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HUGE_PAGES_H
#define HUGE_PAGES_H

#include <string>

namespace ns3
{

/**
 * \ingroup chronometry
 * Back the program's heap with transparent huge pages (2 MB) where the kernel gives them only
 * on request (THP "madvise", Debian's default), by running the program again, once, with
 * glibc's tunable glibc.malloc.hugetlb=1 in its environment (glibc reads tunables only at
 * start-up).  Call it first thing in main().
 *
 * Why: a study at thousands of nodes keeps gigabytes of ns-3 objects, and a message touches
 * those of its sender, the switch port and its receiver cold; with 4 KB pages most of those
 * touches also miss the TLB.  bench/replay-scale's simulation at n = 4,096 ran about 11%
 * faster with huge pages, for the same peak memory; at n = 64 nothing changes.
 *
 * It returns without doing anything when the environment already sets glibc.malloc.hugetlb
 * (either value: GLIBC_TUNABLES=glibc.malloc.hugetlb=0 turns this off), when the kernel's THP
 * mode is not "madvise" ("always" needs nothing, "never" gives nothing), when the C library
 * is not glibc 2.35 or later, or when the re-execution fails.  The results do not depend on
 * it: only the time they take.
 *
 * \param argv main()'s argv (null-terminated)
 */
void RunWithHugePages(char* argv[]);

/**
 * \ingroup chronometry
 * \return the kernel's transparent-huge-page mode ("always", "madvise" or "never"), or an
 *         empty string where it cannot be read
 */
std::string GetTransparentHugePageMode();

/**
 * \ingroup chronometry
 * \return whether this process' heap gets huge pages: the kernel's THP mode is "always", or
 *         it is "madvise" and glibc's malloc asks for them (GLIBC_TUNABLES sets
 *         glibc.malloc.hugetlb to a value other than 0, with glibc 2.35 or later)
 */
bool IsHeapOnHugePages();

} // namespace ns3

#endif /* HUGE_PAGES_H */
