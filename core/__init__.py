"""The shared web layer, below every feature app and above ``tcg`` only: the API's error shape,
base views, parameters and middleware, health, the websocket frames and their budgets, the
JSON limits of every door, request values (``params``), the vocabulary and domain sentences in
the reader's language (``labels``, ``messages``), error pages and the language switch. It
imports no feature app (import-linter contracts, ``pyproject.toml``)."""
