#!/usr/bin/env python3
"""Seed corpora for the fuzz targets, from the tests' fixtures and Examples/.

    scripts/fuzz-seeds.py [--max-size BYTES] OUT_DIR

Writes OUT_DIR/<target>/<n> for each target of `digraph-fuzz`: the files of that kind under
Examples/ and Tests/ (Swift sources, snapshots, baselines, .digraph.yml, Package.swift), and the
documents the tests write from string literals (`\"\"\"...\"\"\"` and "..." literals in Tests/ that look like
a project.pbxproj, a project.yml, a configuration, a baseline or a snapshot; the Swift examples
of every rule in Sources/DigraphCore/Rules/Catalog). Nothing is committed: the seeds follow the
fixtures as they change.
"""
import hashlib
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TARGETS = ["swift", "snapshot", "config", "baseline", "package", "pbxproj", "xcodegen"]
MAX_SEED = 64 * 1024  # --max-size: seeds longer than this are left out


def walk(*folders):
    for folder in folders:
        for base, dirs, files in os.walk(os.path.join(ROOT, folder)):
            dirs[:] = [d for d in dirs if d not in (".build", ".git", ".swiftpm")]
            for name in files:
                yield os.path.join(base, name)


def unescape(literal):
    """A Swift string literal's body, with the escapes tests use."""
    out = []
    i = 0
    while i < len(literal):
        c = literal[i]
        if c == "\\" and i + 1 < len(literal):
            n = literal[i + 1]
            if n == "n":
                out.append("\n")
            elif n == "t":
                out.append("\t")
            elif n == "r":
                out.append("\r")
            elif n == "0":
                out.append("\0")
            elif n in "\"'\\":
                out.append(n)
            elif n == "u" and literal[i + 2:i + 3] == "{":
                end = literal.find("}", i)
                try:
                    out.append(chr(int(literal[i + 3:end], 16)))
                except ValueError:
                    out.append(literal[i:end + 1])
                i = end + 1
                continue
            elif n == "\n":
                pass  # a line continuation in a multi-line literal
            else:
                out.append(c + n)
            i += 2
            continue
        out.append(c)
        i += 1
    return "".join(out)


def literals(source):
    """Multi-line literals (indentation removed as Swift does) and single-line ones."""
    for match in re.finditer(r'"""\n(.*?)\n([ \t]*)"""', source, re.S):
        indent = match.group(2)
        body = "\n".join(line[len(indent):] if line.startswith(indent) else line.lstrip()
                         for line in match.group(1).split("\n"))
        yield unescape(body) + "\n"
    for match in re.finditer(r'"((?:[^"\\\n]|\\.)*)"', source):
        text = unescape(match.group(1))
        if "\n" in text:
            yield text


CONFIG_KEYS = ("included:", "excluded:", "disabled_rules:", "only_rules:", "rules:", "lifetimes:",
               "baseline:", "cache_dir:", "fail_on:")


def classify(text):
    if "isa = PBX" in text or "objectVersion" in text:
        return "pbxproj"
    if '"schema"' in text and "digraph-snapshot" in text:
        return "snapshot"
    if '"fingerprint"' in text and '"version"' in text:
        return "baseline"
    if "Package(" in text and "PackageDescription" in text:
        return "package"
    if re.search(r"^targets:", text, re.M) and ("type:" in text or "sources:" in text):
        return "xcodegen"
    if any(re.search(r"^" + re.escape(key), text, re.M) for key in CONFIG_KEYS):
        return "config"
    return None


def main():
    global MAX_SEED
    args = sys.argv[1:]
    if len(args) == 3 and args[0] == "--max-size":
        MAX_SEED = int(args[1])
        args = args[2:]
    if len(args) != 1:
        sys.exit(__doc__)
    out = args[0]
    seeds = {target: {} for target in TARGETS}

    def add(target, data):
        if isinstance(data, str):
            data = data.encode("utf-8", "surrogatepass")
        if 0 < len(data) <= MAX_SEED:
            seeds[target][hashlib.sha1(data).hexdigest()] = data

    for path in walk("Examples", "Tests"):
        name = os.path.basename(path)
        with open(path, "rb") as handle:
            data = handle.read()
        if name == "Package.swift":
            add("package", data)
        elif name.endswith(".swift"):
            add("swift", data)
        elif name.endswith(".snapshot.json"):
            add("snapshot", data)
        elif name == ".digraph.yml" or name.endswith(".digraph.yml"):
            add("config", data)
        elif name == "project.yml":
            add("xcodegen", data)
        elif name == "project.pbxproj":
            add("pbxproj", data)
        elif name.endswith(".json") and b'"fingerprint"' in data:
            add("baseline", data)
        if name.endswith(".swift") and "/Tests/" in path:
            for literal in literals(data.decode("utf-8", "replace")):
                kind = classify(literal)
                if kind:
                    add(kind, literal)
    # Every rule's triggering and non-triggering examples are Swift sources.
    for path in walk("Sources/DigraphCore/Rules/Catalog"):
        with open(path, encoding="utf-8") as handle:
            for literal in literals(handle.read()):
                if classify(literal) is None and ("class " in literal or "struct " in literal):
                    add("swift", literal)

    for target, found in seeds.items():
        folder = os.path.join(out, target)
        os.makedirs(folder, exist_ok=True)
        for digest, data in sorted(found.items()):
            with open(os.path.join(folder, digest[:16]), "wb") as handle:
                handle.write(data)
        print(f"fuzz-seeds: {target}: {len(found)} seeds")


if __name__ == "__main__":
    main()
