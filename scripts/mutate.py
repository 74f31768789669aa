#!/usr/bin/env python3
"""Mutants of real Swift files through `digraph check`: crashes, hangs, non-deterministic output.

    scripts/mutate.py --digraph PATH [options] FOLDER ...

Every Swift file under the folders (build folders skipped) gives systematic mutants:

  truncate   the file cut at every --every bytes (and at a random point)
  token      one token deleted (--per-file times, at random)
  line       one line duplicated
  brace      one bracket turned into its opposite: `{`<->`}`, `(`<->`)`, `[`<->`]`
  nul        a NUL byte inserted
  utf8       an invalid UTF-8 sequence inserted (run with --strict-encoding, digraph must refuse the
             file: exit 2, one line; without it such a file is a note and skipped)

and, --syntax-per-file times each (1), mutants that make the code name itself, the shapes that
once overflowed digraph's stack (issue 28):

  selfref    a binding's initializer replaced by its own name (`let x = x`, `lazy var a = a`)
  shadow     a binding followed by one shadowing it from itself (`var x = x`), or nested in `do {}`
  rename     an identifier renamed to a name another binding declares
  label      an argument label changed to an injection label (`dependencies:`, `services:`,
             `environment:`, `context:`, `resolver:`, `parent:`, ...)
  alias      type aliases naming each other or themselves (`typealias A = B; typealias B = A`)
  inherit    a type inheriting itself (`class A: A`, `protocol P: P`), or an extension doing so
  nest       a type declaration copied into its own body, or a function into itself
  parent     a container or component built with itself as its parent (`Container(parent: c)`)

With --syntax-depth D each of these is mutated again D-1 times (several self-references at once).

Mutants are checked in batches of --batch files per folder, each batch twice: `--jobs 1` and
`--jobs 4`, separate processes with their own hash seeds; the JSON reports must be the same bytes.
A batch that crashes (a signal, an exit code other than 0, 1 or the documented 2) or outlives its
time is split until the mutant responsible is found, which is then run alone against --timeout
seconds. Invalid UTF-8 mutants are run one by one (digraph stops at the first file it cannot read).

Prints what ran and what failed; failing mutants are kept under --keep (default
.build/mutants-failed). Exit 1 when anything failed. The same --seed gives the same mutants.
"""
import argparse
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time

SKIPPED = {".build", ".git", "DerivedData", "Pods", "Carthage", ".swiftpm", "node_modules"}
# Non-ASCII bytes go with the name they are in: a deleted token is whole characters.
TOKEN = re.compile(rb"[A-Za-z_\x80-\xff][A-Za-z0-9_\x80-\xff]*|[0-9]+|\"(?:[^\"\\\n]|\\.)*\"|\S")
BRACKETS = {ord("{"): b"}", ord("}"): b"{", ord("("): b")", ord(")"): b"(", ord("["): b"]", ord("]"): b"["}


def swift_files(folders):
    for folder in folders:
        if os.path.isfile(folder):
            yield folder
            continue
        for base, dirs, files in os.walk(folder):
            dirs[:] = sorted(d for d in dirs if d not in SKIPPED)
            for name in sorted(files):
                if name.endswith(".swift"):
                    yield os.path.join(base, name)


def boundary(data, i):
    """`i`, moved back to the start of the UTF-8 character it is in."""
    while 0 < i < len(data) and 0x80 <= data[i] < 0xC0:
        i -= 1
    return i


IDENT = rb"[A-Za-z_][A-Za-z0-9_]*"
BINDING = re.compile(rb"\b(let|var)\s+(" + IDENT + rb")\s*(:\s*[^=\n{]+)?=\s*([^\n]+)")
TYPE_DECL = re.compile(rb"\b(class|struct|enum|protocol|actor|extension)\s+(" + IDENT + rb")([^{\n]*)\{")
FUNC_DECL = re.compile(rb"\bfunc\s+(" + IDENT + rb")[^{\n]*\{")
LABEL = re.compile(rb"([(,]\s*)(" + IDENT + rb")(\s*:)(?!:)")
CONSTRUCTION = re.compile(rb"\b([A-Z][A-Za-z0-9_]*(?:Container|Component|Resolver))\s*\(")
INJECTION_LABELS = [b"dependencies", b"services", b"environment", b"context", b"resolver", b"dependency",
                    b"container", b"parent", b"child"]
