"""The package as a user installs it: one wheel whose only top-level name is `grimoire`, with a
working `grimoire` command, run from outside the repository."""

from __future__ import annotations

import importlib.metadata
import site
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> tuple[Path, Path]:
    """The wheel built from this checkout, installed into a fresh venv (its dependencies borrowed
    from the running environment, so nothing is downloaded)."""
    tmp = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(tmp), str(ROOT)],
        check=True,
        capture_output=True,
        timeout=300,
    )
    (wheel,) = tmp.glob("grimoire-*.whl")
    venv = tmp / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=120)
    purelib = Path(
        subprocess.run(
            [str(venv / "bin" / "python"), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
            check=True,
            capture_output=True,
            text=True,
        ).stdout.strip()
    )
    # Dependencies from this environment's site-packages, appended after the venv's own (a plain path
    # line, so that environment's own .pth files, an editable checkout among them, are not run).
    (purelib / "deps.pth").write_text("\n".join([sysconfig.get_path("purelib"), *site.getsitepackages()]) + "\n")
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "--python",
            str(venv / "bin" / "python"),
            "install",
            "-q",
            "--no-deps",
            str(wheel),
        ],
        check=True,
        capture_output=True,
        timeout=300,
    )
    return wheel, venv


def run(venv: Path, *args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [str(venv / "bin" / args[0]), *args[1:]], cwd=cwd, capture_output=True, text=True, timeout=300
    )


def test_the_wheel_adds_only_the_grimoire_name(installed):
    wheel, _ = installed
    top = {name.split("/")[0] for name in zipfile.ZipFile(wheel).namelist()}
    version = importlib.metadata.version("grimoire")
    assert top == {"grimoire", f"grimoire-{version}.dist-info"}
    shipped = set(zipfile.ZipFile(wheel).namelist())
    for folder in ("domain", "projections", "service"):
        for path in (ROOT / folder).rglob("*"):
            code = path.suffix in (".py", ".ftl") or "static" in path.parts  # .ftl: the text catalogs
            if path.is_file() and code and "__pycache__" not in path.parts:
                assert f"grimoire/{path.relative_to(ROOT).as_posix()}" in shipped, path


def test_the_installed_command_runs_outside_the_repository(installed, tmp_path):
    _, venv = installed
    out = run(venv, "grimoire", "--version", cwd=tmp_path)
    assert out.returncode == 0 and out.stdout.strip() == f"grimoire {importlib.metadata.version('grimoire')}"
    demo = run(
        venv, "grimoire", "demo", "--ruleset", "jinro9", "--database-url", str(tmp_path / "demo.db"), cwd=tmp_path
    )
    assert demo.returncode == 0, demo.stderr
    assert "game " in demo.stdout
    for name in ("domain", "projections", "service"):
        probe = run(venv, "python", "-c", f"import {name}", cwd=tmp_path)
        assert probe.returncode != 0 and "ModuleNotFoundError" in probe.stderr
    probe = run(venv, "python", "-c", "import grimoire.service.app, grimoire.domain.engine", cwd=tmp_path)
    assert probe.returncode == 0, probe.stderr
    said = "from grimoire.domain.catalog import texts; print(texts.name_of('ruleset', 'witch_trial', 'en'))"
    probe = run(venv, "python", "-c", said, cwd=tmp_path)
    assert probe.returncode == 0 and probe.stdout.strip() == "Witch Trial", probe.stderr
