"""Pure folds of a game's events into what one viewer may see."""

from projections import langrensha  # noqa: F401  (registers the ruleset's own view folds)
