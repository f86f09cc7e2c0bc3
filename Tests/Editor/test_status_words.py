#!/usr/bin/env python3
"""The editor's status speaks of tags by their text and of what happened, one notice per line, in
the page's language (issue 44, item 9): not the CLI's `move #1 to 0.990,0.600  warning: #1 moved to
0.990,0.600 to stay inside the photo  warning: #1 overlaps #2`. In a real Chromium driven by
Selenium, with the editor's fixture (Tests/Editor/harness.py).

Run: python3 Tests/Editor/test_status_words.py [unittest arguments]   (scripts/test.sh runs it)
TAGPROJ_BINARY=path/to/tagproj tests another build (default: .build/debug/tagproj).
"""
import os
import shutil
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Editor, chinese_catalog, cli, english_words, history, tags, violations  # noqa: E402  (the fixtures)

from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402


class StatusWords:
    """A project whose price tag (#2, ¥28) stands at the right edge, and a move of the dish (#1)
    past that edge: the library pushes it back inside, puts its bubble on the left, where it
    overlaps the price. What the status then shows, line by line."""

    dish = None
    lang = None

    @classmethod
    def setUpClass(cls):
        cls.locale = chinese_catalog(tempfile.mkdtemp(prefix="tagproj-locale-")) if cls.lang else None
        cls.e = Editor(environment={"TAGPROJ_LOCALEDIR": cls.locale} if cls.locale else None, lang=cls.lang, dish=cls.dish)
        status, _, err = cli("move", "p.tagproj", "2", "--to", "0.9,0.6", cwd=cls.e.dir)
        assert status == 0, err

    @classmethod
    def tearDownClass(cls):
        cls.e.close()
        if cls.locale:
            shutil.rmtree(cls.locale, ignore_errors=True)

    def setUp(self):
        e = self.e
        e.driver.get("about:blank")
        e.load_tags(len(tags(e.dir)))
        e.wait(lambda d: d.execute_script("return performance.getEntriesByName('tagproj shown').length > 0"), "the photo never showed")

    def lines(self):
        """The status's lines, each its own element inside the live region: (text, class)."""
        return self.e.driver.execute_script("""
            return [...document.querySelectorAll('#status[role=status][aria-live] li')].map((li) => [li.textContent, li.className]);""")

    def push_past_the_edge(self):
        """Moves the dish past the right edge, as a drag that ends off the photo asks, and waits for
        the status to tell of it."""
        e = self.e
        entries = len(history(e.dir)["entries"])
        e.driver.execute_script("edit({op: 'move', id: 1, to: '1.2,0.6'})")
        e.settled(entries + 1)
        e.wait(lambda d: len(self.lines()) == 4, "the status did not show four lines")
        return self.lines()

    def check_pushed(self, expected):
        lines = self.push_past_the_edge()
        self.assertEqual([text for text, _ in lines], expected)
        # What was done, then each notice, a warning marked as one.
        self.assertEqual([kind for _, kind in lines], ["", "warning", "warning", "warning"])
        # Neither ids nor coordinates: the CLI's words stay the CLI's.
        for text, _ in lines:
            self.assertNotRegex(text, r"#\d|0\.\d{3}")
        # The live region reads them as lines.
        self.assertEqual(self.e.status().split("\n"), expected)
        # The tags are where the lines say.
        t = tags(self.e.dir)
        self.assertEqual(t[1]["side"], "left")
        self.assertLess(t[1]["x"], 1)

    def check_undo(self, expected):
        """A move of the dish, then Undo: the status says what was undone, the tag by its text."""
        e = self.e
        entries = len(history(e.dir)["entries"])
        e.driver.execute_script("edit({op: 'move', id: 1, to: '0.3,0.3'})")
        e.settled(entries + 1)
        cursor = history(e.dir)["cursor"]
        e.button("undo").click()
        e.wait(lambda d: history(e.dir)["cursor"] < cursor, "undo did not reach the project")
        e.wait(lambda d: [text for text, _ in self.lines()] == [expected], "undo did not say what it undid")


    def check_fix(self, refusal, expected):
        """A flip that does not fit, refused (`refusal`, the tag by its text), and its fix taken: the
        status says what the fix did (`expected`)."""
        e = self.e
        status, _, err = cli("move", "p.tagproj", "1", "--to", "0.97,0.35", cwd=e.dir)
        assert status == 0, err
        entries = len(history(e.dir)["entries"])
        e.settled(entries)  # the page shows the shell's move
        e.wait(lambda d: e.tag(1).get_attribute("data-side") == "left", "the shell's move did not show")
        e.press(1, Keys.ENTER)
        e.wait(lambda d: refusal in e.status(), "the refusal did not name the tag by its text")
        fix = e.wait(lambda d: d.find_element(By.CSS_SELECTOR, '#status [data-action="fix"]'), "no fix offered")
        fix.click()
        e.settled(entries + 1)
        e.wait(lambda d: [text for text, _ in self.lines()] == [expected], "the fix did not say what it did")


class EnglishStatusTests(StatusWords, unittest.TestCase):
    """In English."""

    dish = "Kung pao chicken"

    def test_1_a_move_pushed_inside_and_overlapping_says_one_line_per_notice_naming_the_tags(self):
        self.check_pushed([
            "Moved “Kung pao chicken”",
            "“Kung pao chicken” was moved in to stay inside the photo",
            "The bubble of “Kung pao chicken” went to the left to stay inside the photo",
            "“Kung pao chicken” overlaps “¥28”",
        ])
        self.assertEqual(violations(self.e), [], "the editor with the status's lines")

    def test_2_an_undo_says_what_it_undid_by_the_tags_text(self):
        self.check_undo("Undid: Moved “Kung pao chicken”")

    def test_3_a_refused_flip_and_its_fix_name_the_tag_by_its_text(self):
        self.check_fix("The bubble of “Kung pao chicken” does not fit on the right of its dot: it would stick out of the photo",
                       "Moved “Kung pao chicken” and flipped its bubble")


class ChineseStatusTests(StatusWords, unittest.TestCase):
    """In Simplified Chinese, as a browser set to Chinese asks for it."""

    dish = "宫保鸡丁"
    lang = "zh-CN"

    def test_1_a_move_pushed_inside_and_overlapping_says_one_line_per_notice_naming_the_tags(self):
        expected = [
            "已移动“宫保鸡丁”",
            "“宫保鸡丁”已向内移动，以免超出照片",
            "“宫保鸡丁”的气泡已移到左侧，以免超出照片",
            "“宫保鸡丁”与“¥28”重叠",
        ]
        self.check_pushed(expected)
        self.assertEqual(english_words(expected), [])
        self.assertEqual(violations(self.e), [], "the Chinese editor with the status's lines")

    def test_2_an_undo_says_what_it_undid_by_the_tags_text(self):
        self.check_undo("已撤销：已移动“宫保鸡丁”")

    def test_3_a_refused_flip_and_its_fix_name_the_tag_by_its_text(self):
        self.check_fix("“宫保鸡丁”的气泡放不到圆点右侧：会超出照片", "已移动“宫保鸡丁”并翻转其气泡")


if __name__ == "__main__":
    unittest.main()
