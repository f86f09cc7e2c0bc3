#!/usr/bin/env python3
"""Editor benchmark: how long `tagproj open` takes to show a 14.7 MP photo with ten tags in
Chromium, how long a drag takes from pointer-up to the project written and the page redrawn, and
how long zoom to 1:1 takes from the key to the sharp region shown; at devicePixelRatio 1 and 3.

Usage: Benchmarks/editor.py [PHOTO.jpg] [--runs N] [--tagproj PATH] [--dpr 1 3] [--no-phone]

Each devicePixelRatio is a 1280×800 window (at 3, 3840×2400 of the screen's pixels); then the
phone, as the browser tests emulate it: 390×844 at devicePixelRatio 3, touch, a drag by finger.

Times to "shown" run from spawning `tagproj open` (Chromium already running, at rest on a blank
page) until the page's photo and every tag image have loaded: each run three times. First as the
first open ever (no view kept in the project, no room remembered); again, with the view that
open kept (every later open at that size); and once more with no view kept but the room
remembered (the first open of another project in the same window: its first view is drawn as
the server starts). Drag times are the page's own measure of each move (the
performance.measure the page records from the gesture to the redrawn tags), zoom times the page's
measure from the `1` key to the region's image shown (the frame after it drawn): once at once
after the page is shown (the region fetched from the server) and once the page holds the photo's
1:1 tiles, which it fetches while it is left alone. In the same run, the floors: for the page,
libjpeg-turbo's `djpeg -scale M/8` decoding the photo at the least of its scales that holds the
pixels shown (what the editor decodes: 2/8 at DPR 1, 5/8 at DPR 3 in a 1280×800 window); for
1:1, `djpeg -crop` decoding the region shown at full size. And the browser's own floor: the same
page shown from a server that replays, from memory, the very bytes `tagproj open` answered (the
page, its state, the photo, the ten tag images), so nothing is decoded, drawn or encoded; it is
timed from the address given to Chromium, without a process to start.
"""
import argparse, http.client, http.server, json, os, shutil, signal, sqlite3, statistics, subprocess, sys, tempfile, threading, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from export import DEFAULT, ROOT, make_project  # noqa: E402

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait


def shown(driver):
    return driver.execute_script("""
        const photo = document.getElementById('photo');
        const tags = [...document.querySelectorAll('[data-tag-id]')];
        return performance.getEntriesByName('tagproj shown').length > 0 && photo.complete && photo.naturalWidth > 0
            && tags.length === 10 && tags.every((t) => t.complete && t.naturalWidth > 0);""")


def measures(driver, name):
    return [m["duration"] / 1000 for m in driver.execute_script(
        "return performance.getEntriesByName(arguments[0]).map((m) => ({duration: m.duration}))", name)]


def record(driver, origin, token):
    """Every answer the page just loaded from `origin`, fetched again with the token: path and
    query → (status, headers, body)."""
    names = driver.execute_script(
        "return performance.getEntriesByType('resource').map((e) => e.name).concat([location.href])")
    answers = {}
    for name in names:
        if not name.startswith(origin):
            continue
        path = name[len(origin):].split("#")[0] or "/"
        connection = http.client.HTTPConnection(origin.split("//")[1], timeout=30)
        connection.request("GET", path, headers={"X-Tagproj-Token": token})
        response = connection.getresponse()
        answers[path] = (response.status, [(k, v) for k, v in response.getheaders() if k.lower() not in
                                           ("content-length", "date", "connection", "transfer-encoding")], response.read())
        connection.close()
    answers["POST /api/session"] = (200, [("Content-Type", "application/json"), ("Set-Cookie", "tagproj_session=%s; Path=/" % token)],
                                    b'{"ok":true}')
    return answers


def replayed(answers):
    """A server on a free loopback port answering `answers` from memory, in a thread of its own."""
    class Replay(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"
        disable_nagle_algorithm = True

        def answer(self, key):
            status, headers, body = answers.get(key, (404, [], b""))
            self.send_response(status)
            for k, v in headers:
                self.send_header(k, v)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def do_GET(self):
            self.answer(self.path)

        def do_POST(self):
            self.rfile.read(int(self.headers.get("Content-Length") or 0))
            self.answer("POST " + self.path)

        def log_message(self, *args):
            pass
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Replay)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def zoom(driver):
    """Presses `1` (1:1) and waits for the sharp region: the page's measure of it."""
    before = len(measures(driver, "tagproj zoom detail"))
    driver.find_element(By.TAG_NAME, "body").send_keys("1")
    WebDriverWait(driver, 10, poll_frequency=0.005).until(lambda d: len(measures(d, "tagproj zoom detail")) > before)
    return measures(driver, "tagproj zoom detail")[-1]


