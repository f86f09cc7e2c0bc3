#!/usr/bin/env python3
"""A HEIC project's first view in the editor, against the same photo's as a JPEG, in one run.

Usage: Benchmarks/heic_view.py [PHOTO.jpg] [--runs N] [--tagproj PATH] [--room W,H,RATIO] [--megapixels MP]

PHOTO defaults to SafeLanding 5120x2880; it is resized with Pillow to about MP megapixels (default
12: 4608×2592) and saved as a JPEG q92, and that JPEG is coded by `heif-enc -q 85` into a HEIC
(a minute or more): the same photo in both formats. The editor is taken to have been used on this
machine: the room it remembers (default 1264,712,1, a 1280×800 window at devicePixelRatio 1) is
written into the benchmark's own state folder, so `new` keeps the first view, as it does for any
user once the editor has run. Each case runs the JPEG and the HEIC alternately, N times; printed:
the median time and the HEIC's ratio to the JPEG (the target: within 1.5×), and peak RSS where
a command is timed alone. The first view is timed as Benchmarks/kept_view.py times it: from
spawning `tagproj open` to the last byte of the page's photo request at the room's size
(`GET /api/photo?w=…&h=…`), without a browser.

- `new` (the room remembered: check the photo, keep its first view): wall time and peak.
- First view of the project `new` made: what opening a project shows first.
- First view with nothing kept (the project made before the editor was used here; drawn as the
  server starts, in the room remembered): a HEIC has no reduced decode, a JPEG is decoded at 1/4.
- `tagproj open photo` with no project yet: made, then shown, in one process.
"""
import argparse, http.client, os, re, signal, sqlite3, statistics, subprocess, sys, tempfile, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from export import DEFAULT, ROOT  # noqa: E402


def view_size(room, width, height):
    """EditorRoom.viewSize: the picture fitted in the room (never enlarged) at the screen's pixels."""
    w, h, ratio = room
    scale = min(w / width, h / height, 1)

    def screen(side, most):
        exact = side * scale * ratio
        down = float(int(exact))
        return max(1, min(most, int(down + 1 if exact - down >= 0.5 else down)))
    return screen(width, width), screen(height, height)


def first_view(a, env, target, size):
    """Seconds from spawning `tagproj open TARGET` to the last byte of its first photo request, and
    where the view came from (X-Tagproj-View)."""
    started = time.perf_counter()
    server = subprocess.Popen([a.tagproj, "open", target, "--no-browser", "--port", "0"], stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL, text=True, env=env)
    m = re.match(r"http://127.0.0.1:(\d+)/#token=(\w+)", server.stdout.readline().strip())
    port, token = int(m.group(1)), m.group(2)
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    connection.request("GET", "/api/photo?w=%d&h=%d" % size, headers={"X-Tagproj-Token": token, "Host": "127.0.0.1:%d" % port})
    response = connection.getresponse()
    response.read()
    took = time.perf_counter() - started
    connection.close()
    server.send_signal(signal.SIGINT)
    server.communicate(timeout=30)
    return took, response.getheader("X-Tagproj-View")


def timed(cmd, env):
    """Wall seconds and peak RSS (MiB) of one command, from GNU time."""
    p = subprocess.run(["/usr/bin/time", "-f", "%e %M"] + cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                       text=True, check=True, env=env)
    wall, rss = p.stderr.strip().splitlines()[-1].split()
    return float(wall), int(rss) / 1024


def report(name, results, unit="s"):
    """One line: each format's median (and peak, where measured), and the HEIC's ratio."""
    med = {f: statistics.median(r[0] for r in rs) for f, rs in results.items()}
    peaks = {f: max(r[1] for r in rs) for f, rs in results.items() if isinstance(rs[0][1], float)}
    line = f"{name:<44} JPEG {med['jpeg'] * 1000:8.1f} ms   HEIC {med['heic'] * 1000:8.1f} ms   {med['heic'] / med['jpeg']:5.2f}×"
    if peaks:
        line += f"   peak {peaks['jpeg']:.1f} / {peaks['heic']:.1f} MiB"
    views = {f: sorted({r[1] for r in rs}) for f, rs in results.items() if not isinstance(rs[0][1], float)}
    if views:
        line += "   views: " + ", ".join(f"{f} {'/'.join(map(str, v))}" for f, v in views.items())
    print(line)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("photo", nargs="?", default=DEFAULT)
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--tagproj", default=os.path.join(ROOT, ".build/release/tagproj"))
    ap.add_argument("--room", default="1264,712,1")
    ap.add_argument("--megapixels", type=float, default=12)
    a = ap.parse_args()
    a.tagproj = os.path.abspath(a.tagproj)
    work = tempfile.mkdtemp(prefix="tagproj-heic-view-")
    env = dict(os.environ, XDG_STATE_HOME=os.path.join(work, "state"))
    os.makedirs(os.path.join(work, "state", "tagproj"))
    with open(os.path.join(work, "state", "tagproj", "editor-room"), "w") as f:
        f.write(a.room + "\n")
    room = tuple(float(x) for x in a.room.split(","))
    photos = {"jpeg": os.path.join(work, "dish-jpeg.jpg"), "heic": os.path.join(work, "dish-heic.heic")}
    size = subprocess.run(["/usr/bin/python3", "-c", f"""
from PIL import Image
im = Image.open({a.photo!r})
k = ({a.megapixels} * 1e6 / (im.width * im.height)) ** 0.5
im = im.resize((round(im.width * k / 2) * 2, round(im.height * k / 2) * 2), Image.LANCZOS)
im.save({photos['jpeg']!r}, quality=92)
print(im.width, im.height)"""], capture_output=True, text=True, check=True).stdout.split()
    width, height = int(size[0]), int(size[1])
    subprocess.run(["heif-enc", "-q", "85", photos["jpeg"], "-o", photos["heic"]], check=True, stdout=subprocess.DEVNULL)
    shown = view_size(room, width, height)
    print(f"photo: {width}×{height} ({width * height / 1e6:.1f} MP) from {a.photo}: JPEG q92 {os.path.getsize(photos['jpeg'])} B, "
          f"HEIC (heif-enc -q 85) {os.path.getsize(photos['heic'])} B; room {a.room}: first view {shown[0]}×{shown[1]}; "
          f"median of {a.runs} alternating runs; {os.cpu_count()} cores; {a.tagproj}")
    projects = {f: os.path.join(work, f + ".tagproj") for f in photos}

    made = {f: [] for f in photos}
    for _ in range(a.runs):
        for f, photo in photos.items():
            made[f].append(timed([a.tagproj, "new", projects[f], photo, "--force"], env))
    report("new (room remembered: keeps the first view)", made)

    kept = {f: [] for f in photos}
    for _ in range(a.runs):
        for f in photos:
            kept[f].append(first_view(a, env, projects[f], shown))
    report("first view of the project new made", kept)

    drawn = {f: [] for f in photos}
    for _ in range(a.runs):
        for f in photos:
            with sqlite3.connect(projects[f]) as db:
                db.execute("DELETE FROM views")
            drawn[f].append(first_view(a, env, projects[f], shown))
    report("first view, none kept (drawn as it starts)", drawn)

    opened = {f: [] for f in photos}
    for _ in range(a.runs):
        for f, photo in photos.items():
            beside = os.path.splitext(photo)[0] + ".tagproj"
            if os.path.exists(beside):
                os.remove(beside)
            opened[f].append(first_view(a, env, photo, shown))
    report("open photo (made, then shown)", opened)
    subprocess.run(["rm", "-rf", work])


if __name__ == "__main__":
    main()
