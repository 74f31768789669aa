#!/usr/bin/env python3
"""Cold `digraph check` against the parse floor, on the same tree, threads and minute.

    scripts/speed.py --tree DIR --floor PARSEFLOOR --digraph BIN [--digraph OTHER ...]
                     [--jobs 2] [--rounds 3]

The floor is ../shared/bench/parsefloor (raw bytes through SwiftParser, nothing else; build it
with `swift build -c release --package-path ../shared/bench/parsefloor --scratch-path
/tmp/parsefloor-build`). Each round runs the floor, then each binary's cold check (an empty cache
folder of its own, `--format xcode --fail-on never --no-progress`, from inside the tree), in
turn, each round starting one binary later, so that a neighbour's load drifting over minutes and
the place right after the floor fall on all alike. Per binary it prints
every round's wall / floor ratio and the median; wall seconds are process wall time.
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time


def timed(command, cwd):
    start = time.monotonic()
    done = subprocess.run(command, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    wall = time.monotonic() - start
    if done.returncode not in (0, 1):
        sys.exit(f"speed: {' '.join(command)} exited {done.returncode}: {done.stderr.decode(errors='replace')[-400:]}")
    return wall, done.stdout.decode(errors="replace")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tree", required=True)
    parser.add_argument("--floor", required=True, help="the parsefloor binary")
    parser.add_argument("--digraph", action="append", required=True, help="a digraph binary (repeatable)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    tree = os.path.abspath(args.tree)
    ratios = {b: [] for b in args.digraph}
    walls = {b: [] for b in args.digraph}
    floors = []
    for r in range(args.rounds):
        floor, out = timed([args.floor, tree, str(args.jobs)], tree)
        floors.append(floor)
        print(f"round {r + 1}: floor {floor:.2f} s ({out.strip().splitlines()[-1] if out.strip() else ''})", flush=True)
        # Each round starts one binary later: the run right after the floor (its files fresh in
        # the page cache, the core just rested) is not always the same binary's.
        shift = r % len(args.digraph)
        for binary in args.digraph[shift:] + args.digraph[:shift]:
            cache = tempfile.mkdtemp(prefix="digraph-speed-")
            try:
                wall, _ = timed(
                    [binary, "check", ".", "--isolated", "--cache-dir", cache, "--jobs", str(args.jobs),
                     "--format", "xcode", "--fail-on", "never", "--no-progress"], tree)
            finally:
                shutil.rmtree(cache, ignore_errors=True)
            walls[binary].append(wall)
            ratios[binary].append(wall / floor)
            print(f"  {binary}: cold {wall:.2f} s = {wall / floor:.2f}x floor", flush=True)
    print(f"floor: median {statistics.median(floors):.2f} s over {args.rounds} rounds")
    for binary in args.digraph:
        print(f"{binary}: cold median {statistics.median(walls[binary]):.2f} s, "
              f"ratio median {statistics.median(ratios[binary]):.2f}x "
              f"(rounds: {', '.join(f'{x:.2f}' for x in ratios[binary])})")


if __name__ == "__main__":
    main()
