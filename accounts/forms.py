"""Account forms."""
from django.contrib.auth.forms import UserCreationForm
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from core.selectors import user_named_like
from tcg.shown_text import INVISIBLE, code_point


class SignupForm(UserCreationForm):
    """Django's user creation form: a user name and a password typed twice. Beyond Django's
    rule (letters, digits and ``@.+-_``, unique in any case), a username may hold no invisible
    letter (a Hangul filler such as U+3164 is a letter to Django: ``tcg.shown_text.INVISIBLE``)
    and may not read as an existing user's (``core.selectors.user_named_like``: ``Alice``,
    ``ａｌｉｃｅ``, ``alіce`` with a Cyrillic і, beside ``alice``)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["username"].widget.attrs.update({"autofocus": True, "autocomplete": "username"})
        for name in ("password1", "password2"):
            self.fields[name].widget.attrs["autocomplete"] = "new-password"

    def clean_username(self):
        username = super().clean_username()
        if not username:
            return username  # Django's own check refused it
        invisible = INVISIBLE.search(username)
        if invisible:
            raise ValidationError(_("A username cannot hold invisible characters (%(character)s)."),
                                  code="invisible_name", params={"character": code_point(invisible.group())})
        if user_named_like(username) is not None:
            raise self.instance.unique_error_message(self._meta.model, ["username"])
        return username
