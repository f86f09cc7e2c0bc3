#!/usr/bin/env python3
"""The editor (`tagproj open p.tagproj`) as people use it at a desktop's size: in a real Chromium
driven by Selenium, the project checked through the `tagproj` CLI. One Chromium for the class,
each test on a project and server of its own (Tests/Editor/harness.py).

Run: python3 Tests/Editor/test_editing.py [unittest arguments]   (scripts/test.sh runs it)
TAGPROJ_BINARY=path/to/tagproj tests another build (default: .build/debug/tagproj).
TAGPROJ_EDITOR_SCREENSHOT=docs/editor.jpg also saves a screenshot of the editor there (README's):
  python3 Tests/Editor/test_editing.py EditorTests.test_the_page_shows_the_photo_and_every_tag_drawn_by_the_renderer
"""
import json
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness  # noqa: E402  (the fixtures: Tests/Editor/harness.py)
from harness import Editor, PHOTO, SharedBrowser, cli, history, tags  # noqa: E402

from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402


class EditorTests(SharedBrowser, unittest.TestCase):
    """The editor at a desktop's size, each test on a project and server of its own, all on the
    class's one Chromium."""

    def setUp(self):
        self.editor = Editor(driver=self.driver)

    def tearDown(self):
        self.editor.close()

    def test_the_page_shows_the_photo_and_every_tag_drawn_by_the_renderer(self):
        e = self.editor
        e.load()
        photo = e.driver.find_element(By.ID, "photo")
        self.assertTrue(e.driver.execute_script("return arguments[0].complete && arguments[0].naturalWidth > 0", photo))
        self.assertEqual(e.tag(1).get_attribute("data-side"), "right")
        self.assertEqual(e.tag(2).get_attribute("data-side"), "left")
        # The tag images come from the server's renderer as PNGs, not from CSS.
        self.assertTrue(e.tag(1).get_attribute("src").startswith("blob:"))
        self.assertNotIn("#token", e.driver.current_url, "the token stays in the address bar")
        # The new tag's fields' placeholders are whole (issue 44, item 10: 282 px of text in 194).
        self.assertEqual(harness.placeholders_cut(e.driver), [], "a placeholder is cut")
        shot = os.environ.get("TAGPROJ_EDITOR_SCREENSHOT")
        if shot:
            # Chromium's PNG, turned into a small JPEG by tagproj itself (a project without tags).
            png = os.path.join(e.dir, "editor.png")
            e.driver.save_screenshot(png)
            for args in (("new", "shot.tagproj", png), ("export", "shot.tagproj", os.path.abspath(shot), "--quality", "85")):
                status, _, err = cli(*args, cwd=e.dir)
                self.assertEqual(status, 0, err)

    def test_the_tags_come_in_one_request_each_part_as_the_single_tag_answer_draws_it(self):
        e = self.editor
        e.load()
        asked = e.driver.execute_script(
            "return performance.getEntriesByType('resource').map((r) => new URL(r.name).pathname)")
        self.assertEqual(asked.count("/api/tags"), 1, asked)
        self.assertNotIn("/api/tag", asked, "the first drawing asks for no tag alone")

        get = e.get
        answer, body = get("/api/tags?w=600&h=400&ids=1:right,2:left,1:left")
        self.assertEqual(answer.status, 200)
        at = 0
        for part in answer.getheader("X-Tag-Parts").split(";"):
            tag_id, side, x, y, w, h, length = part.split(",")
            single, png = get("/api/tag?id=%s&w=600&h=400&side=%s" % (tag_id, side))
            self.assertEqual(body[at:at + int(length)], png, "tag #%s %s" % (tag_id, side))
            self.assertEqual(single.getheader("X-Tag-Origin"), ",".join((x, y, w, h)))
            at += int(length)
        self.assertEqual(at, len(body), "nothing after the last part")
        self.assertEqual(get("/api/tags?w=600&h=400&ids=1:up")[0].status, 400)
        self.assertEqual(get("/api/tags?w=600&h=400&ids=" + ",".join(["1:left"] * 65))[0].status, 400)
        self.assertEqual(get("/api/tags?w=600&h=400&ids=9:left")[0].status, 404)
        self.assertEqual(get("/api/tags?w=600&h=400&ids=1:left", token=None)[0].status, 401)

    def test_a_second_open_sends_the_view_the_first_drew_and_a_damaged_one_is_drawn_again(self):
        e = self.editor
        entries = history(e.dir)
        e.load()
        path = "/" + e.driver.execute_script("return document.getElementById('photo').dataset.src")
        w, h = (int(v.split("=")[1]) for v in path.split("?")[1].split("&")[:2])
        auth = {"X-Tagproj-Token": e.token}
        version = e.request("GET", "/api/version", headers=auth)[1]
        state = e.request("GET", "/api/state", headers=auth)[1]

        def kept():
            with sqlite3.connect(os.path.join(e.dir, "p.tagproj")) as db:
                return db.execute("SELECT bytes FROM views WHERE width = ? AND height = ?", (w, h)).fetchall()
        deadline = time.monotonic() + 20
        while not kept() and time.monotonic() < deadline:
            time.sleep(0.1)
        rows = kept()
        self.assertEqual(len(rows), 1, "the view the page showed is kept in the project")
        self.assertEqual(history(e.dir), entries, "keeping a view is not an edit")
        # Nor does it tell the page, polling, that the project changed: the same version and state.
        self.assertEqual(e.request("GET", "/api/version", headers=auth)[1], version)
        self.assertEqual(e.request("GET", "/api/state", headers=auth)[1], state)
        status, out, err = cli("info", "p.tagproj", "--json", cwd=e.dir)
        self.assertEqual(json.loads(out)["kept_views"], [{"width": w, "height": h, "bytes": len(rows[0][0])}], err)
        self.assertIn("editor views: %d×%d (%d bytes, kept for the next open)" % (w, h, len(rows[0][0])),
                      cli("info", "p.tagproj", cwd=e.dir)[1])
        answer, body = e.get(path)
        self.assertEqual((answer.status, answer.getheader("X-Tagproj-View")), (200, "kept"))
        # Kept sealed (a comment segment after SOI: `tagproj seal ` and an HMAC), sent without it.
        sealed = rows[0][0]
        self.assertEqual((sealed[2:4], sealed[6:19]), (b"\xff\xfe", b"tagproj seal "))
        self.assertEqual(body, sealed[:2] + sealed[83:])
        # The page opened again shows it; drawn afresh it is the same bytes.
        e.load()
        answer, fresh = e.get(path + "&fresh=1")
        self.assertEqual((answer.getheader("X-Tagproj-View"), fresh), ("drawn", body))
        # A kept view is hostile input: cut short, or whole but not sealed by this user's
        # tagproj (planted by whoever sent the project), it is drawn again, never sent.
        for planted in ("substr(bytes, 1, length(bytes) / 2)", "?"):
            with sqlite3.connect(os.path.join(e.dir, "p.tagproj")) as db:
                db.execute("UPDATE views SET bytes = " + planted, () if planted != "?" else (body,))
            answer, again = e.get(path)
            self.assertEqual((answer.getheader("X-Tagproj-View"), again), ("drawn", body), planted)
        # The room was remembered: a project made now has its first view drawn by `new`, at the
        # very size the page asks for (the same photo, so the same picture size).
        status, out, err = cli("new", "q.tagproj", PHOTO, "--json", cwd=e.dir)
        self.assertEqual(status, 0, err)
        self.assertEqual([(v["width"], v["height"]) for v in json.loads(out)["kept_views"]], [(w, h)])
        # A zoomed region is never kept.
        answer, _ = e.get(path.replace("api/photo?w=%d&h=%d" % (w, h), "api/photo?w=60&h=40&x=0.5&y=0.5&rw=0.1&rh=0.1"))
        self.assertEqual((answer.status, answer.getheader("X-Tagproj-View")), (200, None))

    def test_the_page_tells_its_room_once_laid_out_and_its_first_view_is_drawn_before_it_asks(self):
        e = self.editor
        e.load()  # a state folder of its own: no room remembered, nothing drawn as the editor started
        told = e.driver.execute_async_script(
            "const done = arguments[arguments.length - 1]; Promise.resolve(tagprojServer.roomAnswer).then(done, () => done(null));")
        asked = e.driver.execute_script("const p = document.getElementById('photo'); return [p.naturalWidth, p.naturalHeight]")
        self.assertEqual(told, {"w": asked[0], "h": asked[1], "view": "drawing"}, "the view told is the one the page asked for")
        room = e.driver.execute_script("return tagprojRoomText()")
        self.assertIn("room=" + room, e.driver.execute_script("return document.getElementById('photo').dataset.src"))
        # As another program would: told a room, the editor draws its view, and the photo request
        # of that size gets it.
        ours = {"X-Tagproj-Token": e.token, "Origin": e.origin, "Content-Type": "application/json"}
        status, body = e.request("POST", "/api/room", json.dumps({"room": "100,80,1"}), ours)
        self.assertEqual((status, json.loads(body)), (200, {"w": 100, "h": 67, "view": "drawing"}))
        answer, view = e.get("/api/photo?w=100&h=67")
        self.assertEqual((answer.status, answer.getheader("X-Tagproj-View")), (200, "drawn early"))
        answer, fresh = e.get("/api/photo?w=100&h=67&fresh=1")
        self.assertEqual((answer.getheader("X-Tagproj-View"), fresh), ("drawn", view), "the view drawn early is the one drawn now")
        # Once kept, nothing is drawn for it.
        e.wait(lambda d: json.loads(e.request("POST", "/api/room", json.dumps({"room": "100,80,1"}), ours)[1])["view"] == "kept",
               "the view was never kept")
        # Refused: another origin, no token, a GET, a room that is none.
        self.assertEqual(e.request("POST", "/api/room", json.dumps({"room": "100,80,1"}), dict(ours, Origin="http://evil.example"))[0], 403)
        self.assertEqual(e.request("POST", "/api/room", json.dumps({"room": "100,80,1"}), {k: v for k, v in ours.items() if k != "X-Tagproj-Token"})[0], 401)
        self.assertEqual(e.request("GET", "/api/room", headers=ours)[0], 405)
        for bad in ({"room": "100,80"}, {"room": "0,80,1"}, {"room": 5}, {}, []):
            self.assertEqual(e.request("POST", "/api/room", json.dumps(bad), ours)[0], 400, bad)

    def test_dragging_a_tag_past_the_edge_keeps_it_inside_and_is_one_move(self):
        e = self.editor
        e.load()
        photo = e.driver.find_element(By.ID, "photo").rect
        # Far past the photo's right and top edges (the pointer must stay inside the window).
        start = e.tag(1).rect
        right = e.driver.execute_script("return window.innerWidth") - 10 - (start["x"] + start["width"] / 2)
        up = 20 - (start["y"] + start["height"] / 2)
        ActionChains(e.driver).click_and_hold(e.tag(1)).move_by_offset(40, -5).move_by_offset(int(right) - 40, int(up) + 5).release().perform()
        e.settled(3)
        moved = tags(e.dir)[1]
        self.assertEqual(history(e.dir)["entries"][-1]["label"].split(" ")[0], "move")
        self.assertGreater(moved["x"], 0.3)
        self.assertLess(moved["y"], 0.35)
        self.assertTrue(0 <= moved["x"] <= 1 and 0 <= moved["y"] <= 1)
        box = e.drawn(1)
        self.assertGreaterEqual(box["x"], photo["x"] - 1)
        self.assertGreaterEqual(box["y"], photo["y"] - 1)
        self.assertLessEqual(box["x"] + box["width"], photo["x"] + photo["width"] + 1)
        self.assertLessEqual(box["y"] + box["height"], photo["y"] + photo["height"] + 1)
        # The shell undoes the drag.
        self.assertEqual(cli("undo", "p.tagproj", cwd=e.dir)[0], 0)
        self.assertEqual(tags(e.dir)[1]["x"], 0.3)

    def test_a_finger_drags_a_tag_too(self):
        e = self.editor
        e.load()
        e.driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 1})
        box = e.tag(2).rect
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        touch = lambda kind, px, py: e.driver.execute_cdp_cmd("Input.dispatchTouchEvent", {
            "type": kind, "touchPoints": [] if kind == "touchEnd" else [{"x": px, "y": py}]})
        touch("touchStart", x, y)
        for step in range(1, 11):
            touch("touchMove", x - 8 * step, y + 3 * step)
        touch("touchEnd", 0, 0)
        e.settled(3)
        self.assertEqual(history(e.dir)["entries"][-1]["label"].split(" ")[0], "move")
        self.assertLess(tags(e.dir)[2]["x"], 0.75)
        self.assertGreater(tags(e.dir)[2]["y"], 0.6)

    def test_a_drag_toward_the_edge_swaps_sides_where_move_would_and_lands_where_move_does(self):
        e = self.editor
        e.load()
        shutil.copyfile(os.path.join(e.dir, "p.tagproj"), os.path.join(e.dir, "cli.tagproj"))
        width = e.driver.execute_script("return document.getElementById('photo').getBoundingClientRect().width")
        dx = int(round((0.97 - 0.3) * width))
        chain = ActionChains(e.driver).click_and_hold(e.tag(1)).move_by_offset(10, 0).move_by_offset(dx - 10, 0)
        chain.perform()
        # Live, before the drop: the bubble has swapped to the left, the dot follows the pointer.
        e.wait(lambda d: e.tag(1).get_attribute("data-side") == "left", "the bubble did not swap sides during the drag")
        ActionChains(e.driver).release().perform()
        e.settled(3)
        page = tags(e.dir)[1]
        wanted = "%.6f,%.6f" % (0.3 + dx / width, 0.35)
        status, _, err = cli("move", "cli.tagproj", "1", "--to", wanted, cwd=e.dir)
        self.assertEqual(status, 0, err)
        status, out, _ = cli("list", "cli.tagproj", "--json", cwd=e.dir)
        shell = json.loads(out)["tags"][0]
        self.assertEqual((page["side"], round(page["x"], 6), round(page["y"], 6)), (shell["side"], round(shell["x"], 6), round(shell["y"], 6)))
        self.assertEqual(page["side"], "left")
        self.assertAlmostEqual(page["x"], 0.97, delta=0.01, msg="the dot went where the pointer went")

    def test_the_tab_is_titled_with_the_project_and_a_stopped_server_is_said(self):
        e = self.editor
        e.load()
        e.wait(lambda d: d.title == "p — tagproj", "the tab is not titled with the project's name")
        e.server.send_signal(signal.SIGINT)
        self.assertEqual(e.server.wait(timeout=10), 0)
        e.press(1, Keys.ENTER)
        e.wait(lambda d: "tagproj open has stopped" in e.status() and "tagproj open p.tagproj" in e.status(),
               "the page did not say the server stopped and how to start it")
        self.assertNotIn("Failed to fetch", e.status())

    def test_a_refused_flip_is_said_on_the_picture_and_offers_the_fix(self):
        e = self.editor
        self.assertEqual(cli("move", "p.tagproj", "1", "--to", "0.97,0.35", cwd=e.dir)[0], 0)
        e.load()
        e.wait(lambda d: e.tag(1).get_attribute("data-side") == "left", "the shell's move did not show")
        e.press(1, Keys.ENTER)
        e.wait(lambda d: "The bubble of “Flat white” does not fit on the right of its dot" in e.status(), "the refusal was not said")
        self.assertNotIn("0.97", e.status(), "the page does not speak the CLI's coordinates")
        fix = e.wait(lambda d: d.find_element(By.CSS_SELECTOR, '#status [data-action="fix"]'), "no fix offered")
        self.assertEqual(fix.text, "Move the dot in and flip")
        fix.click()
        e.settled(4)
        moved = tags(e.dir)[1]
        self.assertEqual(moved["side"], "right")
        self.assertLess(moved["x"], 0.97)
        self.assertTrue(history(e.dir)["entries"][-1]["label"].startswith("move #1 in to "))

    def test_overlapping_tags_are_outlined_and_arrange_resolves_them(self):
        e = self.editor
        self.assertEqual(cli("add", "p.tagproj", "dish", "Soup", "--at", "0.32,0.36", cwd=e.dir)[0], 0)
        e.load_tags(3)
        e.wait(lambda d: e.tag(1).get_attribute("data-overlaps") == "true" and e.tag(3).get_attribute("data-overlaps") == "true",
               "the overlapping tags are not outlined")
        self.assertEqual(e.tag(2).get_attribute("data-overlaps"), "false")
        e.button("arrange").click()
        e.settled(4)
        self.assertTrue(history(e.dir)["entries"][-1]["label"].startswith("arrange"))
        e.wait(lambda d: all(e.tag(i).get_attribute("data-overlaps") == "false" for i in (1, 2, 3)), "arrange left an overlap outlined")

    def test_a_click_on_a_history_entry_restores_it(self):
        e = self.editor
        e.load()
        e.driver.find_element(By.CSS_SELECTOR, '#history [data-seq="1"]').click()
        e.settled(3)
        self.assertEqual(list(tags(e.dir)), [1], "tagproj list agrees with the entry clicked")
        self.assertEqual(history(e.dir)["entries"][-1]["label"], "restore #1")
        e.wait(lambda d: d.find_element(By.CSS_SELECTOR, '#history [data-seq="3"]').get_attribute("aria-current") == "true",
               "the new entry is not marked current")
        e.wait(lambda d: not d.find_elements(By.CSS_SELECTOR, '[data-tag-id="2"]'), "the page still shows tag 2")

    def test_download_gives_the_bytes_export_writes_and_save_writes_each_format(self):
        e = self.editor
        e.load()
        e.export_with(format="png", size="1080", action="download")
        path = os.path.join(e.downloads, "p-tagged-1080.png")  # named for its size, as Save names it
        e.wait(lambda d: os.path.exists(path) and not any(n.endswith(".crdownload") for n in os.listdir(e.downloads)),
               "the download never arrived", timeout=30)
        status, _, err = cli("export", "p.tagproj", "cli.png", "--max-size", "1080", cwd=e.dir)
        self.assertEqual(status, 0, err)
        with open(path, "rb") as a, open(os.path.join(e.dir, "cli.png"), "rb") as b:
            self.assertEqual(a.read(), b.read(), "Download gives the bytes export writes with the same options")
        e.export_with(format="webp", size="1080")
        e.wait(lambda d: "wrote p-tagged-1080.webp" in e.status(), "Save did not write the WebP")
        with open(os.path.join(e.dir, "p-tagged-1080.webp"), "rb") as f:
            head = f.read(12)
        self.assertEqual((head[:4], head[8:12]), (b"RIFF", b"WEBP"))
        e.export_with(size="custom", long_side=150)
        e.wait(lambda d: "wrote p-tagged-150.jpg" in e.status(), "Save did not write the JPEG")
        status, out, err = cli("new", "check.tagproj", "p-tagged-150.jpg", "--json", cwd=e.dir)
        self.assertEqual(status, 0, err)
        picture = json.loads(out)
        self.assertEqual((picture["width"], picture["height"]), (150, 100), "the long side typed in")

    def test_zoom_to_one_to_one_shows_the_photos_own_pixels_of_the_region(self):
        self.editor.close()
        # The region fetched for the view: the page is told to hold nothing at 1:1.
        self.editor = e = Editor(big=True, environment={"TAGPROJ_EDITOR_HOLD_MP": "0"}, driver=self.driver)
        e.load()
        self.assertEqual(e.driver.execute_script("return document.getElementById('tiles').childElementCount"), 0)
        e.driver.find_element(By.TAG_NAME, "body").send_keys("1")
        detail = e.wait(lambda d: d.find_element(By.CSS_SELECTOR, "#detail:not([hidden])"), "no detail at 1:1")
        shown = e.driver.execute_script(
            "const i = arguments[0], r = i.getBoundingClientRect(); return [i.naturalWidth, i.naturalHeight, r.width, r.height, i.dataset.region]", detail)
        natural_w, natural_h, css_w, css_h, region = shown
        x, y, rw, rh = map(float, region.split(","))
        status, out, _ = cli("info", "p.tagproj", "--json", cwd=e.dir)
        info = json.loads(out)
        # At 1:1 each of the region's photo pixels is one screen pixel.
        self.assertAlmostEqual(natural_w, rw * info["width"], delta=1.5)
        self.assertAlmostEqual(natural_h, rh * info["height"], delta=1.5)
        self.assertAlmostEqual(css_w, natural_w, delta=1.5)
        # `0` fits the photo again.
        e.driver.find_element(By.TAG_NAME, "body").send_keys("0")
        e.wait(lambda d: d.find_element(By.ID, "detail").get_attribute("hidden") is not None, "0 did not fit the photo")

    def test_a_zoomed_detail_stays_shown_while_the_tags_are_redrawn_after_an_edit(self):
        self.editor.close()
        self.editor = e = Editor(big=True, environment={"TAGPROJ_EDITOR_HOLD_MP": "0"}, driver=self.driver)
        e.load()
        e.driver.find_element(By.TAG_NAME, "body").send_keys("1")
        e.wait(lambda d: d.find_element(By.CSS_SELECTOR, "#detail:not([hidden])"), "no detail at 1:1")
        # Every time the detail is hidden or replaced, counted while a shell edit is redrawn.
        e.driver.execute_script("""
            window.detailChanges = 0;
            const count = () => { window.detailChanges++; };
            new MutationObserver(count).observe(document.getElementById('detail'), { attributes: true, attributeFilter: ['hidden', 'src'] });
            new MutationObserver(count).observe(document.getElementById('canvas'), { childList: true });""")
        before = e.tag(1).rect
        self.assertEqual(cli("move", "p.tagproj", "1", "--to", "0.45,0.45", cwd=e.dir)[0], 0)
        e.wait(lambda d: e.tag(1).rect != before, "the shell's move never showed", timeout=5)
        self.assertEqual(e.driver.execute_script("return window.detailChanges"), 0, "the region was fetched and shown again")
        self.assertIsNone(e.driver.find_element(By.ID, "detail").get_attribute("hidden"))

    def test_hovering_a_history_entry_shows_the_picture_at_that_state(self):
        e = self.editor
        e.load()
        entry = e.driver.find_element(By.CSS_SELECTOR, '#history [data-seq="1"]')
        ActionChains(e.driver).move_to_element(entry).perform()
        preview = e.wait(lambda d: d.find_element(By.CSS_SELECTOR, '#state-preview:not([hidden])'), "no preview on hover")
        e.wait(lambda d: d.execute_script("return arguments[0].complete && arguments[0].naturalWidth > 0", preview), "the preview never loaded")
        self.assertEqual(preview.get_attribute("data-seq"), "1")
        # It is export --at's picture of that state: the same size as `export --at 1 --max-size 240`.
        status, out, err = cli("export", "p.tagproj", "at1.jpg", "--at", "1", "--max-size", "240", "--quality", "85", "--json", cwd=e.dir)
        self.assertEqual(status, 0, err)
        exported = json.loads(out)
        self.assertEqual(e.driver.execute_script("return [arguments[0].naturalWidth, arguments[0].naturalHeight]", preview),
                         [exported["width"], exported["height"]])
        self.assertEqual(len(history(e.dir)["entries"]), 2, "hovering changes nothing")

    def test_the_help_lists_every_gesture(self):
        e = self.editor
        e.load()
        e.driver.find_element(By.TAG_NAME, "body").send_keys("?")
        dialog = e.wait(lambda d: d.find_element(By.CSS_SELECTOR, "#help-dialog[open]"), "? did not open the help")
        for words in ("Double-click", "Drag a tag", "Wheel, pinch", "Ctrl+Z"):
            self.assertIn(words, dialog.text)

    def test_a_click_selects_and_a_click_on_the_selected_tag_flips_it(self):
        e = self.editor
        e.load()
        e.tag(1).click()
        e.wait(lambda d: e.tag(1).get_attribute("aria-pressed") == "true", "the click did not select the tag")
        z = lambda tag_id: int(e.driver.execute_script("return getComputedStyle(arguments[0]).zIndex", e.tag(tag_id)))
        self.assertGreater(z(1), z(2), "the selected tag is raised above the others")
        self.assertEqual(len(history(e.dir)["entries"]), 2, "selecting records nothing")
        e.click_again(e.tag(1))
        e.wait(lambda d: e.tag(1).get_attribute("data-side") == "left", "a click on the selected tag did not flip it")
        e.settled(3)
        self.assertEqual(tags(e.dir)[1]["side"], "left")
        self.assertEqual(tags(e.dir)[1]["x"], 0.3, "the dot stays where it is")
        # Escape deselects; so does a click on the photo.
        e.driver.find_element(By.TAG_NAME, "body").send_keys(Keys.ESCAPE)
        e.wait(lambda d: e.tag(1).get_attribute("aria-pressed") == "false", "Escape did not deselect")
        e.tag(2).click()
        e.wait(lambda d: e.tag(2).get_attribute("aria-pressed") == "true", "the click did not select tag 2")
        photo = e.driver.find_element(By.ID, "photo")
        ActionChains(e.driver).move_to_element_with_offset(photo, 0, photo.rect["height"] * 0.4).click().perform()
        e.wait(lambda d: e.tag(2).get_attribute("aria-pressed") == "false", "a click on the photo did not deselect")
        self.assertEqual(len(history(e.dir)["entries"]), 3)

    def test_selecting_then_deleting_records_only_the_delete(self):
        e = self.editor
        e.load()
        e.tag(2).click()
        e.wait(lambda d: e.tag(2).get_attribute("aria-pressed") == "true", "the click did not select the tag")
        e.driver.find_element(By.TAG_NAME, "body").send_keys(Keys.DELETE)
        e.settled(3)
        self.assertEqual([x["label"].split(" ")[0] for x in history(e.dir)["entries"]], ["add", "add", "delete"])

    def test_in_add_mode_a_click_on_a_tag_places_the_new_one(self):
        e = self.editor
        e.load()
        e.driver.find_element(By.ID, "tag-text").send_keys("Tea")
        e.button("add-dish").click()
        e.tag(1).click()
        e.settled(3)
        self.assertEqual([x["label"].split(" ")[0] for x in history(e.dir)["entries"]], ["add", "add", "add"])
        self.assertEqual(tags(e.dir)[1]["side"], "right", "the tag under the click was not flipped")
        self.assertEqual(tags(e.dir)[3]["text"], "Tea")

    def test_adding_a_dish_where_the_user_clicks(self):
        e = self.editor
        e.load()
        e.driver.find_element(By.ID, "tag-text").send_keys("拿铁 Latte")
        e.button("add-dish").click()
        photo = e.driver.find_element(By.ID, "photo")
        ActionChains(e.driver).move_to_element_with_offset(photo, -photo.rect["width"] * 0.3, photo.rect["height"] * 0.25).click().perform()
        e.settled(3)
        added = tags(e.dir)[3]
        self.assertEqual((added["kind"], added["text"]), ("dish", "拿铁 Latte"))
        self.assertAlmostEqual(added["x"], 0.2, delta=0.02)
        self.assertAlmostEqual(added["y"], 0.75, delta=0.02)
        e.wait(lambda d: len(d.find_elements(By.CSS_SELECTOR, "[data-tag-id]")) == 3, "the new tag is not on the page")
        # The page's add stores the new label's font subsets, as the CLI's does.
        db = sqlite3.connect(os.path.join(e.dir, "p.tagproj"))
        families = {f for (f,) in db.execute(
            "SELECT f.family FROM tag_fonts t JOIN font_subsets f ON f.id = t.subset_id WHERE t.tag_id = 3")}
        db.close()
        self.assertEqual(families, {"DejaVu Sans", "Noto Sans CJK JP"})

    def test_a_price_that_is_not_an_amount_shows_the_clis_error(self):
        e = self.editor
        e.load()
        e.driver.find_element(By.ID, "tag-text").send_keys("cheap")
        e.button("add-price").click()
        e.driver.find_element(By.ID, "tag-text").send_keys(Keys.ENTER)
        _, _, cli_error = cli("add", "p.tagproj", "price", "cheap", cwd=e.dir)
        message = cli_error.splitlines()[0].removeprefix("error: ")
        e.wait(lambda d: message in e.status(), "the page did not show: " + message)
        self.assertEqual(len(tags(e.dir)), 2)

    def test_double_click_edits_the_text(self):
        e = self.editor
        e.load()
        ActionChains(e.driver).double_click(e.tag(1)).perform()
        e.wait(lambda d: d.find_elements(By.CSS_SELECTOR, '.inline-edit[data-tag-id="1"]'), "no text field on the tag")
        field = e.driver.find_element(By.CSS_SELECTOR, ".inline-edit")
        self.assertEqual(field.get_attribute("value"), "Flat white")
        # On the tag itself: the field sits where the tag is drawn.
        box, tag = field.rect, e.drawn(1)
        self.assertLess(abs(box["x"] - tag["x"]) + abs(box["y"] - tag["y"]), 4, (box, tag))
        field.send_keys(Keys.CONTROL, "a")
        field.send_keys("麻婆豆腐", Keys.ENTER)
        e.settled(3)
        self.assertEqual(tags(e.dir)[1]["text"], "麻婆豆腐")
        self.assertEqual(tags(e.dir)[1]["side"], "right", "a double-click is not also a flip")
        # F2 edits the selected tag; Escape cancels and records nothing.
        e.press(2, Keys.F2)
        field = e.wait(lambda d: d.find_element(By.CSS_SELECTOR, '.inline-edit[data-tag-id="2"]'), "F2 did not edit")
        field.send_keys("99", Keys.ESCAPE)
        e.wait(lambda d: not d.find_elements(By.CSS_SELECTOR, ".inline-edit"), "Escape did not cancel")
        self.assertEqual(len(history(e.dir)["entries"]), 3)

    def test_the_keys_the_tooltips_promise_exist_and_a_history_entry_carries_its_whole_label(self):
        """Issue 44, item 10: D, P, A and E, named in the toolbar's tooltips, do what they say; an
        entry cut for width still carries its whole label."""
        e = self.editor
        e.load()
        body = e.driver.find_element(By.TAG_NAME, "body")
        for action, key in (("add-dish", "D"), ("add-price", "P"), ("arrange", "A"), ("export", "E")):
            self.assertIn("(%s)" % key, e.button(action).get_attribute("title"))
        body.send_keys("d")
        e.wait(lambda d: d.execute_script("return document.activeElement.id") == "tag-text", "D did not start a dish")
        self.assertEqual(e.driver.find_element(By.ID, "tag-text").get_attribute("value"), "", "the letter is not typed")
        e.driver.find_element(By.ID, "tag-text").send_keys(Keys.ESCAPE)
        body.send_keys("p")
        e.wait(lambda d: "price" in e.status(), "P did not start a price")
        e.driver.find_element(By.ID, "tag-text").send_keys(Keys.ESCAPE)
        e.driver.execute_script("document.activeElement.blur()")
        body.send_keys("e")
        e.wait(lambda d: d.execute_script("return document.getElementById('export-dialog').open"), "E did not open the export dialog")
        ActionChains(e.driver).send_keys(Keys.ESCAPE).perform()
        e.wait(lambda d: not d.execute_script("return document.getElementById('export-dialog').open"), "the dialog stayed open")
        # Two tags made to overlap: A arranges them, one entry.
        status, _, err = cli("move", "p.tagproj", "2", "--to", "0.33,0.36", cwd=e.dir)
        self.assertEqual(status, 0, err)
        e.settled(3)
        body.send_keys("a")
        e.settled(4)
        self.assertTrue(history(e.dir)["entries"][-1]["label"].startswith("arrange"))
        # A label longer than the panel: cut on screen, whole in its title and its name.
        e.driver.find_element(By.ID, "tag-text").send_keys("Braised pork belly with preserved mustard greens and rice", Keys.ENTER)
        e.settled(5)
        entry = e.driver.find_element(By.CSS_SELECTOR, "#history [data-seq='5']")
        label = history(e.dir)["entries"][-1]["label"]
        self.assertTrue(e.driver.execute_script("return arguments[0].scrollWidth > arguments[0].clientWidth", entry), "the entry is cut")
        self.assertIn(label, entry.get_attribute("title"))
        self.assertEqual(entry.get_attribute("aria-label"), "#5 " + label)

    def test_the_keys_work_again_as_soon_as_an_add_is_done(self):
        """Issue 44, item 6: after an add from the text field, Delete (and every key) acts at once."""
        e = self.editor
        e.load()
        e.driver.find_element(By.ID, "tag-text").send_keys("Tea", Keys.ENTER)
        e.settled(3)
        e.wait(lambda d: d.execute_script("return document.activeElement.id") not in ("tag-text", "tag-price"),
               "the focus stayed in the text field")
        ActionChains(e.driver).send_keys(Keys.DELETE).perform()
        e.settled(4)
        self.assertEqual(history(e.dir)["entries"][-1]["label"], "delete #3 “Tea”")

    def test_arrow_keys_move_a_tag_selected_with_the_mouse(self):
        """Issue 44, item 7: arrows move the selected tag however it was selected, not only after Tab."""
        e = self.editor
        e.load()
        x = tags(e.dir)[1]["x"]
        e.tag(1).click()
        e.wait(lambda d: e.tag(1).get_attribute("aria-pressed") == "true",
               "the click did not select the tag")
        e.driver.execute_script("if (document.activeElement && document.activeElement !== document.body) document.activeElement.blur()")
        ActionChains(e.driver).send_keys(Keys.ARROW_RIGHT).perform()
        e.settled(3)
        self.assertAlmostEqual(tags(e.dir)[1]["x"], x + 0.01, places=3)

    def test_a_dish_is_added_with_its_price_and_the_price_is_edited_beside_its_name(self):
        e = self.editor
        e.load()
        e.driver.find_element(By.ID, "tag-text").send_keys("宫保鸡丁")
        e.driver.find_element(By.ID, "tag-price").send_keys("38", Keys.ENTER)
        e.settled(3)
        self.assertEqual(history(e.dir)["entries"][-1]["label"], "add dish #3 “宫保鸡丁” ¥38")
        self.assertEqual((tags(e.dir)[3]["text"], tags(e.dir)[3]["price"]), ("宫保鸡丁", "38.00"))
        self.assertEqual(e.driver.find_element(By.ID, "tag-price").get_attribute("value"), "", "the field is ready for the next dish")
        e.wait(lambda d: len(d.find_elements(By.CSS_SELECTOR, "[data-tag-id]")) == 3, "the new tag is not on the page")
        # The server draws the tag image: the one bubble holds the price's red beside the name's black.
        red_right_of_black = """
            const img = arguments[0];
            if (!img.complete || img.naturalWidth === 0) return null;
            const c = document.createElement("canvas");
            c.width = img.naturalWidth; c.height = img.naturalHeight;
            const g = c.getContext("2d");
            g.drawImage(img, 0, 0);
            const d = g.getImageData(0, 0, c.width, c.height).data;
            let red = 0, black = 0, redX = 0, blackX = 0;
            for (let i = 0; i < d.length; i += 4) {
                if (d[i + 3] < 120) continue;
                const x = (i / 4) % c.width;
                if (d[i] > 2 * d[i + 1] + 40) { red++; redX += x; } else if (d[i] < 40 && d[i + 1] < 40) { black++; blackX += x; }
            }
            return red > 50 && black > 50 && redX / red > blackX / black;"""
        e.wait(lambda d: d.execute_script(red_right_of_black, e.tag(3)), "the tag image does not show the price beside the name")
        # Edited in place: the price field beside the text, posted in the same request.
        ActionChains(e.driver).double_click(e.tag(3)).perform()
        price = e.wait(lambda d: d.find_element(By.CSS_SELECTOR, ".inline-price[data-tag-id='3']"), "no price field beside the text")
        self.assertEqual(price.get_attribute("value"), "38")
        price.send_keys(Keys.CONTROL, "a")
        price.send_keys("42", Keys.ENTER)
        e.settled(4)
        self.assertEqual(history(e.dir)["entries"][-1]["label"], "edit #3 price ¥38 → ¥42")
        ActionChains(e.driver).double_click(e.tag(3)).perform()
        fields = e.wait(lambda d: d.find_elements(By.CSS_SELECTOR, ".inline-edit[data-tag-id='3']"), "no fields on the tag")
        self.assertEqual(len(fields), 2)
        fields[0].send_keys(Keys.CONTROL, "a")
        fields[0].send_keys("麻婆豆腐")
        fields[1].send_keys(Keys.CONTROL, "a", Keys.BACKSPACE)
        fields[1].send_keys(Keys.ENTER)
        e.settled(5)
        self.assertEqual(history(e.dir)["entries"][-1]["label"], "edit #3 “宫保鸡丁” → “麻婆豆腐”, price removed")
        self.assertNotIn("price", tags(e.dir)[3])
        # A price tag is edited as before: one field, its text.
        e.press(2, Keys.F2)
        e.wait(lambda d: d.find_elements(By.CSS_SELECTOR, '.inline-edit[data-tag-id="2"]'), "F2 did not edit")
        self.assertEqual(len(e.driver.find_elements(By.CSS_SELECTOR, ".inline-price")), 0)

    def test_delete_undo_and_redo_through_buttons_and_keys(self):
        e = self.editor
        e.load()
        ActionChains(e.driver).move_to_element(e.tag(2)).click_and_hold().release().perform()
        e.wait(lambda d: e.tag(2).get_attribute("aria-pressed") == "true", "the click did not select the tag")
        e.press(2, Keys.ENTER)  # a flip
        e.settled(3)
        e.button("delete").click()
        e.settled(4)
        self.assertNotIn(2, tags(e.dir))
        e.wait(lambda d: not d.find_elements(By.CSS_SELECTOR, '[data-tag-id="2"]'), "the deleted tag is still shown")
        e.button("undo").click()
        e.wait(lambda d: history(e.dir)["cursor"] == 3, "undo did not reach the project")
        self.assertIn(2, tags(e.dir))
        # As the library says it to people who see the tags: the tag by its text.
        e.wait(lambda d: e.status().startswith("Undid: Deleted “¥28”"), "undo did not say what it undid")
        e.driver.find_element(By.TAG_NAME, "body").send_keys(Keys.CONTROL, Keys.SHIFT, "z")
        e.wait(lambda d: history(e.dir)["cursor"] == 4, "Ctrl+Shift+Z did not redo")
        e.driver.find_element(By.TAG_NAME, "body").send_keys(Keys.CONTROL, "z")
        e.wait(lambda d: history(e.dir)["cursor"] == 3, "Ctrl+Z did not undo")
        e.wait(lambda d: d.find_elements(By.CSS_SELECTOR, '[data-tag-id="2"]'), "the restored tag is not shown")

    def test_redo_after_a_new_branch_says_another_continues(self):
        e = self.editor
        e.load()
        e.press(1, Keys.ARROW_RIGHT)
        e.settled(3)
        e.button("undo").click()
        e.wait(lambda d: history(e.dir)["cursor"] == 2, "undo did not reach the project")
        e.press(1, Keys.ENTER)  # a flip: a new branch from entry 2, beside the move
        e.wait(lambda d: history(e.dir)["cursor"] == 4, "the flip did not reach the project")
        e.button("undo").click()
        e.wait(lambda d: history(e.dir)["cursor"] == 2, "the second undo did not reach the project")
        e.button("redo").click()
        e.wait(lambda d: history(e.dir)["cursor"] == 4, "redo did not follow the newest branch")
        status = e.driver.find_element(By.ID, "status")
        # One line each, the tags by their text (Tests/Editor/test_status_words.py).
        e.wait(lambda d: "\nAnother branch of the history continues from here: Moved “Flat white”" in status.text,
               "the page did not say that another branch continues")
        _, out, _ = cli("history", "p.tagproj", "--tree", "--json", cwd=e.dir)
        entries = json.loads(out)["entries"]
        self.assertEqual([(x["seq"], x["parent"], x["front_end"]) for x in entries][2:], [(3, 2, "editor"), (4, 2, "editor")])
        shown = [li.get_attribute("title") for li in e.driver.find_elements(By.CSS_SELECTOR, "#history [data-seq]:not([data-seq='0'])")]
        self.assertTrue(shown[-1].startswith("flip #1 — #4 · ") and shown[-1].endswith("/editor"), shown)

    def test_keyboard_moves_and_flips_the_focused_tag(self):
        e = self.editor
        e.load()
        e.press(1, Keys.ARROW_RIGHT)
        e.settled(3)
        self.assertAlmostEqual(tags(e.dir)[1]["x"], 0.31, places=6)
        e.tag(1).send_keys(Keys.ENTER)
        e.settled(4)
        self.assertEqual(tags(e.dir)[1]["side"], "left")

    def test_an_edit_in_the_shell_shows_on_the_page(self):
        e = self.editor
        e.load()
        before = e.tag(1).rect
        self.assertEqual(cli("move", "p.tagproj", "1", "--to", "0.6,0.7", cwd=e.dir)[0], 0)
        e.wait(lambda d: abs(e.tag(1).rect["y"] - before["y"]) > 50, "the shell's move never showed", timeout=5)
        e.wait(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#history [data-seq]:not([data-seq='0'])")) == 3, "history not updated")

    def test_the_history_the_page_is_told_in_parts_follows_an_undo_and_a_new_branch_made_in_the_shell(self):
        # The page holds the history and is told only the entries it lacks and the cursor: the
        # entry an undo left behind must show as undone, and the new branch's entry as current.
        e = self.editor
        e.load()
        self.assertEqual(cli("undo", "p.tagproj", cwd=e.dir)[0], 0)
        self.assertEqual(cli("flip", "p.tagproj", "1", cwd=e.dir)[0], 0)
        rows = "return Array.from(document.querySelectorAll('#history [data-seq]')).map((li) => " \
               "[li.dataset.seq, li.classList.contains('undone'), li.getAttribute('aria-current') === 'true'])"
        e.wait(lambda d: len(d.execute_script(rows)) == 4, "the new branch's entry never showed")
        self.assertEqual(e.driver.execute_script(rows), [["0", False, False], ["1", False, False], ["2", True, False], ["3", False, True]])
        # And an edit on the page is answered with what the page lacks alone: one entry.
        auth = {"X-Tagproj-Token": e.token, "Origin": e.origin, "Content-Type": "application/json"}
        version = json.loads(e.request("GET", "/api/version", headers=auth)[1])["version"]
        status, body = e.request("POST", "/api/edit?since=3&file=" + version.split("-")[0], json.dumps({"op": "flip", "id": 1}), auth)
        self.assertEqual(status, 200, body)
        answer = json.loads(body)
        self.assertEqual(answer["state"]["history"]["since"], 3)
        self.assertEqual([x["seq"] for x in answer["state"]["history"]["entries"]], [4])
        e.wait(lambda d: len(d.execute_script(rows)) == 5, "the page's own poll never showed the entry")

    def test_a_crop_moved_in_the_shell_shows_the_new_part_of_the_photo_and_its_tiles(self):
        e = self.editor
        self.assertEqual(cli("set", "p.tagproj", "--crop", "0,0,0.9,1", cwd=e.dir)[0], 0)
        e.load()
        tiles_held = "const t = document.getElementById('tiles'); return t.dataset.count > 0 && t.dataset.held === t.dataset.count"
        e.wait(lambda d: d.execute_script(tiles_held), "the page never held the photo's tiles")
        sample = """
            const img = arguments[0], c = document.createElement("canvas");
            c.width = img.naturalWidth; c.height = img.naturalHeight;
            const g = c.getContext("2d"); g.drawImage(img, 0, 0);
            return Array.from(g.getImageData(0, 0, c.width, c.height).data.filter((_, i) => i % 4000 === 0));"""
        photo = e.driver.find_element(By.ID, "photo")
        before, old_src = e.driver.execute_script(sample, photo), photo.get_attribute("src")
        # The same size, another part of the photo: the page must not keep the last one's pixels.
        self.assertEqual(cli("set", "p.tagproj", "--crop", "0.1,0,0.9,1", cwd=e.dir)[0], 0)
        e.wait(lambda d: "crop=0.1%2C" in d.find_element(By.ID, "photo").get_attribute("src"), "the photo was not fetched again", timeout=5)
        e.wait(lambda d: d.execute_script("return arguments[0].complete && arguments[0].naturalWidth > 0", photo), "the new photo never loaded")
        after = e.driver.execute_script(sample, photo)
        self.assertGreater(sum(abs(a - b) for a, b in zip(before, after)) / len(after), 5, "the page still shows the old crop")
        e.wait(lambda d: d.execute_script(tiles_held) and all("crop=0.1%2C" in t.get_attribute("src")
               for t in d.find_elements(By.CSS_SELECTOR, "#tiles img")), "the tiles were not fetched again for the new crop")
        # A view asked for with the old crop is refused, not answered with the new crop's pixels.
        status, _ = e.request("GET", "/" + old_src.split("/", 3)[3], headers={"X-Tagproj-Token": e.token})
        self.assertEqual(status, 409)

    def test_a_right_to_left_tag_added_in_the_shell_shows_drawn_by_the_renderer(self):
        e = self.editor
        e.load()
        status, _, err = cli("add", "p.tagproj", "dish", "بيتزا 30 سم", "--at", "0.3,0.8", cwd=e.dir)
        self.assertEqual(status, 0, err)
        e.wait(lambda d: d.find_elements(By.CSS_SELECTOR, '[data-tag-id="3"]'), "the Arabic tag never showed", timeout=5)
        e.wait(lambda d: d.execute_script("return arguments[0].complete && arguments[0].naturalWidth > 0", e.tag(3)),
               "the Arabic tag's image never loaded")
        self.assertIn("بيتزا 30 سم", e.tag(3).get_attribute("alt"))
        # The page shows what export draws: the same renderer's picture of the tag, as wide.
        self.assertGreater(e.tag(3).rect["width"], e.tag(2).rect["width"])

    def test_a_new_tag_scale_from_the_shell_redraws_every_tag_at_it(self):
        e = self.editor
        e.load()
        before = e.drawn(1)
        self.assertEqual(cli("set", "p.tagproj", "--tag-scale", "2", cwd=e.dir)[0], 0)
        e.wait(lambda d: e.drawn(1)["height"] > 1.8 * before["height"], "the tag was not redrawn at scale 2", timeout=5)
        self.assertLess(e.drawn(1)["height"], 2.2 * before["height"])

    def test_export_writes_the_picture_next_to_the_project(self):
        e = self.editor
        e.load()
        e.export_with()
        e.wait(lambda d: "wrote p-tagged.jpg" in e.status(), "export did not report")
        with open(os.path.join(e.dir, "p-tagged.jpg"), "rb") as f:
            self.assertEqual(f.read(3), b"\xff\xd8\xff")

    def test_export_never_writes_over_the_photo_or_a_file_it_did_not_write(self):
        self.editor.close()
        self.editor = e = Editor(photo_as="p.jpg", driver=self.driver)
        photo = os.path.join(e.dir, "p.jpg")
        with open(photo, "rb") as f:
            original = f.read()
        e.load()

        def export(expected):
            e.export_with()
            e.wait(lambda d: ("wrote %s:" % expected) in e.status(), "export did not say it wrote %s" % expected)

        export("p-tagged.jpg")
        with open(photo, "rb") as f:
            self.assertEqual(f.read(), original, "the photo the project was made from was replaced")
        # A second save never replaces the first, though the editor wrote it: it gets a fresh name.
        with open(os.path.join(e.dir, "p-tagged.jpg"), "rb") as f:
            first = f.read()
        export("p-tagged-2.jpg")
        with open(os.path.join(e.dir, "p-tagged.jpg"), "rb") as f:
            self.assertEqual(f.read(), first, "the first save was replaced")
        # A file of the user's own at the next name is never replaced either.
        with open(os.path.join(e.dir, "p-tagged-3.jpg"), "wb") as f:
            f.write(b"the user's own picture")
        export("p-tagged-4.jpg")
        with open(os.path.join(e.dir, "p-tagged-3.jpg"), "rb") as f:
            self.assertEqual(f.read(), b"the user's own picture")
        with open(os.path.join(e.dir, "p-tagged-4.jpg"), "rb") as f:
            self.assertEqual(f.read(3), b"\xff\xd8\xff")
        with open(photo, "rb") as f:
            self.assertEqual(f.read(), original)
        status, out, _ = cli("info", "p.tagproj", "--json", cwd=e.dir)
        self.assertEqual(json.loads(out)["source_file"], "p.jpg")

    def test_an_edit_that_must_move_the_dot_says_so_as_the_cli_does(self):
        e = self.editor
        ours = {"X-Tagproj-Token": e.token, "Origin": e.origin, "Content-Type": "application/json"}
        status, body = e.request("POST", "/api/edit", json.dumps({"op": "move", "id": 1, "x": 1.0, "y": 0.5}), ours)
        self.assertEqual(status, 200, body)
        notice = json.loads(body)["notices"][0]
        self.assertEqual((notice["notice"], notice["id"]), ("moved_to_stay_inside", 1))
        self.assertEqual(round(notice["x"], 6), round(tags(e.dir)[1]["x"], 6))
        self.assertLess(notice["x"], 1.0)

    def test_the_same_requests_give_the_same_project_and_answers_through_every_front_end(self):
        """One JSON dialect: the lines `apply` reads, what the page posts to /api/edit, and what
        `tagproj request` (a batch export's child) is handed are the same requests."""
        e = self.editor
        for name in ("a.tagproj", "b.tagproj"):
            shutil.copyfile(os.path.join(e.dir, "p.tagproj"), os.path.join(e.dir, name))
        requests = [
            {"op": "add", "kind": "dish", "text": "Soup", "at": "0.2,0.3"},
            {"op": "move", "id": 1, "to": "0.98,0.5"},
            {"op": "flip", "id": 2},
            {"op": "edit", "id": 1, "text": "Mapo tofu"},
            {"op": "add", "kind": "price", "text": "38", "at": "700px,0.5", "side": "left"},
            {"op": "set", "tag_scale": 1.25},
            {"op": "delete", "id": 2},
            {"op": "move", "id": 3, "by": "-40px,0"},
        ]
        ours = {"X-Tagproj-Token": e.token, "Origin": e.origin, "Content-Type": "application/json"}
        for request in requests:
            status, body = e.request("POST", "/api/edit", json.dumps(request), ours)
            self.assertEqual(status, 200, body)
            page = json.loads(body)
            del page["state"]
            # The page's own wording (the tags by their text) beside the dialect's, which is the same.
            self.assertEqual(len(page.pop("sentences")), len(page["said"]))
            for notice in page["notices"]:
                self.assertTrue(notice.pop("sentence"))
            status, out, err = cli("request", "a.tagproj", json.dumps(request), cwd=e.dir)
            self.assertEqual((status, err), (0, ""))
            self.assertEqual(json.loads(out), page, "the editor and a request child answer %s alike" % request)
        with open(os.path.join(e.dir, "edits.jsonl"), "w") as f:
            f.write("\n".join(json.dumps(r) for r in requests) + "\n")
        status, _, err = cli("apply", "b.tagproj", "edits.jsonl", cwd=e.dir)
        self.assertEqual(status, 0, err)
        listed = {}
        for name in ("p.tagproj", "a.tagproj", "b.tagproj"):
            status, out, err = cli("list", name, "--json", cwd=e.dir)
            self.assertEqual(status, 0, err)
            listed[name] = json.loads(out)
        self.assertEqual(listed["p.tagproj"], listed["a.tagproj"])
        self.assertEqual(listed["p.tagproj"], listed["b.tagproj"])
        self.assertEqual([t["text"] for t in listed["p.tagproj"]["tags"]], ["Mapo tofu", "Soup", "38"])
        # A request that is not an edit is refused by the page's API and inside a batch alike.
        status, body = e.request("POST", "/api/edit", json.dumps({"op": "list"}), ours)
        self.assertEqual(status, 400, body)
        self.assertFalse(json.loads(body)["ok"])
        with open(os.path.join(e.dir, "bad.jsonl"), "w") as f:
            f.write(json.dumps({"op": "undo"}) + "\n")
        status, _, err = cli("apply", "b.tagproj", "bad.jsonl", cwd=e.dir)
        self.assertEqual((status, err.splitlines()[0]),
                         (65, "error: line 1: undo is not an edit; a batch holds add, move, flip, edit, delete, set and arrange"))

    def test_a_project_locked_by_another_process_makes_the_page_wait_and_retry(self):
        # The server waits for a lock as long as TAGPROJ_BUSY_TIMEOUT_MS says, as the CLI does.
        self.editor.close()
        self.editor = e = Editor(environment={"TAGPROJ_BUSY_TIMEOUT_MS": "300"}, driver=self.driver)
        e.load()
        # Another program holds the write lock (as a long edit in a shell would) until the test
        # has seen the page say it is busy: no clock decides what the test sees.
        locker = subprocess.Popen([sys.executable, "-c", (
            "import sqlite3, sys\n"
            "db = sqlite3.connect(sys.argv[1], isolation_level=None)\n"
            "db.execute('BEGIN EXCLUSIVE'); print('locked', flush=True); sys.stdin.readline(); db.execute('ROLLBACK')\n"),
            os.path.join(e.dir, "p.tagproj")], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        try:
            self.assertEqual(locker.stdout.readline().strip(), "locked")
            e.press(1, Keys.ENTER)
            e.wait(lambda d: "busy" in e.status(), "the page did not say the project is busy", timeout=20)
        finally:
            locker.stdin.write("release\n")
            locker.stdin.close()
            locker.wait(timeout=10)
            locker.stdout.close()
        e.settled(3)
        self.assertEqual(tags(e.dir)[1]["side"], "left", "the flip went through once the lock was released")

    def test_ctrl_c_stops_the_server_cleanly(self):
        e = self.editor
        e.server.send_signal(signal.SIGINT)
        self.assertEqual(e.server.wait(timeout=10), 0)


if __name__ == "__main__":
    unittest.main(argv=[sys.argv[0], "-v", *sys.argv[1:]])
