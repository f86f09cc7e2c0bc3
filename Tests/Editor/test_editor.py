#!/usr/bin/env python3
"""The editor (`tagproj open`) as people use it: in a real Chromium driven by Selenium, with the
project checked through the `tagproj` CLI, and attacked the way another user or web page would.

Run: python3 Tests/Editor/test_editor.py [unittest arguments]   (scripts/test.sh runs it)
TAGPROJ_BINARY=path/to/tagproj tests another build (default: .build/debug/tagproj).
TAGPROJ_EDITOR_SCREENSHOT=docs/editor.jpg also saves a screenshot of the editor there (README's).
"""
import base64
import html
import http.client
import json
import re
import os
import select
import shutil
import signal
import socket
import sqlite3
import stat
import subprocess
import sys
import tempfile
import threading
import time
import unittest
import urllib.parse

from selenium import webdriver
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TAGPROJ = os.path.abspath(os.environ.get("TAGPROJ_BINARY", os.path.join(REPO, ".build/debug/tagproj")))
PHOTO = os.path.join(REPO, "Fixtures/coffee.png")


# The editor remembers its page's room in the state folder, and `new` then draws the first view:
# each test folder has a state folder of its own (`state_of`), and anything else this one.
os.environ["XDG_STATE_HOME"] = tempfile.mkdtemp(prefix="tagproj-editor-state-")


def state_of(folder):
    """The environment of a tagproj run for `folder`: its own (hidden) state folder."""
    return dict(os.environ, XDG_STATE_HOME=os.path.join(folder, ".state"))


def cli(*args, cwd):
    """Runs tagproj; returns (exit status, stdout, stderr)."""
    run = subprocess.run([TAGPROJ, *args], cwd=cwd, capture_output=True, text=True, timeout=60, env=state_of(cwd))
    return run.returncode, run.stdout, run.stderr


def tags(cwd):
    status, out, err = cli("list", "p.tagproj", "--json", cwd=cwd)
    assert status == 0, err
    return {t["id"]: t for t in json.loads(out)["tags"]}


def history(cwd, tree=False):
    status, out, err = cli("history", "p.tagproj", "--json", *(["--tree"] if tree else []), cwd=cwd)
    assert status == 0, err
    return json.loads(out)


def raw_status(port, payload):
    """Sends `payload` (a whole request, as bytes) to the server on `port`; the reply's status. The
    server may answer (and close) before the payload is all sent: that is what some tests check."""
    with socket.create_connection(("127.0.0.1", port), timeout=20) as sock:
        try:
            sock.sendall(payload)
        except (BrokenPipeError, ConnectionResetError):
            pass
        reply = b""
        try:
            while b"\r\n" not in reply:
                data = sock.recv(4096)
                if not data:
                    break
                reply += data
        except ConnectionResetError:
            pass
    return int(reply.split(b" ")[1]) if reply.startswith(b"HTTP/1.1 ") else None


def chromium(phone=False, lang=None):
    """A headless Chromium driven by Selenium: a desktop window of 1100×720, or with `phone` a phone
    of 390×844 CSS pixels at three device pixels each, with touch; with `lang` (`zh-CN`), in that
    language, which it asks pages in (`Accept-Language`)."""
    options = webdriver.ChromeOptions()
    flags = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"]
    if lang:
        flags.append("--lang=" + lang)
        options.add_experimental_option("prefs", {"intl.accept_languages": lang + "," + lang.split("-")[0]})
    if phone:
        options.add_experimental_option("mobileEmulation", {
            "deviceMetrics": {"width": 390, "height": 844, "pixelRatio": 3.0, "touch": True}})
    else:
        flags += ["--window-size=1100,720", "--force-device-scale-factor=1"]
    for flag in flags:
        options.add_argument(flag)
    driver_path = shutil.which("chromedriver") or "/usr/bin/chromedriver"
    driver = webdriver.Chrome(service=Service(driver_path), options=options)
    driver.set_script_timeout(20)
    return driver


class Editor:
    """`tagproj open p.tagproj --no-browser` in a folder of its own, with a headless Chromium on it."""

    def __init__(self, photo_as=None, environment=None, phone=False, big=False, lang=None, dish="Flat white"):
        """`photo_as`: copy the sample JPEG into the folder under this name and make the project
        from it there, as a user does (`tagproj new p.tagproj p.jpg`). `environment`: more
        variables for the server. `phone`: Chromium as a phone. `big`: the photo enlarged four
        times (2400×1600), so a view has fewer pixels than the photo. `lang`: Chromium in that
        language (see `chromium`). `dish`: the first tag's text."""
        self.dir = tempfile.mkdtemp(prefix="tagproj-editor-")
        photo = PHOTO
        if photo_as:
            photo = os.path.join(self.dir, photo_as)
            shutil.copyfile(os.path.join(REPO, "Fixtures/images/jpeg-baseline.jpg"), photo)
        if big:
            for args in (("new", "small.tagproj", photo), ("export", "small.tagproj", "big.png", "--scale", "4")):
                status, _, err = cli(*args, cwd=self.dir)
                assert status == 0, err
            photo = os.path.join(self.dir, "big.png")
        status, _, err = cli("new", "p.tagproj", photo, cwd=self.dir)
        assert status == 0, err
        for args in (("dish", dish, "--at", "0.3,0.35"), ("price", "28", "--at", "0.75,0.6")):
            status, _, err = cli("add", "p.tagproj", *args, cwd=self.dir)
            assert status == 0, err
        self.server = subprocess.Popen([TAGPROJ, "open", "p.tagproj", "--no-browser", "--port", "0"], cwd=self.dir,
                                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                       env=dict(state_of(self.dir), **(environment or {})))
        self.url = self.server.stdout.readline().strip()
        assert self.url.startswith("http://127.0.0.1:"), self.url
        self.origin = self.url.split("/#")[0]
        self.host = self.origin.split("//")[1].rsplit(":", 1)[0]
        self.port = int(self.origin.rsplit(":", 1)[1])
        self.token = self.url.split("#token=")[1]
        self.driver = chromium(phone, lang)
        self.downloads = os.path.join(self.dir, "downloads")
        os.mkdir(self.downloads)
        self.driver.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": self.downloads})

    def close(self):
        self.driver.quit()
        if self.server.poll() is None:
            self.server.send_signal(signal.SIGINT)
            self.server.wait(timeout=10)
        self.server.stdout.close()
        self.server.stderr.close()
        shutil.rmtree(self.dir, ignore_errors=True)

    def load(self, url=None):
        self.driver.get(url or self.url)
        if url is None:
            self.wait(lambda d: len(d.find_elements(By.CSS_SELECTOR, "[data-tag-id]")) == 2, "the tags never showed")
            # The page watches for edits made elsewhere once its photo is shown.
            self.wait(lambda d: d.execute_script("return performance.getEntriesByName('tagproj shown').length > 0"), "the photo never showed")

    def load_tags(self, count):
        """Loads the page of a project with `count` tags."""
        self.driver.get(self.url)
        self.wait(lambda d: len(d.find_elements(By.CSS_SELECTOR, "[data-tag-id]")) == count, "the tags never showed")

    def wait(self, condition, message, timeout=30):
        try:
            return WebDriverWait(self.driver, timeout, poll_frequency=0.05).until(condition)
        except TimeoutException:
            raise AssertionError(message + "; status: " + self.status())

    def tag(self, tag_id):
        return self.driver.find_element(By.CSS_SELECTOR, '[data-tag-id="%d"]' % tag_id)

    def drawn(self, tag_id):
        """The box of tag `tag_id`'s image, without the transparent padding that makes its hit area 44 px."""
        return self.driver.execute_script("""
            const t = arguments[0], r = t.getBoundingClientRect(), s = getComputedStyle(t);
            const l = parseFloat(s.paddingLeft), p = parseFloat(s.paddingTop);
            return {x: r.left + l, y: r.top + p, width: r.width - 2 * l, height: r.height - 2 * p};""", self.tag(tag_id))

    def press(self, tag_id, key):
        """Focuses the tag (as Tab would) and presses `key` on it."""
        self.driver.execute_script("arguments[0].focus()", self.tag(tag_id))
        self.tag(tag_id).send_keys(key)

    def status(self):
        try:
            return self.driver.find_element(By.ID, "status").text
        except Exception:
            return "(no page)"

    def button(self, action):
        return self.driver.find_element(By.CSS_SELECTOR, '[data-action="%s"]' % action)

    def settled(self, entries):
        """Waits until the project's history has `entries` entries on its branch and the page
        shows every entry of the tree."""
        self.wait(lambda d: len(history(self.dir)["entries"]) == entries, "the project never got %d entries" % entries)
        tree = len(history(self.dir, tree=True)["entries"])
        self.wait(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#history [data-seq]:not([data-seq='0'])")) == tree,
                  "the page never showed %d entries" % tree)

    def export_with(self, format="jpeg", size="full", action="save", long_side=None):
        """Export through the dialog, as a user does: Export, a format and a size (a long side
        typed in for `custom`), Save or Download."""
        self.button("export").click()
        dialog = self.wait(lambda d: d.find_element(By.CSS_SELECTOR, "[data-export-dialog][open]"), "no export dialog")
        Select(dialog.find_element(By.CSS_SELECTOR, "select[name=format]")).select_by_value(format)
        Select(dialog.find_element(By.CSS_SELECTOR, "select[name=size]")).select_by_value(size)
        field = dialog.find_element(By.CSS_SELECTOR, "input[name=long-side]")
        assert field.is_displayed() == (size == "custom"), "the long side's field shows only for a custom size"
        if long_side is not None:
            field.clear()
            field.send_keys(str(long_side))
        dialog.find_element(By.CSS_SELECTOR, '[data-action="%s"]' % action).click()

    def click_again(self, element):
        """A second click on `element`, after the browser's double-click time, so it is a click
        of its own and not the second half of a double-click."""
        ActionChains(self.driver).pause(0.6).click(element).perform()

    def oversized_post(self, declared):
        """POSTs a 1 MiB edit, with its length declared up front or sent in chunks; returns the
        status. The server may answer (and close) before the body is sent: that is the point."""
        head = ("POST /api/edit HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nOrigin: %s\r\nX-Tagproj-Token: %s\r\n"
                "Content-Type: application/json\r\n" % (self.port, self.origin, self.token))
        body = b"x" * (1 << 20)
        if declared:
            payload = (head + "Content-Length: %d\r\n\r\n" % len(body)).encode() + body
        else:
            chunk = b"x" * 8192
            payload = (head + "Transfer-Encoding: chunked\r\n\r\n").encode()
            payload += b"".join(b"%x\r\n%s\r\n" % (len(chunk), chunk) for _ in range(128)) + b"0\r\n\r\n"
        return raw_status(self.port, payload)

    def get(self, path, token=True):
        """GET `path` as the page asks (with the token, unless `token` is None, or another token):
        the response, its body read."""
        token = self.token if token is True else token
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
        connection.request("GET", path, headers={"Host": "127.0.0.1:%d" % self.port, **({"X-Tagproj-Token": token} if token else {})})
        response = connection.getresponse()
        body = response.read()
        connection.close()
        return response, body

    def request(self, method, path, body=None, headers=None, timeout=10):
        """A raw HTTP request to the server, as another program on the machine would send it;
        `timeout` seconds for each step (connecting, sending, each read)."""
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        all_headers = {"Host": "127.0.0.1:%d" % self.port}
        all_headers.update(headers or {})
        connection.request(method, path, body=body, headers=all_headers)
        response = connection.getresponse()
        data = response.read()
        connection.close()
        return response.status, data


