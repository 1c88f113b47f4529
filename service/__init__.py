"""The Grimoire service: REST API, event store, deadlines, live feeds and the CLI."""
