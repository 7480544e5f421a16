"""Mintlify's config vocabulary: every docs.json / mint.json key accepted, unused ones reported
once as info, unknown ones still errors; mint.json through its mapping; ``$ref`` includes."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from refresh_fixtures import CASES, run_docgen

from docgen.diagnostics import close_matches
from docgen.pipeline import target_kind

# Top-level keys of Mintlify's docs.json schema (@mintlify/validation 0.1.878), read from the
# package; each must be accepted by docgen.
DOCS_JSON_KEYS = [
    "$schema", "api", "appearance", "background", "banner", "colors", "contextual",
    "description", "errors", "favicon", "fonts", "footer", "icons", "integrations",
    "interaction", "logo", "markdown", "metadata", "name", "navbar", "navigation", "public",
    "redirects", "search", "seo", "styling", "theme", "thumbnails", "variables", "variations",
]  # fmt: skip
MINT_JSON_KEYS = [
    "$schema", "analytics", "anchors", "api", "background", "backgroundImage", "codeBlock",
    "colors", "eyebrow", "favicon", "feedback", "font", "footer", "footerSocials",
    "hideFeedbackButtons", "integrations", "isWhiteLabeled", "layout", "logo", "metadata",
    "mintlify", "modeToggle",
    "name", "navigation", "openapi", "primaryTab", "redirects", "rounded", "search", "seo",
    "sidebar", "tabs", "theme", "topAnchor", "topbar", "topbarCtaButton", "topbarLinks",
    "versions",
]  # fmt: skip
# Keys of navigation elements (any kind) in the docs.json schema, minus graphql/sdk (refused
# by Mintlify itself).
NAV_ELEMENT_KEYS = {
    "tab": ["align", "asyncapi", "directory", "hidden", "href", "icon", "searchable"],
    "anchor": ["asyncapi", "color", "directory", "hidden", "href", "icon"],
    "dropdown": ["asyncapi", "color", "description", "directory", "hidden", "href", "icon"],
    "group": ["asyncapi", "boost", "directory", "expanded", "hidden", "icon", "public", "root",
              "searchable", "tag"],
}  # fmt: skip
SAMPLE_VALUES: dict[str, object] = {
    "hidden": False, "expanded": True, "boost": 2, "public": True, "searchable": True,
    "directory": "card", "color": {"light": "#000000", "dark": "#ffffff"}, "href": "/x",
    "align": "end", "root": "index",
}  # fmt: skip


def _site(tmp_path: Path, config: dict[str, object], name: str = "docs.json") -> Path:
    (tmp_path / name).write_text(json.dumps(config, indent=2), encoding="utf-8")
    (tmp_path / "index.md").write_text("# Home\n", encoding="utf-8")
    return tmp_path


def _check(folder: Path, *flags: str) -> tuple[int, dict[str, object]]:
    result = run_docgen(["check", ".", "--format", "json", *flags], folder)
    assert "Traceback" not in result.stderr
    return result.returncode, json.loads(result.stdout)


def _codes(report: dict[str, object], level: str) -> list[str]:
    return [d["code"] for d in report["diagnostics"] if d["level"] == level]  # type: ignore[union-attr, index]


def test_every_docs_json_top_level_key_is_accepted(tmp_path: Path) -> None:
    config: dict[str, object] = {key: {} for key in DOCS_JSON_KEYS}
    config.update(
        {"$schema": "https://mintlify.com/docs.json", "name": "Acme", "description": "d",
         "colors": {"primary": "#112233"}, "api": {}, "theme": "mint",
         "navigation": {"pages": ["index"]}, "redirects": [], "logo": "/logo.svg",
         "favicon": "/favicon.svg", "banner": {"content": "Hi"}}
    )  # fmt: skip
    code, report = _check(_site(tmp_path, config))
    assert code == 0, report["diagnostics"]
    unused = [
        d["message"].split(":")[0]  # type: ignore[index]
        for d in report["diagnostics"]  # type: ignore[union-attr]
        if d["code"] == "config-unused-key"  # type: ignore[index]
    ]
    used = {"$schema", "name", "description", "colors", "api", "navigation", "navbar", "footer"}
    used |= {"redirects", "logo", "favicon", "appearance", "banner", "seo", "fonts", "icons"}
    used |= {"contextual", "integrations", "search", "styling", "background", "errors"}
    used |= {"interaction", "theme"}
    assert sorted(unused) == sorted(set(DOCS_JSON_KEYS) - used)


@pytest.mark.parametrize("kind", sorted(NAV_ELEMENT_KEYS))
def test_every_navigation_element_key_is_accepted(tmp_path: Path, kind: str) -> None:
    element: dict[str, object] = {
        key: SAMPLE_VALUES.get(key, "x") for key in NAV_ELEMENT_KEYS[kind]
    }
    element.pop("href", None)  # an href makes a tab/anchor/dropdown a link
    element.pop("asyncapi", None)
    element[kind] = "Label"
    element["pages"] = ["index"]
    navigation = {"groups": [element]} if kind == "group" else {f"{kind}s": [element]}
    code, report = _check(_site(tmp_path, {"name": "Acme", "navigation": navigation}))
    assert code == 0, report["diagnostics"]
    assert set(_codes(report, "info")) <= {"config-unused-key"}


def test_unused_keys_are_reported_once_per_name(tmp_path: Path) -> None:
    tabs = [
        {
            "tab": f"T{i}",
            "icon": "book",
            "groups": [{"group": "G", "icon": "rocket", "public": True, "pages": ["index"]}],
        }
        for i in range(3)
    ]
    code, report = _check(_site(tmp_path, {"name": "Acme", "navigation": {"tabs": tabs}}))
    assert code == 0
    infos = [d for d in report["diagnostics"] if d["level"] == "info"]  # type: ignore[union-attr, index]
    assert len(infos) == 1
    # A tab's icon is drawn (in the tab row) and a group's (in the sidebar); a group's
    # ``public`` is not used.
    message = "navigation.tabs[0].groups[0].public: 'public' is a Mintlify"
    assert infos[0]["message"].startswith(message)  # type: ignore[index]
    assert infos[0]["message"].endswith("(3 places)")  # type: ignore[index]
    assert (infos[0]["line"], infos[0]["code"]) != (None, None)  # type: ignore[index]


def test_keys_real_repos_write_outside_mintlifys_schema_are_accepted(tmp_path: Path) -> None:
    """Mintlify's validator drops these keys and deploys the repo (lago's and agno's
    ``scripts``, crewAI's ``appearance.layout``, continue's ``custom``, onyx's ``customization``
    and ``seo.title``, openlit's ``seo.organization``): accepted, one info each, no error."""
    config = {
        "name": "Acme", "navigation": {"pages": ["index"]},
        "scripts": [{"src": "/loader.js"}], "custom": {"css": ["a.css"], "js": ["b.js"]},
        "customization": {"css": "/style.css"},
        "appearance": {"default": "system", "layout": "sidenav"},
        "seo": {"title": "T", "description": "D", "organization": {"name": "Acme"}},
    }  # fmt: skip
    code, report = _check(_site(tmp_path, config), "--strict")
    assert code == 0, report["diagnostics"]
    infos = {
        d["message"].split(":")[0]: d  # type: ignore[index]
        for d in report["diagnostics"]  # type: ignore[union-attr]
    }
    shapes = ["scripts", "custom", "customization", "appearance.layout", "seo.title"]
    shapes += ["seo.description", "seo.organization"]
    assert sorted(infos) == sorted(shapes)
    for found in infos.values():
        assert (found["level"], found["code"]) == ("info", "config-unused-key")
        assert "not a Mintlify setting" in found["message"] and found["line"]
    assert "never runs" in infos["scripts"]["message"]


