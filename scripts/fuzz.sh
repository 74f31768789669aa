#!/usr/bin/env bash
# Runs digraph's libFuzzer targets, each for a fixed time, and says what each did.
#
#   scripts/fuzz.sh FUZZER SECONDS [TARGET ...]      (all targets when none is named)
#
# FUZZER is the digraph-fuzz that `make fuzz-build` links with libFuzzer. Each target starts from
# its corpus under .build/fuzz-corpus/<target> (kept between runs, so coverage accumulates), the
# seeds scripts/fuzz-seeds.py makes from the tests' fixtures and Examples/, and the inputs that
# once crashed it (Fuzz/regressions/<target>). A crash, a timeout (an input taking over
# FUZZ_TIMEOUT seconds, 30 by default) or an out-of-memory is saved under .build/fuzz-artifacts/
# and fails the run: reproduce it with `.build/debug/digraph-fuzz TARGET FILE`, fix it, and add
# the file to Fuzz/regressions/<target>/ (the tests replay every file there).
set -uo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
fuzzer=${1:?usage: scripts/fuzz.sh FUZZER SECONDS [TARGET ...]}
seconds=${2:?usage: scripts/fuzz.sh FUZZER SECONDS [TARGET ...]}
shift 2
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(swift snapshot config baseline package pbxproj xcodegen)
timeout_seconds=${FUZZ_TIMEOUT:-30}
# Inputs (and seeds) longer than this are cut; CI passes a small value so that loading the seeds
# stays within its time.
max_len=${FUZZ_MAX_LEN:-16384}

seeds=$(mktemp -d)
trap 'rm -rf "$seeds"' EXIT
python3 scripts/fuzz-seeds.py --max-size "$max_len" "$seeds" >/dev/null
mkdir -p .build/fuzz-artifacts

# The Swift runtime's backtracer and LeakSanitizer (Swift's runtime caches look like leaks) stay out
# of libFuzzer's way.
export SWIFT_BACKTRACE=enable=no
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0:allocator_may_return_null=1}

failed=()
summary=()
for target in "${targets[@]}"; do
    corpus=.build/fuzz-corpus/$target
    mkdir -p "$corpus"
    regressions=Fuzz/regressions/$target
    extra=("$seeds/$target")
    [ -d "$regressions" ] && extra+=("$regressions")
    log=.build/fuzz-artifacts/$target.log
    echo "==> fuzz $target for ${seconds}s"
    "$fuzzer" "$target" -max_total_time="$seconds" -timeout="$timeout_seconds" -rss_limit_mb=4096 \
        -max_len="$max_len" -print_final_stats=1 -artifact_prefix=".build/fuzz-artifacts/$target-" \
        "$corpus" "${extra[@]}" >"$log" 2>&1
    status=$?
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
    coverage=$(grep -o 'cov: [0-9]*' "$log" | tail -1)
    files=$(find "$corpus" -type f | wc -l)
    line=$(printf '%-9s %10s runs %7s exec/s  %-10s corpus %5s  exit %s' "$target" "${runs:-?}" "${rate:-?}" "${coverage:-cov: ?}" "$files" "$status")
    summary+=("$line")
    echo "$line"
    if [ "$status" -ne 0 ]; then
        failed+=("$target")
        grep -E 'ERROR|Fatal error|deadly signal|Test unit written|timeout|out-of-memory|SUMMARY' "$log" | head -20
        echo "fuzz: $target failed; the whole log is $log"
    fi
done

echo
echo "==> fuzz summary (${seconds}s per target)"
printf '%s\n' "${summary[@]}"
if [ ${#failed[@]} -gt 0 ]; then
    echo "fuzz: found a problem in: ${failed[*]} (inputs under .build/fuzz-artifacts/)" >&2
    exit 1
fi
