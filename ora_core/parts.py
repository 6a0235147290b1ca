"""The state's smaller parts that are read rarely: where a building stands, the scores, the
requests awaiting the other players' consent. Frozen attrs classes, imported with the rest of
the model by ``ora_core.state``."""

from __future__ import annotations

from attrs import frozen

from ora_core.values import Coord


@frozen
class ReplaceRequest:
    """Seat ``by`` asks that the bot ``bot`` take ``seat``; ``waiting``: the seats whose
    consent is still awaited (``ora_rules.seats``)."""

    by: int
    seat: int
    bot: str
    waiting: tuple[int, ...]


@frozen
class UndoRequest:
    """A take-back asked by ``seat``: back to the position after move ``to_move`` (stream
    version ``to_version``); ``waiting`` are the seats whose consent is still awaited."""

    seat: int
    to_move: int
    to_version: int
    waiting: tuple[int, ...]


@frozen
class Placement:
    """Where a built building stands: its owner's seat and its space."""

    seat: int
    coord: Coord


@frozen
class WonderScore:
    """One Liesborn wonder tile's points (R-LIES-5, R-LIES-6): a dark-blue tile's base plus its
    variable value times ``count``, the number of times its condition is met."""

    tile: str
    dark: bool
    points: int
    count: int = 0


@frozen
class Score:
    seat: int
    goods: int
    economic: int
    settlements: tuple[int, ...]
    total: int
    #: Liesborn: each wonder tile's points, already counted in ``goods`` (R-LIES-6).
    wonders: tuple[WonderScore, ...] = ()
