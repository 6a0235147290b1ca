"""The move notation (ora_rules/notation.py): ``parse`` and ``str`` are inverse on every legal move,
every verb has a worked example, and malformed text is an ``InvalidCommand``, never a crash."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ora_core.errors import InvalidCommand
from ora_core.events import MovePlayed
from ora_core.values import Good
from ora_rules.decide import decide
from ora_rules.notation import (
    VERBS,
    AnswerContract,
    Build,
    BuyDistrict,
    BuyPlot,
    Command,
    Commit,
    Convert,
    CutPeat,
    FellTrees,
    Settle,
    Use,
    WorkContract,
    parse,
)
from ora_rules.testing import strategies as gen


def assert_canonical(command: Command) -> str:
    """``str(command)`` is one canonical line that parses back to ``command``."""
    text = str(command)
    assert text == " ".join(text.split()), f"not one line of single-spaced tokens: {text!r}"
    parsed = parse(text)
    assert parsed == command, f"{text!r} parses to {parsed!r}, not {command!r}"
    assert type(parsed) is type(command)
    assert str(parsed) == text
    return text


# --- every legal move of random positions of random games -----------------------------------------


@given(data=st.data(), config=gen.configs, seed=gen.seeds)
def test_every_legal_move_round_trips(data: st.DataObject, config: tuple[int, str, str],
                                      seed: int) -> None:
    events = gen.new_game(*config, seed)
    verbs: set[str] = set()

    def choose(state: object, moves: list[Command]) -> Command:
        texts = [assert_canonical(move) for move in moves]
        assert len(set(texts)) == len(texts), "legal_moves lists a move twice"
        verbs.update(text.split()[0] for text in texts)
        return gen.drawing_chooser(data)(state, moves)  # type: ignore[arg-type]

    for state, command, new in gen.play(events, choose):
        # The event records the command as its text, and the text decides the same events.
        assert isinstance(new[0], MovePlayed)
        assert new[0].move == str(command)
        assert new[0].seat == state.flow.turn.decider
        assert decide(state, str(command), gen.rules()) == new
    assert verbs >= {"USE", "PRIOR", "BUILD", "COMMIT"}


# --- every verb by example ------------------------------------------------------------------------

EXAMPLES: list[tuple[str, Command]] = [
    ("USE G01", Use("G01")),
    ("USE LR1 -", Use("LR1", ("-",))),
    ("USE G12 4 WoCoShShShPnPn", Use("G12", ("4", "WoCoShShShPnPn"))),
    ("USE G01 G12 4 WoWoWoWoShShShSh", Use("G01", ("G12", "4", "WoWoWoWoShShShSh"))),
    ("USE I40 G39 0 2 PtPtPtPtCoSwSw", Use("I40", ("G39", "0", "2", "PtPtPtPtCoSwSw"))),
    ("PRIOR G06 9 WoWoWoPtPtPt", Use("G06", ("9", "WoWoWoPtPtPt"), prior=True)),
    ("PRIOR LW3", Use("LW3", prior=True)),
    ("BUILD G13 0 -1", Build("G13", (0, -1))),
    ("BUILD I11 -2 2", Build("I11", (-2, 2))),
    ("BUILD F35 2 -1", Build("F35", (2, -1))),
    ("FELL_TREES 1 0", FellTrees((1, 0))),
    ("FELL_TREES 1 -2 Jo", FellTrees((1, -2), joker=True)),
    ("FELL_TREES", FellTrees()),
    ("CUT_PEAT 0 -1", CutPeat((0, -1))),
    ("CUT_PEAT 0 2 Jo", CutPeat((0, 2), joker=True)),
    ("CUT_PEAT", CutPeat()),
    ("WORK_CONTRACT G12 Pn", WorkContract("G12", "Pn")),
    ("WORK_CONTRACT LB3 PnPn", WorkContract("LB3", "PnPn")),
    ("WORK_CONTRACT I21 Wh", WorkContract("I21", "Wh")),
    ("WORK_CONTRACT F08 Wn", WorkContract("F08", "Wn")),
    ("WITH_PRIOR", AnswerContract(prior=True)),
    ("WITH_LAYBROTHER", AnswerContract(prior=False)),
    ("BUY_DISTRICT 2 PLAINS", BuyDistrict(2, "PLAINS")),
    ("BUY_DISTRICT -3 HILLS", BuyDistrict(-3, "HILLS")),
    ("BUY_PLOT 3 MOUNTAIN", BuyPlot(3, "MOUNTAIN")),
    ("BUY_PLOT -1 COAST", BuyPlot(-1, "COAST")),
    ("CONVERT Gn", Convert({Good.GRAIN: 1})),
    ("CONVERT GnGnGnGnGnWnWn", Convert({Good.GRAIN: 5, Good.WINE: 2})),
    ("CONVERT WhWhWh", Convert({Good.WHISKEY: 3})),
    ("CONVERT GnWnWh", Convert({Good.GRAIN: 1, Good.WINE: 1, Good.WHISKEY: 1})),
    ("SETTLE S02 0 0 SwSwSwSwSwSwShSh", Settle("S02", (0, 0), {Good.STRAW: 6, Good.LIVESTOCK: 2})),
    ("SETTLE S06 0 1 WoWoWoPtSwSwPnPnPnPnPn",
     Settle("S06", (0, 1), {Good.WOOD: 3, Good.PEAT: 1, Good.STRAW: 2, Good.COIN: 5})),
    ("SETTLE S08 4 -2 PtPtShSh", Settle("S08", (4, -2), {Good.PEAT: 2, Good.LIVESTOCK: 2})),
    ("SETTLE S01 1 1", Settle("S01", (1, 1), {})),
    ("COMMIT", Commit()),
]


@pytest.mark.parametrize(("text", "command"), EXAMPLES, ids=[t for t, _ in EXAMPLES])
def test_example(text: str, command: Command) -> None:
    assert parse(text) == command
    assert str(command) == text
    assert_canonical(command)


def test_every_verb_has_an_example() -> None:
    assert {text.split()[0] for text, _ in EXAMPLES} == set(VERBS)


@pytest.mark.parametrize(("text", "canonical"), [
    ("  COMMIT ", "COMMIT"),
    ("USE\tG01   a  b", "USE G01 a b"),
    ("CONVERT WnGn", "CONVERT GnWn"),
    ("CONVERT WhGnWhGn", "CONVERT GnGnWhWh"),
    ("SETTLE S01 0 0 ShPt", "SETTLE S01 0 0 PtSh"),
    ("SETTLE S01 0 0 Ni", "SETTLE S01 0 0 PnPnPnPnPn"),  # a 5-coin tile is five coins
    ("SETTLE SR1 2 0 MtPt", "SETTLE S01 2 0 PtMt"),  # a coloured settlement card is its kind
    ("BUILD G01 +0 -0", None),
    ("BUILD G01 00 -01", "BUILD G01 0 -1"),
])
def test_other_spellings_print_canonically(text: str, canonical: str | None) -> None:
    if canonical is None:
        with pytest.raises(InvalidCommand):
            parse(text)
        return
    command = parse(text)
    assert str(command) == canonical
    assert parse(canonical) == command


# --- malformed text -------------------------------------------------------------------------------

MALFORMED = [
    "",
    "   ",
    "commit",  # verbs are upper case
    "HELLO",
    "USE",
    "USE G1",
    "USE X01",
    "USE G001",
    "PRIOR",
    "BUILD G01",
    "BUILD G01 0",
    "BUILD G01 a 0",
    "BUILD G01 0 1.5",
    "BUILD G01 0 0 0",
    "BUILD S01 0 0",
    "FELL_TREES 1",
    "FELL_TREES 1 0 Joker",
    "FELL_TREES 1 0 Jo Jo",
    "FELL_TREES x y",
    "CUT_PEAT 0",
    "CUT_PEAT 0 0 Pn",
    "WORK_CONTRACT G01",
    "WORK_CONTRACT G01 Gn",
    "WORK_CONTRACT G01 PnPnPn",
    "WORK_CONTRACT G01 Pn extra",
    "WORK_CONTRACT 01 Pn",
    "WITH_PRIOR now",
    "WITH_LAYBROTHER 1",
    "COMMIT now",
    "BUY_DISTRICT 1",
    "BUY_DISTRICT 1 COAST",
    "BUY_DISTRICT x PLAINS",
    "BUY_DISTRICT 1 plains",
    "BUY_PLOT 1 PLAINS",
    "BUY_PLOT 1 MOUNTAIN x",
    "CONVERT",
    "CONVERT G",
    "CONVERT Xx",
    "CONVERT Pn",
    "CONVERT GnNi",
    "CONVERT Gn Gn",
    "SETTLE",
    "SETTLE S01 0",
    "SETTLE S09 0 0",
    "SETTLE S1 0 0",
    "SETTLE G01 0 0",
    "SETTLE S01 0 0 Xx",
    "SETTLE S01 0 0 Pn Pn",
]


@pytest.mark.parametrize("text", MALFORMED)
def test_malformed_text_is_an_invalid_command(text: str) -> None:
    with pytest.raises(InvalidCommand):
        parse(text)


def test_a_command_is_text() -> None:
    with pytest.raises(InvalidCommand):
        parse(None)
    with pytest.raises(InvalidCommand):
        parse(b"COMMIT")


def parses_or_is_invalid(text: str) -> None:
    """The whole contract of ``parse`` on any text."""
    try:
        command = parse(text)
    except InvalidCommand:
        return
    assert_canonical(command)


def test_a_huge_number_is_an_invalid_command_or_a_command() -> None:
    # Python refuses to convert integers of more than 4300 digits (a ValueError).
    parses_or_is_invalid("BUILD G01 " + "1" * 5000 + " 0")
    parses_or_is_invalid("BUY_PLOT " + "9" * 5000 + " COAST")


@given(text=st.text())
def test_any_text_parses_or_is_invalid(text: str) -> None:
    parses_or_is_invalid(text)


#: Tokens of the notation, so that generated text often gets past the verb.
_TOKENS = st.sampled_from([
    *VERBS, "G01", "G12", "F08", "I30", "LR1", "LW3", "LY2", "S01", "S05", "SR1", "SY8", "S09",
    "0", "1", "-1", "-2", "12", "00", "-0", "+1", "x", "Jo", "Pn", "PnPn", "PnPnPn", "Wn", "Wh",
    "Ni", "Gn", "GnGn", "GnWnWh", "WoPt", "ShSh", "PLAINS", "HILLS", "COAST", "MOUNTAIN", "-",
])


@given(tokens=st.lists(st.one_of(_TOKENS, st.text(min_size=1, max_size=6)), max_size=7),
       separator=st.sampled_from([" ", "  ", "\t", " \n "]))
def test_notation_like_text_parses_or_is_invalid(tokens: list[str], separator: str) -> None:
    parses_or_is_invalid(separator.join(tokens))
