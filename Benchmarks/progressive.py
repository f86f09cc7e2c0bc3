#!/usr/bin/env python3
"""A progressive photo's default export (the lossless path) against libjpeg-turbo's own tools on
the same file, in one alternating loop: `djpeg | cjpeg -quality 90` (the floor: decode and encode
again), `jpegtran -copy all -optimize` (the coefficients copied, tables made for them) and
`djpeg` alone (whose peak is the coefficients libjpeg must hold whole for a progressive file).

Usage: Benchmarks/progressive.py [PHOTO.jpg] [--runs N] [--tagproj PATH] [--before PATH]

The photo (default SafeLanding 5120×2880, 14.7 MP) is made progressive 4:4:4 first
(`djpeg | cjpeg -progressive -sample 1x1 -quality 92`, as a camera app's "high quality" setting
writes it), and gets the ten tags of Benchmarks/tags.json. With --before, another tagproj build's
export of a project it made of the same photo and tags joins the loop. Prints the median wall time and the peak RSS of each,
and their ratios to the floor.
"""
import argparse, os, statistics, subprocess, tempfile

from export import DEFAULT, ROOT, make_project, run


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("photo", nargs="?", default=DEFAULT)
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--tagproj", default=os.path.join(ROOT, ".build/release/tagproj"))
    ap.add_argument("--before", help="another tagproj build, timed on the same project")
    a = ap.parse_args()
    work = tempfile.mkdtemp(prefix="tagproj-progressive-")
    photo = os.path.join(work, "progressive444.jpg")
    subprocess.run(f"djpeg {a.photo} | cjpeg -progressive -sample 1x1 -quality 92 > {photo}", shell=True, check=True)
    project = make_project(a.tagproj, photo, work, "progressive.tagproj")
    out = os.path.join(work, "out.jpg")
    commands = {"tagproj export": ([a.tagproj, "export", project, out],),
                "djpeg | cjpeg -quality 90": (f"djpeg {photo} | cjpeg -quality 90 > {work}/floor.jpg", True),
                "jpegtran -copy all -optimize": (f"jpegtran -copy all -optimize {photo} > {work}/tran.jpg", True),
                "djpeg": (["djpeg", "-outfile", os.path.join(work, "d.ppm"), photo],)}
    if a.before:
        older = make_project(a.before, photo, work, "before.tagproj")  # an older build may not read a newer schema
        commands["tagproj export (before)"] = ([a.before, "export", older, os.path.join(work, "before.jpg")],)
    results = {name: [] for name in commands}
    for _ in range(a.runs):
        for name, cmd in commands.items():
            results[name].append(run(*cmd))
    floor = statistics.median(t for t, _ in results["djpeg | cjpeg -quality 90"])
    floor_peak = max(m for _, m in results["djpeg"])
    print(f"{os.path.getsize(photo) / 1e6:.1f} MB progressive 4:4:4 photo, ten tags; median of {a.runs}, alternating")
    print(f"{'':<30} {'time':>9} {'vs floor':>9} {'peak MiB':>9} {'vs djpeg':>9}")
    for name, rows in results.items():
        t, m = statistics.median(x[0] for x in rows), max(x[1] for x in rows)
        print(f"{name:<30} {t:>7.3f} s {t / floor:>8.2f}x {m:>9.1f} {m - floor_peak:>+8.1f}")
    sizes = {"source": photo, "tagproj export": out, "jpegtran -optimize": f"{work}/tran.jpg"}
    print("bytes: " + ", ".join(f"{k} {os.path.getsize(v):,}" for k, v in sizes.items()))
    subprocess.run(["rm", "-rf", work])


if __name__ == "__main__":
    main()
