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
python3 Tests/Editor/test_editor.py
python3 Tests/Editor/test_gallery.py
python3 Tests/Editor/test_status_words.py
python3 Tests/Editor/test_export_dialogs.py
python3 Tests/Editor/test_phone_layout.py
