#!/usr/bin/env bash
# Writes Sources/CLazyLoad/lazy_libraries.h: for each library the release build of tagproj opens on
# first use through trampolines (Sources/CLazyLoad/lazy_x86_64.S), the functions of it that tagproj
# calls. Run it after a change calls a function of these libraries that tagproj did not call before
# (the release link then fails with that function undefined): it builds tagproj linked the ordinary
# way (TAGPROJ_LINK_ALL=1) and reads what the binary imports from each library; given a binary
# built so, it reads that one.
set -euo pipefail
cd "$(dirname "$0")/.."
libraries=(
    "freetype libfreetype.so.6 libfreetype6"
    "harfbuzz libharfbuzz.so.0 libharfbuzz0b"
    "fontconfig libfontconfig.so.1 libfontconfig1"
    "jpeg libjpeg.so.62 libjpeg62-turbo"
    "png libpng16.so.16 libpng16-16"
    "webp libwebp.so.7 libwebp7"
    "webpdemux libwebpdemux.so.2 libwebpdemux2"
    "webpmux libwebpmux.so.3 libwebpmux3"
)
binary=${1:-}
if [ -z "$binary" ]; then
    TAGPROJ_LINK_ALL=1 swift build -c release --build-path .build-link-all --product tagproj >&2
    binary=.build-link-all/release/tagproj
fi
imported=$(nm -D --undefined-only "$binary" | awk '{print $2}' | sed 's/@.*//' | sort -u)
out=Sources/CLazyLoad/lazy_libraries.h
{
    echo "// Written by scripts/make-lazy-libraries.sh: do not edit by hand."
    echo "//"
    echo "// The libraries tagproj opens on first use (lazy.c, lazy_x86_64.S), each as"
    echo "// L(name, soname, Debian package, list), and the functions of each that tagproj calls."
    echo "#ifndef TP_LAZY_LIBRARIES_H"
    echo "#define TP_LAZY_LIBRARIES_H"
    echo
    echo "#define TP_LAZY_LIBRARIES(L) \\"
    last=$(( ${#libraries[@]} - 1 ))
    for i in "${!libraries[@]}"; do
        read -r name soname package <<< "${libraries[$i]}"
        upper=$(echo "$name" | tr a-z A-Z)
        sep=" \\"; [ "$i" = "$last" ] && sep=""
        echo "    L($name, \"$soname\", \"$package\", TP_LAZY_$upper)$sep"
    done
    for entry in "${libraries[@]}"; do
        read -r name soname package <<< "$entry"
        upper=$(echo "$name" | tr a-z A-Z)
        path=$(ldconfig -p | awk -v s="$soname" '$1 == s && /x86-64/ && !found { print $NF; found = 1 }')
        defined=$(nm -D --defined-only "$path" | awk '$2 == "T" {print $3}' | sed 's/@.*//' | sort -u)
        functions=$(comm -12 <(echo "$imported") <(echo "$defined"))
        [ -n "$functions" ] || { echo "tagproj calls nothing in $soname: drop it from the list" >&2; exit 1; }
        echo
        echo "#define TP_LAZY_$upper(F, lib) \\"
        echo "$functions" | sed 's/.*/    F(lib, &) \\/' | sed '$ s/ \\$//'
    done
    echo
    echo "#endif"
} > "$out"
echo "$out: $(grep -c 'F(lib' "$out") functions in ${#libraries[@]} libraries" >&2
