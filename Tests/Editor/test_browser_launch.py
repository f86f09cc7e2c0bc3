#!/usr/bin/env python3
"""`tagproj open` starts the browser on a private file that forwards to its address, so the token is
never on a command line; a real Chromium given that file arrives at the editor.

Run: python3 Tests/Editor/test_browser_launch.py [unittest arguments]   (scripts/test.sh runs it)
TAGPROJ_BINARY=path/to/tagproj tests another build (default: .build/debug/tagproj).
"""
import html
import os
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import time
import unittest
import urllib.parse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import PHOTO, SharedBrowser, TAGPROJ, cli, command_lines, state_of, stop  # noqa: E402  (the fixtures: Tests/Editor/harness.py)

from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402


class BrowserLaunchTests(SharedBrowser, unittest.TestCase):
    """`open` starts the browser on a private file that forwards to its address, as Jupyter does,
    so the token is never on a command line, where every user of the machine reads it
    (/proc/PID/cmdline of xdg-open and of the browser)."""

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
