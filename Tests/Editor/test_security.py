#!/usr/bin/env python3
"""The editor attacked as another user of the machine, or another web page in the browser, would:
the token, the Host and Origin, bodies too big or garbage, slow clients, the listening address.
CI runs this file under AddressSanitizer too (.ci/run).

Run: python3 Tests/Editor/test_security.py [unittest arguments]   (scripts/test.sh runs it)
TAGPROJ_BINARY=path/to/tagproj tests another build (default: .build/debug/tagproj).
"""
import http.client
import json
import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Editor, SlowClients, history, tags  # noqa: E402  (the fixtures: Tests/Editor/harness.py)

from selenium.webdriver.common.by import By  # noqa: E402


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


if __name__ == "__main__":
    unittest.main(argv=[sys.argv[0], "-v", *sys.argv[1:]])
