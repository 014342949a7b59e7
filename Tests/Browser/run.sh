#!/usr/bin/env bash
# Browser checks of the pages firebreak writes, in headless Chromium (Debian's `chromium`).
#
#   Tests/Browser/run.sh BIN     (make test-browser; about 10 seconds)
#
# Each page is written from the example app and loaded in a frame by a harness page
# (Tests/Browser/*-harness.html) that sorts and filters it and prints what it saw: the `--all-views`
# index, and `lint`, `analyze` and `diff` with `--format html`. Each must load with no console error and give exactly the
# expected results.
set -euo pipefail
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
cd "$(dirname "$0")/../.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$bin" graph Examples/ClinicApp --all-views --format svg --output-dir "$work/views" 2> /dev/null
"$bin" lint Examples/ClinicApp --format html --output "$work/views/lint.html" > /dev/null || [ $? -eq 1 ]
"$bin" analyze Examples/ClinicApp --format html --output "$work/views/analysis.html" 2> /dev/null
pair=Tests/EndToEndTests/Fixtures/ProfileRefactor
(cd "$pair/before" && "$bin" analyze ProfileApp --format json --output "$work/before.json" 2> /dev/null)
(cd "$pair/after" && "$bin" analyze ProfileApp --format json --output "$work/after.json" 2> /dev/null)
"$bin" diff "$work/before.json" "$work/after.json" --format html --output "$work/views/diff.html"
cp Tests/Browser/index-harness.html Tests/Browser/lint-harness.html Tests/Browser/analysis-harness.html Tests/Browser/diff-harness.html "$work/views/"

# check HARNESS EXPECTED: what the harness page prints, and no console error.
check() {
    chromium --headless --no-sandbox --disable-gpu --allow-file-access-from-files --virtual-time-budget=5000 \
        --enable-logging=stderr --v=0 --dump-dom "file://$work/views/$1" > "$work/dom.html" 2> "$work/console.txt"
    local seen
    seen=$(sed -n 's/.*<pre id="out">\([^<]*\)<\/pre>.*/\1/p' "$work/dom.html")
    if [ "$seen" != "$2" ]; then
        echo "$1 in Chromium: expected '$2', saw '$seen'" >&2
        exit 1
    fi
    if grep -E "Uncaught|CONSOLE\(.*(Error|error)" "$work/console.txt" >&2; then
        echo "$1 logged errors in Chromium" >&2
        exit 1
    fi
}
check index-harness.html "clinicmapview,profilescreen,profileview,reminderscheduleview,reminderview,searchview,watchlistview | 3,1,1,1,0,0,0 | reminderview,reminderscheduleview | 2 of 7 views | violations"
check lint-harness.html "8:8 findings shown | 4:4 findings shown | 1:1 finding shown | 1:1 finding shown"
check analysis-harness.html "profileview,watchlistview,profilescreen,reminderscheduleview,searchview,reminderview,clinicmapview | clinicmapview,reminderview,searchview,reminderscheduleview,profilescreen,watchlistview,profileview:ascending | reminderview,reminderscheduleview:2 of 7 views | 7 of 7 views | 7 drawings, 4 sections, 6 plan steps | 7 of 7 fit | zoom 2.25:scrolls | fit:restored"
check diff-harness.html "profileapp.profileview | 1 of 1 views | 0 of 1 views | 0 of 1 views | 5 sections"
echo "browser: the --all-views index and the lint, analysis and diff pages load without console errors, sort and filter"
