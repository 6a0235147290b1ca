"""``python -m ora_api.cli``: the ``ora`` command without its entry point."""

import sys

from ora_api.cli import main

sys.exit(main())
