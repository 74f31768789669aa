#!/usr/bin/env python3
"""Run digraph over the gauntlet of public apps and show what it reported.

    scripts/gauntlet.py run [--half tune|judge|all] [--apps-dir DIR] [--list FILE | --trees]
                            [--out DIR] [--only REPO ...] [--timeout S] [--digraph PATH]
    scripts/gauntlet.py findings OUT/OWNER+NAME.json [...] [--severity error|warning|note]
                                 [--rule R ...] [--suppressed]

The gauntlet is listed in gauntlet/apps.tsv (tab-separated: half, style, build, repo, commit,
swift_files, swift_lines, notes; `#` starts a comment line; a header row whose first field is
`half` is skipped). Each app's source is one extracted tree, APPS_DIR/OWNER+NAME. `--trees` (or a
missing list) takes every folder under --apps-dir as an app instead, e.g. `--apps-dir Examples`.

`run` checks each tree with

    digraph check . --isolated --format json --no-cache --no-progress --fail-on never

from inside the tree (so locations are relative to the tree; `--isolated` keeps a tree that
sits inside another project, such as Examples/*, to itself), killed after --timeout seconds.
Per app it keeps OUT/OWNER+NAME.json (stdout) and OUT/OWNER+NAME.stderr, and records the exit
code, wall time, peak memory and the finding counts. A status other than `ok` is one of:
`not fetched` (no tree; not a failure), `tool error` (exit 2), `crash` (a signal or an exit code
other than 0, 1, 2), `timeout`, `bad json` (exit 0/1 but stdout is not a digraph-report/1),
`killed` (SIGKILL from outside three times in a row, e.g. a `pkill` during a rebuild).
OUT/summary.tsv has one row per app; the printed table adds totals per half and per rule.
Exit 1 when any app crashed, timed out or printed bad JSON.

`findings` prints each error and warning of a saved report (and notes with --severity note),
one per line: `severity rule file:line:col message [program]`, sorted by file, line, column,
rule. With several reports each line starts with the app's name.

The digraph binary is --digraph, else $DIGRAPH, else .build/release/digraph when present, else
.build/debug/digraph; it is copied first and the copy is run, so a rebuild during a long run
cannot mix versions. Output (default OUT = .build/gauntlet) is ordered deterministically: apps
by half, style and repository; findings by file, line, column, rule.
"""
import argparse
import atexit
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_LIST = os.path.join(ROOT, "gauntlet", "apps.tsv")
DEFAULT_APPS_DIR = "/work/gauntlet"
COLUMNS = ["half", "style", "build", "repo", "commit", "swift_files", "swift_lines", "notes"]
SEVERITIES = ["error", "warning", "note"]
HALF_ORDER = {"tune": 0, "judge": 1, "fresh": 2, "fresh2": 3, "fresh3": 4, "fresh4": 5, "fresh5": 6, "fresh6": 7, "fresh7": 8, "fresh8": 9, "fresh9": 10, "bazel": 11, "fresh10": 12, "fresh11": 13, "fresh12": 14, "fresh13": 15, "fresh14": 16, "fresh15": 17, "fresh16": 18, "fresh17": 19, "fresh18": 20, "fresh19": 21, "fresh20": 22, "fresh21": 23, "fresh22": 24, "fresh23": 25, "fresh24": 26, "fresh25": 27, "fresh26": 28, "fresh27": 29, "fresh28": 30, "fresh29": 31, "fresh30": 32, "fresh31": 33, "fresh32": 34, "fresh33": 35, "fresh34": 36, "fresh35": 37, "fresh36": 38, "fresh37": 39}
FAILING = {"crash", "timeout", "bad json"}


# ---------------------------------------------------------------- the list of apps

