#!/usr/bin/env python3
"""The editor's export dialog and the gallery's Export all (issue 44, items 12 and 13): a quality
that defaults to the user's `export.quality`, the name and folder written shown, sized outputs
named for their size, nothing ever replaced; Export all into `exported/` beside the projects (never
through a link), its report where it is seen; cards that name their dishes and prices. In a real
Chromium, one per test class, the files checked by their size (`tagproj new --json` reads it) and
their format's magic bytes. The fixtures `Editor` and `Gallery`, and `SharedBrowser`, are in
Tests/Editor/harness.py.

Run: python3 Tests/Editor/test_export_dialogs.py [unittest arguments]   (scripts/test.sh runs it)
TAGPROJ_BINARY=path/to/tagproj tests another build (default: .build/debug/tagproj).
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import PHOTO, TAGPROJ, Editor, Gallery, SharedBrowser, check, cli, state_of, violations  # noqa: E402

from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import Select  # noqa: E402

MAGIC = {"jpg": lambda b: b[:3] == b"\xff\xd8\xff", "png": lambda b: b[:8] == b"\x89PNG\r\n\x1a\n",
         "webp": lambda b: b[:4] == b"RIFF" and b[8:12] == b"WEBP", "avif": lambda b: b[4:12] in (b"ftypavif", b"ftypavis")}


def size_of(folder, name):
    """The picture's width and height, as `tagproj new --json` reads them."""
    status, out, err = cli("new", "check-%s.tagproj" % name.replace(".", "-"), name, "--json", cwd=folder)
    assert status == 0, err
    os.remove(os.path.join(folder, "check-%s.tagproj" % name.replace(".", "-")))
    picture = json.loads(out)
    return picture["width"], picture["height"]


def read(path):
    with open(path, "rb") as f:
        return f.read()


def with_config(folder, quality):
    """A config folder in `folder` that sets `export.quality`; the environment that finds it."""
    config = os.path.join(folder, ".config")
    os.makedirs(os.path.join(config, "tagproj"))
    with open(os.path.join(config, "tagproj", "config"), "w") as f:
        f.write("[export]\n\tquality = %d\n" % quality)
    return {"XDG_CONFIG_HOME": config}


class DialogEditor(Editor):
    """The editor's fixture (`p.tagproj`, two tags), with the export dialog's steps."""

    def open_dialog(self, format="jpeg", size="full", long_side=None):
        """Export, a format and a size, as a user chooses them; the dialog, once it says where it writes."""
        self.button("export").click()
        dialog = self.wait(lambda d: d.find_element(By.CSS_SELECTOR, "[data-export-dialog][open]"), "no export dialog")
        Select(dialog.find_element(By.CSS_SELECTOR, "select[name=format]")).select_by_value(format)
        Select(dialog.find_element(By.CSS_SELECTOR, "select[name=size]")).select_by_value(size)
        if long_side is not None:
            field = dialog.find_element(By.CSS_SELECTOR, "input[name=long-side]")
            field.clear()
            field.send_keys(str(long_side))
            self.driver.execute_script("arguments[0].dispatchEvent(new Event('change'))", field)
        return dialog

    def where(self, dialog, name):
        """Waits for the dialog to say it will write `name`; what it says."""
        said = dialog.find_element(By.CSS_SELECTOR, ".export-where")
        self.wait(lambda d: name in said.text, "the dialog never said it writes %s: %r" % (name, said.text))
        return said.text

    def quality(self, dialog):
        return dialog.find_element(By.CSS_SELECTOR, "input[name=quality]")

    def save(self, dialog, name):
        dialog.find_element(By.CSS_SELECTOR, "[data-action=save]").click()
        self.wait(lambda d: ("wrote %s" % name) in self.status(), "Save did not say it wrote %s" % name)
        return self.status()


