"""The spec speed layer: openapi-spec-validator's verdict, reached the cheapest way.

- :mod:`~docgen.spec.fast.verdicts`: a verdict cached for the same bytes and library versions;
- :mod:`~docgen.spec.fast.fastcheck`: a conservative proof that the library finds no error,
  built on the compiled validators of :mod:`~docgen.spec.fast.compiled` (jsonschema-rs);
- :mod:`~docgen.spec.fast.prescreen`: speed-ups for a full library run that leave its output
  exactly as it was.

The verdict is always the library's; nothing here decides one on its own.
"""
