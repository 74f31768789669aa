#!/usr/bin/env python3
"""Run digraph on every Swift file of many public repositories, one file at a time, and report
crashes, hangs and the slowest files (issue 28, "a real-code crash gauntlet").

    scripts/crash-gauntlet.py [--list FILE] [--apps-dir DIR ...] [--out DIR] [--digraph PATH]
                              [--timeout S] [--jobs N] [--only REPO ...] [--limit N]
    scripts/crash-gauntlet.py --from-tsv OUT/files.tsv      # print the summary of a saved run again

The repositories are listed in gauntlet/crash-repos.tsv (tab-separated: repo OWNER/NAME, commit
(40 hex), swift_files; `#` starts a comment line; a header row whose first field is `repo` is
skipped). Their code is never committed here: each is one extracted tree OWNER+NAME of the pinned
commit (`git --git-dir=REPO.git archive COMMIT | tar -x -C DIR`), looked for in each --apps-dir in
turn (repeatable; default /work/gauntlet, then /work/gauntlet-crash). A repository without a tree
is reported as `not fetched` (not a failure); a tree whose count of Swift files differs from the
list's swift_files is named in the summary (a tree of another commit).

Every `*.swift` regular file of a tree (symlinks skipped, directories sorted, files sorted by
relative path; --limit N keeps the first N of each repository) is checked alone with

    digraph check FILE --isolated --no-cache --format json --fail-on never --no-progress

from inside the tree (FILE relative to it), killed after --timeout seconds (default 20), --jobs
runs at a time (default 2). Per file it records the exit code or signal, wall seconds, CPU seconds,
peak memory and bytes, and a status:

    ok          exit 0 or 1 and stdout is a digraph-report/1
    tool error  exit 2; the stderr line kept is the first one containing `error` (else the first);
                fine when that line names the file and a position (FILE:LINE:COL)
    crash       a signal or an exit code other than 0, 1, 2
    timeout     still running after --timeout seconds
    bad json    exit 0 or 1 but stdout is not JSON with "schema": "digraph-report/1"
    killed      SIGKILL from outside (not our timeout) three times in a row: someone's `pkill`,
                the OOM killer; counted as a failure since the file was never checked

OUT/files.tsv (default OUT = .build/crash-gauntlet) has one row per file in list order;
OUT/files.partial.tsv grows as files finish (completion order), so an interrupted run keeps
what it did. The printed summary gives the repositories, files, bytes and distinct file contents,
the count per status, every crash, timeout, bad json and killed file, the tool errors whose line
does not name the file and a position, the 10 slowest files, and the per-byte ranking:

    fixed cost   the median wall seconds of the files under 1 KB (process start, ~30 ms)
    s/B          wall seconds / bytes, over files of more than 2 KB: the 10 highest, the median,
                 and every file above 100x the median (issue 28's rule: a performance bug)
    net s/B      (wall seconds - fixed cost) / bytes, same files: the 10 highest, the median and
                 the mean rate (sum of net seconds / sum of bytes), and every file above 100x the
                 median, or 100x the mean rate when the median is not above 0 (most files cost
                 little beyond the start, and timing noise), that also spends at least 0.25 s
                 beyond the fixed cost (so that noise on a 2 KB file is not flagged)

Wall times are taken with --jobs runs side by side; the CPU seconds in files.tsv are not disturbed
by that. Exit 1 when any file crashed, timed out, printed bad JSON or was killed; 0 otherwise
(slow files do not change the exit code).

The digraph binary is --digraph, else $DIGRAPH, else .build/release/digraph; it is copied to a
temporary file first and the copy is run, so a rebuild during a long run cannot mix versions.
--only REPO (repeatable: OWNER/NAME, OWNER+NAME or NAME) and --limit N are for quick runs.
"""
import argparse
import atexit
import concurrent.futures
import hashlib
import json
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_LIST = os.path.join(ROOT, "gauntlet", "crash-repos.tsv")
DEFAULT_APPS_DIRS = ["/work/gauntlet", "/work/gauntlet-crash"]
DEFAULT_OUT = os.path.join(ROOT, ".build", "crash-gauntlet")
LIST_COLUMNS = ["repo", "commit", "swift_files"]
FILE_COLUMNS = ["repo", "file", "bytes", "status", "exit", "seconds", "cpu_seconds", "peak_mb",
                "stderr_line"]
