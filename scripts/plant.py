#!/usr/bin/env python3
"""Planted defects: does digraph find a real DI defect put into a real app, in the app's idiom?

    scripts/plant.py [--half tune|judge|all] [--apps-dir DIR] [--list FILE | --trees]
                     [--only REPO ...] [--out DIR] [--per-kind N] [--seed S] [--jobs J]
                     [--at-least N] [--kinds missing cycle captive] [--timeout S]
                     [--digraph PATH] [--baseline-from GAUNTLET_OUT] [--dry-run]

Method, per app of the gauntlet (gauntlet/apps.tsv, trees under --apps-dir as for gauntlet.py):

1. Baseline: `digraph check . --format json` inside the tree. Its graph (services, edges) is the
   map of the app's own DI: where each service is registered, which requests are eager, which
   lifetimes were read.
2. Candidates, from that graph, for three kinds of defect, each in the style's own idiom:
   - missing: a service registered at one site that a non-optional request of the same
     program asks for (not `singleton`/`initializer` styles: nothing registers those).
     * registration calls (swinject, resolver, service locators, dip, ditranquillity, Factory
       `x.register {}` overrides...): the registration *statement* at the location is deleted,
       from the start of the statement holding the location to the end of the balanced
       expression ((), {}, [], strings), over chained `.modifier(...)` lines. A chained
       `.implements(P.self)` at the location is deleted alone.
     * Needle: the ancestor component's property, when only descendant components ask for it
       (through their dependency protocols; the build still compiles, Needle's tree does not).
     * swift-dependencies: the key behind `DependencyValues.x` becomes a `TestDependencyKey`
       and loses its `liveValue` (deleted when it has its own `testValue`, else renamed to it).
     A location inside any other declaration (a Factory property, a `static let`, a Has-
     protocol) is not something one deletes without breaking the build: no candidate.
     Expected: a new `missing_registration` naming the service, a service of its type, a type
     the deleted statement `.implements`, or (Needle) a `XDependency.property` requirement.
   - cycle: an eager edge A -> B, and an eager request B -> X with a location L, X provided
     like A (same style and container; both properties or both methods). The spelling of X at
     L (the first token at or after L's column on that line that spells the one id component
     where X and A differ: the type for `Type` ids, the property for `Owner.property`, the
     owner for `Type.shared`) becomes A's. Expected: a new `dependency_cycle` naming A and B.
   - captive: an eager request H -> D whose value H keeps (not a call or read on the resolved
     value, not a local only used on the spot, H not a forwarding alias, D not a Needle child
     component). The lifetime spelling changes so a longer-lived H keeps a shorter-lived D:
     H to the style's singleton (`.inObjectScope(.container)`, Factory `.singleton`, Resolver
     `.scope(.application)`, DITranquillity `.single`, Needle `shared { }`) while D is shorter
     lived, or D to the style's transient (`.inObjectScope(.transient)`, Factory `.unique`,
     Resolver `.scope(.unique)`, DITranquillity `.prototype`, Needle: `shared { }` unwrapped,
     a composition root's `lazy var x: T = e` -> `var x: T { e }`) while H is cached.
     Replacing an existing spelling (only when it is the one digraph read for the service)
     comes first; with none, one is appended (described as "add"; only when the service has
     the style's default lifetime). Expected: a new `scope_mismatch` naming H and D.
   Candidates are shuffled with --seed (and the app's name); --per-kind of each kind are
   planted per app, no two on the same service. While the whole run has fewer than
   --at-least plants (default 2.5 per app selected: 110 for 44), apps with spare candidates
   give one more each per round, kinds taking turns, so the idioms rich in candidates make up
   for those with none (the per-app table says how many were such top-ups). Every candidate
   that was rejected is counted with the reason (printed, and in skipped.tsv).
3. Each plant is a copy of the tree (`cp -al`, hard links, in a scratch folder on the tree's
   file system; elsewhere a real copy of the files digraph reads) where the one mutated file
   is unlinked and written anew, so the original is never written through a link. digraph
   runs on the copy; the copy is removed afterwards.
4. Found = the mutated report has a finding of the expected rule whose services include the
   planted ones and whose (rule, sorted services) the baseline did not have (lines shift, so
   locations are not compared). The severity it came at is recorded; `graph` says whether the
   mutated graph shows the plant took (service gone / edge B -> A / lifetime changed), so a
   miss can be told from a plant digraph did not read.

Output in --out: plants.tsv (app, style (the app's, from apps.tsv), di_style (of the planted
registration), kind, file:line, description, found, severity, message, graph, seconds),
skipped.tsv, patches/APP/KIND-N.diff, the baseline reports, the mutated reports of misses, and
a printed summary: recall by kind, by app style, by DI style, by style and kind, per app, with
the split found as error/warning vs found only as note. --dry-run writes only the patches.
"""
import argparse
import difflib
import hashlib
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gauntlet  # noqa: E402  (the sibling script: app list, running digraph, tables)

KINDS = ["missing", "cycle", "captive"]
# Values of the standard library and Foundation: copied wherever they are kept.
PLAIN_VALUES = {"String", "Substring", "Int", "Int32", "Int64", "UInt", "Double", "Float", "Bool", "URL", "Date", "Data",
                "UUID", "TimeInterval", "Decimal", "URLRequest", "URLComponents", "CGFloat", "CGSize", "CGRect", "CGPoint"}
RULE_OF = {"missing": "missing_registration", "cycle": "dependency_cycle",
           "captive": "scope_mismatch"}
NOT_REGISTRATION_STYLES = {"singleton", "initializer", "snapshot"}
CACHED = {"singleton", "scoped", "weak"}
SHORTER_THAN_SINGLETON = {"scoped", "weak", "graph", "transient"}
SEVERITY_RANK = {"error": 0, "warning": 1, "note": 2}
TEST_PATH = re.compile(r"(^|/)[^/]*Tests?(/|\.swift$)")
TEST_SUPPORT_PATH = re.compile(r"(^|/)([^/]*Tests?|[^/]*Testing|Mocks?|Fakes?|Stubs?|Previews?|"
                               r"Preview Content|TestSupport)(/|$)|(Mock|Fake|Stub)[^/]*\.swift$|"
                               r"Tests?\.swift$")
SKIPPED_DIRS = {".build", ".git", "DerivedData", "Pods", "Carthage", ".swiftpm", "node_modules"}


# ================================================================ Swift text

IDENT = re.compile(r"[A-Za-z_$\u0080-\U0010ffff][\w$\u0080-\U0010ffff]*|`[^`\n]+`")
NUMBER = re.compile(r"[0-9][\w.]*")
OPERATOR = re.compile(r"[=\-+!*%<>&|^~?/.]+")
DIRECTIVE = re.compile(r"#(if|elseif|else|endif|warning|error|sourceLocation)\b[^\n]*")
DECLARATION_WORDS = {"var", "let", "func", "init", "deinit", "static", "class", "struct", "enum",
                     "extension", "protocol", "case", "return", "import", "typealias", "private",
                     "public", "internal", "fileprivate", "open", "final", "lazy", "override",
                     "subscript", "actor", "nonisolated", "mutating", "convenience", "required",
                     "weak", "unowned", "throw", "if", "guard", "switch", "for", "while", "do",
                     "defer", "get", "set", "willSet", "didSet", "associatedtype", "package"}
CONTINUING_WORDS = {"else", "catch", "where", "as", "is", "in"}


class Token:
    __slots__ = ("kind", "start", "end", "text")

    def __init__(self, kind, start, end, text):
        self.kind, self.start, self.end, self.text = kind, start, end, text

    def __repr__(self):
        return f"{self.kind}:{self.text!r}@{self.start}"



# Findings site by site: a planted defect is looked for at its own site, which grouping (several
# holders of one captive, several requests of one key) would fold into another finding's notes.
UNGROUPED = ("--ungrouped",)


def ungrouped_report(path):
    """Whether a saved report lists findings site by site (no finding stands for a group)."""
    try:
        with open(path, encoding="utf-8") as handle:
            report = json.load(handle)
    except (OSError, ValueError):
        return False
    return not any("more holders of" in d.get("message", "") or "more requests of" in d.get("message", "")
                   or "more holder of" in d.get("message", "") or "more request of" in d.get("message", "")
                   for d in report.get("diagnostics", []))

def string_end(text, i):
    """`text[i]` starts a string literal (`"`, `\"\"\"`, `#"`...): the index just after it."""
    hashes = 0
    while i < len(text) and text[i] == "#":
        hashes += 1
        i += 1
    multi = text.startswith('"""', i)
    i += 3 if multi else 1
    closing = ('"""' if multi else '"') + "#" * hashes
    escape = "\\" + "#" * hashes
    while i < len(text):
        if text.startswith(escape, i):
            j = i + len(escape)
            if j < len(text) and text[j] == "(":
                i = balanced_end(text, j)
            else:
                i = j + 1
            continue
        if text.startswith(closing, i):
            return i + len(closing)
        if text[i] == "\n" and not multi:
            return i
        i += 1
    return i


def balanced_end(text, i):
    """`text[i]` is an opening bracket: the index just after its match."""
    depth = 0
    for token in tokens(text, i):
        if token.kind == "open":
            depth += 1
        elif token.kind == "close":
            depth -= 1
            if depth == 0:
                return token.end
    return len(text)


def tokens(text, i=0):
    """Swift tokens from `i`: open, close, newline, comment, string, ident, number, op, other.
    Strings (with their interpolations) and comments come whole; `#if` lines are comments."""
    n = len(text)
    while i < n:
        c = text[i]
        if c == "\n":
            yield Token("newline", i, i + 1, c)
            i += 1
        elif c in " \t\r\f\v":
            i += 1
        elif text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            yield Token("comment", i, j, text[i:j])
            i = j
        elif text.startswith("/*", i):
            j, depth = i + 2, 1
            while j < n and depth:
                if text.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif text.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            yield Token("comment", i, j, text[i:j])
            i = j
        elif c == '"' or (c == "#" and re.match(r'#+"', text[i:i + 8])):
            j = string_end(text, i)
            yield Token("string", i, j, text[i:j])
            i = j
        elif c == "#" and DIRECTIVE.match(text, i):
            j = DIRECTIVE.match(text, i).end()
            yield Token("comment", i, j, text[i:j])
            i = j
        elif c in "([{":
            yield Token("open", i, i + 1, c)
            i += 1
        elif c in ")]}":
            yield Token("close", i, i + 1, c)
            i += 1
        else:
            for kind, pattern in (("ident", IDENT), ("number", NUMBER), ("op", OPERATOR)):
                m = pattern.match(text, i)
                if m and m.end() > i:
                    yield Token(kind, i, m.end(), m.group())
                    i = m.end()
                    break
            else:
                yield Token("other", i, i + 1, c)
                i += 1


class Statement:
    """A statement at brace level: [start, end) of its significant text."""

    def __init__(self, start, depth, frame_open):
        self.start, self.end, self.depth, self.frame_open = start, start, depth, frame_open
        self.first = None          # first token
        self.last = None           # last significant token
        self.count_in_frame = 0    # filled in afterwards


class Frame:
    def __init__(self, kind, open_at, owner):
        self.kind, self.open_at, self.owner = kind, open_at, owner
        self.current = None
        self.statements = []


def continues_after_newline(last, following):
    """Does a statement whose last token is `last` go on with `following` on the next line?"""
    if following is None or last is None:
        return False
    if following.kind == "op" and not following.text.startswith("!"):
        return True                    # `.inObjectScope(...)`, `?? x`, `&& y`
    if following.kind == "ident" and following.text in CONTINUING_WORDS:
        return True
    if last.kind == "op" and last.text not in ("!", "?", ">"):
        return True                    # `x =`, `a +`, `foo.`
    if last.kind == "other" and last.text in ",:":
        return True
    if last.kind == "ident" and last.text in CONTINUING_WORDS:
        return True
    return False


def next_significant(all_tokens, index):
    while index < len(all_tokens) and all_tokens[index].kind == "newline":
        index += 1
    return all_tokens[index] if index < len(all_tokens) else None