class SlowClients:
    """`count` connections to the editor that each send a request line and then one more header
    line every `every` seconds, from a thread, never ending the headers (the slowloris attack)."""

    def __init__(self, host, port, count, every):
        self.sockets = []
        self.stopped = threading.Event()
        self.dribbled = threading.Event()  # set once every connection has sent a line past its first
        try:
            for _ in range(count):
                sock = socket.create_connection((host, port), timeout=5)
                self.sockets.append(sock)
                sock.sendall(b"GET / HTTP/1.1\r\nHost: %s:%d\r\n" % (host.encode(), port))
        except BaseException:
            self.close()
            raise
        self.thread = threading.Thread(target=self.dribble, args=(every,), daemon=True)
        self.thread.start()

    def dribble(self, every):
        line = 0
        while not self.stopped.wait(every):
            line += 1
            for sock in self.sockets:
                try:
                    sock.sendall(b"X-Slow-%d: %d\r\n" % (line, line))
                except OSError:
                    pass  # the server hung up on this one
            self.dribbled.set()

    def still_connected(self):
        """How many of the connections the server has not closed (a read finds no end of file)."""
        count = 0
        for sock in self.sockets:
            sock.setblocking(False)
            try:
                count += 1 if sock.recv(1, socket.MSG_PEEK) else 0
            except BlockingIOError:
                count += 1  # nothing to read, and not closed
            except OSError:
                pass
            finally:
                sock.setblocking(True)
        return count

    def close(self):
        self.stopped.set()
        if getattr(self, "thread", None):
            self.thread.join(timeout=10)
        for sock in self.sockets:
            sock.close()


class TricklingBodies:
    """`count` connections to the server on `port` that each send `head` (a whole request's
    headers, declaring a body) and then one byte of the body every `every` seconds, from a thread.
    One the server closed (having answered or not) is opened again at the next byte, as an
    attacker who keeps trying would; `answers` collects the status of every answer seen, and
    `first_answers` those seen before the connection had sent a byte of its body."""

    def __init__(self, port, head, count, every):
        self.port, self.head = port, head.encode()
        self.answers, self.first_answers = [], []
        self.stopped = threading.Event()
        self.sockets, self.sent = [], [0] * count  # each connection's bytes of body sent
        try:
            self.sockets = [self.connect() for _ in range(count)]
        except BaseException:
            self.close()
            raise
        self.thread = threading.Thread(target=self.trickle, args=(every,), daemon=True)
        self.thread.start()

    def connect(self):
        sock = socket.create_connection(("127.0.0.1", self.port), timeout=5)
        sock.sendall(self.head)
        return sock

    def trickle(self, every):
        while not self.stopped.wait(every):
            for i, sock in enumerate(self.sockets):
                if self.stopped.is_set():
                    return
                reply = self.closed(sock)
                if reply is not None:
                    if reply.startswith(b"HTTP/1.1 "):
                        self.answers.append(int(reply.split(b" ")[1]))
                        if self.sent[i] == 0:
                            self.first_answers.append(self.answers[-1])
                    sock.close()
                    try:
                        sock = self.connect()
                        self.sockets[i], self.sent[i] = sock, 0
                    except OSError:
                        continue  # tried again at the next byte
                try:
                    sock.sendall(b" ")
                    self.sent[i] += 1
                except OSError:
                    pass  # closed: seen at the next byte

    @staticmethod
    def closed(sock):
        """None while the server keeps `sock` open and silent; else what it sent (maybe b"")."""
        if sock.fileno() < 0:
            return b""  # closed here, and not opened again yet
        sock.setblocking(False)
        try:
            data = sock.recv(65536, socket.MSG_PEEK)
        except BlockingIOError:
            return None
        except OSError:
            return b""
        finally:
            sock.setblocking(True)
        if data:
            data = b""
            sock.settimeout(1)
            try:
                while chunk := sock.recv(65536):  # an answer comes before the server hangs up
                    data += chunk
            except OSError:
                pass
        return data

    def close(self):
        self.stopped.set()
        if getattr(self, "thread", None):
            self.thread.join(timeout=30)
        for sock in self.sockets:
            sock.close()


def enough_descriptors(count=4096):
    """Lets this process (and the servers it starts after) open `count` files, so that it can hold
    more connections than the server takes (at most 512, and half of the server's own limit)."""
    import resource
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < count:
        if hard != resource.RLIM_INFINITY and hard < count and os.geteuid() == 0:
            hard = count  # root may raise its own ceiling
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(count, hard) if hard != resource.RLIM_INFINITY else count, hard))


