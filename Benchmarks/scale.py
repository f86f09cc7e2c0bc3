#!/usr/bin/env python3
"""Scale benchmark: the costs of issue 20, each case on a fresh copy of the same input.

Usage: Benchmarks/scale.py [--runs N] [--tagproj BIN]... [--cases adds,arrange,check,tree]
                           [--adds 5000] [--tags 20000] [--levels 8000,30000] [--callgrind]

Cases (inputs made once, in a temporary folder, from Fixtures/coffee.png, 600×400):
  adds     tagproj apply P adds.jsonl       N lines {"op":"add","kind":"dish","text":"Dish k"}, no positions
  arrange  tagproj arrange P                on T tags at seeded random dots, each with its add entry
  check    tagproj check P                  the same project: T tags, T history entries
  tree     tagproj history P --tree         L levels of nesting: entry k has children k+1 (older,
                                            drawn one column in) and L+k (newer), 2L entries
For every binary given (`--tagproj` may repeat: before, after), it prints the median wall time of
`--runs` runs, the peak resident set (ru_maxrss of the child), the bytes written to stdout and
stderr, and with `--callgrind` the instructions of one run (valgrind, on a stripped copy).
Wall time of whole processes; nothing here asserts on it.
"""
import argparse, os, random, resource, shutil, sqlite3, statistics, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PHOTO = os.path.join(ROOT, "Fixtures/coffee.png")


def run(cmd, cwd):
    """Wall seconds, peak RSS in MiB, stdout and stderr bytes of one run of `cmd`."""
    with open(os.path.join(cwd, "out"), "wb") as out, open(os.path.join(cwd, "err"), "wb") as err:
        t = time.perf_counter()
        p = subprocess.Popen(cmd, cwd=cwd, stdout=out, stderr=err)
        _, status, usage = os.wait4(p.pid, 0)
        wall = time.perf_counter() - t
    code = os.waitstatus_to_exitcode(status)
    if code != 0:
        sys.exit(f"{' '.join(cmd)}: exit {code}: {open(os.path.join(cwd, 'err'), 'rb').read()[-400:]!r}")
    return wall, usage.ru_maxrss / 1024, os.path.getsize(os.path.join(cwd, "out")), os.path.getsize(os.path.join(cwd, "err"))


def instructions(cmd, cwd):
    p = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"] + cmd, cwd=cwd,
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    for line in p.stderr.splitlines():
        if "refs:" in line:
            return int(line.split("refs:")[1].replace(",", ""))
    return None


def project_with_tags(tagproj, path, count, seed=20):
    """`count` dish tags at seeded random dots, each added by its own history entry (as `count`
    adds with --at would leave them), written with SQL in one transaction."""
    subprocess.run([tagproj, "new", path, PHOTO], check=True, stderr=subprocess.DEVNULL)
    subprocess.run([tagproj, "add", path, "dish", "Dish 10000", "--at", "0.3,0.4"], check=True, stdout=subprocess.DEVNULL)
    db = sqlite3.connect(path)
    em = db.execute("SELECT label_em FROM tags WHERE id = 1").fetchone()[0]
    db.execute("DELETE FROM history_changes")
    db.execute("DELETE FROM history")
    db.execute("DELETE FROM tags")
    rng = random.Random(seed)
    with db:
        for k in range(1, count + 1):
            # The dot anywhere the right-hand bubble of "Dish 10000" fits on a 600×400 picture.
            t = ("dish", f"Dish {k}", round(rng.uniform(0.02, 0.62), 4), round(rng.uniform(0.1, 0.95), 4), "right", em)
            db.execute("INSERT INTO tags VALUES (?,?,?,?,?,?,?)", (k,) + t)
            db.execute("INSERT INTO history (seq, label, parent, time_ms, user, front_end) VALUES (?,?,?,0,'bench','cli')",
                       (k, f"add dish #{k} “Dish {k}”", k - 1))
            db.execute("INSERT INTO history_changes VALUES (?,?,NULL,NULL,NULL,NULL,NULL,NULL,?,?,?,?,?,?)", (k, k) + t)
        db.execute("UPDATE project SET history_cursor = ?, next_tag_id = ?", (count, count + 1))
    db.close()