def test_unknown_key_in_neither_schema_stays_an_error_with_a_hint() -> None:
    code, report = _check(CASES / "config-invalid-mintlify-key-typo")
    assert code == 1
    [error] = [d for d in report["diagnostics"] if d["level"] == "error"]  # type: ignore[union-attr, index]
    assert error["message"] == "(top level): unknown key 'favicn'; did you mean 'favicon'?"  # type: ignore[index]


def test_rendered_keys_stay_strict(tmp_path: Path) -> None:
    config = {"name": "Acme", "colors": {"primary": "green"},
              "api": {"playground": {"display": "shown"}},
              "navigation": {"pages": ["index"]}}  # fmt: skip
    code, report = _check(_site(tmp_path, config))
    assert code == 1
    assert _codes(report, "error") == ["config-invalid", "config-invalid"]


def test_sample_languages_map_to_what_docgen_generates(tmp_path: Path) -> None:
    config = {"name": "Acme", "api": {"examples": {"languages": ["bash", "node", "go"]}},
              "navigation": {"pages": ["index"]}}  # fmt: skip
    code, report = _check(_site(tmp_path, config))
    assert code == 0
    [info] = [d for d in report["diagnostics"] if d["level"] == "info"]  # type: ignore[union-attr, index]
    assert "'go'" in info["message"]  # type: ignore[index]
    typo = {"name": "Acme", "api": {"examples": {"languages": ["pyhton"]}},
            "navigation": {"pages": ["index"]}}  # fmt: skip
    code, report = _check(_site(tmp_path, typo))
    assert code == 1
    assert "did you mean 'python'?" in report["diagnostics"][0]["message"]  # type: ignore[index]