def read_answer(sock, timeout):
    """Everything the server sends on `sock` until it closes it or `timeout` seconds pass with
    nothing more: (status or None, JSON body or None, whether it closed)."""
    sock.settimeout(timeout)
    data, closed = b"", False
    try:
        while True:
            chunk = sock.recv(65536)
            if not chunk:
                closed = True
                break
            data += chunk
    except (TimeoutError, BlockingIOError):
        pass
    except ConnectionResetError:
        closed = True
    if not data.startswith(b"HTTP/1.1 "):
        return None, None, closed
    head, _, body = data.partition(b"\r\n\r\n")
    return int(data.split(b" ")[1]), json.loads(body) if body else None, closed


def trickle_until_cut(port, head, body, every=1.0, within=20):
    """Sends `head`, then `body` one byte every `every` seconds, until the server closes the
    connection or `within` seconds pass; the number of body bytes sent when it was closed, or
    None when it never was (it may answer first: that is returned too, as (sent, status))."""
    with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
        sock.sendall(head.encode())
        end = time.monotonic() + within
        for sent in range(len(body)):
            if time.monotonic() > end:
                return None, None
            ready, _, _ = select.select([sock], [], [], every)
            if ready:
                status, _, closed = read_answer(sock, 0.5)
                if closed or status:
                    return sent, status
            try:
                sock.sendall(body[sent:sent + 1])
            except OSError:
                return sent + 1, None
        return len(body), read_answer(sock, 5)[0]


class EditorTests(unittest.TestCase):
    def setUp(self):
        self.editor = Editor()

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
        self.editor = e = Editor(big=True, environment={"TAGPROJ_EDITOR_HOLD_MP": "0"})
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
        self.editor = e = Editor(big=True, environment={"TAGPROJ_EDITOR_HOLD_MP": "0"})
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
        self.editor = e = Editor(photo_as="p.jpg")
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
        self.editor = e = Editor(environment={"TAGPROJ_BUSY_TIMEOUT_MS": "300"})
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



class AccessibilityTests(unittest.TestCase):
    """axe-core (bundled by PyPI's axe-selenium-python) finds no WCAG 2 A/AA violation on the
    editor, its dialogs and its drawer, at a desktop's size and a phone's (issue 44, item 11)."""

    @staticmethod
    def violations(e):
        """axe-core's WCAG 2 A/AA violations on the page as it is, one line each."""
        from axe_selenium_python import Axe
        Axe(e.driver).inject()
        e.driver.set_script_timeout(60)
        return e.driver.execute_async_script("""
            const done = arguments[arguments.length - 1];
            axe.run(document, {runOnly: {type: "tag", values: ["wcag2a", "wcag2aa"]}})
               .then((r) => done(r.violations.map((v) => v.id + " (" + v.impact + "): " + v.nodes.slice(0, 4).map((n) => n.target.join(" ")).join("; "))))
               .catch((error) => done(["axe failed: " + error]));""")

    def check(self, phone):
        e = Editor(phone=phone)
        try:
            e.load()
            self.assertEqual(self.violations(e), [], "the editor")
            e.tag(1).click()
            e.wait(lambda d: e.tag(1).get_attribute("aria-pressed") == "true", "the click did not select")
            self.assertEqual(self.violations(e), [], "with a tag selected")
            if phone:
                e.button("history").click()
                e.wait(lambda d: "open" in d.find_element(By.ID, "side").get_attribute("class"), "the drawer did not open")
                self.assertEqual(self.violations(e), [], "with the history drawer open")
                e.button("close-history").click()
            for opener, dialog in (("export", "export-dialog"), ("help", "help-dialog") if not phone else ("help-drawer", "help-dialog")):
                if phone and opener == "help-drawer":
                    e.button("history").click()
                    # Wholly slid in, so that the click lands on the drawer's ? and not where it was.
                    side = e.driver.find_element(By.ID, "side")
                    e.wait(lambda d: e.button(opener).is_displayed() and abs(side.rect["x"] + side.rect["width"] - 390) < 1,
                           "the drawer's ? is not shown")
                e.button(opener).click()
                e.wait(lambda d: d.execute_script("return document.getElementById(arguments[0]).open", dialog), "%s did not open" % dialog)
                self.assertEqual(self.violations(e), [], "with %s open" % dialog)
                e.driver.execute_script("document.getElementById(arguments[0]).close()", dialog)
            if phone:
                e.button("close-history").click()
                e.wait(lambda d: "open" not in d.find_element(By.ID, "side").get_attribute("class"), "the drawer did not close")
            # An undone entry, dimmed in the history, and a warning in the status.
            e.press(1, Keys.ARROW_RIGHT)
            e.settled(3)
            e.button("undo").click()
            e.wait(lambda d: d.find_elements(By.CSS_SELECTOR, "#history li.undone"), "no undone entry shown")
            if phone:
                e.button("history").click()
                e.wait(lambda d: "open" in d.find_element(By.ID, "side").get_attribute("class"), "the drawer did not open")
            self.assertEqual(self.violations(e), [], "with an undone entry")
        finally:
            e.close()

    def test_the_editor_at_a_desktops_size(self):
        self.check(phone=False)

    def test_the_editor_on_a_phone(self):
        self.check(phone=True)


def chinese_catalog(folder):
    """`folder` as a `TAGPROJ_LOCALEDIR` holding the Simplified Chinese catalog compiled from
    `po/zh_CN.po`, as `scripts/build-catalogs.sh` compiles it."""
    mo = os.path.join(folder, "zh_CN", "LC_MESSAGES", "tagproj.mo")
    os.makedirs(os.path.dirname(mo))
    po = os.path.join(REPO, "po", "zh_CN.po")
    subprocess.run(["msgfmt", "--check", "-o", mo, po], check=True, capture_output=True)
    return folder


# Words that may stay in Latin letters on a Chinese page: format names, keys, units, commands.
LATIN_NAMES = {"JPEG", "PNG", "WebP", "AVIF", "tagproj", "Ctrl", "Shift", "Delete", "Enter", "Esc", "F2", "px",
               "root", "cli",  # who made a history entry: the user's login and the front end's name
               "JSON", "API", "GET", "POST"}


def english_words(texts, allowed=()):
    """The words of two or more Latin letters in `texts` that are not names (`LATIN_NAMES`, `allowed`)."""
    # A word is a run of letters and digits that starts with a letter; the words of the allowed
    # strings (a temporary folder's name, 'gallery-3xd7nly', holds 'xd7nly') are allowed too.
    words = lambda text: re.findall(r"(?<![A-Za-z0-9])[A-Za-z][A-Za-z0-9]+|(?<=[0-9])[A-Za-z][A-Za-z0-9]+", text or "")
    allowed_words = {w for a in allowed for w in words(a)} | set(allowed)
    return sorted({w for text in texts for w in words(text)} - LATIN_NAMES - allowed_words)


def page_texts(driver, skip=None):
    """What a page shows and says to assistive technology: its visible text, each element's
    tooltip, label, placeholder and text alternative, and its menus' options; without what the
    elements `skip` selects hold, if given. The history's entries and the library's notices are
    included: the library words them in the page's language too."""
    return driver.execute_script("""
        const skip = arguments[0];
        const skipped = new Set([...(skip ? document.querySelectorAll(skip) : [])].flatMap((el) => el.innerText.split("\\n").map((line) => line.trim())));
        const texts = document.body.innerText.split("\\n").filter((line) => !skipped.has(line.trim()));
        for (const el of document.querySelectorAll("[title], [aria-label], [placeholder], [alt], option")) {
            if (skip && el.closest(skip)) continue;
            for (const name of ["title", "aria-label", "placeholder", "alt"]) if (el.hasAttribute(name)) texts.push(el.getAttribute(name));
            if (el.tagName === "OPTION") texts.push(el.textContent);
        }
        return texts;""", skip)