def drag(driver, tag, dx, dy, finger):
    """Drags `tag` by 12 px right, then by (`dx`, `dy`): with the mouse, or a finger (touch events)."""
    if not finger:
        ActionChains(driver).click_and_hold(tag).move_by_offset(12, 0).move_by_offset(dx, dy).release().perform()
        return
    box = tag.rect
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    for kind, px, py in (("touchStart", x, y), ("touchMove", x + 12, y), ("touchMove", x + 12 + dx, y + dy), ("touchEnd", 0, 0)):
        driver.execute_cdp_cmd("Input.dispatchTouchEvent", {
            "type": kind, "touchPoints": [] if kind == "touchEnd" else [{"x": px, "y": py}]})


def room_file():
    """Where the editor remembers the page's room (the state folder is the benchmark's own)."""
    return os.path.join(os.environ["XDG_STATE_HOME"], "tagproj", "editor-room")


def forget(project, room):
    """The project as never opened in the editor: no view kept; and with `room`, no room remembered."""
    with sqlite3.connect(project) as db:
        db.execute("DELETE FROM views")
    if room and os.path.exists(room_file()):
        os.remove(room_file())


def open_and_show(a, project, driver):
    """Spawns `tagproj open` and shows its page in `driver` (at rest on a blank page first):
    the server, its address, and the seconds from the spawn to the page shown."""
    driver.get("about:blank")
    time.sleep(0.5)
    t0 = time.monotonic()
    server = subprocess.Popen([a.tagproj, "open", project, "--no-browser"], stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL, text=True)
    url = server.stdout.readline().strip()
    driver.get(url)
    WebDriverWait(driver, 30, poll_frequency=0.005).until(shown)
    return server, url, time.monotonic() - t0


