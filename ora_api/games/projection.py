"""The JSON view of a game state (``game.state``): read-only, computed from the folded state.

The view classes below are the API's contract: ``rpc.discover`` derives their JSON Schema from
these annotations (``ora_api.jsonrpc.openrpc``), so a field added here is documented
automatically. The
projection only *reads* the state; every number in it was put there by ``evolve`` from events.
Scores are the ones recorded by the game's end (``state.scores``); ``game.score`` computes the
provisional ones.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal
from uuid import UUID

import attrs
from attrs import field, frozen

from ora_core.state import Score, State
from ora_core.values import Terrain
from ora_rules.readings import profile_of
from ora_rules.views.view import CLOCK_DOCS, ScoreLine, score_line

Status = Literal["playing", "finished"]


def _doc(text: str) -> dict[str, str]:
    return {"doc": text}


@frozen(kw_only=True)
class SpaceView:
    """One landscape space."""

    col: int = field(metadata=_doc("column (kennerspiel coordinates, R-GEO-1)"))
    row: int = field(metadata=_doc("row; heartland rows are 0 and 1"))
    terrain: str = field(metadata=_doc("water, coast, plains, hillside or mountain"))
    card: str | None = field(metadata=_doc("the card on the space (LFO forest, LMO moor, a "
                                           "building or settlement id), or null"))
    covered: list[str] = field(metadata=_doc("cards built over (solo neutral landscape)"))


@frozen(kw_only=True)
class ClergyView:
    """One clergyman and where he stands."""

    kind: Literal["prior", "lay_brother"]
    at: str | None = field(metadata=_doc("the building he stands on, or null when free"))


@frozen(kw_only=True)
class PlayerView:
    """One seat's holdings."""

    seat: int
    colour: str = field(metadata=_doc("R, G, B, W (Y: the solo game's neutral player)"))
    neutral: bool = field(metadata=_doc("the solo game's neutral player (never acts)"))
    name: str | None = field(metadata=_doc("the player's name (seat_taken); null while the "
                                           "seat is open"))
    bot: str | None = field(metadata=_doc("the bot that plays the seat, else null"))
    goods: dict[str, int] = field(metadata=_doc("goods held, by name (wood, grain, coin, ...)"))
    landscape: list[SpaceView]
    clergy: list[ClergyView] = field(metadata=_doc("the prior first, then the lay brothers"))
    settlements: list[str] = field(metadata=_doc("settlement cards in hand (not yet built)"))
    dark_wonders: list[str] = field(factory=list, metadata=_doc(
        "Liesborn: wonder tiles held dark-blue side up, by id (also counted in goods)"))
    light_wonders: list[str] = field(factory=list, metadata=_doc(
        "Liesborn: wonder tiles held light-blue side up, by id (20 points each)"))


@frozen(kw_only=True)
class IndicatorView:
    position: int = field(metadata=_doc("wheel space of the indicator"))
    value: int = field(metadata=_doc("goods it gives now"))


@frozen(kw_only=True)
class WheelView:
    """The production wheel."""

    values: list[int] = field(metadata=_doc("value of each wheel space"))
    indicators: dict[str, IndicatorView] = field(metadata=_doc("in-play indicators by name"))
    removes_at_end: bool


@frozen(kw_only=True)
class PricesView:
    """Landscape prices, the next purchase first."""

    district: list[int]
    plot: list[int]


@frozen(kw_only=True)
class PlacementView:
    """Where a built building stands."""

    building: str
    seat: int
    col: int
    row: int


@frozen(kw_only=True)
class TurnView:
    """The decision the game waits for."""

    kind: str = field(metadata=_doc("action, bonus, settlement, neutral or over"))
    seat: int = field(metadata=_doc("whose slot or settlement turn it is"))
    decider: int | None = field(metadata=_doc(
        "the seat that must decide now (the owner while a work contract is answered); null "
        "once the game is over"))
    main_done: bool
    landscape_bought: bool
    settled: bool
    grants: list[str] = field(metadata=_doc("extra actions granted in this slot, unused"))
    free_uses: list[str] = field(metadata=_doc("buildings usable now without a clergyman"))
    prior_bonus: str | None = field(metadata=_doc("building the prior may join (R-BUILD-7)"))
    contract: str | None = field(metadata=_doc("work contract awaiting its owner's answer"))


