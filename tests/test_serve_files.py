"""``docgen serve`` answers for the site's files as a careful static host does, over real
sockets to a real process: conditional requests, byte ranges, cache headers, paths that name
no file, shutdown on SIGTERM, IPv6."""

from __future__ import annotations

import contextlib
import gzip
import json
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn
from serving import ROOT, Process, free_port

from docgen.serve.app import create_app
from docgen.serve.snapshot import build_snapshot


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("site")
    config = {"name": "Tiny", "navigation": {"pages": ["index"]}}
    (folder / "docs.json").write_text(json.dumps(config), encoding="utf-8")
    (folder / "index.mdx").write_text("---\ntitle: Home\n---\n\nHello.\n", encoding="utf-8")
    return folder


def start(site: Path, *args: str) -> tuple[Process, str]:
    port = free_port()
    process = Process(
        [
            *(sys.executable, "-m", "docgen", "serve", str(site / "docs.json")),
            *("--port", str(port), *args),
        ],
        ROOT,
    )
    process.wait_output("Serving at")
    return process, f"http://127.0.0.1:{port}"


@pytest.fixture(scope="module")
def base(site: Path) -> Iterator[str]:
    process, url = start(site, "--no-watch")
    try:
        yield url
    finally:
        process.stop()
    assert "Traceback" not in process.output, process.output[-3000:]


def get(url: str, **headers: str) -> httpx.Response:
    return httpx.get(url, headers=headers, trust_env=False, timeout=10)


CSS = "/_docgen/docgen.css"


def test_if_none_match_takes_weak_tags_lists_and_star(base: str) -> None:
    whole = get(base + CSS)
    etag = whole.headers["etag"]
    # a compressing reverse proxy (nginx gzip) hands browsers W/"..." of our tag
    for header in (etag, "W/" + etag, f'"other", {etag}', "*"):
        answer = get(base + CSS, **{"If-None-Match": header})
        assert answer.status_code == 304, header
        assert answer.headers["etag"] == etag and answer.content == b""
    assert get(base + CSS, **{"If-None-Match": '"other"'}).status_code == 200


def test_byte_ranges(base: str) -> None:
    whole = get(base + CSS).content
    size = len(whole)
    assert get(base + CSS).headers["accept-ranges"] == "bytes"
    part = get(base + CSS, Range="bytes=10-19")
    assert part.status_code == 206 and part.content == whole[10:20]
    assert part.headers["content-range"] == f"bytes 10-19/{size}"
    tail = get(base + CSS, Range="bytes=-5")
    assert tail.status_code == 206 and tail.content == whole[-5:]
    rest = get(base + CSS, Range=f"bytes={size - 3}-")
    assert rest.status_code == 206 and rest.content == whole[-3:]
    beyond = get(base + CSS, Range=f"bytes={size}-")
    assert beyond.status_code == 416 and beyond.headers["content-range"] == f"bytes */{size}"
    # several ranges, another unit, nonsense: the whole file
    # (numbers of 5,000 digits: the server answered 500 with a traceback in its log)
    huge = "9" * 5000
    for header in ("bytes=0-1,5-6", "items=0-1", "bytes=9-2", "bytes=x", f"bytes={huge}-",
                   f"bytes=0-{huge}", f"bytes=-{huge}"):  # fmt: skip
        answer = get(base + CSS, Range=header)
        assert answer.status_code == 200 and answer.content == whole, header
    # If-Range: the range only while the file is the one the reader has part of
    etag = get(base + CSS, **{"Accept-Encoding": "identity"}).headers["etag"]
    assert get(base + CSS, Range="bytes=0-1", **{"If-Range": etag}).status_code == 206
    assert get(base + CSS, Range="bytes=0-1", **{"If-Range": '"old"'}).status_code == 200


def test_text_is_gzipped_for_readers_that_accept_it(base: str) -> None:
    plain = get(base + CSS, **{"Accept-Encoding": "identity"})
    assert "content-encoding" not in plain.headers
    assert plain.headers["vary"] == "Accept-Encoding"
    for path in (CSS, "/", "/_docgen/docgen.js"):
        with httpx.stream(
            "GET", base + path, headers={"Accept-Encoding": "gzip"}, trust_env=False
        ) as packed:
            wire = b"".join(packed.iter_raw())
        identity = get(base + path, **{"Accept-Encoding": "identity"})
        assert packed.headers["content-encoding"] == "gzip", path
        assert gzip.decompress(wire) == identity.content
        assert len(wire) < len(identity.content) / 2
        etag = packed.headers["etag"]
        assert etag != identity.headers["etag"]
        again = get(base + path, **{"Accept-Encoding": "gzip", "If-None-Match": etag})
        assert again.status_code == 304, path
    refused = get(base + CSS, **{"Accept-Encoding": "gzip;q=0, identity"})
    assert "content-encoding" not in refused.headers
    small = get(base + "/llms.txt", **{"Accept-Encoding": "gzip"})  # under 1 KiB
    assert "content-encoding" not in small.headers