class ChineseEditorTests(unittest.TestCase):
    """The editor in Simplified Chinese, as a browser set to Chinese opens it (issue 43): the page
    is in Chinese from its first paint, what the server words comes back in Chinese, and it works
    and stays accessible as the English page does. One Chromium for the class."""

    @classmethod
    def setUpClass(cls):
        cls.locale = chinese_catalog(tempfile.mkdtemp(prefix="tagproj-locale-"))
        cls.e = Editor(environment={"TAGPROJ_LOCALEDIR": cls.locale}, lang="zh-CN", dish="拿铁")

    @classmethod
    def tearDownClass(cls):
        cls.e.close()
        shutil.rmtree(cls.locale, ignore_errors=True)

    def setUp(self):
        # Away first, then the address with its token again: the tests before changed the tags.
        self.e.driver.get("about:blank")
        self.e.load_tags(len(tags(self.e.dir)))
        self.e.wait(lambda d: d.execute_script("return performance.getEntriesByName('tagproj shown').length > 0"), "the photo never showed")

    def test_1_the_page_is_in_chinese_its_toolbar_tooltips_and_dialogs(self):
        e = self.e
        d = e.driver
        self.assertEqual(d.find_element(By.TAG_NAME, "html").get_attribute("lang"), "zh-CN")
        self.assertEqual(e.button("add-dish").find_element(By.CSS_SELECTOR, ".label").text, "菜名")
        self.assertEqual(e.button("add-price").find_element(By.CSS_SELECTOR, ".label").text, "价格")
        self.assertEqual(e.button("undo").get_attribute("title"), "撤销（Ctrl+Z）")
        self.assertEqual(e.button("arrange").get_attribute("aria-label"), "自动排列重叠的标签")
        self.assertEqual(d.find_element(By.ID, "tag-text").get_attribute("placeholder"), "菜名或价格")
        self.assertEqual(d.find_element(By.ID, "tag-text").get_attribute("title"), "输入菜名或价格，然后点击照片")
        self.assertEqual(e.tag(1).get_attribute("alt"), "菜名标签 #1：拿铁")
        # The export dialog's quality names the config key it defaults to (`tagproj config export.quality`).
        key = ["config", "export", "quality"]
        self.assertEqual(english_words(page_texts(d), key), [], "English left on the editor")
        # Served so: the first paint is Chinese, not filled in by the script afterwards.
        response, body = e.get("/", token=None)
        self.assertEqual(response.status, 200)
        self.assertEqual(response.getheader("Content-Language"), "en", "a request without Accept-Language is English")
        connection = http.client.HTTPConnection("127.0.0.1", e.port, timeout=10)
        connection.request("GET", "/", headers={"Host": "127.0.0.1:%d" % e.port, "Accept-Language": "zh-CN,zh;q=0.9,en;q=0.8"})
        page = connection.getresponse()
        html_text = page.read().decode()
        connection.close()
        self.assertEqual(page.getheader("Content-Language"), "zh-CN")
        self.assertIn('<html lang="zh-CN">', html_text)
        self.assertIn(">撤销</span>", html_text)
        self.assertNotIn("{{", html_text)
        # The keys' list and the export dialog.
        e.button("help").click()
        e.wait(lambda d: d.execute_script("return document.getElementById('help-dialog').open"), "the keys' list did not open")
        help_text = d.find_element(By.ID, "help-dialog").text
        self.assertIn("手势和按键", help_text)
        self.assertIn("撤销、重做", help_text)
        self.assertEqual(english_words(page_texts(d), key), [], "English left in the keys' list")
        d.execute_script("document.getElementById('help-dialog').close()")
        e.button("export").click()
        dialog = e.wait(lambda d: d.find_element(By.CSS_SELECTOR, "[data-export-dialog][open]"), "no export dialog")
        self.assertIn("保存到项目旁边", dialog.text)
        self.assertEqual([o.text for o in Select(dialog.find_element(By.CSS_SELECTOR, "select[name=size]")).options],
                         ["原始尺寸", "1080 px（网页）", "长边…"])
        # The name and folder it will write are names, as the project's is.
        where = dialog.find_element(By.CSS_SELECTOR, ".export-where")
        e.wait(lambda d: "p-tagged.jpg" in where.text, "the dialog does not say what it writes")
        self.assertTrue(where.text.startswith("将保存为 p-tagged.jpg，位于 "), where.text)
        names = re.findall(r"[A-Za-z][A-Za-z0-9]+", os.path.realpath(e.dir) + " p-tagged.jpg") + key
        self.assertEqual(english_words(page_texts(d), names), [], "English left in the export dialog")
        d.execute_script("document.getElementById('export-dialog').close()")

    def test_2_what_the_server_words_comes_back_in_chinese(self):
        e = self.e
        # An edit the server refuses: a request that only reads, sent as an edit.
        e.driver.execute_script("edit({op: 'list'})")
        e.wait(lambda d: e.status().startswith("错误："), "no error shown")
        self.assertEqual(e.status(), "错误：“list”不是编辑操作，也不是历史记录中的一步")
        # The status the page words itself: adding a dish.
        e.button("add-dish").click()
        e.wait(lambda d: "输入菜名" in e.status(), "the page did not say how to add a dish: " + e.status())

    def test_3_adding_moving_and_undoing_work(self):
        e = self.e
        text = e.driver.find_element(By.ID, "tag-text")
        text.send_keys("豆浆")
        text.send_keys(Keys.ENTER)
        e.wait(lambda d: len(d.find_elements(By.CSS_SELECTOR, "[data-tag-id]")) == 3, "the new dish never showed")
        self.assertEqual(tags(e.dir)[3]["text"], "豆浆")
        e.settled(3)
        before = tags(e.dir)[1]["x"]
        e.press(1, Keys.ARROW_RIGHT)
        e.settled(4)
        self.assertGreater(tags(e.dir)[1]["x"], before)
        e.button("undo").click()
        e.wait(lambda d: history(e.dir)["cursor"] == 3, "undo did not reach the project")
        self.assertEqual(tags(e.dir)[1]["x"], before)
        e.wait(lambda d: d.find_elements(By.CSS_SELECTOR, "#history li.undone"), "no undone entry shown")
        self.assertEqual(e.driver.find_element(By.CSS_SELECTOR, '#history [data-seq="0"]').text, "（起点）")

    def test_4_axe_finds_no_violation_in_chinese(self):
        e = self.e
        self.assertEqual(AccessibilityTests.violations(e), [], "the Chinese editor")
        e.button("help").click()
        e.wait(lambda d: d.execute_script("return document.getElementById('help-dialog').open"), "the keys' list did not open")
        self.assertEqual(AccessibilityTests.violations(e), [], "the Chinese keys' list")
        e.driver.execute_script("document.getElementById('help-dialog').close()")


class PhoneTests(unittest.TestCase):
    """The same page on a phone: 390×844 CSS pixels, devicePixelRatio 3, touch."""

    def setUp(self):
        self.editor = Editor(phone=True, big=True)

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

class ConcurrentReadsTests(unittest.TestCase):
    """The server answers the page's reads side by side (the photo decodes while the tags are
    drawn) and each edit alone: what it answers must not depend on that."""

    def setUp(self):
        self.editor = Editor()

    def tearDown(self):
        self.editor.close()

    PATHS = ["/api/photo?w=600&h=400", "/api/photo?w=150&h=100&x=0.25&y=0.25&rw=0.5&rh=0.5",
             "/api/tag?id=1&w=600&h=400", "/api/tag?id=2&w=600&h=400&side=left",
             "/api/tag?id=1&w=300&h=200&side=left", "/api/tags?w=600&h=400&ids=1:right,2:left",
             "/api/state", "/api/preview?at=1&max_size=200"]

    def read_at_once(self, threads, rounds):
        """Every path, from `threads` threads at once, `rounds` times each: the answers, and the
        errors of requests that got none."""
        auth = {"X-Tagproj-Token": self.editor.token}
        answers, errors = [], []

        def reader(k):
            for i in range(rounds):
                path = self.PATHS[(k + i) % len(self.PATHS)]
                try:
                    answers.append((path, self.editor.request("GET", path, headers=auth)))
                except Exception as error:  # noqa: BLE001 - any failure is what the test reports
                    errors.append("%s: %r" % (path, error))
        workers = [threading.Thread(target=reader, args=(k,)) for k in range(threads)]
        for w in workers:
            w.start()
        for w in workers:
            w.join(120)
        return answers, errors

    def test_reads_at_once_answer_byte_for_byte_as_reads_one_at_a_time(self):
        e = self.editor
        auth = {"X-Tagproj-Token": e.token}
        alone = {path: e.request("GET", path, headers=auth) for path in self.PATHS}
        for path, (status, body) in alone.items():
            self.assertEqual(status, 200, "%s: %s" % (path, body[:200]))
        answers, errors = self.read_at_once(threads=8, rounds=7)
        self.assertEqual(errors, [])
        self.assertEqual(len(answers), 56)
        for path, answer in answers:
            self.assertEqual(answer[0], 200, path)
            self.assertTrue(answer[1] == alone[path][1], "%s answered other bytes when read alongside others" % path)

    def test_edits_during_reads_are_each_recorded_once_and_every_read_is_answered(self):
        e = self.editor
        ours = {"X-Tagproj-Token": e.token, "Origin": e.origin, "Content-Type": "application/json"}
        statuses = []

        def flipper():
            for _ in range(6):
                statuses.append(e.request("POST", "/api/edit", json.dumps({"op": "flip", "id": 1}), ours)[0])
        editing = threading.Thread(target=flipper)
        editing.start()
        answers, errors = self.read_at_once(threads=4, rounds=7)
        editing.join(120)
        self.assertEqual(errors, [])
        self.assertEqual(statuses, [200] * 6)
        self.assertEqual([path for path, (status, _) in answers if status != 200], [])
        for path, (_, body) in answers:
            if path == "/api/state":
                self.assertIn(json.loads(body)["tags"][0]["side"], ("left", "right"))
        self.assertEqual(len(history(e.dir)["entries"]), 2 + 6, "each flip is one entry")
        status, body = e.request("GET", "/api/state", headers=ours)
        self.assertEqual(json.loads(body)["tags"][0]["side"], tags(e.dir)[1]["side"], "the page and the CLI agree")


