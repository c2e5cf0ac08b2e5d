"""The game in words: pure functions of events, views and moves, tested without a
screen. `Narrator` speaks from one seat's side; each job has its module: `log`,
`status`, `refusals`, `advice`, and `words` for the small shared ones."""

from .advice import reason_template
from .narrator import Narrator
from .words import describe_rules, rank_with_article, store_problem

__all__ = ["Narrator", "describe_rules", "rank_with_article", "reason_template", "store_problem"]
