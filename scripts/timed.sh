#!/usr/bin/env bash
# Runs a command and then says how long it took: `make test` times each of its phases this
# way, so a CI log shows where the time went. Usage: scripts/timed.sh LABEL COMMAND [ARG...]
# Exit status: the command's.
set -uo pipefail
label="$1"
shift
start=$(date +%s)
"$@"
status=$?
echo "time: $label took $(( $(date +%s) - start )) s (exit $status; load average $(cut -d' ' -f1-3 /proc/loadavg))" >&2
exit "$status"