class SecurityTests(unittest.TestCase):
    """Trying to get in as another user of the machine, or another web page in the browser, would."""

    @classmethod
    def setUpClass(cls):
        cls.editor = Editor()

    @classmethod
    def tearDownClass(cls):
        cls.editor.close()

    def assertRefused(self, answer, status, meaning):
        """`answer` (status, body) is a refusal with `status`, in the codec's failure shape, as
        every failure the editor answers is."""
        self.assertEqual(answer[0], status, answer[1])
        body = json.loads(answer[1])
        self.assertEqual((body["ok"], body["meaning"]), (False, meaning), body)
        self.assertTrue(body["error"], body)
        return body

    def test_a_page_without_the_token_gets_no_project(self):
        e = self.editor
        e.driver.delete_all_cookies()
        e.load(e.origin + "/")
        e.wait(lambda d: "error" in e.status(), "no error without a token")
        self.assertEqual(e.driver.find_elements(By.CSS_SELECTOR, "[data-tag-id]"), [])
        e.load(e.origin + "/?again#token=" + "0" * 32)
        e.wait(lambda d: "not valid" in e.status(), "a wrong token was accepted")

    def test_the_api_refuses_a_missing_or_wrong_token(self):
        e = self.editor
        body = self.assertRefused(e.request("GET", "/api/state"), 401, "refused")
        self.assertEqual(body["hint"], "open the URL that 'tagproj open' printed")
        self.assertRefused(e.request("GET", "/api/state", headers={"X-Tagproj-Token": "f" * 32}), 401, "refused")
        self.assertRefused(e.request("GET", "/api/state", headers={"Cookie": "tagproj_session=" + "f" * 32}), 401, "refused")
        # Whether a call exists is told only to the token's holder.
        self.assertRefused(e.request("GET", "/api/no-such-call"), 401, "refused")
        self.assertRefused(e.request("GET", "/api/no-such-call", headers={"X-Tagproj-Token": e.token}), 404, "not_found")
        status, body = e.request("GET", "/api/state", headers={"X-Tagproj-Token": e.token})
        self.assertEqual(status, 200)
        self.assertEqual(len(json.loads(body)["tags"]), 2)

    def test_a_foreign_host_is_refused_even_with_the_token(self):
        e = self.editor
        for host in ("evil.example:%d" % e.port, "127.0.0.1:1", "attacker.test"):
            self.assertRefused(e.request("GET", "/", headers={"Host": host}), 421, "refused")
            self.assertRefused(e.request("GET", "/api/state", headers={"Host": host, "X-Tagproj-Token": e.token}), 421, "refused")

    def test_a_cross_origin_or_non_post_edit_is_refused(self):
        e = self.editor
        body = json.dumps({"op": "delete", "id": 1})
        auth = {"X-Tagproj-Token": e.token, "Content-Type": "application/json"}
        self.assertRefused(e.request("POST", "/api/edit", body, dict(auth, Origin="http://evil.example")), 403, "refused")
        self.assertRefused(e.request("POST", "/api/edit", body, auth), 403, "refused")  # no Origin at all
        self.assertRefused(e.request("GET", "/api/edit", headers=auth), 405, "invalid_request")
        self.assertIn(1, tags(e.dir), "nothing was deleted")

    def test_oversized_bodies_and_garbage_json_are_refused(self):
        e = self.editor
        ours = {"X-Tagproj-Token": e.token, "Origin": e.origin, "Content-Type": "application/json"}
        self.assertEqual(e.oversized_post(declared=True), 413)
        self.assertEqual(e.oversized_post(declared=False), 413)
        for garbage in ('{"op":', "[]", '{"op":"move","id":1}', '{"op":"flip","id":"1"}', '{"op":"drop tables"}',
                        '{"op":"move","id":1,"x":1e308,"y":0}', "\xff\xfe", '{"op":"add","kind":"dish"}'):
            self.assertRefused(e.request("POST", "/api/edit", garbage.encode("utf-8", "surrogateescape"), ours), 400, "invalid_request")
        self.assertEqual(len(history(e.dir)["entries"]), 2, "nothing was recorded")
        # The server is still there.
        self.assertEqual(e.request("GET", "/api/version", headers=ours)[0], 200)

    def test_an_export_past_the_pixel_limit_is_refused_and_the_server_stays(self):
        """Issue 40, item 7: a scale of 1e300 trapped converting the output's size, ending the server."""
        e = self.editor
        ours = {"X-Tagproj-Token": e.token, "Origin": e.origin, "Content-Type": "application/json"}
        before = sorted(os.listdir(e.dir))
        for body in ('{"format":"png","scale":1e300}', '{"format":"png","scale":5e6}', '{"format":"png","width":1000000}'):
            refused = self.assertRefused(e.request("POST", "/api/export", body, ours), 400, "invalid_request")
            self.assertIn("the output would be ", refused["error"])
        self.assertEqual(sorted(os.listdir(e.dir)), before, "nothing was written")
        self.assertEqual(e.request("GET", "/api/version", headers=ours)[0], 200, "the server is still there")

    def test_slow_clients_do_not_lock_out_the_user(self):
        e = self.editor
        slow = SlowClients(e.host, e.port, 200, every=1.0)
        try:
            # The attack is under way: every connection has sent a header line since its first.
            self.assertTrue(slow.dribbled.wait(10))
            for path, headers in (("/", {}), ("/api/state", {"X-Tagproj-Token": e.token})):
                try:
                    status, _ = e.request("GET", path, headers=headers)
                except TimeoutError:
                    self.fail("GET %s got no answer in 10 s while 200 slow clients were connected" % path)
                self.assertEqual(status, 200, path)
            # Answered while the attack still held its connections, not once they were cut off
            # at the header deadline: the user never waits for the attackers to be dropped.
            self.assertEqual(slow.still_connected(), 200)
        finally:
            slow.close()

    def test_a_client_that_never_finishes_its_headers_is_disconnected(self):
        e = self.editor
        slow = SlowClients(e.host, e.port, 1, every=1.0)
        try:
            sock = slow.sockets[0]
            sock.settimeout(20)
            try:
                self.assertEqual(sock.recv(4096), b"", "the server answered headers that never ended")
            except ConnectionResetError:
                pass  # hung up on, seen as a reset because the client was still sending
            except TimeoutError:
                self.fail("a client still sending a header line every second was connected after 20 s")
        finally:
            slow.close()

    def test_responses_forbid_framing_and_foreign_scripts(self):
        e = self.editor
        connection = http.client.HTTPConnection("127.0.0.1", e.port, timeout=10)
        connection.request("GET", "/", headers={"Host": "127.0.0.1:%d" % e.port})
        response = connection.getresponse()
        response.read()
        self.assertIn("frame-ancestors 'none'", response.getheader("Content-Security-Policy"))
        self.assertIn("script-src 'self'", response.getheader("Content-Security-Policy"))
        self.assertEqual(response.getheader("X-Frame-Options"), "DENY")
        connection.close()

    def test_the_server_listens_on_loopback_only(self):
        e = self.editor
        with open("/proc/net/tcp") as f:
            listening = [line.split() for line in f.readlines()[1:]]
        ours = [l for l in listening if int(l[1].split(":")[1], 16) == e.port and l[3] == "0A"]
        self.assertEqual([l[1].split(":")[0] for l in ours], ["0100007F"])


