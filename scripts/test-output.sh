#!/usr/bin/env bash
# `make test`: runs `swift test "$@"`, keeps its whole output in .build/test-output.log, and shows
# only what a reader needs: build errors, each failing test with the lines explaining it, known
# issues, the summaries, and how many tests were skipped and why (each skip's trait gives its
# reason). A passing run is a few lines; a failing test's line is easy to find. Exits with swift test's status.
set -uo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
# TEST_OUTPUT_LOG: where the whole output goes (a test of this script points it elsewhere).
log=${TEST_OUTPUT_LOG:-.build/test-output.log}
mkdir -p "$(dirname "$log")"

"${SWIFT:-swift}" test "$@" 2>&1 | tee "$log" | awk '
    # A failure, and every line after it that is not the start of another event.
    /^✘/ { print; failing = 1; next }
    /^(◇|✔|➜|━|\[[0-9]+\/[0-9]+\]|Test Suite|\t Executed)/ { failing = 0 }
    failing { print; next }
    # A compiler or linker error, not a passing test whose arguments contain "error:".
    /^[^ \t◇✔➜↳━"].*:[0-9]+:[0-9]+: error:|^error:/ { print; next }
    /^━ Test .* recorded a known issue/ { print; next }
    # Skipped tests are counted by the reason their trait gives, printed after the summary.
    /^➜ Test .* skipped/ {
        reason = "no reason given"
        if (match($0, /skipped: ".*"$/)) reason = substr($0, RSTART + 10, RLENGTH - 11)
        if (!(reason in skipped)) order[++reasons] = reason
        skipped[reason]++; total++
        next
    }
    /^━? ?Test run with|^✔ Test run with|^✘ Test run with/ { print; next }
    function before(a, b) { return skipped[a] > skipped[b] || (skipped[a] == skipped[b] && a < b) }
    END {
        if (total == 0) exit
        # In a fixed order (most skipped first, then by reason): tests finish in any order.
        for (i = 2; i <= reasons; i++)
            for (j = i; j > 1 && before(order[j], order[j - 1]); j--) { t = order[j]; order[j] = order[j - 1]; order[j - 1] = t }
        printf "skipped %d test%s, by reason:\n", total, (total == 1 ? "" : "s")
        for (i = 1; i <= reasons; i++) printf "  %3d  %s\n", skipped[order[i]], order[i]
    }
'
status=${PIPESTATUS[0]}
echo "make test: exit $status; the whole output is in $log"
exit "$status"
