"""One module (or package) per ruleset; `domain.catalog` lists them by id."""