@frozen(kw_only=True)
class QueuedTurn:
    kind: str = field(metadata=_doc("a turn kind, or a schedule marker (reveal, final, end)"))
    seat: int


@frozen(kw_only=True)
class FlowView:
    turn: TurnView
    queue: list[QueuedTurn] = field(metadata=_doc("the rest of this round's schedule"))
    settlement: str | None = field(metadata=_doc("the settlement phase in progress (A..E)"))
    final_phase: bool
    round_purchases: list[int] = field(metadata=_doc("seats that bought a landscape this round"))


@frozen(kw_only=True)
class ClockConfig:
    """A game's clock as created (``game.create`` config.clock; CLOCK-1 .. CLOCK-3)."""

    kind: str = field(metadata=_doc(CLOCK_DOCS["kind"]))
    initial: int = field(metadata=_doc(CLOCK_DOCS["initial"]))
    increment: int = field(metadata=_doc(CLOCK_DOCS["increment"]))
    on_timeout: str = field(metadata=_doc(CLOCK_DOCS["on_timeout"]))
    bot: str = field(metadata=_doc("the bot that takes a seat whose time ran out (bot)"))


@frozen(kw_only=True)
class ForkConfig:
    """Where a fork branched off (``game.fork``; docs/records.md "Forks")."""

    game: str = field(metadata=_doc("the source game's id"))
    move: int = field(metadata=_doc("the move of the source after which it branched off"))
    head: str = field(metadata=_doc("sha256:<hash of the source's last event at that move>"))


@frozen(kw_only=True)
class ConfigView:
    players: int
    variant: str
    length: str
    mode: str = field(metadata=_doc("the rules' mode code (R-GEN-2)"))
    seed: int
    colours: list[str] = field(metadata=_doc("the colour of each seat"))
    liesborn: bool
    readings: dict[str, str] = field(metadata=_doc(
        "the option chosen for each rulebook ambiguity (specs/readings.toml)"))
    wonder_tiles: str = field(default="", metadata=_doc(
        "the Liesborn tile set (all or known, AMB-28); empty without Liesborn"))
    profile: str = field(default="rulebook", metadata=_doc(
        "the named set of options the game is played under (rulebook, kennerspiel-0.21, "
        "weblabora; docs/records.md), or its options when they are no named profile"))
    clock: ClockConfig | None = field(default=None, metadata=_doc(
        "the game's clock (game.create config.clock; its state in game.view), null without one"))
    fork: ForkConfig | None = field(default=None, metadata=_doc(
        "a fork's source (game.fork): the game and move it branched off; null for other games"))


@frozen(kw_only=True)
class StateView:
    """A game at one version."""

    game_id: UUID
    version: int = field(metadata=_doc("the number of events folded"))
    status: Status
    config: ConfigView
    round: int
    players: list[PlayerView]
    wheel: WheelView
    display: list[str] = field(metadata=_doc("buildings available to build"))
    stacks: dict[str, int] = field(metadata=_doc("cards left in each stage's stack"))
    prices: PricesView
    work_contract_price: int
    wonders_left: int
    wonder_display: list[str] = field(metadata=_doc(
        "Liesborn: the dark-blue wonder tiles on display (never refilled)"))
    wonder_stack: int = field(metadata=_doc("Liesborn: light-blue wonder tiles in the stack"))
    settlement_phases: list[str] = field(metadata=_doc("settlement phases held so far"))
    built: list[PlacementView]
    flow: FlowView
    scores: list[ScoreLine] | None = field(metadata=_doc("final scores once finished, else "
                                                         "null (see game.score)"))


