"""Inkstone: a local-first writing partner for novelists who write very long fiction."""

__version__ = "0.1.0"
