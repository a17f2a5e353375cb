"""`python3 -m rulecheck_runtime SCHEMA.json` is `python3 -m rulecheck_runtime.conformance SCHEMA.json`."""

import sys

from .conformance import main

sys.exit(main())
