"""The site's log rotation beside Debian's own rotation of nginx's logs: logrotate reads
every file of /etc/logrotate.d in one run, and a log that two files name stops it
('duplicate log entry', exit 1) before anything is rotated, the 14 days the privacy policy
promises included."""

from __future__ import annotations

import re
import shutil
import subprocess
from fnmatch import fnmatch
from pathlib import Path

import pytest

from deploy.render_nginx import NginxSite

ROOT = Path(__file__).resolve().parents[3]
SITE_ROTATION = ROOT / "deploy" / "logrotate" / "agency-site"
DEBIAN_NGINX_ROTATION = Path("/etc/logrotate.d/nginx")


def patterns(config: str) -> list[str]:
    """The log paths (or globs) a logrotate file names, one per block."""
    return re.findall(r"^(/\S+)\s*\{", config, re.M)


def rooted(config: str, root: Path) -> str:
    """The same file with every path under /var/log moved under `root`."""
    return config.replace("/var/log/", f"{root}/var/log/")


def test_the_site_log_is_rotated_by_the_site_file_alone() -> None:
    site_log = str(NginxSite.__dataclass_fields__["access_log"].default)
    site_patterns = patterns(SITE_ROTATION.read_text(encoding="utf-8"))
    assert any(fnmatch(site_log, pattern) for pattern in site_patterns)
    # Debian's nginx package rotates this pattern itself.
    assert not fnmatch(site_log, "/var/log/nginx/*.log")


@pytest.mark.skipif(
    shutil.which("logrotate") is None or not DEBIAN_NGINX_ROTATION.exists(),
    reason="needs logrotate and Debian's /etc/logrotate.d/nginx (apt-get install logrotate nginx)",
)
def test_logrotate_accepts_debians_nginx_file_and_the_sites_with_the_logs_present(tmp_path: Path) -> None:
    debian = DEBIAN_NGINX_ROTATION.read_text(encoding="utf-8")
    site = SITE_ROTATION.read_text(encoding="utf-8")
    # Every log either file names exists, as on a server that has served pages.
    for pattern in patterns(debian) + patterns(site):
        log = Path(str(tmp_path) + pattern.replace("*", "access"))
        log.parent.mkdir(parents=True, exist_ok=True)
        log.write_text('127.0.0.0 - - [29/Nov/2026:04:00:00 +0000] "GET / HTTP/2.0" 200 1 "-" "-"\n')
    (tmp_path / "nginx").write_text(rooted(debian, tmp_path), encoding="utf-8")
    (tmp_path / "agency-site").write_text(rooted(site, tmp_path), encoding="utf-8")
    conf = tmp_path / "logrotate.conf"
    conf.write_text(f"include {tmp_path / 'nginx'}\ninclude {tmp_path / 'agency-site'}\n", encoding="utf-8")
    # -d: read and plan only; nothing is rotated and no script runs.
    result = subprocess.run(
        ["logrotate", "-d", "-s", str(tmp_path / "state"), str(conf)], capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr
    assert "duplicate" not in result.stderr and "error" not in result.stderr.lower(), result.stderr
    assert "rotate 14" in site and "maxage 14" in site
