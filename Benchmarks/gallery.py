#!/usr/bin/env python3
"""Gallery benchmark: how long `tagproj open DIR` takes to show a folder of 100 projects (14.7 MP
photos with ten tags each: copies of one) in Chromium, the first time (every thumbnail drawn from
its photo and kept in its project) and the second (every thumbnail read back), against a floor
measured in the same run: libjpeg-turbo's `djpeg -scale 1/8` decoding each photo once, which is
the least any drawing of a thumbnail from the photo costs (tagproj decodes at 1/8 too, then draws
the tags and encodes a JPEG).

Usage: Benchmarks/gallery.py [PHOTO.jpg] [--projects N] [--tagproj PATH]   (a release build:
swift build -c release; the photo after scripts/install-deps.sh --bench)

Times run from spawning `tagproj open DIR` (Chromium already running) until the page has measured
"tagproj gallery shown" (every card's thumbnail loaded) and every thumbnail image has decoded.
"""
import argparse, os, shutil, subprocess, sys, tempfile, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from export import DEFAULT, ROOT, make_project  # noqa: E402

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.support.ui import WebDriverWait


def shown(count):
    def done(driver):
        return driver.execute_script("""
            const imgs = [...document.querySelectorAll('.card img')];
            return performance.getEntriesByName('tagproj gallery shown').length > 0 && imgs.length === arguments[0]
                && imgs.every((i) => i.complete && i.naturalWidth > 0);""", count)
    return done


def origins(driver):
    return sorted(set(driver.execute_script(
        "return [...document.querySelectorAll('.card')].map((c) => c.dataset.thumbnail)")))


def open_gallery(a, driver, folder):
    t0 = time.monotonic()
    server = subprocess.Popen([a.tagproj, "open", folder, "--no-browser"], stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL, text=True)
    try:
        driver.get(server.stdout.readline().strip())
        WebDriverWait(driver, 600, poll_frequency=0.01).until(shown(a.projects))
        return time.monotonic() - t0, origins(driver)
    finally:
        server.terminate()
        server.wait(timeout=30)


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("photo", nargs="?", default=DEFAULT)
    p.add_argument("--projects", type=int, default=100)
    p.add_argument("--tagproj", default=os.path.join(ROOT, ".build/release/tagproj"))
    a = p.parse_args()
    work = tempfile.mkdtemp(prefix="tagproj-gallery-bench-")
    try:
        project = make_project(a.tagproj, a.photo, work)
        folder = os.path.join(work, "menu")
        os.mkdir(folder)
        for i in range(a.projects):
            shutil.copyfile(project, os.path.join(folder, "dish-%03d.tagproj" % i))
        options = webdriver.ChromeOptions()
        for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1280,800",
                     "--force-device-scale-factor=2"):
            options.add_argument(flag)
        driver = webdriver.Chrome(service=Service(shutil.which("chromedriver") or "/usr/bin/chromedriver"), options=options)
        try:
            driver.get("about:blank")
            first, first_origins = open_gallery(a, driver, folder)
            second, second_origins = open_gallery(a, driver, folder)
        finally:
            driver.quit()
        t0 = time.monotonic()
        for _ in range(a.projects):
            subprocess.run(["djpeg", "-scale", "1/8", "-outfile", os.devnull, a.photo], check=True)
        floor = time.monotonic() - t0
        print("gallery of %d projects (%s, ten tags each), Chromium at devicePixelRatio 2:" % (a.projects, os.path.basename(a.photo)))
        print("  first open (thumbnails drawn, %s): %.2f s  (%.0f ms a project)" % (",".join(first_origins), first, first * 1000 / a.projects))
        print("  second open (thumbnails %s):     %.2f s  (%.0f ms a project)" % (",".join(second_origins), second, second * 1000 / a.projects))
        print("  floor, djpeg -scale 1/8 of each photo: %.2f s  (%.0f ms a photo)" % (floor, floor * 1000 / a.projects))
        print("  first open / floor: %.2f   second open / floor: %.2f   first / second: %.1f" % (first / floor, second / floor, first / second))
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