class DialogGallery(Gallery):
    """The gallery's fixture (a, b, c), with Export all's steps."""

    def export_all(self, format="png", size="1080"):
        self.driver.find_element(By.CSS_SELECTOR, "[data-action=export-all]").click()
        dialog = self.wait(lambda d: d.find_element(By.CSS_SELECTOR, "#export-all-dialog[open]"), "no export dialog")
        Select(dialog.find_element(By.CSS_SELECTOR, "select[name=format]")).select_by_value(format)
        Select(dialog.find_element(By.CSS_SELECTOR, "select[name=size]")).select_by_value(size)
        return dialog

    def reported(self):
        """Waits for the report dialog; its text."""
        report = self.wait(lambda d: d.find_element(By.CSS_SELECTOR, "#report-dialog[open]"), "no report shown; status: " + self.status())
        return report.text

    def close_report(self):
        self.driver.execute_script("document.getElementById('report-dialog').close()")


class ExportDialogTests(SharedBrowser, unittest.TestCase):
    """Issue 44, item 12, at a desktop's size: the export dialog's quality, name and folder."""

    def tearDown(self):
        self.editor.close()

    def test_quality_defaults_to_the_users_export_quality_and_shows_only_for_formats_that_have_one(self):
        # The user's config: export.quality 40.
        config = tempfile.mkdtemp(prefix="tagproj-config-")
        self.addCleanup(shutil.rmtree, config, True)
        environment = with_config(config, 40)
        self.editor = e = DialogEditor(driver=self.driver, environment=environment)
        e.load()
        dialog = e.open_dialog(format="webp")
        quality = e.quality(dialog)
        e.wait(lambda d: quality.get_attribute("value") == "40", "the quality is not the user's export.quality: %r" % quality.get_attribute("value"))
        self.assertTrue(quality.is_displayed(), "WebP has a quality")
        for format, shown in (("png", False), ("jpeg", True), ("avif", True), ("webp", True)):
            Select(dialog.find_element(By.CSS_SELECTOR, "select[name=format]")).select_by_value(format)
            self.assertEqual(quality.is_displayed(), shown, "the quality shows for %s: %s" % (format, shown))
        self.assertEqual(violations(e), [], "the export dialog with its quality")
        # Untouched, the user's default: the bytes `tagproj export` writes under that config.
        e.save(dialog, "p-tagged.webp")
        env = dict(state_of(e.dir), **environment)
        run = subprocess.run([TAGPROJ, "export", "p.tagproj", "cli-40.webp"], cwd=e.dir, env=env, capture_output=True, text=True)
        self.assertEqual(run.returncode, 0, run.stderr)
        self.assertEqual(read(os.path.join(e.dir, "p-tagged.webp")), read(os.path.join(e.dir, "cli-40.webp")), "the user's quality, 40")
        # Changed to 25: the bytes the CLI writes with --quality 25.
        dialog = e.open_dialog(format="webp")
        quality = e.quality(dialog)
        e.wait(lambda d: quality.get_attribute("value") == "40", "the quality went back to the user's")
        quality.clear()
        quality.send_keys("25")
        e.save(dialog, "p-tagged-2.webp")
        run = subprocess.run([TAGPROJ, "export", "p.tagproj", "cli-25.webp", "--quality", "25"], cwd=e.dir, env=env, capture_output=True, text=True)
        self.assertEqual(run.returncode, 0, run.stderr)
        written = read(os.path.join(e.dir, "p-tagged-2.webp"))
        self.assertTrue(MAGIC["webp"](written))
        self.assertEqual(written, read(os.path.join(e.dir, "cli-25.webp")), "the quality asked for, 25")
        self.assertNotEqual(written, read(os.path.join(e.dir, "p-tagged.webp")))

    def test_the_dialog_shows_the_name_and_folder_a_sized_save_is_named_for_its_size_and_nothing_is_replaced(self):
        self.editor = e = DialogEditor(driver=self.driver, big=True)  # 2400×1600
        e.load()
        folder = os.path.realpath(e.dir)
        dialog = e.open_dialog(format="webp", size="1080")
        said = e.where(dialog, "p-tagged-1080.webp")
        self.assertIn(folder, said, "the dialog names the folder it writes into")
        status = e.save(dialog, "p-tagged-1080.webp")
        self.assertIn(folder, status, "the status names the folder written into")
        first = read(os.path.join(e.dir, "p-tagged-1080.webp"))
        self.assertTrue(MAGIC["webp"](first))
        self.assertEqual(size_of(e.dir, "p-tagged-1080.webp"), (1080, 720))
        # A second save of the same choices gets a new name; the first is left as it was.
        dialog = e.open_dialog(format="webp", size="1080")
        e.where(dialog, "p-tagged-1080-2.webp")
        e.save(dialog, "p-tagged-1080-2.webp")
        self.assertEqual(read(os.path.join(e.dir, "p-tagged-1080.webp")), first, "the first save was replaced")
        self.assertTrue(MAGIC["webp"](read(os.path.join(e.dir, "p-tagged-1080-2.webp"))))
        # A long side typed in names the file for it; a full-size one keeps the plain name.
        dialog = e.open_dialog(format="png", size="custom", long_side=300)
        e.where(dialog, "p-tagged-300.png")
        e.save(dialog, "p-tagged-300.png")
        self.assertTrue(MAGIC["png"](read(os.path.join(e.dir, "p-tagged-300.png"))))
        self.assertEqual(size_of(e.dir, "p-tagged-300.png"), (300, 200))
        dialog = e.open_dialog()
        e.where(dialog, "p-tagged.jpg")
        e.save(dialog, "p-tagged.jpg")
        self.assertEqual(size_of(e.dir, "p-tagged.jpg"), (2400, 1600))
        dialog = e.open_dialog()
        e.where(dialog, "p-tagged-2.jpg")
        e.save(dialog, "p-tagged-2.jpg")
        self.assertTrue(MAGIC["jpg"](read(os.path.join(e.dir, "p-tagged.jpg"))))
        self.assertTrue(MAGIC["jpg"](read(os.path.join(e.dir, "p-tagged-2.jpg"))))


