"""Which pages may open the backend's websocket, besides those of ALLOWED_ORIGINS."""

from __future__ import annotations

import os


def dev_origins(environ: dict[str, str] | os._Environ = os.environ) -> tuple[str, ...]:
    """Under `reflex run` in dev mode, the page's own origin, on whatever port it was given.

    Reflex passes `--frontend-port` to the backend as REFLEX_FRONTEND_PORT and the mode as
    REFLEX_ENV_MODE; the dev page (Vite) and the backend are on different ports, so the
    websocket must accept the page's origin, or the contact form fails on any port but the
    one SITE_URL names. Production (`--env prod`, nginx) keeps ALLOWED_ORIGINS alone.
    """
    if environ.get("REFLEX_ENV_MODE", "dev") != "dev":
        return ()
    port = environ.get("REFLEX_FRONTEND_PORT") or "3000"
    return (f"http://localhost:{port}", f"http://127.0.0.1:{port}")