STATUSES = ["ok", "tool error", "crash", "timeout", "bad json", "killed"]
FAILING = {"crash", "timeout", "bad json", "killed"}
SMALL_BYTES = 1024          # files under this give the fixed cost
RANKED_BYTES = 2048         # files over this are ranked per byte
SLOW_FACTOR = 100           # above this many times the median per byte: a performance bug
TOP = 10
NET_FLOOR = 0.25         # a net-per-byte outlier must also cost this many seconds beyond the start


# ---------------------------------------------------------------- the list of repositories

class Repo:
    def __init__(self, repo, commit, swift_files):
        self.repo, self.commit, self.swift_files = repo, commit, swift_files
        self.key = repo.replace("/", "+")
        self.tree = None

    def find_tree(self, apps_dirs):
        for folder in apps_dirs:
            tree = os.path.join(folder, self.key)
            if os.path.isdir(tree):
                self.tree = tree
                return tree
        return None


def read_list(path):
    repos = []
    with open(path, encoding="utf-8") as handle:
        for number, line in enumerate(handle, 1):
            line = line.rstrip("\n")
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            cells = [c.strip() for c in line.split("\t")]
            if cells[0] == "repo":
                continue
            if len(cells) < 2 or "/" not in cells[0] or not re.fullmatch(r"[0-9a-f]{40}", cells[1]):
                sys.exit(f"{path}:{number}: expected `OWNER/NAME<TAB>COMMIT<TAB>SWIFT_FILES`")
            repos.append(Repo(cells[0], cells[1], cells[2] if len(cells) > 2 else ""))
    return repos


def select_repos(repos, only):
    if not only:
        return repos
    wanted = {o.lower().replace("+", "/") for o in only}
    chosen = [r for r in repos
              if r.repo.lower() in wanted or r.repo.split("/")[-1].lower() in wanted]
    missing = wanted - {r.repo.lower() for r in chosen} - {r.repo.split("/")[-1].lower()
                                                          for r in chosen}
    for name in sorted(missing):
        print(f"warning: --only {name}: not in the list", file=sys.stderr)
    return chosen


def swift_files(tree):
    """Relative paths of the regular *.swift files under tree (no symlinks followed or listed),
    sorted."""
    found = []
    for folder, dirs, files in os.walk(tree):
        dirs.sort()
        for name in files:
            if not name.endswith(".swift"):
                continue
            path = os.path.join(folder, name)
            if os.path.islink(path) or not os.path.isfile(path):
                continue
            found.append(os.path.relpath(path, tree))
    return sorted(found)


# ---------------------------------------------------------------- the binary

def find_digraph(explicit=None):
    for candidate in (explicit, os.environ.get("DIGRAPH"),
                      os.path.join(ROOT, ".build", "release", "digraph")):
        if candidate and os.path.isfile(candidate) and os.access(candidate, os.X_OK):
            return os.path.abspath(candidate)
    sys.exit("crash-gauntlet: no digraph binary (give --digraph or $DIGRAPH, or build "
             ".build/release/digraph)")


def pinned(digraph):
    """A private copy of the binary for this run (removed at exit)."""
    folder = tempfile.mkdtemp(prefix="digraph-crash-gauntlet-")
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


# ---------------------------------------------------------------- running one file

LIVE = set()            # process groups of the runs under way
LIVE_LOCK = threading.Lock()
STOPPING = threading.Event()


