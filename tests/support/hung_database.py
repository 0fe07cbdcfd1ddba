"""A database that hangs, for the unit and e2e tests of the leads' deadlines.

Unlike a database that is down (the connection is refused at once), every client here
waits, as it would on a server that froze or a network that drops the replies:
- `silent`: a loopback TCP port that accepts connections and never answers anything;
- `after_login`: it speaks PostgreSQL's protocol far enough to let the client log in, then
  never answers a query, as a server that froze under its clients does. A driver's connect
  timeout does not bound this wait; only a deadline of ours does.
"""

from __future__ import annotations

import socket
import struct
import threading

# PostgreSQL's protocol: the client asks for TLS or GSS encryption first (answered 'N': no).
_ENCRYPTION_REQUESTS = {80877103, 80877104}


def _message(kind: bytes, body: bytes) -> bytes:
    return kind + struct.pack("!i", len(body) + 4) + body


_PARAMETERS = {
    "server_version": "16.0",
    "server_encoding": "UTF8",
    "client_encoding": "UTF8",
    "standard_conforming_strings": "on",
    "integer_datetimes": "on",
    "DateStyle": "ISO, MDY",
    "TimeZone": "UTC",
}
# AuthenticationOk, the server's parameters, its key for cancelling, ReadyForQuery (idle).
_LOGGED_IN = (
    _message(b"R", struct.pack("!i", 0))
    + b"".join(_message(b"S", f"{name}\0{value}\0".encode()) for name, value in _PARAMETERS.items())
    + _message(b"K", struct.pack("!ii", 4242, 4242))
    + _message(b"Z", b"I")
)


class HungDatabase:
    """Accepts connections on a free loopback port; see the module's docstring for `mode`."""

    def __init__(self, mode: str = "silent") -> None:
        assert mode in ("silent", "after_login")
        self.mode = mode
        self._listener = socket.create_server(("127.0.0.1", 0))
        self.port = self._listener.getsockname()[1]
        self.url = f"postgresql://leads@127.0.0.1:{self.port}/leads"
        self._accepted: list[socket.socket] = []
        self.logged_in = 0
        self._lock = threading.Lock()
        self._thread = threading.Thread(target=self._accept, daemon=True)
        self._thread.start()

    def _accept(self) -> None:
        while True:
            try:
                connection, _ = self._listener.accept()
            except OSError:  # closed
                return
            with self._lock:
                self._accepted.append(connection)
            if self.mode == "after_login":
                threading.Thread(target=self._log_in, args=(connection,), daemon=True).start()

    def _log_in(self, connection: socket.socket) -> None:
        try:
            while True:
                length = struct.unpack("!i", _read(connection, 4))[0]
                code = struct.unpack("!i", _read(connection, 4))[0]
                _read(connection, length - 8)
                if code not in _ENCRYPTION_REQUESTS:
                    break  # the startup message: no password asked
                connection.sendall(b"N")
            connection.sendall(_LOGGED_IN)
            with self._lock:
                self.logged_in += 1
            # Whatever comes next (a query) is never answered.
        except OSError:
            return

    def accepted(self) -> int:
        with self._lock:
            return len(self._accepted)

    def close(self) -> None:
        """Stop hanging: every waiting client sees its connection closed."""
        try:
            self._listener.shutdown(socket.SHUT_RDWR)  # wakes the blocked accept()
        except OSError:
            pass
        self._listener.close()
        with self._lock:
            for connection in self._accepted:
                try:
                    connection.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass
                connection.close()
            self._accepted.clear()
        self._thread.join(timeout=5)


def _read(connection: socket.socket, size: int) -> bytes:
    data = b""
    while len(data) < size:
        chunk = connection.recv(size - len(data))
        if not chunk:
            raise OSError("client closed the connection")
        data += chunk
    return data
