#!/usr/bin/env python3
"""Menu benchmark: `tagproj menu` over 100 photos against a shell loop of `tagproj new` + `tagproj apply`
doing the same work.

Usage: Benchmarks/menu.py [PHOTO] [--photos 100] [--runs 3] [--tagproj .build/release/tagproj] [--dir DIR]

PHOTO defaults to SafeLanding 5120x2880 (14.7 MP) from Debian's plasma-workspace-wallpapers
(`scripts/install-deps.sh --bench`); the photos are hard links of one copy of it under other names, so each is
a project of its own (each is decoded whole by its project's creation, as any photo is). The menu
gives each photo two dishes with their prices, one at a position, one in free space. Alternating in
one run, each into a fresh folder:
  tagproj menu menu.csv --photos photos --projects A
  sh -c 'for each photo: tagproj new B/NAME.tagproj photos/NAME.jpg && tagproj apply B/NAME.tagproj NAME.csv'
     (the per-photo CSV files, the same two dishes with prices, written beforehand, outside the timing)
then `tagproj menu` on one core (taskset -c 0: what checking the photos on every core at once
gains), and `tagproj menu` again on its own output (nothing to do: every project unchanged).
Prints the machine, the medians (wall time of whole processes: start-up counts, as it does for a
user) and the ratios. Tests never time anything; this does.
"""
import argparse, datetime, os, shutil, statistics, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT = "/usr/share/wallpapers/SafeLanding/contents/images/5120x2880.jpg"


def timed(cmd):
    t = time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - t


def machine():
    model = next((line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo") if line.startswith("model name")), "?")
    return f"{datetime.datetime.now():%Y-%m-%d %H:%M}; nproc {os.cpu_count()}; {model}; load {os.getloadavg()[0]:.2f}"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("photo", nargs="?", default=DEFAULT)
    ap.add_argument("--photos", type=int, default=100)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--tagproj", default=os.path.join(ROOT, ".build/release/tagproj"))
    ap.add_argument("--dir", default=None, help="where to work (default: the system's temporary folder; not under /dev, where tagproj writes no file)")
    a = ap.parse_args()
    if not os.path.exists(a.photo):
        sys.exit(f"no photo at {a.photo}: run scripts/install-deps.sh --bench, or give one")
    tagproj = os.path.abspath(a.tagproj)
    work = tempfile.mkdtemp(prefix="tagproj-menu-bench-", dir=a.dir)
    try:
        photos = os.path.join(work, "photos")
        os.makedirs(photos)
        rows = ["photo,dish,price,x,y"]
        names = [f"p{i:03}" for i in range(a.photos)]
        source = os.path.join(work, "source.jpg")
        shutil.copyfile(a.photo, source)
        for i, name in enumerate(names):
            os.link(source, os.path.join(photos, name + ".jpg"))
            first, second = f"Dish {i} a", f"Dish {i} b"
            rows += [f"{name}.jpg,{first},{10 + i % 30},0.3,0.4", f"{name}.jpg,{second},{i % 9}.50,,"]
            with open(os.path.join(work, name + ".csv"), "w") as f:
                f.write(f"kind,text,x,y,side,price\ndish,{first},0.3,0.4,,{10 + i % 30}\ndish,{second},,,,{i % 9}.50\n")
        with open(os.path.join(work, "menu.csv"), "w") as f:
            f.write("\n".join(rows) + "\n")
        loop = ("set -e; mkdir -p \"$1\"; for n in " + " ".join(names) + "; do "
                f"'{tagproj}' new \"$1/$n.tagproj\" \"photos/$n.jpg\"; '{tagproj}' apply \"$1/$n.tagproj\" \"$n.csv\"; done")
        times = {"menu": [], "new + apply loop": [], "menu, one core": [], "menu again (unchanged)": []}
        os.chdir(work)
        for run in range(a.runs):
            out = f"m{run}"
            times["menu"].append(timed([tagproj, "menu", "menu.csv", "--photos", "photos", "--projects", out]))
            times["new + apply loop"].append(timed(["sh", "-c", loop, "sh", f"l{run}"]))
            times["menu, one core"].append(timed(["taskset", "-c", "0", tagproj, "menu", "menu.csv", "--photos", "photos",
                                                  "--projects", f"s{run}"]))
            times["menu again (unchanged)"].append(timed([tagproj, "menu", "menu.csv", "--photos", "photos", "--projects", out]))
            # The same tags either way.
            for name in names[:3]:
                a_tags = subprocess.run([tagproj, "list", f"{out}/{name}.tagproj", "--json"], capture_output=True, text=True).stdout
                b_tags = subprocess.run([tagproj, "list", f"l{run}/{name}.tagproj", "--json"], capture_output=True, text=True).stdout
                assert a_tags == b_tags, (name, a_tags, b_tags)
            for d in (out, f"l{run}", f"s{run}"):
                shutil.rmtree(d)
        size = os.path.getsize(a.photo)
        print(f"machine: {machine()}")
        print(f"photo: {a.photo} ({size} bytes), {a.photos} photos, 2 dishes with prices each; medians of {a.runs} runs")
        base = statistics.median(times["new + apply loop"])
        for name, values in times.items():
            m = statistics.median(values)
            print(f"  {name:26} {m:7.2f} s   {m / base:5.2f}× the loop   ({', '.join(f'{v:.2f}' for v in values)})")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
