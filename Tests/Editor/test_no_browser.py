#!/usr/bin/env python3
"""`tagproj open` without a browser to start says so and serves on; with one, says nothing.

Run: python3 Tests/Editor/test_no_browser.py [unittest arguments]   (scripts/test.sh runs it)
TAGPROJ_BINARY=path/to/tagproj tests another build (default: .build/debug/tagproj).
"""
import os
import shutil
import subprocess
import sys
import tempfile
import time
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import PHOTO, TAGPROJ, cli, stop  # noqa: E402  (the fixtures: Tests/Editor/harness.py)


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


if __name__ == "__main__":
    unittest.main(argv=[sys.argv[0], "-v", *sys.argv[1:]])