def kill_live():
    STOPPING.set()
    with LIVE_LOCK:
        groups = list(LIVE)
    for pid in groups:
        try:
            os.killpg(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


def run_file(digraph, tree, relative, timeout, retries=2):
    """Checks one file; retries a run SIGKILLed from outside up to `retries` times."""
    for _ in range(retries + 1):
        if STOPPING.is_set():
            return None
        row = run_file_once(digraph, tree, relative, timeout)
        if row["status"] != "killed" or STOPPING.is_set():
            return row
        time.sleep(2)
    return row


def run_file_once(digraph, tree, relative, timeout):
    command = [digraph, "check", relative, "--isolated", "--no-cache", "--format", "json",
               "--fail-on", "never", "--no-progress"]
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        started = time.monotonic()
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
        with LIVE_LOCK:
            LIVE.add(process.pid)
        if STOPPING.is_set():           # started just as the run was being stopped
            os.killpg(process.pid, signal.SIGKILL)
        timer.start()
        try:
            _, wait_status, usage = os.wait4(process.pid, 0)
        finally:
            timer.cancel()
            with LIVE_LOCK:
                LIVE.discard(process.pid)
        seconds = time.monotonic() - started
        process.returncode = code = os.waitstatus_to_exitcode(wait_status)
        out.seek(0)
        stdout = out.read()
        err.seek(0)
        stderr = err.read().decode("utf-8", errors="replace")
    row = {"exit": describe_code(code), "seconds": seconds,
           "cpu_seconds": usage.ru_utime + usage.ru_stime, "peak_mb": usage.ru_maxrss / 1024.0,
           "stderr_line": ""}
    if timed_out.is_set():
        row["status"] = "timeout"
    elif code == -signal.SIGKILL:
        row["status"] = "killed"
    elif code < 0 or code not in (0, 1, 2):
        row["status"] = "crash"
        row["stderr_line"] = last_line(stderr)
    elif code == 2:
        row["status"] = "tool error"
        row["stderr_line"] = error_line(stderr)
    else:
        row["status"] = "ok" if is_report(stdout) else "bad json"
        if row["status"] == "bad json":
            row["stderr_line"] = error_line(stderr)
    return row


def is_report(stdout):
    try:
        report = json.loads(stdout.decode("utf-8"))
    except (ValueError, UnicodeDecodeError):
        return False
    return isinstance(report, dict) and report.get("schema") == "digraph-report/1"


def error_line(stderr):
    lines = [l.strip() for l in stderr.splitlines() if l.strip()]
    for line in lines:
        if "error" in line.lower():
            return line[:300]
    return lines[0][:300] if lines else ""


def last_line(stderr):
    lines = [l.strip() for l in stderr.splitlines() if l.strip()]
    return lines[-1][:300] if lines else ""


def describe_code(code):
    if code is None:
        return "-"
    if code < 0:
        try:
            return f"sig{-code}({signal.Signals(-code).name})"
        except ValueError:
            return f"sig{-code}"
    return str(code)


def names_file_and_position(row):
    line = row["stderr_line"]
    return re.search(re.escape(row["file"]) + r":\d+:\d+", line) is not None


# ---------------------------------------------------------------- the run

def clean_cell(value):
    return str(value).replace("\t", " ").replace("\n", " / ")


def format_row(row):
    cells = dict(row)
    cells["seconds"] = f"{row['seconds']:.4f}"
    cells["cpu_seconds"] = f"{row['cpu_seconds']:.4f}"
    cells["peak_mb"] = f"{row['peak_mb']:.0f}"
    return "\t".join(clean_cell(cells.get(c, "")) for c in FILE_COLUMNS) + "\n"


def command_run(args):
    digraph = pinned(find_digraph(args.digraph))
    repos = select_repos(read_list(args.list), args.only)
    os.makedirs(args.out, exist_ok=True)
    jobs, notes, distinct = [], [], set()
    for repo in repos:
        if not repo.find_tree(args.apps_dir):
            notes.append(f"not fetched: {repo.repo} (no {repo.key} under "
                         f"{', '.join(args.apps_dir)})")
            continue
        files = swift_files(repo.tree)
        if repo.swift_files and repo.swift_files.isdigit() and int(repo.swift_files) != len(files):
            notes.append(f"count differs: {repo.repo}: {len(files)} Swift files in {repo.tree}, "
                         f"the list says {repo.swift_files}")
        if args.limit is not None:
            files = files[:args.limit]
        for relative in files:
            path = os.path.join(repo.tree, relative)
            with open(path, "rb") as handle:
                data = handle.read()
            distinct.add(hashlib.sha1(data).digest())
            jobs.append((repo, relative, len(data)))
    ran = sorted({repo.repo for repo, _, _ in jobs})
    print(f"repositories: {len(ran)} of {len(repos)} listed; files: {len(jobs)}; "
          f"jobs: {args.jobs}; timeout: {args.timeout:g} s; out: {args.out}", flush=True)

    rows = [None] * len(jobs)
    partial_path = os.path.join(args.out, "files.partial.tsv")
    started = time.monotonic()
    done = 0
    previous = {sig: signal.getsignal(sig) for sig in (signal.SIGINT, signal.SIGTERM)}

    def stop(signum, _frame):
        kill_live()
        raise KeyboardInterrupt

    for sig in previous:
        signal.signal(sig, stop)
    pool = concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs)
    try:
        with open(partial_path, "w", encoding="utf-8") as partial:
            partial.write("\t".join(FILE_COLUMNS) + "\n")
            futures = {pool.submit(run_file, digraph, repo.tree, relative, args.timeout): i
                       for i, (repo, relative, _) in enumerate(jobs)}
            for future in concurrent.futures.as_completed(futures):
                i = futures[future]
                repo, relative, size = jobs[i]
                row = future.result()
                row.update(repo=repo.repo, file=relative, bytes=size)
                rows[i] = row
                partial.write(format_row(row))
                done += 1
                if row["status"] in FAILING:
                    print(f"{row['status'].upper()}: {repo.repo} {relative} exit={row['exit']} "
                          f"{row['seconds']:.1f}s {row['stderr_line']}", file=sys.stderr,
                          flush=True)
                if done % 1000 == 0 or done == len(jobs):
                    partial.flush()
                    elapsed = time.monotonic() - started
                    left = elapsed / done * (len(jobs) - done)
                    print(f"[{done}/{len(jobs)}] {elapsed:.0f} s, about {left:.0f} s left",
                          file=sys.stderr, flush=True)
        pool.shutdown()
    except KeyboardInterrupt:
        kill_live()
        pool.shutdown(wait=False, cancel_futures=True)
        print(f"\nstopped after {done} files; what finished is in {partial_path}",
              file=sys.stderr)
        return 130
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)

    files_path = os.path.join(args.out, "files.tsv")
    with open(files_path, "w", encoding="utf-8") as handle:
        handle.write("\t".join(FILE_COLUMNS) + "\n")
        for row in rows:
            handle.write(format_row(row))
    os.remove(partial_path)
    failing = summarize(rows, notes, distinct=len(distinct))
    print(f"\nwritten: {files_path}; wall {time.monotonic() - started:.0f} s")
    return 1 if failing else 0