def test_content_hashed_search_files_are_immutable_others_revalidated(base: str) -> None:
    entry = get(base + "/_docgen/pagefind/pagefind-entry.json")
    assert entry.headers["cache-control"] == "no-cache"
    meta = get(base + "/_docgen/pagefind/pagefind." + _meta_name(entry.json()))
    assert meta.status_code == 200
    assert meta.headers["cache-control"] == "public, max-age=31536000, immutable"
    for path in ("/", CSS, "/llms.txt", "/_docgen/pagefind/pagefind.js"):
        assert get(base + path).headers["cache-control"] == "no-cache", path


def _meta_name(entry: dict[str, object]) -> str:
    languages = entry["languages"]
    assert isinstance(languages, dict)
    language = next(iter(languages.values()))
    return f"{language['hash']}.pf_meta"


def raw_status(base: str, path: str) -> int:
    port = int(base.rsplit(":", 1)[1])
    with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
        sock.sendall(
            f"GET {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n".encode()
        )
        return int(sock.recv(100).split(b" ", 2)[1])


def test_encoded_separators_and_dot_segments_name_no_file(base: str) -> None:
    assert raw_status(base, CSS) == 200
    for path in (
        "/_docgen%2Fdocgen.css",
        "/_docgen%2fdocgen.css",
        "/_docgen%5Cdocgen.css",
        "/%2e%2e/%2e%2e/etc/passwd",
        "/../../etc/passwd",
        "/_docgen/..%2F..%2Fetc/passwd",
        "/index.html%00",
        "/_docgen%2Fapi%2Frequest",
    ):
        assert raw_status(base, path) == 404, path


def test_sigterm_stops_promptly_and_cleanly(site: Path) -> None:
    process, url = start(site)  # watch mode, with an open live-reload stream
    with (
        httpx.Client(trust_env=False, timeout=httpx.Timeout(5, read=None)) as client,
        client.stream("GET", url + "/_docgen/livereload") as events,
    ):
        assert events.status_code == 200
        started = time.monotonic()
        process.proc.send_signal(signal.SIGTERM)
        process.proc.wait(10)
    assert time.monotonic() - started < 5
    assert "Traceback" not in process.output and "ERROR" not in process.output


def test_ipv6(site: Path) -> None:
    with socket.socket(socket.AF_INET6) as probe:
        try:
            probe.bind(("::1", 0))
        except OSError:
            pytest.skip("no IPv6 loopback")
        port = probe.getsockname()[1]
    process = Process(
        [
            *(sys.executable, "-m", "docgen", "serve", str(site / "docs.json"), "--no-watch"),
            *("--host", "::1", "--port", str(port)),
        ],
        ROOT,
    )
    try:
        process.wait_output("Serving at")
        assert f"Serving at http://[::1]:{port}/" in process.output
        page = httpx.get(f"http://[::1]:{port}/", trust_env=False, timeout=10)
        assert page.status_code == 200
        taken = subprocess.run(
            [
                *(sys.executable, "-m", "docgen", "serve", str(site / "docs.json")),
                *("--no-watch", "--host", "::1", "--port", str(port)),
            ],
            capture_output=True,
            text=True,
            timeout=60,
            cwd=ROOT,
        )
        assert taken.returncode == 1
        assert f"docgen: cannot listen on [::1]:{port}" in taken.stderr
        assert "Traceback" not in taken.stderr
    finally:
        process.stop()


def test_host_of_all_ipv6_addresses_takes_ipv4_too(site: Path) -> None:
    if not socket.has_dualstack_ipv6():
        pytest.skip("no dual-stack IPv6")
    port = free_port()
    process = Process(
        [
            *(sys.executable, "-m", "docgen", "serve", str(site / "docs.json"), "--no-watch"),
            *("--host", "::", "--port", str(port)),
        ],
        ROOT,
    )
    try:
        process.wait_output("Serving at")
        for url in (f"http://127.0.0.1:{port}/", f"http://[::1]:{port}/"):
            assert httpx.get(url, trust_env=False, timeout=10).status_code == 200, url
        taken = subprocess.run(
            [
                *(sys.executable, "-m", "docgen", "serve", str(site / "docs.json")),
                *("--no-watch", "--host", "::", "--port", str(port)),
            ],
            capture_output=True,
            text=True,
            timeout=60,
            cwd=ROOT,
        )
        assert taken.returncode == 1
        assert f"docgen: cannot listen on [::]:{port}" in taken.stderr
        assert "Traceback" not in taken.stderr
    finally:
        process.stop()


