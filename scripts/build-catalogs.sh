#!/usr/bin/env bash
# Compiles po/LANG.po into FOLDER/LANG/LC_MESSAGES/tagproj.mo for each folder given (a build's
# `locale` folder beside its tagproj, where a source build finds its messages; the package's
# usr/share/locale). Each catalog is checked first (msgfmt --check: formats, header, plural forms)
# and must translate every message, none fuzzy: a catalog that does not is an error.
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 1 ] || { echo "usage: scripts/build-catalogs.sh FOLDER..." >&2; exit 64; }
for po in po/*.po; do
    lang=$(basename "$po" .po)
    stats=$(LC_ALL=C msgfmt --check --statistics -o /dev/null "$po" 2>&1)
    echo "$lang: $stats" >&2
    if [[ "$stats" == *fuzzy* || "$stats" == *untranslated* ]]; then
        echo "error: $po is not complete: $stats" >&2
        exit 1
    fi
    for folder in "$@"; do
        mkdir -p "$folder/$lang/LC_MESSAGES"
        msgfmt --check -o "$folder/$lang/LC_MESSAGES/tagproj.mo" "$po"
    done
done
