"""Parse a ``pages`` entry: an operation reference (``GET /x``, ``spec.yaml GET /x``,
``webhook name``) or, failing that, a page file path."""

from __future__ import annotations

import re
from dataclasses import dataclass

from docgen.spec.model import METHODS, Operation, Spec

_METHODS = "|".join(METHODS)
_OPERATION = re.compile(rf"^(?:(?P<spec>\S+)\s+)?(?P<method>{_METHODS})\s+(?P<path>/\S*)$")
_WEBHOOK = re.compile(r"^(?:(?P<spec>\S+)\s+)?(?i:webhook)\s+(?P<name>\S+)$")
_ANY_CASE = re.compile(rf"^(?:(?P<spec>\S+)\s+)?(?P<method>(?i:{_METHODS}))\s+(?P<path>/\S*)$")


@dataclass(frozen=True, slots=True)
class Reference:
    """A well-formed operation or webhook reference."""

    method: str  # upper case, or "WEBHOOK"
    target: str  # path template, or webhook name
    spec: str | None  # spec file named explicitly

    @property
    def webhook(self) -> bool:
        return self.method == "WEBHOOK"

    def __str__(self) -> str:
        body = f"webhook {self.target}" if self.webhook else f"{self.method} {self.target}"
        return f"{self.spec} {body}" if self.spec else body


def parse(text: str) -> Reference | None:
    """The reference ``text`` is, or ``None`` when it is not a well-formed one."""
    match = _OPERATION.match(text)
    if match:
        return Reference(match["method"], match["path"], match["spec"])
    match = _WEBHOOK.match(text)
    if match:
        return Reference("WEBHOOK", match["name"], match["spec"])
    return None


def upper_case_hint(text: str) -> str | None:
    """For ``get /users`` (a method not in upper case), the reference that was meant."""
    match = _ANY_CASE.match(text)
    if match and match["method"] != match["method"].upper():
        spec = f"{match['spec']} " if match["spec"] else ""
        return f"{spec}{match['method'].upper()} {match['path']}"
    return None


def match(spec: Spec, ref: Reference) -> tuple[Operation, ...]:
    """The operation (or the webhooks) of ``spec`` that ``ref`` names."""
    if ref.webhook:
        return spec.find_webhook(ref.target)
    op = spec.find(ref.method, ref.target)
    return (op,) if op is not None else ()