class App:
    """One row of apps.tsv (or one folder of --apps-dir with --trees)."""

    def __init__(self, fields):
        for name in COLUMNS:
            setattr(self, name, fields.get(name, ""))
        # `owner/name:variant`: a second pinned tree of one repository (another commit), kept
        # in its own folder `owner+name-variant`.
        repo, _, variant = self.repo.partition(":")
        self.key = repo.replace("/", "+") + (f"-{variant}" if variant else "")

    def tree(self, apps_dir):
        return os.path.join(apps_dir, self.key)

    def sort_key(self):
        return (HALF_ORDER.get(self.half, 10), self.half, self.style, self.repo.lower())


def read_list(path):
    apps = []
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            line = line.rstrip("\n")
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            cells = line.split("\t")
            if cells[0].strip() == "half":
                continue
            apps.append(App({name: (cells[i].strip() if i < len(cells) else "")
                             for i, name in enumerate(COLUMNS)}))
    return apps


def trees_as_apps(apps_dir):
    apps = []
    for name in sorted(os.listdir(apps_dir)):
        if os.path.isdir(os.path.join(apps_dir, name)) and not name.startswith("."):
            apps.append(App({"half": "tune", "style": "?", "repo": name.replace("+", "/", 1)}))
    return apps


def select_apps(args):
    """The apps to run, filtered by --half and --only, in a deterministic order."""
    if args.trees or not os.path.exists(args.list):
        if not args.trees:
            print(f"note: no list at {args.list}; taking every folder of {args.apps_dir}",
                  file=sys.stderr)
        apps = trees_as_apps(args.apps_dir)
    else:
        apps = read_list(args.list)
    if args.half != "all":
        apps = [a for a in apps if a.half == args.half]
    if args.only:
        wanted = {o.lower().replace("+", "/") for o in args.only}
        apps = [a for a in apps
                if a.repo.lower() in wanted or a.repo.split("/")[-1].lower() in wanted]
    seen, unique = set(), []
    for app in sorted(apps, key=App.sort_key):
        if app.key not in seen:
            seen.add(app.key)
            unique.append(app)
    return unique


def find_digraph(explicit=None):
    for candidate in (explicit, os.environ.get("DIGRAPH"),
                      os.path.join(ROOT, ".build", "release", "digraph"),
                      os.path.join(ROOT, ".build", "debug", "digraph")):
        if candidate and os.path.isfile(candidate) and os.access(candidate, os.X_OK):
            return os.path.abspath(candidate)
    sys.exit("gauntlet: no digraph binary (give --digraph or $DIGRAPH, or build it)")


def pinned(digraph):
    """A private copy of the binary for this run (removed at exit), so that a rebuild while a
    long run goes on cannot mix two versions; says which version it is."""
    folder = tempfile.mkdtemp(prefix="digraph-pinned-")
    atexit.register(shutil.rmtree, folder, True)
    copy = os.path.join(folder, "digraph")
    shutil.copy2(digraph, copy)
    try:
        version = subprocess.run([copy, "--version"], capture_output=True, text=True,
                                 timeout=60).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        version = "?"
    print(f"digraph: {digraph} ({version}), run from a copy", flush=True)
    return copy


# ---------------------------------------------------------------- running digraph

class Run:
    """What one digraph run did."""

    def __init__(self, status, code, seconds, peak_mb, report=None, stderr=""):
        self.status, self.code, self.seconds, self.peak_mb = status, code, seconds, peak_mb
        self.report, self.stderr = report, stderr

    def counts(self):
        summary = (self.report or {}).get("summary", {})
        return {sev: summary.get(sev + "s", 0) for sev in SEVERITIES}


LIVE = set()            # process groups of the digraph runs under way
STOPPING = []           # not empty once the script is being stopped: no more retries


