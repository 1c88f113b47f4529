"""Pure folds of a game's events into what one viewer may see."""
