#!/usr/bin/env bash
# Installs what tagproj needs, builds it, and runs the demo on the bundled photo into ./demo-out.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
swift build -c release --product tagproj
out=${1:-demo-out}
mkdir -p "$out"
bin=.build/release/tagproj
p="$out/coffee.tagproj"
$bin new "$p" Fixtures/coffee.png --force
$bin add "$p" dish "Flat white 拿铁" --at 0.42,0.36
$bin add "$p" price 28 --at 0.62,0.62 --side left
$bin add "$p" dish "Morning beans" --at 0.15,0.8
$bin move "$p" 3 --by 0.05,-0.05
$bin flip "$p" 2
$bin flip "$p" 2
$bin list "$p"
$bin history "$p"
$bin check "$p"