def kill_children(*_):
    """Ends the digraph runs this script started (their process groups), then stops."""
    STOPPING.append(True)
    for pid in list(LIVE):
        try:
            os.killpg(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    raise KeyboardInterrupt


def kill_children_quietly():
    try:
        kill_children()
    except KeyboardInterrupt:
        pass


def run_digraph(digraph, tree, json_path, stderr_path, timeout, extra=(), retries=2):
    """`digraph check . --format json` inside `tree`; stdout to json_path, stderr to stderr_path.
    A run killed from outside (SIGKILL before the timeout: someone's `pkill`, the OOM killer) is
    retried up to `retries` times, then reported as `killed`, not as a crash of digraph."""
    for attempt in range(retries + 1):
        run = run_digraph_once(digraph, tree, json_path, stderr_path, timeout, extra)
        if not (run.status == "crash" and run.code == -signal.SIGKILL) or STOPPING:
            return run
        time.sleep(5)
    run.status = "killed"
    return run


def run_digraph_once(digraph, tree, json_path, stderr_path, timeout, extra=()):
    command = [digraph, "check", ".", "--isolated", "--format", "json", "--no-cache",
               "--no-progress", "--fail-on", "never", *extra]
    started = time.monotonic()
    with open(json_path, "wb") as out, open(stderr_path, "wb") as err:
        process = subprocess.Popen(command, cwd=tree, stdout=out, stderr=err,
                                   stdin=subprocess.DEVNULL, start_new_session=True)
        timed_out = threading.Event()

        def kill():
            timed_out.set()
            try:
                os.killpg(process.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass

        timer = threading.Timer(timeout, kill)
        timer.start()
        LIVE.add(process.pid)
        try:
            _, wait_status, usage = os.wait4(process.pid, 0)
        finally:
            timer.cancel()
            LIVE.discard(process.pid)
        process.returncode = os.waitstatus_to_exitcode(wait_status)
    seconds = time.monotonic() - started
    peak_mb = usage.ru_maxrss / 1024.0
    stderr = read_text(stderr_path)
    code = process.returncode
    if timed_out.is_set():
        return Run("timeout", code, seconds, peak_mb, stderr=stderr)
    if code < 0 or code not in (0, 1, 2):
        return Run("crash", code, seconds, peak_mb, stderr=stderr)
    if code == 2:
        return Run("tool error", code, seconds, peak_mb, stderr=stderr)
    try:
        with open(json_path, encoding="utf-8") as handle:
            report = json.load(handle)
        if report.get("schema") != "digraph-report/1":
            raise ValueError("schema is not digraph-report/1")
    except (ValueError, OSError):
        return Run("bad json", code, seconds, peak_mb, stderr=stderr)
    return Run("ok", code, seconds, peak_mb, report, stderr)


def read_text(path):
    try:
        with open(path, encoding="utf-8", errors="replace") as handle:
            return handle.read()
    except OSError:
        return ""


def describe_code(code):
    if code is None:
        return "-"
    if code < 0:
        try:
            return f"sig{-code}({signal.Signals(-code).name})"
        except ValueError:
            return f"sig{-code}"
    return str(code)


# ---------------------------------------------------------------- `run`

SUMMARY_COLUMNS = ["half", "style", "repo", "status", "exit", "seconds", "peak_mb", "files",
                   "services", "edges", "errors", "warnings", "notes", "swift_files",
                   "stderr_last_line"]


def summary_row(app, run):
    row = {"half": app.half, "style": app.style, "repo": app.repo,
           "swift_files": app.swift_files or "-"}
    if run is None:
        row.update(status="not fetched", exit="-", seconds="-", peak_mb="-", files="-",
                   services="-", edges="-", errors="-", warnings="-", notes="-",
                   stderr_last_line="")
        return row
    summary = (run.report or {}).get("summary", {})
    lines = [l for l in run.stderr.splitlines() if l.strip()]
    row.update(status=run.status, exit=describe_code(run.code), seconds=f"{run.seconds:.1f}",
               peak_mb=f"{run.peak_mb:.0f}",
               files=str(summary.get("files", "-")), services=str(summary.get("services", "-")),
               edges=str(summary.get("edges", "-")),
               stderr_last_line=(lines[-1][:200] if lines else "").replace("\t", " "))
    for sev, n in run.counts().items():
        row[sev + "s"] = str(n) if run.report else "-"
    return row


def print_table(rows, columns, out=sys.stdout):
    widths = {c: max(len(c), *(len(str(r.get(c, ""))) for r in rows)) if rows else len(c)
              for c in columns}
    out.write("  ".join(c.ljust(widths[c]) for c in columns).rstrip() + "\n")
    for r in rows:
        out.write("  ".join(str(r.get(c, "")).ljust(widths[c]) for c in columns).rstrip() + "\n")


def half_totals(rows):
    totals = {}
    for row in rows:
        t = totals.setdefault(row["half"], {"half": row["half"], "apps": 0, "ran": 0,
                                            "not fetched": 0, "crash": 0, "timeout": 0,
                                            "tool error": 0, "bad json": 0, "killed": 0,
                                            "seconds": 0.0,
                                            "errors": 0, "warnings": 0, "notes": 0})
        t["apps"] += 1
        if row["status"] == "not fetched":
            t["not fetched"] += 1
            continue
        t["ran"] += 1
        if row["status"] in t:
            t[row["status"]] += 1
        t["seconds"] += float(row["seconds"])
        for sev in ("errors", "warnings", "notes"):
            if row[sev] != "-":
                t[sev] += int(row[sev])
    result = [totals[h] for h in sorted(totals, key=lambda h: (HALF_ORDER.get(h, 10), h))]
    for t in result:
        t["seconds"] = f"{t['seconds']:.1f}"
    return result


def rule_totals(reports):
    """{(half, rule): {severity: count}} over the reports that ran."""
    totals = {}
    for half, report in reports:
        for d in report.get("diagnostics", []):
            if d.get("suppressed"):
                continue
            per = totals.setdefault((half, d["rule"]), {s: 0 for s in SEVERITIES})
            per[d["severity"]] = per.get(d["severity"], 0) + 1
    return [dict(half=h, rule=r, **totals[(h, r)])
            for h, r in sorted(totals, key=lambda k: (HALF_ORDER.get(k[0], 10), k[0], k[1]))]


def command_run(args):
    digraph = pinned(find_digraph(args.digraph))
    apps = select_apps(args)
    os.makedirs(args.out, exist_ok=True)
    print(f"apps: {len(apps)} ({args.half}) from "
          f"{'the folders of ' + args.apps_dir if args.trees else args.list}\n", flush=True)
    rows, reports = [], []
    for i, app in enumerate(apps, 1):
        tree = app.tree(args.apps_dir)
        run = None
        if os.path.isdir(tree):
            run = run_digraph(digraph, tree, os.path.join(args.out, app.key + ".json"),
                              os.path.join(args.out, app.key + ".stderr"), args.timeout)
            if run.report:
                reports.append((app.half, run.report))
        row = summary_row(app, run)
        rows.append(row)
        print(f"[{i}/{len(apps)}] {app.repo}: {row['status']} exit={row['exit']} "
              f"{row['seconds']}s E/W/N={row['errors']}/{row['warnings']}/{row['notes']}",
              file=sys.stderr, flush=True)
    write_tsv(os.path.join(args.out, "summary.tsv"), rows, SUMMARY_COLUMNS)
    print_table(rows, [c for c in SUMMARY_COLUMNS if c != "stderr_last_line"])
    print("\nTotals per half")
    print_table(half_totals(rows), ["half", "apps", "ran", "not fetched", "crash", "timeout",
                                    "tool error", "bad json", "killed", "seconds", "errors",
                                    "warnings", "notes"])
    per_rule = rule_totals(reports)
    if per_rule:
        print("\nFindings per rule (unsuppressed)")
        print_table(per_rule, ["half", "rule"] + SEVERITIES)
    for row in rows:
        if row["status"] in FAILING or row["status"] in ("tool error", "killed"):
            print(f"\n{row['status'].upper()}: {row['repo']} exit={row['exit']}: "
                  f"{row['stderr_last_line']}")
    print(f"\nwritten: {os.path.join(args.out, 'summary.tsv')}")
    return 1 if any(r["status"] in FAILING for r in rows) else 0


def write_tsv(path, rows, columns):
    with open(path, "w", encoding="utf-8") as handle:
        handle.write("\t".join(columns) + "\n")
        for r in rows:
            handle.write("\t".join(clean_cell(r.get(c, "")) for c in columns) + "\n")


def clean_cell(value):
    return str(value).replace("\t", " ").replace("\n", " / ")


# ---------------------------------------------------------------- `findings`

def location_text(location):
    if not location:
        return "?:0:0"
    return f"{location.get('file', '?')}:{location.get('line', 0)}:{location.get('column', 0)}"


def finding_line(d):
    message = d.get("message", "").replace("\n", " / ")
    program = f" [{d['program']}]" if d.get("program") else ""
    suppressed = " (suppressed)" if d.get("suppressed") else ""
    where = location_text(d.get("location"))
    return f"{d['severity']} {d['rule']} {where} {message}{program}{suppressed}"


def finding_sort_key(d):
    loc = d.get("location") or {}
    return (loc.get("file", ""), loc.get("line", 0), loc.get("column", 0), d.get("rule", ""),
            SEVERITIES.index(d.get("severity", "note")), d.get("message", ""))


def command_findings(args):
    keep = set(SEVERITIES[:SEVERITIES.index(args.severity) + 1])
    status = 0
    for path in args.reports:
        try:
            with open(path, encoding="utf-8") as handle:
                report = json.load(handle)
        except (OSError, ValueError) as error:
            print(f"gauntlet: cannot read {path}: {error}", file=sys.stderr)
            status = 2
            continue
        prefix = os.path.basename(path)[:-5] + " " if len(args.reports) > 1 else ""
        chosen = [d for d in report.get("diagnostics", [])
                  if d.get("severity") in keep and (not args.rule or d.get("rule") in args.rule)
                  and (args.suppressed or not d.get("suppressed"))]
        for d in sorted(chosen, key=finding_sort_key):
            print(prefix + finding_line(d))
    return status


# ---------------------------------------------------------------- command line

def add_selection_arguments(parser):
    """Options shared with plant.py: which apps, from where."""
    parser.add_argument("--half", choices=sorted(HALF_ORDER, key=HALF_ORDER.get) + ["all"], default="all")
    parser.add_argument("--apps-dir", default=DEFAULT_APPS_DIR)
    parser.add_argument("--list", default=DEFAULT_LIST, help="apps.tsv (default %(default)s)")
    parser.add_argument("--trees", action="store_true",
                        help="ignore the list: every folder under --apps-dir is an app")
    parser.add_argument("--only", nargs="+", metavar="REPO",
                        help="owner/name, owner+name or just name")
    parser.add_argument("--timeout", type=float, default=600, help="seconds per digraph run")
    parser.add_argument("--digraph", help="the binary (default $DIGRAPH, release, debug)")


def main(argv=None):
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)     # `| head` ends quietly
    signal.signal(signal.SIGTERM, kill_children)
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    run = commands.add_parser("run", help="run digraph on every app")
    add_selection_arguments(run)
    run.add_argument("--out", default=os.path.join(ROOT, ".build", "gauntlet"))
    findings = commands.add_parser("findings", help="print the findings of saved reports")
    findings.add_argument("reports", nargs="+", metavar="REPORT.json")
    findings.add_argument("--severity", choices=SEVERITIES, default="warning",
                          help="lowest severity shown (default warning)")
    findings.add_argument("--rule", nargs="+", help="only these rules")
    findings.add_argument("--suppressed", action="store_true", help="show suppressed ones too")
    args = parser.parse_args(argv)
    if args.command == "run":
        return command_run(args)
    return command_findings(args)


if __name__ == "__main__":
    sys.exit(main())
