"""The OpenAPI versions docgen reads, as one table: each line (``3.0``, ``3.1``, ``3.2``) with
the openapi-spec-validator class and document schema that check it, and whether the fast path
(:mod:`docgen.spec.fast`) mirrors its checks."""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class OpenApiLine:
    line: str  # "3.1"
    validator: str  # the openapi_spec_validator class that validates it
    schema: str  # the openapi_spec_validator.schemas attribute holding its document schema
    mirrored: bool  # docgen.spec.fast proves validity for it (else the library always runs)


LINES = (
    OpenApiLine("3.0", "OpenAPIV30SpecValidator", "schema_v30", mirrored=True),
    OpenApiLine("3.1", "OpenAPIV31SpecValidator", "schema_v31", mirrored=True),
    OpenApiLine("3.2", "OpenAPIV32SpecValidator", "schema_v32", mirrored=False),
)
_VERSION = re.compile(r"^(\d+\.\d+)\.\d+(-.+)?$")  # "3.1.0", "3.0.3-rc1"


def line_for(version: str) -> OpenApiLine | None:
    """The line of an ``openapi`` version string, or ``None`` when docgen does not read it."""
    match = _VERSION.match(version)
    if match is None:
        return None
    return next((line for line in LINES if line.line == match.group(1)), None)
