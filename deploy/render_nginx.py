"""Writes the nginx site of deploy/nginx/agency-site.conf.template for this deployment.

    python -m deploy.render_nginx > /etc/nginx/sites-available/agency-site
    python -m deploy.render_nginx --http-only > ...   # before the first certificate exists

Values come from the environment (the env file of deploy/agency.env.example): SITE_URL
gives the server name and the https port; BACKEND_PORTS the backend instances on
127.0.0.1; NGINX_HTTP_PORT, TLS_CERT, TLS_KEY, SITE_ROOT (the exported pages) and
SECURITY_DIR (the build's nginx/ folder with the per-page policies) and ACME_WEBROOT (where
certbot puts its http-01 challenges) the rest; METRICS_ALLOW the networks besides this
machine that may read /_metrics. --http-only leaves out the https server, whose certificate
`nginx -t` wants to read: the site's nginx then serves the challenge of the first one.
`make stack` renders the same template for https://localhost:8443.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from dotenv import dotenv_values

from agency_site.server.event_limit import EVENT_MESSAGE_MAX, FORM_BODY_MAX

TEMPLATE = Path(__file__).parent / "nginx" / "agency-site.conf.template"
_PLACEHOLDER = re.compile(r"@([A-Z_]+)@")

# /_event's limits per visitor address (the template says why these sizes): websockets
# open at once, new ones per second, how many more may queue, and how many of those pass
# at once rather than at the rate.
EVENT_CONNECTIONS = 16
EVENT_RATE_PER_S = 1
EVENT_BURST = 20
EVENT_BURST_NOW = 10
# /ping and /_health per visitor address: a monitor's poll every second or so passes.
HEALTH_RATE_PER_S = 2
HEALTH_BURST = 10


@dataclass(frozen=True)
class NginxSite:
    site_url: str
    backend_ports: tuple[int, ...]
    http_port: int
    tls_cert: Path
    tls_key: Path
    site_root: Path
    security_dir: Path
    # Networks besides this machine that may read /_metrics (METRICS_ALLOW, CIDRs).
    metrics_allow: tuple[str, ...] = ()
    acme_webroot: Path = Path("/var/www/acme")
    # The marketing report (deploy/report.py): the access log it reads, where it is
    # written, and who may read it from elsewhere than this machine (htpasswd file).
    access_log: Path = Path("/var/log/agency-site/access.log")
    report_dir: Path = Path("/var/lib/agency-report")
    report_passwords: Path = Path("/etc/agency/report.htpasswd")

    def values(self) -> dict[str, str]:
        parts = urlsplit(self.site_url)
        return {
            "SITE_URL": self.site_url.rstrip("/"),
            "SERVER_NAME": parts.hostname or "",
            "HTTPS_PORT": str(parts.port or 443),
            "HTTP_PORT": str(self.http_port),
            "BACKENDS": "\n".join(f"    server 127.0.0.1:{port};" for port in self.backend_ports),
            "TLS_CERT": str(self.tls_cert),
            "TLS_KEY": str(self.tls_key),
            "SITE_ROOT": str(self.site_root),
            "SECURITY_DIR": str(self.security_dir),
            "ACME_WEBROOT": str(self.acme_webroot),
            "METRICS_ALLOW": "\n".join(f"        allow {network};" for network in self.metrics_allow),
            "ACCESS_LOG": str(self.access_log),
            "REPORT_DIR": str(self.report_dir),
            "REPORT_PASSWORDS": str(self.report_passwords),
            "EVENT_CONNECTIONS": str(EVENT_CONNECTIONS),
            "EVENT_RATE": f"{EVENT_RATE_PER_S}r/s",
            "EVENT_BURST": str(EVENT_BURST),
            "EVENT_BURST_NOW": str(EVENT_BURST_NOW),
            "HEALTH_RATE": f"{HEALTH_RATE_PER_S}r/s",
            "HEALTH_BURST": str(HEALTH_BURST),
            "EVENT_BODY_MAX": str(EVENT_MESSAGE_MAX),
            "FORM_BODY_MAX": str(FORM_BODY_MAX),
        }


def render(site: NginxSite, *, http_only: bool = False) -> str:
    """The template with every @NAME@ filled in; an unknown name is an error. `http_only`:
    without the https server (before its certificate exists)."""
    values = site.values() | {"HTTPS_BEGIN": "", "HTTPS_END": ""}
    template = TEMPLATE.read_text(encoding="utf-8")
    if http_only:
        template = template.split("# @HTTPS_BEGIN@", 1)[0]

    def fill(match: re.Match[str]) -> str:
        return values[match.group(1)]

    return _PLACEHOLDER.sub(fill, template)


def site_from_env(environ: Mapping[str, str]) -> NginxSite:
    missing = [name for name in ("SITE_URL", "BACKEND_PORTS", "TLS_CERT", "TLS_KEY") if not environ.get(name)]
    if missing:
        raise SystemExit(f"render_nginx: set {', '.join(missing)} (see deploy/agency.env.example)")
    # The release being served (deploy/release.py): its pages and its per-page policies.
    home = environ.get("AGENCY_HOME", "/srv/agency")
    return NginxSite(
        site_url=environ["SITE_URL"],
        backend_ports=tuple(int(port) for port in environ["BACKEND_PORTS"].split(",") if port.strip()),
        http_port=int(environ.get("NGINX_HTTP_PORT", "80")),
        tls_cert=Path(environ["TLS_CERT"]),
        tls_key=Path(environ["TLS_KEY"]),
        site_root=Path(environ.get("SITE_ROOT", f"{home}/current/.web/build/client")),
        security_dir=Path(environ.get("SECURITY_DIR", f"{home}/current/.web/build/nginx")),
        acme_webroot=Path(environ.get("ACME_WEBROOT", "/var/www/acme")),
        metrics_allow=tuple(
            part.strip() for part in environ.get("METRICS_ALLOW", "").split(",") if part.strip()
        ),
        access_log=Path(environ.get("NGINX_ACCESS_LOG", "/var/log/agency-site/access.log")),
        report_dir=Path(environ.get("REPORT_DIR", "/var/lib/agency-report")),
        report_passwords=Path(environ.get("REPORT_PASSWORDS", "/etc/agency/report.htpasswd")),
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--env-file", type=Path, help="read the settings from this file (default: the environment)"
    )
    parser.add_argument(
        "--http-only", action="store_true", help="only the http server (ACME challenges, redirect)"
    )
    args = parser.parse_args(argv)
    environ = dict(os.environ)
    if args.env_file:
        environ |= {key: value for key, value in dotenv_values(args.env_file).items() if value is not None}
    sys.stdout.write(render(site_from_env(environ), http_only=args.http_only))


if __name__ == "__main__":
    main()
