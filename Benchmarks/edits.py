#!/usr/bin/env python3
"""Edit benchmark: `tagproj move` against the sqlite3 shell doing the equivalent SQL.

Usage: Benchmarks/edits.py [--build] [--runs N] [--photo BIG.jpg] [--history 20,10000] [--branches 100] [--tags 1]
                           [--dir DIR]

On a project whose source is a photo of at least 12 megapixels (made from Fixtures/coffee.png
when none is given), it times, alternating the commands in one run:
  tagproj move P 1 --to X,Y
  sqlite3 Q "BEGIN IMMEDIATE; UPDATE tags SET x = ..., y = 0.5 WHERE id = 1; COMMIT;"   (Q: a copy of P)
  sqlite3 Q "BEGIN IMMEDIATE; UPDATE tags …; INSERT INTO history …; INSERT INTO history_changes …;
             UPDATE project SET history_cursor …; COMMIT;"   (what a move writes, as SQL)
then grows the history to each size given, in `--branches` branches (each branch after the first
continues from an entry of an earlier one; the cursor ends on the newest), and measures again.
Prints the machine, medians and ratios (wall; CPU, user + system, for move and the UPDATE, which
the fsyncs' swings leave alone), and callgrind instruction counts of move (against the shell's
one-row UPDATE and its move SQL), undo and redo, and of `history` (the current branch) against
the shell reading the same rows. Wall time of whole processes: start-up counts, as it does for
a user. --dir puts the projects in DIR (default: the system's temporary folder); on a tmpfs such
as /dev/shm no fsync waits for a disk, so wall time shows the processes' own work. --build first
runs `swift build -c release --static-swift-stdlib --product tagproj` (the build README's
benchmarks and scripts/demo.sh use).
"""
import argparse, datetime, os, resource, shutil, sqlite3, statistics, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def timed(cmd):
    t = time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - t


