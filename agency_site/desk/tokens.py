"""Secrets of the desk (session tokens, sign-in links, OIDC states) and how they are kept:
256 random bits, stored only as a SHA-256 hash; and a staff address as logs name it."""

from __future__ import annotations

import hashlib
import hmac
import secrets

from agency_site.leads.retention import same_address

# 32 bytes: 256 bits, as URL-safe base64 (43 characters).
TOKEN_BYTES = 32


def new_token() -> str:
    """A fresh secret for a cookie or a link."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def token_hash(token: str) -> str:
    """What the database keeps of a token. A plain SHA-256 suffices: the token is 256 random
    bits, so no dictionary or brute force reaches it, unlike a password."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def same_token(stored_hash: str, token: str) -> bool:
    """Whether `token` is the one `stored_hash` was made from (in constant time)."""
    return hmac.compare_digest(stored_hash, token_hash(token))


def address_tag(email: str) -> str:
    """A staff address as the logs name it: `addr-` and 12 hex digits of the SHA-256 of the
    address as compared (case-folded). Not the address, so a log holds no one's email; the
    same for every attempt, so an operator can follow one address (`leads staff list`
    prints each member's tag). An unknown address an attacker tries is tagged the same way."""
    return "addr-" + hashlib.sha256(same_address(email).encode("utf-8")).hexdigest()[:12]
