"""A real OpenID provider on loopback for the leads desk's sign-in tests: panva's certified
oidc-provider (npm registry; `make test` installs it into .tools/oidc-provider), served by
tests/e2e/support/oidc/provider.mjs on a free port of 127.0.0.1, started in the background
and stopped by its process id (tests/support/server.py; the watchdog stops it if the run is
killed, and the script exits by itself when the run is gone).

It has one confidential client (client_secret_basic), authorization code with PKCE (S256),
scopes openid email profile, and only the accounts it is given; its issuer is plain http on
loopback (its discovery document says so, and Authlib accepts it). The id_token carries
email, email_verified and name, as Google's and Entra's do. Its sign-in and consent pages
are two small forms, filled in by `sign_in_at_provider`.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from pathlib import Path

from playwright.sync_api import Page, expect

from tests.support.server import ROOT, ServerProcess, free_port, project_env

SCRIPT = Path(__file__).resolve().parent / "oidc" / "provider.mjs"
# Where the Makefile's oidc-provider target installs the package (OIDC_PROVIDER_STAMP).
MODULES = ROOT / ".tools" / "oidc-provider" / "node_modules"
SCOPE = "openid email profile"
# The provider's own page titles (provider.mjs).
SIGN_IN_HEADING = "Sign in to the test provider"
CONSENT_HEADING = "Allow access"


@dataclass(frozen=True)
class OidcAccount:
    """A person the provider knows: signs in by `email` (or `sub`) without a password."""

    sub: str
    email: str
    name: str
    email_verified: bool = True


# Accounts for the desk's cases: a member of staff, someone the site does not know, and an
# address the provider has not verified (which a site must not trust for an allow-list).
STAFF = OidcAccount("staff-anna", "anna@agency.example", "Anna Staff")
STRANGER = OidcAccount("stranger-sam", "sam@elsewhere.example", "Sam Stranger")
UNVERIFIED = OidcAccount("unverified-uwe", "uwe@agency.example", "Uwe Unverified", email_verified=False)
DEFAULT_ACCOUNTS = (STAFF, STRANGER, UNVERIFIED)


@dataclass(frozen=True)
class OidcClient:
    """What a relying party is configured with (plain strings: it can be passed to another
    process, such as a pytest-xdist worker, or put into a server's environment)."""

    issuer: str
    client_id: str
    client_secret: str

    @property
    def server_metadata_url(self) -> str:
        """The discovery document (Authlib's `server_metadata_url`)."""
        return f"{self.issuer}/.well-known/openid-configuration"


class OidcProvider:
    """oidc-provider on a free loopback port, with one client and the given accounts.

    The port, and so the issuer, is chosen when it is made, before it starts: a site under
    test can be configured with `client` first and the provider started once the site's
    redirect URI is known (`start(redirect_uris=...)`).
    """

    def __init__(
        self,
        folder: Path,
        *,
        redirect_uris: Sequence[str] = (),
        accounts: Sequence[OidcAccount] = DEFAULT_ACCOUNTS,
        client_id: str = "agency-desk",
        client_secret: str | None = None,
    ) -> None:
        self.folder = folder
        self.port = free_port()
        self.redirect_uris = list(redirect_uris)
        self.accounts = list(accounts)
        self.client = OidcClient(
            issuer=f"http://127.0.0.1:{self.port}",
            client_id=client_id,
            client_secret=client_secret or secrets.token_urlsafe(24),
        )
        self.config_file = folder / "oidc-provider.json"
        self.server = ServerProcess(
            ["node", SCRIPT, MODULES, self.config_file],
            log=folder / "oidc-provider.log",
            ready=[self.client.server_metadata_url],
            env=project_env(),
            start_timeout_s=30,
            poll_s=0.1,
        )

    @property
    def issuer(self) -> str:
        return self.client.issuer

    @property
    def pid(self) -> int:
        return self.server.pid

    def start(self, redirect_uris: Sequence[str] | None = None) -> OidcProvider:
        """Start it (again) and wait until its discovery document answers."""
        if redirect_uris is not None:
            self.redirect_uris = list(redirect_uris)
        if not self.redirect_uris:
            raise ValueError("the provider's client needs at least one redirect URI")
        if not MODULES.joinpath("oidc-provider").is_dir():
            raise RuntimeError(f"oidc-provider is not installed in {MODULES}: run `make oidc-provider`")
        self.write_config()
        self.server.start()
        return self

    def write_config(self) -> None:
        """Write what provider.mjs serves: the port, the client, the accounts."""
        self.folder.mkdir(parents=True, exist_ok=True)
        config = {
            "port": self.port,
            "client": {
                "client_id": self.client.client_id,
                "client_secret": self.client.client_secret,
                "redirect_uris": self.redirect_uris,
            },
            "accounts": [asdict(account) for account in self.accounts],
        }
        self.config_file.write_text(json.dumps(config))

    def stop(self) -> None:
        self.server.stop(grace_s=5)

    def log(self) -> str:
        return self.server.log_tail()


@contextmanager
def running_oidc_provider(
    folder: Path, redirect_uris: Sequence[str], accounts: Sequence[OidcAccount] = DEFAULT_ACCOUNTS
) -> Iterator[OidcProvider]:
    """An `OidcProvider` started for the block and stopped by its process id after it."""
    provider = OidcProvider(folder, redirect_uris=redirect_uris, accounts=accounts)
    provider.start()
    try:
        yield provider
    finally:
        provider.stop()


def sign_in_at_provider(page: Page, email: str, *, allow: bool = True) -> None:
    """On the provider's sign-in page that `page` shows: sign in as `email`, then Allow (or
    Deny) on its consent page. The provider then redirects the browser to the client's
    redirect URI (the site's callback), with a code or with error=access_denied."""
    expect(page.get_by_role("heading", name=SIGN_IN_HEADING)).to_be_visible()
    page.get_by_label("Email").fill(email)
    page.get_by_role("button", name="Sign in").click()
    expect(page.get_by_role("heading", name=CONSENT_HEADING)).to_be_visible()
    page.get_by_role("button", name="Allow" if allow else "Deny").click()
