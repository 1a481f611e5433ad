"""Benchmarks: ``python -m bench [NAME ...]`` (``make bench``) prints each one's figures."""
