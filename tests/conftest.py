"""Hypothesis profiles (ora_rules.testing.profiles): ``dev`` by default, ``ci`` in CI,
``thorough`` by hand.

Select with ``HYPOTHESIS_PROFILE=ci`` (the profile ``ora-ci`` of the package's pytest plugin), or
``pytest --ora-profile=ci``. The explain phase is off everywhere: on whole games it costs minutes
and adds nothing to a printed failing game.
"""

from __future__ import annotations

import os

from ora_rules.testing.profiles import load_profile

load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))
