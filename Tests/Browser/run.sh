#!/usr/bin/env bash
# Browser checks of the pages firebreak writes, in headless Chromium (Debian's `chromium`).
#
#   Tests/Browser/run.sh BIN     (make test-browser; about 10 seconds)
#
# `graph --all-views` on the example app writes an index.html; a harness page loads it in a frame,
# sorts it by name and by violations, filters it, and prints what it saw; the page must load with no
# console error and give exactly the expected results.
set -euo pipefail
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
cd "$(dirname "$0")/../.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$bin" graph Examples/ClinicApp --all-views --format svg --output-dir "$work/views" 2> /dev/null
cp Tests/Browser/index-harness.html "$work/views/harness.html"
chromium --headless --no-sandbox --disable-gpu --allow-file-access-from-files --virtual-time-budget=5000 \
    --enable-logging=stderr --v=0 --dump-dom "file://$work/views/harness.html" > "$work/dom.html" 2> "$work/console.txt"
seen=$(sed -n 's/.*<pre id="out">\([^<]*\)<\/pre>.*/\1/p' "$work/dom.html")
expected="clinicmapview,profilescreen,profileview,reminderscheduleview,reminderview,searchview,watchlistview | 3,1,1,1,0,0,0 | reminderview,reminderscheduleview | 2 of 7 views | violations"
if [ "$seen" != "$expected" ]; then
    echo "index.html in Chromium: expected '$expected', saw '$seen'" >&2
    exit 1
fi
if grep -E "Uncaught|CONSOLE\(.*(Error|error)" "$work/console.txt" >&2; then
    echo "index.html logged errors in Chromium" >&2
    exit 1
fi
echo "browser: the --all-views index sorts, filters and loads without console errors"
