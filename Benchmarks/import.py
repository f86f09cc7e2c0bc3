#!/usr/bin/env python3
"""Import benchmark: `tagproj new` on a big JPEG against `cp` of the same file plus the sqlite3
shell inserting it as a blob, alternating in one run.

Usage: Benchmarks/import.py [PHOTO.jpg] [--runs N]

PHOTO defaults to a ~20 MB JPEG made from the SafeLanding wallpaper (plasma-workspace-wallpapers)
enlarged to 9440×5310 at quality 95 with Pillow.
"""
import argparse, os, shutil, statistics, subprocess, tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WALLPAPER = "/usr/share/wallpapers/SafeLanding/contents/images/5120x2880.jpg"


def run(cmd):
    p = subprocess.run(["/usr/bin/time", "-f", "%e %M", "sh", "-c", cmd], stdout=subprocess.DEVNULL,
                       stderr=subprocess.PIPE, text=True, check=True)
    wall, rss = p.stderr.strip().splitlines()[-1].split()
    return float(wall), int(rss) / 1024


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("photo", nargs="?")
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--tagproj", default=os.path.join(ROOT, ".build/release/tagproj"))
    a = ap.parse_args()
    work = tempfile.mkdtemp(prefix="tagproj-import-bench-")
    photo = a.photo or os.path.join(work, "big.jpg")
    if not a.photo:
        subprocess.run(["/usr/bin/python3", "-c", "from PIL import Image; Image.open(%r).resize((9440, 5310), "
                        "Image.BICUBIC).save(%r, quality=95)" % (WALLPAPER, photo)], check=True)
    ours, base = [], []
    for _ in range(a.runs):
        ours.append(run(f"{a.tagproj} new {work}/p.tagproj {photo} --force 2>/dev/null"))
        base.append(run(f"cp {photo} {work}/copy.jpg && rm -f {work}/b.db && sqlite3 {work}/b.db "
                        f"\"CREATE TABLE b (x); INSERT INTO b VALUES (readfile('{work}/copy.jpg'))\""))
    t, b = statistics.median(x[0] for x in ours), statistics.median(x[0] for x in base)
    print(f"photo: {os.path.getsize(photo) / 1e6:.1f} MB, median of {a.runs} alternating runs")
    print(f"tagproj new          {t:.3f} s  peak {max(x[1] for x in ours):.0f} MiB")
    print(f"cp + sqlite3 insert  {b:.3f} s  peak {max(x[1] for x in base):.0f} MiB")
    print(f"ratio                {t / b:.2f}x")
    shutil.rmtree(work)


if __name__ == "__main__":
    main()
