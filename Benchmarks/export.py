#!/usr/bin/env python3
"""Export benchmark: `tagproj export` of a big JPEG with ten tags, against libjpeg-turbo's own
`djpeg | cjpeg -quality 90` round trip on the same file (the floor), in the same run.

Usage: Benchmarks/export.py [PHOTO.jpg] [--runs N] [--png] [--scaling] [--lossless] [--web] [--heic] [--progressive] [--turned]

PHOTO defaults to SafeLanding 5120x2880 (14.7 MP) from Debian's plasma-workspace-wallpapers.
The ten tags are those of ../shared/bench/peers/tags.json (copied in Benchmarks/tags.json).
Runs the two alternately, prints the median wall time of each, the ratio, and peak memory (max
RSS from GNU time). With --png also times PNG export against libpng re-encoding the same pixels at
the same zlib level: netpbm's `pnmtopng -compression 6` on djpeg's output, decoded beforehand. With --scaling also runs 4 and 50 MP versions of the photo (resized with Pillow)
and a copy tagged EXIF orientation 6, whose turn needs the whole picture in memory (--turned: that
copy alone, against the floor on the same, unturned, pixels; the same file, as djpeg ignores EXIF). With
--lossless also times the default full-size JPEG export (the lossless path: blocks under no tag
copied) against the same floor and against `jpegtran -copy all` (merely copying coefficients), all
three in one alternating loop, and prints the file sizes against the source and the classic q92 file;
then a copy of the photo marked EXIF orientation 6 (the same coefficients, an APP1 segment added),
exported losslessly turned, against `jpegtran -rotate 90 -copy all` on the photo, again alternating.
With --web also times web sizes (--max-size 1080): JPEG against `djpeg -scale 1/4 | cjpeg` (libjpeg's own
reduced decode, 1280×720, then encode; no resampling), WebP q82 against `djpeg -scale 1/4 | cwebp
-q 82`, AVIF against `heif-enc` encoding the same 1080 px pixels from a PNG made beforehand, and
vipsthumbnail when it is installed. With --heic also makes a HEIC of the photo with heif-enc -q 85
(about a minute) and times its export to JPEG q90 against heif-convert -q 90 on the same file, then
the same for the photo as an iPhone stores it, a grid of 512-pixel tiles each coded by heif-enc.
With --progressive also makes a progressive copy of the photo (jpegtran -progressive) and compares
the peak memory of its export (JPEG q90, ten tags) with djpeg's own peak decoding the same file:
libjpeg holds a progressive file's coefficients whole, and the export should add no more than bands.
"""
import argparse, json, os, shutil, statistics, subprocess, sys, tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT = "/usr/share/wallpapers/SafeLanding/contents/images/5120x2880.jpg"


def run(cmd, shell=False):
    """Wall seconds and peak RSS (MiB) of one command, from GNU time."""
    timed = ["/usr/bin/time", "-f", "%e %M"] + (["sh", "-c", cmd] if shell else cmd)
    p = subprocess.run(timed, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, check=True)
    wall, rss = p.stderr.strip().splitlines()[-1].split()
    return float(wall), int(rss) / 1024


def timed(cmd):
    """Wall seconds, CPU seconds (user + system) and peak RSS (MiB) of one command, from GNU time."""
    p = subprocess.run(["/usr/bin/time", "-f", "%e %U %S %M"] + cmd, stdout=subprocess.DEVNULL,
                       stderr=subprocess.PIPE, text=True, check=True)
    wall, user, system, rss = p.stderr.strip().splitlines()[-1].split()
    return float(wall), float(user) + float(system), int(rss) / 1024


