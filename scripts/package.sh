#!/usr/bin/env bash
# Builds the Debian package tagproj_VERSION_ARCH.deb into DIR (default dist/) with Debian's own tools:
# the release binary with the Swift runtime linked in (no toolchain needed to run it), the man page,
# each shell's completion where that shell looks, the copyright and changelog; Depends from
# dpkg-shlibdeps plus the libraries tagproj opens with dlopen; lintian checks it, and an error fails.
#   scripts/package.sh [DIR]          prints the path of the .deb it wrote
# VERSION is TagKitVersion.base and the commit (0.1.0~git20261202.abc1234), or the tag when HEAD is a
# tagged release; `tagproj --version` in the package prints the same.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-dist}
umask 022
scripts/install-deps.sh --package

fail() { echo "package.sh: $*" >&2; exit 1; }

# The version. git describe says v0.2.0 on a tagged release, v0.2.0-3-gabc1234 after one, abc1234
# (with --always) before any tag; -dirty when the work tree has changes. The date is the commit's,
# so that the same commit always makes the same version (and the same file dates in the package).
described=$(git describe --tags --always --dirty)
base=$(sed -n 's/^ *public static let base = "\(.*\)"$/\1/p' Sources/TagKit/Support/TagKitVersion.swift)
[ -n "$base" ] || fail "no TagKitVersion.base in Sources/TagKit/Support/TagKitVersion.swift"
export SOURCE_DATE_EPOCH=$(git log -1 --format=%ct)
date=$(TZ=UTC git show -s --format=%cd --date=format-local:%Y%m%d HEAD)
hash=$(git rev-parse --short HEAD)
tagged=$(git describe --tags 2>/dev/null || true)
if [[ $tagged =~ ^v?([0-9][0-9A-Za-z.+~]*)$ ]]; then
    version=${BASH_REMATCH[1]}                                      # a release
elif [[ $tagged =~ ^v?([0-9][0-9A-Za-z.+~]*)-([0-9]+)-g[0-9a-f]+$ ]]; then
    version="${BASH_REMATCH[1]}+git$date.${BASH_REMATCH[2]}.$hash"  # after a release: sorts above it
else
    version="$base~git$date.$hash"                                  # before base's release: below it
fi
[[ $described != *-dirty ]] || version+=".dirty"
dpkg --validate-version "$version" || fail "'$described' made '$version', not a Debian version"
arch=$(dpkg --print-architecture)

# The binary: its own build folder, as the version is a compiler flag (every source sees it) and
# .build/release stays the developer's. The C gets _FORTIFY_SOURCE=2, as dpkg-buildflags gives Debian's.
echo "building tagproj $version (release, Swift runtime linked statically)" >&2
swift build -c release --static-swift-stdlib --build-path .build-package --product tagproj \
    -Xcc "-DTAGPROJ_VERSION=\"$version\"" -Xcc -D_FORTIFY_SOURCE=2 >&2
built=.build-package/release/tagproj
[ "$("$built" --version)" = "tagproj $version" ] || fail "the build prints '$("$built" --version)', not 'tagproj $version'"
if ldd "$built" | grep -E 'libswift|libFoundation|libdispatch|libBlocksRuntime'; then
    fail "the Swift runtime is still linked dynamically (above): the package would need a toolchain"
fi

stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
root=$stage/tagproj
bin=$root/usr/bin/tagproj
doc=$root/usr/share/doc/tagproj
install -d -m 0755 "$root/DEBIAN" "$root/usr/bin" "$root/usr/share/man/man1" "$doc" \
    "$root/usr/share/bash-completion/completions" "$root/usr/share/zsh/vendor-completions" \
    "$root/usr/share/fish/vendor_completions.d"