class ExportDialogPhoneTests(SharedBrowser, unittest.TestCase):
    """Issue 44, item 12, on a phone (390×844, DPR 3, touch): the dialog's quality and the long
    folder it names stay on screen; nothing scrolls sideways."""
    phone = True

    def test_the_dialog_with_its_quality_and_folder_fits_a_phone(self):
        e = DialogEditor(driver=self.driver, phone=True)
        try:
            e.load()
            dialog = e.open_dialog(format="webp", size="1080")
            said = e.where(dialog, "p-tagged-1080.webp")
            self.assertIn(os.path.realpath(e.dir), said)
            quality = e.quality(dialog)
            self.assertTrue(quality.is_displayed(), "WebP has a quality")
            for element, what in ((dialog, "the dialog"), (quality, "the quality"), (dialog.find_element(By.CSS_SELECTOR, ".export-where"), "the name and folder")):
                box = element.rect
                self.assertTrue(box["x"] >= 0 and box["x"] + box["width"] <= 390, "%s is off screen: %r" % (what, box))
            self.assertEqual(e.driver.execute_script("return document.documentElement.scrollWidth <= innerWidth"), True, "nothing scrolls sideways")
            self.assertEqual(violations(e), [], "the export dialog on a phone")
            e.save(dialog, "p-tagged-1080.webp")
            self.assertTrue(MAGIC["webp"](read(os.path.join(e.dir, "p-tagged-1080.webp"))))
        finally:
            e.close()


