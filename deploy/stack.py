"""The production stack on this machine: nginx, two backend instances, Redis, PostgreSQL.

    python -m deploy.stack up      # make stack: export, certificate, start, write .stack/env
    python -m deploy.stack down    # make stack-down: stop what `up` started (by its PIDs)

nginx serves https://localhost:8443 (self-signed certificate in .stack/tls) and redirects
http://localhost:8080 there, with the site of deploy/nginx/agency-site.conf.template; two
`reflex run --env prod --backend-only` instances (ports 8101, 8102) keep their state in
Redis and store messages in PostgreSQL, both at their usual local ports. Everything the
stack writes is under .stack/ (gitignored); `.stack/env` holds its environment, so that
`set -a; . .stack/env; .venv/bin/python -m agency_site.leads list` shows its messages.
The e2e tests (tests/e2e/test_stack_*.py) start the same `Stack` on free ports.
"""

from __future__ import annotations

import argparse
import grp
import json
import os
import pwd
import shutil
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

import httpx

from agency_site import go_live
from agency_site.settings import redact_url
from deploy.render_nginx import NginxSite, render

ROOT = Path(__file__).resolve().parent.parent
BROTLI_MODULE = Path("/usr/lib/nginx/modules/ngx_http_brotli_static_module.so")
NGINX_MIME_TYPES = Path("/etc/nginx/mime.types")
# maxmemory and its eviction policy: the stack's Redis and the tests' start with it.
REDIS_CONF = ROOT / "deploy" / "redis" / "agency-redis.conf"
START_TIMEOUT_S = 120


class StackError(RuntimeError):
    """Something the stack needs is missing or did not start; the message says what."""


def missing_prerequisites() -> list[str]:
    """What this machine lacks for the stack, one line each (empty when nothing)."""
    missing = []
    if not shutil.which("nginx"):
        missing.append("nginx (Debian: apt-get install nginx)")
    if not BROTLI_MODULE.exists():
        missing.append(f"{BROTLI_MODULE} (Debian: apt-get install libnginx-mod-http-brotli-static)")
    if not shutil.which("openssl"):
        missing.append("openssl (Debian: apt-get install openssl)")
    return missing


def tool_env() -> dict[str, str]:
    """Our environment with the project's tools first on PATH (as the Makefile sets it)
    and Reflex told to use that bun."""
    env = dict(os.environ)
    paths = [str(ROOT / ".tools" / "node_modules" / ".bin"), str(ROOT / ".venv" / "bin"), env.get("PATH", "")]
    env["PATH"] = os.pathsep.join(paths)
    env["REFLEX_USE_SYSTEM_BUN"] = "1"
    env.setdefault("PYTHONUNBUFFERED", "1")
    return env


