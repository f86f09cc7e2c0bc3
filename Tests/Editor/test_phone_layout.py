#!/usr/bin/env python3
"""The editor's layout on a phone (issue 44, items 4 and 5), in Chromium's mobile emulation: 390×844
CSS pixels at three device pixels each, with touch, held upright and turned sideways (844×390).
Every edit field stays on the screen and nothing scrolls sideways; the photo has the room (the
sizes it is drawn at are measured); the toolbar's buttons carry words and the phone has zoom
buttons. The editor's fixture is in Tests/Editor/harness.py.

Run: python3 Tests/Editor/test_phone_layout.py [unittest arguments]   (scripts/test.sh runs it)
TAGPROJ_BINARY=path/to/tagproj tests another build (default: .build/debug/tagproj).
"""
import os
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import unittest
import zlib

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness  # noqa: E402  (the fixtures: Tests/Editor/harness.py)
from harness import TAGPROJ, Editor, check, state_of  # noqa: E402

from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402

# A long Chinese dish, so that its tag is wide, with a price to edit beside it.
LONG_DISH = "宫保鸡丁配香米饭和一碗酸辣汤"

UPRIGHT = {"width": 390, "height": 844, "deviceScaleFactor": 3, "mobile": True,
           "screenOrientation": {"type": "portraitPrimary", "angle": 0}}
SIDEWAYS = {"width": 844, "height": 390, "deviceScaleFactor": 3, "mobile": True,
            "screenOrientation": {"type": "landscapePrimary", "angle": 90}}


