"""The shared layer's signal receivers: a user's name key (``core.models.UserNameKey``) follows
every save of the user, the way registration, ``createsuperuser``, the admin and the ORM make or
rename one. Connected by ``core.apps.CoreConfig.ready``."""
from __future__ import annotations

from django.conf import settings
from django.db.models.signals import post_save

from .services import record_name_key


def user_saved(sender, instance, update_fields=None, **kwargs) -> None:
    """``post_save`` of the user model: record the user's name key, unless the save names its
    fields and the username is not among them (a log-in writes ``last_login`` only). A user
    loaded from a fixture gets one too."""
    if update_fields is not None and instance.USERNAME_FIELD not in update_fields:
        return
    record_name_key(instance)


def connect() -> None:
    """Connect the receivers (once: ``dispatch_uid``)."""
    post_save.connect(user_saved, sender=settings.AUTH_USER_MODEL, dispatch_uid="core.user_name_key")
