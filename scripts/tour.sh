#!/usr/bin/env bash
# The five-minute tour, run with the tagproj given (CI: the installed /usr/bin/tagproj) in a fresh
# temporary folder; any command that fails ends it with that command's status.
#   scripts/tour.sh [TAGPROJ]        TAGPROJ defaults to the tagproj on PATH
# Each command of the tour is the one line after a "# tour:" comment, as a reader would type it, so
# that the README can show the same lines and a test can compare them.
set -euo pipefail
tagproj_binary=$(realpath "$(command -v "${1:-tagproj}")") || { echo "tour.sh: no tagproj '${1:-tagproj}'" >&2; exit 1; }
folder=$(mktemp -d)
trap 'rm -rf "$folder"' EXIT
trap 'echo "tour.sh: failed (exit $?): $BASH_COMMAND" >&2' ERR
# "tagproj" in the lines below is the one given: first on PATH.
mkdir "$folder/bin"
ln -s "$tagproj_binary" "$folder/bin/tagproj"
export PATH="$folder/bin:$PATH"
cd "$folder"

# tour: the sample photo tagproj carries, and its demo project and pictures beside it
tagproj demo tour
# tour: a project of your own from that photo
tagproj new dinner.tagproj tour/coffee.png
# tour: a dish tag (prints its id, 1)
tagproj add dinner.tagproj dish "Flat white" --at 0.3,0.35
# tour: a price tag (prints 2), in the project's currency
tagproj add dinner.tagproj price 28 --at 0.7,0.5
# tour: move the dish tag a little right and down
tagproj move dinner.tagproj 1 --by 0.05,0.02
# tour: the price's bubble to the other side of its dot
tagproj flip dinner.tagproj 2
# tour: the tags
tagproj list dinner.tagproj
# tour: undo the flip
tagproj undo dinner.tagproj
# tour: every edit, the current one marked with >
tagproj history dinner.tagproj
# tour: the picture with its tags, as JPEG
tagproj export dinner.tagproj dinner.jpg
# tour: bring the flip back
tagproj redo dinner.tagproj
# tour: and as WebP
tagproj export dinner.tagproj dinner.webp
# tour: the project file is whole
tagproj check dinner.tagproj

# What the tour made is what it said: two tags, and pictures in the formats asked for.
[ "$(tagproj list dinner.tagproj --json | grep -o '"id"' | wc -l)" -eq 2 ] || { echo "tour.sh: not two tags" >&2; exit 1; }
[ "$(head -c 3 dinner.jpg | od -An -tx1 | tr -d ' ')" = ffd8ff ] || { echo "tour.sh: dinner.jpg is no JPEG" >&2; exit 1; }
[ "$(head -c 12 dinner.webp | tail -c 4)" = WEBP ] || { echo "tour.sh: dinner.webp is no WebP" >&2; exit 1; }
echo "tour.sh: the tour passed with $tagproj_binary ($(tagproj --version))"