def parse_statements(text):
    """Every statement of the file, at every brace depth (parentheses do not split statements)."""
    all_tokens = [t for t in tokens(text) if t.kind != "comment"]
    root = Frame("{", -1, None)
    stack, statements = [root], []

    def brace_frame():
        for frame in reversed(stack):
            if frame.kind == "{":
                return frame
        return root

    def close_statement(frame):
        if frame.current is not None:
            frame.statements.append(frame.current)
            statements.append(frame.current)
            frame.current = None

    def touch(frame, token):
        if frame.current is None:
            frame.current = Statement(token.start, len([f for f in stack if f.kind == "{"]),
                                      frame.open_at)
            frame.current.first = token
        frame.current.end = token.end
        frame.current.last = token

    for index, token in enumerate(all_tokens):
        frame = stack[-1]
        if token.kind == "newline":
            if frame.kind == "{" and frame.current is not None:
                following = next_significant(all_tokens, index + 1)
                if not continues_after_newline(frame.current.last, following):
                    close_statement(frame)
            continue
        if token.kind == "other" and token.text == ";" and frame.kind == "{":
            close_statement(frame)
            continue
        if token.kind == "close":
            if len(stack) > 1:
                if frame.kind == "{":
                    close_statement(frame)
                stack.pop()
            touch(brace_frame(), token)
            continue
        owner_frame = brace_frame()
        touch(owner_frame, token)
        if token.kind == "open":
            stack.append(Frame(token.text, token.start, owner_frame.current))
    while len(stack) > 1:
        if stack[-1].kind == "{":
            close_statement(stack[-1])
        stack.pop()
    close_statement(root)
    frames_count = Counter(s.frame_open for s in statements)
    for s in statements:
        s.count_in_frame = frames_count[s.frame_open]
    return statements


class SwiftFile:
    """A file's text, its line offsets and statements (parsed on demand)."""

    def __init__(self, path):
        with open(path, encoding="utf-8", errors="surrogateescape") as handle:
            self.text = handle.read()
        self.line_starts = [0] + [m.end() for m in re.finditer("\n", self.text)]
        self._statements = None

    @property
    def statements(self):
        if self._statements is None:
            self._statements = parse_statements(self.text)
        return self._statements

    def offset(self, line, column):
        """1-based line and column to an offset. digraph counts columns in UTF-8 bytes."""
        if line < 1 or line > len(self.line_starts):
            return None
        start = self.line_starts[line - 1]
        encoded = self.line_text(line).encode("utf-8", "surrogateescape")
        before = encoded[:max(column, 1) - 1].decode("utf-8", "ignore")
        return min(start + len(before), len(self.text))

    def line_of(self, offset):
        lo, hi = 0, len(self.line_starts) - 1
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if self.line_starts[mid] <= offset:
                lo = mid
            else:
                hi = mid - 1
        return lo + 1

    def line_text(self, line):
        start = self.line_starts[line - 1]
        end = self.text.find("\n", start)
        return self.text[start:] if end < 0 else self.text[start:end]

    def statement_at(self, offset):
        """The innermost statement whose span holds `offset`."""
        best = None
        for s in self.statements:
            if s.start <= offset < max(s.end, s.start + 1):
                if best is None or s.depth > best.depth or (
                        s.depth == best.depth and s.start > best.start):
                    best = s
        return best

    def enclosing_statement(self, statement):
        """The statement owning the brace frame `statement` sits in."""
        if statement.frame_open < 0:
            return None
        return self.statement_at(statement.frame_open)

    def whole_lines(self, start, end):
        """[start, end) widened to whole lines when nothing else shares them."""
        line_start = self.text.rfind("\n", 0, start) + 1
        line_end = self.text.find("\n", end)
        line_end = len(self.text) if line_end < 0 else line_end
        before, after = self.text[line_start:start], self.text[end:line_end]
        if before.strip() == "" and (after.strip() == "" or after.strip().startswith("//")):
            return line_start, min(line_end + 1, len(self.text))
        return start, end


def first_word(statement, text):
    m = re.match(r"[@#]?\w+", text[statement.start:statement.end])
    return m.group() if m else ""


def is_declaration(statement, text):
    return is_declaration_text(text[statement.start:statement.end])


def returns_value(statement, swift):
    """Is `statement` the implicit return of a getter or a function with a result?"""
    if statement.count_in_frame != 1:
        return False
    owner = swift.enclosing_statement(statement)
    if owner is None:
        return False
    header = swift.text[owner.start:statement.frame_open]
    word = first_word(owner, swift.text)
    if re.search(r"\b(var|let|subscript)\b", header) or word == "get":
        return True
    return bool(re.search(r"\bfunc\b[^{]*->", header))


def chained_segment(text, offset):
    """At `.implements(` / `.forward(`-like segments, the [start, end) of that one segment."""
    m = re.compile(r"\.?\s*(implements|forward|as)\s*\(").match(text, offset)
    if not m:
        return None
    start = offset if text[offset] == "." else text.rfind(".", 0, offset)
    return start, balanced_end(text, m.end() - 1)


# ================================================================ ids, spellings, scopes

SIMPLE_ID = re.compile(r"^([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)((?:#[^()]*)?(?:\(.*\))?)$")


def id_parts(service_id):
    """`Owner.member#name(Args)` -> (["Owner", "member"], "#name(Args)"), or None."""
    m = SIMPLE_ID.match(service_id or "")
    if not m:
        return None
    return m.group(1).split("."), m.group(2)


def base_type(service_id):
    return re.split(r"[#(]", service_id or "", maxsplit=1)[0]


def respelling(x_id, a_id):
    """The one component where X and A differ, as (old word, new word); None if not one."""
    x, a = id_parts(x_id), id_parts(a_id)
    if not x or not a or x[1] != a[1] or len(x[0]) != len(a[0]):
        return None
    differing = [(p, q) for p, q in zip(x[0], a[0]) if p != q]
    return differing[0] if len(differing) == 1 else None


def word_at_or_after(swift, line, column, word):
    """Offset of `word` as a whole word on `line`, at or after `column`."""
    start = swift.offset(line, column)
    if start is None:
        return None
    line_end = swift.line_starts[line] if line < len(swift.line_starts) else len(swift.text)
    pattern = re.compile(r"(?<![\w$])" + re.escape(word) + r"(?![\w$])")
    m = pattern.search(swift.text, start, line_end)
    return m.start() if m else None


class ScopeStyle:
    """How one DI style spells a lifetime: patterns whose group 1 is the scope word."""

    def __init__(self, patterns, singleton, transient, append_singleton, append_transient,
                 defaults):
        self.patterns = [re.compile(p) for p in patterns]
        self.singleton, self.transient = singleton, transient
        self.append_singleton, self.append_transient = append_singleton, append_transient
        self.defaults = defaults        # lifetimeDetail of a registration with no spelling


SCOPES = {
    "swinject": ScopeStyle([r"\.inObjectScope\(\s*(?:ObjectScope)?\.(\w+)\s*\)"],
                           "container", "transient", ".inObjectScope(.container)",
                           ".inObjectScope(.transient)", {"graph"}),
    "resolver": ScopeStyle([r"\.scope\(\s*(?:Resolver(?:Scope)?)?\.(\w+)\s*\)"],
                           "application", "unique", ".scope(.application)", ".scope(.unique)",
                           {"graph"}),
    "factory": ScopeStyle([r"\}\s*\.(singleton|cached|shared|graph|unique)\b(?!\s*\()",
                           r"\.scope\(\s*\.(\w+)\s*\)", r"\bscope:\s*\.(\w+)"],
                          "singleton", "unique", ".singleton", None, {"unique"}),
    "dip": ScopeStyle([r"\bregister\(\s*\.(\w+)", r"\bscope:\s*\.(\w+)"],
                      "singleton", "unique", None, None, set()),
    "ditranquillity": ScopeStyle([r"\.lifetime\(\s*\.(\w+)"], "single", "prototype",
                                 ".lifetime(.single)", ".lifetime(.prototype)", {"objectGraph"}),
}


def scope_spelling(style, text, start, end):
    """The last scope spelling in text[start:end] for `style`: (word start, word end, word)."""
    scopes = SCOPES.get(style)
    if not scopes:
        return None
    found = None
    for pattern in scopes.patterns:
        for m in pattern.finditer(text, start, end):
            if found is None or m.start(1) > found[0]:
                found = (m.start(1), m.end(1), m.group(1))
    return found


# ================================================================ the baseline graph

class Graph:
    """Services and edges of a report, indexed."""

    def __init__(self, report):
        self.services = report.get("services", [])
        self.edges = report.get("edges", [])
        self.diagnostics = report.get("diagnostics", [])
        self.program_kinds = {p.get("name"): p.get("kind") for p in report.get("programs", [])}
        self.by_id = defaultdict(list)
        for s in self.services:
            self.by_id[s["id"]].append(s)
        self.out_edges = defaultdict(list)
        self.in_edges = defaultdict(list)
        for e in self.edges:
            self.out_edges[e["from"]].append(e)
            self.in_edges[e["to"]].append(e)

    def service(self, service_id, program=None):
        """The entry of `service_id` seen by `program` (entries differ per program)."""
        entries = self.by_id.get(service_id, [])
        for s in entries:
            if programs_overlap(s.get("program"), program):
                return s
        return entries[0] if entries and program is None else None

    def lifetime(self, service_id, program=None):
        s = self.service(service_id, program)
        return s.get("lifetime", "unknown") if s else "unknown"

    def in_tests_only(self, service):
        """Is the service declared only in test code (a test program, or a Tests folder)?"""
        programs = [p for p in (service.get("program") or "").split(", ") if p]
        if programs and all(p in self.program_kinds for p in programs):
            return all(self.program_kinds[p] == "tests" for p in programs)
        return all(TEST_PATH.search(loc.get("file", "")) for loc in service.get("locations", [])) \
            and bool(service.get("locations"))

    def finding_keys(self):
        """Each (rule, services) of the report with its most severe rank: a plant that turns a
        note into an error (a miss other programs excused, now in the app) is a new finding."""
        keys = {}
        for d in self.diagnostics:
            rank = SEVERITY_RANK.get(d.get("severity"), 9)
            keys[finding_key(d)] = min(rank, keys.get(finding_key(d), 9))
        return keys


def finding_key(d):
    return (d.get("rule"), tuple(sorted(d.get("services", []))))


def eager(e):
    return e.get("timing") == "eager" and not e.get("missing") and not e.get("optional")


def programs_overlap(a, b):
    """`program` fields ("App" or "App, Widget"; absent with one program) share a program."""
    if not a or not b:
        return True
    return bool(set(a.split(", ")) & set(b.split(", ")))


def same_program(a, b):
    return programs_overlap(a.get("program"), b.get("program"))


# ================================================================ plants

class Plant:
    """One defect to put into one file of a copy of the tree."""

    def __init__(self, kind, service_key, file, line, description, expected, new_text,
                 check_graph, di_style=""):
        self.kind, self.service_key, self.file, self.line = kind, service_key, file, line
        self.di_style = di_style or "?"     # the DI style of the planted registration
        self.description, self.expected = description, expected
        self.new_text, self.check_graph = new_text, check_graph
        self.found, self.severity, self.message, self.graph = "not run", "-", "", "-"
        self.status, self.seconds, self.index = "", 0.0, 0


