#!/usr/bin/env bash
# Installs what the tests need, then builds and runs every test: Swift's, then the editor's in Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
swift build --build-tests
# The message catalogs, checked complete and compiled beside the build's tagproj; the template current.
scripts/update-pot.sh --check
scripts/build-catalogs.sh .build/debug/locale
swift test --skip-build --parallel
# The editor and the gallery in a real browser: headless Chromium driven by Selenium, checked with the CLI.
# One file a test class or a few, each run alone (Tests/Editor/harness.py holds what they share); every
# file runs, and those that failed are named at the end.
failed=()
for test in Tests/Editor/test_*.py; do
    python3 "$test" || failed+=("$test")
done
if [ ${#failed[@]} -gt 0 ]; then
    echo "test.sh: failed: ${failed[*]}" >&2
    exit 1
fi
