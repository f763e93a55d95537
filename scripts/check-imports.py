#!/usr/bin/env python3
"""Checks that Package.swift declares exactly what each target imports.

SwiftPM lets a target import a module it reaches only through another
target's dependencies, so an undeclared import compiles until the graph
changes. This reads the package graph (`swift package dump-package`) and the
`import` lines of every target's sources and reports, per target, modules it
imports without declaring, declarations it never imports, and any
`@_exported import` (which would hide a dependency from its users).
Exit status 1 when anything is reported.
"""
import json
import pathlib
import re
import subprocess
import sys

# Modules of the toolchain and the platform, not of this package.
SYSTEM = {"Foundation", "FoundationEssentials", "FoundationNetworking", "Dispatch", "Glibc", "Darwin", "Musl",
          "Synchronization", "XCTest", "Testing", "os", "CoreFoundation"}
IMPORT = re.compile(r"^\s*(@_exported\s+)?(?:@testable\s+)?(?:@preconcurrency\s+)?import\s+(?:(?:struct|class|enum|func|var|protocol)\s+)?(\w+)", re.M)


def main() -> int:
    root = pathlib.Path(__file__).resolve().parent.parent
    package = json.loads(subprocess.run(["swift", "package", "dump-package"], cwd=root, check=True,
                                        capture_output=True, text=True).stdout)
    names = {t["name"] for t in package["targets"]}
    problems = []
    for target in package["targets"]:
        if target["type"] == "system":
            continue
        name = target["name"]
        folder = root / (target.get("path") or ("Tests" if target["type"] == "test" else "Sources")) / ("" if target.get("path") else name)
        declared = set()
        for dep in target["dependencies"]:
            for kind in ("byName", "target", "product"):
                if kind in dep:
                    declared.add(dep[kind][0])
        imported = set()
        sources = sorted(folder.rglob("*.swift"))
        if not sources:
            continue  # a C target: its headers include what it uses
        for source in sources:
            for exported, module in IMPORT.findall(source.read_text()):
                if exported:
                    problems.append(f"{source.relative_to(root)}: @_exported import {module}: import it where it is used and declare it")
                if module not in SYSTEM:
                    imported.add(module)
        for module in sorted(imported - declared):
            where = "a target of this package" if module in names else "not a target of this package"
            problems.append(f"{name}: imports {module} ({where}) without declaring it in Package.swift")
        for module in sorted(declared - imported):
            problems.append(f"{name}: declares {module} in Package.swift but never imports it")
    for p in problems:
        print("check-imports: " + p, file=sys.stderr)
    if not problems:
        print(f"check-imports: {sum(1 for t in package['targets'] if t['type'] != 'system')} targets declare exactly what they import")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
