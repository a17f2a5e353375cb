#!/usr/bin/env python3
"""A deliberately wrong implementation, which the conformance runner must catch: the reference
implementation with Python's str.strip() for `trim` (it also strips U+001C-U+001F) and len() for
lengths in characters (it counts code points, not grapheme clusters).

Usage: wrong_implementation.py SCHEMA.json
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../../../conformance/python"))

import rulecheck_reference  # noqa: E402
import rulecheck_text  # noqa: E402

rulecheck_text.NORMALIZERS["trim"] = str.strip
rulecheck_text.LENGTHS["characters"] = len
rulecheck_reference.main(sys.argv)