def test_infos_never_fail_strict() -> None:
    result = run_docgen(["check", ".", "--strict"], CASES / "pass-mintlify-vocabulary")
    assert result.returncode == 0
    assert "info[config-unused-key]" in result.stdout


def test_mint_json_and_its_docs_json_translation_give_the_same_site(tmp_path: Path) -> None:
    mint_case = CASES / "pass-mint-json"
    _, mint = _check(mint_case)
    docs = tmp_path / "docs"
    docs.mkdir()
    for path in mint_case.rglob("*"):
        if path.is_file() and path.suffix in (".mdx", ".yaml"):
            target = docs / path.relative_to(mint_case)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(path.read_bytes())
    translated = {
        "name": "Acme",
        "colors": {"primary": "#0D9373", "light": "#07C983", "dark": "#0D9373"},
        "api": {"openapi": "openapi.yaml", "playground": {"display": "simple"}},
        "navigation": {
            "global": {"anchors": [{"anchor": "Blog", "href": "https://acme.example/blog"}]},
            "tabs": [
                {"tab": "Guides", "pages": ["index"],  # mint.json's group named ""
                 "groups": [{"group": "Get started", "pages": ["quickstart"]}]},
                {"tab": "API Reference", "groups": [
                    {"group": "Endpoints",
                     "pages": ["api-reference/introduction", "api-reference/list-users"]}
                ]},
            ],
        },
    }  # fmt: skip
    (docs / "docs.json").write_text(json.dumps(translated), encoding="utf-8")
    _, from_docs = _check(docs)
    assert mint["pages"] == from_docs["pages"]
    assert mint["errors"] == from_docs["errors"] == 0


def test_mint_json_with_a_remote_openapi_url_is_a_config_not_a_spec(tmp_path: Path) -> None:
    config = {"name": "Acme", "openapi": "https://api.acme.example/openapi.json",
              "navigation": [{"group": "Start", "pages": ["index"]}]}  # fmt: skip
    site = _site(tmp_path, config, "mint.json")
    assert target_kind(site / "mint.json")[0] is False
    _, report = _check(site)
    assert [p["url"] for p in report["pages"]] == ["/"]  # type: ignore[union-attr, index]
    assert all(d["file"] == "mint.json" for d in report["diagnostics"])  # type: ignore[union-attr, index]


def test_mint_json_unknown_key_has_a_hint_at_its_line(tmp_path: Path) -> None:
    (tmp_path / "mint.json").write_text(
        '{\n  "name": "Acme",\n  "topbarLink": [],\n'
        '  "navigation": [{"group": "S", "pages": ["index"]}]\n}\n',
        encoding="utf-8",
    )
    (tmp_path / "index.md").write_text("# Home\n", encoding="utf-8")
    code, report = _check(tmp_path)
    assert code == 1
    [error] = report["diagnostics"]  # type: ignore[misc]
    assert error["message"] == "unknown mint.json key 'topbarLink'; did you mean 'topbarLinks'?"
    assert (error["line"], error["column"]) == (3, 3)