def read_rows(path):
    rows = []
    with open(path, encoding="utf-8") as handle:
        header = handle.readline().rstrip("\n").split("\t")
        for line in handle:
            cells = line.rstrip("\n").split("\t")
            row = dict(zip(header, cells))
            row["bytes"] = int(row["bytes"])
            for name in ("seconds", "cpu_seconds", "peak_mb"):
                row[name] = float(row[name])
            row.setdefault("stderr_line", "")
            rows.append(row)
    return rows


# ---------------------------------------------------------------- the summary

def summarize(rows, notes=(), distinct=None, out=sys.stdout):
    """Prints the summary of `rows`; returns the failing rows."""
    w = out.write
    repos = {r["repo"] for r in rows}
    total_bytes = sum(r["bytes"] for r in rows)
    w(f"\nrepositories: {len(repos)}  files: {len(rows)}  bytes: {total_bytes:,}"
      + (f"  distinct contents: {distinct}" if distinct is not None else "") + "\n")
    for note in notes:
        w(f"note: {note}\n")
    counts = {s: 0 for s in STATUSES}
    for r in rows:
        counts[r["status"]] = counts.get(r["status"], 0) + 1
    w("status: " + "  ".join(f"{s}: {n}" for s, n in counts.items()) + "\n")

    failing = [r for r in rows if r["status"] in FAILING]
    for status in ("crash", "timeout", "bad json", "killed"):
        listed = [r for r in failing if r["status"] == status]
        if listed:
            w(f"\n{status.upper()} ({len(listed)})\n")
            for r in listed:
                w(f"  {r['repo']}  {r['file']}  exit={r['exit']}  {r['seconds']:.1f}s  "
                  f"{r['bytes']} B  {r['stderr_line']}\n")
    errors = [r for r in rows if r["status"] == "tool error"]
    if errors:
        unexplained = [r for r in errors if not names_file_and_position(r)]
        w(f"\nTOOL ERROR: {len(errors)}, of which {len(errors) - len(unexplained)} name the file "
          f"and a position")
        if unexplained:
            w(f"; the other {len(unexplained)}:\n")
            for r in unexplained:
                w(f"  {r['repo']}  {r['file']}  {r['stderr_line']}\n")
        else:
            w("\n")

    timed = [r for r in rows if r["status"] in ("ok", "tool error")]
    if not timed:
        return failing
    w(f"\n{TOP} slowest files (wall seconds)\n")
    for r in sorted(timed, key=lambda r: (-r["seconds"], r["repo"], r["file"]))[:TOP]:
        w(f"  {r['seconds']:8.3f} s  {r['bytes']:>9,} B  {r['repo']}  {r['file']}\n")

    small = [r["seconds"] for r in timed if r["bytes"] < SMALL_BYTES]
    fixed = statistics.median(small) if small else 0.0
    w(f"\nfixed cost: {fixed * 1000:.1f} ms (median wall time of the {len(small)} files under "
      f"{SMALL_BYTES} B)\n")
    ranked = [dict(r, per_byte=r["seconds"] / r["bytes"],
                   net_per_byte=(r["seconds"] - fixed) / r["bytes"])
              for r in timed if r["bytes"] > RANKED_BYTES]
    if not ranked:
        return failing
    # s/B: the rule, against the median.
    median = statistics.median(r["per_byte"] for r in ranked)
    w(f"\nper byte, s/B, over the {len(ranked)} files above {RANKED_BYTES} B: median "
      f"{median * 1e6:.3f} us/B\n")
    print_per_byte(w, ranked, "per_byte", median, f"{SLOW_FACTOR}x the median", 0.0)
    # net s/B: the typical file costs little beyond the start, so its median can be 0 or below
    # (timing noise); then the reference is the mean rate, total net seconds / total bytes.
    net_median = statistics.median(r["net_per_byte"] for r in ranked)
    net_mean = sum(r["seconds"] - fixed for r in ranked) / sum(r["bytes"] for r in ranked)
    w(f"\nper byte, net s/B (wall seconds - fixed cost), over the same files: median "
      f"{net_median * 1e6:.3f} us/B, mean rate {net_mean * 1e6:.3f} us/B\n")
    if net_median > 0:
        reference, label = net_median, f"{SLOW_FACTOR}x the median"
    else:
        reference, label = net_mean, f"{SLOW_FACTOR}x the mean rate (the median is not above 0)"
    print_per_byte(w, ranked, "net_per_byte", reference, label, NET_FLOOR)
    return failing


