"""OpenAPI specs: load (with external refs kept inside the docs root), gate, validate, index."""
