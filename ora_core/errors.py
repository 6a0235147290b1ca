"""The error classes of the engine (design §6). Every refusal is typed; nothing returns None."""

from __future__ import annotations


class OraError(Exception):
    """Base of every error the engine raises on purpose."""

    code = "ora_error"

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class InvalidCommand(OraError):
    """The text is not a command of the notation (syntax, unknown verb, bad token)."""

    code = "invalid_command"


class IllegalCommand(OraError):
    """A well-formed command that the rules forbid in this position.

    ``reason`` is a stable machine code (``not_your_turn``, ``cannot_afford``, ...), ``rule`` the
    rule id of ``rules.md`` that forbids it, ``building`` the building concerned, if any.
    """

    code = "illegal_command"

    def __init__(self, reason: str, rule: str, detail: str, building: str | None = None) -> None:
        where = f" [{building}]" if building else ""
        super().__init__(f"{reason} ({rule}){where}: {detail}")
        self.reason = reason
        self.rule = rule
        self.detail = detail
        self.building = building


class AmbiguousCommand(OraError):
    """A command that could mean more than one legal move; it must name the choice."""

    code = "ambiguous_command"


class InvalidConfig(OraError):
    """An unknown or unsupported game configuration; ``field`` names the bad setting."""

    code = "invalid_config"

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


class SpecError(OraError):
    """One or more spec files are invalid; ``problems`` lists every one as 'file: field: what'."""

    code = "spec_error"

    def __init__(self, problems: list[str]) -> None:
        # one problem on one line (a command line's error is one line)
        sep = " " if len(problems) == 1 else "\n"
        super().__init__("invalid specs:" + sep + "\n".join(problems))
        self.problems = problems


class VersionConflict(OraError):
    """Another command was stored at the expected version first (optimistic concurrency)."""

    code = "version_conflict"


class UnknownGame(OraError):
    code = "unknown_game"


class BadStoreUrl(OraError, ValueError):
    """A store URL that names no store this installation can open (``sqlite:PATH``,
    ``postgres:`` without its extra installed, ...)."""

    code = "bad_store_url"


class TamperedLog(OraError):
    """A stored event does not match the hash chain: the log was altered outside the store."""

    code = "tampered_log"

    def __init__(self, version: int, detail: str) -> None:
        super().__init__(f"tampered log at version {version}: {detail}")
        self.version = version
        self.detail = detail


class StoreUnavailable(OraError):
    """The database cannot be written or reached; ``reason`` is ``disk_full``, ``read_only`` or
    ``unreachable`` (:func:`storage_failure`)."""

    code = "store_unavailable"

    def __init__(self, reason: str, detail: str) -> None:
        super().__init__(f"the store is unavailable ({reason}): {detail}")
        self.reason = reason
        self.detail = detail
