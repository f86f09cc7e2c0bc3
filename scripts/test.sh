#!/usr/bin/env bash
# Installs what the tests need, then builds and runs every test.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
swift build --build-tests
swift test --skip-build --parallel
