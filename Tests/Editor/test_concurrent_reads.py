#!/usr/bin/env python3
"""The editor's server answers the page's reads side by side and each edit alone: the answers must
not depend on that. Through HTTP, as the page asks (Tests/Editor/harness.py's fixtures).

Run: python3 Tests/Editor/test_concurrent_reads.py [unittest arguments]   (scripts/test.sh runs it)
TAGPROJ_BINARY=path/to/tagproj tests another build (default: .build/debug/tagproj).
"""
import json
import os
import sys
import threading
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Editor, SharedBrowser, history, tags  # noqa: E402  (the fixtures: Tests/Editor/harness.py)


class ConcurrentReadsTests(SharedBrowser, unittest.TestCase):
    """The server answers the page's reads side by side (the photo decodes while the tags are
    drawn) and each edit alone: what it answers must not depend on that."""

    def setUp(self):
        self.editor = Editor(driver=self.driver)

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


if __name__ == "__main__":
    unittest.main(argv=[sys.argv[0], "-v", *sys.argv[1:]])
