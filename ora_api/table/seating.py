"""How a new game's seats are filled (``game.create``, ``game.fork``): the creator takes a seat
(a token), a bot plays it, or it stays open for an invitation."""

from __future__ import annotations

from collections.abc import Sequence

from attrs import frozen

from ora_api.table.lobby import SeatRow, digest, new_secret
from ora_core.events import SeatTaken


@frozen
class SeatPlan:
    """How ``game.create`` fills a seat: the creator takes it (``name``), a bot plays it
    (``bot``), or it stays open for an invitation (neither)."""

    name: str | None = None
    bot: str | None = None


@frozen
class Seating:
    """The seats' ``SeatTaken`` events, the lobby's rows, and the secrets shown once: seat ->
    token for the seats the creator took, seat -> invitation for the open seats."""

    events: tuple[SeatTaken, ...]
    rows: tuple[SeatRow, ...]
    tokens: dict[int, str]
    invites: dict[int, str]


def fill_seats(people: Sequence[int], plans: Sequence[SeatPlan]) -> Seating:
    """Fill the seats ``people`` (in seat order) as ``plans`` say, one plan per seat."""
    events: list[SeatTaken] = []
    rows: list[SeatRow] = []
    tokens: dict[int, str] = {}
    invites: dict[int, str] = {}
    for number, plan in zip(people, plans, strict=True):
        if plan.bot is not None:
            name = plan.name or plan.bot
            events.append(SeatTaken(seat=number, name=name, bot=plan.bot))
            rows.append(SeatRow(number, name, plan.bot))
        elif plan.name is not None:
            tokens[number] = new_secret()
            events.append(SeatTaken(seat=number, name=plan.name))
            rows.append(SeatRow(number, plan.name, None, token=digest(tokens[number])))
        else:
            invites[number] = new_secret()
            rows.append(SeatRow(number, None, None, invite=digest(invites[number])))
    return Seating(tuple(events), tuple(rows), tokens, invites)
