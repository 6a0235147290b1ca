"""The named special effects: what the small vocabulary cannot say, one registered node each.

A spec names one with ``special = "name"`` plus the modifiers the special reads (docs/specs.md,
"Named special effects"):

``use_prior_building``  carry out the function of a building with a prior on it (Priory)
``use_occupied``        ... of a building with any clergyman on it (Palace, Grand Manor)
``use_adjacent``        ... of an unoccupied building next to this one (Cloister Garden, Cottage)
``use_display``         ... of a building in the display (Hospice, Guesthouse)
``remove_forests``      remove forest cards of the user's landscape, ``each`` gaining goods
``grant``               extra actions for the rest of the slot (``build``, ``fell``, ...)
``return_clergy``       the user's clergymen (``of = "all"``) or prior (``"prior"``) come home
``wonder``              take 1 wonder while the supply lasts (R-COMP-9); with Liesborn the
                        token names the tile (R-LIES-3)
``point_goods``         pay goods whose points total at least ``count`` (Round Tower)

Redirects read the target's id as a token and then the target's own tokens, in the same use
(``USE G01 F04 3``): the target's effect runs on the same context, so its food and energy join the
one payment at the end, and the enumeration is every target times the target's options.

Redirect chains (cards.md open question 20): a target may itself be a redirecting building, but
no building's function is carried out twice in one use. The cards exclude only themselves (the
Priory, the Palace, the Grand Manor, the Garden and the Cottage each say "not itself"), so
nothing forbids another redirecting building; the once-per-use rule extends that printed
exclusion to the whole chain and makes every chain end (each step adds a building not yet in
it).

The modules: :mod:`~ora_rules.effects.special_node` (the node kind and shared helpers),
:mod:`~ora_rules.effects.redirects`, :mod:`~ora_rules.effects.special_board` and
:mod:`~ora_rules.effects.special_points`; importing this module registers every special.
"""

from __future__ import annotations

from ora_rules.effects.redirects import Redirect
from ora_rules.effects.special_board import GRANTS, Grant, RemoveForests, ReturnClergy
from ora_rules.effects.special_points import FIVE_COIN_POINTS, PointGoods, Wonder

__all__ = ["FIVE_COIN_POINTS", "GRANTS", "Grant", "PointGoods", "Redirect", "RemoveForests",
           "ReturnClergy", "Wonder"]
