"""Hypothesis profiles (ora_rules.testing.profiles): ``dev`` by default, ``ci`` in CI,
``thorough`` by hand.

Select with ``HYPOTHESIS_PROFILE=ci`` (the profile ``ora-ci`` of the package's pytest plugin), or
``pytest --ora-profile=ci``. The explain phase is off everywhere: on whole games it costs minutes
and adds nothing to a printed failing game.
"""

from __future__ import annotations

import fcntl
import gc
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from ora_rules.testing.profiles import load_profile

load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))


# --- the quick tier -------------------------------------------------------------------------------

#: What ``./test.sh -m "not slow"`` leaves out (CI runs everything): tests that play many whole
#: games, start a browser, Node or a fresh virtual environment, or run mypy over the repository.
#: Every module they exercise keeps quick tests of its own. An entry is the start of a node id;
#: ``module::*text`` is every test of the module whose id holds ``text``.
SLOW: tuple[str, ...] = (
    "tests/properties/test_invariants.py",
    "tests/properties/test_legal_moves.py",
    "tests/properties/test_lazy_moves.py",
    "tests/properties/test_store_stateful.py",
    "tests/test_building_coverage.py",
    "tests/test_installed.py",
    "tests/test_docs_commands.py",
    "tests/test_newcomer.py",
    "tests/test_specs_fuzz.py::test_the_committed_spec_passes_and_is_built_and_used",
    "tests/test_static_checks.py",
    "tests/web/",
    "tests/api/test_ora_js.py",
    "tests/api/test_legal_moves_pages.py::test_ora_js_reads_every_page",
    "tests/api/test_fuzz.py",
    "tests/api/test_mcp.py",
    "tests/api/test_bench_api.py",
    "tests/records/test_round_trip.py",
    "tests/modes/test_golden.py",
    "tests/rules/test_diff.py::test_the_diff_holds_every_goods_space_and_score_change",
    "tests/rules/test_catalog.py::test_every_legal_use_fits_its_buildings_token_pattern",
    "tests/rules/test_narrate.py::test_every_move_of_random_games_is_one_sentence_naming",
    "tests/rules/test_explain.py::test_the_explanation_sums_to_the_score_in_finished_and",
    "tests/test_bots.py::test_a_bot_plays_a_whole_game_reproducibly",
    "tests/bots/test_train_eval.py::test_a_trial_model_is_written_and_made_again_byte_for_byte",
    "tests/test_planner.py::test_a_two_player_game_of_planners_ends_by_the_rules",
    "tests/test_planner.py::test_a_long_two_player_game_of_the_hard_bots_machinery_ends",
    "tests/rules/test_move_tree.py::test_the_tree_holds_exactly_the_legal_moves_with_counts",
    "tests/rules/test_notation.py::test_every_legal_move_round_trips",
    "tests/api/test_http.py::test_a_whole_game_over_http_with_a_restart_and_a_websocket",
    "tests/api/test_rpc.py::test_a_batch_of_whole_streams_stops_at_the_reply_budget",
    "tests/api/test_bot_seats.py::test_a_restarted_server_goes_on_playing_its_bot_seats",
    "tests/core/test_evolve.py::test_fold_equals_the_state_reached_move_by_move",
    "tests/core/test_codec.py::test_states_of_a_random_game_round_trip",
    "tests/rules/test_analysis.py::test_the_peoples_519_point_game_is_analysed_to_its_end",
    # whole two-player games (random two-player games run long, R-SCHED-4) and the tests that
    # start several server processes or a bot's worker process; each module keeps quick tests
    "tests/test_rollout.py::test_hard_plays_a_two_player_game_to_its_end_reproducibly",
    "tests/bots/test_expert.py::test_expert_plays_a_two_player_game_to_its_end",
    "tests/bots/test_expert.py::test_training_is_reproducible_byte_for_byte",
    "tests/bots/test_solo.py::test_the_solo_planner_scores_the_plan_it_keeps_and_the_plan",
    # a chain of two whole solo games, and a whole game from a book (the quick tests of the
    # module share one more whole game, the book they try)
    "tests/bots/test_books.py::test_a_book_is_a_chain_of_games_each_from_the_plan_before",
    "tests/bots/test_books.py::test_the_planner_starts_from_the_book_and_never_scores_less",
    "tests/test_planner.py::test_a_long_two_player_game_of_the_look_ahead_planner_ends",
    "tests/rules/test_locale_words.py::test_whole_games_are_told_in_the_locale",
    "tests/modes/test_schedule.py::*[2-",  # every test of it on a two-player game
    "tests/modes/test_liesborn_games.py::test_a_liesborn_game_plays_to_its_end[2-",
    "tests/modes/test_trials.py::test_the_stored_trial_replays_with_every_count[2-",
    "tests/modes/test_short.py::test_R_SHORT_3_no_round_goods_outside_the_short_game[2-",
    "tests/rules/test_view.py::test_the_schedule_follows_the_game_to_its_end[2-",
    "tests/rules/test_narrate.py::test_every_verb_of_the_notation_is_narrated_in_the_games_of_every",
    "tests/api/test_bot_seats.py::test_bot_moves_are_reproducible_for_a_seed",
    "tests/api/test_bot_seats.py::test_a_person_plays_a_whole_game_against_a_bot_seat",
    "tests/api/test_bot_seats.py::test_bots_only_games_play_to_the_end_by_themselves",
    "tests/api/test_bot_limits.py::test_a_thinking_bot_uses_a_worker_process_and_sigterm",
    "tests/api/test_liesborn_api.py::test_ora_selfplay_liesborn",
    "tests/api/test_workers.py::test_the_delivery_latency_script_times_every_move",
    "tests/api/test_workers.py::test_kill_9_of_a_worker_under_load",
    "tests/api/test_workers_spread.py",
    "tests/api/test_serve_workers.py",
    "tests/api/test_public.py::test_a_websocket_client_that_reads_nothing_costs_a_bounded_memory",
    "tests/api/test_retries.py::test_the_answer_outlives_the_server_process",
    "tests/records/test_weblabora.py::test_each_test_game_imports_to_the_stop_asserted[Game29696.txt",
    "tests/test_replay.py::test_replaying_the_moves_reproduces_the_events",
    # every golden trial and four bot games, in a pure and a compiled process
    "tests/test_compiled.py::test_the_compiled_and_the_pure_build_give_byte_identical_events",
    "tests/rules/test_analysis.py::test_the_end_of_the_peoples_519_point_game_reaches_its_real",
    # 80 whole games, 20 a configuration (the foundation issue's count); the module's quick
    # tests check two more whole games the same way (check_result) and the command line
    "tests/test_selfplay.py::test_random_games_finish_and_add_up",
    # whole three- and four-player Liesborn games (some 350 commands each), every position
    # examined; the solo games, the two-player ones (cut at 160 commands) and the constructed
    # properties stay quick
    "tests/properties/test_liesborn.py::*[3p-",
    "tests/properties/test_liesborn.py::*[4p-",
    # a long record read five times: strictly, then whole under the weblabora profile and under
    # each of its options to name the one that plays on; the other records' stops stay quick
    "tests/records/test_weblabora.py::test_each_test_game_imports_to_the_stop_asserted[Game53276.txt",
)


