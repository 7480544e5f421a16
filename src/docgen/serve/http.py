"""What the server says about a file and a request: a path's content type, and the host name
and port a ``Host`` header names."""

from __future__ import annotations

from docgen.serve.targets import normalise_host

CONTENT_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".json": "application/json",
    ".svg": "image/svg+xml",
    ".md": "text/markdown; charset=utf-8",
    ".txt": "text/plain; charset=utf-8",
    ".xml": "application/xml",
    ".yaml": "application/yaml; charset=utf-8",
    ".yml": "application/yaml; charset=utf-8",
    ".png": "image/png",
    ".jpg": "image/jpeg",
    ".jpeg": "image/jpeg",
    ".gif": "image/gif",
    ".webp": "image/webp",
    ".ico": "image/x-icon",
    ".woff2": "font/woff2",
    ".woff": "font/woff",
    ".ttf": "font/ttf",
    ".otf": "font/otf",
    ".avif": "image/avif",
    ".bmp": "image/bmp",
    ".tif": "image/tiff",
    ".tiff": "image/tiff",
    ".mp4": "video/mp4",
    ".m4v": "video/mp4",
    ".webm": "video/webm",
    ".mov": "video/quicktime",
    ".ogv": "video/ogg",
    ".mp3": "audio/mpeg",
    ".wav": "audio/wav",
    ".m4a": "audio/mp4",
    ".ogg": "audio/ogg",
    ".oga": "audio/ogg",
    ".flac": "audio/flac",
    ".pdf": "application/pdf",
    ".csv": "text/csv; charset=utf-8",
    ".zip": "application/zip",
    ".map": "application/json",
    ".wasm": "application/wasm",
}


def split_host(value: str) -> tuple[str, int | None]:
    """``host[:port]`` or ``[v6][:port]`` -> normalised host and port (``None`` if absent)."""
    value = value.strip()
    port: str | None = None
    if value.startswith("["):
        host, _, rest = value[1:].partition("]")
        if rest.startswith(":"):
            port = rest[1:]
    elif value.count(":") == 1:
        host, port = value.split(":")
    else:
        host = value
    number = int(port) if port and port.isdigit() else None
    return normalise_host(host), number


def content_type(path: str) -> str:
    suffix = path[path.rfind(".") :].lower() if "." in path.rsplit("/", 1)[-1] else ""
    return CONTENT_TYPES.get(suffix, "application/octet-stream")