def bench(a, project, dpr, phone=False):
    options = webdriver.ChromeOptions()
    flags = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"]
    if phone:
        options.add_experimental_option("mobileEmulation", {
            "deviceMetrics": {"width": 390, "height": 844, "pixelRatio": float(dpr), "touch": True}})
    else:
        flags += ["--window-size=1280,800", "--force-device-scale-factor=%g" % dpr]
    for flag in flags:
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(shutil.which("chromedriver") or "/usr/bin/chromedriver"), options=options)
    driver.get("about:blank")
    show_times, floor_times, drags, zooms, zoom_floors, replay_times, replay_zooms = [], [], [], [], [], [], []
    held_zooms, kept_times, roomed_times = [], [], []
    scale, answers = None, None
    try:
        for run in range(a.runs):
            # From a browser at rest, as the replayed floor below starts: the page before (its
            # renderer, holding the photo's tiles, is torn down when its origin is left) would
            # otherwise be freed on the cores the next open needs.
            # The first open ever: no view kept in the project, no room remembered.
            forget(project, room=True)
            server, url, elapsed = open_and_show(a, project, driver)
            show_times.append(elapsed)
            if run == a.runs - 1:  # after the drags of run 0: what the page shows now
                answers = record(driver, url.split("/#")[0], url.split("#token=")[1])
            if scale is None:
                shown_w, shown_h = driver.execute_script(
                    "const p = document.getElementById('photo'); return [p.naturalWidth, p.naturalHeight]")
                W, H = a.size
                m = next(m for m in range(1, 9) if -(-W * m // 8) >= shown_w and -(-H * m // 8) >= shown_h)
                scale = "%d/8" % m
            t0 = time.monotonic()
            subprocess.run(["djpeg", "-scale", scale, "-outfile", os.devnull, a.photo], check=True)
            floor_times.append(time.monotonic() - t0)
            if run == 0:
                for i in range(a.runs * 3):
                    tag = driver.find_element(By.CSS_SELECTOR, '[data-tag-id="%d"]' % (1 + i % 10))
                    before = len(measures(driver, "tagproj move"))
                    drag(driver, tag, 6 if i % 2 else -30, 3, finger=phone)
                    WebDriverWait(driver, 10, poll_frequency=0.005).until(lambda d: len(measures(d, "tagproj move")) > before)
                drags = measures(driver, "tagproj move")
            # Zoom to 1:1 and back, from the key to the sharp region shown.
            zooms.append(zoom(driver))
            if run == a.runs - 1:  # the region and the tags at 1:1 too
                answers.update(record(driver, url.split("/#")[0], url.split("#token=")[1]))
            region = driver.execute_script(
                "const t = document.getElementById('tiles'); return (t.hidden ? document.getElementById('detail') : t).dataset.region").split(",")
            x, y, rw, rh = map(float, region)
            W, H = a.size
            crop = "%dx%d+%d+%d" % (round(rw * W), round(rh * H), round(x * W), round(y * H))
            t0 = time.monotonic()
            subprocess.run(["djpeg", "-crop", crop, "-outfile", os.devnull, a.photo], check=True)
            zoom_floors.append(time.monotonic() - t0)
            driver.find_element(By.TAG_NAME, "body").send_keys("0")
            # Once the page holds the photo's tiles (fetched while it is left alone), again.
            WebDriverWait(driver, 60, poll_frequency=0.05).until(lambda d: d.execute_script(
                "const t = document.getElementById('tiles'); return t.dataset.count > 0 && t.dataset.held === t.dataset.count"))
            time.sleep(0.3)
            held_zooms.append(zoom(driver))
            if driver.execute_script("return document.getElementById('tiles').hidden"):
                sys.exit("error: the zoom with the tiles held did not show them")
            driver.find_element(By.TAG_NAME, "body").send_keys("0")
            server.send_signal(signal.SIGINT)
            server.wait(timeout=10)
            # A later open at the same size: the view the first one drew is kept.
            with sqlite3.connect(project) as db:
                if not db.execute("SELECT count(*) FROM views").fetchone()[0]:
                    sys.exit("error: the first open kept no view")
            server, _, elapsed = open_and_show(a, project, driver)
            kept_times.append(elapsed)
            server.send_signal(signal.SIGINT)
            server.wait(timeout=10)
            # The first open of this project in the room the editor remembers: its first view is
            # drawn as the server starts.
            if not os.path.exists(room_file()):
                sys.exit("error: the editor remembered no room")
            forget(project, room=False)
            server, _, elapsed = open_and_show(a, project, driver)
            roomed_times.append(elapsed)
            server.send_signal(signal.SIGINT)
            server.wait(timeout=10)
        for run in range(a.runs):
            replay = replayed(answers)
            driver.get("about:blank")
            time.sleep(0.5)
            t0 = time.monotonic()
            driver.get("http://127.0.0.1:%d/#token=%s" % (replay.server_address[1], "0" * 32))
            WebDriverWait(driver, 30, poll_frequency=0.005).until(shown)
            replay_times.append(time.monotonic() - t0)
            replay_zooms.append(zoom(driver))
            replay.shutdown()
            replay.server_close()
    finally:
        driver.quit()
    s, f = statistics.median(show_times), statistics.median(floor_times)
    z, zf = statistics.median(zooms), statistics.median(zoom_floors)
    print(f"the phone, 390×844 at devicePixelRatio {dpr:g}:" if phone else f"devicePixelRatio {dpr:g}, 1280×800:")
    print(f"  open → page shows 14.7 MP photo + 10 tags: {s * 1000:7.1f} ms (median of {len(show_times)}, fastest {min(show_times) * 1000:.1f} ms)")
    k = statistics.median(roomed_times)
    print(f"  first open of a project in the room remembered: {k * 1000:5.1f} ms (median of {len(roomed_times)}, fastest {min(roomed_times) * 1000:.1f} ms)")
    k = statistics.median(kept_times)
    print(f"  again, the view kept from the first open: {k * 1000:7.1f} ms (median of {len(kept_times)}, fastest {min(kept_times) * 1000:.1f} ms)")
    print(f"  floor, djpeg -scale {scale} of the photo:      {f * 1000:7.1f} ms  ratio {s / f:.2f}×")
    r = statistics.median(replay_times)
    print(f"  floor, Chromium showing the same bytes replayed: {r * 1000:7.1f} ms  ratio {s / r:.2f}× (fastest {min(replay_times) * 1000:.1f} ms)")
    print(f"  drag: pointer-up → written → redrawn:      {statistics.median(drags) * 1000:7.1f} ms (median of {len(drags)}, "
          f"max {max(drags) * 1000:.1f} ms)")
    print(f"  zoom to 1:1 at once: key → region fetched, shown: {z * 1000:6.1f} ms (median of {len(zooms)})")
    print(f"  floor, djpeg -crop of that region:         {zf * 1000:7.1f} ms  ratio {z / zf:.2f}×")
    rz = statistics.median(replay_zooms)
    print(f"  floor, Chromium zooming on the same bytes replayed: {rz * 1000:5.1f} ms  ratio {z / rz:.2f}×")
    hz = statistics.median(held_zooms)
    print(f"  zoom to 1:1 with the tiles held: key → shown: {hz * 1000:7.1f} ms (median of {len(held_zooms)}, "
          f"max {max(held_zooms) * 1000:.1f} ms)  ratio to djpeg -crop {hz / zf:.2f}×")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("photo", nargs="?", default=DEFAULT)
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--tagproj", default=os.path.join(ROOT, ".build/release/tagproj"))
    ap.add_argument("--dpr", type=float, nargs="+", default=[1, 3])
    ap.add_argument("--no-phone", action="store_true", help="leave out the phone (390×844 at devicePixelRatio 3)")
    a = ap.parse_args()
    work = tempfile.mkdtemp(prefix="tagproj-editor-bench-")
    # A state folder of the benchmark's own: the room it forgets is not the user's.
    os.environ["XDG_STATE_HOME"] = os.path.join(work, "state")
    project = make_project(a.tagproj, a.photo, work)
    info = json.loads(subprocess.run([a.tagproj, "info", project, "--json"], capture_output=True, text=True, check=True).stdout)
    a.size = (info["width"], info["height"])
    for dpr in a.dpr:
        bench(a, project, dpr)
    if not a.no_phone:
        bench(a, project, 3, phone=True)


if __name__ == "__main__":
    main()
