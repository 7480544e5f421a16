"""Docs analytics: page views and unique visitors, split into human and AI traffic, counted from
access logs (``docgen analytics import``) and from ``docgen serve``, kept in a DuckDB file."""
