"""Where and how an operation is called: its servers (with variables at their defaults) and
the security schemes it accepts, as view models."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from docgen.render.schemawords import show
from docgen.render.views import SecurityScheme, Server
from docgen.spec.model import Operation, Spec
from docgen.spec.model import server_url as spec_server_url
from docgen.spec.refs import resolve
from docgen.spec.servercheck import unsafe_scheme


def servers(spec: Spec, op: Operation) -> tuple[Server, ...]:
    raw = op.data.get("servers") or op.path_item.get("servers") or spec.data.get("servers")
    out = []
    if isinstance(raw, list):
        for server in raw:
            if not isinstance(server, dict) or not isinstance(server.get("url"), str):
                continue
            if unsafe_scheme(server["url"], server.get("variables")):  # warned by the check
                continue
            variables = []
            raw_vars = server.get("variables")
            if isinstance(raw_vars, dict):
                for name, var in raw_vars.items():
                    if isinstance(var, dict):
                        raw_enum = var.get("enum")
                        enum: list[Any] = raw_enum if isinstance(raw_enum, list) else []
                        variables.append(
                            (str(name), show(var.get("default", "")), tuple(show(e) for e in enum))
                        )
            description = server.get("description")
            out.append(
                Server(
                    spec_server_url(spec.name, server["url"]),
                    description if isinstance(description, str) else None,
                    tuple(variables),
                )
            )
    return tuple(out)


def server_url(server: Server) -> str:
    url = server.url
    for name, default, _ in server.variables:
        url = url.replace("{" + name + "}", default)
    return url.rstrip("/")


def security(
    spec: Spec, op: Operation, describe: Callable[[Any], str]
) -> tuple[tuple[SecurityScheme, ...], ...]:
    requirement = op.data.get("security", spec.data.get("security"))
    components = spec.data.get("components")
    schemes = components.get("securitySchemes") if isinstance(components, dict) else None
    if not isinstance(requirement, list) or not isinstance(schemes, dict):
        return ()
    out = []
    for alternative in requirement:
        if not isinstance(alternative, dict):
            continue
        group = []
        for key in alternative:
            scheme, _ = resolve(schemes.get(key), spec.name, spec.documents)
            if not isinstance(scheme, dict):
                continue
            group.append(scheme_view(str(key), scheme, describe))
        if group or not alternative:  # an empty alternative ({}) makes authentication optional
            out.append(tuple(group))
    return tuple(out)


def scheme_view(key: str, scheme: dict[str, Any], describe: Callable[[Any], str]) -> SecurityScheme:
    kind = str(scheme.get("type", ""))
    description = describe(scheme.get("description"))
    if kind == "http":
        http = str(scheme.get("scheme", "")).lower()
        if http == "bearer":
            fmt = scheme.get("bearerFormat")
            title = f"Bearer token ({fmt})" if isinstance(fmt, str) else "Bearer token"
            return SecurityScheme(key, "bearer", title, "header", "Authorization", description)
        if http == "basic":
            return SecurityScheme(
                key, "basic", "Basic authentication", "header", "Authorization", description
            )
        return SecurityScheme(
            key, http or "http", f"HTTP {http}", "header", "Authorization", description
        )
    if kind == "apiKey":
        location = str(scheme.get("in", "header"))
        name = str(scheme.get("name", key))
        return SecurityScheme(key, "apiKey", "API key", location, name, description)
    titles = {"oauth2": "OAuth 2.0", "openIdConnect": "OpenID Connect", "mutualTLS": "Mutual TLS"}
    return SecurityScheme(key, kind, titles.get(kind, kind or key), None, None, description)
