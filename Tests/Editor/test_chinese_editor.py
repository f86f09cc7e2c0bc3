#!/usr/bin/env python3
"""The editor in Simplified Chinese, as a browser set to Chinese opens it (issue 43), in a real
Chromium driven by Selenium: the page, what the server words, the edits, and axe-core's check.

Run: python3 Tests/Editor/test_chinese_editor.py [unittest arguments]   (scripts/test.sh runs it)
TAGPROJ_BINARY=path/to/tagproj tests another build (default: .build/debug/tagproj).
"""
import http.client
import os
import re
import shutil
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness  # noqa: E402  (the fixtures: Tests/Editor/harness.py)
from harness import Editor, chinese_catalog, english_words, history, page_texts, tags, violations  # noqa: E402

from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.support.ui import Select  # noqa: E402


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
        self.assertEqual(harness.placeholders_cut(d), [], "a placeholder is cut")
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
        self.assertEqual(violations(e), [], "the Chinese editor")
        e.button("help").click()
        e.wait(lambda d: d.execute_script("return document.getElementById('help-dialog').open"), "the keys' list did not open")
        self.assertEqual(violations(e), [], "the Chinese keys' list")
        e.driver.execute_script("document.getElementById('help-dialog').close()")


if __name__ == "__main__":
    unittest.main(argv=[sys.argv[0], "-v", *sys.argv[1:]])
