"""The browser tests' harness: what every file in Tests/Editor/ shares, and no test of its own.

- Paths and the CLI: `REPO`, `TAGPROJ` (the tagproj under test), `PHOTO`, `JPEG`; `state_of`,
  `cli`, `check`, `tags`, `history`, `raw_status`.
- Chromium: `chromium` starts a headless one (a desktop's or a phone's, in a language);
  `SharedBrowser` gives a test class one of its own, lent to each test's fixture (`borrow`) and
  handed back as a new one would be (`give_back`); `violations` runs axe-core on a page.
- Fixtures: `Editor` (`tagproj open p.tagproj` in a folder of its own) and `Gallery` (`tagproj
  open DIR` on a folder of projects), each with its own server and folder, on a Chromium of its
  own or borrowed (`driver=`).
- The Chinese pages: `chinese_catalog`, `LATIN_NAMES`, `english_words`, `page_texts`.
- Attacks on the server: `SlowClients`, `TricklingBodies`, `enough_descriptors`, `read_answer`,
  `trickle_until_cut`; a network of the test's own (`Network`), `stop`, `command_lines`.

The tests, one file a class or a few (test_editing.py, test_gallery.py, test_security.py, …),
each run alone: `python3 Tests/Editor/test_editing.py [unittest arguments]` (one class or test:
`python3 Tests/Editor/test_editing.py EditorTests.test_double_click_edits_the_text`);
scripts/test.sh runs them all. TAGPROJ_BINARY=path/to/tagproj tests another build (default:
.build/debug/tagproj).
"""
import http.client
import json
import os
import re
import select
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import unittest

from selenium import webdriver
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.by import By
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
    driver.tagproj_kind = (phone, lang)  # what `borrow` holds a fixture's wishes to
    driver.tagproj_window = None if phone else driver.get_window_size()  # what `give_back` restores
    return driver


def borrow(driver, phone=False, lang=None):
    """`driver` (`chromium`'s, a test class's), lent to a fixture that asks for a Chromium of the
    kind `phone` and `lang` say: it must be of that kind (a test that needs another kind starts
    its own)."""
    kind = getattr(driver, "tagproj_kind", (phone, lang))
    assert kind == (phone, lang), "a Chromium %r lent to a fixture that asks for %r" % (kind, (phone, lang))
    return driver


def give_back(driver):
    """Leaves a borrowed Chromium as the next test's fixture must find it, as a new one would be:
    on about:blank (the page gone, with its open dialogs, its focus and its polling), no key or
    button held, no cookie (each test's server is another port of 127.0.0.1, and cookies ignore
    the port) and nothing cached, downloads refused (the next fixture allows them into its own
    folder), and, at a desktop's size, no touch or metrics emulation a test turned on and the
    window's first size (a phone's emulation is ChromeDriver's own, and left as it is)."""
    driver.get("about:blank")
    ActionBuilder(driver).clear_actions()
    # The pointer off the page, so that nothing on the next one is hovered before a test moves it.
    driver.execute_cdp_cmd("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": -1, "y": -1})
    driver.execute_cdp_cmd("Network.clearBrowserCookies", {})
    driver.execute_cdp_cmd("Network.clearBrowserCache", {})
    driver.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "deny"})
    phone, _ = getattr(driver, "tagproj_kind", (False, None))
    if not phone:
        driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
        window = getattr(driver, "tagproj_window", None)
        if window and driver.get_window_size() != window:
            driver.set_window_size(window["width"], window["height"])


