"""Database faults for the tests: a PostgreSQL cluster of the test's own that can be paused (SIGSTOP),
stopped and restarted, and have its connections killed; a small tmpfs for a SQLite file that can be
filled and made read-only. Never the machine's shared server."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import psycopg

from tests.support.pg import TempCluster


class FaultyCluster(TempCluster):
    """A temporary cluster (see `TempCluster`) with the faults an operator meets."""

    def start(self) -> str:
        url = super().start()
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute("CREATE DATABASE grimoire")
        self.url = url.rsplit("/", 1)[0] + "/grimoire"
        return self.url

    def processes(self) -> list[int]:
        """The postmaster and every process it started (its backends and workers)."""
        postmaster = int((self.dir / "data" / "postmaster.pid").read_text().split()[0])
        children = []
        for entry in Path("/proc").iterdir():
            if entry.name.isdigit():
                with contextlib.suppress(OSError, IndexError, ValueError):
                    if int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1]) == postmaster:
                        children.append(int(entry.name))
        return [postmaster, *children]

    @contextlib.contextmanager
    def paused(self):
        """Every process of the cluster stopped (SIGSTOP) for the block: connections stay open and
        the kernel still accepts new ones, but nothing answers."""
        pids = self.processes()
        for pid in pids:
            os.kill(pid, signal.SIGSTOP)
        try:
            yield
        finally:
            for pid in reversed(pids):
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGCONT)

    def kill_connections(self) -> int:
        """Terminate every backend serving the `grimoire` database; how many there were."""
        with psycopg.connect(self.url.rsplit("/", 1)[0] + "/postgres", autocommit=True) as conn:
            rows = conn.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                "WHERE datname = 'grimoire' AND pid <> pg_backend_pid()"
            ).fetchall()
        return len(rows)


class Tmpfs:
    """A small tmpfs mounted on a new directory (we run as root: mounting is required, never skipped)."""

    def __init__(self, size: str = "8m") -> None:
        self.dir = Path(tempfile.mkdtemp(prefix="grimoire-tmpfs-"))
        done = subprocess.run(
            ["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(self.dir)], capture_output=True
        )
        if done.returncode != 0:
            raise RuntimeError(
                f"these tests need to mount a tmpfs (as root): mount -t tmpfs failed: {done.stderr.decode().strip()}"
            )
        self.filler = self.dir / "filler"

    def fill(self) -> None:
        """Take every free byte of the filesystem."""
        with open(self.filler, "ab") as f, contextlib.suppress(OSError):
            while True:
                f.write(b"\0" * 65536)
                f.flush()

    def free(self) -> None:
        self.filler.unlink(missing_ok=True)

    def remount(self, mode: str, before: Callable[[], None] = lambda: None, tries: int = 50) -> None:
        """Remount `ro` or `rw`. The kernel refuses a read-only remount while a file is open for
        writing, so `before` (closing the store's idle connections) runs before each attempt."""
        for _ in range(tries):
            before()
            done = subprocess.run(["mount", "-o", f"remount,{mode}", str(self.dir)], capture_output=True)
            if done.returncode == 0:
                return
            time.sleep(0.02)
        raise RuntimeError(f"remount,{mode} of {self.dir} failed: {done.stderr.decode().strip()}")

    def unmount(self) -> None:
        subprocess.run(["umount", "-l", str(self.dir)], capture_output=True)
        with contextlib.suppress(OSError):
            self.dir.rmdir()
