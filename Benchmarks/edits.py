#!/usr/bin/env python3
"""Edit benchmark: `tagproj move` against the sqlite3 shell doing the equivalent one-row update.

Usage: Benchmarks/edits.py [--runs N] [--photo BIG.jpg] [--history 1000,10000] [--tags 1]

On a project whose source is a photo of at least 12 megapixels (made from Fixtures/coffee.png
when none is given), it times, alternating the two commands in one run:
  tagproj move P 1 --to X,Y
  sqlite3 Q "BEGIN IMMEDIATE; UPDATE tags SET x = ... WHERE id = 1; COMMIT;"   (Q: a copy of P)
then grows the history (and optionally the tag count) and measures again. Prints medians and
ratios. Wall time of whole processes: start-up counts, as it does for a user.
"""
import argparse, os, shutil, sqlite3, statistics, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def timed(cmd):
    t = time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - t


def make_photo(path):
    """A 4800×3200 (15.4 MP) JPEG made by upscaling the fixture photo (Pillow from python3-pil)."""
    script = ("from PIL import Image; im = Image.open(%r).convert('RGB');"
              "im.resize((4800, 3200), Image.LANCZOS).save(%r, quality=90)") % (
        os.path.join(ROOT, "Fixtures/coffee.png"), path)
    subprocess.run(["/usr/bin/python3", "-c", script], check=True)


def grow_history(project, entries, tags):
    """Appends `entries` history entries (moves of tag 1 that leave it in place, so the history stays
    consistent) and adds tags up to `tags`, directly with SQL, as many invocations would."""
    db = sqlite3.connect(project)
    cur = db.execute("SELECT history_cursor, next_tag_id FROM project").fetchone()
    seq, next_id = cur
    row = db.execute("SELECT kind, text, x, y, side, label_em FROM tags WHERE id = 1").fetchone()
    have = db.execute("SELECT count(*) FROM tags").fetchone()[0]
    with db:
        for i in range(tags - have):
            tid = next_id + i
            t = (row[0], f"Dish {tid}", 0.3 + (tid % 40) / 100, 0.3 + (tid % 37) / 100, "right", row[5])
            seq += 1
            db.execute("INSERT INTO tags VALUES (?,?,?,?,?,?,?)", (tid,) + t)
            db.execute("INSERT INTO history VALUES (?, ?)", (seq, f"add dish #{tid}"))
            db.execute("INSERT INTO history_changes VALUES (?,?,NULL,NULL,NULL,NULL,NULL,NULL,?,?,?,?,?,?)", (seq, tid) + t)
        next_id += max(0, tags - have)
        for _ in range(entries):
            seq += 1
            db.execute("INSERT INTO history VALUES (?, 'move #1')", (seq,))
            db.execute("INSERT INTO history_changes VALUES (?,1,?,?,?,?,?,?,?,?,?,?,?,?)", (seq,) + row + row)
        db.execute("UPDATE project SET history_cursor = ?, next_tag_id = ?", (seq, next_id))
    db.close()


def instructions(cmd):
    """Instructions executed by `cmd` under callgrind (repeatable, unlike wall time), or None."""
    if not shutil.which("valgrind"):
        return None
    p = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"] + cmd,
                       capture_output=True, text=True)
    for line in p.stderr.splitlines():
        if "refs:" in line:
            return int(line.split("refs:")[1].replace(",", ""))
    return None


def measure(tagproj, project, runs):
    copy = project + ".shell-copy"
    shutil.copyfile(project, copy)
    ours, shell = [], []
    for i in range(runs):
        x = "0.%d" % (30 + i % 40)
        ours.append(timed([tagproj, "move", project, "1", "--to", f"{x},0.5"]))
        shell.append(timed(["sqlite3", copy, f"BEGIN IMMEDIATE; UPDATE tags SET x = {x} WHERE id = 1; COMMIT;"]))
    os.remove(copy)
    return statistics.median(ours), statistics.median(shell)


