"""`systemctl` for the rehearsal: a build machine has no systemd, so this runs the units the
runbook installed (their ExecStart, WorkingDirectory, EnvironmentFile and Environment lines,
the rehearsal's folders put in) as plain processes, and nginx with the rehearsal's own main
configuration. It knows the verbs the runbook and deploy/release.py use: daemon-reload,
enable, start, restart, stop, status, reload nginx."""

from __future__ import annotations

import json
import os
import shlex
import signal
import subprocess
import sys
import time
from pathlib import Path

CONFIG = Path(os.environ["REHEARSAL_CONFIG"])
SETTINGS = json.loads(CONFIG.read_text())
RUN = Path(SETTINGS["run_dir"])
REPLACEMENTS: list[tuple[str, str]] = [tuple(pair) for pair in SETTINGS["replacements"]]


def moved(text: str) -> str:
    for old, new in REPLACEMENTS:
        text = text.replace(old, new)
    return text


def unit_file(unit: str) -> tuple[Path, str]:
    """The unit's file and its instance (`agency-backend@8101` -> its template, '8101')."""
    name = unit if unit.endswith((".service", ".timer")) else f"{unit}.service"
    instance = ""
    if "@" in name:
        prefix, rest = name.split("@", 1)
        instance, suffix = rest.rsplit(".", 1)
        name = f"{prefix}@.{suffix}"
    return Path(SETTINGS["unit_dir"]) / name, instance


def service_lines(path: Path, instance: str) -> dict[str, list[str]]:
    values: dict[str, list[str]] = {}
    for line in moved(path.read_text()).replace("%i", instance).splitlines():
        if "=" in line and not line.startswith(("#", "[")):
            key, value = line.split("=", 1)
            values.setdefault(key.strip(), []).append(value.strip())
    return values


def environment(lines: dict[str, list[str]]) -> dict[str, str]:
    env = {"PATH": os.environ["PATH"], "LANG": "C.UTF-8"}
    for file in lines.get("EnvironmentFile", []):
        for raw in Path(file).read_text().splitlines():
            if "=" in raw and not raw.lstrip().startswith("#"):
                key, value = raw.split("=", 1)
                env[key.strip()] = value.strip()
    for line in lines.get("Environment", []):
        for item in shlex.split(line):
            key, value = item.split("=", 1)
            env[key] = value
    return env


def pid_file(unit: str) -> Path:
    return RUN / f"{unit}.pid"


def running(unit: str) -> int | None:
    path = pid_file(unit)
    if not path.exists():
        return None
    pid = int(path.read_text())
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return None
    return pid


def stop(unit: str) -> None:
    pid = running(unit)
    if pid is None:
        return
    os.killpg(pid, signal.SIGTERM)
    deadline = time.monotonic() + 20
    while running(unit) and time.monotonic() < deadline:
        time.sleep(0.2)
    if running(unit):
        os.killpg(pid, signal.SIGKILL)
    pid_file(unit).unlink(missing_ok=True)


def start(unit: str) -> None:
    path, instance = unit_file(unit)
    lines = service_lines(path, instance)
    for required in " ".join(lines.get("Requires", [])).split():
        if not (RUN / f"{required}.done").exists():
            start(required.removesuffix(".service"))
    command = shlex.split(lines["ExecStart"][0])
    cwd = lines.get("WorkingDirectory", ["/"])[0]
    for before in lines.get("ExecStartPre", []):
        subprocess.run(shlex.split(before), cwd=cwd, env=environment(lines), check=True)
    if lines.get("Type", [""])[0] == "oneshot":
        subprocess.run(command, cwd=cwd, env=environment(lines), check=True)
        (RUN / f"{unit}.service.done").touch()
        return
    log = (RUN / f"{unit}.log").open("a")
    process = subprocess.Popen(
        command, cwd=cwd, env=environment(lines), stdout=log, stderr=subprocess.STDOUT, start_new_session=True
    )
    pid_file(unit).write_text(str(process.pid))


def nginx_workers(master: int) -> set[str]:
    result = subprocess.run(["ps", "-o", "pid=", "--ppid", str(master)], capture_output=True, text=True)
    return set(result.stdout.split())


def reload_nginx() -> None:
    """Start nginx, or reload it and wait until its workers are the new configuration's."""
    master_file = Path(SETTINGS["nginx_pid"])
    nginx = SETTINGS["nginx"]
    if not master_file.exists():
        subprocess.run([nginx], check=True)
        return
    master = int(master_file.read_text())
    before = nginx_workers(master)
    subprocess.run([nginx, "-s", "reload"], check=True)
    deadline = time.monotonic() + 20
    while nginx_workers(master) & before and time.monotonic() < deadline:
        time.sleep(0.1)


def main(argv: list[str]) -> int:
    args = [arg for arg in argv if not arg.startswith("--")]
    verb, units = args[0], args[1:]
    if verb in ("daemon-reload", "enable"):
        return 0
    if verb == "reload" and units == ["nginx"]:
        reload_nginx()
        return 0
    if verb == "status":
        down = [unit for unit in units if running(unit) is None]
        for unit in units:
            state = "inactive (dead)" if unit in down else "active (running)"
            print(f"● {unit}.service\n     Active: {state}")
        return 3 if down else 0
    for unit in units:
        if verb in ("stop", "restart"):
            stop(unit)
        if verb in ("start", "restart"):
            start(unit)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