class Candidates:
    """Plant builders for one app; rejected candidates counted by (kind, reason)."""

    def __init__(self, tree, graph):
        self.tree, self.graph = tree, graph
        self.files = {}
        self.skipped = Counter()

    def skip(self, kind, reason):
        self.skipped[(kind, reason)] += 1
        return None

    def mutable(self, relative):
        """May a plant edit this file? Not test code or test support (mocks, fakes, stubs)."""
        return not TEST_SUPPORT_PATH.search(relative)

    def swift(self, relative):
        if relative not in self.files:
            path = os.path.join(self.tree, relative)
            try:
                self.files[relative] = SwiftFile(path) if relative.endswith(".swift") else None
            except OSError:
                self.files[relative] = None
        return self.files[relative]

    # ------------------------------------------------------------ missing

    def missing_candidates(self):
        for service_id in sorted(self.graph.by_id):
            entries = self.graph.by_id[service_id]
            yield service_id, entries

    def missing(self, service_id, entries):
        kind = "missing"
        service = entries[0]
        if service.get("style") in NOT_REGISTRATION_STYLES:
            return self.skip(kind, f"style {service.get('style')} has no registration to delete")
        if self.graph.in_tests_only(service):
            return self.skip(kind, "registered only in test code")
        locations = [loc for s in entries for loc in s.get("locations", [])]
        if not locations:
            return self.skip(kind, "no registration location")
        if len(locations) > 1:
            return self.skip(kind, "registered at several sites")
        requests = [e for e in self.graph.in_edges.get(service_id, [])
                    if eager_or_deferred_required(e) and e["from"] != service_id
                    and same_program(e, service) and not self.collects(e)]
        if not requests:
            return self.skip(kind, "no non-optional request of it")
        if service.get("style") == "swift-dependencies":
            return self.missing_live_value(service, requests)
        loc = locations[0]
        swift = self.swift(loc["file"])
        if swift is None:
            return self.skip(kind, "registration not in a readable .swift file")
        offset = swift.offset(loc["line"], loc["column"])
        if offset is None:
            return self.skip(kind, "location outside its file")
        span = chained_segment(swift.text, offset)
        if span is None:
            statement = swift.statement_at(offset)
            if statement is None:
                return self.skip(kind, "no statement at the location")
            if is_declaration(statement, swift.text):
                reason = self.undeletable_declaration(service, requests, swift, statement)
                if reason:
                    return self.skip(kind, reason)
            if returns_value(statement, swift):
                return self.skip(kind, "registration is the returned value of a getter/function")
            span = swift.whole_lines(statement.start, statement.end)
        removed = swift.text[span[0]:span[1]]
        if not re.search(r"\w", removed):
            return self.skip(kind, "empty statement at the location")
        requests = [e for e in requests if not inside(e.get("location"), loc["file"], swift, span)]
        if not requests:
            return self.skip(kind, "every request is inside the deleted statement")
        new_text = swift.text[:span[0]] + swift.text[span[1]:]
        # `.implements(P.self)`, `.as(P.self)`, DITranquillity's `.as(check: P.self) {$0}`.
        aliases = re.findall(r"\.(?:implements|forward|as)\s*\(\s*(?:check:\s*)?([\w.]+?)\.self", removed)
        # TagTime: `mock.register { MockFirebaseService() }.implements(FirebaseService.self)` beside
        # `register { RealFirebaseService() }.implements(FirebaseService.self)`: what asks for
        # `FirebaseService` still gets one, so deleting either is no missing registration.
        for alias in aliases:
            if self.implementations_of(alias) > 1:
                return self.skip(kind, f"another registration also answers `{alias}`")
        first = removed.strip().splitlines()[0].strip()
        description = (f"delete registration of {service_id} ({len(removed.strip().splitlines())} "
                       f"lines: `{first[:70]}`); requested by {requests[0]['from']}")

        def check(mutated):
            return "service gone" if service_id not in mutated.by_id else "service still there"

        return Plant(kind, service_id, loc["file"], loc["line"], description,
                     {"services": [service_id], "type": base_type(service_id),
                      "aliases": aliases,
                      "member": service_id.rsplit(".", 1)[-1]
                      if service.get("style") == "needle" else None},
                     new_text, check, service.get("style"))

    def missing_live_value(self, service, requests):
        """swift-dependencies: the key behind `DependencyValues.x` loses its `liveValue`. The key
        becomes a `TestDependencyKey`; its `liveValue` is deleted when it has a `testValue` of
        its own, else renamed `testValue`. Live code reading `x` then has no live value."""
        kind = "missing"
        service_id = service["id"]
        loc = service["locations"][0]
        swift = self.swift(loc["file"])
        offset = swift.offset(loc["line"], loc["column"]) if swift else None
        statement = swift.statement_at(offset) if offset is not None else None
        if statement is None:
            return self.skip(kind, "no declaration at the DependencyValues location")
        m = re.search(r"self\s*\[\s*([\w.]+)\.self\s*\]", swift.text[statement.start:statement.end])
        if not m:
            return self.skip(kind, "DependencyValues property not keyed by `self[Key.self]`")
        key = m.group(1).split(".")[-1]
        # supaterm: `withDependencies: { $0.settingsClient = .appLiveValue }` where the app builds
        # the requester's store gives the key its value there; without a liveValue nothing is
        # missing, so the plant would be no defect.
        assigned = self.assigned_in_app_code(service_id.rsplit(".", 1)[-1])
        if assigned:
            return self.skip(kind, f"the app gives `{service_id}` a value itself ({assigned})")
        found = self.key_declarations(key)
        if len(found) != 1:
            return self.skip(kind, f"`{key}: DependencyKey` declared {len(found)} times")
        relative, key_swift, declaration, brace = found[0]
        members = [t for t in key_swift.statements if declaration.start < t.start <
                   declaration.end and t.depth == declaration.depth + 1]
        def declaring(names):
            pattern = re.compile(r"\bstatic\s+(?:let|var)\s+(?:" + names + r")\b")
            return [t for t in members if pattern.search(key_swift.text[t.start:t.end])]

        live, test = declaring("liveValue"), declaring("testValue|previewValue")
        if len(live) != 1:
            return self.skip(kind, "key without one `static liveValue` in its declaration")
        live = live[0]
        others = [(sw, d) for sw, d in self.declarations_of(key) if d is not declaration]
        if any("liveValue" in key_swift.text[t.start:t.end] for t in test) or \
                any(re.search(r"\bliveValue\b", sw.text[d.start:d.end]) for sw, d in others):
            return self.skip(kind, "the key's other values are built from liveValue")
        if any(open_conditionals(key_swift.text, declaration.start, t.start) for t in test):
            return self.skip(kind, "the key's testValue is only compiled under `#if`")
        split = any(re.search(r"\bTestDependencyKey\b", sw.text[d.start:d.end].split("{")[0])
                    for sw, d in others)
        other_test = any(re.search(r"\bstatic\s+(?:let|var)\s+testValue\b", sw.text[d.start:d.end])
                         for sw, d in others)
        text = key_swift.text
        edits = []      # (start, end, replacement), applied from the end
        if split:
            # `extension K: TestDependencyKey { testValue }` elsewhere: K stops being a
            # DependencyKey at all, and its liveValue goes.
            removal = conformance_removal(text, declaration.start, brace, "DependencyKey")
            if removal is None:
                return self.skip(kind, "cannot drop `DependencyKey` from the key's conformances")
            edits.append(removal)
            span = key_swift.whole_lines(live.start, live.end)
            edits.append((span[0], span[1], ""))
            what = "DependencyKey conformance and liveValue deleted (TestDependencyKey elsewhere)"
        else:
            conformance = re.compile(r"\bDependencyKey\b").search(text, declaration.start, brace)
            edits.append((conformance.start(), conformance.end(), "TestDependencyKey"))
            if test or other_test:
                span = key_swift.whole_lines(live.start, live.end)
                edits.append((span[0], span[1], ""))
                what = "DependencyKey -> TestDependencyKey, liveValue deleted"
            else:
                word = re.compile(r"\bliveValue\b").search(text, live.start, live.end)
                edits.append((word.start(), word.end(), "testValue"))
                what = "DependencyKey -> TestDependencyKey, liveValue renamed testValue"
        for start, end, replacement in sorted(edits, reverse=True):
            text = text[:start] + replacement + text[end:]

        def check(mutated):
            return "key still read" if mutated.in_edges.get(service_id) else "no reads left"

        return Plant(kind, service_id, relative, key_swift.line_of(live.start),
                     f"{key}: {what}; {service_id} read by {requests[0]['from']}",
                     {"services": [service_id], "type": base_type(service_id), "aliases": []},
                     text, check, service.get("style"))

    def collects(self, edge):
        """DITranquillity's `many($1)`: the request is every registration of the type, an empty
        collection when there is none (FunCorpSteamApp's routers), never a crash."""
        loc = edge.get("location") or {}
        line = self.line_text(loc.get("file"), loc.get("line"))
        column = loc.get("column") or 1
        return bool(line) and (line[column - 1:].lstrip().startswith("many(")
                               or line[:column - 1].rstrip().endswith("many("))

    def is_stateless_value(self, type_name):
        """A `struct`/`enum` declared once in the tree whose body declares no stored `var`, or a
        plain value of the standard library or Foundation (generics-pizza's `serverUrl: String`):
        copied, never shared, so whoever keeps one keeps no other holder's state."""
        name = type_name.split("<")[0].split(".")[-1]
        if name.rstrip("?!") in PLAIN_VALUES:
            return True
        pattern = re.compile(r"\b(struct|enum|class|actor)\s+" + re.escape(name) + r"\b[^{]*\{")
        found = []
        for relative, swift in self.files_mentioning(name):
            for m in pattern.finditer(swift.text):
                found.append((m.group(1), swift.text[m.end():balanced_end(swift.text, m.end() - 1)]))
        if len(found) != 1 or found[0][0] not in ("struct", "enum"):
            return False
        body, depth, top = found[0][1], 0, []
        line = ""
        for c in body:
            if c == "{":
                if depth == 0:
                    top.append(line)
                    line = ""
                depth += 1
            elif c == "}":
                depth -= 1
            elif depth == 0:
                line += c
                if c == "\n":
                    top.append(line)
                    line = ""
        top.append(line)
        # A stored `var` is state; `let`s of a struct are fixed at its copy (SimTong's
        # `DefaultKeychain` keeps only `let service: String`).
        stored = re.compile(r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|private|fileprivate|internal|open|final|lazy|weak|unowned|nonisolated|package)(?:\(set\))?\s+)*var\s+\w+")
        return not any(stored.search(l) and not re.search(r"\bstatic\b", l) for l in top)

    def implementations_of(self, type_name):
        """How many `.implements(T.self)` (or `.forward`) the tree's Swift files spell for `T`."""
        pattern = re.compile(r"\.(?:implements|forward)\s*\(\s*" + re.escape(type_name) + r"\.self")
        count = 0
        for relative, swift in self.files_mentioning(type_name):
            count += len(pattern.findall(swift.text))
        return count

    def assigned_in_app_code(self, member):
        """`file:line` of a `$0.member = …` / `values.member = …` / TCA's `.dependency(\\.member, …)`
        (OnlySwitch's review-demo branch) in a non-test file, or None."""
        pattern = re.compile(r"(?:\$0|\bdependencies|\bvalues|\bdeps)\." + re.escape(member) + r"\s*=(?!=)"
                             r"|\.dependency\(\s*\\\." + re.escape(member) + r"\s*,")
        for relative, swift in self.files_mentioning(member):
            if re.search(r"(^|/)\w*Tests?(/|$)|Tests?\.swift$|Mock", relative):
                continue
            m = pattern.search(swift.text)
            if m:
                return f"{relative}:{swift.line_of(m.start())}"
        return None

    def key_declarations(self, key):
        """(file, SwiftFile, declaration statement, offset of its `{`) of each declaration of
        `key` that conforms to DependencyKey."""
        pattern = re.compile(r"\b(?:struct|enum|class|extension)\s+(?:[\w.]+\.)?" + re.escape(key) +
                             r"\b[^{]*?:[^{]*\bDependencyKey\b[^{]*\{")
        found = []
        for relative, swift in self.files_mentioning(key):
            for m in pattern.finditer(swift.text):
                declaration = swift.statement_at(m.start())
                if declaration is not None:
                    found.append((relative, swift, declaration, m.end() - 1))
        return found

    def declarations_of(self, key):
        """(SwiftFile, statement) of every type or extension declaration named `key`."""
        pattern = re.compile(r"\b(?:struct|enum|class|extension)\s+(?:[\w.]+\.)?" +
                             re.escape(key) + r"\b[^{]*\{")
        found = []
        for relative, swift in self.files_mentioning(key):
            for m in pattern.finditer(swift.text):
                statement = swift.statement_at(m.start())
                if statement is not None:
                    found.append((swift, statement))
        return found

    def protocol_requires(self, protocol, member):
        """Does `protocol NAME { ... var member ... }` appear in the tree?"""
        pattern = re.compile(r"\bprotocol\s+" + re.escape(protocol) + r"\b[^{]*\{")
        requirement = re.compile(r"\bvar\s+" + re.escape(member) + r"\b")
        for relative, swift in self.files_mentioning(protocol):
            for m in pattern.finditer(swift.text):
                body = swift.text[m.end():balanced_end(swift.text, m.end() - 1)]
                if requirement.search(body):
                    return True
        return False

    def line_text(self, relative, number):
        """Line `number` (from 1) of a file of the tree, or None."""
        if not relative or not number:
            return None
        swift = self.swift(relative)
        if swift is None:
            return None
        lines = swift.text.split("\n")
        return lines[number - 1] if 0 < number <= len(lines) else None

    def conformances_of(self, type_name):
        """The protocols and bases named after `:` by any `class`/`struct`/`extension` of the type."""
        pattern = re.compile(r"\b(?:class|struct|extension)\s+" + re.escape(type_name) + r"\b([^{]*)\{")
        found = set()
        for relative, swift in self.files_mentioning(type_name):
            for m in pattern.finditer(swift.text):
                found.update(conformances(type_name + m.group(1)))
        return found

    def files_mentioning(self, word):
        """(relative path, SwiftFile) of each readable Swift file of the tree whose text has `word`."""
        for relative in self.swift_paths():
            swift = self.swift(relative)
            if swift is not None and word in swift.text:
                yield relative, swift

    def nameable(self, type_name, relative):
        """Can the file at `relative` name `type_name`: declared in its module (the folders up to
        its `Sources`/`Interface`-like folder), or in a module it imports? A type declared
        nowhere in the tree (a platform type) is taken as nameable."""
        declaration = re.compile(r"\b(?:protocol|class|struct|enum|actor|typealias)\s+" +
                                 re.escape(type_name) + r"\b")
        declared_in = [rel for rel, swift in self.files_mentioning(type_name)
                       if declaration.search(swift.text)]
        if not declared_in:
            return True
        own_root, _ = module_of(relative)
        swift = self.swift(relative)
        imports = set(re.findall(r"^[ \t]*(?:@[\w(). ]+[ \t]+)*import[ \t]+(?:(?:typealias|struct|class|enum|protocol|let|var|func)[ \t]+)?(\w+)",
                                 swift.text if swift else "", re.M))
        for declaring in declared_in:
            root, name = module_of(declaring)
            if root == own_root or (name and any(i.startswith(name) or name.startswith(i)
                                                 for i in imports)):
                return True
        return False

    def swift_paths(self):
        if not hasattr(self, "_paths"):
            self._paths = []
            for base, dirs, files in os.walk(self.tree):
                dirs[:] = sorted(d for d in dirs if d not in SKIPPED_DIRS)
                for name in sorted(files):
                    if name.endswith(".swift"):
                        self._paths.append(os.path.relpath(os.path.join(base, name), self.tree))
        return self._paths

    def undeletable_declaration(self, service, requests, swift, statement):
        """Why deleting the declaration at the service's location is no real missing defect
        (None when it is one: a Needle component property that only descendant components
        ask for, through their dependency protocols, so the build still compiles)."""
        if service.get("style") != "needle":
            return f"registration is a declaration ({service.get('style')}), not a statement"
        owner, _, member = base_type(service["id"]).rpartition(".")
        component = swift.enclosing_statement(statement)
        if component is not None:
            header = swift.text[component.start:statement.frame_open]
            # The protocols of every declaration of the component (the property may sit in an
            # `extension` of it, the conformance on the class).
            for protocol in sorted(set(conformances(header)) | self.conformances_of(owner.rsplit(".", 1)[-1])):
                if self.protocol_requires(protocol, member):
                    return ("needle property required by a protocol the component conforms "
                            "to (deleting it breaks the build)")
        if any(base_type(e["from"]).rsplit(".", 1)[0] == owner for e in requests):
            return "needle property also used inside its own component"
        # Used in the component's own methods (`viewModel!`, `self.viewModel = nil`), which the
        # graph keeps no edge for: deleting it breaks the build.
        if component is not None and statement.frame_open >= 0:
            body_end = balanced_end(swift.text, statement.frame_open)
            rest = swift.text[statement.frame_open:statement.start] + swift.text[statement.end:body_end]
            if re.search(r"(?<![\w.])(?:self\.)?" + re.escape(member) + r"\b", rest):
                return "needle property also used inside its own component"
        # `authenticateComponent.loginView` in another component reads the member of a concrete
        # child: deleting it breaks the build. Descendants ask through `dependency.member`.
        for e in requests:
            location = e.get("location") or {}
            line = self.line_text(location.get("file"), location.get("line"))
            if line is not None and not line[max(0, location.get("column", 1) - 1):].startswith("dependency."):
                return "needle property read directly on a component, not through a dependency (deleting it breaks the build)"
        if any(e.get("via") not in ("property", "dependency", "needle") for e in requests):
            vias = sorted({e.get("via", "?") for e in requests})
            return f"needle property requested other than through a dependency ({', '.join(vias)})"
        return None

    # ------------------------------------------------------------ cycle

    def cycle_candidates(self):
        pairs = []
        for e in self.graph.edges:
            if eager(e) and e["from"] != e["to"]:
                pairs.append((e["from"], e["to"], e))
        return pairs

    def cycle(self, a_id, b_id, a_to_b):
        kind = "cycle"
        if self.in_baseline_cycle(a_id, b_id):
            return self.skip(kind, "A and B already on a cycle")
        b = self.graph.service(b_id, a_to_b.get("program"))
        if b is None or self.graph.in_tests_only(b):
            return self.skip(kind, "B unknown or only in test code")
        a = self.graph.service(a_id, a_to_b.get("program"))
        # Two stored properties a type builds with itself (`let a = A(b)`, `self.a = A(b)` in its
        # init): one reading the other while it is built does not compile, so no cycle can be
        # planted between them (threema's GroupCallActor).
        # Whatever style names them (Spud's `DependencyContainer.accountService` is a Has… service).
        if a and all((x.get("lifetimeDetail") or "").startswith("stored property") for x in (a, b)) \
                and a_id.rsplit(".", 1)[0] == b_id.rsplit(".", 1)[0]:
            return self.skip(kind, "A and B are stored properties built with their type: a cycle between them does not compile")
        requests = [e for e in self.graph.out_edges.get(b_id, [])
                    if eager(e) and e.get("location") and same_program(e, a_to_b)
                    and e["to"] not in (a_id, b_id)]
        reasons = []
        for request in sorted(requests, key=edge_sort_key):
            plant = self.cycle_from(a_id, b_id, request, reasons)
            if plant:
                return plant
        plant = self.cycle_by_stored_property(a_id, b, reasons)
        if plant:
            return plant
        if not requests and not reasons:
            return self.skip(kind, "B has no located eager request to copy")
        return self.skip(kind, reasons[0] if reasons else "no usable request")

    def cycle_by_stored_property(self, a_id, b, reasons):
        """Singletons: B's class gets a stored property holding A (`private let plantedCycle =
        A.shared`), which B's initialisation reads, so building B builds A and A's build asks
        for B back. Only in a class, struct or actor body (an extension or enum has no stored
        properties)."""
        a = self.graph.service(a_id)
        if not a or a.get("style") != "singleton" or b.get("style") != "singleton":
            return None
        if not re.fullmatch(r"[A-Z][\w.]*\.[a-z_]\w*", a_id):
            reasons.append("A is not spelled `Type.member`")
            return None
        if not visible_wherever(a, b):
            reasons.append("A is not built into every program B's file is")
            return None
        # catowser's `UseCaseRegistry { static let shared = StateHolder() }`: the shared instance
        # is another type's, so a stored property of B's own type is never built.
        built = [t.split(".")[-1] for t in b.get("implementation") or []]
        if built and b.get("type", "").split(".")[-1] not in built:
            reasons.append("B's shared instance is of another type than the one declaring it")
            return None
        found = self.registration_statement(b)
        if found is None:
            reasons.append("B's declaration not found (or several sites)")
            return None
        swift, statement = found
        loc = b["locations"][0]
        if not self.mutable(loc["file"]):
            reasons.append("the file to edit is test code or test support (mocks)")
            return None
        owner = swift.enclosing_statement(statement)
        header = swift.text[owner.start:statement.frame_open] if owner else ""
        own = re.split(r"[{}]", header)[-1]
        if not re.search(r"\b(class|struct|actor)\b", own) or \
                re.search(r"\b(extension|enum|protocol)\b", own):
            reasons.append("B's shared instance is not declared in its class or struct body")
            return None
        text = swift.text
        line_start = text.rfind("\n", 0, statement.start) + 1
        indent = re.match(r"[ \t]*", text[line_start:]).group()
        line_end = text.find("\n", statement.end)
        line_end = len(text) if line_end < 0 else line_end + 1
        added = f"{indent}private let plantedCycle = {a_id}\n"
        new_text = text[:line_end] + added + text[line_end:]
        b_id = b["id"]
        description = (f"{b_id} keeps {a_id} in a new stored property "
                       f"(`private let plantedCycle = {a_id}`); {a_id} -> {b_id} is eager")
        return Plant("cycle", f"{a_id}|{b_id}", loc["file"], loc["line"], description,
                     {"services": [a_id, b_id]}, new_text, edge_taken(a_id, b_id), "singleton")

    def cycle_from(self, a_id, b_id, request, reasons):
        b = self.graph.service(b_id) or {}
        if (b.get("lifetimeDetail") or "").startswith("stored property"):
            # iOS-MVVM-Architecture's `favoritesManager`, set in its container's init: a statement
            # beside that assignment is no part of its value (and reading a lazy member there,
            # before every stored property is set, does not compile).
            reasons.append("B is a stored property its type's initializer sets: a statement beside it is not its value")
            return None
        words = respelling(request["to"], a_id)
        if not words:
            reasons.append("X and A are not spelled alike (differ in more than one id part)")
            return None
        x, a = self.graph.service(request["to"]), self.graph.service(a_id)
        if not x or not a or not reached_alike(x, a):
            reasons.append("A is not reached the way X is (another container or owner)")
            return None
        if ACCESS_OF.get(self.declared_as(x)) != ACCESS_OF.get(self.declared_as(a)):
            reasons.append("X and A are declared differently (a method and a property)")
            return None
        if self.parameters(x) != self.parameters(a):
            # Mople's `makeMeetSetupViewController(meet:coordinator:)`: X's arguments do not fit A.
            reasons.append("X's and A's factory methods take different parameters")
            return None
        if not visible_wherever(a, self.graph.service(b_id) or {}):
            reasons.append("A is not built into every program B's file is")
            return None
        if "." not in base_type(a_id) and not self.nameable(base_type(a_id), request["location"]["file"]):
            # Music-Player's MediaKit cannot name `PlayerRepository`: another module, not imported.
            reasons.append("A is declared in a module B's file does not import")
            return None
        loc = request["location"]
        swift = self.swift(loc["file"])
        if swift is None:
            reasons.append("request not in a readable .swift file")
            return None
        if not self.mutable(loc["file"]):
            reasons.append("the file to edit is test code or test support (mocks)")
            return None
        at = word_at_or_after(swift, loc["line"], loc["column"], words[0])
        if at is None:
            reasons.append("X not spelled at the request (inferred type)")
            return None
        added = added_request(swift, at, words)
        if isinstance(added, str):
            reasons.append(added)
            return None
        new_text, spelled = added
        if re.match(r"(self\.)?dependency\.", spelled):
            # iOSDiploma: a Needle child reads its parent through its dependency protocol, which
            # does not declare A: the copied read would not compile.
            reasons.append("A would have to be declared in B's Needle dependency protocol")
            return None
        description = (f"{b_id} also requests {a_id} (`_ = {spelled}` beside its request of "
                       f"{request['to']}); {a_id} -> {b_id} is eager")

        return Plant("cycle", f"{a_id}|{b_id}", loc["file"], loc["line"], description,
                     {"services": [a_id, b_id]}, new_text, edge_taken(a_id, b_id), x.get("style"))

    def declared_as(self, service):
        """`func`, `var`, `let`, `case`... of the declaration at a member service's location."""
        declaration = self.member_declaration(service)
        m = re.search(r"\b(func|var|let|case|subscript)\b", declaration) if declaration else None
        return m.group(1) if m else None

    def member_declaration(self, service):
        """The text of the declaration at a member service's one location, or None."""
        if "." not in base_type(service["id"]) or len(service.get("locations", [])) != 1:
            return None
        loc = service["locations"][0]
        swift = self.swift(loc["file"])
        offset = swift.offset(loc["line"], loc["column"]) if swift else None
        statement = swift.statement_at(offset) if offset is not None else None
        return swift.text[statement.start:statement.end] if statement else None

    def parameters(self, service):
        """A factory method's parameter list as written, whitespace dropped (`(meet:Meet)`)."""
        declaration = self.member_declaration(service) or ""
        m = re.search(r"\bfunc\s+[\w$]+\s*(?:<[^>]*>)?\s*\(", declaration)
        if not m:
            return None
        close = balanced_end(declaration, m.end() - 1)
        return re.sub(r"\s+", "", declaration[m.end() - 1:close])

    def in_baseline_cycle(self, a_id, b_id):
        return any(d.get("rule") == "dependency_cycle" and a_id in d.get("services", [])
                   and b_id in d.get("services", []) for d in self.graph.diagnostics)

    # ------------------------------------------------------------ captive

    def captive_candidates(self):
        return [(e["from"], e["to"], e) for e in self.graph.edges
                if eager(e) and e["from"] != e["to"]]

    def captive(self, h_id, d_id, edge):
        kind = "captive"
        holder, held = self.graph.service(h_id, edge.get("program")), \
            self.graph.service(d_id, edge.get("program"))
        if not holder or not held:
            return self.skip(kind, "holder or dependency not a known service")
        if self.graph.in_tests_only(holder) or self.graph.in_tests_only(held):
            return self.skip(kind, "holder or dependency only in test code")
        if self.graph_has(h_id, d_id, "scope_mismatch"):
            return self.skip(kind, "already a scope_mismatch in the baseline")
        # umpa's `DefaultServerRepository`, MindWay's `KeychainImpl`: a struct with no stored
        # state is copied, never shared, so a singleton keeping one keeps no captive.
        implementations = held.get("implementation") or []
        if implementations and all(self.is_stateless_value(t) for t in implementations):
            return self.skip(kind, "the dependency is a stateless value (a struct with no stored var)")
        not_kept = self.not_kept(edge)
        if not_kept:
            return self.skip(kind, not_kept)
        if re.search(r"Component$", held.get("type", "")) or self.is_needle_component(held.get("type", "")):
            return self.skip(kind, "dependency is a child component (a builder), not state")
        if self.forwarding(holder):
            return self.skip(kind, "holder only forwards to the dependency (an alias)")
        reasons = []
        h_life, d_life = holder.get("lifetime", "unknown"), held.get("lifetime", "unknown")
        for plan in (self.to_singleton(holder, d_life, reasons, add=False),
                     self.to_transient(held, h_life, reasons, add=False),
                     self.to_singleton(holder, d_life, reasons, add=True),
                     self.to_transient(held, h_life, reasons, add=True)):
            if plan:
                service, file, line, new_text, what = plan
                description = f"{what}; {h_id} keeps {d_id} ({edge.get('via', '?')})"
                changed = service["id"]

                def check(mutated, changed=changed, before=service.get("lifetime")):
                    return f"{changed} {before}->{mutated.lifetime(changed)}"

                return Plant(kind, f"{h_id}|{d_id}", file, line, description,
                             {"services": [h_id, d_id]}, new_text, check, service.get("style"))
        return self.skip(kind, reasons[0] if reasons else "no scope spelling to change")

    def is_needle_component(self, type_name):
        """Declared `class X: Component<…>` (GeometricWeather's `ManagementConponent`, its name
        misspelt): a builder of a subtree, not state."""
        if not re.fullmatch(r"[A-Za-z_]\w*", type_name or ""):
            return False
        declaration = re.compile(r"\bclass\s+" + re.escape(type_name) + r"\s*:\s*(?:Needle(?:Foundation)?\.)?"
                                 r"(?:Component|BootstrapComponent)\b")
        return any(declaration.search(swift.text) for _, swift in self.files_mentioning(type_name))

    def graph_has(self, a_id, b_id, rule):
        return any(d.get("rule") == rule and a_id in d.get("services", [])
                   and b_id in d.get("services", []) for d in self.graph.diagnostics)

    def not_kept(self, edge):
        """Why the requested value is not kept by the holder, or None when it looks kept."""
        loc = edge.get("location")
        swift = self.swift(loc["file"]) if loc else None
        offset = swift.offset(loc["line"], loc["column"]) if swift else None
        if offset is None:
            return "request has no readable location"
        if result_is_called(swift.text, offset) or member_used_on_the_spot(swift.text, offset, edge):
            return "request used on the spot (a call or read on the resolved value)"
        local = local_name(swift.text, offset)
        if local and not passed_on(swift.text, swift.statement_at(offset), local):
            return "request kept in a local only used on the spot"
        return None

    def forwarding(self, holder):
        """A registration whose factory body is only a resolve (an alias)."""
        statement = self.registration_statement(holder)
        if statement is None:
            return False
        swift, s = statement
        body = swift.text[s.start:s.end]
        return bool(FORWARDING.search(body))

    def registration_statement(self, service):
        locations = service.get("locations", [])
        if len(locations) != 1:
            return None
        loc = locations[0]
        swift = self.swift(loc["file"])
        if swift is None:
            return None
        offset = swift.offset(loc["line"], loc["column"])
        s = swift.statement_at(offset) if offset is not None else None
        return (swift, s) if s else None

    def to_singleton(self, holder, d_life, reasons, add):
        if d_life not in SHORTER_THAN_SINGLETON:
            reasons.append(f"dependency lifetime {d_life} is not shorter than singleton")
            return None
        if holder.get("lifetime") in ("singleton", "unknown"):
            reasons.append(f"holder already {holder.get('lifetime')}")
            return None
        return self.respell(holder, "singleton", reasons, add)

    def to_transient(self, held, h_life, reasons, add):
        if h_life not in CACHED:
            reasons.append(f"holder lifetime {h_life} is not cached")
            return None
        if held.get("lifetime") in ("transient", "unknown"):
            reasons.append(f"dependency already {held.get('lifetime')}")
            return None
        return self.respell(held, "transient", reasons, add)

    def respell(self, service, target, reasons, add):
        """A new text of the service's registration with the `target` lifetime, or None."""
        style = service.get("style", "")
        found = self.registration_statement(service)
        if found is None:
            reasons.append("registration statement not found (or several sites)")
            return None
        swift, s = found
        special = SPECIAL_SCOPES.get(style)
        if special:
            if add:
                return None
            result = special(swift, s, service, target)
            if isinstance(result, str):
                reasons.append(result)
                return None
            new_text, what = result
        else:
            result = self.respell_chained(swift, s, service, target, add, reasons)
            if result is None:
                return None
            new_text, what = result
        return service, service["locations"][0]["file"], swift.line_of(s.start), new_text, what

    def respell_chained(self, swift, s, service, target, add, reasons):
        """Styles whose scope is a word in the registration (`.inObjectScope(.x)`, `.x`)."""
        style, detail = service.get("style", ""), service.get("lifetimeDetail", "")
        scopes = SCOPES.get(style)
        if scopes is None:
            reasons.append(f"no scope spelling known for style {style}")
            return None
        text = swift.text
        spelled = scope_spelling(style, text, s.start, s.end)
        word = scopes.singleton if target == "singleton" else scopes.transient
        if spelled and not add:
            start, end, old = spelled
            if old != detail:
                reasons.append(f"scope spelled `.{old}` in the statement is not the service's "
                               f"own ({detail})")
                return None
            return text[:start] + word + text[end:], f"{service['id']} scope .{old} -> .{word}"
        if spelled or not add:
            return None
        if detail not in scopes.defaults:
            reasons.append(f"lifetime `{detail}` comes from elsewhere than a scope spelling")
            return None
        suffix = scopes.append_singleton if target == "singleton" else scopes.append_transient
        insert_at = self.append_point(swift, s, style)
        if suffix is None or insert_at is None:
            reasons.append(f"cannot add a {target} scope in style {style}")
            return None
        return text[:insert_at] + suffix + text[insert_at:], f"{service['id']} add {suffix}"

    def append_point(self, swift, statement, style):
        """Where a chained scope modifier goes: after the statement, or (Factory) after the
        `self { ... }` / `Factory(...) { ... }` expression inside the property."""
        if style == "factory":
            inner = factory_expression(swift, statement)
            return inner.end if inner else None
        if is_declaration(statement, swift.text) or returns_value(statement, swift):
            return None
        return statement.end


