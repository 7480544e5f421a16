"""``docgen serve``: the built site from memory, the playground's request proxy, live reload.

Needs the optional packages of ``pip install 'docgen[serve]'`` (Starlette, Uvicorn, HTTPX,
watchfiles); nothing else in docgen imports this package.
"""

REQUIRED = ("starlette", "uvicorn", "httpx", "watchfiles")
