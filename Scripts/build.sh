#!/usr/bin/env bash
# `swift build` with one progress line instead of the compiler's hundreds: on a terminal the line
# is rewritten in place ("building firebreak [412/811]"), elsewhere only the result is printed.
# Warnings and errors still print; the whole log is kept in .build/build.log and its end is
# printed when the build fails.
#   Scripts/build.sh [swift build options]
set -uo pipefail
swift=${SWIFT:-swift}
mkdir -p .build
log=.build/build.log
start=$(date +%s)
if [ -t 1 ]; then progress='printf "\rbuilding firebreak %s", $1; fflush()'; else progress=''; fi
"$swift" build "$@" 2>&1 | tee "$log" | awk "
    /^\[[0-9]+\/[0-9]+\]/ { $progress; next }
    /(error|warning): / { print (NR > 1 ? \"\n\" : \"\") \$0; fflush() }
"
status=${PIPESTATUS[0]}
[ -t 1 ] && printf '\r\033[K'
if [ "$status" -ne 0 ]; then
    echo "swift build failed (exit $status); the end of .build/build.log:" >&2
    tail -n 40 "$log" >&2
    exit "$status"
fi
echo "built firebreak in $(( $(date +%s) - start )) s (log: .build/build.log)"
