"""``ora bench`` figures of the learning surface (docs/learning.md): encoding an observation,
and a step of the token-by-token game (the legal tokens, then one chosen), on positions of the
bench's corpus. Pure Python, so it runs without the ``learning`` extra."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from ora_core.state import State
from ora_rules.learning import encoding
from ora_rules.learning.session import Session
from ora_rules.specs import Rules


def _step(session: Session, state: State, rng: random.Random) -> None:
    """Offer the tokens of a position and choose one (the first token of a command)."""
    session.set_position(state)
    tokens = session.legal_tokens()
    session.prefix.append(rng.choice(tokens))
    session.legal_tokens()


def learning_figures(rules: Rules, corpus: Sequence[State], quick: bool,
                     best_of: Callable[[Callable[[], object]], float],
                     scaled: Callable[[list[float], float], dict[str, float]]
                     ) -> dict[str, Any]:
    positions = list(corpus[: 30 if quick else 300])
    session = Session(4, rules=rules)
    rng = random.Random(11)
    observe = [best_of(partial(encoding.observe, s, s.flow.turn.decider, rules))
               for s in positions]
    step = [best_of(partial(_step, session, s, rng)) for s in positions]
    return {"encode_observation_us": scaled(observe, 1e6),
            "learning_step_us": scaled(step, 1e6)}
