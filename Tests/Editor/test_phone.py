#!/usr/bin/env python3
"""The editor on a phone, in Chromium's mobile emulation (390×844 CSS pixels at three device pixels
each, with touch): taps, pinches, the history drawer, and the photo at the screen's real pixels.
The layout's own checks are in test_phone_layout.py.

Run: python3 Tests/Editor/test_phone.py [unittest arguments]   (scripts/test.sh runs it)
TAGPROJ_BINARY=path/to/tagproj tests another build (default: .build/debug/tagproj).
"""
import base64
import json
import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Editor, SharedBrowser, cli, history, tags  # noqa: E402  (the fixtures: Tests/Editor/harness.py)

from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402


class PhoneTests(SharedBrowser, unittest.TestCase):
    """The same page on a phone: 390×844 CSS pixels, devicePixelRatio 3, touch. One Chromium for
    the class, each test on a project and server of its own."""

    phone = True

    def setUp(self):
        self.editor = Editor(phone=True, big=True, driver=self.driver)

    def tearDown(self):
        self.editor.close()

    def touch(self, kind, x=0, y=0):
        self.editor.driver.execute_cdp_cmd("Input.dispatchTouchEvent", {
            "type": kind, "touchPoints": [] if kind == "touchEnd" else [{"x": x, "y": y}]})

    def tap(self, element):
        box = element.rect
        self.touch("touchStart", box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        self.touch("touchEnd")

    def test_a_finger_finds_a_tag_within_22_px_of_its_middle_however_small_it_is_drawn(self):
        """Issue 44, item 3: a tag about 17 CSS px tall was missed by a finger 12–20 px off its middle."""
        e = self.editor
        e.load()
        for tag_id, dy in ((1, -18), (2, 18)):
            drawn, hit = e.drawn(tag_id), e.tag(tag_id).rect
            self.assertLess(drawn["height"], 30, "the tag is drawn small on the phone")
            self.assertGreaterEqual(hit["height"], 44, "its hit area is 44 px tall")
            self.touch("touchStart", drawn["x"] + drawn["width"] / 2, drawn["y"] + drawn["height"] / 2 + dy)
            self.touch("touchEnd")
            e.wait(lambda d: e.tag(tag_id).get_attribute("aria-pressed") == "true", "a tap %d px off the middle of #%d missed it" % (dy, tag_id))

    def test_a_pinch_zooms_about_the_point_between_the_fingers(self):
        """Issue 44, item 2: spreading two fingers at the photo's centre kept (0.256, 0.257) under them."""
        e = self.editor
        e.load()
        under = """const r = document.getElementById('photo').getBoundingClientRect();
                   return [(arguments[0] - r.left) / r.width, (arguments[1] - r.top) / r.height, r.width];"""
        box = e.driver.find_element(By.ID, "photo").rect
        cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        before = e.driver.execute_script(under, cx, cy)

        def fingers(kind, spread):
            e.driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": kind, "touchPoints": [] if kind == "touchEnd" else [
                {"x": cx - spread, "y": cy, "id": 0}, {"x": cx + spread, "y": cy, "id": 1}]})

        fingers("touchStart", 20)
        for spread in range(25, 121, 5):
            fingers("touchMove", spread)
        fingers("touchEnd", 0)
        after = e.driver.execute_script(under, cx, cy)
        self.assertGreater(after[2], before[2] * 2, "the pinch zoomed in")
        self.assertAlmostEqual(after[0], before[0], delta=0.01, msg="x under the fingers: %r → %r" % (before, after))
        self.assertAlmostEqual(after[1], before[1], delta=0.01, msg="y under the fingers: %r → %r" % (before, after))

    def test_the_history_drawer_closes_by_its_button_by_escape_and_by_a_tap_outside(self):
        """Issue 44, item 1: at 390 px the drawer covers the ☰ that opened it; it must close."""
        e = self.editor
        e.load()
        side = e.driver.find_element(By.ID, "side")
        is_open = lambda d: "open" in side.get_attribute("class").split()
        shut = lambda d: not is_open(d) and side.rect["x"] >= 389

        def open_drawer():
            self.tap(e.button("history"))
            # Wholly slid in (its right edge at the screen's), so that a tap lands where it is aimed.
            e.wait(lambda d: is_open(d) and abs(side.rect["x"] + side.rect["width"] - 390) < 1
                   and e.button("history").get_attribute("aria-expanded") == "true", "☰ did not open the history")

        open_drawer()
        close = e.button("close-history")
        self.assertTrue(close.is_displayed() and close.rect["width"] >= 44 and close.rect["height"] >= 44)
        self.tap(close)
        e.wait(shut, "the drawer's × did not close it")
        open_drawer()
        e.driver.find_element(By.TAG_NAME, "body").send_keys(Keys.ESCAPE)
        e.wait(shut, "Escape did not close the drawer")
        open_drawer()
        self.touch("touchStart", 20, 300)
        self.touch("touchEnd")
        e.wait(shut, "a tap outside did not close the drawer")
        # The current entry, tapped, closes it too and records nothing.
        entries = len(history(e.dir)["entries"])
        open_drawer()
        self.tap(e.driver.find_element(By.CSS_SELECTOR, "#history [data-seq='%d']" % history(e.dir)["cursor"]))
        e.wait(shut, "tapping the current entry left the drawer open")
        self.assertEqual(len(history(e.dir)["entries"]), entries)

    def test_a_project_made_after_an_open_has_the_view_the_phone_asks_for(self):
        e = self.editor
        e.load()
        room = os.path.join(e.dir, ".state", "tagproj", "editor-room")
        e.wait(lambda d: os.path.exists(room), "the page's room was never remembered")
        asked = e.driver.execute_script("const p = document.getElementById('photo'); return [p.naturalWidth, p.naturalHeight]")
        status, out, err = cli("new", "q.tagproj", "big.png", "--json", cwd=e.dir)
        self.assertEqual(status, 0, err)
        with open(room) as remembered:
            self.assertEqual([[v["width"], v["height"]] for v in json.loads(out)["kept_views"]], [asked], remembered.read())

    def test_the_photo_fills_the_width_and_the_toolbar_is_two_rows_of_44_px_buttons(self):
        e = self.editor
        e.load()
        self.assertEqual(e.driver.execute_script("return [window.innerWidth, window.devicePixelRatio]"), [390, 3])
        photo = e.driver.find_element(By.ID, "photo").rect
        self.assertGreaterEqual(photo["width"], 389, "the photo fills the width")
        shown = [b for b in e.driver.find_elements(By.CSS_SELECTOR, "#tools button") if b.is_displayed()]
        self.assertGreaterEqual(len(shown), 12)
        for b in shown:
            self.assertGreaterEqual(b.rect["width"], 44, b.get_attribute("data-action"))
            self.assertGreaterEqual(b.rect["height"], 44, b.get_attribute("data-action"))
            self.assertTrue(b.get_attribute("aria-label"), "every icon button has a label for screen readers")
        self.assertEqual(len({b.rect["y"] for b in shown}), 2, "two rows (of six, each with its word: Tests/Editor/test_phone_layout.py)")
        self.assertLessEqual(max(b.rect["x"] + b.rect["width"] for b in shown), 390)

    def test_photo_and_tags_arrive_at_the_screens_real_pixels(self):
        e = self.editor
        e.load()
        e.wait(lambda d: d.execute_script("return document.getElementById('photo').naturalWidth > 0"), "no photo")
        natural, css = e.driver.execute_script(
            "const p = document.getElementById('photo'); return [p.naturalWidth, p.getBoundingClientRect().width]")
        status, out, _ = cli("info", "p.tagproj", "--json", cwd=e.dir)
        self.assertEqual(natural, min(json.loads(out)["width"], round(css * 3)), "the photo at three pixels per CSS pixel")
        tag_natural, tag_css = e.driver.execute_script(
            "const t = document.querySelector('[data-tag-id=\"1\"]'); return [t.naturalWidth, t.getBoundingClientRect().width]")
        self.assertAlmostEqual(tag_natural, tag_css * 3, delta=4, msg="the tag drawn at three pixels per CSS pixel")

    def test_at_one_to_one_the_held_tiles_show_the_photos_own_pixels_without_a_fetch(self):
        e = self.editor
        e.load()
        e.wait(lambda d: d.execute_script(
            "const t = document.getElementById('tiles'); return t.dataset.count > 0 && t.dataset.held === t.dataset.count"),
            "the page never held the photo's tiles", timeout=60)
        photos = "return performance.getEntriesByType('resource').filter((r) => r.name.includes('api/photo')).length"
        fetched = e.driver.execute_script(photos)
        # The tile at the middle of the photo, where `1` zooms, was fetched first.
        first = e.driver.execute_script("""
            const t = performance.getEntriesByType('resource').find((r) => r.name.includes('api/photo') && r.name.includes('rw=')
                && !r.name.includes('rw=1&'));
            return Object.fromEntries(new URL(t.name).searchParams);""")
        x, y, rw, rh = (float(first[k]) for k in ("x", "y", "rw", "rh"))
        self.assertTrue(x <= 0.5 <= x + rw and y <= 0.5 <= y + rh, "the first tile fetched was %s" % first)
        e.driver.execute_script("document.getElementById('tags').style.visibility = 'hidden'")  # the photo alone
        e.driver.find_element(By.TAG_NAME, "body").send_keys("1")
        e.wait(lambda d: d.execute_script(
            "return performance.getEntriesByName('tagproj zoom detail').some((m) => m.detail === 'tiles')"), "1 did not show the tiles")
        self.assertEqual(e.driver.execute_script(photos), fetched, "a region was fetched although the page holds the photo")
        self.assertIsNotNone(e.driver.find_element(By.ID, "detail").get_attribute("hidden"))
        # What the screen shows, pixel for pixel, against the photo itself (big.png, lossless): the
        # same pixels within the JPEG the tiles travel as, unlike the photo moved by one pixel or
        # four, and as sharp.
        with open(os.path.join(e.dir, "big.png"), "rb") as f:
            original = base64.b64encode(f.read()).decode()
        shot = e.driver.get_screenshot_as_base64()
        geometry = e.driver.execute_script("""
            const stage = document.getElementById("stage").getBoundingClientRect();
            const canvas = document.getElementById("canvas").getBoundingClientRect();
            return { dpr: window.devicePixelRatio, width: window.innerWidth, stage: { left: stage.left, top: stage.top, width: stage.width,
                     height: stage.height }, canvas: { left: canvas.left, top: canvas.top, right: canvas.right, bottom: canvas.bottom } };""")
        e.driver.get("about:blank")  # compared outside the page, whose policy admits no data: images
        differences = e.driver.execute_async_script("""
            const [shot, original, geometry, done] = arguments;
            const { dpr, stage, canvas } = geometry;
            const load = (src) => new Promise((ok) => { const i = new Image(); i.onload = () => ok(i); i.src = src; });
            Promise.all([load("data:image/png;base64," + shot), load("data:image/png;base64," + original)]).then(([s, o]) => {
                const pixelsOf = (img) => { const c = document.createElement("canvas"); c.width = img.width; c.height = img.height;
                    const g = c.getContext("2d"); g.drawImage(img, 0, 0); return [g.getImageData(0, 0, c.width, c.height).data, c.width]; };
                const [sd, sw] = pixelsOf(s), [od, ow] = pixelsOf(o);
                // What the stage shows of the photo, 8 screen pixels in from its edges, and where it
                // is in the photo.
                const x0 = Math.ceil(Math.max(stage.left, canvas.left) * dpr) + 8;
                const x1 = Math.floor(Math.min(stage.left + stage.width, canvas.right) * dpr) - 8;
                const y0 = Math.ceil(Math.max(stage.top, canvas.top) * dpr) + 8;
                const y1 = Math.floor(Math.min(stage.top + stage.height, canvas.bottom) * dpr) - 8;
                const ox = Math.round(canvas.left * dpr), oy = Math.round(canvas.top * dpr);
                const at = (dx, dy) => { let sum = 0, n = 0;
                    for (let y = y0; y < y1; y += 2) for (let x = x0; x < x1; x += 2) {
                        const i = 4 * (y * sw + x), j = 4 * ((y - oy + dy) * ow + (x - ox + dx));
                        for (let k = 0; k < 3; k++) { sum += Math.abs(sd[i + k] - od[j + k]); n++; } }
                    return sum / n; };
                // Sharpness: the mean size of each green value's difference from its neighbours'.
                const detail = (d, w, dx, dy) => { let sum = 0, n = 0;
                    for (let y = y0; y < y1; y += 2) for (let x = x0; x < x1; x += 2) {
                        const i = 4 * ((y + dy) * w + x + dx) + 1;
                        sum += Math.abs(4 * d[i] - d[i - 4] - d[i + 4] - d[i - 4 * w] - d[i + 4 * w]); n++; }
                    return sum / n; };
                done([s.width / geometry.width, detail(sd, sw, 0, 0) / detail(od, ow, -ox, -oy),
                      at(0, 0), [at(1, 0), at(0, 1), at(-1, 0), at(0, -1)], [at(4, 0), at(0, 4), at(-4, 0), at(0, -4)]]);
            });""", shot, original, geometry)
        scale, sharpness, same, by_one, by_four = differences
        self.assertEqual(scale, 3, "the screenshot at the screen's pixels")
        self.assertLess(same, 3.0, "the screen at 1:1 differs from the photo's own pixels: %s" % differences)
        self.assertLess(same, min(by_one), "the screen is off the photo's pixels by one: %s" % differences)
        self.assertGreater(min(by_four), 2 * same, "the screen is off the photo's pixels: %s" % differences)
        self.assertGreater(sharpness, 0.8, "the screen at 1:1 is softer than the photo: %s" % differences)

    def test_a_tap_selects_a_tap_on_the_selected_tag_flips_and_a_long_press_edits(self):
        e = self.editor
        e.load()
        self.tap(e.tag(1))
        e.wait(lambda d: e.tag(1).get_attribute("aria-pressed") == "true", "a tap did not select")
        ActionChains(e.driver).pause(0.6).perform()
        self.tap(e.tag(1))
        e.settled(3)
        self.assertEqual(tags(e.dir)[1]["side"], "left")
        box = e.tag(2).rect
        self.touch("touchStart", box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        e.wait(lambda d: d.find_elements(By.CSS_SELECTOR, '.inline-edit[data-tag-id="2"]'), "a long press did not edit", timeout=5)
        self.touch("touchEnd")
        self.assertEqual(len(history(e.dir)["entries"]), 3, "a long press records nothing by itself")

    def test_the_history_is_a_drawer(self):
        e = self.editor
        e.load()
        side = e.driver.find_element(By.ID, "side")
        inside = lambda: e.driver.execute_script("return arguments[0].getBoundingClientRect().left < window.innerWidth", side)
        self.assertFalse(inside(), "the drawer starts closed")
        e.button("history").click()
        e.wait(lambda d: inside(), "the drawer did not open")
        e.driver.find_element(By.CSS_SELECTOR, '#history [data-seq="1"]').click()
        e.settled(3)
        self.assertEqual(list(tags(e.dir)), [1])


if __name__ == "__main__":
    unittest.main(argv=[sys.argv[0], "-v", *sys.argv[1:]])