def stop_group(pid: int, timeout_s: float = 20.0, process: subprocess.Popen | None = None) -> None:
    """Stop the process group led by `pid` (TERM, then KILL), if it still runs. `process`:
    the leader when it is our child, reaped here (a zombie would still count as running)."""
    try:
        os.killpg(pid, signal.SIGTERM)
    except ProcessLookupError:
        return
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if process is not None:
            process.poll()
        try:
            os.killpg(pid, 0)
        except ProcessLookupError:
            return
        time.sleep(0.1)
    try:
        os.killpg(pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


def process_identity(pid: int) -> str | None:
    """What names process `pid` for good: this boot's id and the process's start time (in
    clock ticks since boot). A pid alone may name another process after a reboot or once
    the numbers wrap; None if no such process runs."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
        boot = Path("/proc/sys/kernel/random/boot_id").read_text().strip()
    except OSError:
        return None
    # The command name (in parentheses) may hold spaces; the start time is the 20th field after it.
    return f"{boot}:{stat.rsplit(')', 1)[1].split()[19]}"


def record_process(path: Path, pid: int) -> None:
    """Note the process group `pid` leads in `path`, with what proves it later (`proven_group`)."""
    path.write_text(json.dumps({"pid": pid, "identity": process_identity(pid)}))


def proven_group(path: Path) -> int | None:
    """The process group a pid file of ours names, if signalling it can only reach what we
    started: its leader runs and is the very process recorded, or the leader is gone in
    this same boot (Linux never gives a pid out while a group of that number lives, so
    what is left of it is ours). None for an old or unreadable file, another boot, or a pid
    now someone else's."""
    try:
        recorded = json.loads(path.read_text())
        pid, identity = int(recorded["pid"]), str(recorded["identity"])
    except (OSError, ValueError, TypeError, KeyError):
        return None
    now = process_identity(pid)
    if now is not None:
        return pid if now == identity else None
    try:
        boot = Path("/proc/sys/kernel/random/boot_id").read_text().strip()
    except OSError:
        return None
    return pid if identity.split(":", 1)[0] == boot else None


class ProcessGuard(Protocol):
    """Stops the process groups it watches if the process that started them dies first
    (the e2e tests' tests/support/process_guard.py; `make stack`'s processes outlive it)."""

    def watch(self, group: int) -> None: ...

    def forget(self, group: int) -> None: ...


def nginx_user_directive() -> str:
    """nginx started by root runs its workers as `nobody`, who cannot read a build inside a
    private folder (a checkout in /root or in `mktemp -d`: stat() fails with 13, every page
    403). So the workers run as the user who starts the stack, as they do for anyone who is
    not root (nginx then cannot switch users). Loopback only, a machine's own test stack:
    production runs Debian's nginx with its own `user www-data`."""
    if os.geteuid() != 0:
        return ""
    return f"user {pwd.getpwuid(os.geteuid()).pw_name} {grp.getgrgid(os.getegid()).gr_name};"


@dataclass
class Stack:
    """One stack's ports, stores and folder; `start()` runs it, `stop()` ends it."""

    folder: Path
    database_url: str
    redis_url: str
    https_port: int = 8443
    http_port: int = 8080
    backend_ports: tuple[int, ...] = (8101, 8102)
    # The exported pages and the build's nginx/ folder; default: this stack's own export.
    site_root: Path | None = None
    security_dir: Path | None = None
    # Reflex's working folder for the backends; default: this stack's own export's.
    web_workdir: Path | None = None
    extra_env: dict[str, str] = field(default_factory=dict)
    processes: dict[str, subprocess.Popen] = field(default_factory=dict)
    guard: ProcessGuard | None = None

    @property
    def url(self) -> str:
        return f"https://localhost:{self.https_port}"

    @property
    def web_dir(self) -> Path:
        return self.web_workdir or self.folder / "web"

    def env(self) -> dict[str, str]:
        """The production settings of this stack (also written to `.stack/env`)."""
        return {
            "SITE_URL": self.url,
            "API_URL": self.url,
            "ALLOWED_ORIGINS": self.url,
            # nginx is the one proxy in front of the backends.
            "TRUSTED_PROXY_HOPS": "1",
            "DATABASE_URL": self.database_url,
            "REFLEX_REDIS_URL": self.redis_url,
            # Two instances of one worker each: the redundancy is the instances.
            "GRANIAN_WORKERS": "1",
            "REFLEX_WEB_WORKDIR": str(self.web_dir),
            "REFLEX_STATES_WORKDIR": str(self.folder / "states"),
            **self.extra_env,
        }

    def write_env_file(self) -> Path:
        path = self.folder / "env"
        lines = ["# Written by `make stack` (deploy/stack.py): set -a; . .stack/env; set +a"]
        lines += [f"{name}={value}" for name, value in self.env().items()]
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        return path

    # --- build and certificate -------------------------------------------------------

    def export(self) -> None:
        """`reflex export` with this stack's addresses baked in, into `<folder>/web`."""
        log = self.folder / "export.log"
        with log.open("w") as out:
            result = subprocess.run(
                [str(ROOT / ".venv" / "bin" / "reflex"), "export", "--frontend-only", "--no-zip"],
                cwd=ROOT,
                env=tool_env() | self.env(),
                stdout=out,
                stderr=subprocess.STDOUT,
            )
        if result.returncode != 0:
            raise StackError(f"reflex export failed; see {log}")

    def export_is_current(self) -> bool:
        """Whether this stack's export is newer than every source it was built from."""
        marker = self.web_dir / "build" / "csp-hashes.json"
        if not marker.exists():
            return False
        built = marker.stat().st_mtime
        sources = [
            ROOT / "rxconfig.py",
            *(
                path
                for folder in ("agency_site", "content", "assets")
                for path in (ROOT / folder).rglob("*")
                if path.is_file()
            ),
        ]
        return all(path.stat().st_mtime < built for path in sources)

    def make_certificate(self) -> tuple[Path, Path]:
        """A self-signed certificate for localhost, made once."""
        tls = self.folder / "tls"
        cert, key = tls / "localhost.crt", tls / "localhost.key"
        if not cert.exists() or not key.exists():
            tls.mkdir(parents=True, exist_ok=True)
            subprocess.run(
                ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "30"]
                + ["-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1"]
                + ["-keyout", str(key), "-out", str(cert)],
                check=True,
                capture_output=True,
            )
        return cert, key

    # --- processes -------------------------------------------------------------------

    def _record(self, name: str, process: subprocess.Popen) -> None:
        if self.guard is not None:
            self.guard.watch(process.pid)
        self.processes[name] = process
        pids = self.folder / "pids"
        pids.mkdir(exist_ok=True)
        record_process(pids / f"{name}.pid", process.pid)

    def start_backend(self, index: int) -> None:
        port = self.backend_ports[index]
        log = (self.folder / f"backend-{port}.log").open("a")
        process = subprocess.Popen(
            [str(ROOT / ".venv" / "bin" / "reflex"), "run", "--env", "prod", "--backend-only"]
            + ["--backend-host", "127.0.0.1", "--backend-port", str(port), "--loglevel", "info"],
            cwd=ROOT,
            env=tool_env() | self.env(),
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        self._record(f"backend-{port}", process)

    def stop_backend(self, index: int, *, kill: bool = False) -> None:
        """Stop one backend instance; `kill` ends it at once, as a crash would."""
        name = f"backend-{self.backend_ports[index]}"
        process = self.processes.pop(name, None)
        if process is None:
            return
        if kill:
            os.killpg(process.pid, signal.SIGKILL)
        else:
            stop_group(process.pid, process=process)
        process.wait(timeout=30)
        self._forget(process.pid)
        (self.folder / "pids" / f"{name}.pid").unlink(missing_ok=True)

    def nginx_conf(self) -> Path:
        cert, key = self.make_certificate()
        build = self.web_dir / "build"
        site = NginxSite(
            site_url=self.url,
            backend_ports=self.backend_ports,
            http_port=self.http_port,
            tls_cert=cert,
            tls_key=key,
            site_root=self.site_root or build / "client",
            security_dir=self.security_dir or build / "nginx",
            # This stack's own access log and report folder (deploy/report.py).
            access_log=self.folder / "nginx" / "access.log",
            report_dir=self.folder / "report",
            report_passwords=self.folder / "report.htpasswd",
        )
        nginx = self.folder / "nginx"
        (nginx / "tmp").mkdir(parents=True, exist_ok=True)
        (nginx / "site.conf").write_text(render(site), encoding="utf-8")
        temp = " ".join(
            f"{kind}_temp_path {nginx / 'tmp' / kind};"
            for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
        )
        main = f"""# Written by deploy/stack.py: nginx for this stack only, in the foreground.
load_module {BROTLI_MODULE};
{nginx_user_directive()}
worker_processes 2;
pid {nginx / "nginx.pid"};
error_log {nginx / "error.log"} warn;
daemon off;
events {{ worker_connections 4096; }}
http {{
    include {NGINX_MIME_TYPES};
    default_type application/octet-stream;
    access_log off;
    sendfile on;
    tcp_nopush on;
    {temp}
    include {nginx / "site.conf"};
}}
"""
        conf = nginx / "nginx.conf"
        conf.write_text(main, encoding="utf-8")
        return conf

    def start_nginx(self) -> None:
        conf = self.nginx_conf()
        check = subprocess.run(["nginx", "-t", "-q", "-c", str(conf)], capture_output=True, text=True)
        if check.returncode != 0:
            raise StackError(f"nginx refused {conf}:\n{check.stderr}")
        log = (self.folder / "nginx" / "stderr.log").open("a")
        process = subprocess.Popen(
            ["nginx", "-c", str(conf)], stdout=log, stderr=subprocess.STDOUT, start_new_session=True
        )
        self._record("nginx", process)

    def wait_ready(self, timeout_s: float = START_TIMEOUT_S) -> None:
        """Until nginx answers and every backend instance answers /ping."""
        deadline = time.monotonic() + timeout_s
        targets = [f"{self.url}/", *(f"http://127.0.0.1:{port}/ping" for port in self.backend_ports)]
        with httpx.Client(verify=False, timeout=2) as client:
            for target in targets:
                while True:
                    self._check_running()
                    try:
                        if client.get(target).status_code == 200:
                            break
                    except httpx.HTTPError:
                        pass
                    if time.monotonic() > deadline:
                        raise StackError(
                            f"{target} did not answer within {timeout_s:.0f}s; logs in {self.folder}"
                        )
                    time.sleep(0.3)

    def wait_backend(self, index: int, timeout_s: float = START_TIMEOUT_S) -> None:
        deadline = time.monotonic() + timeout_s
        target = f"http://127.0.0.1:{self.backend_ports[index]}/ping"
        while time.monotonic() < deadline:
            self._check_running()
            try:
                if httpx.get(target, timeout=2).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.3)
        raise StackError(f"{target} did not answer within {timeout_s:.0f}s")

    def _check_running(self) -> None:
        for name, process in self.processes.items():
            if process.poll() is not None:
                raise StackError(f"{name} exited with {process.returncode}; see the logs in {self.folder}")

    def backend_groups(self) -> dict[int, int]:
        """The process group of each running backend instance, by its port (from the pid
        files, so also for a stack that another `deploy.stack up` started)."""
        groups = {}
        for port in self.backend_ports:
            group = proven_group(self.folder / "pids" / f"backend-{port}.pid")
            if group is not None:
                groups[port] = group
        return groups

    def migrate(self) -> None:
        subprocess.run(
            [str(ROOT / ".venv" / "bin" / "python"), "-m", "agency_site.leads", "migrate"],
            cwd=ROOT,
            env=tool_env() | self.env(),
            check=True,
        )

    def start(self) -> None:
        """Start the backends and nginx (the build must exist), wait until they answer."""
        missing = missing_prerequisites()
        if missing:
            raise StackError("missing: " + "; ".join(missing))
        self.folder.mkdir(parents=True, exist_ok=True)
        self.write_env_file()
        self.migrate()
        try:
            for index in range(len(self.backend_ports)):
                self.start_backend(index)
            self.start_nginx()
            self.wait_ready()
        except BaseException:
            self.stop()
            raise

    def stop(self) -> None:
        """Stop every process this stack started (recorded in `<folder>/pids`)."""
        pids = self.folder / "pids"
        for process in list(self.processes.values()):
            stop_group(process.pid, process=process)
            process.wait(timeout=30)
            self._forget(process.pid)
        self.processes.clear()
        if pids.is_dir():
            for pid_file in pids.glob("*.pid"):
                # Only what it can prove it started: a stale file (a reboot, a crash long
                # ago) may name a process of anyone's by now.
                group = proven_group(pid_file)
                if group is not None:
                    stop_group(group)
                pid_file.unlink()

    def _forget(self, group: int) -> None:
        if self.guard is not None:
            self.guard.forget(group)