def timed_cpu(cmd):
    """Wall and CPU (user + system) seconds of `cmd`; the CPU time leaves out the waits for fsync."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    wall = timed(cmd)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def machine():
    """One line: the date, the cores, the CPU model, the load, the sqlite3 shell's version."""
    model = next((line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo") if line.startswith("model name")), "?")
    shell = subprocess.run(["sqlite3", "--version"], capture_output=True, text=True).stdout.split()[:1]
    return (f"{datetime.datetime.now():%Y-%m-%d %H:%M}; nproc {os.cpu_count()}; {model}; load {os.getloadavg()[0]:.2f};"
            f" sqlite3 {' '.join(shell)}")


def one_row_update(x):
    """The shell's one-row write: the SQL of the tag's new place, in a transaction."""
    return f"BEGIN IMMEDIATE; UPDATE tags SET x = {x}, y = 0.5 WHERE id = 1; COMMIT;"


def make_photo(path):
    """A 4800×3200 (15.4 MP) JPEG made by upscaling the fixture photo (Pillow from python3-pil)."""
    script = ("from PIL import Image; im = Image.open(%r).convert('RGB');"
              "im.resize((4800, 3200), Image.LANCZOS).save(%r, quality=90)") % (
        os.path.join(ROOT, "Fixtures/coffee.png"), path)
    subprocess.run(["/usr/bin/python3", "-c", script], check=True)


def grow_history(project, entries, tags, branches):
    """Appends `entries` history entries (moves of tag 1 that leave it in place, so every state is
    consistent) in `branches` branches, and adds tags up to `tags`, directly with SQL, as many
    invocations would. Branch b > 0 starts from an entry of the branches before it; the cursor
    ends on the last entry."""
    db = sqlite3.connect(project)
    seq, next_id = db.execute("SELECT history_cursor, next_tag_id FROM project").fetchone()
    last = db.execute("SELECT coalesce(max(seq), 0) FROM history").fetchone()[0]
    row = db.execute("SELECT kind, text, x, y, side, label_em FROM tags WHERE id = 1").fetchone()
    have = db.execute("SELECT count(*) FROM tags").fetchone()[0]
    insert = "INSERT INTO history (seq, label, parent, time_ms, user, front_end) VALUES (?, ?, ?, 0, 'bench', 'cli')"
    # The columns named: later schemas add some (a dish's price), which stay NULL here.
    sides = ("kind", "text", "x", "y", "side", "label_em")
    changes = "INSERT INTO history_changes (seq, tag_id, %s) VALUES (?, ?, %s)" % (
        ", ".join(["before_" + c for c in sides] + ["after_" + c for c in sides]), ", ".join("?" * 12))
    with db:
        for i in range(tags - have):
            tid = next_id + i
            t = (row[0], f"Dish {tid}", 0.3 + (tid % 40) / 100, 0.3 + (tid % 37) / 100, "right", row[5])
            last += 1
            db.execute("INSERT INTO tags (id, kind, text, x, y, side, label_em) VALUES (?,?,?,?,?,?,?)", (tid,) + t)
            db.execute(insert, (last, f"add dish #{tid}", seq))
            db.execute(changes, (last, tid, None, None, None, None, None, None) + t)
            seq = last
        next_id += max(0, tags - have)
        first = last + 1  # branches fork only among the moves, where every state is the same
        per_branch = max(1, -(-entries // max(1, branches)))  # rounded up: exactly `branches` branches
        for k in range(entries):
            last += 1
            if k % per_branch == 0 and k > 0:
                seq = first + (k * 7919) % (last - first)
            db.execute(insert, (last, "move #1", seq))
            db.execute(changes, (last, 1) + row + row)
            seq = last
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


# What a move writes, as the sqlite3 shell would write it: the tag, the entry on top of the cursor,
# its before/after images, the cursor.
SHELL_MOVE = """BEGIN IMMEDIATE;
UPDATE tags SET x = {x} WHERE id = 1;
INSERT INTO history (seq, label, parent, time_ms, user, front_end, session)
  SELECT max(seq) + 1, 'move #1 to {x},0.500', (SELECT history_cursor FROM project), 0, 'bench', 'cli', 1 FROM history;
INSERT INTO history_changes (seq, tag_id, before_kind, before_text, before_x, before_y, before_side, before_label_em, before_price,
                             after_kind, after_text, after_x, after_y, after_side, after_label_em, after_price)
  SELECT (SELECT max(seq) FROM history), 1, kind, text, x, y, side, label_em, price, kind, text, x, y, side, label_em, price
  FROM tags WHERE id = 1;
UPDATE project SET history_cursor = (SELECT max(seq) FROM history);
COMMIT;"""


# The current branch read as SQL: the cursor's ancestors, then the newest child onward.
SHELL_BRANCH = """
WITH RECURSIVE up(seq) AS (SELECT history_cursor FROM project
  UNION SELECT h.parent FROM history h JOIN up ON h.seq = up.seq WHERE h.parent > 0),
down(seq) AS (SELECT max(seq) FROM history WHERE parent = (SELECT history_cursor FROM project)
  UNION SELECT (SELECT max(h.seq) FROM history h WHERE h.parent = down.seq) FROM down WHERE down.seq IS NOT NULL)
SELECT seq, parent, label, time_ms, user, front_end FROM history
WHERE seq IN (SELECT seq FROM up UNION SELECT seq FROM down) ORDER BY seq;
"""


def measure(tagproj, project, runs):
    """Median wall times of `move`, the shell's one-row update and the shell's equivalent of a move,
    and the median CPU times of the first two."""
    copy, copy2 = project + ".shell-copy", project + ".shell-copy2"
    shutil.copyfile(project, copy)
    shutil.copyfile(project, copy2)
    ours, shell, equivalent = [], [], []
    for i in range(runs):
        x = "0.%d" % (30 + i % 40)
        ours.append(timed_cpu([tagproj, "move", project, "1", "--to", f"{x},0.5"]))
        shell.append(timed_cpu(["sqlite3", copy, one_row_update(x)]))
        equivalent.append(timed(["sqlite3", copy2, SHELL_MOVE.format(x=x)]))
    os.remove(copy)
    os.remove(copy2)
    median = lambda runs, k: statistics.median(r[k] for r in runs)
    return median(ours, 0), median(shell, 0), statistics.median(equivalent), median(ours, 1), median(shell, 1)


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
                timed(["sqlite3", copy, one_row_update(x)]))
    os.remove(copy)
    shell = statistics.median(times.pop("sqlite3 shell"))
    print(f"every mutating command, median of {runs}; sqlite3 shell one-row update: {shell * 1000:.2f} ms")
    for name, t in times.items():
        print(f"  {name:<7} {statistics.median(t) * 1000:>7.2f} ms  {statistics.median(t) / shell:>5.2f}x")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", action="store_true")
    ap.add_argument("--runs", type=int, default=41)
    ap.add_argument("--photo")
    ap.add_argument("--history", default="20,10000")
    ap.add_argument("--branches", type=int, default=100)
    ap.add_argument("--tags", type=int, default=1)
    ap.add_argument("--tagproj", default=os.path.join(ROOT, ".build/release/tagproj"))
    ap.add_argument("--dir")
    a = ap.parse_args()
    if a.build:
        subprocess.run(["swift", "build", "-c", "release", "--static-swift-stdlib", "--product", "tagproj"], cwd=ROOT, check=True)
    print(machine())
    work = tempfile.mkdtemp(prefix="tagproj-bench-", dir=a.dir)
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
    print(f"{'history':>8} {'branches':>8} {'tags':>5} {'tagproj move':>13} {'shell UPDATE':>13} {'ratio':>6}"
          f" {'shell move SQL':>15} {'ratio':>6}   instructions: move, undo, redo")
    base = base_ir = None
    for target in [int(n) for n in a.history.split(",") if n]:
        # Each size on a fresh project, so the smaller one is not a prefix of the larger.
        sized = os.path.join(work, f"bench-{target}.tagproj")
        shutil.copyfile(project, sized)
        grow_history(sized, target - 1, a.tags, a.branches if target >= 10 * a.branches else 1)
        db = sqlite3.connect(sized)
        n = db.execute("SELECT count(*) FROM history").fetchone()[0]
        leaves = db.execute("SELECT count(*) FROM history h WHERE NOT EXISTS (SELECT 1 FROM history c WHERE c.parent = h.seq)").fetchone()[0]
        t = db.execute("SELECT count(*) FROM tags").fetchone()[0]
        db.close()
        ours, shell, equivalent, ours_cpu, shell_cpu = measure(a.tagproj, sized, a.runs)
        base = base or ours
        irs = [instructions([stripped, "move", sized, "1", "--to", "0.45,0.5"]),
               instructions([stripped, "undo", sized]), instructions([stripped, "redo", sized])]
        base_ir = base_ir or irs[0]
        copy = sized + ".shell-copy"
        shutil.copyfile(sized, copy)
        shell_ir = instructions(["sqlite3", copy, SHELL_MOVE.format(x="0.45")])
        update_ir = instructions(["sqlite3", copy, one_row_update("0.46")])
        # Listing the current branch (what `history` prints and the editor reads on every state),
        # against the shell reading the same rows along the tree's links.
        history_ir = instructions([stripped, "history", sized])
        shell_branch_ir = instructions(["sqlite3", copy, SHELL_BRANCH])
        os.remove(copy)
        text = ", ".join(f"{ir:,}" for ir in irs) + f" (move {(irs[0] / base_ir - 1) * 100:+.1f}%;" \
            f" shell UPDATE {update_ir:,}, {irs[0] / update_ir:.2f}x; shell move SQL {shell_ir:,}, {irs[0] / shell_ir:.2f}x)" \
            if all(irs) and shell_ir and update_ir else "n/a"
        if history_ir and shell_branch_ir:
            text += f"; history {history_ir:,} (shell branch SQL {shell_branch_ir:,}, {history_ir / shell_branch_ir:.2f}x)"
        print(f"{n:>8} {leaves:>8} {t:>5} {ours * 1000:>10.2f} ms {shell * 1000:>10.2f} ms {ours / shell:>5.2f}x"
              f" {equivalent * 1000:>12.2f} ms {ours / equivalent:>5.2f}x   {text}   (wall {(ours / base - 1) * 100:+.0f}% vs. the first;"
              f" CPU move {ours_cpu * 1000:.2f} ms, shell UPDATE {shell_cpu * 1000:.2f} ms, {ours_cpu / shell_cpu:.2f}x)")
        project_for_commands = sized
        subprocess.run([a.tagproj, "check", sized], check=True)
    project = project_for_commands
    every_command(a.tagproj, project, a.runs)
    subprocess.run([a.tagproj, "check", project], check=True)
    shutil.rmtree(work)


if __name__ == "__main__":
    main()
