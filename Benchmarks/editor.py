#!/usr/bin/env python3
"""Editor benchmark: how long `tagproj open` takes to show a 14.7 MP photo with ten tags in
Chromium, and how long a drag takes from pointer-up to the project written and the page redrawn.

Usage: Benchmarks/editor.py [PHOTO.jpg] [--runs N] [--tagproj PATH]

Times to "shown" run from spawning `tagproj open` (Chromium already running) until the page's
photo and every tag image have loaded. Drag times are the page's own measure of each move (the
performance.measure the page records from the gesture to the redrawn tags). In the same run, the
floor for putting that photo on a screen: libjpeg-turbo's `djpeg -scale 1/4` decoding it.
"""
import argparse, os, shutil, signal, statistics, subprocess, sys, tempfile, time

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


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("photo", nargs="?", default=DEFAULT)
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--tagproj", default=os.path.join(ROOT, ".build/release/tagproj"))
    a = ap.parse_args()
    work = tempfile.mkdtemp(prefix="tagproj-editor-bench-")
    project = make_project(a.tagproj, a.photo, work)
    options = webdriver.ChromeOptions()
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1280,800"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(shutil.which("chromedriver") or "/usr/bin/chromedriver"), options=options)
    driver.get("about:blank")
    show_times, floor_times, drags = [], [], []
    try:
        for run in range(a.runs):
            t0 = time.monotonic()
            server = subprocess.Popen([a.tagproj, "open", project, "--no-browser"], stdout=subprocess.PIPE,
                                      stderr=subprocess.DEVNULL, text=True)
            driver.get(server.stdout.readline().strip())
            WebDriverWait(driver, 30, poll_frequency=0.005).until(shown)
            show_times.append(time.monotonic() - t0)
            t0 = time.monotonic()
            subprocess.run(["djpeg", "-scale", "1/4", "-outfile", os.devnull, a.photo], check=True)
            floor_times.append(time.monotonic() - t0)
            if run == 0:
                for i in range(a.runs * 3):
                    tag = driver.find_element(By.CSS_SELECTOR, '[data-tag-id="%d"]' % (1 + i % 10))
                    before = len(driver.execute_script("return performance.getEntriesByName('tagproj move')"))
                    ActionChains(driver).click_and_hold(tag).move_by_offset(12, 0).move_by_offset(6 if i % 2 else -30, 3).release().perform()
                    WebDriverWait(driver, 10, poll_frequency=0.005).until(
                        lambda d: len(d.execute_script("return performance.getEntriesByName('tagproj move')")) > before)
                drags = [m["duration"] / 1000 for m in driver.execute_script(
                    "return performance.getEntriesByName('tagproj move').map((m) => ({duration: m.duration}))")]
            server.send_signal(signal.SIGINT)
            server.wait(timeout=10)
    finally:
        driver.quit()
    s, f = statistics.median(show_times), statistics.median(floor_times)
    print(f"open → page shows 14.7 MP photo + 10 tags: {s * 1000:7.1f} ms (median of {len(show_times)})")
    print(f"floor, djpeg -scale 1/4 of the photo:      {f * 1000:7.1f} ms  ratio {s / f:.2f}×")
    print(f"drag: pointer-up → written → redrawn:      {statistics.median(drags) * 1000:7.1f} ms (median of {len(drags)}, "
          f"max {max(drags) * 1000:.1f} ms)")


if __name__ == "__main__":
    main()
