"""Rendering: turn the site model into HTML and Markdown text (nothing here touches disk)."""