def violations(e):
    """axe-core's (bundled by PyPI's axe-selenium-python) WCAG 2 A/AA violations on the page of
    the fixture `e` as it is, one line each."""
    from axe_selenium_python import Axe
    Axe(e.driver).inject()
    e.driver.set_script_timeout(60)
    return e.driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        axe.run(document, {runOnly: {type: "tag", values: ["wcag2a", "wcag2aa"]}})
           .then((r) => done(r.violations.map((v) => v.id + " (" + v.impact + "): " + v.nodes.slice(0, 4).map((n) => n.target.join(" ")).join("; "))))
           .catch((error) => done(["axe failed: " + error]));""")


class SharedBrowser:
    """A test class's one Chromium (mixed in before `unittest.TestCase`): `setUpClass` starts it,
    a phone's with the class attribute `phone`, in the language of `lang`; each test lends it to
    its fixture (`Editor(driver=self.driver)`, `Gallery(driver=self.driver)`), which hands it back
    as it found it; `tearDownClass` quits it."""

    phone = False
    lang = None

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.driver = chromium(cls.phone, cls.lang)

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()
        super().tearDownClass()


class Editor:
    """`tagproj open p.tagproj --no-browser` in a folder of its own, with a headless Chromium on it."""

    script_timeout = 20  # seconds an execute_async_script may take

    def __init__(self, photo_as=None, environment=None, phone=False, big=False, lang=None, dish="Flat white", driver=None):
        """`photo_as`: copy the sample JPEG into the folder under this name and make the project
        from it there, as a user does (`tagproj new p.tagproj p.jpg`). `environment`: more
        variables for the server. `phone`: Chromium as a phone. `big`: the photo enlarged four
        times (2400×1600), so a view has fewer pixels than the photo. `lang`: Chromium in that
        language (see `chromium`). `dish`: the first tag's text. `driver`: a Chromium to borrow
        (a test class's, `SharedBrowser`), of the kind `phone` and `lang` say, which `close`
        hands back on about:blank and never quits; without it the editor starts its own."""
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
        self.start_browser(driver, phone, lang)
        self.downloads = os.path.join(self.dir, "downloads")
        os.mkdir(self.downloads)
        self.driver.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": self.downloads})

    def start_browser(self, driver=None, phone=False, lang=None):
        """Borrows `driver` (see `borrow`), or starts a Chromium of the editor's own."""
        self.borrowed = driver is not None
        self.driver = borrow(driver, phone, lang) if self.borrowed else chromium(phone, lang)
        self.driver.set_script_timeout(self.script_timeout)

    def close(self):
        try:
            if self.borrowed:
                give_back(self.driver)
            else:
                self.driver.quit()
        finally:
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


JPEG = os.path.join(REPO, "Fixtures/images/jpeg-baseline.jpg")


def check(*args, cwd):
    """Runs tagproj, which must succeed; its stdout."""
    status, out, err = cli(*args, cwd=cwd)
    assert status == 0, (args, err)
    return out


class Gallery(Editor):
    """`tagproj open DIR --no-browser` on a folder of three projects, with a headless Chromium on it.
    `a.tagproj` has one tag, `b.tagproj` two that overlap, `c.tagproj` none; the folder also holds
    things that are not served (a hidden project, a link to a project outside, a photo).
    `options`: more arguments for `open`; `lang`, `phone`: Chromium in that language, as a phone;
    `environment`: more variables for the server; `driver`: a Chromium to borrow, as `Editor`'s."""

    script_timeout = 60

    def __init__(self, *options, lang=None, environment=None, phone=False, driver=None):
        self.lang, self.environment = lang, environment
        self.dir = tempfile.mkdtemp(prefix="tagproj-gallery-")
        self.outside = tempfile.mkdtemp(prefix="tagproj-outside-")
        check("new", "a.tagproj", PHOTO, cwd=self.dir)
        check("add", "a.tagproj", "dish", "Flat white", "--at", "0.3,0.35", cwd=self.dir)
        check("new", "b.tagproj", PHOTO, cwd=self.dir)
        for _ in range(2):
            check("add", "b.tagproj", "price", "28", "--at", "0.5,0.5", "--side", "right", cwd=self.dir)
        check("new", "c.tagproj", JPEG, cwd=self.dir)
        check("new", ".hidden.tagproj", JPEG, cwd=self.dir)
        check("new", "secret.tagproj", JPEG, cwd=self.outside)
        os.symlink(os.path.join(self.outside, "secret.tagproj"), os.path.join(self.dir, "link.tagproj"))
        shutil.copyfile(JPEG, os.path.join(self.dir, "photo.jpg"))
        self.start_server(["open", self.dir, "--no-browser", "--port", "0", *options])
        self.start_browser(driver, phone, lang)

    def start_server(self, arguments):
        self.server = subprocess.Popen([TAGPROJ, *arguments], cwd=self.dir, stdout=subprocess.PIPE,
                                       stderr=subprocess.PIPE, text=True,
                                       env=dict(state_of(self.dir), **(getattr(self, "environment", None) or {})))
        self.url = self.server.stdout.readline().strip()
        assert self.url.startswith("http://127.0.0.1:"), self.url + self.server.stderr.read()
        self.origin = self.url.split("/#")[0]
        self.host = self.origin.split("//")[1].rsplit(":", 1)[0]
        self.port = int(self.origin.rsplit(":", 1)[1])
        self.token = self.url.split("#token=")[1]

    def close(self):
        super().close()
        shutil.rmtree(self.outside, ignore_errors=True)

    def grid(self, count):
        """Loads the gallery and waits for `count` cards, every one with its thumbnail or its error."""
        # Away first: the page drops the token from its address once traded, so loading the
        # address again would only change the fragment, and Chromium would keep the old page.
        self.driver.get("about:blank")
        self.driver.get(self.url)
        return self.cards(count)

    def cards(self, count):
        self.wait(lambda d: len(self.ready()) == count, "the grid never showed %d projects" % count)
        return {c.get_attribute("data-project"): c for c in self.ready()}

    def ready(self):
        return self.driver.find_elements(By.CSS_SELECTOR, ".card[data-ready=true]")

    def card(self, name):
        return self.driver.find_element(By.CSS_SELECTOR, '.card[data-project="%s"]' % name)

    def pick(self, path):
        """Picks `path` with the page's file picker, as a user does with Add photo."""
        self.driver.find_element(By.ID, "file-picker").send_keys(path)

    def upload(self, body, headers):
        """POSTs `body` to the upload route with `headers` (Host: ours unless given); the status."""
        headers = dict({"Host": "127.0.0.1:%d" % self.port}, **headers)
        head = "".join("%s: %s\r\n" % item for item in headers.items())
        return self.raw("POST /api/upload HTTP/1.1\r\n%s\r\n" % head, body)

    def raw(self, head, body):
        """Sends `head` then `body` (bytes, or a list of chunks for chunked encoding); the status."""
        if isinstance(body, list):
            body = b"".join(b"%x\r\n%s\r\n" % (len(c), c) for c in body) + b"0\r\n\r\n"
        return raw_status(self.port, head.encode() + body)

    def listing(self):
        status, body = self.request("GET", "/api/gallery", headers={"X-Tagproj-Token": self.token})
        assert status == 200, body
        return [p["name"] for p in json.loads(body)["projects"]]


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


def placeholders_cut(driver):
    """The fields shown whose placeholder is cut short: each field's placeholder measured in its
    own font against the room its box gives, `[id, placeholder, needed, room]`."""
    return driver.execute_script("""
        const context = document.createElement('canvas').getContext('2d');
        return [...document.querySelectorAll('input[placeholder]')].filter((el) => el.offsetParent !== null).map((el) => {
            const s = getComputedStyle(el);
            context.font = s.font;
            const needed = context.measureText(el.placeholder).width;
            const room = el.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight);
            return [el.id, el.placeholder, Math.ceil(needed), Math.floor(room)];
        }).filter(([id, text, needed, room]) => needed > room);""")