# A factory closure whose whole body hands out another registration's product:
# `{ r in r.resolve(Impl.self)! }`, `{ self.other() }`, `{ Container.shared.other() }`.
FORWARDING = re.compile(
    r"\{\s*(?:\w+\s+in\s+|_\s+in\s+)?(?:return\s+)?(?:try\s+)?"
    r"(?:(?:\w+\s*\.\s*)?resolve\s*\([^(){}]*\)\s*[!?]?"
    r"|(?:self|[A-Z]\w*(?:\s*\.\s*shared)?)\s*\.\s*\w+\s*(?:\(\s*\))?"
    r"|[a-z_]\w*)"  # a Needle getter naming another property of its component: `{ providesX }`
    r"\s*(?:as[!?]?\s*[\w.]+\s*)*\}")


def factory_expression(swift, statement):
    """The `self { ... }` / `Factory(self) { ... }` statement that is a Factory property's
    getter body (the statement right inside the property, not one nested deeper)."""
    for t in swift.statements:
        if statement.start < t.start < statement.end and t.depth == statement.depth + 1 and \
                re.match(r"(self\s*\{|(Parameter)?Factory\s*[({<])", swift.text[t.start:t.end]):
            return t
    return None


def getter_body(swift, statement):
    """The single expression statement of a computed property's getter."""
    inner = [t for t in swift.statements
             if statement.start < t.start < statement.end and t.depth == statement.depth + 1]
    return inner[0] if len(inner) == 1 else None


