#!/usr/bin/env python3
"""Tests of Scripts/agree.py: it finds a runtime that is wrong, prints cases the engine passes,
and stays quiet when the runtimes agree.

Run: RULECHECK=PATH/TO/rulecheck python3 Scripts/test_agree.py
(the JavaScript runtime is not used here).
"""

import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
RULECHECK = os.environ.get("RULECHECK", "rulecheck")
REFERENCE = "python=env PYTHONPATH=runtimes/python/src python3 -m rulecheck_runtime.conformance {schema}"


def broken(flaw):
    return f"broken=python3 Scripts/agree-tests/broken_reference.py {flaw} {{schema}}"


def agree(*arguments, env=None):
    return subprocess.run(
        [sys.executable, os.path.join(HERE, "agree.py"), "--rulecheck", RULECHECK, *arguments],
        cwd=ROOT, capture_output=True, text=True, encoding="utf-8", timeout=300, env=env)


def spec_files(output, rules):
    """The spec files agree.py printed, each made runnable with a `rules:` line."""
    parts = re.split(r"^# A spec file of its own.*\n", output, flags=re.M)[1:]
    return [part.replace("rulecheck: 1\n", f"rulecheck: 1\nrules: {rules}\n", 1) for part in parts]


class AgreeTests(unittest.TestCase):
    def assert_printed_cases_pass(self, output, rules="rules"):
        """Every printed case is ready: the engine passes it as printed."""
        files = spec_files(output, os.path.join(ROOT, rules))
        self.assertTrue(files, output)
        with tempfile.TemporaryDirectory() as folder:
            for number, text in enumerate(files):
                path = os.path.join(folder, f"printed-{number}.yaml")
                with open(path, "w", encoding="utf-8") as file:
                    file.write(text)
                result = subprocess.run([*RULECHECK.split(), path], cwd=ROOT, capture_output=True, text=True)
                self.assertEqual(result.returncode, 0, result.stdout[-2000:] + result.stderr[-2000:])
                self.assertRegex(result.stdout, r"[1-9][0-9]* passed, 0 failed")

    def test_a_wrong_trim_is_caught_and_printed_as_cases_the_engine_passes(self):
        result = agree("--implementation", REFERENCE, "--implementation", broken("trim"),
                       "--seed", "1", "--budget", "3", "--type", "TaskTitle", "--type", "TaskNote",
                       "--type", "ToDoTask")
        self.assertEqual(result.returncode, 1, result.stderr)
        self.assertIn("broken gives", result.stdout)
        self.assertNotIn("python gives", result.stdout)
        self.assertIn("\u3000", result.stdout)  # the ideographic space the broken trim keeps
        self.assert_printed_cases_pass(result.stdout)

    def test_a_wrong_message_is_caught(self):
        result = agree("--implementation", REFERENCE, "--implementation", broken("message"),
                       "--seed", "2", "--budget", "3", "--type", "DisplayName", "--type", "Username")
        self.assertEqual(result.returncode, 1, result.stderr)
        self.assertIn("broken gives", result.stdout)
        self.assertIn("language: ja", result.stdout)
        self.assertNotIn("python gives", result.stdout)
        self.assert_printed_cases_pass(result.stdout)

    def test_the_reference_agrees_with_the_engine(self):
        for rules in ("rules", "Tests/GeneratedCodeTests/Features/rules"):
            with self.subTest(rules=rules):
                result = agree("--rules", rules, "--implementation", REFERENCE, "--implementation",
                               broken("none"), "--seed", "7", "--inputs", "1200", "--budget", "60")
                self.assertEqual(result.returncode, 0, result.stdout[:3000] + result.stderr)
                self.assertEqual(result.stdout, "")
                count = int(re.search(r"agree: (\d+) inputs", result.stderr).group(1))
                self.assertEqual(count, 1200, result.stderr)

    def test_inputs_stops_at_that_many(self):
        result = agree("--implementation", REFERENCE, "--inputs", "70", "--batch", "40", "--type", "Plan")
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn("agree: 70 inputs", result.stderr)

    def test_a_budget_of_zero_still_compares_one_batch(self):
        result = agree("--implementation", REFERENCE, "--budget", "0", "--batch", "40", "--type", "Plan")
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn("agree: 40 inputs", result.stderr)

    def test_suggest_cache_gives_the_same_inputs_and_follows_the_rules(self):
        with tempfile.TemporaryDirectory() as folder:
            rules, cache = os.path.join(folder, "rules"), os.path.join(folder, "cache")
            os.mkdir(rules)
            shutil.copy(os.path.join(ROOT, "rules", "username.yaml"), rules)
            environment = {**os.environ, "AGREE_SUGGEST_CACHE": cache}
            arguments = ["--implementation", REFERENCE, "--rules", rules, "--inputs", "60", "--seed", "3"]
            first = agree(*arguments, env=environment)
            self.assertEqual(first.returncode, 0, first.stderr)
            self.assertEqual(len(os.listdir(cache)), 1)
            again = agree(*arguments, env=environment)
            self.assertEqual((again.returncode, again.stdout), (first.returncode, first.stdout))
            self.assertEqual(len(os.listdir(cache)), 1)
            with open(os.path.join(rules, "username.yaml"), "a", encoding="utf-8") as file:
                file.write("\n")
            changed = agree(*arguments, env=environment)
            self.assertEqual(changed.returncode, 0, changed.stderr)
            self.assertEqual(len(os.listdir(cache)), 2)

    def test_bad_arguments_are_clear_errors(self):
        cases = [
            (["--implementation", "no-equals-sign"], "is not NAME=COMMAND"),
            (["--implementation", REFERENCE, "--type", "NoSuchType"], "no type or model 'NoSuchType'"),
            (["--today", "tomorrow"], "is not YYYY-MM-DD"),
            (["--batch", "0"], "--batch and --inputs are at least 1"),
            (["--inputs", "0"], "--batch and --inputs are at least 1"),
            (["--budget", "-1"], "--budget at least 0"),
            (["--rules", "no/such/folder"], "rulecheck export failed"),
            (["--implementation", "x=/no/such/program {schema}"], "x: no answer to its first request"),
        ]
        for arguments, message in cases:
            with self.subTest(arguments=arguments):
                result = agree(*(["--budget", "1"] if "--budget" not in arguments else []), *arguments)
                self.assertEqual(result.returncode, 2, result.stderr)
                self.assertIn(message, result.stderr + result.stdout)


if __name__ == "__main__":
    unittest.main(verbosity=2)
