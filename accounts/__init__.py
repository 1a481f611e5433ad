"""Accounts (Django app): sign up, log in (with django-axes' limits), log out and API tokens."""
