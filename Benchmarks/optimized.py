#!/usr/bin/env python3
"""Photos as they come: the default (lossless) export of a JPEG whose Huffman tables are optimized
for it, against `jpegtran -copy all -optimize` on the same file, in the same run (issue 41).

Usage: Benchmarks/optimized.py [PHOTO.jpg] [--runs N] [--standard] [--grey] [--instructions]

PHOTO defaults to SafeLanding 5120x2880 (14.7 MP) from Debian's plasma-workspace-wallpapers; its
optimized copy is made with `jpegtran -optimize -copy all`. The ten tags are Benchmarks/tags.json's.
Such tables cannot code the tags' blocks, so the export writes the scan with new optimal tables,
every untouched block's coefficients the photo's: the same work as jpegtran -optimize plus the
tags. Runs the two alternately, prints the median wall and CPU time of each, their ratio (target:
at most 1.00x in wall time), peak memory and the export's plan. With --standard also a copy with
libjpeg's standard tables (`jpegtran -copy all`, as cameras write them), whose untouched MCUs the
export copies bit for bit, against `jpegtran -copy all` on it. With --grey also a greyscale copy
(`jpegtran -grayscale -optimize`), whose red prices make the export add colour planes, against
jpegtran -optimize on that copy. With --instructions also counts each one's instructions with
callgrind (on a stripped copy of tagproj: valgrind cannot read the Swift binary's debug info),
which swing far less than times on a shared machine.
"""
import argparse, json, os, statistics, subprocess, sys, tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from export import DEFAULT, ROOT, make_project, timed  # noqa: E402


def race(name, tagproj_cmd, jpegtran_cmd, jpegtran_name, runs):
    """Runs both alternately `runs` times and prints medians and the ratio."""
    ours, theirs = [], []
    for _ in range(runs):
        ours.append(timed(tagproj_cmd))
        theirs.append(timed(jpegtran_cmd))
    wall = [statistics.median(x[0] for x in v) for v in (ours, theirs)]
    cpu = [statistics.median(x[1] for x in v) for v in (ours, theirs)]
    peak = [max(x[2] for x in v) for v in (ours, theirs)]
    print(f"{name}: tagproj {wall[0]:.3f} s (cpu {cpu[0]:.3f} s, {peak[0]:.0f} MiB), "
          f"{jpegtran_name} {wall[1]:.3f} s (cpu {cpu[1]:.3f} s, {peak[1]:.0f} MiB): "
          f"{wall[0] / wall[1]:.2f}x wall, {cpu[0] / cpu[1]:.2f}x cpu")


def instructions(cmd):
    """The instructions `cmd` executes (every thread), from valgrind --tool=callgrind."""
    p = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"] + cmd,
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, check=True)
    return int(next(l for l in p.stderr.splitlines() if "Collected" in l).split()[-1])


def one(a, work, photo, name, baseline=("-optimize",)):
    project = make_project(a.tagproj, photo, work, name + ".tagproj")
    out, theirs = os.path.join(work, name + "-out.jpg"), os.path.join(work, name + "-jpegtran.jpg")
    plan = json.loads(subprocess.run([a.tagproj, "export", project, out, "--json"], capture_output=True, text=True,
                                     check=True).stdout)["plan"]
    theirs_cmd = ["jpegtran", "-copy", "all", *baseline, "-outfile", theirs, photo]
    race(name, [a.tagproj, "export", project, out], theirs_cmd, " ".join(theirs_cmd[:-3]), a.runs)
    print(f"  plan {json.dumps(plan)}; sizes: photo {os.path.getsize(photo)} B, export {os.path.getsize(out)} B, "
          f"jpegtran {os.path.getsize(theirs)} B")
    if a.instructions:
        stripped = os.path.join(work, "tagproj")
        subprocess.run(["strip", "-o", stripped, a.tagproj], check=True)
        mine = instructions([stripped, "export", project, out])
        base = instructions(theirs_cmd)
        print(f"  instructions: tagproj {mine / 1e6:,.0f}M, {' '.join(theirs_cmd[:-3])} {base / 1e6:,.0f}M: {mine / base:.2f}x")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("photo", nargs="?", default=DEFAULT)
    ap.add_argument("--runs", type=int, default=9)
    ap.add_argument("--grey", action="store_true")
    ap.add_argument("--instructions", action="store_true")
    ap.add_argument("--standard", action="store_true")
    ap.add_argument("--tagproj", default=os.path.join(ROOT, ".build/release/tagproj"))
    a = ap.parse_args()
    if not os.path.exists(a.photo):
        sys.exit(f"no photo at {a.photo}: apt-get install plasma-workspace-wallpapers, or pass one")
    work = tempfile.mkdtemp(prefix="tagproj-optimized-bench-")
    optimized = os.path.join(work, "optimized.jpg")
    subprocess.run(["jpegtran", "-optimize", "-copy", "all", "-outfile", optimized, a.photo], check=True)
    print(f"photo: {a.photo} made optimized by jpegtran -optimize -copy all, ten tags, median of {a.runs} alternating runs")
    one(a, work, optimized, "optimized")
    if a.standard:
        # What a camera writes: the standard tables, which code every symbol; the untouched MCUs are
        # copied bit for bit, against jpegtran merely copying the coefficients.
        standard = os.path.join(work, "standard.jpg")
        subprocess.run(["jpegtran", "-copy", "all", "-outfile", standard, a.photo], check=True)
        one(a, work, standard, "standard", baseline=())
    if a.grey:
        grey = os.path.join(work, "grey.jpg")
        subprocess.run(["jpegtran", "-grayscale", "-optimize", "-copy", "all", "-outfile", grey, a.photo], check=True)
        one(a, work, grey, "grey")
    subprocess.run(["rm", "-rf", work])


if __name__ == "__main__":
    main()