def needle_scope(swift, statement, service, target):
    """Needle: `shared { X() }` is the component's singleton, a plain getter is transient."""
    body = getter_body(swift, statement)
    if body is None:
        return "needle property without a single-expression getter"
    text, inner = swift.text, swift.text[body.start:body.end]
    m = re.match(r"shared\s*\{", inner)
    if target == "transient":
        if not m:
            return "needle property not built in `shared {}`"
        close = balanced_end(text, body.start + m.end() - 1)
        new_inner = text[body.start + m.end():close - 1].strip()
        return (text[:body.start] + new_inner + text[close:],
                f"{service['id']} `shared {{ ... }}` -> a plain getter")
    if m:
        return "needle property already `shared {}`"
    if re.match(r"\w+Component\s*\(", inner):
        return "needle property builds a child component"
    return (text[:body.start] + "shared { " + inner + " }" + text[body.end:],
            f"{service['id']} wrapped in `shared {{ ... }}`")


def computed_instead(swift, statement, service, target, stored, computed, typed_by_construction):
    """A value built once, `<stored> name: T = e`, becomes `<computed> name: T { e }`, built on
    every access. Without `: T`, `T(...)` may name the type (`typed_by_construction`)."""
    if target != "transient":
        return None
    text = swift.text
    m = re.compile(r"((?:[\w@]+\s+)*?)" + stored + r"\s+(\w+)\s*(?::\s*([^=\n{]+?)\s*)?=\s*").match(
        text, statement.start, statement.end)
    if not m or not (m.group(3) or typed_by_construction):
        return "not a `" + stored.replace("\\s+", " ") + " name" + ("" if typed_by_construction else ": Type") + \
            " = ...` declaration"
    expression = text[m.end():statement.end]
    declared = m.group(3)
    if not declared:
        built = re.match(r"([A-Z][\w.]*)\s*(?:\.init)?\s*\(", expression)
        if not built:
            return "shared instance's type not spelled (no annotation, not `T(...)`)"
        declared = built.group(1)
    new = f"{m.group(1)}{computed} {m.group(2)}: {declared} {{ {expression} }}"
    return (text[:statement.start] + new + text[statement.end:],
            f"{service['id']} `{stored.replace(chr(92) + 's+', ' ')}` -> computed `{computed}`")


