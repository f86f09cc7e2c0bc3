#!/usr/bin/env bash
# Writes po/tagproj.pot, the template of every message tagproj shows, from the sources: the Swift
# (tr, trc, trn, read by xgettext's C lexer: a Swift literal without interpolation is a C string),
# the pages' JavaScript and the markers of their HTML (t, tc, tn; see
# Sources/TagProjEditor/HTTP/PageText.swift) and the C server's few strings (N_). With --check,
# writes nothing and fails when po/tagproj.pot is not what the sources give (its messages, not its dates or lines).
set -euo pipefail
cd "$(dirname "$0")/.."
check=false
[ "${1:-}" = --check ] && check=true
# Everything is made in a scratch folder; without --check its template then replaces po/tagproj.pot.
work=$(mktemp -d)
out=$work/tagproj.pot
common=(--from-code=UTF-8 --add-comments=TRANSLATORS: --sort-by-file --no-wrap
        --package-name=tagproj)
find Sources -name '*.swift' | LC_ALL=C sort > "$out.swift"
find Sources -name '*.js' -o -name '*.html' | LC_ALL=C sort > "$out.js"
# The pages' HTML is read as JavaScript from a copy at the same path in a scratch folder that
# holds only its markers (`{{t("…")}}`), on their lines: the references name the HTML file and line.
html=$work/html
trap 'rm -rf "$work"' EXIT
grep '\.html$' "$out.js" | while read -r page; do
    mkdir -p "$html/$(dirname "$page")"
    perl -ne 'print join(";", /\{\{(t[cn]?\(.*?\))\}\}/g), "\n"' "$page" > "$html/$page"
done
find Sources -name '*.c' | LC_ALL=C sort > "$out.c"
# The Swift: xgettext warns of Swift's """ literals and the apostrophes in them, which hold no
# messages; those warnings are dropped.
xgettext "${common[@]}" -L C --keyword= --keyword=tr:1 --keyword=trc:1c,2 --keyword=trn:1,2 \
    -f "$out.swift" -o "$out.1" --force-po 2> >(grep -v -e 'unterminated string literal' -e 'unterminated character constant' >&2)
xgettext "${common[@]}" -L JavaScript --keyword= --keyword=t:1 --keyword=tc:1c,2 --keyword=tn:1,2 \
    -D "$html" -D . -f "$out.js" -o "$out.2" --force-po
xgettext "${common[@]}" -L C --keyword= --keyword=N_:1 -f "$out.c" -o "$out.3" --force-po
sed -i 's/charset=CHARSET/charset=UTF-8/' "$out".[123]
msgcat --force-po --use-first --sort-by-file --no-wrap "$out.1" "$out.2" "$out.3" -o "$out.all"
# The header xgettext leaves for the project to fill.
sed -e 's/^# SOME DESCRIPTIVE TITLE\./# Messages of tagproj: dish-name and price tags on food photos./' \
    -e "s/^# Copyright (C) YEAR THE PACKAGE'S COPYRIGHT HOLDER/# Copyright (C) the tagproj authors/" \
    -e 's/^# This file is distributed under the same license as the PACKAGE package\./# This file is distributed under the same license as tagproj./' \
    -e '/^# FIRST AUTHOR/d' "$out.all" > "$out"
if $check; then
    # The messages (context, id, plural) of both, compared without their positions.
    ids() { msgcat --no-location --sort-output --no-wrap "$1" | grep -E '^(msgctxt|msgid|msgid_plural) '; }
    if ! diff <(ids po/tagproj.pot) <(ids "$out") >&2; then
        echo "po/tagproj.pot is out of date: run scripts/update-pot.sh (lines '>' are in the sources only)" >&2
        exit 1
    fi
else
    cp "$out" po/tagproj.pot
    # Every catalog takes the new template's messages; a translation whose message changed turns fuzzy.
    for po in po/*.po; do
        [ -e "$po" ] || continue
        msgmerge --quiet --update --backup=none --no-wrap --sort-by-file "$po" "$out"
    done
fi