def test_docs_json_wins_over_mint_json(tmp_path: Path) -> None:
    _site(tmp_path, {"name": "From docs.json", "navigation": {"pages": ["index"]}})
    (tmp_path / "mint.json").write_text("{not json", encoding="utf-8")
    code, _ = _check(tmp_path)
    assert code == 0


def test_include_errors_are_located_in_the_included_file(tmp_path: Path) -> None:
    (tmp_path / "nav").mkdir()
    (tmp_path / "nav" / "fr.json").write_text(
        '{\n  "language": "fr",\n  "groups": [{"group": "G", "page": ["index"]}]\n}\n',
        encoding="utf-8",
    )
    config = {"name": "Acme", "navigation": {"languages": [
        {"language": "en", "pages": ["index"]}, {"$ref": "nav/fr.json"}]}}  # fmt: skip
    code, report = _check(_site(tmp_path, config))
    assert code == 1
    errors = [d for d in report["diagnostics"] if d["level"] == "error"]  # type: ignore[union-attr, index]
    assert [(e["file"], e["line"]) for e in errors] == [("nav/fr.json", 3)]  # type: ignore[index]
    assert "did you mean 'pages'?" in errors[0]["message"]  # type: ignore[index]


@pytest.mark.parametrize("ref", ["../outside.json", "/etc/passwd", "https://example.com/x.json"])
def test_includes_never_leave_the_docs_root(tmp_path: Path, ref: str) -> None:
    site = tmp_path / "site"
    site.mkdir()
    (tmp_path / "outside.json").write_text('{"pages": ["index"]}', encoding="utf-8")
    code, report = _check(_site(site, {"name": "Acme", "navigation": {"$ref": ref}}))
    assert code == 1
    assert _codes(report, "error") == ["config-invalid"]
    assert report["pages"] == []


def test_an_edit_in_an_included_file_rebuilds(tmp_path: Path) -> None:
    site = tmp_path / "site"
    site.mkdir()
    (site / "nav.json").write_text('{"pages": ["index"]}', encoding="utf-8")
    _site(site, {"name": "Acme", "navigation": {"$ref": "nav.json"}})
    (site / "two.md").write_text("# Two\n", encoding="utf-8")
    out = tmp_path / "out"
    assert run_docgen(["build", ".", "-o", str(out), "--quiet"], site).returncode == 0
    manifest = json.loads((out / "_docgen" / "manifest.json").read_text("utf-8"))
    assert [p["hidden"] for p in manifest["pages"] if p["url"] == "/two"] == [True]
    (site / "nav.json").write_text('{"pages": ["index", "two"]}', encoding="utf-8")
    assert run_docgen(["build", ".", "-o", str(out), "--quiet"], site).returncode == 0
    manifest = json.loads((out / "_docgen" / "manifest.json").read_text("utf-8"))
    assert [p["hidden"] for p in manifest["pages"] if p["url"] == "/two"] == [False]


# -- --lenient --------------------------------------------------------------------------------

LENIENT_SPEC = """openapi: 3.1.0
info: {title: A, version: "1"}
paths:
  /users:
    get:
      summary: List users
      responses: {"200": {description: OK}}
"""


def _lenient_site(tmp_path: Path) -> Path:
    site = tmp_path / "site"
    site.mkdir()
    (site / "openapi.yaml").write_text(LENIENT_SPEC, encoding="utf-8")
    (site / "index.md").write_text("# Home\n", encoding="utf-8")
    config = {
        "name": "Acme",
        "navigation": {
            "openapi": "openapi.yaml",
            "groups": [{"group": "G", "pages": ["index", "nope", "GET /users", "GET /missing"]}],
        },
        "plugins": [{"src": "/x.js"}],  # in neither Mintlify schema
    }
    (site / "docs.json").write_text(json.dumps(config, indent=1), encoding="utf-8")
    return site


