"""docgen: turn an OpenAPI 3 specification and a docs.json navigation config into a static site."""

__version__ = "0.1.0"