class TricklingBodyTests(unittest.TestCase):
    """Requests whose headers come whole and whose body then trickles, from more connections than
    the server takes at once (520, over its 512): every request must arrive whole within one
    deadline, and one without the token is refused before its body is read."""

    @classmethod
    def setUpClass(cls):
        enough_descriptors()
        cls.editor = Editor()

    @classmethod
    def tearDownClass(cls):
        cls.editor.close()

    def head(self, path="/api/edit", length=1000, **headers):
        e = self.editor
        fields = dict({"Host": "127.0.0.1:%d" % e.port, "Origin": e.origin, "Content-Type": "application/json",
                       "Content-Length": str(length)}, **headers)
        return "POST %s HTTP/1.1\r\n%s\r\n" % (path, "".join("%s: %s\r\n" % item for item in fields.items()))

    def test_a_request_without_the_token_is_refused_once_its_headers_are_in_before_its_body(self):
        e = self.editor
        for headers, status, meaning in (({}, 401, "refused"), ({"X-Tagproj-Token": "f" * 32}, 401, "refused"),
                                         ({"X-Tagproj-Token": e.token, "Origin": "http://evil.example"}, 403, "refused"),
                                         ({"X-Tagproj-Token": e.token, "Host": "evil.example"}, 421, "refused")):
            with self.subTest(headers=headers), socket.create_connection(("127.0.0.1", e.port), timeout=5) as sock:
                sock.sendall(self.head(**headers).encode())  # and not a byte of the body
                answer, body, closed = read_answer(sock, 10)
                self.assertEqual(answer, status, "no answer before the body came")
                self.assertEqual((body["ok"], body["meaning"]), (False, meaning), body)
                self.assertTrue(body["error"], body)
                self.assertIn("hint", body)
                self.assertTrue(closed, "the connection was kept, waiting for a body that will not be read")

    def test_bodies_that_trickle_do_not_lock_out_the_user(self):
        e = self.editor
        entries = len(history(e.dir)["entries"])
        attack = TricklingBodies(e.port, self.head(), 520, every=8)
        try:
            ours = {"X-Tagproj-Token": e.token, "Origin": e.origin, "Content-Type": "application/json"}
            flips, end = 0, time.monotonic() + 20
            while time.monotonic() < end:
                for method, path, body in (("GET", "/api/state", None), ("POST", "/api/edit", json.dumps({"op": "flip", "id": 1}))):
                    try:
                        status, answer = e.request(method, path, body, ours, timeout=3)
                    except (TimeoutError, ConnectionError) as error:
                        self.fail("%s %s got no answer within 3 s (a bound on a loaded machine, not a measure) while 520 connections trickled their bodies (%r)"
                                  % (method, path, error))
                    self.assertEqual(status, 200, answer)
                flips += 1
                time.sleep(1.5)
        finally:
            attack.close()
        self.assertEqual(len(history(e.dir)["entries"]), entries + flips, "every flip was made once")
        # Every connection of the attack was answered, before it sent a byte of its body: 401.
        self.assertGreaterEqual(len(attack.first_answers), 520)
        self.assertEqual(set(attack.answers), {401})

    def test_the_users_own_request_whose_body_trickles_is_cut_at_its_deadline(self):
        e = self.editor
        entries = len(history(e.dir)["entries"])
        body = json.dumps({"op": "delete", "id": 2}).encode() + b" " * 40
        head = self.head(length=len(body), **{"X-Tagproj-Token": e.token})
        sent, status = trickle_until_cut(e.port, head, body, every=1.0, within=20)
        self.assertIsNotNone(sent, "a body trickling one byte a second was still read after 20 s")
        self.assertLess(sent, len(body), "cut before the body was whole")
        self.assertIsNone(status, "hung up on, not answered")
        self.assertIn(2, tags(e.dir), "nothing was deleted")
        self.assertEqual(len(history(e.dir)["entries"]), entries)
        self.assertEqual(e.request("GET", "/api/version", headers={"X-Tagproj-Token": e.token})[0], 200)


class Network:
    """A network of its own, inside a network namespace this test makes (`unshare --net`): the
    loopback, and a veth pair with both ends inside, v0 10.250.0.1 and v1 10.250.0.2, the default
    route through v0. The server and its clients run in it (`nsenter`), so no test traffic leaves
    it: nothing is sent to the machine's own addresses or beyond. `veth=False`: the loopback alone."""

    ADDRESS = "10.250.0.1"
    CLIENT = r"""
import http.client, json, sys
results = []
for host, port, method, path, headers in json.loads(sys.argv[1]):
    try:
        connection = http.client.HTTPConnection(host, port, timeout=10)
        connection.request(method, path, body=b"" if method == "POST" else None, headers=headers)
        response = connection.getresponse()
        results.append({"status": response.status, "body": response.read().decode("utf-8", "replace"),
                        "cookie": response.getheader("Set-Cookie")})
        connection.close()
    except OSError as error:
        results.append({"error": type(error).__name__})
with open("/proc/net/tcp") as f:
    listening = [line.split()[1] for line in f.readlines()[1:] if line.split()[3] == "0A"]
print(json.dumps({"results": results, "listening": listening}))
"""

    def __init__(self, veth=True):
        root = os.geteuid() == 0
        unshare = ["unshare", "--net"] + ([] if root else ["--map-root-user"])
        setup = ["ip link set lo up"]
        if veth:
            setup += ["ip link add v0 type veth peer name v1", "ip addr add 10.250.0.1/24 dev v0",
                      "ip addr add 10.250.0.2/24 dev v1", "ip link set v0 up", "ip link set v1 up",
                      "ip route add default dev v0"]
        script = " && ".join(setup) + " && echo ready && exec sleep 600"
        if not shutil.which("unshare") or not shutil.which("nsenter") or not shutil.which("ip"):
            raise unittest.SkipTest("needs unshare, nsenter (util-linux) and ip (iproute2)")
        self.holder = subprocess.Popen(unshare + ["sh", "-c", script], stdout=subprocess.PIPE,
                                       stderr=subprocess.PIPE, text=True)
        if self.holder.stdout.readline().strip() != "ready":
            reason = self.holder.stderr.read().strip()
            self.holder.wait(timeout=10)
            self.holder.stdout.close()
            self.holder.stderr.close()
            raise unittest.SkipTest("cannot make a network namespace here (%s): %s" % (" ".join(unshare), reason))
        # Not root: the user namespace unshare made too, keeping our ids (it may not set groups).
        self.enter = ["nsenter", "--target", str(self.holder.pid), "--net"] + (
            [] if root else ["--user", "--preserve-credentials"])

    def close(self):
        self.holder.kill()
        self.holder.wait(timeout=10)
        self.holder.stdout.close()
        self.holder.stderr.close()

    def start(self, cwd, *args):
        """`tagproj open p.tagproj --no-browser --port 0 ARGS…` inside the namespace."""
        return subprocess.Popen(self.enter + [TAGPROJ, "open", "p.tagproj", "--no-browser", "--port", "0", *args],
                                cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)

    def requests(self, *requests):
        """Sends each (host, port, method, path, headers) from inside the namespace; returns each
        answer ({"status", "body", "cookie"} or {"error": the exception's name}) and the addresses
        listening there (as /proc/net/tcp writes them)."""
        run = subprocess.run(self.enter + [sys.executable, "-c", self.CLIENT, json.dumps(requests)],
                             capture_output=True, text=True, timeout=60)
        assert run.returncode == 0, run.stderr
        answer = json.loads(run.stdout)
        return answer["results"], answer["listening"]


