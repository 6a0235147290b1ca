"""The effect vocabulary and its interpreter (design §4, docs/specs.md)."""

from ora_rules.effects import nodes as nodes  # registers the basic node kinds
from ora_rules.effects.core import (
    NODE_KINDS,
    SPECIALS,
    Effect,
    TokenReader,
    UseContext,
    parse_effect,
)

__all__ = ["NODE_KINDS", "SPECIALS", "Effect", "TokenReader", "UseContext", "parse_effect"]
