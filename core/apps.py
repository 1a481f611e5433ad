from django.apps import AppConfig


class CoreConfig(AppConfig):
    name = "core"
    verbose_name = "Site"

    def ready(self):
        # A user's name key follows every save of the user (core.signals).
        from . import signals

        signals.connect()
