"""The mechanics rulesets share, as functions over explicit arguments: ballots and tallies
(`ballots`), speaking turns (`speaking`), the pack's attack and whispers (`pack`), deaths with last
words and chained deaths (`deaths`), single-target night abilities as a table (`abilities`), and
what a seat does when its time runs out (`defaults`), and the winning team's seats (`teams`).

They sit between the rulesets and the kernel surface (`domain/ruleset.py`): a ruleset composes
them, and they import nothing of any ruleset.
"""
