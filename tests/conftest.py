"""Hypothesis profiles (tech-notes §4): ``dev`` by default, ``ci`` in CI, ``thorough`` by hand.

Select with ``HYPOTHESIS_PROFILE`` or ``pytest --hypothesis-profile=NAME``. The explain phase is
off everywhere: on whole games it costs minutes and adds nothing to a printed failing game.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, Phase, settings

NO_EXPLAIN = [Phase.explicit, Phase.reuse, Phase.generate, Phase.target, Phase.shrink]

settings.register_profile("dev", max_examples=25, deadline=None, phases=NO_EXPLAIN,
                          print_blob=True)
settings.register_profile("ci", max_examples=25, deadline=None, phases=NO_EXPLAIN,
                          derandomize=True, print_blob=True, database=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("thorough", max_examples=500, deadline=None, phases=NO_EXPLAIN,
                          print_blob=True, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))
