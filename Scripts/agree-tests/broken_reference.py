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
sys.path.insert(0, os.path.join(HERE, "..", "..", "runtimes", "python", "src"))

from rulecheck_runtime import _core, _text, _unicode, conformance  # noqa: E402

flaw = sys.argv.pop(1)
if flaw == "trim":
    # NB: every module that holds the set of white space, before the rules load: `trim` reads
    # _unicode's at each call, a type that trims first strips _core's.
    broken_white_space = _unicode.WHITE_SPACE_CHARS.replace("\u3000", "")
    _unicode.WHITE_SPACE_CHARS = _text.WHITE_SPACE_CHARS = _core.WHITE_SPACE = broken_white_space
elif flaw == "message":
    message = _core.Violation.message

    def exclaimed(self, language="en"):
        text = message(self, language)
        return text + "!" if language == "ja" and self.outcome.code == "tooLong" else text

    _core.Violation.message = exclaimed
elif flaw != "none":
    sys.exit(f"unknown flaw {flaw!r}")

sys.exit(conformance.main(sys.argv[1:]))
