#!/usr/bin/env python3
"""The gallery (`tagproj open DIR`, `tagproj open photo.jpg`) as people use it: in a real Chromium
driven by Selenium, the projects checked with the `tagproj` CLI, and attacked as another user or
web page would. The fixture `Gallery` is in Tests/Editor/harness.py.

Run: python3 Tests/Editor/test_gallery.py [unittest arguments]   (scripts/test.sh runs it)
TAGPROJ_BINARY=path/to/tagproj tests another build (default: .build/debug/tagproj).
"""
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import unittest
import urllib.parse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness  # noqa: E402  (the fixtures: Tests/Editor/harness.py)
from harness import JPEG, REPO, TAGPROJ, Editor, Gallery, SharedBrowser, check, cli, violations  # noqa: E402

from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.support.ui import Select  # noqa: E402


class GalleryTests(SharedBrowser, unittest.TestCase):
    """The gallery at a desktop's size, each test on a folder and server of its own, all on the
    class's one Chromium."""

    def setUp(self):
        self.gallery = Gallery(driver=self.driver)

    def tearDown(self):
        self.gallery.close()

    def test_the_grid_shows_every_project_with_its_count_warnings_and_a_thumbnail_kept_for_next_time(self):
        g = self.gallery
        cards = g.grid(3)
        self.assertEqual(list(cards), ["a.tagproj", "b.tagproj", "c.tagproj"], "no hidden project, no link out")
        self.assertEqual([cards[n].find_element(By.CSS_SELECTOR, ".count").text for n in cards], ["1 tag", "2 tags", "0 tags"])
        self.assertEqual(cards["b.tagproj"].find_element(By.CSS_SELECTOR, ".warnings").text, "warning: #1 overlaps #2")
        self.assertEqual(cards["a.tagproj"].find_element(By.CSS_SELECTOR, ".warnings").text, "")
        for name, card in cards.items():
            img = card.find_element(By.TAG_NAME, "img")
            self.assertTrue(g.driver.execute_script("return arguments[0].naturalWidth > 0", img), name)
            self.assertTrue(img.get_attribute("src").startswith("blob:"))
            self.assertEqual(card.get_attribute("data-thumbnail"), "drawn-and-stored", name)
        self.assertNotIn("#token", g.driver.current_url)
        # The thumbnail is what export draws at that size.
        status, body = g.request("GET", "/api/thumbnail?name=a.tagproj", headers={"X-Tagproj-Token": g.token})
        self.assertEqual(status, 200)
        check("export", "a.tagproj", "a.png", "--max-size", "480", cwd=g.dir)
        with open(os.path.join(g.dir, "a.png"), "rb") as f:
            width = int.from_bytes(f.read()[16:20], "big")
        self.assertEqual(int.from_bytes(body[body.index(b"\xff\xc0") + 7:body.index(b"\xff\xc0") + 9], "big"), width)
        # Opened again, every thumbnail is read back from its project.
        cards = g.grid(3)
        self.assertEqual({c.get_attribute("data-thumbnail") for c in cards.values()}, {"stored"})

    def test_a_file_that_only_looks_like_a_project_is_shown_with_its_error(self):
        g = self.gallery
        with open(os.path.join(g.dir, "junk.tagproj"), "w") as f:
            f.write("not a project\n")
        cards = g.grid(4)
        self.assertEqual(cards["junk.tagproj"].find_element(By.CSS_SELECTOR, ".warnings").text,
                         "error: '%s/junk.tagproj' is not a tagproj project (not an SQLite database)" % g.dir)
        self.assertEqual(cards["a.tagproj"].get_attribute("data-thumbnail"), "drawn-and-stored", "the others are shown")
        status, _ = g.request("GET", "/api/thumbnail?name=junk.tagproj", headers={"X-Tagproj-Token": g.token})
        self.assertEqual(status, 422)

    def test_an_edit_in_the_shell_redraws_that_thumbnail(self):
        g = self.gallery
        g.grid(3)
        check("add", "c.tagproj", "dish", "Soup", cwd=g.dir)
        g.wait(lambda d: g.card("c.tagproj").find_element(By.CSS_SELECTOR, ".count").text == "1 tag", "the new tag never showed")
        g.wait(lambda d: g.card("c.tagproj").get_attribute("data-thumbnail") == "drawn-and-stored", "the thumbnail was not redrawn")

    def test_a_click_opens_the_project_in_the_editor_and_back_to_the_grid(self):
        g = self.gallery
        cards = g.grid(3)
        cards["a.tagproj"].click()
        g.wait(lambda d: len(d.find_elements(By.CSS_SELECTOR, "[data-tag-id]")) == 1, "the editor never showed a.tagproj's tag")
        self.assertTrue(g.driver.current_url.endswith("/p/a.tagproj/"))
        self.assertEqual(g.driver.title, "a — tagproj")
        # An edit there is an edit of a.tagproj, and of no other project.
        g.press(1, Keys.ENTER)
        g.wait(lambda d: json.loads(check("list", "a.tagproj", "--json", cwd=g.dir))["tags"][0]["side"] == "left", "the flip never reached a.tagproj")
        self.assertEqual(len(json.loads(check("history", "b.tagproj", "--json", cwd=g.dir))["entries"]), 2)
        back = g.driver.find_element(By.ID, "gallery-back")
        self.assertTrue(back.is_displayed())
        back.click()
        g.cards(3)
        g.wait(lambda d: g.card("a.tagproj").get_attribute("data-thumbnail") == "drawn-and-stored", "a stale thumbnail was shown")

    def test_the_single_project_editor_has_no_way_back_to_a_gallery(self):
        e = Editor(driver=self.driver)
        try:
            e.load()
            self.assertFalse(e.driver.find_element(By.ID, "gallery-back").is_displayed())
        finally:
            e.close()

    def test_a_picked_photo_becomes_a_project_under_a_fresh_name(self):
        g = self.gallery
        g.grid(3)
        # The editor has been used here, in a room of 32×24 CSS pixels at a devicePixelRatio of 1.5.
        os.makedirs(os.path.join(g.dir, ".state", "tagproj"), exist_ok=True)
        with open(os.path.join(g.dir, ".state", "tagproj", "editor-room"), "w") as room:
            room.write("32,24,1.5\n")
        shutil.copyfile(JPEG, os.path.join(g.outside, "c.jpg"))
        g.pick(os.path.join(g.outside, "c.jpg"))
        g.wait(lambda d: "created c-2.tagproj: jpeg 64×48" in g.status(), "the upload never said it made c-2.tagproj")
        cards = g.cards(4)
        self.assertIn("c-2.tagproj", cards)
        info = json.loads(check("info", "c-2.tagproj", "--json", cwd=g.dir))
        self.assertEqual((info["width"], info["height"], info["tags"]), (64, 48, 0))
        # Its first view for that room (fitted in 32×24, at 1.5 pixels each: 48×36) is kept, as `new` keeps it.
        self.assertEqual([(v["width"], v["height"]) for v in info["kept_views"]], [(48, 36)])
        self.assertEqual(json.loads(check("info", "c.tagproj", "--json", cwd=g.dir))["tags"], 0, "c.tagproj is untouched")
        with open(JPEG, "rb") as f, open(os.path.join(g.dir, "c-2.tagproj"), "rb") as p:
            self.assertIn(f.read(), p.read(), "the photo's bytes are stored unchanged")
        self.assertEqual([n for n in os.listdir(g.dir) if n.startswith(".tagproj-upload")], [], "no temporary file is left")

    def test_a_photo_that_is_not_one_or_is_damaged_is_refused_with_news_error(self):
        g = self.gallery
        g.grid(3)
        notes = os.path.join(g.outside, "notes.txt")
        with open(notes, "w") as f:
            f.write("not a photo\n")
        damaged = os.path.join(g.outside, "broken.jpg")
        with open(JPEG, "rb") as f:
            data = f.read()
        with open(damaged, "wb") as f:
            f.write(data[: len(data) // 2])
        for path in (notes, damaged):
            status, _, err = cli("new", "x.tagproj", os.path.basename(path), cwd=g.outside)
            self.assertNotEqual(status, 0)
            said = err.splitlines()[0]
            self.assertTrue(said.startswith("error: '%s'" % os.path.basename(path)), said)
            g.pick(path)
            g.wait(lambda d: g.status().startswith(said), "the page did not say %r: %r" % (said, g.status()))
        self.assertEqual(g.listing(), ["a.tagproj", "b.tagproj", "c.tagproj"], "nothing was made")
        self.assertEqual(sorted(n for n in os.listdir(g.dir) if n.startswith(".") and n != ".state"), [".hidden.tagproj"], "no temporary file is left")  # .state: the test's own state folder

    def test_export_all_writes_every_picture_into_exported_as_the_editor_does(self):
        g = self.gallery
        g.grid(3)
        os.mkdir(os.path.join(g.dir, "exported"))
        with open(os.path.join(g.dir, "exported", "a-tagged-1080.png"), "w") as f:
            f.write("the user's own file")
        g.driver.find_element(By.CSS_SELECTOR, "[data-action=export-all]").click()
        dialog = g.wait(lambda d: d.find_element(By.CSS_SELECTOR, "#export-all-dialog[open]"), "no export dialog")
        Select(dialog.find_element(By.CSS_SELECTOR, "select[name=format]")).select_by_value("png")
        long_side = dialog.find_element(By.CSS_SELECTOR, "input[name=long-side]")
        Select(dialog.find_element(By.CSS_SELECTOR, "select[name=size]")).select_by_value("custom")
        self.assertTrue(long_side.is_displayed(), "a custom size asks for its long side")
        Select(dialog.find_element(By.CSS_SELECTOR, "select[name=size]")).select_by_value("1080")
        self.assertFalse(long_side.is_displayed(), "only a custom size asks for a long side")
        dialog.find_element(By.CSS_SELECTOR, "[data-action=save-all]").click()
        g.wait(lambda d: g.status() == "exported 3 of 3 projects", "Export all never finished")
        report = g.driver.find_element(By.ID, "report").text
        with open(os.path.join(g.dir, "exported", "a-tagged-1080.png")) as f:
            self.assertEqual(f.read(), "the user's own file", "never over a file there")
        for name, written in (("a", "a-tagged-1080-2.png"), ("b", "b-tagged-1080.png"), ("c", "c-tagged-1080.png")):
            self.assertIn(name + ".tagproj: wrote ", report)
            self.assertIn("exported/" + written, report)
            # The same bytes the CLI writes with the same options.
            check("export", name + ".tagproj", "cli-" + name + ".png", "--max-size", "1080", cwd=g.dir)
            with open(os.path.join(g.dir, "exported", written), "rb") as ours, open(os.path.join(g.dir, "cli-" + name + ".png"), "rb") as theirs:
                self.assertEqual(ours.read(), theirs.read(), written)


class GalleryAccessibilityTests(unittest.TestCase):
    """axe-core finds no WCAG 2 A/AA violation on the gallery, at a desktop's size and a phone's."""

    def test_the_gallery_at_a_desktops_size_and_on_a_phone(self):
        g = Gallery()
        try:
            g.grid(3)
            self.assertEqual(violations(g), [], "the gallery at a desktop's size")
            g.driver.quit()
            g.driver = harness.chromium(True)
            g.grid(3)
            self.assertEqual(violations(g), [], "the gallery on a phone")
        finally:
            g.close()


class ChineseGalleryTests(unittest.TestCase):
    """The gallery in Simplified Chinese, as a browser set to Chinese opens it (issue 43): its
    toolbar, cards and dialog in Chinese, a refusal the server words in Chinese, and no WCAG
    violation. One Chromium for the class."""

    @classmethod
    def setUpClass(cls):
        cls.locale = harness.chinese_catalog(tempfile.mkdtemp(prefix="tagproj-locale-"))
        cls.g = Gallery("--max-upload", "1000", lang="zh-CN", environment={"TAGPROJ_LOCALEDIR": cls.locale})

    @classmethod
    def tearDownClass(cls):
        cls.g.close()
        shutil.rmtree(cls.locale, ignore_errors=True)

    def test_1_the_gallery_is_in_chinese(self):
        g = self.g
        cards = g.grid(3)
        d = g.driver
        self.assertEqual(d.find_element(By.TAG_NAME, "html").get_attribute("lang"), "zh-CN")
        self.assertEqual([cards[n].find_element(By.CSS_SELECTOR, ".count").text for n in cards], ["1 个标签", "2 个标签", "0 个标签"])
        self.assertIn("添加照片", d.find_element(By.ID, "add-photo").text)
        self.assertEqual(d.find_element(By.CSS_SELECTOR, "[data-action=export-all]").text, "⤓ 全部导出")
        self.assertTrue(d.title.endswith(" — tagproj 图库"), d.title)
        # Every text but the projects' names and what the library words (the overlap warnings).
        # The folder's name (the page's heading) is a name, as the projects' are.
        folder = re.findall(r"[A-Za-z0-9]+", os.path.basename(g.dir))
        # So are the dishes a card names (a's "Flat white"), the folder Export all writes into, and
        # the config key the quality's tooltip names (`tagproj config export.quality`).
        folder += ["Flat", "white", "exported", "config", "export", "quality"]
        self.assertEqual(harness.english_words(harness.page_texts(d), folder), [], "English left on the gallery")
        d.find_element(By.CSS_SELECTOR, "[data-action=export-all]").click()
        dialog = g.wait(lambda d: d.find_element(By.CSS_SELECTOR, "#export-all-dialog[open]"), "no Export all dialog")
        self.assertIn("导出所有项目", dialog.text)
        self.assertIn("全部保存", dialog.text)
        self.assertIn("文件夹", dialog.text)
        # The folder it writes into is a name, as the projects' are.
        g.wait(lambda d: "将保存到 " in dialog.text, "the dialog does not say where it writes")
        folder += re.findall(r"[A-Za-z][A-Za-z0-9]+", os.path.realpath(g.dir)) + ["exported"]
        self.assertEqual([o.text for o in Select(dialog.find_element(By.CSS_SELECTOR, "select[name=format]")).options],
                         ["JPEG", "PNG", "WebP", "AVIF"])
        self.assertEqual(harness.english_words([dialog.text], folder), [], "English left in the dialog")
        dialog.find_element(By.CSS_SELECTOR, "[data-action=close]").click()

    def test_2_a_refused_upload_is_worded_in_chinese(self):
        g = self.g
        g.grid(3)
        g.pick(JPEG)  # 2.2 KB, over the 1000 bytes
        g.wait(lambda d: g.status().startswith("错误："), "the page did not refuse the upload")
        self.assertEqual(g.status(), "错误：照片超过了 1000 字节 的上传上限（可用 tagproj open --max-upload 提高上限）")
        self.assertEqual(g.listing(), ["a.tagproj", "b.tagproj", "c.tagproj"])

    def test_3_axe_finds_no_violation_in_chinese(self):
        g = self.g
        g.grid(3)
        self.assertEqual(violations(g), [], "the Chinese gallery")


class UploadLimitTests(unittest.TestCase):
    def test_an_upload_over_max_upload_is_refused_on_the_page_and_before_it_is_read(self):
        g = Gallery("--max-upload", "1000")
        try:
            g.grid(3)
            g.pick(JPEG)  # 1.2 KB
            g.wait(lambda d: "error: the photo is larger than the upload limit of 1000 bytes (tagproj open --max-upload raises it)"
                   in g.status(), "the page did not refuse the upload: " + g.status())
            ours = {"X-Tagproj-Token": g.token, "Origin": g.origin}
            self.assertEqual(g.upload(b"x" * (1 << 20), dict(ours, **{"Content-Length": 1 << 20})), 413)
            self.assertEqual(g.upload([b"x" * 8192] * 16, dict(ours, **{"Transfer-Encoding": "chunked"})), 413)
            self.assertEqual(g.listing(), ["a.tagproj", "b.tagproj", "c.tagproj"])
            self.assertEqual(sorted(n for n in os.listdir(g.dir) if n.startswith(".") and n != ".state"), [".hidden.tagproj"])
        finally:
            g.close()

    def test_max_upload_takes_bytes_or_megabytes_and_refuses_anything_else(self):
        for bad in ("0", "-5", "ten", "5GB", ""):
            status, _, err = cli("open", ".", "--no-browser", "--max-upload", bad, cwd=REPO)
            self.assertEqual(status, 64, bad)
            self.assertIn("error: --max-upload: ", err)


class GallerySecurityTests(unittest.TestCase):
    """Every new route as another user of the machine, or another web page in the browser, would try it."""

    @classmethod
    def setUpClass(cls):
        harness.enough_descriptors()  # more connections than the server takes (TricklingBodies)
        cls.gallery = Gallery()

    @classmethod
    def tearDownClass(cls):
        cls.gallery.close()

    def head(self, path, length, **headers):
        g = self.gallery
        fields = dict({"Host": "127.0.0.1:%d" % g.port, "Origin": g.origin, "Content-Length": str(length)}, **headers)
        return "POST %s HTTP/1.1\r\n%s\r\n" % (path, "".join("%s: %s\r\n" % item for item in fields.items()))

    def test_bodies_that_trickle_do_not_lock_out_the_user(self):
        g = self.gallery
        # 520 connections, over the server's 512, each a request without the token whose body
        # comes a byte every 8 s, opened again whenever the server closes it.
        attack = harness.TricklingBodies(g.port, self.head("/api/export-all", 1000, **{"Content-Type": "application/json"}),
                                         520, every=8)
        try:
            ours = {"X-Tagproj-Token": g.token, "Origin": g.origin, "Content-Type": "application/json"}
            end = time.monotonic() + 20
            while time.monotonic() < end:
                for method, path, body in (("GET", "/api/gallery", None), ("GET", "/p/a.tagproj/api/state", None),
                                           ("POST", "/p/a.tagproj/api/edit", json.dumps({"op": "flip", "id": 1}))):
                    try:
                        status, answer = g.request(method, path, body, ours, timeout=3)
                    except (TimeoutError, ConnectionError) as error:
                        self.fail("%s %s got no answer within 3 s (a bound on a loaded machine, not a measure) while 520 connections trickled their bodies (%r)"
                                  % (method, path, error))
                    self.assertEqual(status, 200, answer)
                time.sleep(1.5)
        finally:
            attack.close()
        # Every connection of the attack was answered, before it sent a byte of its body: 401.
        self.assertGreaterEqual(len(attack.first_answers), 520)
        self.assertEqual(set(attack.answers), {401})

    def test_the_users_own_upload_whose_body_trickles_is_cut_at_its_deadline(self):
        g = self.gallery
        with open(JPEG, "rb") as f:
            photo = f.read()
        head = self.head("/api/upload", len(photo), **{"X-Tagproj-Token": g.token, "X-Tagproj-File-Name": "slow.jpg"})
        sent, status = harness.trickle_until_cut(g.port, head, photo, every=1.0, within=20)
        self.assertIsNotNone(sent, "an upload trickling one byte a second was still read after 20 s")
        self.assertLess(sent, len(photo), "cut before the photo was whole")
        self.assertIsNone(status, "hung up on, not answered")
        self.assertEqual(g.listing(), ["a.tagproj", "b.tagproj", "c.tagproj"])
        self.assertEqual(sorted(n for n in os.listdir(g.dir) if n.startswith(".") and n != ".state"), [".hidden.tagproj"],
                         "the upload's file was removed")

    def test_the_gallery_and_its_thumbnails_need_the_token(self):
        g = self.gallery
        for path in ("/api/gallery", "/api/thumbnail?name=a.tagproj", "/p/a.tagproj/api/state"):
            self.assertEqual(g.request("GET", path)[0], 401, path)
            self.assertEqual(g.request("GET", path, headers={"X-Tagproj-Token": "f" * 32})[0], 401, path)
            self.assertEqual(g.request("GET", path, headers={"X-Tagproj-Token": g.token})[0], 200, path)

    def test_a_foreign_host_is_refused_on_every_route(self):
        g = self.gallery
        for path in ("/", "/api/gallery", "/p/a.tagproj/", "/p/a.tagproj/api/state"):
            self.assertEqual(g.request("GET", path, headers={"Host": "evil.example:%d" % g.port, "X-Tagproj-Token": g.token})[0], 421)
        self.assertEqual(g.upload(b"x", {"Host": "evil.example", "X-Tagproj-Token": g.token, "Origin": g.origin, "Content-Length": 1}), 421)

    def test_cross_origin_or_unauthorized_uploads_and_exports_are_refused_before_anything_is_written(self):
        g = self.gallery
        with open(JPEG, "rb") as f:
            photo = f.read()
        length = {"Content-Length": len(photo)}
        self.assertEqual(g.upload(photo, dict(length, **{"X-Tagproj-Token": g.token, "Origin": "http://evil.example"})), 403)
        self.assertEqual(g.upload(photo, dict(length, **{"X-Tagproj-Token": g.token})), 403, "no Origin at all")
        self.assertEqual(g.upload(photo, dict(length, **{"X-Tagproj-Token": "0" * 32, "Origin": g.origin})), 401)
        self.assertEqual(g.upload(photo, dict(length, Origin=g.origin)), 401)
        self.assertEqual(g.request("GET", "/api/upload", headers={"X-Tagproj-Token": g.token})[0], 405)
        body = json.dumps({"format": "png"})
        self.assertEqual(g.request("POST", "/api/export-all", body, {"X-Tagproj-Token": g.token, "Origin": "http://evil.example"})[0], 403)
        self.assertEqual(g.request("POST", "/p/a.tagproj/api/edit", json.dumps({"op": "delete", "id": 1}),
                                   {"X-Tagproj-Token": g.token, "Origin": "http://evil.example"})[0], 403)
        self.assertEqual(g.listing(), ["a.tagproj", "b.tagproj", "c.tagproj"])
        self.assertEqual([n for n in os.listdir(g.dir) if n.endswith(".png")], [])
        self.assertEqual(json.loads(check("info", "a.tagproj", "--json", cwd=g.dir))["tags"], 1)

    def test_export_all_past_the_pixel_limit_is_refused_for_each_project_and_the_gallery_stays(self):
        """Issue 40, item 7: a scale of 1e300 trapped converting the output's size, ending the server."""
        g = self.gallery
        ours = {"X-Tagproj-Token": g.token, "Origin": g.origin, "Content-Type": "application/json"}
        before = sorted(os.listdir(g.dir))
        status, body = g.request("POST", "/api/export-all", '{"format":"png","scale":1e300}', ours)
        self.assertEqual(status, 200, body)
        self.assertEqual([(p["name"], p["error"]["meaning"]) for p in json.loads(body)["exported"]],
                         [(name, "invalid_request") for name in ("a.tagproj", "b.tagproj", "c.tagproj")])
        self.assertEqual(sorted(os.listdir(g.dir)), before, "nothing was written")
        self.assertEqual(g.listing(), ["a.tagproj", "b.tagproj", "c.tagproj"], "the gallery is still there")

    def test_an_uploaded_photos_name_loses_its_bidi_controls_and_invisible_characters(self):
        """Issue 40, item 10e: U+202E would show 'gpj.exe' as 'exe.jpg'; U+200B and U+2066 are unseen."""
        g = self.gallery
        with open(JPEG, "rb") as f:
            photo = f.read()
        name = urllib.parse.quote("\u202egpj.exe\u200b\u2066.jpg", safe="")
        status, body = g.request("POST", "/api/upload", photo, {"X-Tagproj-Token": g.token, "Origin": g.origin, "X-Tagproj-File-Name": name})
        self.assertEqual(status, 200, body)
        created = json.loads(body)["created"]
        try:
            self.assertEqual(created, "gpj.exe.tagproj")
            self.assertEqual(json.loads(check("info", created, "--json", cwd=g.dir))["source_file"], "gpj.exe.jpg")
        finally:
            os.remove(os.path.join(g.dir, created))

    def test_only_projects_directly_inside_the_folder_are_served(self):
        g = self.gallery
        auth = {"X-Tagproj-Token": g.token}
        for name in ("link.tagproj", ".hidden.tagproj", "..%2Fsecret.tagproj", "..", "%2E%2E", "photo.jpg", "missing.tagproj",
                     "%2Fetc%2Fpasswd"):
            for path in ("/p/%s/api/state" % name, "/api/thumbnail?name=%s" % name):
                self.assertEqual(g.request("GET", path, headers=auth)[0], 404, path)
        self.assertEqual(g.request("GET", "/p/../" + os.path.basename(g.outside) + "/secret.tagproj/api/state", headers=auth)[0], 404)
        self.assertEqual(g.request("GET", "/p/a.tagproj", headers=auth)[0], 404, "a project's page is /p/NAME/")
        self.assertEqual(g.request("GET", "/p/a.tagproj/", headers=auth)[0], 200)


class OpenPhotoTests(unittest.TestCase):
    def test_open_photo_makes_its_project_beside_it_then_opens_that_one(self):
        folder = tempfile.mkdtemp(prefix="tagproj-photo-")
        try:
            shutil.copyfile(JPEG, os.path.join(folder, "dish.jpg"))
            for expected in ("note: created ./dish.tagproj from ./dish.jpg", "note: opening the existing ./dish.tagproj"):
                server = subprocess.Popen([TAGPROJ, "open", "./dish.jpg", "--no-browser"], cwd=folder,
                                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
                url = server.stdout.readline().strip()
                self.assertTrue(url.startswith("http://127.0.0.1:"), url)
                if expected.endswith("from ./dish.jpg"):
                    check("add", "dish.tagproj", "dish", "Soup", cwd=folder)
                server.send_signal(signal.SIGINT)
                _, err = server.communicate(timeout=10)
                self.assertEqual(err.splitlines()[0], expected)
            self.assertEqual(json.loads(check("info", "dish.tagproj", "--json", cwd=folder))["tags"], 1, "opened, not made again")
            # Something else at that name is never replaced.
            shutil.copyfile(JPEG, os.path.join(folder, "menu.jpg"))
            os.mkdir(os.path.join(folder, "menu.tagproj"))
            status, _, err = cli("open", "menu.jpg", "--no-browser", cwd=folder)
            self.assertEqual(status, 73)
            self.assertEqual(err.splitlines()[0], "error: 'menu.tagproj' is a folder")
        finally:
            shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    unittest.main(argv=[sys.argv[0], "-v", *sys.argv[1:]])