def status_of(state: State) -> Status:
    return "finished" if state.finished else "playing"


def config_view(state: State) -> ConfigView:
    c = state.config
    return ConfigView(players=c.players, variant=c.variant.value, length=c.length, mode=c.mode,
                      seed=c.seed, colours=list(c.colours), liesborn=c.liesborn,
                      readings=attrs.asdict(c.readings), wonder_tiles=c.wonder_tiles,
                      profile=profile_of(c.readings),
                      clock=ClockConfig(**attrs.asdict(c.clock)) if c.clock else None,
                      fork=ForkConfig(**attrs.asdict(c.fork)) if c.fork else None)


def stored_config(config: Mapping[str, Any]) -> ConfigView:
    """The ``ConfigView`` of a stored summary (``attrs.asdict(config_view(state))``); a summary
    stored before clocks were listed has none."""
    clock, fork = config.get("clock"), config.get("fork")
    return ConfigView(**{**config, "clock": ClockConfig(**clock) if clock else None,
                         "fork": ForkConfig(**fork) if fork else None})


def score_views(scores: tuple[Score, ...]) -> list[ScoreLine]:
    return [score_line(s) for s in scores]


def _terrain(value: str) -> str:
    return Terrain(value).name.lower()


def project(game_id: UUID, state: State) -> StateView:
    """The view of ``state``."""
    players = [
        PlayerView(
            seat=p.seat,
            colour=p.colour,
            neutral=p.neutral,
            name=p.name,
            bot=p.bot,
            goods={g.value: n for g, n in p.goods.items() if n},
            landscape=[
                SpaceView(col=c[0], row=c[1], terrain=_terrain(s.terrain), card=s.card,
                          covered=list(s.covered))
                for c, s in sorted(p.landscape.items(), key=lambda cs: (cs[0][1], cs[0][0]))
            ],
            clergy=[ClergyView(kind="prior" if i == 0 else "lay_brother", at=at)
                    for i, at in enumerate(p.clergy)],
            settlements=list(p.settlements),
            dark_wonders=list(p.dark_wonders),
            light_wonders=list(p.light_wonders),
        )
        for p in state.players
    ]
    wheel = state.wheel
    turn = state.flow.turn
    over = turn.kind == "over" or state.finished
    return StateView(
        game_id=game_id,
        version=state.version,
        status=status_of(state),
        config=config_view(state),
        round=state.round,
        players=players,
        wheel=WheelView(
            values=list(wheel.values),
            indicators={i.value: IndicatorView(position=p, value=wheel.values[p])
                        for i, p in wheel.positions.items()},
            removes_at_end=wheel.removes_at_end,
        ),
        display=list(state.display),
        stacks={stage.value: len(cards) for stage, cards in state.stacks.items()},
        prices=PricesView(district=list(state.district_prices), plot=list(state.plot_prices)),
        work_contract_price=state.work_contract_price,
        wonders_left=state.wonders_left,
        wonder_display=list(state.wonder_display),
        wonder_stack=len(state.wonder_stack),
        settlement_phases=[s.value for s in state.settlement_phases],
        built=[PlacementView(building=b, seat=p.seat, col=p.coord[0], row=p.coord[1])
               for b, p in sorted(state.built.items())],
        flow=FlowView(
            turn=TurnView(
                kind=turn.kind, seat=turn.seat, decider=None if over else turn.decider,
                main_done=turn.main_done, landscape_bought=turn.landscape_bought,
                settled=turn.settled, grants=list(turn.grants), free_uses=list(turn.free_uses),
                prior_bonus=turn.prior_bonus, contract=turn.contract,
            ),
            queue=[QueuedTurn(kind=k, seat=s) for k, s in state.flow.queue],
            settlement=state.flow.settlement.value if state.flow.settlement else None,
            final_phase=state.flow.final_phase,
            round_purchases=sorted(state.flow.round_purchases),
        ),
        scores=score_views(state.scores) if state.scores is not None else None,
    )
