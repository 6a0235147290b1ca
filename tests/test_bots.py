"""Bots, the arena and the benchmark command (issue 5 items 3 and 4)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from ora_api.tools.arena import ADJUDICATE_AFTER, adjudication_limit, arena, run_arena, wilson
from ora_api.tools.selfplay import play_game
from ora_rules.bots import make_bot
from tests.support import rules


@pytest.mark.parametrize("name", ["random", "builder", "greedy:6", "mcts:4"])
def test_a_bot_plays_a_whole_game_reproducibly(name: str) -> None:
    """Bots are seeded: the same seed gives the same game, move for move."""
    bot = make_bot(name, rules())
    first = play_game(rules(), 3, "ireland", "short", 11, [bot])
    second = play_game(rules(), 3, "ireland", "short", 11, [make_bot(name, rules())])
    assert first.finished
    assert first.moves == second.moves


def test_mcts_with_a_time_budget_plays_legal_moves_to_the_end() -> None:
    """``mcts:Nms`` spends a time budget per move instead of a playout count; even a budget of
    0 ms runs one simulation, so the bot always has a child to choose."""
    result = play_game(rules(), 3, "ireland", "short", 11, [make_bot("mcts:0ms", rules())])
    assert result.finished
    with pytest.raises(ValueError, match="mcts:Nms"):
        make_bot("mcts:5s", rules())


def test_greedy_beats_random_more_often_than_not() -> None:
    standings = {s.bot: s for s in arena(rules(), 3, ["greedy:12", "random"], 4, seed=5,
                                         length="short")}
    assert standings["greedy:12"].rate > standings["random"].rate


def test_wilson_interval_contains_the_rate() -> None:
    low, high = wilson(7, 10)
    assert 0 < low < 0.7 < high < 1
    assert wilson(0, 0) == (0.0, 1.0)


def test_unknown_bot_names_the_known_ones() -> None:
    with pytest.raises(ValueError, match="random, uniform, builder, greedy"):
        make_bot("oracle", rules())


@pytest.mark.parametrize(("name", "form"), [
    ("expert:0", "expert:N"), ("expert:abc", "expert:N"), ("solo:-3", "solo:N"),
    ("roll:3", "roll:WxD"), ("mcts:fast", "mcts:Nms"), ("seek:", "seek:ID"),
    ("seek:Z99", "seek:ID"), ("expert:", "expert:N"),
])
def test_a_known_bot_with_a_malformed_parameter_is_told_its_form(name: str, form: str) -> None:
    """Not "unknown bot" for a bot the list names: what its parameter must be (a seeker of a
    building that does not exist failed only when it first looked, as an internal error)."""
    with pytest.raises(ValueError, match=f"^bot '{name}': write .*{form}"):
        make_bot(name, rules())


def test_ora_arena_prints_win_rates_and_ratings_as_json() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "ora_api.cli", "arena", "--players", "3", "--bots",
         "random,builder", "--games", "2", "--length", "short", "--json", "--jobs", "2"],
        capture_output=True, text=True, check=True)
    report = json.loads(result.stdout)
    rows = report["standings"]
    assert {r["bot"] for r in rows} == {"random", "builder"}
    assert sum(r["wins"] for r in rows) == pytest.approx(2)
    for r in rows:
        assert r["ci95"][0] <= r["rate"] <= r["ci95"][1]
    assert {r["bot"] for r in report["ratings"]} == {"random", "builder"}
    for r in report["ratings"]:
        assert r["ci95"][0] <= r["rating"] <= r["ci95"][1]
    assert [g["seed"] for g in report["results"]] == [0, 1]
    assert result.stderr == ""  # no progress bar when the output is JSON (or not a terminal)


def test_arena_results_do_not_depend_on_the_number_of_processes() -> None:
    """Every game has its own seed: the same games in one process or in two."""
    one = run_arena(rules(), 3, ["greedy:4", "random"], 3, seed=2, length="short", jobs=1)
    two = run_arena(rules(), 3, ["greedy:4", "random"], 3, seed=2, length="short", jobs=2)
    assert [(g.bots, g.totals, g.winners) for g in one.games] == \
        [(g.bots, g.totals, g.winners) for g in two.games]
    assert one.ratings == two.ratings
    # Seats rotate: game i seats bot (s + i) mod 2 at seat s.
    assert [g.bots for g in one.games] == [("greedy:4", "random", "greedy:4"),
                                           ("random", "greedy:4", "random"),
                                           ("greedy:4", "random", "greedy:4")]


def test_ora_arena_unknown_bot_is_one_line_and_exit_2() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "ora_api.cli", "arena", "--bots", "random,oracle", "--games",
         "1"], capture_output=True, text=True)
    assert result.returncode == 2
    assert result.stderr.startswith("ora: arena: unknown bot 'oracle'")
    assert len(result.stderr.strip().splitlines()) == 1


def test_ora_bench_quick_reports_every_figure() -> None:
    result = subprocess.run([sys.executable, "-m", "ora_api.cli", "bench", "--quick", "--json"],
                            capture_output=True, text=True, check=True, timeout=600)
    report = json.loads(result.stdout)
    for key in ("command_us", "legal_moves_us", "complete_empty_prefix_us",
                "legal_moves_per_position", "random_game_ms", "fold_sqlite_4p_ms",
                "selfplay_2proc_games_per_s", "peak_memory_mib", "targets", "machine",
                "narrate_4p_ms", "fold_memory_4p_ms", "explain_final_us",
                "encode_observation_us", "learning_step_us"):
        assert report[key] is not None, key
    assert report["encode_observation_us"]["p50"] > 0
    assert report["command_us"]["p50"] > 0
    assert report["legal_moves_per_position"]["max"] >= report["legal_moves_per_position"]["p50"]
    # issue 34: hard's planner on its fixed workload, against the baseline in calibration units
    hard = report["hard_planner"]
    assert hard["decisions"] == 15 and hard["positions_valued"] > 100
    assert hard["positions_per_s"] == pytest.approx(
        hard["positions_valued"] / hard["workload_ms"] * 1e3)
    assert report["targets"]["hard_speedup_over_issue_34"] == [
        hard["speedup_over_issue_34"], 3.0]
    # issue 36: what a command replayed by the solo planner's tweaks costs against a position
    replays = report["solo_replay"]
    assert replays["commands"] > 10 and replays["positions_valued"] > replays["commands"]
    assert replays["commands_per_position"] == pytest.approx(
        replays["position_us"] / replays["command_us"])
    assert replays["counted"] == 8
    # issue 36: expert solo's time a decision, on a fixed workload (its backstop lifted)
    solo = report["expert_solo"]
    assert solo["decisions"] == 8 and solo["positions_valued"] > 8 * 1000
    assert solo["positions_per_s"] == pytest.approx(
        solo["positions_valued"] / solo["decision_ms"] / solo["decisions"] * 1e3)
    assert report["ratios_to_calibration"]["expert_solo_decision"] == solo["to_calibration"]


def test_an_open_ended_game_is_adjudicated_by_the_scores_at_the_turn_limit() -> None:
    """R-END-2: a two-player game ends only when the buildings run out; the arena stops it after
    ``adjudicate_after`` turns and the provisional totals decide (docs/bots.md)."""
    result = run_arena(rules(), 2, ["greedy:4", "random"], 2, seed=3, adjudicate_after=12)
    for game in result.games:
        assert game.adjudicated and not game.finished
        best = max(game.totals)
        assert game.winners == tuple(s for s, t in enumerate(game.totals) if t == best)
        # The same game played again stops at the same position with the same totals.
        replay = play_game(rules(), 2, "france", "long", game.seed,
                           [make_bot(n, rules()) for n in game.bots], max_rounds=12)
        assert replay.rounds == 13 and not replay.finished and replay.scores == ()
        assert game.totals == replay.totals
    assert sum(s.wins for s in result.standings) == 2


def test_games_with_a_fixed_end_are_never_adjudicated() -> None:
    """R-END-1: the three- and four-player games end after their last round, whatever the limit."""
    assert adjudication_limit(rules(), 3, "france", "short") is None
    assert adjudication_limit(rules(), 2, "france", "long") == ADJUDICATE_AFTER
    assert adjudication_limit(rules(), 2, "france", "short") == ADJUDICATE_AFTER
    game = run_arena(rules(), 3, ["greedy:4", "random"], 1, seed=2, length="short",
                     adjudicate_after=1).games[0]
    assert game.finished and not game.adjudicated


def test_the_arena_says_where_each_bots_points_come_from() -> None:
    """R-SCORE-1: a total is the goods' points, the buildings' economic values and the
    settlements' points; the arena gives each bot's mean of each part and of the settlements
    built, counted from the same games played again seat by seat."""
    names = ["greedy:4", "random"]
    result = run_arena(rules(), 3, names, 2, seed=2, length="short")
    for standing in result.standings:
        assert standing.mean_goods + standing.mean_economic + standing.mean_settlements == \
            pytest.approx(standing.mean)
    sums = {name: [0, 0, 0, 0, 0] for name in names}
    for game in result.games:
        replay = play_game(rules(), 3, "france", "short", game.seed,
                           [make_bot(n, rules()) for n in game.bots])
        assert replay.totals == game.totals
        for bot, part in zip(game.bots, replay.breakdown, strict=True):
            for i, value in enumerate((part.goods, part.economic, sum(part.settlements),
                                       len(part.settlements), 1)):
                sums[bot][i] += value
    built = 0.0
    for standing in result.standings:
        goods, economic, settlements, settled, seats = sums[standing.bot]
        assert (standing.mean_goods, standing.mean_economic, standing.mean_settlements,
                standing.mean_settlements_built) == pytest.approx(
            (goods / seats, economic / seats, settlements / seats, settled / seats))
        built += standing.mean_settlements_built
    assert built > 0  # settlements were built (R-SET-3): the count is not a constant nought


def test_ora_arena_prints_the_totals_parts() -> None:
    """The text report's table of parts and the JSON report's fields say the same."""
    command = [sys.executable, "-m", "ora_api.cli", "arena", "--players", "3", "--bots",
               "greedy:4,random", "--games", "2", "--length", "short", "--seed", "2",
               "--jobs", "1"]
    text = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    report = json.loads(subprocess.run([*command, "--json"], capture_output=True, text=True,
                                       check=True).stdout)
    lines = text.splitlines()
    header = next(i for i, line in enumerate(lines) if "settlements  built" in line)
    for row, standing in zip(lines[header + 1:header + 3], report["standings"], strict=True):
        assert row.split() == [standing["bot"], f"{standing['mean_goods']:.1f}",
                               f"{standing['mean_economic']:.1f}",
                               f"{standing['mean_settlements']:.1f}",
                               f"{standing['mean_settlements_built']:.2f}"]
        assert standing["mean_goods"] + standing["mean_economic"] + \
            standing["mean_settlements"] == pytest.approx(standing["mean_total"])
    for game in report["results"]:  # each seat's parts, game by game
        assert [p["goods"] + p["economic"] + p["settlements"] for p in game["parts"]] == \
            game["totals"]
    seats = [(bot, p) for game in report["results"]
             for bot, p in zip(game["bots"], game["parts"], strict=True)]
    for standing in report["standings"]:
        mine = [p for bot, p in seats if bot == standing["bot"]]
        assert standing["mean_settlements_built"] == pytest.approx(
            sum(p["settlements_built"] for p in mine) / len(mine))