def test_lenient_turns_mintlify_warnings_into_warnings_and_drops_the_entries(
    tmp_path: Path,
) -> None:
    site = _lenient_site(tmp_path)
    strict_code, strict = _check(site)
    assert strict_code == 1
    assert _codes(strict, "error") == ["config-invalid"]  # the config stops the run
    code, report = _check(site, "--lenient")
    assert code == 0
    assert _codes(report, "error") == []
    warnings = [d for d in report["diagnostics"] if d["level"] == "warning"]  # type: ignore[union-attr, index]
    assert len(warnings) == 3
    assert all(w["message"].endswith("(--lenient: dropped)") for w in warnings)  # type: ignore[index]
    assert report["dropped"] == 2
    assert [p["url"] for p in report["pages"]] == ["/", "/api-reference/list-users"]  # type: ignore[union-attr, index]
    text = run_docgen(["check", ".", "--lenient"], site)
    assert "2 navigation entries dropped (--lenient)" in text.stderr
    out = tmp_path / "out"
    built = run_docgen(["build", ".", "--lenient", "-o", str(out)], site)
    assert built.returncode == 0, built.stderr
    assert "2 navigation entries dropped (--lenient)" in built.stderr
    manifest = json.loads((out / "_docgen" / "manifest.json").read_text("utf-8"))
    assert [p["url"] for p in manifest["pages"]] == [p["url"] for p in report["pages"]]  # type: ignore[union-attr, index]
    assert not (out / "nope").exists()


def test_frontmatter_resolution_as_mintlify_does() -> None:
    code, report = _check(CASES / "pass-mintlify-spec-resolution")
    assert code == 0
    ops = {p["url"]: p["operation"] for p in report["pages"]}  # type: ignore[union-attr, index]
    assert ops["/api/list-users"] == {"method": "GET", "path": "/users", "spec": "specs/users.json"}
    assert ops["/api/get-user"]["path"] == "/users/{id}"  # type: ignore[index]
    assert ops["/api/create-user"]["method"] == "POST"  # type: ignore[index]
    assert ops["/guides"] is None
    warning = [d for d in report["diagnostics"] if d["level"] == "warning"]  # type: ignore[union-attr, index]
    assert [w["code"] for w in warning] == ["nav-method-case"]  # type: ignore[index]
    assert "read as 'POST /users'" in warning[0]["message"]  # type: ignore[index]


def test_pick_order_path_then_substring_then_file_name(tmp_path: Path) -> None:
    spec = (CASES / "pass-mintlify-spec-resolution" / "specs" / "users.json").read_bytes()
    for folder in ("a/v2", "b/users-old", "c"):
        (tmp_path / folder).mkdir(parents=True)
    (tmp_path / "a" / "v2" / "users.json").write_bytes(spec)
    (tmp_path / "b" / "users-old" / "api.json").write_bytes(spec)
    (tmp_path / "c" / "users.yaml").write_text(
        "openapi: 3.1.0\ninfo: {title: x, version: '1'}\npaths: {}\n"
    )
    (tmp_path / "p.md").write_text("---\nopenapi: v2/users GET /users\n---\n", encoding="utf-8")
    (tmp_path / "q.md").write_text("---\nopenapi: users-old GET /users\n---\n", encoding="utf-8")
    config = {"name": "Acme", "navigation": {"pages": ["index", "p", "q"]}}
    code, report = _check(_site(tmp_path, config))
    assert code == 0, report["diagnostics"]
    ops = {p["url"]: p["operation"] for p in report["pages"]}  # type: ignore[union-attr, index]
    assert ops["/p"]["spec"] == "a/v2/users.json"  # type: ignore[index]  # path ends with
    assert ops["/q"]["spec"] == "b/users-old/api.json"  # type: ignore[index]  # substring
    picked = [d["message"] for d in report["diagnostics"] if d["code"] == "nav-spec-picked"]  # type: ignore[union-attr, index]
    assert len(picked) == 2 and "its path contains 'users-old'" in picked[1]


