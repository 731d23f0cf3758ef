"""Per-corpus adapters: each turns one data set under ``../shared/data`` into benchmark items.

Every adapter exposes ``NAME``, ``DIRNAME`` and ``load(root, limit=None) -> list[Item]``.
"""
