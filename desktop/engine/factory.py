"""Which chat model backend a session gets: the HTTP server when one is configured, else llama.cpp in process."""

from __future__ import annotations

from desktop.config import Settings
from desktop.engine.http_backend import HttpBackend
from desktop.engine.llama_backend import LlamaCppBackend
from desktop.engine.llm import LLM


def open_llm(settings: Settings) -> LLM:
    """The HTTP backend when a server URL is set, else llama.cpp with the discovered model (not loaded yet)."""
    if settings.server_url:
        return HttpBackend(settings)
    return LlamaCppBackend(settings)