def local_stack() -> Stack:
    """`make stack`'s stack: the machine's Redis and PostgreSQL at their usual ports."""
    return Stack(
        folder=ROOT / ".stack",
        database_url=os.environ.get(
            "STACK_DATABASE_URL", "postgresql://postgres@127.0.0.1:5432/agency_stack"
        ),
        # Its own Redis database number, away from other local uses of db 0.
        redis_url=os.environ.get("STACK_REDIS_URL", "redis://127.0.0.1:6379/13"),
    )


def ensure_database(url: str) -> None:
    """Create the stack's PostgreSQL database if it does not exist yet."""
    import psycopg
    from sqlalchemy.engine import make_url

    parsed = make_url(url)
    admin = parsed.set(drivername="postgresql", database="postgres").render_as_string(hide_password=False)
    with psycopg.connect(admin, autocommit=True) as connection:
        exists = connection.execute(
            "SELECT 1 FROM pg_database WHERE datname = %s", (parsed.database,)
        ).fetchone()
        if not exists:
            connection.execute(f'CREATE DATABASE "{parsed.database}"')


def check_services(stack: Stack) -> list[str]:
    """Which of Redis and PostgreSQL cannot be reached, one line each."""
    import redis

    problems = []
    try:
        redis.Redis.from_url(stack.redis_url, socket_timeout=2).ping()
    except redis.RedisError as error:
        problems.append(f"Redis at {redact_url(stack.redis_url)}: {error}")
    try:
        ensure_database(stack.database_url)
    except Exception as error:  # noqa: BLE001 - any failure means the same: not usable
        problems.append(f"PostgreSQL at {redact_url(stack.database_url)}: {error}".splitlines()[0])
    return problems


