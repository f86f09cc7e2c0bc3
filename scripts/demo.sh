#!/usr/bin/env bash
# Installs what tagproj needs, builds it, and runs the demo: the bundled photo → a project → tags →
# the exported picture, in ./demo-out (or the folder given).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
swift build -c release --static-swift-stdlib --product tagproj
scripts/build-catalogs.sh .build/release/locale
out=${1:-demo-out}
.build/release/tagproj demo "$out"
.build/release/tagproj list "$out/coffee.tagproj"