def test_every_missing_page_of_an_unwritten_language_gets_its_own_hint(tmp_path: Path) -> None:
    # A real repo shape: a second language listed in docs.json before its pages were written,
    # so hundreds of entries miss, each next to the page it translates.
    names = [f"guides/area-{a}/topic-{t}" for a in range(12) for t in range(25)]
    for name in names:
        (tmp_path / f"{name}.mdx").parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / f"{name}.mdx").write_text(f"---\ntitle: {name}\n---\nText.\n", "utf-8")
    config = {"name": "Acme", "navigation": {"languages": [
        {"language": "en", "groups": [{"group": "Guides", "pages": ["index", *names]}]},
        {"language": "ja", "groups": [{"group": "Guides", "pages": [f"ja/{n}" for n in names]}]},
    ]}}  # fmt: skip
    code, report = _check(_site(tmp_path, config), "--lenient")
    assert code == 0
    hints = {
        d["message"].split("'")[1]: d["message"].rsplit("did you mean '", 1)[1].split("'")[0]  # type: ignore[index, union-attr]
        for d in report["diagnostics"]  # type: ignore[union-attr]
        if d["code"] == "nav-page-not-found"  # type: ignore[index]
    }
    assert hints == {f"ja/{n}": n for n in names}


def test_close_matches_offers_the_likeliest_names_first() -> None:
    choices = ["guides/quickstart", "guides/quick-start-v2", "reference/users", "quickstart"]
    assert close_matches("guides/quikstart", choices, n=2) == [
        "guides/quickstart", "guides/quick-start-v2"
    ]  # fmt: skip
    assert close_matches("guides/quikstart", choices) == ["guides/quickstart"]
    assert close_matches("zzz", choices) == []
    # The cutoff is a share of the two names' characters in common, in order.
    assert close_matches("abcd", ["abxy"], cutoff=0.5) == ["abxy"]
    assert close_matches("abcd", ["abxy"], cutoff=0.51) == []


def test_a_root_absolute_spec_path_is_the_docs_roots_file(tmp_path: Path) -> None:
    """``"openapi": "/openapi.json"`` (Mintlify's way to write it) is the docs root's file; an
    absolute path to a file outside the root is looked for inside it, never read outside."""
    spec = {
        "openapi": "3.0.3",
        "info": {"title": "T", "version": "1"},
        "paths": {
            "/ping": {"get": {"operationId": "ping", "responses": {"200": {"description": "ok"}}}}
        },
    }
    (tmp_path / "openapi.json").write_text(json.dumps(spec), encoding="utf-8")
    groups = [
        {"group": "A", "openapi": "/openapi.json", "pages": ["index"]},
        {"group": "B", "openapi": {"source": "/openapi.json", "directory": "b"}},
    ]
    code, report = _check(_site(tmp_path, {"name": "T", "navigation": {"groups": groups}}))
    assert code == 0, report["diagnostics"]
    urls = {p["url"] for p in report["pages"]}  # type: ignore[union-attr, index]
    assert {"/api-reference/ping", "/b/ping"} <= urls
    groups[0]["openapi"] = "/etc/hostname"
    code, report = _check(_site(tmp_path, {"name": "T", "navigation": {"groups": groups}}))
    assert code == 1 and _codes(report, "error") == ["spec-not-found"]


def test_lenient_shows_a_reference_to_nothing_as_any_value(tmp_path: Path) -> None:
    # Mintlify renders a spec with a dangling $ref; --lenient builds it too, with a warning at
    # the $ref, and the page shows what it stood for as a value of any type. A $ref to a file
    # that does not exist stays an error.
    spec = {
        "openapi": "3.1.0",
        "info": {"title": "T", "version": "1"},
        "paths": {
            "/u": {
                "get": {
                    "summary": "Get u",
                    "responses": {
                        "200": {
                            "description": "OK",
                            "content": {
                                "application/json": {
                                    "schema": {
                                        "type": "object",
                                        "properties": {
                                            "kind": {"$ref": "#/components/schemas/Missing"},
                                            "name": {"type": "string"},
                                        },
                                    }
                                }
                            },
                        }
                    },
                }
            }
        },
    }
    site = tmp_path / "site"
    site.mkdir()
    (site / "openapi.json").write_text(json.dumps(spec, indent=1))
    nav = {"groups": [{"group": "API", "openapi": "openapi.json", "pages": ["GET /u"]}]}
    (site / "docs.json").write_text(json.dumps({"name": "R", "navigation": nav}))
    assert _codes(_check(site)[1], "error") == ["ref-unresolved"]
    code, report = _check(site, "--lenient")
    assert code == 0 and _codes(report, "error") == []
    (warning,) = [d for d in report["diagnostics"] if d["level"] == "warning"]  # type: ignore[union-attr, index]
    assert warning["code"] == "ref-unresolved" and warning["line"] == 20  # type: ignore[index]
    out = tmp_path / "out"
    built = run_docgen(["build", ".", "--lenient", "-o", str(out)], site)
    assert built.returncode == 0, built.stderr
    page = (out / "api-reference" / "get-u" / "index.html").read_text("utf-8")
    assert 'id="response-200.kind"' in page and 'id="response-200.name"' in page
    spec["paths"]["/u"]["get"]["responses"]["200"]["content"]["application/json"]["schema"] = {  # type: ignore[index]
        "$ref": "other.json#/Thing"
    }
    (site / "openapi.json").write_text(json.dumps(spec, indent=1))
    assert _codes(_check(site, "--lenient")[1], "error") == ["ref-unresolved"]


