"""The MDN HTTP Observatory's grade for a running server, with every test's result.

    .venv/bin/python benchmarks/observatory.py https://localhost:8443/ [http port] [CA file]
    .venv/bin/python benchmarks/observatory.py http://localhost:3000/     # make run: no TLS

The scanner (npm @mdn/mdn-http-observatory, `make observatory` installs it into
.tools/observatory) is run through benchmarks/observatory.mjs, which passes the ports the
package's own CLI cannot. For an http-only server the tests that need TLS (HSTS, the
redirect to https) cannot pass; the others are listed all the same.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / ".tools" / "observatory" / "node_modules" / "@mdn" / "mdn-http-observatory"
SCRIPT = Path(__file__).with_name("observatory.mjs")
# Tests about TLS: an http-only server (make run) cannot pass them.
TLS_TESTS = {"strict-transport-security", "redirection"}


STACK_CERT = ROOT / ".stack" / "tls" / "localhost.crt"


def scan(url: str, *, http_port: int | None = None, ca_file: Path | None = None) -> dict:
    """The scan of `url`'s host and port; `http_port` is the plain-http port of an https
    site, `ca_file` a certificate to trust (a self-signed one counts as invalid otherwise)."""
    parts = urlsplit(url)
    https = parts.scheme == "https"
    port = parts.port or (443 if https else 80)
    # An http-only server: both ports are that one; the https attempt simply fails.
    https_port, plain_port = (port, http_port or 80) if https else (port, port)
    env = dict(os.environ)
    if https:
        # The stack's certificate is self-signed: trusted for the scan's verified requests,
        # and its unverified helper requests must not refuse it either.
        env.setdefault("NODE_TLS_REJECT_UNAUTHORIZED", "0")
        if ca_file is not None:
            env["NODE_EXTRA_CA_CERTS"] = str(ca_file)
    output = subprocess.run(
        ["node", str(SCRIPT), str(PACKAGE), parts.hostname, str(plain_port), str(https_port)],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    lines = [line for line in output.stdout.splitlines() if line.startswith("{")]
    if not lines:
        raise RuntimeError(f"observatory failed: {output.stderr[-2000:]}")
    return json.loads(lines[-1])


def report(url: str, result: dict) -> str:
    lines = [
        f"{url}: grade {result['grade']}, score {result['score']}, {result['passed']}/{result['quantity']} tests"
    ]
    for name, test in sorted(result["tests"].items()):
        mark = "pass" if test["pass"] else "FAIL"
        tls = " (needs TLS)" if name in TLS_TESTS else ""
        lines.append(f"  {mark:4} {name:28} {test['result']} ({test['modifier']:+d}){tls}")
    return "\n".join(lines)


def main() -> None:
    url = sys.argv[1] if len(sys.argv) > 1 else "https://localhost:8443/"
    http_port = (
        int(sys.argv[2])
        if len(sys.argv) > 2
        else (8080 if url.startswith("https://localhost:8443") else None)
    )
    ca_file = Path(sys.argv[3]) if len(sys.argv) > 3 else (STACK_CERT if STACK_CERT.exists() else None)
    print(report(url, scan(url, http_port=http_port, ca_file=ca_file)))


if __name__ == "__main__":
    main()
