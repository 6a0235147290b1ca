"""What changed between two moves of a game (ora_rules.views.diff)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from ora_core.values import Good
from ora_rules.scoring import score_player
from ora_rules.testing.strategies import random_game
from ora_rules.views.diff import diff, states_after
from tests.modes.games import CONFIGS, Config
from tests.support import new_state, rules, set_goods


@given(config=st.sampled_from(CONFIGS), seed=st.integers(0, 2), a=st.floats(0, 1),
       b=st.floats(0, 1))
def test_the_diff_holds_every_goods_space_and_score_change(config: Config, seed: int,
                                                            a: float, b: float) -> None:
    events, states = random_game(config.players, config.variant, config.length, seed)
    moves = len(states) - 1
    ma, mb = int(a * moves), int(b * moves)
    at = states_after(events, [ma, mb])
    assert at[ma].version == states[ma].version and at[mb].version == states[mb].version
    d = diff(at[ma], at[mb], rules())
    by_seat = {s.seat: s for s in d.seats}
    for pa, pb in zip(at[ma].players, at[mb].players, strict=True):
        changed = {g for g in set(pa.goods) | set(pb.goods) if pa.count(g) != pb.count(g)}
        seat = by_seat.get(pa.seat)
        assert changed == ({c.good for c in seat.goods} if seat else set())
        if seat is not None:
            for c in seat.goods:
                assert (c.before, c.after) == (pa.count(c.good), pb.count(c.good))
            for s in seat.spaces:
                space = pb.landscape.get((s.col, s.row))
                assert s.after == (None if space is None else space.card or "")
            if not pa.neutral:
                assert (seat.score_before, seat.score_after) == (
                    score_player(pa, rules()).total, score_player(pb, rules()).total)
    if ma == mb:
        assert d.game == () and d.seats == ()


def test_a_diff_in_words() -> None:
    a = new_state(4, seed=1)
    b = set_goods(a, 0, **{g.value: a.players[0].count(g) for g in a.players[0].goods},
                  book=1)
    d = diff(a, b, rules())
    (red,) = d.seats
    assert red.goods[0].good is Good.BOOK and (red.goods[0].before, red.goods[0].after) == (0, 1)
    assert "Red has 1 book more." in red.text
    assert f"Red's score went from {red.score_before} to {red.score_after}." in red.text
    assert d.text == list(red.text)
