"""``Record``: the base of the model's native classes (issue 34).

The model's classes were attrs classes: each made by an interpreted ``__init__`` (about 1.3 µs)
and read through the generic attribute protocol. Those made at nearly every command (the turn,
the flow, the commonest events) are native classes of the compiled core instead: made in under
0.1 µs and read as C struct fields. In the pure build they are ordinary slotted classes.

A record behaves as the attrs class did: its fields are ``Final`` (mypy refuses an assignment,
the compiled classes raise ``AttributeError``), equality and hashing go by the fields, the repr
names them, ``__replace__`` makes a changed copy (``ora_core.evolve.replace``; the name of
Python 3.13's ``copy.replace`` protocol) and ``__reduce__`` pickles it (the bot workers
receive states from other processes).

Each record class writes its ``__init__`` (the fast constructor: mypyc compiles it) and
``fields()`` (its values, in order), and names them in ``FIELDS``: each field's name, type and
default (``REQUIRED`` for none). The codec (``ora_core.codec``) and the property tests'
strategies read the types and defaults there, since a compiled class keeps no annotations;
``tests/core/test_native.py`` checks that ``FIELDS`` agrees with ``__init__``.
"""

from __future__ import annotations

from typing import Any, ClassVar, Final


class _Required:
    def __repr__(self) -> str:
        return "REQUIRED"


#: The default of a field that has none.
REQUIRED: Final = _Required()


class Keep:
    """The default of a typed copy's arguments whose field may be None (``Turn.changed``,
    ``State.next``): the field keeps its value. The others default to None for that."""

    def __repr__(self) -> str:
        return "KEEP"


KEEP: Final = Keep()


class Record:
    """The base of the model's native classes (module doc)."""

    __slots__ = ()  # a record holds its fields and nothing else: no ``__dict__``
    #: Each field's (name, type, default), in the order of ``__init__`` and ``fields()``.
    FIELDS: ClassVar[tuple[tuple[str, Any, Any], ...]] = ()

    def fields(self) -> tuple[Any, ...]:
        raise NotImplementedError

    def __replace__(self, **changes: Any) -> Any:
        names = [name for name, _, _ in self.FIELDS]
        unknown = set(changes) - set(names)
        if unknown:
            raise TypeError(f"{type(self).__name__} has no field {sorted(unknown)[0]!r}")
        values = dict(zip(names, self.fields(), strict=True))
        values.update(changes)
        return type(self)(**values)

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, Record)
        return self is other or self.fields() == other.fields()

    def __hash__(self) -> int:
        return hash(self.fields())

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={value!r}"
                          for (name, _, _), value in zip(self.FIELDS, self.fields(), strict=True))
        return f"{type(self).__name__}({shown})"

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return type(self), self.fields()
