"""Pure folds of a game's events into what one viewer may see."""

from projections import magic_city  # noqa: F401  (registers the ruleset's own view folding)
