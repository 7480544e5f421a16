"""docs.json ``integrations`` (mint.json ``analytics``): the analytics tools docgen loads on
every page, as Mintlify does: Google Analytics 4, Google Tag Manager, PostHog, Plausible and
Fathom. ``cookies`` (a localStorage key and value) holds them all back until a reader's
consent is recorded there. Mintlify's other integrations are accepted and reported unused.

The values are already schema-valid (IDs of letters, digits, ``-`` and ``_``; host names);
the PostHog host must be an http(s) URL, as every URL in a config (security.md 21).
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from docgen.config.model import Integrations
from docgen.diagnostics import Code, Diagnostics
from docgen.load.source import SourceDocument

POSTHOG_HOST = "https://us.i.posthog.com"  # PostHog's own default (US cloud)
PLAUSIBLE_HOST = "plausible.io"


def read_integrations(
    data: dict[str, Any], doc: SourceDocument, diagnostics: Diagnostics
) -> Integrations:
    """``integrations`` of ``data`` (the converted mint.json's too)."""
    raw = data.get("integrations")
    if not isinstance(raw, dict):
        return Integrations()
    posthog = None
    if isinstance(found := raw.get("posthog"), dict):
        host = str(found.get("apiHost") or POSTHOG_HOST).rstrip("/")
        parts = urlsplit(host)
        if parts.scheme in ("http", "https") and parts.hostname and not parts.query:
            posthog = (found["apiKey"], host, found.get("sessionRecording") is True)
        else:
            diagnostics.error(
                Code.CONFIG_INVALID,
                f"integrations.posthog.apiHost: {host!r} is not an http(s) URL "
                "(for example 'https://eu.i.posthog.com' or your own proxy's address)",
                doc.location("/integrations/posthog/apiHost"),
            )
    plausible = None
    if isinstance(found := raw.get("plausible"), dict):
        plausible = (found["domain"], str(found.get("server") or PLAUSIBLE_HOST))
    consent = None
    if isinstance(found := raw.get("cookies"), dict):
        if found.get("key"):
            consent = (str(found["key"]), str(found.get("value", "")))
        else:  # the analytics would load for every reader: probably not what was meant
            diagnostics.warning(
                Code.CONFIG_INVALID,
                "integrations.cookies has no 'key': no consent is waited for, and the "
                "analytics load for every reader (give the localStorage key your consent "
                "banner sets, and its 'value')",
                doc.location("/integrations/cookies"),
            )
    return Integrations(
        ga4=_id(raw, "ga4", "measurementId"),
        gtm=_id(raw, "gtm", "tagId"),
        posthog=posthog,
        plausible=plausible,
        fathom=_id(raw, "fathom", "siteId"),
        consent=consent,
    )


def _id(raw: dict[str, Any], name: str, key: str) -> str | None:
    found = raw.get(name)
    return str(found[key]) if isinstance(found, dict) and key in found else None


def script_data(integrations: Integrations) -> dict[str, Any]:
    """What ``_docgen/integrations.js`` reads from the page (``None``: not configured)."""
    posthog = integrations.posthog
    plausible = integrations.plausible
    consent = integrations.consent
    return {
        "consent": {"key": consent[0], "value": consent[1]} if consent else None,
        "ga4": integrations.ga4,
        "gtm": integrations.gtm,
        "posthog": (
            {"key": posthog[0], "host": posthog[1], "recording": posthog[2]} if posthog else None
        ),
        "plausible": {"domain": plausible[0], "host": plausible[1]} if plausible else None,
        "fathom": integrations.fathom,
    }
