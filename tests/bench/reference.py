"""A commit's tree beside this checkout, for the benchmarks' `--ref`: extracted with `git archive`, and
importable as the package `grimoire` through a folder of links (the folders mapped as setuptools'
package-dir maps them)."""

from __future__ import annotations

import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def extract(ref: str, into: Path) -> tuple[str, Path]:
    """The commit's short id and the folder its tree was extracted into."""
    commit = subprocess.run(
        ["git", "rev-parse", "--short", ref], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.strip()
    src = into / "src"
    src.mkdir(parents=True)
    archive = subprocess.run(["git", "archive", commit], cwd=ROOT, capture_output=True, check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(src)], input=archive, check=True)
    return commit, src


def link_tree(src: Path, into: Path) -> str:
    """A folder to put first on the path, holding the tree at `src` as the package `grimoire`."""
    package = into / "path" / "grimoire"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("")
    for folder in ("domain", "projections", "service"):
        (package / folder).symlink_to(src / folder)
    return str(into / "path")
