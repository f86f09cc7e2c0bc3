#!/usr/bin/env python3
"""Requests whose headers come whole and whose body then trickles, from more connections than the
editor's server takes at once: refused before the body without the token, cut at the deadline
with it, and the user never locked out. CI runs two of these under AddressSanitizer (.ci/run).

Run: python3 Tests/Editor/test_trickling_bodies.py [unittest arguments]   (scripts/test.sh runs it)
TAGPROJ_BINARY=path/to/tagproj tests another build (default: .build/debug/tagproj).
"""
import json
import os
import socket
import sys
import time
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Editor, TricklingBodies, enough_descriptors, history, read_answer, tags, trickle_until_cut  # noqa: E402  (the fixtures: Tests/Editor/harness.py)


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


if __name__ == "__main__":
    unittest.main(argv=[sys.argv[0], "-v", *sys.argv[1:]])