KEYWORDS = {b"let", b"var", b"func", b"class", b"struct", b"enum", b"protocol", b"extension", b"return", b"if",
            b"else", b"guard", b"for", b"in", b"while", b"self", b"Self", b"init", b"import", b"true", b"false",
            b"nil", b"try", b"await", b"static", b"private", b"public", b"final", b"lazy", b"weak", b"case",
            b"switch", b"default", b"do", b"catch", b"throws", b"async", b"some", b"any", b"typealias", b"where"}


def syntax_mutants(data, rng, count):
    """(kind, bytes) mutants that make the code refer to itself; as valid UTF-8 as the file."""
    out = []
    bindings = list(BINDING.finditer(data))
    types = list(TYPE_DECL.finditer(data))
    functions = list(FUNC_DECL.finditer(data))
    labels = [m for m in LABEL.finditer(data) if m.group(2) not in KEYWORDS]
    constructions = list(CONSTRUCTION.finditer(data))
    names = sorted({m.group(2) for m in bindings})
    type_names = sorted({m.group(2) for m in types if m.group(1) != b"extension"})
    identifiers = [m for m in re.finditer(rb"(?<![.\w])" + IDENT, data) if m.group(0) not in KEYWORDS]

    def line_end(i):
        end = data.find(b"\n", i)
        return len(data) if end < 0 else end

    def line_start(i):
        return data.rfind(b"\n", 0, i) + 1

    for _ in range(count):
        if bindings:
            m = rng.choice(bindings)
            out.append((f"selfref@{m.start(4)}", data[:m.start(4)] + m.group(2) + data[m.end(4):]))
            m = rng.choice(bindings)
            end = line_end(m.end())
            indent = re.match(rb"[ \t]*", data[line_start(m.start()):]).group(0)
            name = m.group(2)
            shadow = rng.choice([
                b"\n" + indent + b"var " + name + b" = " + name,
                b"\n" + indent + b"let " + name + b" = " + name + b"\n" + indent + b"_ = Consumer(dependencies: " + name + b")",
                b"\n" + indent + b"do {\n" + indent + b"    let " + name + b" = " + name + b"\n" + indent
                + b"    _ = Consumer(services: " + name + b")\n" + indent + b"}",
            ])
            out.append((f"shadow@{end}", data[:end] + shadow + data[end:]))
        if identifiers and names:
            m = rng.choice(identifiers)
            out.append((f"rename@{m.start()}", data[:m.start()] + rng.choice(names) + data[m.end():]))
        if labels:
            m = rng.choice(labels)
            out.append((f"label@{m.start(2)}", data[:m.start(2)] + rng.choice(INJECTION_LABELS) + data[m.end(2):]))
        if type_names:
            a, b = rng.choice(type_names), rng.choice(type_names)
            aliases = rng.choice([
                b"\ntypealias " + a + b" = " + b + b"\ntypealias " + b + b" = " + a + b"\n",
                b"\ntypealias " + a + b" = " + a + b"\n",
                b"\ntypealias Dependencies = Dependencies\ntypealias " + a + b" = Dependencies\n",
            ])
            if types and rng.random() < 0.5:
                # Inside a type: its own `typealias Dependencies = …`.
                m = rng.choice(types)
                out.append((f"alias@{m.end()}", data[:m.end()] + aliases + data[m.end():]))
            else:
                out.append((f"alias@{len(data)}", data + aliases))
        if types:
            m = rng.choice(types)
            name = m.group(2)
            inherited = m.group(3)
            if b":" in inherited:
                colon = m.start(3) + inherited.index(b":") + 1
                mutant = data[:colon] + b" " + name + b"," + data[colon:]
            else:
                mutant = data[:m.start(3)] + b": " + name + data[m.start(3):]
            out.append((f"inherit@{m.start(2)}", mutant))
            # The declaration, whole, copied into its own body.
            start = line_start(m.start())
            close = matching_brace(data, m.end() - 1)
            if close is not None:
                out.append((f"nest@{m.end()}", data[:m.end()] + b"\n" + data[start:close + 1] + data[m.end():]))
        if functions:
            m = rng.choice(functions)
            close = matching_brace(data, m.end() - 1)
            if close is not None:
                out.append((f"nest@{m.end()}", data[:m.end()] + b"\n" + data[m.start():close + 1] + data[m.end():]))
        if constructions:
            m = rng.choice(constructions)
            # The name the construction is bound to, when it is: `let c = Container(parent: c)`.
            bound = re.search(rb"(?:let|var)\s+(" + IDENT + rb")[^=\n]*=\s*$", data[line_start(m.start()):m.start()])
            parent = bound.group(1) if bound else rng.choice([b"self", b"parent", m.group(1) + b"()"])
            label = rng.choice([b"parent", b"child", b"container"])
            insert = label + b": " + parent + (b"" if data[m.end():m.end() + 1] == b")" else b", ")
            out.append((f"parent@{m.end()}", data[:m.end()] + insert + data[m.end():]))
    return out


