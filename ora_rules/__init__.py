"""ora_rules.

``ora_core`` is imported first: its import puts the compiled core's finder in place
(ora_core/compiled.py) before any module of this package is looked up.
"""

import ora_core  # noqa: F401
