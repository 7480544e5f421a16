"""The site config (``docs.json``): its packaged JSON Schema, validation and typed model."""
