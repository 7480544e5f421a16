"""The state an MDX parse shares through markdown-it's ``env`` (key ``"mdx"``) and its
warnings (file, line, code, message)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from typing import Any

from docgen.render import snippets
from docgen.render.assets import AssetScope
from docgen.render.jsx import SCAN_FACTOR, current_budget
from docgen.render.jsxtemplates import MAX_EXPANSION, MAX_USES
from docgen.render.markdown import TakenIds

MAX_DEPTH = 48  # nested components (and snippets) beyond this are shown as text: mdx-too-deep


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
    spent: list[int] = field(default_factory=lambda: [0, 0, 0])  # JSX uses, characters, refusals
    told: set[str] = field(default_factory=set)  # components whose code was warned about
    views: dict[str, str] = field(default_factory=dict)  # <View> titles, in order -> icon
    # Reading the expansion of a JSX component used in this file (its name): what is found
    # there is said at the use (:func:`expansion`), the expansion's lines being no file's.
    inside: str = ""

    @property
    def importer(self) -> str | None:
        """The file being parsed (the page, or the snippet ``source``), from whose folder a
        relative ``import`` is resolved."""
        return self.chain[-1] if self.chain else self.source

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

    def spent_all(self, line: int, near: str) -> bool:
        """Whether no more use of a JSX component or snippet fits the page's budget (said as
        :meth:`spend` says it): then the use is not computed at all, where each of a thousand
        uses computed its 1 MB of constants before being left out (a 40 KB page: 20 s)."""
        full = self.spent[0] >= MAX_USES or self.spent[1] > MAX_EXPANSION
        return (full or self.depth >= MAX_DEPTH) and not self.spend(0, line, near)

    def spend(self, characters: int, line: int, near: str) -> bool:
        """Whether one more use of a JSX component, expanding to ``characters`` of MDX, fits
        the page's budget (:data:`MAX_DEPTH` deep,
        :data:`~docgen.render.jsxtemplates.MAX_USES` uses and
        :data:`~docgen.render.jsxtemplates.MAX_EXPANSION` characters); warns once a page if
        not."""
        self.spent[0] += 1
        self.spent[1] += characters
        deep = self.depth >= MAX_DEPTH
        if not deep and self.spent[0] <= MAX_USES and self.spent[1] <= MAX_EXPANSION:
            budget = current_budget()
            if budget is not None:  # the text a component expands to is read as the page is
                budget.left += SCAN_FACTOR * characters
            return True
        self.spent[2] += 1
        if self.spent[2] > 1:  # said once a page
            return False
        what = f"{near}>" if near.startswith("<") else near  # a tag, or an imported path
        self.warn(
            line,
            f"{what} is nested more than {MAX_DEPTH} deep; left out"
            if deep
            else f"{what}: the page's JSX components and snippets expand more than {MAX_USES} "
            f"times or to more than {MAX_EXPANSION // 1024} KB of text; left out",
            "mdx-too-deep",
            near,
        )
        return False

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
            spent=self.spent,
            told=self.told,
            views=self.views,
        )

    def used(self, component: str, dropped: list[str], line: int) -> None:
        """Warn, once a page, that a component computes what docgen leaves out."""
        if not dropped or component in self.told:
            return
        self.told.add(component)
        shown = ", ".join(sorted({d if len(d) <= 40 else d[:37] + "..." for d in dropped}))
        self.warn(
            line,
            f"<{component}> computes {shown} in JavaScript, which docgen does not run; "
            "what shows it is left out (said once a page)",
            near=f"<{component}",
        )


@contextmanager
def expansion(context: Context, component: str, defined: str, line: int) -> Iterator[None]:
    """Read the expansion of a use of ``component`` (a JSX component defined at ``defined``,
    ``file:line``) at ``line`` of ``context``'s file: the warnings found in it about that file
    are said at the use, naming the component. Inside another expansion, the outermost use
    is the place (the one the page's author can find)."""
    if context.inside:
        yield
        return
    near = f"<{component}"
    scope, since = context.assets, len(context.warnings)
    assets_since = len(scope.warnings) if scope is not None else 0
    context.inside = component
    try:
        yield
    finally:
        context.inside = ""
        note = f" (in the expansion of <{component}>" + (
            f", defined at {defined})" if defined else ")"
        )
        for found in context.warnings[since:]:
            if found.source == context.source:
                found.line, found.near, found.message = line, near, found.message + note
        if scope is not None:
            scope.warnings[assets_since:] = [
                replace(w, line=line, column=0, near=f"{w.near}\n{near}", message=w.message + note)
                if w.source == context.source
                else w
                for w in scope.warnings[assets_since:]
            ]


def unreported(*args: Any, **kwargs: Any) -> None:
    """Warnings of a second reading: the page's rendering reports them."""


def context_of(env: Any) -> Context:
    context = env.get("mdx")
    assert isinstance(context, Context)
    return context
