"""The repository stands on its own: nothing the product runs or tests reads outside it.

The rules reference and the other engines' records live beside a development checkout, not in a
user's clone, so code and tests must use the copies kept in the repository (tests/data/).
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHECKED = ("ora_core", "ora_rules", "ora_api", "tests", "scripts")
# Built from parts so that this file does not match itself.
OUTSIDE = re.compile(r"\.\./" + "shared" + r"|parent\s*/\s*['\"]" + "shared" + "['\"]")


def test_nothing_reads_the_references_beside_the_repository() -> None:
    offenders = [
        f"{path.relative_to(ROOT)}:{number}"
        for folder in CHECKED
        for path in sorted((ROOT / folder).rglob("*"))
        if path.suffix in (".py", ".sh", ".toml", ".js") and ".venv" not in path.parts
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if OUTSIDE.search(line)
    ]
    assert offenders == []
