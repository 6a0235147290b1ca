"""The analysis of a game (issue 35): for each decision, a bot's estimate of every seat's final
score before and after the move played, the move the bot prefers and what the played move cost
by that estimate, with marks for the largest losses (docs/analysis.md).

``estimate`` holds the estimate of a position, ``analyse`` the walk over a game's decisions
with its cache and budget; ``plot`` draws the estimates as an SVG graph.
"""

from ora_rules.analysis.analyse import (
    MARKS,
    Analysis,
    AnalysisCache,
    Budget,
    Decision,
    MemoryCache,
    analyse,
    analysis_bot,
    check_seed,
    parse_budget,
)
from ora_rules.analysis.estimate import final_estimate

__all__ = [
    "MARKS", "Analysis", "AnalysisCache", "Budget", "Decision", "MemoryCache", "analyse",
    "analysis_bot", "check_seed", "final_estimate", "parse_budget",
]
