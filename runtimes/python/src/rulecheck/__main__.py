"""`python3 -m rulecheck SCHEMA.json` is `python3 -m rulecheck.conformance SCHEMA.json`."""

import sys

from .conformance import main

sys.exit(main())
