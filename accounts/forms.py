"""Account forms."""
from django.contrib.auth.forms import UserCreationForm


class SignupForm(UserCreationForm):
    """Django's user creation form: a user name and a password typed twice."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["username"].widget.attrs.update({"autofocus": True, "autocomplete": "username"})
        for name in ("password1", "password2"):
            self.fields[name].widget.attrs["autocomplete"] = "new-password"
