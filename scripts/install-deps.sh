#!/usr/bin/env bash
# Installs the Debian packages tagproj builds and tests with, if any are missing.
# Needs root or sudo; does nothing when everything is already installed.
set -euo pipefail

packages=(
  pkg-config
  libsqlite3-dev        # the project file
  libjpeg62-turbo-dev   # JPEG decode/encode (libjpeg-turbo)
  libpng-dev            # PNG decode/encode
  libwebp-dev           # WebP decode/encode (libwebp, libwebpdemux, libwebpmux)
  libheif-dev           # HEIC/AVIF decode, AVIF encode (libheif with libde265, dav1d, libaom)
  webp                  # cwebp, dwebp, img2webp: test fixtures, and checking our WebP output
  libheif-examples      # heif-enc, heif-convert: test fixtures, and checking our AVIF output
  libfreetype-dev       # glyph rasterizing
  libfontconfig-dev     # finding fonts, per-character fallback
  libharfbuzz-dev       # shaping, and font subsets (brings libharfbuzz-subset0, opened on first use)
  libfribidi-dev        # the Unicode bidirectional algorithm (Arabic, Hebrew mixed with digits and Latin)
  libmicrohttpd-dev     # the editor's HTTP server (tagproj open)
  libqrencode-dev       # the QR code of the editor's LAN address (tagproj open --lan; brings libqrencode4)
  fonts-dejavu-core     # Latin, Greek, Cyrillic, Arabic, Hebrew
  fonts-noto-cjk        # Chinese, Japanese, Korean
  fonts-noto-color-emoji
  sqlite3               # the baseline of the edit benchmark
  zsh fish              # the completion scripts' syntax is checked with each shell
  chromium chromium-driver  # the editor's tests run in a real browser
  iproute2              # ip: the editor's --lan tests make a network of their own in a namespace
  parallel              # GNU parallel: the README's recipe for sharding a batch is run by a test
  libjpeg-turbo-progs   # jpegtran: the lossless turns and crops are compared with its output
  python3-pil imagemagick  # photos with optimized Huffman tables, as Pillow and ImageMagick write them, for the lossless tests
  locales               # de_DE.UTF-8, en_US.UTF-8 and zh_CN.UTF-8: new's price format from LC_MONETARY, the CLI in Chinese
  gettext               # msgfmt compiles po/*.po into the .mo catalogs; xgettext checks po/tagproj.pot is current
)
# The benchmarks: libjpeg-turbo's own tools and netpbm's pnmtopng (the baselines), vipsthumbnail (a peer
# on web sizes), a 14.7 MP photo,
# Pillow (to resize it), valgrind (instruction counts).
[ "${1:-}" = "--bench" ] && packages+=(libjpeg-turbo-progs netpbm libvips-tools plasma-workspace-wallpapers python3-pil valgrind)
# Regenerating the bidi references (scripts/make-bidi-references.py): Pillow with libraqm, an
# independent FriBidi + HarfBuzz layout the tests compare tagproj's with.
[ "${1:-}" = "--references" ] && packages+=(python3-pil libraqm0)
# The Debian package (scripts/package.sh): dpkg-shlibdeps and lintian; and CI's check of the installed
# package: man finds the page, bash-completion loads the completion.
[ "${1:-}" = "--package" ] && packages+=(dpkg-dev lintian man-db bash-completion)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing: ${missing[*]}" >&2
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
# The locales the price-format tests run under (generated once; locale-gen is idempotent, and the
# check skips it when both are there already).
wanted_locales=(de_DE.UTF-8 en_US.UTF-8 zh_CN.UTF-8)
have_locales=$(locale -a 2>/dev/null | tr 'A-Z' 'a-z' | sed 's/utf-8/utf8/')
regenerate=0
for l in "${wanted_locales[@]}"; do
  key=$(echo "$l" | tr 'A-Z' 'a-z' | sed 's/utf-8/utf8/')
  echo "$have_locales" | grep -qx "$key" && continue
  regenerate=1
  grep -qx "$l UTF-8" /etc/locale.gen 2>/dev/null || echo "$l UTF-8" | $sudo tee -a /etc/locale.gen >/dev/null
done
if [ $regenerate -eq 1 ]; then
  echo "generating locales: ${wanted_locales[*]}" >&2
  $sudo locale-gen >/dev/null
fi
# Selenium (from PyPI) drives Chromium in the editor's tests; axe-selenium-python (PyPI) bundles
# axe-core, which checks the pages, dialogs and drawer for WCAG 2 A/AA violations.
for module in selenium:selenium axe_selenium_python:axe-selenium-python; do
  if ! python3 -c "import ${module%%:*}" 2>/dev/null; then
    echo "installing: ${module#*:} (PyPI)" >&2
    python3 -m pip install -q "${module#*:}" 2>/dev/null || python3 -m pip install -q --break-system-packages "${module#*:}"
  fi
done
