#!/usr/bin/env python3
"""A deliberately wrong implementation, which the conformance runner must catch: the Python
runtime (runtimes/python) with Python's str.strip() for `trim` (it also strips U+001C-U+001F) and
len() for lengths in characters (it counts code points, not grapheme clusters).

Usage: wrong_implementation.py SCHEMA.json
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../../../runtimes/python/src"))

from rulecheck_runtime import _text, conformance  # noqa: E402

# NB: before the rules load, since each definition compiles its normalizers and lengths once.
_text.NORMALIZERS["trim"] = str.strip
_text.LENGTHS["characters"] = len
sys.exit(conformance.main(sys.argv[1:]))