def project_with_deep_tree(tagproj, path, levels):
    """Entry k (1…levels) continues from k-1; entry levels+k from k: every entry up to `levels` has
    an older child (drawn one column in) and a newer one, so the tree nests `levels` deep."""
    subprocess.run([tagproj, "new", path, PHOTO], check=True, stderr=subprocess.DEVNULL)
    db = sqlite3.connect(path)
    with db:
        db.executemany("INSERT INTO history (seq, label, parent, time_ms, user, front_end) VALUES (?,?,?,0,'bench','cli')",
                       [(k, "arrange: nothing overlapped", k - 1) for k in range(1, levels + 1)]
                       + [(levels + k, "arrange: nothing overlapped", k) for k in range(1, levels + 1)])
    db.close()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--tagproj", action="append")
    ap.add_argument("--cases", default="adds,arrange,check,tree")
    ap.add_argument("--adds", type=int, default=5000)
    ap.add_argument("--tags", type=int, default=20000)
    ap.add_argument("--levels", default="8000,30000")
    ap.add_argument("--callgrind", action="store_true")
    a = ap.parse_args()
    binaries = a.tagproj or [os.path.join(ROOT, ".build/release/tagproj")]
    work = tempfile.mkdtemp(prefix="tagproj-scale-")
    cases = a.cases.split(",")
    jobs = []  # (name, project made once, arguments after the project)
    if "adds" in cases:
        src = os.path.join(work, "adds.tagproj")
        subprocess.run([binaries[0], "new", src, PHOTO], check=True, stderr=subprocess.DEVNULL)
        with open(os.path.join(work, "adds.jsonl"), "w") as f:
            for k in range(1, a.adds + 1):
                f.write('{"op":"add","kind":"dish","text":"Dish %d"}\n' % k)
        jobs.append((f"apply {a.adds} adds without positions", src, ["apply", None, os.path.join(work, "adds.jsonl")]))
    if "arrange" in cases or "check" in cases:
        src = os.path.join(work, "tags.tagproj")
        project_with_tags(binaries[0], src, a.tags)
        if "arrange" in cases:
            jobs.append((f"arrange {a.tags} tags", src, ["arrange", None]))
        if "check" in cases:
            jobs.append((f"check {a.tags} tags and entries", src, ["check", None]))
    if "tree" in cases:
        for levels in [int(n) for n in a.levels.split(",") if n]:
            src = os.path.join(work, f"tree-{levels}.tagproj")
            project_with_deep_tree(binaries[0], src, levels)
            jobs.append((f"history --tree, {levels} levels", src, ["history", None, "--tree"]))
    for name, src, args in jobs:
        print(name)
        for binary in binaries:
            walls, peaks, outs = [], [], None
            for i in range(a.runs):
                project = os.path.join(work, "run.tagproj")
                shutil.copyfile(src, project)
                wall, peak, out, err = run([binary] + [project if x is None else x for x in args], work)
                walls.append(wall)
                peaks.append(peak)
                outs = (out, err)
            text = f"  {binary}: median {statistics.median(walls):.3f} s of {a.runs} ({', '.join(f'{w:.3f}' for w in walls)}), " \
                   f"peak {max(peaks):.0f} MiB, stdout {outs[0]:,} B, stderr {outs[1]:,} B"
            if a.callgrind:
                stripped = os.path.join(work, "stripped")
                subprocess.run(["strip", "-o", stripped, binary], check=True)
                shutil.copyfile(src, project)
                text += f", {instructions([stripped] + [project if x is None else x for x in args], work):,} instructions"
            print(text, flush=True)
    shutil.rmtree(work)


if __name__ == "__main__":
    main()
