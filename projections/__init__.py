"""Pure folds of a game's events into what one viewer may see."""

from grimoire.projections import aiwolf, langrensha, magic_city, witch_trial  # noqa: F401  (register the rulesets' own folds and texts)
