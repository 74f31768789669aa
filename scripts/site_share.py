#!/usr/bin/env python3
"""Share of an app's DI registration sites that became services, for two gauntlet runs.

Issue 27 asks, per style, whether more of the DI sites of each gauntlet app became services in
digraph's graph after the typing work than before. A site count that digraph itself reports would
grow with what digraph reads, so the denominator here is independent of digraph: a textual count
of the registration-shaped declarations of the app's own style (its `style` column in apps.tsv),
the same for both runs. It is approximate (a pattern, not a parse) and the same approximation for
both runs, which is what a before/after comparison needs.

The numerator is what each run's graph holds: the distinct source lines (file and line) of the
services of the style's keys, so a site compiled into several programs counts once.
An app's share is capped at 100%; a style's share is the sum of capped numerators over the sum of
denominators.

    python3 scripts/site_share.py --before '/tmp/old-{half}' --after '/tmp/new-{half}' [--half H ...]
"""
import argparse
import json
import os
import re
import sys

sys.path.insert(0, os.path.dirname(__file__))
import gauntlet  # noqa: E402

# apps.tsv style -> (coverage style keys, file filter, declaration pattern)
STYLES = {
    "swinject": (["swinject", "resolve"], "Swinject", r"\.(?:auto)?register\s*\("),
    "tranquillity": (["ditranquillity"], "DITranquillity", r"\.register\s*[({]"),
    "resolver": (["resolver", "resolve"], "Resolver", r"\bregister\s*[({<]"),
    "factory": (["factory"], "Factory",
                r":\s*(?:Parameter)?Factory<|=\s*(?:Parameter)?Factory(?:<[^>\n]*>)?\s*\("),
    "dependencies": (["swift-dependencies"], None, r"\b(?:let|var)\s+liveValue\b"),
    "needle": (["needle"], "Component", r"^\s*(?:public\s+|internal\s+|fileprivate\s+)?var\s+\w+\s*:\s*[^{=\n]+\{\s*$"),
    "has-environment": (["has-environment", "service-locator", "composition"], None, r"\bprotocol\s+Has\w+"),
    "locator": (["service-locator", "composition"], None, r"\bregister\w*\s*(?:<[^>\n]*>)?\s*\("),
    "singletons": (None, None, r"\bstatic\s+(?:let|var)\s+(?:shared|sharedInstance|default|instance|current)\b"),
}
SKIP_DIRS = {"Pods", "Carthage", ".build", "DerivedData", "SourcePackages", "checkouts", "Tuist"}


def textual_sites(tree, style):
    _, must_contain, pattern = STYLES[style]
    regex = re.compile(pattern, re.M)
    count = 0
    for root, dirs, files in os.walk(tree):
        dirs[:] = [d for d in dirs if d not in SKIP_DIRS and not d.startswith(".")]
        for name in files:
            if not name.endswith(".swift") or name in ("Project.swift", "Package.swift", "Workspace.swift"):
                continue
            try:
                text = open(os.path.join(root, name), encoding="utf-8", errors="replace").read()
            except OSError:
                continue
            if must_contain and must_contain not in text:
                continue
            count += len(regex.findall(text))
    return count


def read_sites(report_path, style):
    try:
        report = json.load(open(report_path))
    except (OSError, ValueError):
        return 0  # a run that crashed or wrote nothing read nothing
    keys = STYLES[style][0] or ["singleton"]
    sites = set()
    for service in report.get("services", []):
        if service.get("style") not in keys:
            continue
        if service.get("style") == "has-environment":
            # Every `Has…` service is located at its environment's declaration, one line for all
            # of them: count the requirement it answers (`Env.property` -> `property`), which is
            # what the denominator's `protocol HasX` declares.
            sites.add(("has", service["id"].rsplit(".", 1)[-1]))
            continue
        for location in service.get("locations", []):
            sites.add((location.get("file"), location.get("line")))
    return len(sites)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", required=True, help="folder of a gauntlet run (one JSON per app); `{half}` in it is each app's half")
    parser.add_argument("--after", required=True, help="folder of a later gauntlet run")
    parser.add_argument("--half", action="append", help="halves to count (default: every half)")
    parser.add_argument("--per-app", action="store_true", help="print one line per app too")
    args = parser.parse_args()

    totals = {}
    for app in gauntlet.read_list(gauntlet.DEFAULT_LIST):
        if args.half and app.half not in args.half:
            continue
        style = app.style if app.style in STYLES else None
        if style is None:
            continue
        tree = app.tree(gauntlet.DEFAULT_APPS_DIR)
        if not os.path.isdir(tree):
            continue
        base = app.key + ".json"
        sites = textual_sites(tree, style)
        before = min(read_sites(os.path.join(args.before.format(half=app.half), base), style), sites)
        after = min(read_sites(os.path.join(args.after.format(half=app.half), base), style), sites)
        if args.per_app:
            print(f"{app.half}\t{style}\t{app.repo}\tsites {sites}\tbefore {before}\tafter {after}")
        t = totals.setdefault(style, [0, 0, 0, 0])
        t[0] += 1
        t[1] += sites
        t[2] += before
        t[3] += after

    print("style\tapps\tsites\tbefore\tafter")
    for style in sorted(totals):
        apps, sites, before, after = totals[style]
        pct = lambda n: f"{100 * n / sites:.0f}%" if sites else "-"
        print(f"{style}\t{apps}\t{sites}\t{before} ({pct(before)})\t{after} ({pct(after)})")


if __name__ == "__main__":
    main()