def portrait_png(path, width=800, height=1600):
    """A portrait photo (1:2) of smooth colours, written as a PNG."""
    reds = bytes(x * 255 // width for x in range(width))
    rows = b"".join(b"\0" + bytes(v for r in reds for v in (r, y * 255 // height, 128)) for y in range(height))
    chunk = lambda kind, data: struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
                + chunk(b"IDAT", zlib.compress(rows, 6)) + chunk(b"IEND", b""))


class PhoneLayout:
    """What the phone's layout tests share: turning the phone, loading the page, measuring it."""

    def turn(self, metrics):
        """The phone turned upright or sideways, the page loaded (the page gets its resize; a page
        loaded afterwards is upright again: ChromeDriver's emulation holds the phone upright)."""
        self.editor.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)
        self.editor.wait(lambda d: d.execute_script("return [innerWidth, innerHeight]") == [metrics["width"], metrics["height"]],
                         "the phone did not turn")

    def open(self, url=None, count=4, metrics=UPRIGHT):
        """The editor on `p.tagproj` (or `url`), its `count` tags and its photo shown, the phone
        then held as `metrics` says."""
        e = self.editor
        e.driver.get("about:blank")  # a load of its own, not a jump to the address's #token
        e.driver.get(url or e.url)
        if metrics is not UPRIGHT:
            self.turn(metrics)
        e.wait(lambda d: len(d.find_elements(By.CSS_SELECTOR, "[data-tag-id]")) == count, "the tags never showed")
        e.wait(lambda d: d.execute_script("return performance.getEntriesByName('tagproj shown').length > 0"), "the photo never showed")
        self.settle()

    def settle(self):
        """Waits until the photo is drawn at the same size and place two frames running."""
        box = """const done = arguments[0]; const r = () => JSON.stringify(document.getElementById('photo').getBoundingClientRect());
                 const a = r(); requestAnimationFrame(() => requestAnimationFrame(() => done(a === r())));"""
        self.editor.wait(lambda d: d.execute_async_script(box), "the photo never held still")

    def rect(self, selector):
        return self.editor.driver.execute_script(
            "const r = document.querySelector(arguments[0]).getBoundingClientRect();"
            "return {left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width, height: r.height};", selector)

    def sideways_scroll(self):
        """What scrolls sideways: the page wider than the screen, the window or any element scrolled."""
        return self.editor.driver.execute_script("""
            const wide = document.documentElement.scrollWidth > innerWidth ? ['page ' + document.documentElement.scrollWidth] : [];
            const scrolled = [...document.querySelectorAll('*')].filter((el) => el.scrollLeft !== 0).map((el) => el.id || el.tagName);
            return wide.concat(scrollX !== 0 ? ['window ' + scrollX] : [], scrolled);""")

    def toolbar_buttons(self):
        """The toolbar's buttons shown: their boxes, the word under each, its size, and whether the
        word is cut short (measured at its full width a moment, against the room its button gives)."""
        return self.editor.driver.execute_script("""
            return [...document.querySelectorAll('#tools button')].filter((b) => b.offsetParent !== null).map((b) => {
                const r = b.getBoundingClientRect(), label = b.querySelector('.label');
                const shown = label && label.offsetParent !== null;
                let natural = 0, room = 0;
                if (shown) {
                    const style = getComputedStyle(b);
                    room = b.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
                    label.style.cssText = 'width: max-content; max-width: none';
                    natural = label.getBoundingClientRect().width;
                    label.style.cssText = '';
                }
                return {action: b.dataset.action, left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width, height: r.height,
                        word: shown ? label.textContent.trim() : '', size: shown ? parseFloat(getComputedStyle(label).fontSize) : 0,
                        name: b.getAttribute('aria-label'), cut: natural > room ? [natural, room] : false};});""")

    def check_buttons(self, name, metrics):
        """Every button of the toolbar at least 44 px, on the screen, with its whole word of at least 12 px."""
        buttons = self.toolbar_buttons()
        actions = [b["action"] for b in buttons]
        for wanted in ("add-dish", "add-price", "delete", "undo", "redo", "arrange", "export", "zoom-out", "zoom-fit", "zoom-in", "history"):
            self.assertIn(wanted, actions, name)
        for b in buttons:
            where = "%s: %r" % (name, b)
            self.assertGreaterEqual(b["width"], 44, where)
            self.assertGreaterEqual(b["height"], 44, where)
            self.assertTrue(b["word"], "a word under the icon, " + where)
            self.assertGreaterEqual(b["size"], 12, "a word a person can read, " + where)
            self.assertFalse(b["cut"], "the word is whole, " + where)
            # Voice control finds a button by the word it shows: its name holds the word.
            self.assertIn(b["word"].lower(), b["name"].lower(), where)
            self.assertTrue(0 <= b["left"] and b["right"] <= metrics["width"] and 0 <= b["top"] and b["bottom"] <= metrics["height"], where)
        self.assertEqual(self.sideways_scroll(), [], name)
        return buttons


class PhoneLayoutTests(PhoneLayout, unittest.TestCase):
    """One phone (one Chromium) on `p.tagproj`, a landscape photo (2400×1600) with, besides the
    editor's two tags, a long Chinese dish with its price at each edge (#3 at the right, #4 at the
    left); and on `q.tagproj`, a portrait photo (800×1600), served by a second `tagproj open`."""

    @classmethod
    def setUpClass(cls):
        cls.editor = e = Editor(phone=True, big=True)
        for x in ("0.985", "0.015"):
            check("add", "p.tagproj", "dish", LONG_DISH, "--price", "38", "--at", x + ",0.5", cwd=e.dir)
        portrait_png(os.path.join(e.dir, "tall.png"))
        check("new", "q.tagproj", "tall.png", cwd=e.dir)
        check("add", "q.tagproj", "dish", "Flat white", "--at", "0.5,0.5", cwd=e.dir)
        cls.tall = subprocess.Popen([TAGPROJ, "open", "q.tagproj", "--no-browser", "--port", "0"], cwd=e.dir,
                                    stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=state_of(e.dir))
        cls.tall_url = cls.tall.stdout.readline().strip()
        assert cls.tall_url.startswith("http://127.0.0.1:"), cls.tall_url

    @classmethod
    def tearDownClass(cls):
        cls.tall.send_signal(signal.SIGINT)
        cls.tall.wait(timeout=10)
        cls.tall.stdout.close()
        cls.tall.stderr.close()
        cls.editor.close()

    # MARK: - Item 4: the edit fields stay on the screen

    def test_editing_a_tag_at_either_edge_keeps_every_field_on_the_screen_upright_and_sideways(self):
        """Issue 44, item 4: editing a tag near the right edge put its price field at x 394–466 of
        390, and the page scrolled sideways."""
        e = self.editor
        for name, metrics in (("upright", UPRIGHT), ("sideways", SIDEWAYS)):
            self.open(metrics=metrics)
            self.assertEqual(self.sideways_scroll(), [], name + ": before any edit")
            for tag_id, edge in ((3, "right"), (4, "left"), (1, "inside")):
                e.press(tag_id, Keys.F2)
                e.wait(lambda d: d.find_elements(By.CSS_SELECTOR, '.inline-edit[data-tag-id="%d"]' % tag_id), "F2 did not edit #%d" % tag_id)
                fields = e.driver.execute_script("""
                    const stage = document.getElementById('stage').getBoundingClientRect();
                    return [...document.querySelectorAll('.inline-edit')].map((f) => { const r = f.getBoundingClientRect();
                        return {field: f.className, left: r.left, right: r.right, top: r.top, bottom: r.bottom,
                                stage: [stage.left, stage.top, stage.right, stage.bottom], width: innerWidth, height: innerHeight}; });""")
                self.assertEqual(len(fields), 1 if tag_id == 2 else 2, "the name and the price are edited")
                for f in fields:
                    where = "%s, #%d at the %s: %r" % (name, tag_id, edge, f)
                    self.assertGreaterEqual(f["left"], max(0, f["stage"][0]), where)
                    self.assertLessEqual(f["right"], min(f["width"], f["stage"][2]), where)
                    self.assertGreaterEqual(f["top"], max(0, f["stage"][1]), where)
                    self.assertLessEqual(f["bottom"], min(f["height"], f["stage"][3]), where)
                self.assertEqual(self.sideways_scroll(), [], "%s, editing #%d at the %s" % (name, tag_id, edge))
                # Typed into and kept, it edits that tag; the page still does not scroll.
                price = e.driver.find_element(By.CSS_SELECTOR, '.inline-price[data-tag-id="%d"]' % tag_id)
                e.driver.execute_script("arguments[0].value = ''", price)  # (clear() would leave the field, ending the edit)
                price.send_keys("42" + Keys.ENTER)
                e.wait(lambda d: not d.find_elements(By.CSS_SELECTOR, ".inline-edit"), "Enter did not keep the edit")
                e.wait(lambda d: harness.tags(e.dir)[tag_id]["price"] == "42.00", "the price was not kept")
                self.assertEqual(self.sideways_scroll(), [], "%s, after editing #%d" % (name, tag_id))
                check("edit", "p.tagproj", str(tag_id), "--price", "38", cwd=e.dir)
            # The dialogs, opened on the phone, fit it too.
            for action, dialog in (("export", "export-dialog"), ("help", "help-dialog")):
                e.driver.execute_script("document.querySelector(arguments[0]).click()", '[data-action="%s"]' % action)
                e.wait(lambda d: d.execute_script("return document.getElementById(arguments[0]).open", dialog), "no " + dialog)
                box = self.rect("#" + dialog)
                self.assertTrue(0 <= box["left"] and box["right"] <= metrics["width"], "%s: %s %r" % (name, dialog, box))
                self.assertEqual(self.sideways_scroll(), [], "%s: %s open" % (name, dialog))
                e.driver.execute_script("document.getElementById(arguments[0]).close()", dialog)

    def test_the_gallery_does_not_scroll_sideways_on_a_phone(self):
        e = self.editor
        gallery = subprocess.Popen([TAGPROJ, "open", ".", "--no-browser", "--port", "0"], cwd=e.dir,
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=state_of(e.dir))
        try:
            url = gallery.stdout.readline().strip()
            for name, metrics in (("upright", UPRIGHT), ("sideways", SIDEWAYS)):
                e.driver.get("about:blank")
                e.driver.get(url)
                self.turn(metrics)
                e.wait(lambda d: len(d.find_elements(By.CSS_SELECTOR, "a[href^='/p/']")) >= 2, "the gallery never listed the projects")
                self.assertEqual(self.sideways_scroll(), [], "the gallery " + name)
        finally:
            gallery.send_signal(signal.SIGINT)
            gallery.wait(timeout=10)
            gallery.stdout.close()
            gallery.stderr.close()

    # MARK: - Item 5: the photo's room, the toolbar's words, zoom buttons

    def test_a_landscape_photo_fills_the_width_upright_and_the_height_sideways(self):
        """Issue 44, item 5: a landscape photo used 280 of 844 px of height."""
        self.open()
        photo, stage = self.rect("#photo"), self.rect("#stage")
        self.assertAlmostEqual(photo["width"], 390, delta=1, msg="upright, the photo fills the width: %r" % photo)
        self.assertAlmostEqual(photo["height"], 260, delta=1, msg="at its own shape (3:2): %r" % photo)
        self.assertLessEqual(self.rect("#toolbar")["height"], 180, "the toolbar is compact")
        self.assertGreaterEqual(photo["top"], stage["top"])
        self.turn(SIDEWAYS)
        self.settle()
        photo, stage = self.rect("#photo"), self.rect("#stage")
        self.assertAlmostEqual(stage["height"], 390, delta=1, msg="sideways, the stage has the screen's height: %r" % stage)
        self.assertAlmostEqual(photo["height"], 390, delta=1, msg="sideways, the photo has the screen's height: %r" % photo)
        self.assertAlmostEqual(photo["width"], 585, delta=1, msg="at its own shape (3:2): %r" % photo)
        self.assertLessEqual(photo["right"], 844)
        self.assertEqual(self.sideways_scroll(), [])

    def test_a_portrait_photo_takes_the_height_the_toolbar_leaves(self):
        self.open(self.tall_url, count=1)
        photo, stage, toolbar = self.rect("#photo"), self.rect("#stage"), self.rect("#toolbar")
        self.assertLessEqual(toolbar["height"], 180, "the toolbar is compact")
        self.assertAlmostEqual(photo["height"], stage["height"], delta=1, msg="upright, the whole stage's height: %r %r" % (photo, stage))
        self.assertGreaterEqual(photo["height"], 844 - 180)
        self.assertAlmostEqual(photo["width"], photo["height"] / 2, delta=1, msg="at its own shape (1:2)")
        self.turn(SIDEWAYS)
        self.settle()
        photo = self.rect("#photo")
        self.assertAlmostEqual(photo["height"], 390, delta=1, msg="sideways, the screen's whole height: %r" % photo)
        self.assertEqual(self.sideways_scroll(), [])

    def test_every_button_has_a_word_a_person_can_read_and_44_px_upright_and_sideways(self):
        """Issue 44, item 5: the phone's toolbar was icons with no words, and had no zoom buttons."""
        for name, metrics in (("upright", UPRIGHT), ("sideways", SIDEWAYS)):
            self.open(metrics=metrics)
            self.check_buttons(name, metrics)

    def test_every_placeholder_fits_its_field_upright_and_sideways(self):
        """Issue 44, item 10: the new tag's fields said "Dish name or price, then click t" and
        "Price (a dish" upright (322 px of text in 252, 192 in 94)."""
        for name, metrics in (("upright", UPRIGHT), ("sideways", SIDEWAYS)):
            self.open(metrics=metrics)
            self.assertEqual(harness.placeholders_cut(self.editor.driver), [], name)

    def test_the_zoom_buttons_zoom_in_out_and_fit(self):
        e = self.editor
        self.open()
        width = lambda: self.rect("#photo")["width"]
        fitted, entries = width(), len(harness.history(e.dir)["entries"])
        self.tap("zoom-in")
        e.wait(lambda d: abs(width() - fitted * 1.5) < 2, "zoom in did not zoom by 1.5: %r → %r" % (fitted, width()))
        self.tap("zoom-in")
        e.wait(lambda d: abs(width() - fitted * 2.25) < 2, "zoom in did not zoom again")
        self.tap("zoom-out")
        e.wait(lambda d: abs(width() - fitted * 1.5) < 2, "zoom out did not zoom out")
        self.assertEqual(self.sideways_scroll(), [], "a zoomed photo is clipped by the stage")
        self.tap("zoom-fit")
        e.wait(lambda d: abs(width() - fitted) < 1, "fit did not fit the photo again")
        self.assertEqual(len(harness.history(e.dir)["entries"]), entries, "zooming records nothing")

    def tap(self, action):
        box = self.editor.button(action).rect
        for kind in ("touchStart", "touchEnd"):
            self.editor.driver.execute_cdp_cmd("Input.dispatchTouchEvent", {
                "type": kind, "touchPoints": [] if kind == "touchEnd" else [{"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] / 2}]})


chinese_catalog = harness.chinese_catalog  # po/zh_CN.po, compiled as scripts/build-catalogs.sh compiles it


class ChinesePhoneLayoutTests(PhoneLayout, unittest.TestCase):
    """The phone in Simplified Chinese: the words under the buttons are Chinese, whole and
    readable, upright and sideways. One Chromium for the class."""

    @classmethod
    def setUpClass(cls):
        cls.locale = chinese_catalog(tempfile.mkdtemp(prefix="tagproj-locale-"))
        cls.editor = Editor(phone=True, big=True, lang="zh-CN", dish=LONG_DISH, environment={"TAGPROJ_LOCALEDIR": cls.locale})

    @classmethod
    def tearDownClass(cls):
        cls.editor.close()
        shutil.rmtree(cls.locale, ignore_errors=True)

    def test_the_words_under_the_buttons_are_chinese_whole_and_readable(self):
        for name, metrics in (("upright", UPRIGHT), ("sideways", SIDEWAYS)):
            self.open(count=2, metrics=metrics)
            buttons = self.check_buttons(name, metrics)
            self.assertEqual(harness.english_words([b["word"] for b in buttons] + [b["name"] for b in buttons]), [], name)
            self.assertEqual(harness.placeholders_cut(self.editor.driver), [], name + ": the placeholders")


if __name__ == "__main__":
    unittest.main()
