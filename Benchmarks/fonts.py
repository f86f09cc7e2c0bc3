#!/usr/bin/env python3
"""Font subsetting benchmark: what embedding a tag's fonts costs `add`, and what drawing from the
embedded subsets saves `export`, against a tagproj built without subsets.

Usage: Benchmarks/fonts.py --before OLD_TAGPROJ [--after NEW_TAGPROJ] [--runs N]

OLD_TAGPROJ is a release build of the commit before subsets (stripped, as the new one); NEW defaults
to .build/release/tagproj. In one loop, alternating the two binaries:
  add:    `tagproj add P dish TEXT` (then an untimed `undo`), for a Latin, a CJK and an emoji label
  export: `tagproj export P out.jpg` of Fixtures/coffee.png with the ten tags of Benchmarks/tags.json
          (the new binary draws them from the project's subsets; the old one from the installed
          fonts), with the fallback memo as a user has it, and with TAGPROJ_FONT_MEMO=0
Prints wall medians and callgrind instruction counts (repeatable, unlike wall time on a shared machine),
and the bytes the project stores per tag for each label.
"""
import argparse, json, os, shutil, sqlite3, statistics, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PHOTO = os.path.join(ROOT, "Fixtures/coffee.png")
LABELS = [("Latin", "Kung Pao Chicken"), ("CJK", "宫保鸡丁"), ("emoji", "🍜 Ramen")]


def quiet(cmd, env=None):
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)


def timed(cmd, env=None):
    t = time.perf_counter()
    quiet(cmd, env)
    return time.perf_counter() - t


def instructions(cmd, env=None):
    """Instructions executed by `cmd` under callgrind, or None without valgrind."""
    if not shutil.which("valgrind"):
        return None
    p = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"] + cmd,
                       capture_output=True, text=True, env=env)
    for line in p.stderr.splitlines():
        if "refs:" in line:
            return int(line.split("refs:")[1].replace(",", ""))
    return None


def project(tagproj, path, tags=()):
    quiet([tagproj, "new", path, PHOTO, "--force"])
    for t in tags:
        text = t["text"]
        kind, text = ("price", text[1:]) if text.startswith("¥") else ("dish", text)
        quiet([tagproj, "add", path, kind, text, "--at", f"{t['x']},{t['y']}", "--side", t["side"]])
    return path


def row(name, before, after, ib, ia):
    ratio = f"{after / before:.2f}x"
    counts = f"{ib:>13,} {ia:>13,} {ia / ib:>6.2f}x" if ib and ia else ""
    print(f"{name:<34} {before * 1000:>8.2f} ms {after * 1000:>8.2f} ms {ratio:>7} {counts}")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--before", required=True, help="tagproj without font subsets (release, stripped)")
    ap.add_argument("--after", default=os.path.join(ROOT, ".build/release/tagproj"))
    ap.add_argument("--runs", type=int, default=11)
    a = ap.parse_args()
    work = tempfile.mkdtemp(prefix="tagproj-fonts-")
    env = dict(os.environ)
    nomemo = dict(env, TAGPROJ_FONT_MEMO="0")
    try:
        print(f"{'job':<34} {'before':>11} {'after':>11} {'ratio':>7} {'instr. before':>13} {'instr. after':>13} {'ratio':>7}")
        for name, text in LABELS:
            projects = {b: project(b, os.path.join(work, f"add-{i}.tagproj")) for i, b in enumerate([a.before, a.after])}
            for b, p in projects.items():  # warm the fallback memo and the page cache
                quiet([b, "add", p, "dish", text]); quiet([b, "undo", p])
            times = {a.before: [], a.after: []}
            for _ in range(a.runs):
                for b, p in projects.items():
                    times[b].append(timed([b, "add", p, "dish", text]))
                    quiet([b, "undo", p])
            counts = {}
            for b, p in projects.items():
                counts[b] = instructions([b, "add", p, "dish", text])
                quiet([b, "undo", p])
            row(f"add {name} “{text}”", statistics.median(times[a.before]), statistics.median(times[a.after]),
                counts[a.before], counts[a.after])
        tags = json.load(open(os.path.join(ROOT, "Benchmarks/tags.json")))
        projects = {b: project(b, os.path.join(work, f"export-{i}.tagproj"), tags) for i, b in enumerate([a.before, a.after])}
        out = os.path.join(work, "out.jpg")
        for label, e in [("export, 10 tags (memo)", env), ("export, 10 tags (TAGPROJ_FONT_MEMO=0)", nomemo)]:
            times = {a.before: [], a.after: []}
            for _ in range(a.runs):
                for b, p in projects.items():
                    times[b].append(timed([b, "export", p, out], e))
            row(label, statistics.median(times[a.before]), statistics.median(times[a.after]),
                instructions([a.before, "export", projects[a.before], out], e),
                instructions([a.after, "export", projects[a.after], out], e))
        print()
        print("bytes a project stores per tag (its subsets; shared subsets counted once per project):")
        for name, text in LABELS + [("price", "38")]:
            p = project(a.after, os.path.join(work, "size.tagproj"))
            quiet([a.after, "add", p, "price" if name == "price" else "dish", text])
            db = sqlite3.connect(p)
            faces = db.execute("SELECT f.family, length(f.bytes) FROM tag_fonts t JOIN font_subsets f ON f.id = t.subset_id").fetchall()
            db.close()
            total = sum(n for _, n in faces)
            shown = text if name != "price" else "¥38"
            print(f"  {name:<6} “{shown}”: {total:>6,} bytes = " + " + ".join(f"{fam} {n:,}" for fam, n in faces))
    finally:
        shutil.rmtree(work)


if __name__ == "__main__":
    sys.exit(main())
