"""Pure folds of a game's events into what one viewer may see."""

from projections import witch_trial  # noqa: F401  (registers the ruleset's folds and texts)