def _is_slow(nodeid: str) -> bool:
    for entry in SLOW:
        module, star, text = entry.partition("::*")
        if nodeid.startswith(entry) or (star and nodeid.startswith(module + "::")
                                        and text in nodeid):
            return True
    return False


def _uses_postgres(item: pytest.Item) -> bool:
    """Whether a test talks to the one PostgreSQL server of ``scripts/pg_throwaway.sh``: some
    restart it and some count what its database holds, so under pytest-xdist (``./test.sh`` runs
    the suite in parallel) they take turns (``_one_postgres_test_at_a_time``). Such a test is
    skipped without ``ORA_TEST_POSTGRES=1``, or is a case of a ``postgres`` backend."""
    if any("PostgreSQL" in str(mark.kwargs.get("reason", ""))
           for mark in item.iter_markers("skipif")):
        return True
    callspec = getattr(item, "callspec", None)
    params = callspec.params.values() if callspec is not None else ()
    return "postgres" in item.name.lower() or any(
        isinstance(value, str) and value.startswith("postgres") for value in params)


def pytest_collection_finish(session: pytest.Session) -> None:
    """Python's cyclic garbage collector, set for the tests: they make many short-lived engine
    objects (a whole game is thousands of states), and the default (a young collection every
    700 new objects, the old ones scanned again and again) cost some 5 % of the CPU of a run.
    What collection made (the modules, the tests) lives to the end: frozen, it is not scanned."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(50_000, 20, 20)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if _is_slow(item.nodeid):
            item.add_marker(pytest.mark.slow)
        if _uses_postgres(item):  # a turn on the one server: the quick tier does not wait
            item.add_marker(pytest.mark.postgres_server)
            item.add_marker(pytest.mark.slow)


@pytest.fixture(autouse=True)
def _one_postgres_test_at_a_time(request: pytest.FixtureRequest) -> Iterator[None]:
    """A test of the PostgreSQL server holds an exclusive lock on a file named by the server's
    port for its whole run, so the workers of a parallel run take turns on the one server.
    (A lock, not xdist's ``loadgroup``: pytest-xdist 3.8 marks a group by rewriting a node id
    that pytest 9 no longer reads.)"""
    if (request.node.get_closest_marker("postgres_server") is None
            or os.environ.get("ORA_TEST_POSTGRES") != "1"):
        yield
        return
    port = os.environ.get("POSTGRES_PORT", "5432")
    with open(Path(tempfile.gettempdir()) / f"ora-postgres-{port}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)
