"""The chat model on an OpenAI-compatible server (llama-server, vLLM, Ollama): SSE streaming, cancel, JSON."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import httpx2 as httpx  # the maintained successor of httpx, same API; already required by huggingface-hub

from desktop.config import Settings
from desktop.engine import jsonout
from desktop.engine.errors import ModelError
from desktop.engine.llm import LLM, Message, estimate_tokens
from desktop.engine.streaming import (FINISH_CANCELLED, FINISH_LENGTH, FINISH_STOP, Channel, Completion,
                                      Generation)
from desktop.progress import CancelToken

CONNECT_TIMEOUT_S = 10.0
# A big prompt on a busy server may take minutes before its first token; cancel does not wait for this.
READ_TIMEOUT_S = 600.0
CANCEL_POLL_S = 0.05
# Statuses with which servers refuse a request field they do not know (here: response_format).
REFUSED_FIELD_STATUSES = {400, 404, 415, 422, 501}


class ServerRefused(ModelError):
    """The server answered an error status."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


def api_base(url: str) -> str:
    """`http://host:8080`, `…/v1` and `…/v1/` all mean the same OpenAI-compatible API root."""
    url = url.rstrip("/")
    return url if url.endswith("/v1") else url + "/v1"


class HttpBackend(LLM):
    """The LLM interface over HTTP. The server queues concurrent requests itself."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.base_url = api_base(settings.server_url)
        self.name = settings.server_model
        self.n_ctx = settings.n_ctx
        self.json_schema_supported: bool | None = None
        self._loaded = False
        self._tasks: set[asyncio.Task] = set()

    def _headers(self) -> dict:
        key = self.settings.server_api_key
        return {"Authorization": f"Bearer {key}"} if key else {}

    def _client(self) -> httpx.AsyncClient:
        timeout = httpx.Timeout(CONNECT_TIMEOUT_S, read=READ_TIMEOUT_S, connect=CONNECT_TIMEOUT_S)
        return httpx.AsyncClient(timeout=timeout, headers=self._headers())

    async def load(self) -> None:
        """Check the server answers and learn its model name (and context size where it says)."""
        if self._loaded:
            return
        url = f"{self.base_url}/models"
        try:
            async with self._client() as client:
                response = await client.get(url)
                response.raise_for_status()
                listed = [m.get("id") for m in response.json().get("data", []) if isinstance(m, dict)]
                self.n_ctx = await self._server_context(client) or self.n_ctx
        except (httpx.HTTPError, ValueError, AttributeError) as exc:
            raise ModelError(f"cannot reach the model server at {url}: {exc}") from None
        if not self.name:
            if not listed:
                raise ModelError(f"the model server at {url} lists no model; set one in the settings")
            self.name = listed[0]
        self._loaded = True

    async def _server_context(self, client: httpx.AsyncClient) -> int | None:
        """llama-server reports its context size at /props; other servers do not, which is fine."""
        try:
            response = await client.get(self.base_url.removesuffix("/v1") + "/props")
            settings = response.json().get("default_generation_settings", {})
            return int(settings.get("n_ctx") or 0) or None
        except (httpx.HTTPError, ValueError, AttributeError, TypeError):
            return None

    def stream(self, messages: list[Message], *, max_tokens: int = 512, temperature: float = 0.7,
               seed: int | None = None, stop: list[str] | None = None,
               cancel: CancelToken | None = None) -> Generation:
        payload: dict[str, Any] = {"messages": list(messages), "max_tokens": max_tokens,
                                   "temperature": temperature}
        if seed is not None:
            payload["seed"] = seed
        if stop:
            payload["stop"] = list(stop)
        return self._generation(payload, cancel)

    def _generation(self, payload: dict, cancel: CancelToken | None) -> Generation:
        def start(channel: Channel) -> None:
            task = asyncio.get_running_loop().create_task(self._produce(channel, payload))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

        return Generation(start, cancel)

    async def _produce(self, channel: Channel, payload: dict) -> None:
        try:
            if channel.should_stop():
                channel.finish(Completion("", 0, FINISH_CANCELLED))
                return
            await self.load()
            channel.finish(await self._post(channel, {**payload, "model": self.name, "stream": True}))
        except Exception as exc:  # every failure reaches the consumer, none is lost in a task
            channel.fail(exc)
        except asyncio.CancelledError:
            channel.fail(ModelError(f"the connection to {self.base_url} was closed"))
            raise

    async def _post(self, channel: Channel, payload: dict) -> Completion:
        url = f"{self.base_url}/chat/completions"
        try:
            async with self._client() as client:
                async with client.stream("POST", url, json=payload) as response:
                    if response.status_code >= 400:
                        body = (await response.aread()).decode("utf-8", errors="replace")[:300]
                        raise ServerRefused(response.status_code,
                                            f"the model server at {url} answered {response.status_code}: {body}")
                    return await _read_events(response, channel, url)
        except httpx.HTTPError as exc:
            raise ModelError(f"the model server at {url} failed: {exc!r}") from None

    async def complete_json(self, messages: list[Message], schema: dict, *, max_tokens: int | None = None,
                            temperature: float = 0.2, seed: int | None = None,
                            cancel: CancelToken | None = None) -> Any:
        """JSON via response_format where the server takes it; else the schema in the prompt. Both validated."""
        await self.load()
        response_format = {"type": "json_schema",
                           "json_schema": {"name": "output", "schema": schema, "strict": True}}

        async def generate(current: list[Message], budget: int, attempt_seed: int | None) -> Completion:
            options = {"max_tokens": budget, "temperature": temperature, "seed": attempt_seed, "cancel": cancel}
            if self.json_schema_supported is not False:
                try:
                    completion = await self._complete(current, response_format=response_format, **options)
                    self.json_schema_supported = True
                    return completion
                except ServerRefused as exc:
                    if self.json_schema_supported or exc.status not in REFUSED_FIELD_STATUSES:
                        raise
                    self.json_schema_supported = False
            return await self._complete(with_schema_instruction(current, schema), **options)

        def count(current: list[Message]) -> int:
            return sum(estimate_tokens(m.get("content") or "") + 4 for m in current)

        return await jsonout.complete_json_with(generate, count, messages, schema, n_ctx=self.n_ctx,
                                                max_tokens=max_tokens, seed=seed)

    async def _complete(self, messages: list[Message], *, response_format: dict | None = None,
                        cancel: CancelToken | None = None, seed: int | None = None, **options: Any) -> Completion:
        payload: dict[str, Any] = {"messages": list(messages), **options}
        if seed is not None:
            payload["seed"] = seed
        if response_format is not None:
            payload["response_format"] = response_format
        generation = self._generation(payload, cancel)
        async for _ in generation:
            pass
        return generation.completion

    def count_tokens(self, text: str) -> int:
        return estimate_tokens(text)

    def info(self) -> dict:
        return {"backend": "http", "model": self.name, "path": self.base_url, "size_bytes": None,
                "n_ctx": self.n_ctx, "gpu_offload_supported": None, "gpu_layers": None, "n_threads": None,
                "loaded": self._loaded, "json_schema_supported": self.json_schema_supported}

    async def aclose(self) -> None:
        for task in list(self._tasks):
            task.cancel()


def with_schema_instruction(messages: list[Message], schema: dict) -> list[Message]:
    """The schema stated in the system message, for servers that cannot constrain output to it."""
    instruction = jsonout.schema_instruction(schema)
    if messages and messages[0].get("role") == "system":
        first = dict(messages[0], content=f"{messages[0].get('content') or ''}\n\n{instruction}")
        return [first] + list(messages[1:])
    return [{"role": "system", "content": instruction}] + list(messages)


async def _read_events(response: httpx.Response, channel: Channel, url: str) -> Completion:
    """Turn the SSE stream into pieces; a cancel closes the response within CANCEL_POLL_S, even mid-silence."""
    lines: asyncio.Queue = asyncio.Queue()

    async def pump() -> None:
        try:
            async for line in response.aiter_lines():
                lines.put_nowait(line)
            lines.put_nowait(None)
        except Exception as exc:
            lines.put_nowait(exc)

    reader = asyncio.get_running_loop().create_task(pump())
    parts: list[str] = []
    tokens, finish = 0, FINISH_STOP
    try:
        while True:
            try:
                line = await asyncio.wait_for(lines.get(), CANCEL_POLL_S)
            except TimeoutError:
                if channel.should_stop():
                    return Completion("".join(parts), tokens, FINISH_CANCELLED)
                continue
            if isinstance(line, Exception):
                raise line
            if line is None or line.strip() == "data: [DONE]":
                break
            event = _parse_event(line, url)
            if event is None:
                continue
            piece, reason, usage = event
            if piece:
                parts.append(piece)
                tokens += 1
                channel.put(piece)
            if usage:
                tokens = usage
            if reason:
                finish = FINISH_LENGTH if reason == "length" else FINISH_STOP
            if channel.should_stop():
                return Completion("".join(parts), tokens, FINISH_CANCELLED)
    finally:
        reader.cancel()
    return Completion("".join(parts), tokens, finish)


def _parse_event(line: str, url: str) -> tuple[str, str | None, int | None] | None:
    if not line.startswith("data:"):
        return None
    try:
        event = json.loads(line[5:].strip())
    except ValueError:
        raise ModelError(f"the model server at {url} sent a malformed event: {line[:200]}") from None
    if "error" in event:
        raise ModelError(f"the model server at {url} reported: {event['error']}")
    usage = (event.get("usage") or {}).get("completion_tokens")
    choices = event.get("choices") or [{}]
    choice = choices[0]
    delta = choice.get("delta") or {}
    return delta.get("content") or "", choice.get("finish_reason"), usage
