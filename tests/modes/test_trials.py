"""Golden trials (issue 21; ora_rules.testing.trials, ``ora trial make|check``).

One stored game per configuration (the 14 and a Liesborn game per player count), each with the
number of legal moves before every command and the final scores (R-SCORE-*). A change to the
rules that changes any count fails with the step and the two counts."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from ora_api.cli import main
from ora_rules.testing.trials import TRIALS, TrialError, check_trial, read_trial, trial_files
from tests.support import rules

FOLDER = Path(__file__).resolve().parent.parent / "trials"
FILES = list(trial_files(FOLDER))


def test_every_configuration_has_a_trial() -> None:
    assert sorted(p.stem for p in FILES) == sorted(TRIALS)
    assert len(TRIALS) == 18  # 14 configurations + 4 Liesborn games


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_the_stored_trial_replays_with_every_count(path: Path) -> None:
    trial = read_trial(path.read_text(), str(path))
    mismatch = check_trial(trial, rules())
    assert mismatch is None, f"{mismatch}; if the rules changed on purpose, run `ora trial make " \
                             f"{trial.config}` and review the diff"


def small() -> str:
    return (FOLDER / "3-france-short.trial").read_text()


def test_a_changed_count_names_the_step_and_both_counts() -> None:
    lines = small().splitlines()
    index = next(i for i, line in enumerate(lines) if line.startswith("L"))
    step5 = index + 4
    count = int(lines[step5].split()[0][1:])
    lines[step5] = re.sub(r"^L\d+", f"L{count + 1}", lines[step5])
    mismatch = check_trial(read_trial("\n".join(lines)), rules())
    assert mismatch is not None and mismatch.step == 5
    assert f"{count + 1} legal moves recorded, {count} now" in str(mismatch)
    assert str(mismatch).startswith("trial 3-france-short, step 5:")


def test_changed_scores_fail_at_the_end() -> None:
    text = small()
    scores = text.splitlines()[-1]
    wrong = re.sub(r"=(\d+)", lambda m: f"={int(m.group(1)) + 1}", scores, count=1)
    mismatch = check_trial(read_trial(text.replace(scores, wrong)), rules())
    assert mismatch is not None and "scores recorded" in str(mismatch)
    assert mismatch.step == 0


def test_a_command_refused_now_is_named() -> None:
    lines = small().splitlines()
    index = next(i for i, line in enumerate(lines) if line.startswith("L"))
    count = lines[index].split()[0]
    lines[index] = f"{count} BUILD G99 9 9"
    mismatch = check_trial(read_trial("\n".join(lines)), rules())
    assert mismatch is not None and mismatch.step == 1
    assert "refused now" in str(mismatch)


def test_a_malformed_file_is_a_typed_error() -> None:
    with pytest.raises(TrialError, match="first line"):
        read_trial("L3 COMMIT\nscores s0 1+1+1=3")
    with pytest.raises(TrialError, match="unknown configuration"):
        check_trial(read_trial("trial 5-france-long seed 0 bot random\nscores -"), rules())


def test_the_command_line_writes_and_checks(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["trial", "make", "--dir", str(tmp_path), "1-france-long"]) == 0
    written = tmp_path / "1-france-long.trial"
    assert written.read_text() == (FOLDER / "1-france-long.trial").read_text()
    assert main(["trial", "check", "--dir", str(tmp_path)]) == 0
    assert "every count and the scores agree" in capsys.readouterr().out
    written.write_text(written.read_text().replace("\nL", "\nL9", 1))
    assert main(["trial", "check", str(written)]) == 1
    assert "step 1:" in capsys.readouterr().err
    assert main(["trial", "check", "--dir", str(tmp_path), "2-france-short"]) == 2
