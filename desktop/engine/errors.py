"""Errors of the model engine, each a one-line message naming the file or server it is about."""


class ModelError(Exception):
    """A model that cannot be used: missing, truncated, not GGUF, unloadable or unreachable."""


class ModelOutputError(ModelError):
    """Model output that could not be parsed or validated, even after one repair attempt."""