def redis_limits() -> dict[str, str]:
    """The settings of REDIS_CONF: {'maxmemory': '256mb', 'maxmemory-policy': ...}."""
    lines = REDIS_CONF.read_text(encoding="utf-8").splitlines()
    return dict(line.split(None, 1) for line in lines if line.strip() and not line.startswith("#"))


def limit_redis_memory(url: str) -> str:
    """Give the stack's Redis REDIS_CONF's limits when it runs without a memory limit (one
    started before `make stack` started it with that file); says what it found or did."""
    import redis

    client = redis.Redis.from_url(url, socket_timeout=2, decode_responses=True)
    try:
        if client.config_get("maxmemory")["maxmemory"] != "0":
            return "Redis has a memory limit already"
        for name, value in redis_limits().items():
            client.config_set(name, value)
        return f"Redis had no memory limit; set {redis_limits()} ({REDIS_CONF.name})"
    finally:
        client.close()


def up() -> None:
    stack = local_stack()
    stack.folder.mkdir(exist_ok=True)
    stack.stop()  # a previous `make stack` that was never taken down
    problems = missing_prerequisites() + check_services(stack)
    if problems:
        for problem in problems:
            print(f"stack: missing {problem}", file=sys.stderr)
        raise SystemExit(1)
    print(f"stack: {limit_redis_memory(stack.redis_url)}")
    # A rehearsal, not production: the values still to supply are listed, and it goes on.
    go_live.main(["--warn"])
    if stack.export_is_current():
        print(f"stack: the export in {stack.web_dir} is newer than the sources; not rebuilt")
    else:
        print(f"stack: exporting the site for {stack.url} into {stack.web_dir} (a few minutes)")
        stack.export()
    stack.start()
    # The processes outlive this command; `make stack-down` stops them by their PIDs.
    print(f"stack: {stack.url} (http://localhost:{stack.http_port} redirects there)")
    print(f"stack: backends on {', '.join(f'127.0.0.1:{port}' for port in stack.backend_ports)}")
    print(f"stack: environment in {stack.folder / 'env'}; logs in {stack.folder}; stop with make stack-down")


def down() -> None:
    stack = local_stack()
    stack.stop()
    print("stack: stopped")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("command", choices=["up", "down"])
    args = parser.parse_args()
    try:
        {"up": up, "down": down}[args.command]()
    except StackError as error:
        print(f"stack: {error}", file=sys.stderr)
        raise SystemExit(1) from None


if __name__ == "__main__":
    main()
