#!/usr/bin/env python3
"""The Python reference implementation, broken on purpose, for Scripts/test_agree.py.

Usage: broken_reference.py FLAW SCHEMA.json, FLAW being
  trim      U+3000 IDEOGRAPHIC SPACE is not white space (trim leaves it);
  message   every Japanese message of a tooLong violation ends with "!";
  none      not broken at all.
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "conformance", "python"))

import rulecheck_reference  # noqa: E402
import rulecheck_rules  # noqa: E402
import rulecheck_text  # noqa: E402

flaw = sys.argv.pop(1)
if flaw == "trim":
    rulecheck_text.WHITE_SPACE = rulecheck_text.WHITE_SPACE - {0x3000}
elif flaw == "message":
    message = rulecheck_rules.Violation.message

    def exclaimed(self, language):
        text = message(self, language)
        return text + "!" if language == "ja" and self.outcome.get("code") == "tooLong" else text

    rulecheck_rules.Violation.message = exclaimed
elif flaw != "none":
    sys.exit(f"unknown flaw {flaw!r}")
rulecheck_reference.main(sys.argv)
