#!/usr/bin/env python3
"""Every ns-3 header a chronometry build compiled came from the ns-3 it was configured with.

The installed ns-3.48's CMake targets put /usr/include on the include path, where Debian's ns-3
3.37 headers also live (/usr/include/ns3): a header missing from, or misnamed in, the 3.48 tree
would silently be taken from 3.37. This reads the compiler's dependency files (*.o.d) of the
build and fails if any ns3/ header comes from another ns-3 than the one found.

    check-header-origin.py BUILD_DIR NS3_CMAKE_DIR
"""
import os
import sys


def main():
    build, ns3_cmake_dir = sys.argv[1], os.path.realpath(sys.argv[2])
    # <prefix>/lib/cmake/ns3 (or lib/x86_64-linux-gnu/cmake/ns3) -> <prefix>
    prefix = ns3_cmake_dir
    while os.path.basename(prefix) not in ("lib", "lib64"):
        parent = os.path.dirname(prefix)
        if parent == prefix:
            sys.exit(f"check-header-origin: cannot tell the prefix of {ns3_cmake_dir}")
        prefix = parent
    prefix = os.path.dirname(prefix)
    own = os.path.realpath(os.path.join(build, "include"))
    allowed = os.path.realpath(os.path.join(prefix, "include")) + os.sep
    files = 0
    wrong = {}
    for root, _dirs, names in os.walk(build):
        if "install-check" in root:
            continue
        for name in names:
            if not name.endswith(".o.d"):
                continue
            files += 1
            # Relative paths are relative to where the compiler ran: the folder holding
            # CMakeFiles/<target>.dir/.
            cwd = root.split(os.sep + "CMakeFiles" + os.sep)[0] if "CMakeFiles" in root else root
            with open(os.path.join(root, name), errors="replace") as f:
                tokens = f.read().replace("\\\n", " ").split()
            for token in tokens:
                if "/ns3/" not in "/" + token or not token.endswith(".h"):
                    continue
                real = os.path.realpath(os.path.join(cwd, token))
                if not (real.startswith(own + os.sep) or real.startswith(allowed)):
                    wrong.setdefault(real, name)
    if files == 0:
        sys.exit(f"check-header-origin: no dependency files (*.o.d) under {build}")
    print(f"check-header-origin: {files} translation units, ns-3 headers expected under "
          f"{allowed}")
    for header, unit in sorted(wrong.items()):
        print(f"  {header} (first in {unit})")
    if wrong:
        sys.exit(f"check-header-origin: {len(wrong)} ns-3 headers from another ns-3")
    print("check-header-origin: every ns-3 header came from the ns-3 found")


if __name__ == "__main__":
    main()