def make_project(tagproj, photo, work, name="bench.tagproj"):
    project = os.path.join(work, name)
    subprocess.run([tagproj, "new", project, photo, "--force"], check=True, stderr=subprocess.DEVNULL)
    for t in json.load(open(os.path.join(ROOT, "Benchmarks/tags.json"))):
        text = t["text"]
        kind, text = ("price", text[1:]) if text.startswith("¥") else ("dish", text)
        subprocess.run([tagproj, "add", project, kind, text, "--at", f"{t['x']},{t['y']}", "--side", t["side"]],
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return project


def tiled_heic(photo, work, tile=512):
    """The photo as a HEIC grid of `tile`-pixel tiles, each coded by heif-enc -q 85 (Pillow cuts
    them; scripts/heif_grid.py puts them together)."""
    sys.path.insert(0, os.path.join(ROOT, "scripts"))
    from heif_grid import coded_tile, grid_heic
    from PIL import Image
    picture = Image.open(photo).convert("RGB")
    columns, rows = -(-picture.width // tile), -(-picture.height // tile)
    padded = Image.new("RGB", (columns * tile, rows * tile))
    padded.paste(picture, (0, 0))
    tiles = []
    for i in range(rows * columns):
        x, y = i % columns * tile, i // columns * tile
        png, heic = os.path.join(work, "tile.png"), os.path.join(work, "tile.heic")
        padded.crop((x, y, x + tile, y + tile)).save(png)
        subprocess.run(["heif-enc", "-q", "85", png, "-o", heic], check=True, stdout=subprocess.DEVNULL)
        tiles.append(coded_tile(open(heic, "rb").read()))
    path = os.path.join(work, "photo-tiled.heic")
    with open(path, "wb") as f:
        f.write(grid_heic(tiles, columns, tile, picture.width, picture.height))
    return path


def compare(name, ours, floor, runs, shell=False):
    a, b = [], []
    for _ in range(runs):
        a.append(run(*ours))
        b.append(run(*floor, shell=shell))
    ta, tb = statistics.median(x[0] for x in a), statistics.median(x[0] for x in b)
    ma, mb = max(x[1] for x in a), max(x[1] for x in b)
    print(f"{name:<28} {ta:>8.3f} s {tb:>8.3f} s {ta / tb:>6.2f}x {ma:>9.1f} {mb:>9.1f}")


def lossless(a, project, work, floor):
    """The lossless path against the floor and jpegtran in one loop, then file sizes; then the
    same for a turned copy of the photo against jpegtran's own turn."""
    out, classic = os.path.join(work, "lossless.jpg"), os.path.join(work, "classic.jpg")
    jobs = {"tagproj (lossless)": [a.tagproj, "export", project, out],
            "djpeg|cjpeg q90 (floor)": [floor, a.photo, os.path.join(work, "floor.jpg")],
            "jpegtran -copy all": ["sh", "-c", f"jpegtran -copy all {a.photo} > {work}/jpegtran.jpg"]}
    lossless_loop(a, jobs, "djpeg|cjpeg q90 (floor)", "jpegtran -copy all")
    plan = json.loads(subprocess.run([a.tagproj, "export", project, out, "--json"], capture_output=True, text=True).stdout)["plan"]
    subprocess.run([a.tagproj, "export", project, classic, "--reencode"], check=True, stderr=subprocess.DEVNULL)
    src, ll, cl = (os.path.getsize(p) for p in (a.photo, out, classic))
    print(f"plan {plan}; sizes: source {src} B, lossless {ll} B ({ll / src:.3f}x source), "
          f"classic q92 {cl} B (lossless {ll / cl:.3f}x classic)")
    # The same photo marked EXIF orientation 6: an APP1 segment after SOI, the scan untouched.
    data = open(a.photo, "rb").read()
    exif = bytes.fromhex("457869660000" "4d4d002a00000008" "0001" "0112" "0003" "00000001" "00060000" "00000000")
    turned_photo = os.path.join(work, "turned.jpg")
    with open(turned_photo, "wb") as f:
        f.write(data[:2] + b"\xff\xe1" + (len(exif) + 2).to_bytes(2, "big") + exif + data[2:])
    turned = make_project(a.tagproj, turned_photo, work, "turned.tagproj")
    turned_out = os.path.join(work, "turned-out.jpg")
    jobs = {"tagproj (lossless, turned)": [a.tagproj, "export", turned, turned_out],
            "djpeg|cjpeg q90 (floor)": [floor, a.photo, os.path.join(work, "floor.jpg")],
            "jpegtran -rotate 90 -copy all": ["sh", "-c", f"jpegtran -rotate 90 -copy all {a.photo} > {work}/jpegtran.jpg"]}
    lossless_loop(a, jobs, "djpeg|cjpeg q90 (floor)", "jpegtran -rotate 90 -copy all")
    plan = json.loads(subprocess.run([a.tagproj, "export", turned, turned_out, "--json"], capture_output=True, text=True).stdout)["plan"]
    print(f"turned: plan {plan}; size {os.path.getsize(turned_out)} B ({os.path.getsize(turned_out) / src:.3f}x source)")


def lossless_loop(a, jobs, floor_k, tran_k):
    """Runs `jobs` alternately a.runs times; prints wall and CPU medians against the floor and
    jpegtran, and peak memory."""
    def timed(cmd):
        """Wall seconds, CPU seconds (user + system, all processes) and peak RSS (MiB)."""
        p = subprocess.run(["/usr/bin/time", "-f", "%e %U %S %M"] + cmd, stdout=subprocess.DEVNULL,
                           stderr=subprocess.PIPE, text=True, check=True)
        wall, user, system, rss = p.stderr.strip().splitlines()[-1].split()
        return float(wall), float(user) + float(system), int(rss) / 1024
    times = {k: [] for k in jobs}
    for _ in range(a.runs):
        for k, cmd in jobs.items():
            times[k].append(timed(cmd))
    wall = {k: statistics.median(x[0] for x in v) for k, v in times.items()}
    cpu = {k: statistics.median(x[1] for x in v) for k, v in times.items()}
    print(f"{'job':<28} {'wall':>8} {'/floor':>7} {'/jpegtran':>9} {'cpu':>8} {'/floor':>7} {'/jpegtran':>9} {'peak MiB':>9}")
    for k in jobs:
        peak = max(x[2] for x in times[k])
        print(f"{k:<28} {wall[k]:>6.3f} s {wall[k] / wall[floor_k]:>6.2f}x {wall[k] / wall[tran_k]:>8.2f}x "
              f"{cpu[k]:>6.3f} s {cpu[k] / cpu[floor_k]:>6.2f}x {cpu[k] / cpu[tran_k]:>8.2f}x {peak:>9.1f}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("photo", nargs="?", default=DEFAULT)
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--png", action="store_true")
    ap.add_argument("--scaling", action="store_true")
    ap.add_argument("--lossless", action="store_true")
    ap.add_argument("--web", action="store_true")
    ap.add_argument("--heic", action="store_true")
    ap.add_argument("--progressive", action="store_true")
    ap.add_argument("--turned", action="store_true")
    ap.add_argument("--tagproj", default=os.path.join(ROOT, ".build/release/tagproj"))
    a = ap.parse_args()
    if not os.path.exists(a.photo):
        sys.exit(f"no photo at {a.photo}: apt-get install plasma-workspace-wallpapers, or pass one")
    work = tempfile.mkdtemp(prefix="tagproj-export-bench-")
    project = make_project(a.tagproj, a.photo, work)
    info = json.loads(subprocess.run([a.tagproj, "info", project, "--json"], capture_output=True, text=True).stdout)
    print(f"photo: {a.photo} ({info['width']}×{info['height']}, {info['width'] * info['height'] / 1e6:.1f} MP), "
          f"{info['tags']} tags, median of {a.runs} alternating runs")
    print(f"{'job':<28} {'tagproj':>10} {'baseline':>10} {'ratio':>7} {'tagproj MiB':>9} {'base MiB':>9}")
    out = os.path.join(work, "out.jpg")
    floor = os.path.join(ROOT, "Benchmarks/floor.sh")
    compare("JPEG q90 vs djpeg|cjpeg", ([a.tagproj, "export", project, out, "--quality", "90"],),
            ([floor, a.photo, os.path.join(work, "floor.jpg")],), a.runs)
    if a.lossless:
        lossless(a, project, work, floor)
    if a.scaling or a.turned:
        from_pillow = ("from PIL import Image; im = Image.open(%r);" % a.photo)
        variants = [("4 MP", "im.resize((2668, 1500), Image.LANCZOS).save(%r, quality=92)"),
                    ("50 MP", "im.resize((9440, 5310), Image.BICUBIC).save(%r, quality=92)"),
                    ("14.7 MP, EXIF orientation 6",
                     "im.save(%r, quality=92, exif=bytes.fromhex('457869660000' '4d4d002a00000008000101120003000000010006000000000000'))")]
        for name, code in variants if a.scaling else variants[2:]:
            photo = os.path.join(work, "variant.jpg")
            subprocess.run(["/usr/bin/python3", "-c", from_pillow + code % photo], check=True)
            variant = make_project(a.tagproj, photo, work, "variant.tagproj")
            compare(f"JPEG q90, {name}", ([a.tagproj, "export", variant, out, "--quality", "90"],),
                    ([floor, photo, os.path.join(work, "floor.jpg")],), a.runs)
    if a.web:
        web(a, project, work)
    if a.heic:
        heic = os.path.join(work, "photo.heic")
        subprocess.run(["heif-enc", "-q", "85", a.photo, "-o", heic], check=True, stdout=subprocess.DEVNULL)
        variant = make_project(a.tagproj, heic, work, "heic.tagproj")
        compare("HEIC -> JPEG vs heif-convert", ([a.tagproj, "export", variant, out, "--quality", "90"],),
                (["heif-convert", "-q", "90", heic, os.path.join(work, "floor.jpg")],), a.runs)
        # As an iPhone stores it: a grid of 512-pixel tiles (tagproj decodes them in turn,
        # heif-convert in threads).
        tiled = tiled_heic(a.photo, work)
        variant = make_project(a.tagproj, tiled, work, "heic-tiled.tagproj")
        compare("HEIC 512 tiles -> JPEG", ([a.tagproj, "export", variant, out, "--quality", "90"],),
                (["heif-convert", "-q", "90", tiled, os.path.join(work, "floor.jpg")],), a.runs)
    if a.progressive:
        progressive(a, work, out)
    if a.png:
        ppm = os.path.join(work, "src.ppm")
        subprocess.run(f"djpeg {a.photo} > {ppm}", shell=True, check=True)
        compare("PNG vs libpng (pnmtopng)", ([a.tagproj, "export", project, os.path.join(work, "out.png")],),
                (f"pnmtopng -compression 6 < {ppm} > {work}/floor.png",), a.runs, shell=True)
    subprocess.run(["rm", "-rf", work])


def progressive(a, work, out):
    """Peak memory of exporting a progressive JPEG against djpeg's peak decoding it."""
    photo = os.path.join(work, "progressive.jpg")
    subprocess.run(f"jpegtran -progressive -copy all {a.photo} > {photo}", shell=True, check=True)
    variant = make_project(a.tagproj, photo, work, "progressive.tagproj")
    ours, djpeg = [], []
    for _ in range(a.runs):
        ours.append(run([a.tagproj, "export", variant, out, "--quality", "90"]))
        djpeg.append(run(["djpeg", "-outfile", os.path.join(work, "progressive.ppm"), photo]))
    mine, theirs = max(x[1] for x in ours), max(x[1] for x in djpeg)
    print(f"progressive JPEG q90: peak {mine:.1f} MiB, djpeg's {theirs:.1f} MiB: {mine - theirs:+.1f} MiB "
          f"(time {statistics.median(x[0] for x in ours):.3f} s, djpeg {statistics.median(x[0] for x in djpeg):.3f} s)")


def web(a, project, work):
    """--max-size 1080 exports against the libraries' own tools on the same job."""
    jpg, webp, avif = (os.path.join(work, "web." + s) for s in ("jpg", "webp", "avif"))
    quarter = os.path.join(work, "quarter.ppm")
    compare("JPEG 1080 vs djpeg 1/4|cjpeg", ([a.tagproj, "export", project, jpg, "--max-size", "1080", "--quality", "90"],),
            (f"djpeg -scale 1/4 {a.photo} | cjpeg -quality 90 > {work}/floor.jpg",), a.runs, shell=True)
    compare("WebP q82 1080 vs djpeg|cwebp", ([a.tagproj, "export", project, webp, "--max-size", "1080", "--quality", "82"],),
            (f"djpeg -scale 1/4 -outfile {quarter} {a.photo} && cwebp -quiet -q 82 {quarter} -o {work}/floor.webp",),
            a.runs, shell=True)
    # heif-enc reads PNG or JPEG: give it our own 1080 px picture, losslessly, made beforehand.
    pixels = os.path.join(work, "pixels.png")
    subprocess.run([a.tagproj, "export", project, pixels, "--max-size", "1080"], check=True, stderr=subprocess.DEVNULL)
    compare("AVIF 1080 vs heif-enc", ([a.tagproj, "export", project, avif, "--max-size", "1080", "--quality", "60"],),
            (["heif-enc", "-q", "60", pixels, "-o", os.path.join(work, "floor.avif")],), a.runs)
    if shutil.which("vipsthumbnail"):
        compare("JPEG 1080 vs vipsthumbnail", ([a.tagproj, "export", project, jpg, "--max-size", "1080", "--quality", "90"],),
                (["vipsthumbnail", a.photo, "--size", "1080", "-o", os.path.join(work, "vips.jpg[Q=90]")],), a.runs)


if __name__ == "__main__":
    main()
