"""The model engine: chat models (llama.cpp in process or an OpenAI-compatible server) and embedders."""

from desktop.engine.embed import Embedder, embed_pending, open_embedder
from desktop.engine.errors import ModelError, ModelOutputError
from desktop.engine.factory import open_llm
from desktop.engine.llm import LLM, Completion, Message

__all__ = ["LLM", "Completion", "Message", "ModelError", "ModelOutputError", "open_llm",
           "Embedder", "open_embedder", "embed_pending"]