def stop(server):
    """Stops `tagproj open` as Ctrl-C does; returns its exit status and the rest of its stdout and stderr."""
    server.send_signal(signal.SIGINT)
    out, err = server.communicate(timeout=10)
    return server.returncode, out, err


class LanTests(unittest.TestCase):
    """`tagproj open --lan`: a phone on the same network can edit, with the token, and nothing else
    changes without it. Tried only in a network of the test's own (see `Network`)."""

    @classmethod
    def setUpClass(cls):
        cls.network = Network()
        cls.dir = tempfile.mkdtemp(prefix="tagproj-lan-")
        status, _, err = cli("new", "p.tagproj", PHOTO, cwd=cls.dir)
        assert status == 0, err

    @classmethod
    def tearDownClass(cls):
        cls.network.close()
        shutil.rmtree(cls.dir, ignore_errors=True)

    def listening_port(self, port, listening):
        """The addresses (as /proc/net/tcp writes them) listening on `port`."""
        return sorted(entry.split(":")[0] for entry in listening if int(entry.split(":")[1], 16) == port)

    def test_lan_serves_the_network_address_behind_the_same_token(self):
        server = self.network.start(self.dir, "--lan")
        try:
            local, lan = server.stdout.readline().strip(), server.stdout.readline().strip()
            port = int(local.split("/#")[0].rsplit(":", 1)[1])
            token = local.split("#token=")[1]
            self.assertEqual(lan, "http://%s:%d/#token=%s" % (Network.ADDRESS, port, token))
            host = "%s:%d" % (Network.ADDRESS, port)
            ours = {"Host": host, "X-Tagproj-Token": token}
            results, listening = self.network.requests(
                (Network.ADDRESS, port, "GET", "/", {"Host": host}),
                (Network.ADDRESS, port, "GET", "/api/state", ours),
                (Network.ADDRESS, port, "GET", "/api/state", {"Host": host}),
                (Network.ADDRESS, port, "GET", "/api/state", {"Host": host, "X-Tagproj-Token": "f" * 32}),
                (Network.ADDRESS, port, "GET", "/api/state", dict(ours, Host="evil.example:%d" % port)),
                (Network.ADDRESS, port, "GET", "/api/state", dict(ours, Host="10.250.0.2:%d" % port)),
                (Network.ADDRESS, port, "POST", "/api/session", dict(ours, Origin="http://" + host)),
                (Network.ADDRESS, port, "POST", "/api/session", dict(ours, Origin="http://evil.example")),
                ("127.0.0.1", port, "GET", "/api/state", {"Host": "127.0.0.1:%d" % port, "X-Tagproj-Token": token}),
                ("10.250.0.2", port, "GET", "/", {"Host": "10.250.0.2:%d" % port}))
            page, state, no_token, wrong_token, foreign, other_address, session, cross, loopback, elsewhere = results
            self.assertEqual(page["status"], 200)
            self.assertEqual(state["status"], 200, state)
            self.assertEqual(json.loads(state["body"])["tags"], [])
            self.assertEqual(no_token["status"], 401)
            self.assertEqual(wrong_token["status"], 401)
            self.assertEqual(foreign["status"], 421)
            self.assertEqual(other_address["status"], 421)
            self.assertEqual(session["status"], 200, session)
            self.assertIn("SameSite=Strict", session["cookie"])
            self.assertEqual(cross["status"], 403)
            self.assertEqual(loopback["status"], 200)
            # Only the two addresses listen, never every address (0.0.0.0) or v1's.
            self.assertEqual(elsewhere, {"error": "ConnectionRefusedError"})
            self.assertEqual(self.listening_port(port, listening), ["0100007F", "0100FA0A"])
        finally:
            status, _, err = stop(server)
        self.assertEqual(status, 0, err)
        self.assertIn("on the network at " + lan + " (v0, the default route's interface)", err)
        self.assertIn("note: not served: 10.250.0.2 (v1)", err)
        self.assertRegex(err, r"\nwarning: the network connection is not encrypted: anyone on the network can see")
        # The QR code: half blocks, with a quiet zone of at least four modules (two lines) above.
        code = [line for line in err.split("\n") if line and set(line) <= set(" ▀▄█")]
        self.assertGreaterEqual(len(code), 17)
        self.assertTrue(all(line.startswith("    ") and line.endswith("    ") for line in code))
        self.assertTrue(code[0].strip() == "" and code[1].strip() == "" and code[2].strip().startswith("█▀▀▀▀▀█"))
        if shutil.which("zbarimg"):
            self.assertEqual(self.decode(code), lan)

    def decode(self, code):
        """What zbarimg reads in the half-block QR code, drawn as a bitmap."""
        rows = [row for line in code for row in ([c in "█▀" for c in line], [c in "█▄" for c in line])]
        path = os.path.join(self.dir, "qr.pbm")
        with open(path, "w") as f:
            f.write("P1\n%d %d\n" % (len(rows[0]) * 8, len(rows) * 8))
            for row in rows:
                f.write((" ".join("1" if dark else "0" for dark in row for _ in range(8)) + "\n") * 8)
        run = subprocess.run(["zbarimg", "-q", "--raw", path], capture_output=True, text=True, timeout=60)
        return run.stdout.strip()

    def test_without_lan_nothing_listens_on_the_network_address(self):
        server = self.network.start(self.dir)
        try:
            local = server.stdout.readline().strip()
            port = int(local.split("/#")[0].rsplit(":", 1)[1])
            token = local.split("#token=")[1]
            results, listening = self.network.requests(
                (Network.ADDRESS, port, "GET", "/", {"Host": "%s:%d" % (Network.ADDRESS, port)}),
                ("127.0.0.1", port, "GET", "/api/state", {"Host": "%s:%d" % (Network.ADDRESS, port), "X-Tagproj-Token": token}),
                ("127.0.0.1", port, "GET", "/api/state", {"Host": "127.0.0.1:%d" % port, "X-Tagproj-Token": token}))
            self.assertEqual(results[0], {"error": "ConnectionRefusedError"})
            self.assertEqual(results[1]["status"], 421)  # the LAN address is not a name of this server
            self.assertEqual(results[2]["status"], 200)
            self.assertEqual(self.listening_port(port, listening), ["0100007F"])
        finally:
            status, out, err = stop(server)
        self.assertEqual((status, out), (0, ""), err)  # one address only
        self.assertNotIn("warning:", err)
        self.assertNotIn("on the network", err)

    def test_lan_without_a_network_fails_and_says_why(self):
        alone = Network(veth=False)
        try:
            server = alone.start(self.dir, "--lan")
            out, err = server.communicate(timeout=30)
        finally:
            alone.close()
        self.assertEqual((server.returncode, out), (1, ""))
        self.assertEqual(err, "error: no network to serve on: no interface that is up has an IPv4 address other "
                              "than 127.0.0.1\nhint: connect this machine to the phone's network (Wi-Fi or Ethernet) first\n")


