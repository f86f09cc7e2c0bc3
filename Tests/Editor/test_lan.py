#!/usr/bin/env python3
"""`tagproj open --lan`: served on the network address behind the same token, only with --lan,
and a clear failure without a network; tried only in a network namespace of the test's own.

Run: python3 Tests/Editor/test_lan.py [unittest arguments]   (scripts/test.sh runs it)
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
from harness import Network, PHOTO, cli, stop  # noqa: E402  (the fixtures: Tests/Editor/harness.py)


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


if __name__ == "__main__":
    unittest.main(argv=[sys.argv[0], "-v", *sys.argv[1:]])
