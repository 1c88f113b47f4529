"""What the browser tests and tests/bench/pages.py share: `grimoire serve` in a subprocess and the
system's Chromium, launched the one way the project runs it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import httpx

from grimoire.service.serving import free_port

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = Path("/usr/bin/chromium")
HOST = "grimoire.test"  # a LAN-style name, mapped to 127.0.0.1 inside Chromium only
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    f"--host-resolver-rules=MAP {HOST} 127.0.0.1",
]
MISSING_CHROMIUM = (
    f"Chromium is not installed at {CHROMIUM}: the browser tests and tests/bench/pages.py need the system's "
    "Chromium (`apt-get install chromium fonts-noto-cjk`, as .ci/run does)"
)


def launch(playwright):
    """The system's Chromium, headless; no browser is ever downloaded."""
    return playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)


class Server:
    """`grimoire serve` on a SQLite file in `workdir`; its JSON log lines go to a file the tests read."""

    def __init__(self, workdir: Path) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log_path = workdir / "server.log"
        env = {**os.environ, "GRIMOIRE_DATABASE_URL": str(workdir / "grimoire.db"), "GRIMOIRE_LOG_LEVEL": "info"}
        env.pop("GRIMOIRE_CREATION_TOKEN", None)
        with open(self.log_path, "wb") as log:
            self.proc = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "grimoire.service.cli",
                    "serve",
                    "--host",
                    "127.0.0.1",
                    "--port",
                    str(self.port),
                ],
                cwd=ROOT,
                env=env,
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        deadline = time.monotonic() + 90  # a loaded machine imports slowly
        while True:
            try:
                if httpx.get(self.url + "/health/ready", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if self.proc.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise RuntimeError(f"grimoire serve did not start:\n{self.log_path.read_text()}")
            time.sleep(0.1)

    def log_text(self) -> str:
        return self.log_path.read_text(encoding="utf-8")

    def request_lines(self) -> list[dict]:
        """The server's structured log lines of its requests."""
        lines = [json.loads(line) for line in self.log_text().splitlines() if line.startswith("{")]
        return [line for line in lines if line.get("event") == "request"]

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