class ExportAllTests(SharedBrowser, unittest.TestCase):
    """Issue 44, item 13, at a desktop's size: Export all into `exported/`, its report, the cards."""

    def tearDown(self):
        self.gallery.close()

    def test_export_all_writes_into_exported_beside_the_projects_and_never_replaces_an_output(self):
        self.gallery = g = DialogGallery(driver=self.driver)
        g.grid(3)
        among = sorted(os.listdir(g.dir))
        dialog = g.export_all()
        folder = os.path.join(os.path.realpath(g.dir), "exported")
        g.wait(lambda d: folder in dialog.find_element(By.CSS_SELECTOR, ".export-where").text, "the dialog does not name the folder")
        dialog.find_element(By.CSS_SELECTOR, "[data-action=save-all]").click()
        report = g.reported()
        self.assertEqual(g.driver.execute_script("return document.activeElement.closest('#report-dialog') !== null"), True,
                         "focus is moved to the report")
        self.assertIn(folder, report, "the report names the folder")
        self.assertEqual(g.status(), "exported 3 of 3 projects")
        self.assertEqual(sorted(os.listdir(g.dir)), sorted(among + ["exported"]), "nothing new among the projects")
        written = {}
        for name in ("a", "b", "c"):
            out = name + "-tagged-1080.png"
            self.assertRegex(report, "(?m)^%s[.]tagproj: wrote .*exported/%s: png " % (name, out))
            written[out] = read(os.path.join(folder, out))
            self.assertTrue(MAGIC["png"](written[out]), out)
            # The same bytes the CLI writes with the same options.
            check("export", name + ".tagproj", "cli-" + name + ".png", "--max-size", "1080", cwd=g.dir)
            self.assertEqual(written[out], read(os.path.join(g.dir, "cli-" + name + ".png")), out)
            os.remove(os.path.join(g.dir, "cli-" + name + ".png"))
        g.close_report()
        # Again: new names, the outputs there left as they were.
        g.export_all().find_element(By.CSS_SELECTOR, "[data-action=save-all]").click()
        g.wait(lambda d: "a-tagged-1080-2.png" in g.reported(), "the second Export all did not take new names")
        for out, bytes_ in written.items():
            self.assertEqual(read(os.path.join(folder, out)), bytes_, "%s was replaced" % out)
            self.assertTrue(os.path.exists(os.path.join(folder, out.replace(".png", "-2.png"))))
        self.assertEqual(violations(g), [], "the gallery with its report open")

    def test_export_all_never_writes_through_a_link_out_of_the_folder(self):
        self.gallery = g = DialogGallery(driver=self.driver)
        os.symlink(g.outside, os.path.join(g.dir, "exported"))
        before = sorted(os.listdir(g.outside))
        g.grid(3)
        g.export_all().find_element(By.CSS_SELECTOR, "[data-action=save-all]").click()
        g.wait(lambda d: g.status().startswith("error: "), "Export all did not refuse the link")
        self.assertIn("exported", g.status())
        self.assertEqual(sorted(os.listdir(g.outside)), before, "something was written through the link")

    def name_folder(self, dialog, name):
        """Types `name` into the dialog's Folder field, as a user does (the field then loses focus);
        the field keeps it while the page is open."""
        field = dialog.find_element(By.CSS_SELECTOR, "input[name=folder]")
        field.clear()
        field.send_keys(name)
        self.gallery.driver.execute_script("arguments[0].dispatchEvent(new Event('change'))", field)

    def test_export_all_writes_into_the_folder_the_user_names_beside_the_projects_or_anywhere(self):
        self.gallery = g = DialogGallery(driver=self.driver)
        g.grid(3)
        among = sorted(os.listdir(g.dir))
        for name, folder in (("web", os.path.join(os.path.realpath(g.dir), "web")),
                             (os.path.join(os.path.realpath(g.outside), "menu pictures"), os.path.join(os.path.realpath(g.outside), "menu pictures"))):
            dialog = g.export_all()
            if name == "web":
                self.assertEqual(dialog.find_element(By.CSS_SELECTOR, "input[name=folder]").get_attribute("value"), "exported",
                                 "exported unless another is named")
            self.name_folder(dialog, name)
            where = dialog.find_element(By.CSS_SELECTOR, ".export-where")
            g.wait(lambda d: where.text == "Saves into " + folder, "the dialog does not name %s: %r" % (folder, where.text))
            dialog.find_element(By.CSS_SELECTOR, "[data-action=save-all]").click()
            report = g.reported()
            self.assertIn(folder, report, "the report names the folder")
            self.assertEqual(sorted(os.listdir(folder)), ["a-tagged-1080.png", "b-tagged-1080.png", "c-tagged-1080.png"])
            g.close_report()
        self.assertEqual(sorted(os.listdir(g.dir)), sorted(among + ["web"]), "nothing among the projects but the folder named")

    def test_export_all_never_writes_among_the_projects_by_any_name(self):
        self.gallery = g = DialogGallery(driver=self.driver)
        g.grid(3)
        among = sorted(os.listdir(g.dir))
        for name in (".", os.path.realpath(g.dir), "../" + os.path.basename(os.path.realpath(g.dir)) + "/"):
            dialog = g.export_all()
            self.name_folder(dialog, name)
            where = dialog.find_element(By.CSS_SELECTOR, ".export-where")
            g.wait(lambda d: "never among the projects" in where.text, "the dialog does not refuse %r: %r" % (name, where.text))
            dialog.find_element(By.CSS_SELECTOR, "[data-action=save-all]").click()
            g.wait(lambda d: g.status().startswith("error: ") and "never among the projects" in g.status(), "Export all did not refuse %r" % name)
            self.assertEqual(sorted(os.listdir(g.dir)), among, "something was written among the projects (%r)" % name)

    def test_cards_name_their_dishes_and_prices_cut_with_an_ellipsis_and_whole_in_the_title(self):
        self.gallery = g = DialogGallery(driver=self.driver)
        check("new", "d.tagproj", PHOTO, "--currency", "¥", cwd=g.dir)
        check("add", "d.tagproj", "dish", "宫保鸡丁", "--price", "38", "--at", "0.3,0.3", cwd=g.dir)
        check("add", "d.tagproj", "dish", "拿铁", "--price", "28", "--at", "0.6,0.7", cwd=g.dir)
        check("new", "e.tagproj", PHOTO, "--currency", "¥", cwd=g.dir)
        long = ["Braised pork belly with chestnuts", "Steamed sea bass in soy", "Mapo tofu", "Dan dan noodles"]
        for i, dish in enumerate(long):
            check("add", "e.tagproj", "dish", dish, "--price", str(30 + i), "--at", "0.5,%.2f" % (0.15 + 0.2 * i), cwd=g.dir)
        cards = g.grid(5)
        dishes = cards["d.tagproj"].find_element(By.CSS_SELECTOR, ".dishes")
        self.assertEqual(dishes.text, "宫保鸡丁 ¥38 · 拿铁 ¥28")
        self.assertEqual(cards["a.tagproj"].find_element(By.CSS_SELECTOR, ".dishes").text, "Flat white")
        whole = " · ".join("%s ¥%d" % (dish, 30 + i) for i, dish in enumerate(long))
        cut = cards["e.tagproj"].find_element(By.CSS_SELECTOR, ".dishes")
        self.assertEqual(cut.get_attribute("title"), whole, "the whole text in the title")
        self.assertEqual(g.driver.execute_script(
            "const s = getComputedStyle(arguments[0]); return [arguments[0].scrollWidth > arguments[0].clientWidth, s.textOverflow, s.whiteSpace]", cut),
            [True, "ellipsis", "nowrap"], "a long list is cut with an ellipsis")
        self.assertLessEqual(cut.rect["height"], 24, "on one line")


class ExportAllPhoneTests(SharedBrowser, unittest.TestCase):
    """Issue 44, item 13, on a phone (390×844, DPR 3, touch), where the report sat below the grid."""
    phone = True

    def test_the_report_is_seen_on_a_phone_and_its_folder_named(self):
        g = DialogGallery(driver=self.driver, phone=True)
        try:
            g.grid(3)
            g.export_all().find_element(By.CSS_SELECTOR, "[data-action=save-all]").click()
            g.reported()
            box = g.driver.execute_script(
                "const r = document.getElementById('report').getBoundingClientRect(); return [r.top, r.bottom, innerHeight, r.left, r.right, innerWidth]")
            top, bottom, height, left, right, width = box
            self.assertTrue(0 <= top < height and left >= 0 and right <= width, "the report is not in sight: %r" % box)
            self.assertEqual(g.driver.execute_script("return document.activeElement.closest('#report-dialog') !== null"), True)
            self.assertEqual(g.driver.execute_script("return document.documentElement.scrollWidth <= innerWidth"), True, "nothing scrolls sideways")
            self.assertEqual(violations(g), [], "the report on a phone")
        finally:
            g.close()


if __name__ == "__main__":
    unittest.main()
