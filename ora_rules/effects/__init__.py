"""The effect vocabulary and its interpreter (design §4, docs/specs.md)."""

from ora_rules.effects import goods_nodes as goods_nodes  # registers the goods node kinds
from ora_rules.effects import nodes as nodes  # registers the basic node kinds
from ora_rules.effects import special as special  # the named special effects
from ora_rules.effects.core import (
    NODE_KINDS,
    SPECIALS,
    Effect,
    TokenReader,
    UseContext,
    parse_effect,
)

__all__ = ["NODE_KINDS", "SPECIALS", "Effect", "TokenReader", "UseContext", "parse_effect"]
