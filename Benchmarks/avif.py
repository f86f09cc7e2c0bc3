#!/usr/bin/env python3
"""AVIF export benchmark: `tagproj export p.tagproj out.avif` of a 4 MP project with ten tags,
against libheif's own `heif-enc -A` encoding the same pixels (the project exported as PNG
beforehand, tags drawn), at the same quality, in the same run.

Usage: Benchmarks/avif.py [PHOTO.jpg] [--runs N] [--quality Q ...] [--megapixels MP] [--tagproj PATH]

PHOTO defaults to SafeLanding 5120x2880 (14.7 MP); it is resized with Pillow to about MP
megapixels (default 4: 2668×1500, as export.py --scaling makes it) and saved as a JPEG q92, the
project's photo. The ten tags are Benchmarks/tags.json's. For each quality (default 92, tagproj's
default, and 60, a web one) the two run alternately; printed: the median wall time and CPU time
(user + system, every thread) of each, their ratios, and the peak RSS (GNU time's max, in MiB).
tagproj decodes the JPEG, draws the tags and encodes; heif-enc decodes the PNG and encodes: the
same work but for the tags, with the same encoder (libaom through libheif, its default speed
and threads, which tagproj keeps).
"""
import argparse, os, statistics, subprocess, sys, tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from export import DEFAULT, ROOT, make_project, timed  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("photo", nargs="?", default=DEFAULT)
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--quality", type=int, nargs="+", default=[92, 60])
    ap.add_argument("--megapixels", type=float, default=4)
    ap.add_argument("--tagproj", default=os.path.join(ROOT, ".build/release/tagproj"))
    a = ap.parse_args()
    if not os.path.exists(a.photo):
        sys.exit(f"no photo at {a.photo}: apt-get install plasma-workspace-wallpapers, or pass one")
    work = tempfile.mkdtemp(prefix="tagproj-avif-bench-")
    photo = os.path.join(work, "photo.jpg")
    subprocess.run(["/usr/bin/python3", "-c", f"""
from PIL import Image
im = Image.open({a.photo!r})
k = ({a.megapixels} * 1e6 / (im.width * im.height)) ** 0.5
im.resize((round(im.width * k), round(im.height * k)), Image.LANCZOS).save({photo!r}, quality=92)"""], check=True)
    project = make_project(a.tagproj, photo, work)
    pixels = os.path.join(work, "pixels.png")
    subprocess.run([a.tagproj, "export", project, pixels], check=True, stderr=subprocess.DEVNULL)
    size = subprocess.run(["/usr/bin/python3", "-c", f"from PIL import Image; print(*Image.open({pixels!r}).size)"],
                          capture_output=True, text=True, check=True).stdout.split()
    print(f"project: {size[0]}×{size[1]} ({int(size[0]) * int(size[1]) / 1e6:.1f} MP) from {a.photo}, ten tags; "
          f"median of {a.runs} alternating runs; {os.cpu_count()} cores")
    print(f"{'quality':<8} {'job':<34} {'wall':>8} {'ratio':>6} {'cpu':>8} {'ratio':>6} {'peak MiB':>9} {'ratio':>6} {'bytes':>9}")
    for q in a.quality:
        ours, floor = os.path.join(work, "ours.avif"), os.path.join(work, "floor.avif")
        jobs = {"tagproj export (JPEG + tags → AVIF)": [a.tagproj, "export", project, ours, "--quality", str(q)],
                "heif-enc -A (PNG → AVIF)": ["heif-enc", "-A", "-q", str(q), pixels, "-o", floor]}
        times = {k: [] for k in jobs}
        for _ in range(a.runs):
            for k, cmd in jobs.items():
                times[k].append(timed(cmd))
        base = "heif-enc -A (PNG → AVIF)"
        wall = {k: statistics.median(x[0] for x in v) for k, v in times.items()}
        cpu = {k: statistics.median(x[1] for x in v) for k, v in times.items()}
        peak = {k: max(x[2] for x in v) for k, v in times.items()}
        for k, path in zip(jobs, (ours, floor)):
            print(f"{q:<8} {k:<34} {wall[k]:>6.3f} s {wall[k] / wall[base]:>5.2f}x {cpu[k]:>6.3f} s "
                  f"{cpu[k] / cpu[base]:>5.2f}x {peak[k]:>9.1f} {peak[k] / peak[base]:>5.2f}x {os.path.getsize(path):>9}")
    subprocess.run(["rm", "-rf", work])


if __name__ == "__main__":
    main()