install -m 0755 "$built" "$bin"
strip --remove-section=.comment --remove-section=.note "$bin"   # as dh_strip does for a program
LC_ALL=C "$bin" help --man | gzip -9n > "$root/usr/share/man/man1/tagproj.1.gz"
# The message catalogs where gettext's tools put them, and the man page in each language they translate.
scripts/build-catalogs.sh "$root/usr/share/locale"
for mo in "$root"/usr/share/locale/*/LC_MESSAGES/tagproj.mo; do
    lang=$(basename "$(dirname "$(dirname "$mo")")")
    install -d -m 0755 "$root/usr/share/man/$lang/man1"
    LC_ALL="$lang.UTF-8" LANGUAGE="$lang" TAGPROJ_LOCALEDIR="$root/usr/share/locale" "$bin" help --man \
        | gzip -9n > "$root/usr/share/man/$lang/man1/tagproj.1.gz"
    chmod 0644 "$mo" "$root/usr/share/man/$lang/man1/tagproj.1.gz"
done
find "$root/usr/share/locale" -type d -exec chmod 0755 {} +
"$bin" completions bash > "$root/usr/share/bash-completion/completions/tagproj"
"$bin" completions zsh > "$root/usr/share/zsh/vendor-completions/_tagproj"
"$bin" completions fish > "$root/usr/share/fish/vendor_completions.d/tagproj.fish"
install -m 0644 packaging/copyright "$doc/copyright"

# A native package's changelog is changelog.gz, in Debian's format: one entry, for this version.
maintainer="${DEBFULLNAME:-$(git log -1 --format=%an)} <${DEBEMAIL:-$(git log -1 --format=%ae)}>"
{
    echo "tagproj ($version) unstable; urgency=medium"
    echo
    echo "  * Built from commit $hash (git describe: $described)."
    echo
    echo " -- $maintainer  $(TZ=UTC date -R -d "@$(git log -1 --format=%ct)")"
} > "$stage/changelog"
dpkg-parsechangelog -l "$stage/changelog" > /dev/null
gzip -9n < "$stage/changelog" > "$doc/changelog.gz"
chmod 0644 "$root"/usr/share/man/man1/* "$root"/usr/share/*/*completions*/* "$doc"/*

# Depends: what the binary links, from dpkg-shlibdeps (which wants a debian/control to read) ...
mkdir -p "$stage/src/debian"
printf 'Source: tagproj\n\nPackage: tagproj\nArchitecture: any\n' > "$stage/src/debian/control"
linked=$(cd "$stage/src" && dpkg-shlibdeps -O "$bin")
linked=${linked#shlibs:Depends=}
# ... and the libraries opened with dlopen on first use, which it cannot see: each soname with the
# Debian package its error message names (Sources/CShims/heif_codec.c, font_subset.c,
# Sources/CEditor/http.c, Sources/TagKit/Text/Bidi.swift, Sources/CShims/qr_code.c, and the font and
# codec libraries of Sources/CLazyLoad/lazy_libraries.h), at the minimum version the package's own
# shlibs file gives for the library.
dlopened=("libheif.so.1 libheif1" "libharfbuzz-subset.so.0 libharfbuzz-subset0"
          "libmicrohttpd.so.12 libmicrohttpd12" "libfribidi.so.0 libfribidi0" "libqrencode.so.4 libqrencode4")
lazy=$(sed -nE 's/^ *L\([a-z0-9]+, "([^"]+)", "([^"]+)".*/\1 \2/p' Sources/CLazyLoad/lazy_libraries.h)
[ -n "$lazy" ] || fail "no libraries in Sources/CLazyLoad/lazy_libraries.h"
if [ "$(dpkg --print-architecture)" = amd64 ]; then
    # There the binary opens them on first call: one it still links costs every command its start-up.
    needed=$(readelf -d "$bin" | sed -nE 's/.*\(NEEDED\).*\[(.*)\]/\1/p')
    for soname in $(cut -d' ' -f1 <<< "$lazy"); do
        ! grep -qxF "$soname" <<< "$needed" || fail "$bin links $soname, which it should open on first call"
    done
    mapfile -t -O "${#dlopened[@]}" dlopened <<< "$lazy"
    elsewhere=()
else
    elsewhere=(--exclude=lazy_libraries.h)   # linked there, so dpkg-shlibdeps sees them
fi
opened=$(grep -rhoE "${elsewhere[@]}" '"lib[A-Za-z0-9_+-]+\.so\.[0-9]+"' Sources | tr -d '"' | sort -u)
listed=$(printf '%s\n' "${dlopened[@]}" | cut -d' ' -f1 | sort -u)
[ "$opened" = "$listed" ] || fail "the sources open $(echo $opened), this script lists $(echo $listed): add the new one above"
runtime=()
for entry in "${dlopened[@]}"; do
    read -r soname package <<< "$entry"
    grep -rlF "\"$soname\"" Sources | xargs grep -qwF "$package" \
        || fail "the source that opens $soname names no $package in its error message"
    owner=$(dpkg-query -S "/usr/lib/*/$soname" | cut -d: -f1)
    [ "$owner" = "$package" ] || fail "$soname is in $owner here, but the error message names $package"
    name=${soname%%.so.*} major=${soname##*.so.}
    shlibs=$(dpkg-query --control-path "$package" shlibs)
    dependency=$(awk -v n="$name" -v m="$major" '$1 == n && $2 == m { $1 = $2 = ""; sub(/^ +/, ""); print; exit }' "$shlibs")
    [ -n "$dependency" ] || fail "no line for $name $major in $shlibs"
    runtime+=("$dependency")
done
depends="$linked, $(IFS=,; echo "${runtime[*]}" | sed 's/,/, /g')"

cat > "$root/DEBIAN/control" <<EOF
Package: tagproj
Version: $version
Architecture: $arch
Maintainer: $maintainer
Installed-Size: $(du -sk --exclude=DEBIAN "$root" | cut -f1)
Depends: $depends
Recommends: fonts-dejavu-core, fonts-noto-cjk
Suggests: fonts-noto-color-emoji
Section: graphics
Priority: optional
Description: dish-name and price tags on food photos
 tagproj puts dish-name and price tags on food photos. Every editing session is
 one SQLite project file holding the photo, its tags and an undo history; each
 tagproj command is one edit, and edits can be undone and redone across
 separate invocations.
 .
 It reads JPEG, PNG, WebP, HEIC and AVIF photos and exports JPEG, PNG, WebP
 and AVIF. The project carries the font subsets its tags are drawn with, so it
 exports the same picture on another machine. "tagproj open" edits the tags in
 the browser.
EOF

(cd "$root" && find usr -type f -print0 | LC_ALL=C sort -z | xargs -0 md5sum) > "$root/DEBIAN/md5sums"
chmod 0644 "$root/DEBIAN/md5sums"

mkdir -p "$out"
deb=$out/tagproj_${version}_${arch}.deb
dpkg-deb --root-owner-group --build "$root" "$deb" >&2

# The man page in the package is the one tagproj prints, and the committed docs/tagproj.1 is too
# apart from the version on its .TH line.
page=$(mktemp)
dpkg-deb --fsys-tarfile "$deb" | tar -xO ./usr/share/man/man1/tagproj.1.gz | zcat > "$page"
"$bin" help --man | cmp - "$page" || fail "the man page in $deb is not what 'tagproj help --man' prints"
diff <(sed "s/\"tagproj $version\"/\"tagproj $base\"/" "$page") docs/tagproj.1 > /dev/null \
    || fail "docs/tagproj.1 is not the page this tagproj prints: tagproj help --man > docs/tagproj.1"
rm -f "$page"

lintian --fail-on error "$deb" >&2
echo "$deb"
