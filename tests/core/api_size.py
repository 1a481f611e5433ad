"""How many API views and operations the site has: one place for the figure the door tests
check (a new endpoint changes it here, on purpose, once)."""

#: The API's view classes under ``/api/``.
API_VIEWS = 43
#: The operations (path and method) of the OpenAPI schema.
API_OPERATIONS = 50
