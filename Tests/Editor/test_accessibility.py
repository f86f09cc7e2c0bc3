#!/usr/bin/env python3
"""axe-core finds no WCAG 2 A/AA violation on the editor, its dialogs and its drawer, at a
desktop's size and a phone's (issue 44, item 11), in a real Chromium driven by Selenium.

Run: python3 Tests/Editor/test_accessibility.py [unittest arguments]   (scripts/test.sh runs it)
TAGPROJ_BINARY=path/to/tagproj tests another build (default: .build/debug/tagproj).
"""
import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Editor, violations  # noqa: E402  (the fixtures: Tests/Editor/harness.py)

from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402


class AccessibilityTests(unittest.TestCase):
    """axe-core (bundled by PyPI's axe-selenium-python) finds no WCAG 2 A/AA violation on the
    editor, its dialogs and its drawer, at a desktop's size and a phone's (issue 44, item 11): each
    test with a Chromium of its kind."""

    def check(self, phone):
        e = Editor(phone=phone)
        try:
            e.load()
            self.assertEqual(violations(e), [], "the editor")
            e.tag(1).click()
            e.wait(lambda d: e.tag(1).get_attribute("aria-pressed") == "true", "the click did not select")
            self.assertEqual(violations(e), [], "with a tag selected")
            if phone:
                e.button("history").click()
                e.wait(lambda d: "open" in d.find_element(By.ID, "side").get_attribute("class"), "the drawer did not open")
                self.assertEqual(violations(e), [], "with the history drawer open")
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
                self.assertEqual(violations(e), [], "with %s open" % dialog)
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
            self.assertEqual(violations(e), [], "with an undone entry")
        finally:
            e.close()

    def test_the_editor_at_a_desktops_size(self):
        self.check(phone=False)

    def test_the_editor_on_a_phone(self):
        self.check(phone=True)


if __name__ == "__main__":
    unittest.main(argv=[sys.argv[0], "-v", *sys.argv[1:]])
