"""The pure game kernel: events, state, the engine and the rulesets."""