def print_per_byte(w, ranked, key, reference, label, floor):
    """The TOP highest `key` of `ranked`, then every file above SLOW_FACTOR x reference whose
    net seconds reach `floor`."""
    w(f"  {TOP} highest:\n")
    for r in sorted(ranked, key=lambda r: (-r[key], r["repo"], r["file"]))[:TOP]:
        w(f"  {r[key] * 1e6:10.3f} us/B  {r['seconds']:8.3f} s  {r['bytes']:>9,} B  "
          f"{r['repo']}  {r['file']}\n")
    if reference <= 0:
        w("  (no reference above 0: no file flagged)\n")
        return
    slow = sorted((r for r in ranked if r[key] > SLOW_FACTOR * reference
                   and r["net_per_byte"] * r["bytes"] >= floor),
                  key=lambda r: (-r[key], r["repo"], r["file"]))
    extra = f", net time at least {floor:g} s" if floor else ""
    w(f"  above {label} ({SLOW_FACTOR * reference * 1e6:.3f} us/B{extra}): {len(slow)}"
      f"{' (performance bugs)' if slow else ''}\n")
    for r in slow:
        w(f"  {r[key] / reference:8.0f}x  {r['seconds']:8.3f} s  {r['bytes']:>9,} B  "
          f"{r['repo']}  {r['file']}\n")


# ---------------------------------------------------------------- main

def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--list", default=DEFAULT_LIST)
    parser.add_argument("--apps-dir", action="append", default=None,
                        help="folder of OWNER+NAME trees (repeatable; default: "
                             + ", ".join(DEFAULT_APPS_DIRS) + ")")
    parser.add_argument("--out", default=DEFAULT_OUT)
    parser.add_argument("--digraph")
    parser.add_argument("--timeout", type=float, default=20.0)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--only", action="append", default=[])
    parser.add_argument("--limit", type=int)
    parser.add_argument("--from-tsv", help="print the summary of a saved OUT/files.tsv and stop")
    args = parser.parse_args()
    if args.from_tsv:
        failing = summarize(read_rows(args.from_tsv))
        return 1 if failing else 0
    args.apps_dir = args.apps_dir or DEFAULT_APPS_DIRS
    if args.jobs < 1:
        parser.error("--jobs must be at least 1")
    if not os.path.exists(args.list):
        parser.error(f"no list at {args.list}")
    return command_run(args)


if __name__ == "__main__":
    sys.exit(main())