def lazy_var_scope(swift, statement, service, target):
    """A composition root's `lazy var x: T = make()` becomes `var x: T { make() }`."""
    return computed_instead(swift, statement, service, target, r"lazy\s+var", "var", False) or \
        "no singleton spelling for a factory method of a composition root"


def static_let_scope(swift, statement, service, target):
    """A shared instance `static let shared = T(...)` becomes `static var shared: T { T(...) }`."""
    return computed_instead(swift, statement, service, target, r"static\s+let", "static var", True) or \
        "no singleton spelling for a shared instance (it is one)"


SPECIAL_SCOPES = {"needle": needle_scope, "composition": lazy_var_scope,
                  "has-environment": lazy_var_scope, "singleton": static_let_scope}


def local_name(text, offset):
    """`let name = <request at offset>`: the name, else None."""
    line_start = text.rfind("\n", 0, offset) + 1
    m = re.search(r"\b(?:let|var)\s+(\w+)\s*(?::\s*[^=]+)?=\s*(?:try[!?]?\s+)?$",
                  text[line_start:offset])
    return m.group(1) if m else None


def passed_on(text, statement, name):
    """Is local `name` used other than `name.member` after its declaration in `statement`?"""
    if statement is None:
        return True
    owner_end = statement.end
    # the rest of the enclosing closure: up to the first line that closes it
    depth, end = 0, len(text)
    for token in tokens(text, statement.end):
        if token.kind == "open":
            depth += 1
        elif token.kind == "close":
            depth -= 1
            if depth < 0:
                end = token.start
                break
    rest = text[owner_end:end]
    uses = list(re.finditer(r"(?<![\w.$])" + re.escape(name) + r"(?![\w$])", rest))
    if not uses:
        return False
    return any(not re.match(r"\s*[!?]?\s*\.\s*[A-Za-z_]", rest[u.end():]) for u in uses)


def eager_or_deferred_required(e):
    return not e.get("missing") and not e.get("optional")


def edge_sort_key(e):
    loc = e.get("location") or {}
    return (loc.get("file", ""), loc.get("line", 0), loc.get("column", 0), e.get("to", ""))


def inside(loc, file, swift, span):
    if not loc or loc.get("file") != file:
        return False
    offset = swift.offset(loc["line"], loc["column"])
    return offset is not None and span[0] <= offset < span[1]


def result_is_called(text, offset):
    """Is the value requested at `offset` used on the spot (`resolve(F.self)!.make()`)?"""
    m = re.compile(r"[\w.\\]*").match(text, offset)
    i = m.end()
    while i < len(text) and text[i] in " \t":
        i += 1
    if i < len(text) and text[i] == "(":
        i = balanced_end(text, i)
    m = re.compile(r"\s*[!?]?\s*\.\s*([A-Za-z_]\w*)").match(text, i)
    return bool(m) and m.group(1) not in ("self",)


# ================================================================ cycle plants that compile

TYPE_BODY_WORDS = re.compile(r"\b(class|struct|enum|extension|protocol|actor)\b")
CLOSURE_SIGNATURE = re.compile(
    r"\s*(?:\[[^\]\n]*\]\s*)?(?:\([^(){}]*\)|[\w$]+(?:\s*,\s*[\w$]+)*)"
    r"(?:\s*(?:async|throws|rethrows))*(?:\s*->\s*[^{}\n]+?)?\s+in\b")


def postfix_chain_start(text, start, floor):
    """Walk left from `start` over `a.b(...).` chains and a leading `\\`: where the chain begins."""
    i = start
    while True:
        j = i
        while j > floor and text[j - 1] in " \t":
            j -= 1
        if j > floor and text[j - 1] == "." and not text[j - 2:j] == "..":
            k = j - 1
            while k > floor and text[k - 1] in " \t\n":
                k -= 1
            if k > floor and text[k - 1] in ")]":
                k = matching_open(text, k - 1, floor)
                if k is None:
                    return i
                m = re.search(r"[\w$]+\s*$", text[floor:k])
                i = floor + m.start() if m else k
                continue
            m = re.search(r"[\w$]+$", text[floor:k])
            if not m:
                return i
            i = floor + m.start()
            continue
        return i


def matching_open(text, close, floor):
    """`text[close]` is `)` or `]`: the index of its opening bracket (after `floor`), or None."""
    depth = 0
    for i in range(close, floor - 1, -1):
        c = text[i]
        if c in ")]}":
            depth += 1
        elif c in "([{":
            depth -= 1
            if depth == 0:
                return i
    return None


def postfix_chain_end(text, end):
    """Walk right from `end` over `.member`, `(...)` calls, `!` and `?`: where the chain ends."""
    while True:
        m = re.compile(r"[ \t]*(?:\.\s*[\w$]+|[!?](?!=)|(?=\())").match(text, end)
        if not m or m.end() == end and not text.startswith("(", end):
            return end
        end = m.end()
        if text.startswith("(", end):
            end = balanced_end(text, end)


def request_span(text, at, length, statement):
    """The request expression around the word at [at, at+length): `r.resolve(X.self)!`,
    `Container.shared.x()`, `X.shared`, `self.x`, `x`; None when it cannot be told."""
    floor = statement.start
    start = postfix_chain_start(text, at, floor)
    end = postfix_chain_end(text, at + length)
    cast = re.search(r"[\w$)\]!?]\s+as[!?]?\s+$", text[floor:start])
    if cast and text[start:at] == "":
        # `r.resolve() as X`: the request is the cast expression
        k = floor + cast.start() + 1
        if text[k - 1] in ")]":
            opening = matching_open(text, k - 1, floor)
            if opening is None:
                return None
            k = opening
        w = re.search(r"[\w$]+\s*$", text[floor:k])
        if not w:
            return None
        return postfix_chain_start(text, floor + w.start(), floor), end
    core = text[start:end]
    if re.fullmatch(r"[\w$]+\s*\.\s*(self|Type|Protocol)", core.strip()):
        # a metatype argument: the request is the call around it
        open_paren = None
        depth = 0
        for i in range(start - 1, floor - 1, -1):
            c = text[i]
            if c in ")]}":
                depth += 1
            elif c in "([{":
                if depth == 0:
                    open_paren = i if c == "(" else None
                    break
                depth -= 1
        if open_paren is not None:
            callee_end = open_paren
            m = re.search(r"[\w$]+\s*(?:<[^<>()]*>)?\s*$", text[floor:callee_end])
            if not m:
                return None
            start = postfix_chain_start(text, floor + m.start(), floor)
            end = postfix_chain_end(text, balanced_end(text, open_paren))
        else:
            m = re.compile(r"\s*(~>|<~)\s*$").search(text[floor:start])
            if not m:
                return None
            left = floor + m.start()
            k = left
            while k > floor and text[k - 1] in " \t":
                k -= 1
            w = re.search(r"[\w$]+$", text[floor:k])
            if not w:
                return None
            start = postfix_chain_start(text, floor + w.start(), floor)
    return start, end


def added_request(swift, at, words):
    """The request of X at `at`, copied with A's spelling into a statement of its own before
    the statement holding it (`_ = r.resolve(A.self)`), so the file still compiles: X is still
    requested with its own type, A is requested too. A single-expression body gets `return`.
    Returns (new text, spelled request) or a reason string."""
    text = swift.text
    statement = swift.statement_at(at)
    if statement is None:
        return "request outside any statement"
    owner = swift.enclosing_statement(statement)
    if owner is None:
        return "request at file level"
    header = text[owner.start:statement.frame_open]
    in_type_body = TYPE_BODY_WORDS.search(header) and not re.search(
        r"\b(func|init|var|let|get|set)\b", header.split("{")[-1])
    span = request_span(text, at, len(words[0]), statement)
    spelled = respelled_request(text, at, words, span)
    if in_type_body:
        return lazy_value_with_request(text, statement, at, spelled)
    if spelled.reason:
        return spelled.reason
    start, spelled = span[0], spelled.text
    body_start = statement.start
    signature = CLOSURE_SIGNATURE.match(text, statement.frame_open + 1) \
        if text[statement.frame_open] == "{" else None
    if signature and signature.end() > statement.start and signature.end() <= at:
        body_start = signature.end()
        while body_start < len(text) and text[body_start] in " \t\n":
            body_start += 1
    effects = effects_in(text[body_start:start])
    line_start = text.rfind("\n", 0, body_start) + 1
    same_line = text[line_start:body_start].strip() != ""
    indent = re.match(r"[ \t]*", text[line_start:]).group()
    added = f"_ = {effects}{spelled}"
    implicit_return = statement.count_in_frame == 1 and not is_declaration_text(
        text[body_start:statement.end]) and not text.startswith("return", body_start) and \
        not re.match(r"(if|guard|switch|for|while|do|defer|throw)\b", text[body_start:]) and \
        yields_value(header)
    rest = ("return " if implicit_return else "") + text[body_start:]
    if same_line:
        new_text = text[:body_start] + added + "; " + rest
    else:
        new_text = text[:body_start] + added + "\n" + indent + rest
    return new_text, spelled


class Respelled:
    """A request's text with A's name for X's, or why there is none."""

    def __init__(self, text=None, reason=None):
        self.text, self.reason = text, reason


def respelled_request(text, at, words, span):
    if span is None:
        return Respelled(reason="request expression not told (an operator or an unlabelled form)")
    start, end = span
    spelled = text[start:at] + words[1] + text[at + len(words[0]):end]
    if "\n" in spelled or len(spelled) > 160:
        return Respelled(reason="request expression spans lines")
    return Respelled(text=spelled)


def effects_in(text):
    """`try ` and `await ` when `text` (what precedes the request in its statement) has them."""
    return ("try " if re.search(r"\btry\b", text) else "") + \
        ("await " if re.search(r"\bawait\b", text) else "")


def lazy_value_with_request(text, statement, at, spelled):
    """A request in a `lazy var x: T = e` of a type body: `e` becomes `{ _ = request; return
    e }()`, an immediately applied closure (non-escaping, so `self` stays implicit)."""
    m = re.compile(r"(?:[\w@]+(?:\([^()]*\))?\s+)*?lazy\s+var\s+\w+\s*(?::\s*[^=\n{]+?\s*)?=\s*").match(
        text, statement.start, statement.end)
    if not m or at < m.end():
        return "request in a type body (a stored property's value): no statement to add"
    if spelled.reason:
        return spelled.reason
    value = text[m.end():statement.end]
    if value.lstrip().startswith("{"):
        return "lazy value is already a closure"
    new_value = f"{{ _ = {effects_in(value)}{spelled.text}; return {value} }}()"
    return text[:m.end()] + new_value + text[statement.end:], spelled.text


def yields_value(header):
    """Does the body opened after `header` give a value with its single expression: a closure
    (no declaration word owns it), a getter, a function with a result; not an `init`, a
    setter, an observer or a function without one."""
    own = re.split(r"[{}]", header)[-1]
    if re.search(r"\b(init|deinit|set|willSet|didSet)\b\s*(\(|$)", own):
        return False
    if re.search(r"\bfunc\b", own):
        return "->" in own
    return True


# How a member is asked for: a call or a read (a `let` and a `var` are read alike).
ACCESS_OF = {"func": "call", "var": "read", "let": "read", "case": "case", "subscript": "subscript"}


