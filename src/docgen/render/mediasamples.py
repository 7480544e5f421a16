"""The request samples of an operation whose body may be sent as several media types: each
generated sample carries every type's code (``CodeSample.variants``, the first type's first),
which the page shows when the reader picks that type (a body example tab, the playground's
Content type picker); ``x-codeSamples`` do not vary."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from docgen.render import samples
from docgen.render.bodyforms import form_kind
from docgen.render.bodykind import JSON, TEXT, concrete_type
from docgen.render.playground import MAX_MEDIA_TYPES, MediaBody
from docgen.render.views import CodeSample


def nothing_to_send(body: MediaBody) -> bool:
    """A form body whose schema names no field and whose example is empty (Stripe's list
    operations: GET with ``{"type": "object", "properties": {}}``): no body is sent, not
    ``{}`` as text."""
    payload = body.payload
    empty = payload is not None and payload.kind == TEXT and body.value in ({}, None)
    return empty and form_kind(body.media_type) is not None


def _shape(
    method: str,
    url: str,
    headers: list[tuple[str, str]],
    body: MediaBody | None,
    required_only: bool,
) -> samples.RequestShape:
    if body is None:
        return samples.RequestShape(method, url, tuple(headers), None, None, None)
    payload = body.payload
    if required_only and payload is not None:  # the samples' form: its required fields
        payload = replace(payload, fields=tuple(f for f in payload.fields if f.required))
    kind = payload.kind if payload is not None else JSON
    typed = (*headers, ("Content-Type", concrete_type(body.media_type, kind)))
    return samples.RequestShape(method, url, typed, body.value, body.media_type, payload)


def request_samples(
    operation: dict[str, Any],
    method: str,
    url: str,
    headers: list[tuple[str, str]],
    bodies: list[MediaBody],
    languages: tuple[str, ...],
    required_only: bool,
    custom: Mapping[str, str] | None = None,
) -> tuple[tuple[CodeSample, ...], tuple[str, ...]]:
    """The samples (the first media type's) and the media types they vary by (none when the
    body has one type or none; ``custom``: the lexers of the site's grammar languages)."""
    first = bodies[0] if bodies else None
    shape = _shape(method, url, headers, first, required_only)
    shown = samples.samples(operation, shape, languages, custom)
    if len(bodies) < 2:
        return shown, ()
    kept = bodies[:MAX_MEDIA_TYPES]
    langs = tuple(s.lang for s in shown if s.lang in languages)
    per_type = [
        samples.generated(_shape(method, url, headers, body, required_only), langs) for body in kept
    ]
    out = []
    for sample in shown:
        codes = [next((c for c in made if c.lang == sample.lang), None) for made in per_type]
        if sample.lang not in langs or any(c is None for c in codes):
            out.append(sample)  # an x-codeSamples sample: the same for every type
            continue
        variants = tuple((b.media_type, c.code_html) for b, c in zip(kept, codes, strict=True) if c)
        out.append(replace(sample, variants=variants))
    return tuple(out), tuple(b.media_type for b in kept)
