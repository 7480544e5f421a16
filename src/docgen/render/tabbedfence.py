"""The fence render rule of MDX pages: a ``mermaid`` fence becomes a diagram figure (its
options are the figure's, not a code title), a fence inside a ``CodeGroup`` (or a ``Tab`` of
one) becomes the group's next tab panel, and any other fence gets its title bar and icon."""

from __future__ import annotations

from typing import Any

from markdown_it.renderer import RendererHTML
from markdown_it.token import Token
from markdown_it.utils import EnvType, OptionsDict

from docgen.render import codeicons, diagrams


def rule(fence: Any) -> Any:
    """The fence rule wrapping markdown-it's own ``fence`` renderer."""

    def tabbed_fence(
        self: RendererHTML, tokens: list[Token], idx: int, options: OptionsDict, env: EnvType
    ) -> str:
        token = tokens[idx]
        info = token.info.strip().split()
        if info and info[0] == "mermaid":  # its options are the figure's, not a code title
            written, token.info = token.info, "mermaid"
            html = diagrams.figure(str(fence(tokens, idx, options, env)), written)
        else:
            html = str(fence(tokens, idx, options, env))
        stack: list[dict[str, Any]] = env.get("_mdx_stack", [])
        parent = stack[-1] if stack else None
        if parent is None or "panels" not in parent or parent["name"] == "Tabs":
            return codeicons.titled(html, token.info, env) if info[:1] != ["mermaid"] else html
        if parent["next"] >= len(parent["panels"]):
            return html
        panel = parent["panels"][parent["next"]]
        parent["next"] += 1
        hidden = " hidden" if parent["next"] > 1 else ""
        title = codeicons.title_bar(token.info, env) if len(parent["panels"]) == 1 else ""
        return (
            f'<div class="mdx-tabpanel" role="tabpanel" id="{panel}" '
            f'aria-labelledby="{panel}-t"{hidden}>{title}{html}</div>'
        )

    return tabbed_fence