MODULE_FOLDERS = {"Sources", "Source", "Interface", "Interfaces", "Implementation", "Implementations"}


def module_of(relative):
    """(the folders of a file's module, the module's likely name): up to the last folder named
    like a target's sources (`Projects/Domain/PlayerDomain/Interface` -> `PlayerDomain`), else
    the tree's first folder (an app's one module)."""
    parts = relative.split("/")[:-1]
    marks = [i for i, part in enumerate(parts) if part in MODULE_FOLDERS]
    if not marks:
        return tuple(parts[:1]), None
    i = marks[-1]
    return tuple(parts[:i + 1]), (parts[i - 1] if i > 0 else None)


def visible_wherever(a, b):
    """Is A declared in every program B is (habitica's `TaskManager` is only in its extensions,
    so the app's `AuthenticationManager` cannot name it)? Unknown programs: assumed so."""
    a_programs = set(filter(None, (a.get("program") or "").split(", ")))
    b_programs = set(filter(None, (b.get("program") or "").split(", ")))
    return not a_programs or not b_programs or b_programs <= a_programs


def edge_taken(a_id, b_id):
    """The graph check of a cycle plant: the mutated graph has the eager edge B -> A."""
    def check(mutated):
        return "edge B->A" if any(e["to"] == a_id and eager(e)
                                  for e in mutated.out_edges.get(b_id, [])) else "no edge B->A"
    return check


def reached_alike(x, a):
    """Can A be asked for with X's request spelled with A's name: both from one container of
    one style, or both members of one owner (`Deps.storage`, `Deps.dataProvider`)."""
    if x.get("style") == a.get("style") and x.get("container") == a.get("container"):
        return True
    x_parts, a_parts = id_parts(x["id"]), id_parts(a["id"])
    return bool(x_parts and a_parts) and len(x_parts[0]) > 1 and \
        x_parts[0][:-1] == a_parts[0][:-1]


def is_declaration_text(text):
    m = re.match(r"[@#]?\w+", text)
    word = m.group() if m else ""
    return word.startswith("@") or word in DECLARATION_WORDS


# ================================================================ choosing

def member_used_on_the_spot(text, offset, edge):
    """`AuthenticationManager.shared.initialize(...)`: a shared instance read only to call a
    method of it (habitica's `TaskManager`), so the holder keeps nothing."""
    parts = id_parts(edge.get("to", ""))
    if not parts or len(parts[0]) < 2:
        return False
    member = parts[0][-1]
    line_end = text.find("\n", offset)
    line = text[offset:len(text) if line_end < 0 else line_end]
    # `.initialize(...)`, `.$entries.sink {...}` (nostur's publisher): a use on the spot
    m = re.match(r"[\w.\s]*?\b" + re.escape(member) + r"\s*[!?]?\s*\.\s*(\$?[A-Za-z_]\w*)", line)
    return bool(m) and m.group(1) != "self"


def rng_for(app_key, seed):
    digest = hashlib.sha256(f"{seed}:{app_key}".encode()).hexdigest()
    return random.Random(int(digest[:16], 16))


def unique_pairs(candidates):
    """One candidate per (from, to): the edge with the first location."""
    best = {}
    for a, b, edge in sorted(candidates, key=lambda c: (c[0], c[1], edge_sort_key(c[2]))):
        best.setdefault((a, b), (a, b, edge))
    return list(best.values())


def valid_plants(candidates, kinds, rng):
    """Every candidate of each kind is checked (for the counts); the valid plants per kind, in
    seeded random order, and the number of candidates examined per kind."""
    builders = {
        "missing": (list(candidates.missing_candidates()), candidates.missing),
        "cycle": (unique_pairs(candidates.cycle_candidates()), candidates.cycle),
        "captive": (unique_pairs(candidates.captive_candidates()), candidates.captive),
    }
    valid, examined = {}, {}
    for kind in kinds:
        pool, build = builders[kind]
        pool = sorted(pool, key=lambda c: (c[0], c[1] if kind != "missing" else ""))
        rng.shuffle(pool)
        valid[kind] = []
        for candidate in pool:
            plant = build(*candidate)
            if plant is not None and not candidates.mutable(plant.file):
                candidates.skip(kind, "the file to edit is test code or test support (mocks)")
            elif plant is not None:
                valid[kind].append(plant)
        examined[kind] = len(pool)
    return valid, examined


def take(result, kind, count):
    """Up to `count` more plants of `kind` for the app, never a service planted twice."""
    taken = 0
    used = result.used.setdefault(kind, set())
    for plant in result.valid.get(kind, []):
        if taken >= count:
            break
        names = plant.service_key.split("|")
        if plant in result.plants or any(n in used for n in names):
            continue
        used.update(names)
        plant.index = sum(1 for p in result.plants if p.kind == kind) + 1
        result.plants.append(plant)
        taken += 1
    return taken


def choose(results, kinds, per_kind, at_least):
    """--per-kind plants of each kind per app; then, while fewer than --at-least in all, one
    more per app and round (kinds taking turns, apps in list order) from apps with spare
    candidates, so idioms rich in candidates make up for those that have none."""
    for result in results:
        for kind in kinds:
            take(result, kind, per_kind)
    total = sum(len(r.plants) for r in results)
    round_number = 0
    while total < at_least:
        added = 0
        for i, result in enumerate(results):
            for shift in range(len(kinds)):
                kind = kinds[(i + round_number + shift) % len(kinds)]
                if take(result, kind, 1):
                    result.topped_up += 1
                    added += 1
                    break
            if total + added >= at_least:
                break
        if added == 0:
            break
        total += added
        round_number += 1
    for result in results:
        result.plants.sort(key=lambda p: (kinds.index(p.kind), p.index))
        for kind in kinds:
            n = sum(1 for p in result.plants if p.kind == kind)
            result.stats[kind] = (result.examined.get(kind, 0),
                                  len(result.valid.get(kind, [])), n)


# ================================================================ running a plant

def scratch_root(tree, wanted):
    """A scratch folder on the tree's file system when possible (for `cp -al`)."""
    if wanted:
        return wanted
    device = os.stat(tree).st_dev
    for folder in ("/dev/shm", "/tmp"):
        if os.path.isdir(folder) and os.stat(folder).st_dev == device:
            return folder
    return "/dev/shm" if os.path.isdir("/dev/shm") else tempfile.gettempdir()


def make_base(tree, scratch):
    """The app's tree under `scratch`: hard links if the same file system, else a copy of
    everything but large non-source files."""
    base = tempfile.mkdtemp(prefix="plant-base-", dir=scratch)
    target = os.path.join(base, "tree")
    if os.stat(tree).st_dev == os.stat(scratch).st_dev:
        subprocess.run(["cp", "-al", tree, target], check=True)
    else:
        shutil.copytree(tree, target, symlinks=True, ignore=skip_large_files)
    return base, target


def skip_large_files(folder, names):
    skipped = []
    for name in names:
        path = os.path.join(folder, name)
        if name == ".git":
            skipped.append(name)
        elif os.path.isfile(path) and not os.path.islink(path) and \
                not name.endswith((".swift", ".pbxproj", ".yml", ".yaml", ".json", "BUILD",
                                   ".bazel", ".xcworkspacedata", ".xcscheme")) and \
                os.path.getsize(path) > 256 * 1024:
            skipped.append(name)
    return skipped


def run_plant(plant, base_tree, scratch, digraph, timeout, baseline_keys, out_dir, app_key):
    work = tempfile.mkdtemp(prefix="plant-", dir=scratch)
    try:
        copy = os.path.join(work, "tree")
        subprocess.run(["cp", "-al", base_tree, copy], check=True)
        target = os.path.join(copy, plant.file)
        os.unlink(target)                      # never write through the hard link
        with open(target, "w", encoding="utf-8", errors="surrogateescape") as handle:
            handle.write(plant.new_text)
        json_path = os.path.join(work, "report.json")
        run = gauntlet.run_digraph(digraph, copy, json_path, os.path.join(work, "stderr"),
                                   timeout, extra=UNGROUPED)
        plant.seconds = run.seconds
        plant.status = run.status
        if run.report is None:
            if gauntlet.STOPPING:               # killed by our own stop: it did not run
                return plant
            plant.found, plant.message = "run failed", f"{run.status} exit={run.code}: " + \
                (run.stderr.strip().splitlines() or [""])[-1][:160]
            return plant
        judge(plant, run.report, baseline_keys)
        if plant.found != "yes":
            keep = os.path.join(out_dir, "misses", f"{app_key}-{plant.kind}-{plant.index}.json")
            os.makedirs(os.path.dirname(keep), exist_ok=True)
            shutil.copyfile(json_path, keep)
        return plant
    finally:
        shutil.rmtree(work, ignore_errors=True)


def judge(plant, report, baseline_keys):
    """Did the mutated report gain a finding of the expected rule naming the planted services?"""
    mutated = Graph(report)
    plant.found = "no"
    plant.graph = plant.check_graph(mutated)
    rule = RULE_OF[plant.kind]
    wanted = plant.expected["services"]
    matches = []
    for d in report.get("diagnostics", []):
        if d.get("rule") != rule or d.get("suppressed"):
            continue
        if baseline_keys.get(finding_key(d), 9) <= SEVERITY_RANK.get(d.get("severity"), 9):
            continue
        services = d.get("services", [])
        if plant.kind == "missing":
            # `any P` and `P` name one key (digraph spells an existential request `any P`)
            types = {base_type(existential_base(s)) for s in services}
            services = [existential_base(s) for s in services]
            hit = wanted[0] in services or plant.expected["type"] in types or \
                any(alias in types for alias in plant.expected["aliases"]) or \
                any(needle_requirement(s, plant.expected.get("member")) for s in services)
        else:
            hit = all(w in services for w in wanted)
        if hit:
            matches.append(d)
    if matches:
        best = min(matches, key=lambda d: SEVERITY_RANK.get(d.get("severity"), 9))
        plant.found, plant.severity = "yes", best.get("severity", "?")
        plant.message = best.get("message", "").replace("\n", " / ")
    elif plant.kind == "captive":
        # A captive needs a holder cached beyond one resolution. A Needle `shared {}` in a
        # component that its parent rebuilds on every use caches per component (graph): the
        # respelled holder keeps nothing longer than before, so there is no defect to find.
        holder, held = wanted[0], wanted[1]
        h_life, d_life = mutated.lifetime(holder), mutated.lifetime(held)
        if h_life not in CACHED or d_life not in SHORTER_THAN_SINGLETON:
            plant.found = "invalid"
            plant.message = (f"after planting {holder} is {h_life} and {held} {d_life}: "
                             "no holder cached beyond one resolution keeps it")


def existential_base(service_id):
    return service_id[4:] if service_id.startswith("any ") else service_id


def conformances(header):
    """The conformance names of `class X: Base<A, B>, P1, P2` (generic arguments skipped)."""
    _, colon, rest = header.partition(":")
    if not colon:
        return []
    names, depth, current = [], 0, ""
    for c in rest.split("where")[0]:
        depth += (c == "<") - (c == ">")
        if c == "," and depth == 0:
            names.append(current)
            current = ""
        elif depth == 0 and c != ">":
            current += c
    names.append(current)
    return [n.strip().split(".")[-1] for n in names if n.strip()]


def conformance_removal(text, start, brace, name):
    """The edit that drops `name` from the conformance list in text[start:brace]."""
    header = text[start:brace]
    for pattern, replacement in ((r":\s*(?:@retroactive\s+)?NAME\s*$", " "),
                                 (r",\s*(?:@retroactive\s+)?NAME\b", ""),
                                 (r"(:\s*)(?:@retroactive\s+)?NAME\s*,\s*", None)):
        m = re.search(pattern.replace("NAME", name), header)
        if m:
            new = m.group(1) if replacement is None else replacement
            return start + m.start(), start + m.end(), new
    return None


def open_conditionals(text, start, end):
    """How many `#if` blocks are open at `end`, counting from `start`."""
    depth = 0
    for m in re.finditer(r"^\s*#(if|endif)\b", text[start:end], re.M):
        depth += 1 if m.group(1) == "if" else -1
    return max(depth, 0)


