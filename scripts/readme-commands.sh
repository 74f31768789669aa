#!/usr/bin/env bash
# Runs every command the README shows in a ```sh block (```bash blocks are scripts to copy
# elsewhere, such as an Xcode build phase, and are not run), verbatim, from the repository root, as a
# user pasting them after `make demo` and `make test` would (those two are what CI runs before
# this). A command passes when it exits 0, or 1 for `digraph check` (findings are its answer);
# anything else, or a tracked file it changes, fails the run. Outputs the commands write are
# removed afterwards.
#
#   scripts/readme-commands.sh                        every command
#   scripts/readme-commands.sh --skip-release-builds  all but `make install` and `make bench`, which
#                                                     build everything again in release (CI: minutes)
#   scripts/readme-commands.sh --list                 print them and stop
set -uo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

mapfile -t commands < <(
    awk '/^```sh$/ { inside = 1; next } /^```/ { inside = 0 } inside' README.md \
        | sed -e 's/[[:space:]]#.*$//' -e 's/^[[:space:]]*//' -e 's/[[:space:]]*$//' \
        | grep -v -e '^$' -e '^#' -e '^make demo$' -e '^make test$'
)

if [ "${1:-}" = "--skip-release-builds" ]; then
    mapfile -t commands < <(printf '%s\n' "${commands[@]}" | grep -v -e '^make install' -e '^make bench')
fi

if [ "${1:-}" = "--list" ]; then
    printf '%s\n' "${commands[@]}"
    exit 0
fi

if ! command -v digraph >/dev/null 2>&1; then
    echo "readme-commands: no \`digraph\` on PATH: run \`make demo\` first (it links the build into \$PREFIX/bin)" >&2
    exit 1
fi

before_untracked=$(mktemp)
trap 'rm -f "$before_untracked"' EXIT
git ls-files --others --exclude-standard | sort >"$before_untracked"
tracked_state() { git diff HEAD --no-ext-diff --binary | sha256sum; }
tracked_before=$(tracked_state)

failed=0
for command in "${commands[@]}"; do
    printf '\n$ %s\n' "$command"
    start=$SECONDS
    bash -c "$command" >/tmp/readme-command.out 2>&1
    status=$?
    tail -n 5 /tmp/readme-command.out
    allowed="0"
    case "$command" in digraph\ check*) allowed="0 1" ;; esac
    if [[ " $allowed " == *" $status "* ]]; then
        printf '  -> exit %d in %ds\n' "$status" $((SECONDS - start))
    else
        printf '  -> FAILED: exit %d (expected %s)\n' "$status" "$allowed"
        failed=$((failed + 1))
    fi
done

# Outputs the commands wrote: removed. A tracked file they changed is a failure (the picture the
# README shows must be what `digraph render` draws today).
if [ "$(tracked_state)" != "$tracked_before" ]; then
    echo "readme-commands: the commands changed tracked files:" >&2
    git --no-pager diff --stat >&2
    failed=$((failed + 1))
fi
comm -13 "$before_untracked" <(git ls-files --others --exclude-standard | sort) | while read -r written; do
    rm -f -- "$written"
done

echo
if [ "$failed" -ne 0 ]; then
    echo "readme-commands: $failed of ${#commands[@]} commands failed" >&2
    exit 1
fi
echo "readme-commands: all ${#commands[@]} README commands work"
