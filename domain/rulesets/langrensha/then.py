"""What follows a rule's resolution: the continuations the flow (`flow.py`) plays, by name."""

from __future__ import annotations

from enum import Enum


class Next(Enum):
    NOTHING = "nothing"  # a step is open (or the game is over): the next answers decide
    SPEECH = "speech"  # the next turn of the speaking order, or what follows its last
    DAY = "day"  # the day opens: the sheriff election on the first, else the discussion
    DISCUSSION = "discussion"  # the day's discussion
    DUTIES = "duties"  # what the dead still owe, then what their dying interrupted
    PRE_VOTE = "pre_vote"  # the impeachment, if any, then the exile vote
    NIGHT = "night"  # the next night
