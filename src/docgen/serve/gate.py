"""Who may read an ``auth``-mode page's playground data from ``docgen serve``.

A static host hands those files (``_docgen/playground/*.json``) to anyone who asks; ``serve``
answers only a request whose ``Authorization: Bearer`` token is one the site's sign-in accepts:
signed with the site's key, not expired, for the configured audience and issuer, and (when the
page names groups) holding one of them. The browser sends it after sign-in (playground.js).
"""

from __future__ import annotations

import base64
import json
from typing import Any

import jwt
from cryptography.hazmat.primitives.serialization import load_der_public_key
from starlette.responses import Response

from docgen.config.model import AuthConfig

LEEWAY_SECONDS = 30  # as the browser's check (auth.js)


def token_claims(auth: AuthConfig, authorization: str | None) -> dict[str, Any] | None:
    """The verified claims of the bearer token in ``authorization``, or ``None``."""
    if not authorization or not authorization.lower().startswith("bearer "):
        return None
    token = authorization[7:].strip()
    try:
        key = load_der_public_key(base64.b64decode(auth.key_spki))
        claims: dict[str, Any] = jwt.decode(
            token,
            key,  # type: ignore[arg-type]
            algorithms=[auth.key_algorithm],
            audience=auth.audience,
            issuer=auth.issuer,
            leeway=LEEWAY_SECONDS,
            options={"require": ["exp"], "verify_aud": auth.audience is not None},
        )
    except (jwt.PyJWTError, ValueError, TypeError):
        return None
    return claims


def may_read(auth: AuthConfig, authorization: str | None, data: bytes) -> bool:
    """Whether the request's token lets its reader see the playground ``data``."""
    claims = token_claims(auth, authorization)
    if claims is None:
        return False
    try:
        wanted = json.loads(data).get("groups") or []
    except (ValueError, AttributeError):
        return False
    if not wanted:
        return True
    held = claims.get("groups")
    held = [held] if isinstance(held, str) else held if isinstance(held, list) else []
    return any(group in held for group in wanted if isinstance(group, str))


def gated(auth: AuthConfig | None, data: bytes, authorization: str | None) -> Response:
    """The answer to a request for playground ``data``: the file for a reader whose token the
    site accepts, else 401 (and never a cached copy either way)."""
    if auth is None or not may_read(auth, authorization, data):
        body = {"error": "sign in first: this playground is for signed-in readers"}
        headers = {"Cache-Control": "no-store", "WWW-Authenticate": "Bearer"}
        return Response(json.dumps(body), 401, headers, media_type="application/json")
    headers = {"Cache-Control": "private, no-store", "Vary": "Authorization"}
    return Response(data, 200, headers, media_type="application/json")
