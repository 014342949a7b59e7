#!/usr/bin/env bash
# The SwiftPM plugins, end to end, on packages made in a temporary folder that depend on this
# checkout by path (make test-plugins; about 8 minutes, most of it building firebreak and
# swift-syntax for the plugins, which SwiftPM does in each consuming package's own .build): one at
# swift-tools-version 6.0 through every step below, one at 5.9 (most packages in the wild) through
# steps 2 and 4, since SwiftPM 5.9 skips a build command that declares no output.
#
# The package has a Networking target whose APIClient keeps a shared instance, and a Feature
# target, with FirebreakBuildToolPlugin attached, whose view model reads APIClient.shared:
#   1. `swift package firebreak lint` prints the finding and exits 1;
#   2. `swift build` fails, with the finding as an error diagnostic;
#   3. a `.firebreak.yml` that allows APIClient.shared makes the build pass (the plugin reads it),
#      and removing it makes the next build after a source change fail again;
#   4. injecting the client instead makes the build pass;
#   5. the time a warm no-op build spends in the plugin is printed.
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
work=${PLUGIN_PROBE_DIR:-$(mktemp -d)}
[ -n "${PLUGIN_PROBE_DIR:-}" ] || trap 'rm -rf "$work"' EXIT
identity=$(basename "$repo" | tr '[:upper:]' '[:lower:]')

# A consumer package at swift-tools-version $1 in $2, with the violation planted.
make_probe() {
local tools=$1 package=$2
mkdir -p "$package/Sources/Networking" "$package/Sources/Feature"
cat > "$package/Package.swift" <<MANIFEST
// swift-tools-version:$tools
import PackageDescription

let package = Package(
    name: "PluginProbe",
    dependencies: [.package(path: "$repo")],
    targets: [
        .target(name: "Networking"),
        .target(
            name: "Feature", dependencies: ["Networking"],
            plugins: [.plugin(name: "FirebreakBuildToolPlugin", package: "$identity")]
        ),
    ]
)
MANIFEST
cat > "$package/Sources/Networking/APIClient.swift" <<'SWIFT'
public final class APIClient: Sendable {
    public static let shared = APIClient()
    public func userName() -> String { "Ada" }
}
SWIFT
naive='import Networking

final class ProfileViewModel {
    func title() -> String { APIClient.shared.userName() }
}
'
injected='import Networking

final class ProfileViewModel {
    private let client: APIClient
    init(client: APIClient) { self.client = client }
    func title() -> String { client.userName() }
}
'
printf '%s' "$naive" > "$package/Sources/Feature/ProfileViewModel.swift"
}

fail() { echo "test-plugins: $1" >&2; [ -f "$work/out.txt" ] && tail -30 "$work/out.txt" >&2; exit 1; }
diagnostic='Sources/Feature/ProfileViewModel.swift:4:30: error: ProfileViewModel reads the shared instance APIClient.shared'

echo "test-plugins: tools 5.9, build-tool plugin, violation planted"
make_probe 5.9 "$work/PluginProbe59"
cd "$work/PluginProbe59"
status=0
swift build > "$work/out.txt" 2>&1 || status=$?
[ "$status" -ne 0 ] || fail "tools 5.9: swift build passed with the violation planted"
grep -q "$diagnostic" "$work/out.txt" || fail "tools 5.9: swift build did not print the finding as an error diagnostic"
grep -q "does not declare any output files" "$work/out.txt" && fail "tools 5.9: SwiftPM skipped the lint command"
printf '%s' "$injected" > Sources/Feature/ProfileViewModel.swift
swift build > "$work/out.txt" 2>&1 || fail "tools 5.9: swift build failed after the violation was removed"

package="$work/PluginProbe"
make_probe 6.0 "$package"
cd "$package"

echo "test-plugins: command plugin"
status=0
swift package firebreak lint > "$work/out.txt" 2>&1 || status=$?
[ "$status" -eq 1 ] || fail "swift package firebreak lint exited $status, expected 1"
grep -q "ProfileViewModel reads the shared instance APIClient.shared \[singleton-access\]" "$work/out.txt" \
    || fail "the command plugin's report lacks the finding"

echo "test-plugins: build-tool plugin, violation planted"
status=0
swift build > "$work/out.txt" 2>&1 || status=$?
[ "$status" -ne 0 ] || fail "swift build passed with the violation planted"
grep -q "$diagnostic" "$work/out.txt" || fail "swift build did not print the finding as an error diagnostic"

echo "test-plugins: allowed by .firebreak.yml"
printf 'version: 1\nsingletons: { allowed: [APIClient.shared] }\n' > .firebreak.yml
swift build > "$work/out.txt" 2>&1 || fail "swift build failed though .firebreak.yml allows APIClient.shared"
# The configuration is read by every run but is not an input of the command (see the plugin):
# after editing it, the next change to a Swift file reruns the lint.
rm .firebreak.yml
touch Sources/Feature/ProfileViewModel.swift
status=0
swift build > "$work/out.txt" 2>&1 || status=$?
[ "$status" -ne 0 ] || fail "swift build passed after .firebreak.yml was removed and a source touched"

echo "test-plugins: violation removed"
printf '%s' "$injected" > Sources/Feature/ProfileViewModel.swift
swift build > "$work/out.txt" 2>&1 || fail "swift build failed after the violation was removed"
grep -q "error:" "$work/out.txt" && fail "a clean build printed an error"

# What a warm build costs: a no-op build (the lint does not run: no input changed), a build after
# touching one file (the lint reruns with the facts cache warm), and that lint alone.
seconds() { local start end; start=$(date +%s%N); "$@" > /dev/null 2>&1; end=$(date +%s%N); echo "scale=2; ($end - $start) / 1000000000" | bc; }
echo "test-plugins: warm no-op swift build: $(seconds swift build) s"
touch Sources/Feature/ProfileViewModel.swift
echo "test-plugins: swift build after touching one file: $(seconds swift build) s"
tool=$(find .build -type f -name 'firebreak-tool' -perm -u+x | head -1)
cache=$(find .build/plugins -type d -name facts-cache | head -1)
echo "test-plugins: the plugin's lint alone, warm: $(seconds "$tool" lint "$package" --target Feature --format xcode --cache-dir "$cache") s"
echo "test-plugins: passed"
