#!/usr/bin/env python3
"""The web form in a real browser: headless Chromium (Debian's chromium and chromium-driver)
driven by Selenium (PyPI), the page served from the repository by Python's http.server on
127.0.0.1 at a free port, started here.

Run from anywhere: python3 Examples/WebForm/test_webform.py
Environment: CHROMIUM (default /usr/bin/chromium), CHROMEDRIVER (default /usr/bin/chromedriver).
"""

import functools
import http.server
import json
import os
import threading
import unittest

from selenium import webdriver
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TODAY = "2026-11-22"


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, ".js": "text/javascript",
                      ".mjs": "text/javascript", ".json": "application/json"}

    def log_message(self, format, *args):
        pass


class WebFormTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        handler = functools.partial(QuietHandler, directory=ROOT)
        cls.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=cls.server.serve_forever, daemon=True).start()
        cls.base = f"http://127.0.0.1:{cls.server.server_address[1]}/Examples/WebForm/index.html"
        options = webdriver.ChromeOptions()
        options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
        for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                         "--lang=en-US", "--window-size=1000,1600"):
            options.add_argument(argument)
        service = Service(executable_path=os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver"))
        cls.browser = webdriver.Chrome(options=options, service=service)
        cls.browser.set_page_load_timeout(30)

    @classmethod
    def tearDownClass(cls):
        cls.browser.quit()
        cls.server.shutdown()
        cls.server.server_close()

    def setUp(self):
        self.browser.get(f"{self.base}?today={TODAY}")
        try:
            WebDriverWait(self.browser, 20).until(
                lambda browser: browser.find_element(By.TAG_NAME, "body").get_attribute("data-ready") != "false")
        except TimeoutException:
            self.fail("the page never finished loading the rules: " + self.text("#status"))
        ready = self.browser.find_element(By.TAG_NAME, "body").get_attribute("data-ready")
        self.assertEqual(ready, "true", "the page could not load the rules: " + self.text("#status") + self.console())

    def console(self):
        try:
            return "\n" + "\n".join(entry["message"] for entry in self.browser.get_log("browser"))
        except Exception:  # not every driver keeps the log
            return ""

    def element(self, selector):
        return self.browser.find_element(By.CSS_SELECTOR, selector)

    def text(self, selector):
        return self.element(selector).text

    def messages(self, form, field):
        return [item.text for item in self.browser.find_elements(By.CSS_SELECTOR, f"#{form}-{field}-errors li")]

    def all_messages(self, form):
        lists = self.browser.find_elements(By.CSS_SELECTOR, f"#{form} .errors")
        found = {}
        for errors in lists:
            items = [item.text for item in errors.find_elements(By.TAG_NAME, "li")]
            if items:
                found[errors.get_attribute("data-field")] = items
        return found

    def eventually(self, read, expected, timeout=5):
        """Asserts that read() comes to `expected` within `timeout` seconds (a loaded machine may
        draw late); the last value read is the failure's message."""
        try:
            WebDriverWait(self.browser, timeout, poll_frequency=0.05).until(lambda _: read() == expected)
        except TimeoutException:
            pass
        self.assertEqual(read(), expected)

    def assert_messages(self, form, field, expected):
        self.eventually(lambda: self.messages(form, field), expected)

    def assert_all_messages(self, form, expected):
        self.eventually(lambda: self.all_messages(form), expected)

    def type(self, selector, text):
        field = self.element(selector)
        field.clear()
        field.send_keys(text)

    def language(self, tag):
        self.element(f"#lang-{tag}").click()
        self.assertEqual(self.browser.execute_script("return document.documentElement.lang"), tag)

    # ---------------------------------------------------------------------------------------

    def test_the_page_loads_the_browser_build_and_only_the_parts_its_rules_need(self):
        loaded = self.browser.execute_script(
            "return performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname)")
        runtime = sorted(path for path in loaded if path.startswith("/runtimes/js/"))
        self.assertEqual(runtime, ["/runtimes/js/dist/rulecheck-categories.js",
                                   "/runtimes/js/dist/rulecheck-normalization.js",
                                   "/runtimes/js/dist/rulecheck.js"])

    def test_a_too_long_title_shows_the_japanese_message_as_you_type(self):
        self.language("ja")
        title = self.element("#task-title")
        title.send_keys("a" * 20)
        self.assert_messages("task", "title", [])
        title.send_keys("b")
        self.assert_messages("task", "title", ["タイトルが長すぎます。"])
        self.assertEqual(title.get_attribute("aria-invalid"), "true")
        title.send_keys(Keys.BACKSPACE)
        self.assert_messages("task", "title", [])
        # The rules trim first and count characters, not code units: 20 family emoji with
        # white space around them is a valid title; 21 are not.
        padded = "  " + "👨‍👩‍👧" * 20 + "\u3000"
        self.type("#task-title", padded)
        self.assertEqual(self.element("#task-title").get_property("value"), padded, "the driver typed it all")
        self.assert_messages("task", "title", [])
        self.element("#task-title").send_keys("🇯🇵")
        self.assert_messages("task", "title", ["タイトルが長すぎます。"])
        # Only the field typed into shows its messages while typing.
        self.assert_messages("task", "note", [])

    def test_an_invalid_sign_up_shows_every_error_at_once_and_none_once_fixed(self):
        self.language("en")
        self.type("#signup-email", "not an address")
        self.type("#signup-password", "abc")
        self.type("#signup-passwordConfirmation", "abc")
        self.type("#signup-birthYear", "1899")
        self.type("#signup-plan", "gold")
        self.element("#signup-submit").click()
        short = ["Too short: the minimum is 8.", "Use at least one digit."]
        self.assert_all_messages("signup", {
            "email": ["This email address is not valid."],
            "password": short,
            "passwordConfirmation": short,
            "birthYear": ["Must be at least 1900."],
            "plan": ["'gold' is not one of the allowed values."],
        })
        self.assertEqual(self.text("#signup-summary"), "7 problems to fix.")
        self.assertEqual(self.text("#signup-result"), "")

        # Two valid passwords that differ: the check across fields, as the user types.
        self.type("#signup-password", "abcdefgh1")
        self.type("#signup-passwordConfirmation", "abcdefgh2")
        self.assert_messages("signup", "password", [])
        self.assert_messages("signup", "passwordConfirmation", ["The passwords do not match."])

        self.type("#signup-email", "  taro@example.com ")
        self.type("#signup-passwordConfirmation", "abcdefgh1")
        self.type("#signup-displayName", "  Ｔａｒｏ   Yamada ")
        self.type("#signup-birthYear", "1990")
        self.type("#signup-plan", " PRO ")
        self.element("#signup-submit").click()
        self.assert_all_messages("signup", {})
        self.assertFalse(self.element("#signup-summary").is_displayed())
        result = self.text("#signup-result")
        self.assertTrue(result.startswith("Valid: "), result)
        self.assertEqual(json.loads(result[len("Valid: "):]), {
            "email": "taro@example.com", "password": "abcdefgh1", "passwordConfirmation": "abcdefgh1",
            "displayName": "Taro Yamada", "birthYear": 1990, "plan": "pro"})

    def test_an_empty_submit_shows_every_required_field_in_the_page_language(self):
        self.language("ja")
        self.element("#signup-submit").click()
        expected_ja = {
            "email": ["メールアドレスが入力されていません"],
            "password": ["パスワードが入力されていません"],
            "passwordConfirmation": ["パスワードが入力されていません"],
            "plan": ["「」は選択できません。"],
        }
        self.assert_all_messages("signup", expected_ja)
        self.assertEqual(self.text("#signup-summary"), "4件のエラーがあります。")
        self.language("en")
        self.assert_all_messages("signup", {
            "email": ["Enter your email address."],
            "password": ["Enter your password."],
            "passwordConfirmation": ["Enter your password."],
            "plan": ["'' is not one of the allowed values."],
        })
        self.assertEqual(self.text("#signup-summary"), "4 problems to fix.")

    def test_a_due_date_before_today_is_refused_and_today_is_not(self):
        self.language("en")
        self.type("#task-title", "Buy milk")
        due = self.element("#task-dueDate")
        for date, messages in (("2026-11-21", ["Must be 2026-11-22 or later."]), ("2026-11-22", [])):
            with self.subTest(date=date):
                self.browser.execute_script(
                    "arguments[0].value = arguments[1];"
                    "arguments[0].dispatchEvent(new Event('input', {bubbles: true}));", due, date)
                self.assert_messages("task", "dueDate", messages)
        self.element("#task-submit").click()
        result = self.text("#task-result")
        self.assertTrue(result.startswith("Valid: "), result)
        self.assertEqual(json.loads(result[len("Valid: "):]), {"title": "Buy milk", "note": "", "dueDate": "2026-11-22"})


if __name__ == "__main__":
    unittest.main(verbosity=2)