def every_command(tagproj, project, runs):
    """Median wall time of each mutating command, each alternated with the shell's one-row update."""
    copy = project + ".shell-copy"
    shutil.copyfile(project, copy)
    times = {k: [] for k in ["add", "move", "flip", "edit", "delete", "undo", "redo", "sqlite3 shell"]}
    next_id = sqlite3.connect(project).execute("SELECT next_tag_id FROM project").fetchone()[0]
    for i in range(runs):
        tid = str(next_id + i)
        steps = [("add", ["add", project, "dish", f"Dish {i}", "--at", "0.3,0.3"]),
                 ("move", ["move", project, tid, "--to", f"0.{30 + i % 40},0.5"]),
                 ("flip", ["flip", project, tid]), ("edit", ["edit", project, tid, f"Soup {i}"]),
                 ("delete", ["delete", project, tid]), ("undo", ["undo", project]), ("redo", ["redo", project])]
        for j, (name, args) in enumerate(steps):
            times[name].append(timed([tagproj] + args))
            x = f"0.{(i * 7 + j) % 90 + 10}"
            times["sqlite3 shell"].append(
                timed(["sqlite3", copy, f"BEGIN IMMEDIATE; UPDATE tags SET x = {x} WHERE id = 1; COMMIT;"]))
    os.remove(copy)
    shell = statistics.median(times.pop("sqlite3 shell"))
    print(f"every mutating command, median of {runs}; sqlite3 shell one-row update: {shell * 1000:.2f} ms")
    for name, t in times.items():
        print(f"  {name:<7} {statistics.median(t) * 1000:>7.2f} ms  {statistics.median(t) / shell:>5.2f}x")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=41)
    ap.add_argument("--photo")
    ap.add_argument("--history", default="1000,10000")
    ap.add_argument("--tags", type=int, default=1)
    ap.add_argument("--tagproj", default=os.path.join(ROOT, ".build/release/tagproj"))
    a = ap.parse_args()
    work = tempfile.mkdtemp(prefix="tagproj-bench-")
    photo = a.photo or os.path.join(work, "big.jpg")
    if not a.photo:
        make_photo(photo)
    project = os.path.join(work, "bench.tagproj")
    subprocess.run([a.tagproj, "new", project, photo], check=True, stderr=subprocess.DEVNULL)
    subprocess.run([a.tagproj, "add", project, "dish", "宫保鸡丁", "--at", "0.3,0.4"], check=True, stdout=subprocess.DEVNULL)
    info = subprocess.run([a.tagproj, "info", project, "--json"], check=True, capture_output=True, text=True).stdout
    print(f"photo: {os.path.getsize(photo) / 1e6:.1f} MB; {info.strip()}")
    # valgrind cannot read the Swift toolchain's debug info: count instructions on a stripped copy.
    stripped = os.path.join(work, "tagproj-stripped")
    subprocess.run(["strip", "-o", stripped, a.tagproj], check=True)
    print(f"{'history':>8} {'tags':>5} {'tagproj move':>13} {'sqlite3 shell':>14} {'ratio':>6} {'move instructions':>18}")
    base = base_ir = None
    done = 0
    for target in [0] + [int(n) for n in a.history.split(",") if n]:
        grow_history(project, target - done, a.tags if target else 1)
        done = target
        ours, shell = measure(a.tagproj, project, a.runs)
        base = base or ours
        n = sqlite3.connect(project).execute("SELECT count(*) FROM history").fetchone()[0]
        t = sqlite3.connect(project).execute("SELECT count(*) FROM tags").fetchone()[0]
        ir = instructions([stripped, "move", project, "1", "--to", "0.45,0.5"])
        base_ir = base_ir or ir
        irs = f"{ir:>12,} ({(ir / base_ir - 1) * 100:+.1f}%)" if ir else "n/a"
        print(f"{n:>8} {t:>5} {ours * 1000:>10.2f} ms {shell * 1000:>11.2f} ms {ours / shell:>5.2f}x {irs}"
              f"   (wall {(ours / base - 1) * 100:+.0f}% vs. short history)")
    every_command(a.tagproj, project, a.runs)
    subprocess.run([a.tagproj, "check", project], check=True)
    shutil.rmtree(work)


if __name__ == "__main__":
    main()
