from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "accounts"

    def ready(self):
        # Register the app's error codes (core.errors) before any request is answered.
        from . import errors  # noqa: F401