def test_a_symlink_out_of_the_docs_folder_is_not_served(tmp_path: Path) -> None:
    outside = tmp_path / "outside.txt"
    outside.write_text("SECRET-OUTSIDE")
    folder = tmp_path / "docs"
    (folder / "images").mkdir(parents=True)
    config = {"name": "Tiny", "navigation": {"pages": ["index"]}}
    (folder / "docs.json").write_text(json.dumps(config), encoding="utf-8")
    (folder / "index.mdx").write_text("---\ntitle: Home\n---\n\n![x](/images/leak.png)\n")
    (folder / "images" / "leak.png").symlink_to(outside)
    (folder / "linked").symlink_to(tmp_path, target_is_directory=True)
    process, base = start(folder, "--no-watch")
    try:
        for path in ("/images/leak.png", "/linked/outside.txt"):
            answer = get(base + path)
            assert answer.status_code == 404 and b"SECRET-OUTSIDE" not in answer.content, path
    finally:
        process.stop()


# every kind of static file the build copies (README "Static files")
MEDIA = {
    "png": "image/png",
    "jpg": "image/jpeg",
    "jpeg": "image/jpeg",
    "gif": "image/gif",
    "webp": "image/webp",
    "avif": "image/avif",
    "ico": "image/x-icon",
    "bmp": "image/bmp",
    "tif": "image/tiff",
    "tiff": "image/tiff",
    "mp4": "video/mp4",
    "webm": "video/webm",
    "mov": "video/quicktime",
    "m4v": "video/mp4",
    "ogv": "video/ogg",
    "mp3": "audio/mpeg",
    "wav": "audio/wav",
    "m4a": "audio/mp4",
    "ogg": "audio/ogg",
    "oga": "audio/ogg",
    "flac": "audio/flac",
    "pdf": "application/pdf",
    "txt": "text/plain; charset=utf-8",
    "csv": "text/csv; charset=utf-8",
    "zip": "application/zip",
    "woff": "font/woff",
    "woff2": "font/woff2",
    "ttf": "font/ttf",
    "otf": "font/otf",
}


def test_every_copied_kind_of_file_has_its_media_type(tmp_path: Path) -> None:
    """With nosniff, application/octet-stream made a browser download a PDF instead of
    showing it, and some refuse to play a video or show an image sent as it."""
    folder = tmp_path / "docs"
    (folder / "files").mkdir(parents=True)
    config = {"name": "Tiny", "navigation": {"pages": ["index"]}}
    (folder / "docs.json").write_text(json.dumps(config), encoding="utf-8")
    (folder / "index.mdx").write_text("---\ntitle: Home\n---\n\nHello.\n")
    for suffix in MEDIA:
        (folder / "files" / f"a.{suffix}").write_bytes(b"0123456789")
    process, base = start(folder, "--no-watch")
    try:
        for suffix, media in MEDIA.items():
            answer = get(base + f"/files/a.{suffix}")
            assert answer.status_code == 200, suffix
            assert answer.headers["content-type"] == media, suffix
    finally:
        process.stop()


def test_only_text_files_of_reasonable_size_are_compressed() -> None:
    """Compressing runs on the event loop: six 19 MB text files read in turn kept every other
    request waiting up to 1.4 s (review)."""
    from docgen.serve.compress import MAX_SIZE, MIN_SIZE, compressible

    assert compressible("text/html; charset=utf-8", 100_000)
    assert not compressible("text/plain", MAX_SIZE + 1)
    assert not compressible("text/plain", MIN_SIZE - 1)
    assert not compressible("image/png", 100_000)


@contextlib.contextmanager
def in_process(app: Any) -> Iterator[str]:
    """``app`` on a real Uvicorn server on 127.0.0.1 in a thread of this process."""
    server = uvicorn.Server(
        uvicorn.Config(app, host="127.0.0.1", port=0, log_level="warning", lifespan="on")
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        assert thread.is_alive() and time.monotonic() < deadline, "uvicorn did not start"
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{server.servers[0].sockets[0].getsockname()[1]}"
    finally:
        server.should_exit = True
        thread.join(10)


def test_compressing_a_file_never_holds_up_other_requests(
    site: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    outcome = build_snapshot(site / "docs.json")
    assert outcome.snapshot is not None
    app = create_app(outcome.snapshot)
    started, other_answered = threading.Event(), threading.Event()
    waits: list[bool] = []
    real = gzip.compress

    def slow_compress(data: bytes, *args: Any, **kwargs: Any) -> bytes:
        # As slow as another request takes to be answered: on the event loop (as it ran),
        # that request could only be answered once this gave up waiting for it.
        started.set()
        waits.append(other_answered.wait(5))
        return real(data, *args, **kwargs)

    monkeypatch.setattr(gzip, "compress", slow_compress)
    with in_process(app) as base, ThreadPoolExecutor(4) as pool:
        packed = [pool.submit(get, base + CSS, **{"Accept-Encoding": "gzip"}) for _ in range(4)]
        assert started.wait(10)
        other = httpx.get(base + "/llms.txt", trust_env=False, timeout=30)
        other_answered.set()
        answers = [future.result() for future in packed]
    assert other.status_code == 200
    assert waits == [True]  # answered during the compression; the file compressed once
    for answer in answers:
        assert answer.headers["content-encoding"] == "gzip"
        assert answer.content == outcome.snapshot.files[CSS.lstrip("/")]
