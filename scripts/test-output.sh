#!/usr/bin/env bash
# `make test`: runs `swift test "$@"`, keeps its whole output in .build/test-output.log, and shows
# only what a reader needs: build errors, each failing test with the lines explaining it, known
# issues, skipped suites, and the summaries. A passing run is a few lines; a failing test's line
# is easy to find. Exits with swift test's status.
set -uo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
mkdir -p .build
log=.build/test-output.log

"${SWIFT:-swift}" test "$@" 2>&1 | tee "$log" | awk '
    # A failure, and every line after it that is not the start of another event.
    /^✘/ { print; failing = 1; next }
    /^(◇|✔|➜|↳|━|\[[0-9]+\/[0-9]+\]|Test Suite|\t Executed)/ { failing = 0 }
    failing { print; next }
    /error:/ && !/^(◇|✔)/ { print; next }
    /^━ Test .* recorded a known issue/ { print; next }
    /^➜ Suite .* skipped/ { print; next }
    /^━? ?Test run with|^✔ Test run with|^✘ Test run with/ { print; next }
'
status=${PIPESTATUS[0]}
echo "make test: exit $status; the whole output is in $log"
exit "$status"
