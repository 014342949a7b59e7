#!/usr/bin/env bash
# Draws, from public apps cloned outside the repository, the pictures the diagrams are judged by:
# Element X's RoomScreen closure, IceCubes' module graph, and a screenshot of Home Assistant's
# analysis page. They are derived from those apps' code, so they are written outside the
# repository and never committed (docs/images holds the example app's pictures instead).
#
#   benchmarks/real_app_images.sh --element-x DIR --icecubes DIR --home-assistant DIR [--out DIR] [--firebreak BIN]
#
# Clone the apps anywhere: github.com/element-hq/element-x-ios, Dimillian/IceCubesApp,
# home-assistant/iOS. Needs chromium for the screenshot (Debian's package).
set -euo pipefail
cd "$(dirname "$0")/.."
out="${TMPDIR:-/tmp}/firebreak-real-images"
firebreak=.build/debug/firebreak
element_x="" icecubes="" home_assistant=""
while [ $# -gt 0 ]; do
    case "$1" in
        --element-x) element_x="$2"; shift 2 ;;
        --icecubes) icecubes="$2"; shift 2 ;;
        --home-assistant) home_assistant="$2"; shift 2 ;;
        --out) out="$2"; shift 2 ;;
        --firebreak) firebreak="$2"; shift 2 ;;
        *) echo "unknown argument $1" >&2; exit 2 ;;
    esac
done
[ -n "$element_x" ] && [ -n "$icecubes" ] && [ -n "$home_assistant" ] || { echo "needs --element-x, --icecubes and --home-assistant" >&2; exit 2; }
[ -x "$firebreak" ] || swift build --product firebreak >&2
firebreak=$(cd "$(dirname "$firebreak")" && pwd)/$(basename "$firebreak")
mkdir -p "$out"
(cd "$element_x" && "$firebreak" graph --view RoomScreen --format png --output "$out/ElementX-RoomScreen.png" .)
(cd "$icecubes" && "$firebreak" graph --modules --format png --output "$out/IceCubes-modules.png" .)
(cd "$home_assistant" && "$firebreak" analyze --format html --output "$out/HomeAssistant-analysis.html" .)
chromium --headless --no-sandbox --disable-gpu --window-size=1400,1800 \
    --screenshot="$out/HomeAssistant-analysis.png" "file://$out/HomeAssistant-analysis.html" 2> /dev/null
for image in "$out"/*.png; do
    python3 -c 'import struct,sys; d=open(sys.argv[1],"rb").read(24); print(sys.argv[1], "%dx%d" % struct.unpack(">II", d[16:24]))' "$image"
done
