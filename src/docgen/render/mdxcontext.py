"""The state an MDX parse shares through markdown-it's ``env`` (key ``"mdx"``) and its
warnings (file, line, code, message)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from docgen.render import snippets
from docgen.render.assets import AssetScope
from docgen.render.markdown import TakenIds


@dataclass(slots=True)
class MdxWarning:
    source: str | None  # the file, when not the page itself (a snippet)
    line: int
    message: str
    code: str = "mdx-unsupported"
    near: str = ""  # text on that line the warning is about (its column is reported)
    info: bool = False  # worth knowing, never a failure (reported as an info line)


@dataclass(slots=True)
class Context:
    """Parse state shared through markdown-it's ``env`` (key ``"mdx"``)."""

    source: str | None
    root_line: int  # absolute line of the parsed text's first line
    warnings: list[MdxWarning]
    files: snippets.SnippetFiles | None
    chain: tuple[str, ...] = ()
    names: dict[str, Any] = field(default_factory=dict)
    imports: dict[str, snippets.Import] = field(default_factory=dict)
    depth: int = 0
    offset: int = 0  # line offset of the text being parsed now (children of a component)
    ids: list[int] = field(default_factory=lambda: [0])
    base: str | None = None
    taken: set[str] = field(default_factory=TakenIds)
    assets: AssetScope | None = None  # local files the page shows (render/assets.py)
    expand: bool = False  # tokens wanted: a snippet's tokens stand in for its HTML

    @property
    def icons(self) -> str:
        """The site's icon library (``fontawesome`` when unknown)."""
        return self.assets.icons if self.assets is not None else "fontawesome"

    def warn(
        self,
        line: int,
        message: str,
        code: str = "mdx-unsupported",
        near: str = "",
        info: bool = False,
    ) -> None:
        self.warnings.append(MdxWarning(self.source, line, message, code, near, info))

    def child(self, source: str, names: dict[str, Any]) -> Context:
        return Context(
            source,
            1,
            self.warnings,
            self.files,
            (*self.chain, source),
            dict(names),
            depth=self.depth + 1,
            ids=self.ids,
            base=self.base,
            taken=self.taken,
            assets=self.assets,
            expand=self.expand,
        )


def context_of(env: Any) -> Context:
    context = env.get("mdx")
    assert isinstance(context, Context)
    return context