def matching_brace(data, open_index):
    """The index of the `}` closing the `{` at `open_index` (strings and comments not skipped)."""
    depth = 0
    for i in range(open_index, len(data)):
        if data[i] == ord("{"):
            depth += 1
        elif data[i] == ord("}"):
            depth -= 1
            if depth == 0:
                return i
    return None


def stacked_syntax_mutants(data, rng, count, depth):
    """`syntax_mutants`, each mutated again `depth - 1` times (one more self-reference each time)."""
    out = syntax_mutants(data, rng, count)
    for _ in range(depth - 1):
        again = []
        for kind, mutant in out:
            further = syntax_mutants(mutant, rng, 1)
            if further:
                more_kind, more = rng.choice(further)
                again.append((kind + "+" + more_kind, more))
            else:
                again.append((kind, mutant))
        out = again
    return out


def mutants(path, data, rng, every, per_file, utf8, syntax=0, depth=1):
    """(kind, bytes) pairs for one file. Every mutant but the `utf8` ones is as valid UTF-8 as the file."""
    out = []
    if len(data) > 1:
        cuts = [boundary(data, i) for i in list(range(every, len(data), every)) + [rng.randrange(1, len(data))]]
        cuts = [i for i in cuts if i > 0]
        for cut in sorted(set(cuts)):
            out.append((f"truncate@{cut}", data[:cut]))
    tokens = [m.span() for m in TOKEN.finditer(data)]
    lines = data.split(b"\n")
    brackets = [i for i, b in enumerate(data) if b in BRACKETS]
    for n in range(per_file):
        if tokens:
            start, end = tokens[rng.randrange(len(tokens))]
            out.append((f"token@{start}", data[:start] + data[end:]))
        if len(lines) > 1:
            i = rng.randrange(len(lines))
            out.append((f"line@{i + 1}", b"\n".join(lines[:i + 1] + [lines[i]] + lines[i + 1:])))
        if brackets:
            i = brackets[rng.randrange(len(brackets))]
            out.append((f"brace@{i}", data[:i] + BRACKETS[data[i]] + data[i + 1:]))
        i = boundary(data, rng.randrange(len(data) + 1))
        out.append((f"nul@{i}", data[:i] + b"\0" + data[i:]))
    out += stacked_syntax_mutants(data, rng, syntax, depth)
    if utf8:
        i = rng.randrange(len(data) + 1)
        out.append((f"utf8@{i}", data[:i] + rng.choice([b"\xff", b"\xc3\x28", b"\xed\xa0\x80", b"\xf0\x28\x8c"]) + data[i:]))
    return out


class Runner:
    def __init__(self, digraph, timeout, keep):
        self.digraph = digraph
        self.timeout = timeout
        self.keep = keep
        self.env = dict(os.environ, SWIFT_BACKTRACE="enable=no", NO_COLOR="1")
        self.env.pop("SWIFT_DETERMINISTIC_HASHING", None)
        self.seconds = 0.0
        self.runs = 0

    def check(self, folder, jobs, timeout, strict=False):
        """(status, stdout, stderr, seconds); status None when it outlived `timeout`. `strict`: with
        --strict-encoding, so that a file that is not UTF-8 is refused (exit 2) rather than noted."""
        started = time.monotonic()
        self.runs += 1
        strictness = ["--strict-encoding"] if strict else []
        try:
            done = subprocess.run(
                [self.digraph, "check", folder, "--isolated", "--no-cache", "--format", "json", "--jobs", str(jobs),
                 "--no-progress"] + strictness,
                cwd=folder, env=self.env, capture_output=True, timeout=timeout)
            status, out, err = done.returncode, done.stdout, done.stderr
        except subprocess.TimeoutExpired as expired:
            status, out, err = None, expired.stdout or b"", expired.stderr or b""
        took = time.monotonic() - started
        self.seconds += took
        return status, out, err, took