class NoBrowserTests(unittest.TestCase):
    """`open` without a browser to start says so, and serves on."""

    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="tagproj-no-browser-")
        status, _, err = cli("new", "p.tagproj", PHOTO, cwd=self.dir)
        assert status == 0, err
        self.bin = os.path.join(self.dir, "bin")
        os.mkdir(self.bin)

    def tearDown(self):
        shutil.rmtree(self.dir, ignore_errors=True)

    def xdg_open(self, status):
        """An xdg-open on PATH that notes its process id and the address it was given, then exits
        with `status`."""
        path = os.path.join(self.bin, "xdg-open")
        with open(path, "w") as f:
            f.write("#!/bin/sh\necho \"$$ $1\" > \"%s/ran.tmp\" && /bin/mv \"%s/ran.tmp\" \"%s/ran\"\nexit %d\n"
                    % (self.dir, self.dir, self.dir, status))
        os.chmod(path, 0o755)

    def ran(self):
        """The process id and the address the test's xdg-open noted, or None before it ran."""
        try:
            with open(os.path.join(self.dir, "ran")) as f:
                pid, address = f.read().strip().split(" ", 1)
                return int(pid), address
        except FileNotFoundError:
            return None

    def opened(self):
        """The address the test's xdg-open was given."""
        return self.ran()[1]

    def open(self):
        """`tagproj open` with only the test's folder on PATH, stopped once it has said all it will
        say of the browser; its address and its stderr. The server reaps xdg-open and writes its
        note on one thread, before it looks at the signal that stops it: once xdg-open is gone from
        /proc (reaped, not a zombie), stopping the server cannot cut a note off, however slow the
        machine. (Without an xdg-open the note comes before the server waits for any signal.)"""
        server = subprocess.Popen([TAGPROJ, "open", "p.tagproj", "--port", "0"], cwd=self.dir, stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, text=True, env=dict(os.environ, PATH=self.bin))
        url = server.stdout.readline().strip()
        if os.path.exists(os.path.join(self.bin, "xdg-open")):
            guard = time.monotonic() + 60  # against a hang only: nothing here is timed
            while (ran := self.ran()) is None or os.path.exists("/proc/%d" % ran[0]):
                self.assertLess(time.monotonic(), guard, "xdg-open never ran, or the server never reaped it")
                time.sleep(0.02)
        status, _, err = stop(server)
        self.assertEqual(status, 0, err)
        return url, err

    def test_without_xdg_open_it_says_no_browser_was_found(self):
        url, err = self.open()
        self.assertTrue(url.startswith("http://127.0.0.1:"), url)
        self.assertIn("\nnote: no browser found; open the address above\n", err)

    def test_an_xdg_open_that_finds_no_browser_is_reported_the_same(self):
        self.xdg_open(3)  # what xdg-open exits with when nothing can open the address
        url, err = self.open()
        self.assertTrue(self.opened().startswith("file:///"), "the page that forwards to the address (BrowserLaunchTests)")
        self.assertIn("\nnote: no browser found; open the address above\n", err)

    def test_a_browser_that_starts_says_nothing(self):
        self.xdg_open(0)
        url, err = self.open()
        self.assertTrue(self.opened().startswith("file:///"), self.opened())
        self.assertNotIn("note:", err)
        self.assertNotIn("warning:", err)


def command_lines():
    """Every process's command line, as any user of the machine reads it: {pid: bytes}."""
    lines = {}
    for pid in os.listdir("/proc"):
        if pid.isdigit():
            try:
                with open("/proc/%s/cmdline" % pid, "rb") as f:
                    lines[int(pid)] = f.read()
            except OSError:
                pass  # gone, or not ours to read
    return lines


class BrowserLaunchTests(unittest.TestCase):
    """`open` starts the browser on a private file that forwards to its address, as Jupyter does,
    so the token is never on a command line, where every user of the machine reads it
    (/proc/PID/cmdline of xdg-open and of the browser)."""

    @classmethod
    def setUpClass(cls):
        cls.driver = chromium()

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()

    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="tagproj-launch-")
        for args in (("new", "p.tagproj", PHOTO), ("add", "p.tagproj", "dish", "Flat white", "--at", "0.3,0.35")):
            status, _, err = cli(*args, cwd=self.dir)
            assert status == 0, err
        self.bin = os.path.join(self.dir, "bin")
        os.mkdir(self.bin)
        # An xdg-open that notes its arguments, one a line, then stays a while, as a browser's
        # launcher does, so its command line can be read.
        self.arguments = os.path.join(self.dir, "arguments")
        with open(os.path.join(self.bin, "xdg-open"), "w") as f:
            f.write("#!/bin/sh\nprintf '%%s\\n' \"$@\" > '%s'\n/bin/sleep 3\n" % self.arguments)
        os.chmod(os.path.join(self.bin, "xdg-open"), 0o755)
        self.runtime = os.path.join(self.dir, "runtime")
        os.mkdir(self.runtime, 0o700)

    def tearDown(self):
        shutil.rmtree(self.dir, ignore_errors=True)

    def recorded(self):
        """What the stand-in xdg-open noted so far."""
        try:
            with open(self.arguments) as f:
                return f.read()
        except FileNotFoundError:
            return ""

    def launch(self, runtime):
        """`tagproj open` with the stand-in xdg-open, `XDG_RUNTIME_DIR` set to `runtime` (None:
        unset); returns the server, the address it printed and the one argument xdg-open got,
        while xdg-open still runs, after checking that no process's command line holds the token."""
        env = dict(state_of(self.dir), PATH=self.bin)
        env.pop("XDG_RUNTIME_DIR", None)
        if runtime:
            env["XDG_RUNTIME_DIR"] = runtime
        server = subprocess.Popen([TAGPROJ, "open", "p.tagproj", "--port", "0"], cwd=self.dir, stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, text=True, env=env)
        self.addCleanup(lambda: server.poll() is not None or stop(server))
        url = server.stdout.readline().strip()
        self.assertRegex(url, r"^http://127\.0\.0\.1:\d+/#token=[0-9a-f]{32}$", "stdout says the address as before")
        token = url.split("#token=")[1].encode()
        deadline = time.monotonic() + 20
        while not (recorded := self.recorded()).endswith("\n"):
            self.assertLess(time.monotonic(), deadline, "xdg-open never ran")
            time.sleep(0.05)
        arguments = recorded.splitlines()
        self.assertEqual(len(arguments), 1, arguments)
        # xdg-open sleeps on: its command line is there to read, and holds no token; nor does any other.
        lines = command_lines()
        self.assertTrue(any(arguments[0].encode() in line for line in lines.values()), "xdg-open's command line was not found")
        self.assertEqual([(pid, line) for pid, line in lines.items() if token in line], [], "the token is on a command line")
        return server, url, arguments[0]

    def assertForwards(self, argument, url, folder):
        """`argument` is a file:// URL of a private file in `folder` that forwards to `url`; returns its path."""
        self.assertTrue(argument.startswith("file:///"), argument)
        path = urllib.parse.unquote(argument[len("file://"):])
        self.assertEqual(os.path.dirname(path), folder)
        info = os.lstat(path)
        self.assertTrue(stat.S_ISREG(info.st_mode), "a regular file, not a link")
        self.assertEqual((stat.S_IMODE(info.st_mode), info.st_uid), (0o600, os.geteuid()), "readable by the user alone")
        with open(path) as f:
            page = f.read()
        self.assertIn('<meta http-equiv="refresh" content="0;url=%s">' % html.escape(url), page)
        self.assertIn('<a href="%s">' % html.escape(url), page)
        return path

    def test_the_browser_gets_a_private_file_that_forwards_to_the_editor_and_is_removed_at_ctrl_c(self):
        server, url, argument = self.launch(self.runtime)
        path = self.assertForwards(argument, url, os.path.join(self.runtime, "tagproj"))
        # A real browser given that file arrives at the editor, its token accepted.
        self.driver.get(argument)
        WebDriverWait(self.driver, 30, poll_frequency=0.05).until(
            lambda d: len(d.find_elements(By.CSS_SELECTOR, "[data-tag-id]")) == 1, "the editor never showed the project's tag")
        self.assertTrue(self.driver.current_url.startswith(url.split("#")[0]), self.driver.current_url)
        status, _, err = stop(server)
        self.assertEqual(status, 0, err)
        self.assertFalse(os.path.lexists(path), "the file outlived open")

    def test_without_a_usable_runtime_folder_the_file_is_in_the_state_folder_and_removed_at_sigterm(self):
        os.chmod(self.runtime, 0o777)  # another user could swap files in it: not used
        for runtime in (self.runtime, None):
            with self.subTest(runtime=runtime):
                if os.path.exists(self.arguments):
                    os.unlink(self.arguments)
                server, url, argument = self.launch(runtime)
                path = self.assertForwards(argument, url, os.path.join(self.dir, ".state", "tagproj"))
                server.send_signal(signal.SIGTERM)
                server.communicate(timeout=10)
                self.assertEqual(server.returncode, 0)
                self.assertFalse(os.path.lexists(path), "the file outlived open")
        self.assertEqual(os.listdir(self.runtime), [])


if __name__ == "__main__":
    unittest.main(argv=[sys.argv[0], "-v", *sys.argv[1:]])