def needle_requirement(service_id, member):
    """`SomeDependency.member`: a Needle dependency-protocol requirement for `member` (the protocol
    may be named anything: `EpisodeComponentProvider: Dependency`)."""
    if not member:
        return False
    owner, _, name = base_type(service_id).rpartition(".")
    return name == member and bool(owner)


def write_patch(out_dir, app_key, plant, original_text):
    path = os.path.join(out_dir, "patches", app_key, f"{plant.kind}-{plant.index}.diff")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    diff = difflib.unified_diff(original_text.splitlines(True), plant.new_text.splitlines(True),
                                f"a/{plant.file}", f"b/{plant.file}", n=2)
    with open(path, "w", encoding="utf-8", errors="surrogateescape") as handle:
        handle.writelines(diff)


# ================================================================ one app, all apps

class AppResult:
    """One app: its baseline, valid plants per kind, the plants chosen, what they gave."""

    def __init__(self, app):
        self.app, self.plants, self.skipped, self.note = app, [], Counter(), ""
        self.valid, self.examined, self.used = {}, {}, {}
        self.stats = {}                 # kind -> (candidates, valid, planted)
        self.keys, self.originals = set(), {}
        self.topped_up, self.seconds = 0, 0.0


def baseline_report(app, tree, args, digraph):
    """The app's own report: from --baseline-from (a gauntlet.py run's OUT/OWNER+NAME.json)
    when there, else a digraph run on the tree. Returns (report or None, note)."""
    # A gauntlet run groups findings with one cause (a plant's site can hide in a group's notes):
    # its report is a baseline only when it was run with --ungrouped.
    if args.baseline_from and ungrouped_report(os.path.join(args.baseline_from, app.key + ".json")):
        path = os.path.join(args.baseline_from, app.key + ".json")
        try:
            with open(path, encoding="utf-8") as handle:
                return json.load(handle), f"baseline from {path}"
        except (OSError, ValueError):
            pass
    baseline_dir = os.path.join(args.out, "baseline")
    os.makedirs(baseline_dir, exist_ok=True)
    run = gauntlet.run_digraph(digraph, tree, os.path.join(baseline_dir, app.key + ".json"),
                               os.path.join(baseline_dir, app.key + ".stderr"), args.timeout, extra=UNGROUPED)
    if run.report is None:
        return None, f"baseline {run.status} (exit {gauntlet.describe_code(run.code)})"
    return run.report, f"baseline {run.seconds:.1f}s"


def prepare_app(app, args, digraph):
    """Phase 1: the baseline and every valid plant of the app (the tree is only read)."""
    result = AppResult(app)
    tree = app.tree(args.apps_dir)
    if not os.path.isdir(tree):
        result.note = "not fetched"
        return result
    started = time.monotonic()
    report, result.note = baseline_report(app, tree, args, digraph)
    if report is not None:
        graph = Graph(report)
        candidates = Candidates(tree, graph)
        result.valid, result.examined = valid_plants(candidates, args.kinds,
                                                     rng_for(app.key, args.seed))
        result.skipped = candidates.skipped
        result.keys = graph.finding_keys()
        result.originals = candidates
    result.seconds = time.monotonic() - started
    return result


def run_app(result, args, digraph):
    """Phase 2: the chosen plants of one app, each on its own copy of the tree."""
    app = result.app
    for plant in result.plants:
        write_patch(args.out, app.key, plant, result.originals.swift(plant.file).text)
    result.originals = result.valid = None           # the texts are no longer needed
    if args.dry_run or not result.plants:
        return
    started = time.monotonic()
    tree = app.tree(args.apps_dir)
    scratch = scratch_root(tree, args.scratch)
    base, base_tree = make_base(tree, scratch)
    try:
        run_plants(result.plants, args.jobs, lambda p: run_plant(
            p, base_tree, scratch, digraph, args.timeout, result.keys, args.out, app.key))
    finally:
        shutil.rmtree(base, ignore_errors=True)
        result.seconds += time.monotonic() - started


def run_plants(items, jobs, run):
    """`run` on each item (plant, or app for its baseline), `jobs` at a time; results in order.
    On an interrupt, items not started are dropped and the digraph runs under way are killed
    before the interrupt goes on."""
    pool = ThreadPoolExecutor(max_workers=max(1, jobs))
    futures = [pool.submit(run, item) for item in items]
    try:
        return [future.result() for future in futures]
    except KeyboardInterrupt:
        pool.shutdown(wait=False, cancel_futures=True)
        while not all(future.done() for future in futures):
            gauntlet.kill_children_quietly()
            time.sleep(0.2)
        raise
    finally:
        pool.shutdown(wait=True)


PLANT_COLUMNS = ["app", "style", "di_style", "kind", "where", "description", "found",
                 "severity", "message", "graph", "seconds"]


def plant_rows(results):
    rows = []
    for r in results:
        for p in r.plants:
            rows.append({"app": r.app.repo, "style": r.app.style, "di_style": p.di_style,
                         "kind": p.kind,
                         "where": f"{p.file}:{p.line}", "description": p.description,
                         "found": p.found, "severity": p.severity if p.found == "yes" else "-",
                         "message": p.message, "graph": p.graph, "seconds": f"{p.seconds:.1f}"})
    return rows


def recall_table(rows, key_name, key):
    groups = defaultdict(list)
    for row in rows:
        groups[key(row)].append(row)
    table = []
    for name in sorted(groups):
        table.append(recall_row(key_name, name, groups[name]))
    table.append(recall_row(key_name, "ALL", rows))
    return table


def recall_row(key_name, name, rows):
    # A plant the mutated graph shows is no defect (see judge) is not counted.
    rows = [r for r in rows if r["found"] not in ("not run", "invalid")]
    planted = len(rows)
    found = [r for r in rows if r["found"] == "yes"]
    loud = [r for r in found if r["severity"] in ("error", "warning")]
    failed = sum(1 for r in rows if r["found"] == "run failed")
    return {key_name: name, "planted": planted, "found": len(found),
            "recall": f"{100.0 * len(found) / planted:.0f}%" if planted else "-",
            "as error/warning": len(loud), "only as note": len(found) - len(loud),
            "run failed": failed}


def candidate_table(results):
    totals = defaultdict(lambda: [0, 0, 0])
    for r in results:
        for kind, numbers in r.stats.items():
            for i, n in enumerate(numbers):
                totals[kind][i] += n
    return [{"kind": k, "candidates": t[0], "valid": t[1], "planted": t[2],
             "skipped": t[0] - t[1]} for k, t in sorted(totals.items())]


def report(results, args):
    rows = plant_rows(results)
    gauntlet.write_tsv(os.path.join(args.out, "plants.tsv"), rows, PLANT_COLUMNS)
    skipped = Counter()
    for r in results:
        skipped.update(r.skipped)
    with open(os.path.join(args.out, "skipped.tsv"), "w", encoding="utf-8") as handle:
        handle.write("app\tkind\treason\tcount\n")
        for r in results:
            for (kind, reason), n in sorted(r.skipped.items()):
                handle.write(f"{r.app.repo}\t{kind}\t{reason}\t{n}\n")
    print("\nPlants")
    gauntlet.print_table(rows, ["app", "kind", "where", "found", "severity", "graph", "seconds",
                                "description"])
    columns = ["planted", "found", "recall", "as error/warning", "only as note", "run failed"]
    print("\nRecall by kind")
    gauntlet.print_table(recall_table(rows, "kind", lambda r: r["kind"]), ["kind"] + columns)
    print("\nRecall by style")
    gauntlet.print_table(recall_table(rows, "style", lambda r: r["style"]), ["style"] + columns)
    print("\nRecall by DI style of the planted registration (an app may mix styles)")
    gauntlet.print_table(recall_table(rows, "di_style", lambda r: r["di_style"]),
                         ["di_style"] + columns)
    print("\nRecall by style and kind")
    gauntlet.print_table(recall_table(rows, "style/kind", lambda r: f"{r['style']}/{r['kind']}"),
                         ["style/kind"] + columns)
    print("\nPer app")
    gauntlet.print_table([{"app": r.app.repo, "style": r.app.style, "plants": len(r.plants),
                           "topped up": r.topped_up,
                           "found": sum(1 for p in r.plants if p.found == "yes"),
                           "seconds": f"{r.seconds:.0f}", "note": r.note} for r in results],
                         ["app", "style", "plants", "topped up", "found", "seconds", "note"])
    print("\nCandidates (distinct services or edges examined), valid plants, planted")
    gauntlet.print_table(candidate_table(results), ["kind", "candidates", "valid", "planted",
                                                    "skipped"])
    print(f"\nCandidates skipped: {sum(skipped.values())}")
    for (kind, reason), n in sorted(skipped.items(), key=lambda kv: (kv[0][0], -kv[1], kv[0][1])):
        print(f"  {kind:8} {n:6}  {reason}")
    invalid = [r for r in rows if r["found"] == "invalid"]
    counted = [r for r in rows if r["found"] != "invalid"]
    misses = [r for r in counted if r["found"] != "yes"]
    print(f"\n{len(counted)} plants, {len(counted) - len(misses)} found"
          + (f" ({len(invalid)} more planted no defect: see `invalid` rows)" if invalid else "")
          + f"; written {args.out}/plants.tsv")


def main(argv=None):
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)     # `| head` ends quietly
    signal.signal(signal.SIGTERM, gauntlet.kill_children)   # scratch copies are removed too
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    gauntlet.add_selection_arguments(parser)
    parser.add_argument("--out", default=os.path.join(gauntlet.ROOT, ".build", "plants"))
    parser.add_argument("--per-kind", type=int, default=2, help="plants per kind per app")
    parser.add_argument("--at-least", type=int,
                        help="top up beyond --per-kind, one per app and round, until this many "
                             "plants in all (default 2.5 per app selected: 110 for 44 apps; "
                             "0: never)")
    parser.add_argument("--kinds", nargs="+", choices=KINDS, default=KINDS)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1,
                        help="digraph runs at once (baselines, then each app's plants)")
    parser.add_argument("--baseline-from", metavar="DIR",
                        help="take each app's baseline report from a gauntlet.py run's --out")
    parser.add_argument("--dry-run", action="store_true",
                        help="choose the plants and write their patches, run nothing")
    parser.add_argument("--scratch", help="folder for the copies (default: /dev/shm or /tmp, "
                                          "whichever shares the tree's file system)")
    args = parser.parse_args(argv)
    digraph = gauntlet.pinned(gauntlet.find_digraph(args.digraph))
    apps = gauntlet.select_apps(args)
    if args.at_least is None:
        args.at_least = (5 * len(apps) + 1) // 2
    os.makedirs(args.out, exist_ok=True)
    print(f"apps: {len(apps)} ({args.half}), per kind {args.per_kind}, at least "
          f"{args.at_least} in all, "
          f"seed {args.seed}", flush=True)
    results = []
    try:
        def prepare(app):
            result = prepare_app(app, args, digraph)
            valid = sum(len(v) for v in result.valid.values())
            print(f"baseline {app.repo}: {valid} valid plants ({result.note})",
                  file=sys.stderr, flush=True)
            return result

        results = run_plants(apps, args.jobs, prepare)
        choose(results, args.kinds, args.per_kind, args.at_least)
        print(f"chosen: {sum(len(r.plants) for r in results)} plants "
              f"({sum(r.topped_up for r in results)} beyond --per-kind to reach "
              f"--at-least {args.at_least})", file=sys.stderr, flush=True)
        for i, result in enumerate(results, 1):
            run_app(result, args, digraph)
            found = sum(1 for p in result.plants if p.found == "yes")
            print(f"[{i}/{len(results)}] {result.app.repo}: {len(result.plants)} plants, "
                  f"{found} found, {result.seconds:.0f}s", file=sys.stderr, flush=True)
    except KeyboardInterrupt:
        gauntlet.kill_children_quietly()
        print("interrupted: the report covers what ran so far", file=sys.stderr)
    report(results, args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
