#!/usr/bin/env bash
# The Bazel example, end to end and offline (make test-bazel; about a minute once Bazel is there):
#   1. `bazel build //:report` runs one `firebreak facts` action per target and the report action,
#      whose lint and analysis JSON equal a run of firebreak over the sources;
#   2. after an edit of one file, the next build reruns that target's facts action and the report,
#      nothing else (read from Bazel's execution log);
#   3. `//:gate` fails the build on the example's finding, and passes once it is fixed.
# Installs Debian's bazel-bootstrap when `bazel` is missing.
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
firebreak=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
if ! command -v bazel >/dev/null; then
    echo "installing bazel-bootstrap"
    sudo=$([ "$(id -u)" = 0 ] || echo sudo)
    $sudo apt-get update -qq && $sudo apt-get install -y -qq bazel-bootstrap >/dev/null
fi
work=$(mktemp -d)
workspace="$work/Bazel"
bazel=(bazel --output_user_root="$work/root")
cleanup() { (cd "$workspace" 2>/dev/null && "${bazel[@]}" shutdown >/dev/null 2>&1) || true; rm -rf "$work"; }
trap cleanup EXIT
mkdir -p "$workspace"
(cd "$repo/Examples/Bazel" && tar cf - --exclude='./bazel-*' --exclude=./tools/firebreak .) | (cd "$workspace" && tar xf -)
cp "$firebreak" "$workspace/tools/firebreak"
cd "$workspace"
fail() { echo "test-bazel: $*" >&2; exit 1; }

"${bazel[@]}" build //:report --execution_log_json_file="$work/first.json" >"$work/first.log" 2>&1 || { cat "$work/first.log"; fail "bazel build //:report failed"; }
count() {  # how many actions of a mnemonic an execution log holds
    python3 - "$1" "$2" <<'PY'
import json, sys
text, decoder, index, count = open(sys.argv[1]).read(), json.JSONDecoder(), 0, 0
while index < len(text):
    while index < len(text) and text[index].isspace():
        index += 1
    if index == len(text):
        break
    entry, index = decoder.raw_decode(text, index)
    count += entry.get("mnemonic") == sys.argv[2]
print(count)
PY
}
[ "$(count "$work/first.json" FirebreakFacts)" = 4 ] || fail "expected 4 facts actions on the first build"
[ "$(count "$work/first.json" FirebreakReport)" = 1 ] || fail "expected 1 report action on the first build"
for report in lint.json sarif analysis.json; do
    [ -s "bazel-bin/report.$report" ] || fail "bazel-bin/report.$report is missing"
done
status=0; "$firebreak" lint . --format json --no-cache >"$work/direct-lint.json" || status=$?
[ $status = 1 ] || fail "firebreak lint over the sources: exit $status, expected 1"
cmp "$work/direct-lint.json" bazel-bin/report.lint.json || fail "the merged lint report differs from the run over the sources"
"$firebreak" analyze . --format json --no-cache >"$work/direct-analysis.json"
cmp "$work/direct-analysis.json" bazel-bin/report.analysis.json || fail "the merged analysis differs from the run over the sources"
grep -q '"singleton-access"' bazel-bin/report.sarif || fail "the SARIF report lacks the finding"
echo "test-bazel: first build: 4 facts actions, 1 report; reports equal the run over the sources"

echo "// an edit" >> Sources/Feature/ProfileScreen.swift
"${bazel[@]}" build //:report --execution_log_json_file="$work/second.json" >"$work/second.log" 2>&1 || { cat "$work/second.log"; fail "second build failed"; }
facts=$(count "$work/second.json" FirebreakFacts)
[ "$facts" = 1 ] || fail "after editing one file, $facts facts actions ran (expected 1)"
grep -E "^INFO: [0-9]+ processes" "$work/second.log" | sed 's/^/test-bazel: second build: /'
echo "test-bazel: after editing Sources/Feature/ProfileScreen.swift: 1 facts action (Feature), $(count "$work/second.json" FirebreakReport) report"

if "${bazel[@]}" build //:gate >"$work/gate.log" 2>&1; then fail "//:gate passed with a finding"; fi
grep -q "singleton-access" "$work/gate.log" || { cat "$work/gate.log"; fail "//:gate failed without naming the finding"; }
cat > Sources/Feature/SettingsScreen.swift <<'SWIFT'
import Core
import UI

public struct SettingsScreen: View {
    let loader: any ProfileLoading

    public init(loader: any ProfileLoading) { self.loader = loader }
}
SWIFT
"${bazel[@]}" build //:gate >"$work/gate2.log" 2>&1 || { cat "$work/gate2.log"; fail "//:gate failed after the fix"; }
echo "test-bazel: //:gate fails on the finding and passes once it is fixed"
