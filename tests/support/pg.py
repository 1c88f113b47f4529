"""A PostgreSQL server for the tests: the one given, the one at 127.0.0.1:5432, or a temporary
cluster started here (as the `postgres` user when running as root). Each test session gets a fresh
database so runs never collide."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
import uuid
from pathlib import Path
from urllib.parse import urlparse, urlunparse

import psycopg


def answers(host: str, port: int) -> bool:
    try:
        with socket.create_connection((host, port), timeout=0.5):
            return True
    except OSError:
        return False


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class TempCluster:
    """initdb + pg_ctl in a temporary directory, on a free port."""

    def __init__(self) -> None:
        self.dir = Path(tempfile.mkdtemp(prefix="grimoire-pg-"))
        self.port = free_port()
        self.root = os.geteuid() == 0
        self.prefix = ["runuser", "-u", "postgres", "--"] if self.root else []
        self.user = "postgres" if self.root else os.environ.get("USER", "postgres")

    def run(self, *cmd: str) -> None:
        subprocess.run([*self.prefix, *cmd], check=True, capture_output=True, timeout=120)

    def start(self) -> str:
        for tool in ("initdb", "pg_ctl"):
            if shutil.which(tool) is None:
                raise RuntimeError(f"{tool} is not installed")
        if self.root:
            shutil.chown(self.dir, "postgres", "postgres")
        self.run("initdb", "-D", str(self.dir / "data"), "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync")
        self.start_server()
        return f"postgresql://postgres@127.0.0.1:{self.port}/postgres"

    def start_server(self) -> None:
        """Start the server of the initialised cluster (again, after `stop_server`)."""
        self.run(
            "pg_ctl",
            "-D",
            str(self.dir / "data"),
            "-l",
            str(self.dir / "log"),
            "-w",
            "-o",
            f"-p {self.port} -k {self.dir} -c listen_addresses=127.0.0.1 -c fsync=off",
            "start",
        )

    def stop_server(self) -> None:
        self.run("pg_ctl", "-D", str(self.dir / "data"), "-m", "fast", "-w", "stop")

    def stop(self) -> None:
        try:
            self.run("pg_ctl", "-D", str(self.dir / "data"), "-m", "immediate", "stop")
        finally:
            shutil.rmtree(self.dir, ignore_errors=True)


def with_db(url: str, db: str) -> str:
    u = urlparse(url)
    return urlunparse(u._replace(path="/" + db))


class Database:
    """A fresh database on a server, dropped at the end."""

    def __init__(self) -> None:
        self.cluster: TempCluster | None = None
        admin = os.environ.get("GRIMOIRE_TEST_DATABASE_URL")
        if not admin:
            if answers("127.0.0.1", 5432):
                admin = "postgresql://postgres@127.0.0.1:5432/postgres"
            else:
                self.cluster = TempCluster()
                admin = self.cluster.start()
        self.admin = admin
        self.name = f"grimoire_test_{os.getpid()}_{uuid.uuid4().hex[:8]}"
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{self.name}"')
        self.url = with_db(admin, self.name)

    def schema(self) -> str:
        """A new schema in the session's database: a URL for one test's store."""
        name = "t_" + uuid.uuid4().hex[:12]
        with psycopg.connect(self.url, autocommit=True) as conn:
            conn.execute(f'CREATE SCHEMA "{name}"')
        return f"{self.url}?schema={name}&pool_size=4&max_overflow=8"

    def drop(self) -> None:
        try:
            with psycopg.connect(self.admin, autocommit=True) as conn:
                conn.execute(f'DROP DATABASE IF EXISTS "{self.name}" WITH (FORCE)')
        finally:
            if self.cluster is not None:
                self.cluster.stop()
