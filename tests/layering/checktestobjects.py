#!/usr/bin/env python3
"""The tests' objects are the same in the plain and the sanitizer build.

CI turns its plain build folder into the sanitizer one (`make test-asan
ASAN_BUILD=build`): only the product is instrumented, so only the product is
recompiled (docs/testing.md, "Build time"). A flag that differs between the
two builds on a test's, fuzz driver's or precompiled header's own compile
line would recompile every test there and cost CI about 13 minutes, and no
test would fail. This one does: it configures the same sources with GW_ASAN
the other way, beside this build folder, and compares the compile lines of
every file under tests/ and fuzz/ that both have (the build folder's path
set aside). As a control, the product's lines must differ.

usage: checktestobjects.py SOURCE_DIR BUILD_DIR
"""

import json
import os
import re
import subprocess
import sys
import tempfile

KEPT = ("CMAKE_BUILD_TYPE", "CMAKE_CXX_FLAGS_RELWITHDEBINFO", "CMAKE_C_FLAGS_RELWITHDEBINFO",
        "CMAKE_CXX_FLAGS", "CMAKE_C_FLAGS", "GW_WERROR", "GW_PCH", "GW_LLD", "GW_SPLIT_DWARF",
        "GW_BUILD_BENCH")


def cache(build):
    values = {}
    with open(os.path.join(build, "CMakeCache.txt"), encoding="utf-8") as f:
        for line in f:
            m = re.match(r"^([A-Za-z_0-9]+):[A-Z]+=(.*)$", line.rstrip("\n"))
            if m:
                values[m.group(1)] = m.group(2)
    return values


def commands(build, source):
    with open(os.path.join(build, "compile_commands.json"), encoding="utf-8") as f:
        entries = json.load(f)
    out = {}
    for e in entries:
        path = os.path.relpath(e["file"], build)
        if path.startswith(".."):
            path = os.path.relpath(e["file"], source)
        else:  # in the build folder: AUTOMOC's file, a precompiled header's holder
            path = "<build>/" + path
        # (One source may build several objects: fuzz/standalone.cpp.)
        m = re.search(r" -o (\S+)", e["command"])
        key = path + " -> " + (m.group(1) if m else "")
        out[key] = e["command"].replace(build, "<build>")
    return out


def main():
    if len(sys.argv) != 3:
        print(__doc__)
        return 2
    source, build = (os.path.realpath(p) for p in sys.argv[1:3])
    values = cache(build)

    def on(name):
        return values.get(name, "OFF").upper() in ("ON", "1", "TRUE", "YES", "Y")

    asan = on("GW_ASAN")
    if on("GW_FUZZ"):
        print("SKIP: the fuzz build instruments everything")
        return 77
    with tempfile.TemporaryDirectory(prefix="gw-checktestobjects-") as other:
        args = ["cmake", "-S", source, "-B", other, "-G", "Ninja",
                "-DGW_ASAN=" + ("OFF" if asan else "ON")]
        args += ["-D%s=%s" % (k, values[k]) for k in KEPT if k in values]
        done = subprocess.run(args, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                              check=False)
        if done.returncode != 0:
            print(done.stdout[-4000:])
            print("FAIL: configuring the other build did not succeed")
            return 1
        here = commands(build, source)
        there = commands(os.path.realpath(other), source)
    ours = sorted(k for k in here if k in there
                  and (k.startswith("tests/") or k.startswith("fuzz/")
                       or k.startswith("<build>/tests/") or k.startswith("<build>/fuzz/")))
    differ = [k for k in ours if here[k] != there[k]]
    product = [k for k in here if k in there and k.split("/")[0] in ("core", "ui", "cli", "app")]
    product_differ = [k for k in product if here[k] != there[k]]
    print("%d test and fuzz files in both builds, %d with another compile line; "
          "%d of %d product files differ" % (len(ours), len(differ), len(product_differ),
                                             len(product)))
    for k in differ[:5]:
        a, b = here[k].split(), there[k].split()
        print("  %s: only here %s, only there %s"
              % (k, [x for x in a if x not in b], [x for x in b if x not in a]))
    if len(ours) < 200:
        print("FAIL: too few test files compared (%d): the check finds nothing" % len(ours))
        return 1
    if not product or len(product_differ) != len(product):
        print("FAIL: the product is not compiled differently in the two builds (control)")
        return 1
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