def acceptable(status, err, utf8):
    """0 and 1 are verdicts; 2 only as a clean refusal of invalid UTF-8 (one line, no crash)."""
    if status in (0, 1):
        return not utf8
    if status == 2:
        lines = err.decode("utf-8", "replace").strip().split("\n")
        return utf8 and len(lines) == 1 and "not valid UTF-8" in lines[0]
    return False


def write_batch(folder, batch):
    for name in os.listdir(folder):
        path = os.path.join(folder, name)
        if os.path.isdir(path):
            shutil.rmtree(path)
        else:
            os.remove(path)
    os.makedirs(os.path.join(folder, ".git"), exist_ok=True)
    for name, data in batch:
        with open(os.path.join(folder, name), "wb") as handle:
            handle.write(data)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("folders", nargs="+")
    parser.add_argument("--digraph", required=True, help="the digraph executable")
    parser.add_argument("--every", type=int, default=4096, help="truncate at every this many bytes (4096)")
    parser.add_argument("--per-file", type=int, default=1, help="random token/line/brace/NUL mutants per file (1)")
    parser.add_argument("--syntax-per-file", type=int, default=1,
                        help="self-referencing mutants of each syntax kind per file (1)")
    parser.add_argument("--syntax-depth", type=int, default=1,
                        help="syntax mutations stacked in each such mutant (1)")
    parser.add_argument("--utf8-every", type=int, default=1,
                        help="an invalid UTF-8 mutant for every this many files (1); each is a digraph run of its own")
    parser.add_argument("--batch", type=int, default=100, help="mutants per digraph run (100)")
    parser.add_argument("--timeout", type=float, default=20, help="seconds one mutant may take alone (20)")
    parser.add_argument("--max-mutants", type=int, default=0, help="stop after this many (0: all)")
    parser.add_argument("--seed", type=int, default=12, help="the same seed gives the same mutants (12)")
    parser.add_argument("--keep", default=".build/mutants-failed", help="where failing mutants are copied")
    parser.add_argument("--json", help="also write the figures here")
    args = parser.parse_args()

    runner = Runner(os.path.abspath(args.digraph), args.timeout, args.keep)
    files = list(swift_files(args.folders))
    lines = 0
    pending = []  # (name, kind, bytes)
    for index, path in enumerate(files):
        with open(path, "rb") as handle:
            data = handle.read()
        lines += data.count(b"\n")
        rng = random.Random(f"{args.seed}:{path}")
        stem = re.sub(r"[^A-Za-z0-9_.-]", "_", os.path.basename(path))[:-len(".swift")]
        for kind, mutant in mutants(path, data, rng, args.every, args.per_file, index % args.utf8_every == 0,
                                    args.syntax_per_file, args.syntax_depth):
            name = f"m{len(pending):06d}-{stem}-{kind.replace('@', '-')}.swift"
            pending.append((name, kind, mutant, path))
    if args.max_mutants:
        rng = random.Random(args.seed)
        if len(pending) > args.max_mutants:
            pending = sorted(rng.sample(pending, args.max_mutants))
    started = time.monotonic()
    crashes, hangs, nondeterministic = [], [], []
    counts = {}
    for _, kind, _, _ in pending:
        k = kind.split("@")[0] + ("+" if "+" in kind else "")
        counts[k] = counts.get(k, 0) + 1

    work = tempfile.mkdtemp(prefix="digraph-mutants-")
    os.makedirs(args.keep, exist_ok=True)

    def keep(entry, why, err=b""):
        name, kind, data, source = entry
        with open(os.path.join(args.keep, name), "wb") as handle:
            handle.write(data)
        with open(os.path.join(args.keep, name + ".txt"), "w") as handle:
            handle.write(f"{why}\nsource: {source}\nmutation: {kind}\n\n{err.decode('utf-8', 'replace')[-4000:]}")

    def alone(entry):
        """A failing batch's mutant run by itself: its verdict, once."""
        folder = os.path.join(work, "alone")
        os.makedirs(folder, exist_ok=True)
        write_batch(folder, [(entry[0], entry[2])])
        utf8 = entry[1].startswith("utf8")
        status, out, err, took = runner.check(folder, 1, args.timeout, strict=utf8)
        if status is None:
            hangs.append(entry[0])
            keep(entry, f"hang: over {args.timeout:.0f} s", err)
            return
        if not acceptable(status, err, utf8):
            crashes.append(entry[0])
            keep(entry, f"exit status {status}", err)
            return
        again = runner.check(folder, 4, args.timeout, strict=utf8)
        if again[0] != status or again[1] != out:
            nondeterministic.append(entry[0])
            keep(entry, "output differs between two runs", err)

    def search(batch):
        """Split a failing batch until each failing mutant is run alone."""
        if len(batch) == 1:
            alone(batch[0])
            return
        folder = os.path.join(work, "split")
        os.makedirs(folder, exist_ok=True)
        half = len(batch) // 2
        for part in (batch[:half], batch[half:]):
            write_batch(folder, [(e[0], e[2]) for e in part])
            status, out, err, took = runner.check(folder, 1, args.timeout * len(part))
            if status is None or not acceptable(status, err, False):
                search(part)

    def is_utf8(data):
        try:
            data.decode("utf-8")
            return True
        except UnicodeDecodeError:
            return False

    # A file that was not UTF-8 to begin with gives mutants digraph refuses, as it should.
    pending = [e if e[1].startswith("utf8") or is_utf8(e[2]) else (e[0], "utf8/" + e[1], e[2], e[3]) for e in pending]
    valid = [e for e in pending if not e[1].startswith("utf8")]
    invalid = [e for e in pending if e[1].startswith("utf8")]
    folder = os.path.join(work, "batch")
    os.makedirs(folder, exist_ok=True)
    for i in range(0, len(valid), args.batch):
        batch = valid[i:i + args.batch]
        write_batch(folder, [(e[0], e[2]) for e in batch])
        limit = args.timeout * len(batch)
        first = runner.check(folder, 1, limit)
        if first[0] is None or not acceptable(first[0], first[2], False):
            search(batch)
            continue
        second = runner.check(folder, 4, limit)
        if second[0] is None or not acceptable(second[0], second[2], False):
            search(batch)
        elif second[0] != first[0] or second[1] != first[1]:
            # Which mutant? Each one alone, twice.
            for entry in batch:
                alone(entry)
        print(f"mutate: {min(i + args.batch, len(valid))}/{len(valid)} mutants checked, "
              f"{len(crashes)} crashes, {len(hangs)} hangs, {len(nondeterministic)} nondeterministic", flush=True)
    for entry in invalid:
        alone(entry)
    shutil.rmtree(work, ignore_errors=True)

    figures = {
        "files": len(files), "lines": lines, "mutants": len(pending), "byKind": counts,
        "digraphRuns": runner.runs, "seconds": round(time.monotonic() - started, 1),
        "crashes": len(crashes), "hangs": len(hangs), "nondeterministic": len(nondeterministic),
    }
    print(f"mutate: {len(files)} files, {lines} lines -> {len(pending)} mutants "
          f"({', '.join(f'{k} {v}' for k, v in sorted(counts.items()))}) in {runner.runs} digraph runs, "
          f"{figures['seconds']} s")
    print(f"mutate: crashes {len(crashes)}, hangs {len(hangs)} (over {args.timeout:.0f} s), "
          f"nondeterministic {len(nondeterministic)}")
    for name in crashes + hangs + nondeterministic:
        print(f"mutate: kept {os.path.join(args.keep, name)}")
    if args.json:
        with open(args.json, "w") as handle:
            json.dump(figures, handle, indent=2)
    sys.exit(1 if crashes or hangs or nondeterministic else 0)


if __name__ == "__main__":
    main()
