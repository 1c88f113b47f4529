"""A TCP proxy in front of PostgreSQL that loses the answer to a commit: armed, it passes the next
COMMIT of a transaction that inserted events (its `NOTIFY`) on to the server, then closes the
client's side at once, before the server's answer can reach it. The server commits; the client sees
its connection die and cannot know whether the commit happened."""

from __future__ import annotations

import contextlib
import socket
import threading
import time


class LostCommitProxy:
    def __init__(self, upstream_port: int) -> None:
        self.upstream = ("127.0.0.1", upstream_port)
        self.listener = socket.socket()
        self.listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(64)
        self.port = self.listener.getsockname()[1]
        self.armed = threading.Semaphore(0)
        self.lost = 0  # commits whose answer was lost so far
        self.closed = False
        threading.Thread(target=self.accept, daemon=True).start()

    def arm(self, times: int = 1) -> None:
        for _ in range(times):
            self.armed.release()

    def close(self) -> None:
        self.closed = True
        with contextlib.suppress(OSError):
            self.listener.close()

    def accept(self) -> None:
        while not self.closed:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            server = socket.create_connection(self.upstream)
            cut = threading.Event()
            threading.Thread(target=self.forward, args=(client, server, cut), daemon=True).start()
            threading.Thread(target=self.backward, args=(server, client, cut), daemon=True).start()

    def forward(self, client: socket.socket, server: socket.socket, cut: threading.Event) -> None:
        inserting = False
        try:
            while chunk := client.recv(65536):
                inserting = inserting or b"NOTIFY" in chunk
                if inserting and b"COMMIT" in chunk:
                    inserting = False
                    if self.armed.acquire(blocking=False):
                        cut.set()  # before the server can answer
                        server.sendall(chunk)
                        self.lost += 1
                        client.shutdown(socket.SHUT_RDWR)
                        client.close()
                        time.sleep(1.0)  # the server reads the COMMIT and commits; its answer goes nowhere
                        server.close()
                        return
                server.sendall(chunk)
        except OSError:
            pass
        for s in (client, server):
            with contextlib.suppress(OSError):
                s.close()

    def backward(self, server: socket.socket, client: socket.socket, cut: threading.Event) -> None:
        try:
            while chunk := server.recv(65536):
                if cut.is_set():
                    continue
                client.sendall(chunk)
        except OSError:
            pass
        for s in (client, server):
            with contextlib.suppress(OSError):
                s.close()
