#!/usr/bin/env bash
# Runs a list of commands in the background, one after another, while a main command runs in
# the foreground: `make test` runs the Swift tests, the fuzz replay and the fault tests beside
# the browser tests, whose checks spend part of their time waiting on Chromium, so the two
# cores stay busy. The background's output goes to a log printed when the main command ends.
# Usage: scripts/beside.sh LOG 'COMMAND' ['COMMAND'...] -- MAIN [ARG...]
# Each background COMMAND is a shell line, run through scripts/timed.sh with its own text as
# the label; a failing one does not stop the ones after it. Exit status: 0 when the main
# command and every background command succeeded, else 1.
set -uo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
log="$1"
shift
background=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do
    background+=("$1")
    shift
done
[ "${1:-}" = "--" ] && shift
mkdir -p "$(dirname "$log")"
: > "$log"
(
    failed=0
    for command in "${background[@]}"; do
        "$here/timed.sh" "$command" bash -c "$command" || failed=1
    done
    exit "$failed"
) >> "$log" 2>&1 &
side=$!
"$@"
status=$?
wait "$side"
side_status=$?
echo "---- what ran beside it ($log) ----" >&2
cat "$log" >&2
[ "$status" -eq 0 ] && [ "$side_status" -eq 0 ]