def test_lenient_keeps_the_outer_kind_of_children(tmp_path: Path) -> None:
    # versions beside the tabs of one version (a real repo's docs.json): an error by default;
    # --lenient keeps the versions, leaves the tabs out with a warning at their key, and a
    # sidebar's pages and groups (one kind) stay together.
    for name in ("a", "b"):  # no c.mdx: the tab left out would have been a missing page
        (tmp_path / f"{name}.mdx").write_text(f"---\ntitle: {name.upper()}\n---\n{name}\n")
    tabs = [{"tab": "Guides", "pages": ["a", {"group": "More", "pages": ["b"]}]}]
    nav = {"versions": [{"version": "v1", "tabs": tabs}], "tabs": [{"tab": "T", "pages": ["c"]}]}
    (tmp_path / "docs.json").write_text(json.dumps({"name": "R", "navigation": nav}, indent=1))
    assert "config-invalid" in _codes(_check(tmp_path)[1], "error")
    code, report = _check(tmp_path, "--lenient")
    assert code == 0
    (warning,) = [d for d in report["diagnostics"] if d["level"] == "warning"]  # type: ignore[union-attr, index]
    assert warning["code"] == "config-invalid" and warning["line"] == 23  # type: ignore[index]
    assert "'tabs' left out" in warning["message"]  # type: ignore[index]
    assert [p["url"] for p in report["pages"]] == ["/a", "/b"]  # type: ignore[union-attr, index]


def test_did_you_mean_picks_the_same_among_equal_matches_in_every_process() -> None:
    """Sets iterate in an order salted per process: a tie among choices named a different
    page from run to run (and check and build could disagree)."""
    import subprocess
    import sys

    code = (
        "from docgen.diagnostics import close_matches;"
        "print(close_matches('guides/setup', {'guides/setu1', 'guides/setu2', 'guides/setu3',"
        " 'guides/setu4', 'guides/setu5', 'guides/setu6'}))"
    )
    seen = {
        subprocess.run(
            [sys.executable, "-c", code],
            capture_output=True,
            text=True,
            check=True,
            env={**os.environ, "PYTHONHASHSEED": str(seed)},
        ).stdout
        for seed in range(8)
    }
    assert seen == {"['guides/setu1']\n"}


@pytest.mark.parametrize("value", [["sidenav"], {"name": "venus"}])
@pytest.mark.parametrize("key", ["theme", "layout"])
def test_a_mint_json_theme_or_layout_that_is_no_name_is_located(
    tmp_path: Path, key: str, value: object
) -> None:
    """A list or object as mint.json's ``theme`` or ``layout`` stopped check and build with an
    internal TypeError (unhashable type), not an error at the key."""
    config = {"name": "M", "navigation": [{"group": "G", "pages": ["index"]}], key: value}
    folder = _site(tmp_path, config, "mint.json")
    code, report = _check(folder)
    assert code == 1
    [found] = report["diagnostics"]  # type: ignore[index]
    lines = (folder / "mint.json").read_text().splitlines()
    line = next(n for n, text in enumerate(lines, 1) if f'"{key}"' in text)
    assert (found["level"], found["code"], found["line"]) == ("error", "config-invalid", line)
    out = tmp_path / "out"
    built = run_docgen(["build", ".", "-o", str(out)], folder)
    assert built.returncode == 1 and "config-invalid" in built.stdout + built.stderr
    assert "internal error" not in built.stdout + built.stderr
    assert not out.exists()
