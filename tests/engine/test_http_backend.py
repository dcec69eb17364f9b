"""The OpenAI-compatible backend: SSE streaming, cancel by hanging up, JSON via response_format or repair."""

from __future__ import annotations

import asyncio
import json
import time

import pytest

from desktop.config import Settings
from desktop.engine.errors import ModelError, ModelOutputError
from desktop.engine.http_backend import HttpBackend, api_base
from desktop.engine.factory import open_llm
from desktop.progress import CancelToken

from .fake_openai_server import FakeServer

SCHEMA = {"type": "object", "required": ["name"], "additionalProperties": False,
          "properties": {"name": {"type": "string", "minLength": 1}}}


@pytest.fixture
def server():
    with FakeServer() as fake:
        yield fake


@pytest.fixture
def llm(server) -> HttpBackend:
    backend = open_llm(Settings(server_url=server.url))
    assert isinstance(backend, HttpBackend)
    return backend


def test_a_reply_streams_event_by_event(llm, server):
    server.replies = ["林风御剑。"]

    async def run():
        generation = llm.stream([{"role": "user", "content": "hi"}], max_tokens=16, seed=3)
        return [piece async for piece in generation], generation.completion

    pieces, completion = asyncio.run(run())
    assert pieces == list("林风御剑。")
    assert completion.text == "林风御剑。" and completion.finish_reason == "stop"
    sent = server.requests[0]
    assert sent["stream"] is True and sent["model"] == "fake-model" and sent["seed"] == 3


def test_cancel_hangs_up_and_ends_the_stream_quickly(llm, server):
    server.endless = True
    cancel = CancelToken()

    async def run():
        generation = llm.stream([{"role": "user", "content": "go on forever"}], cancel=cancel)
        pieces = 0
        async for _ in generation:
            pieces += 1
            if pieces == 10:
                cancel.cancel()
                cancelled_at = time.perf_counter()
        return generation.completion, time.perf_counter() - cancelled_at

    completion, seconds = asyncio.run(run())
    assert completion.finish_reason == "cancelled"
    assert seconds < 1.0
    assert server.hung_up.wait(5)


def test_json_goes_through_response_format_when_the_server_takes_it(llm, server):
    server.replies = ['{"name": "林风"}']
    assert asyncio.run(llm.complete_json([{"role": "user", "content": "who"}], SCHEMA)) == {"name": "林风"}
    assert server.requests[0]["response_format"]["json_schema"]["schema"] == SCHEMA
    assert llm.json_schema_supported is True


def test_without_response_format_the_schema_is_prompted_and_a_bad_answer_repaired(llm, server):
    server.refuse_response_format = True
    server.replies = ['{"name": ', 'Sure: {"name": "林风"}']
    document = asyncio.run(llm.complete_json([{"role": "user", "content": "who"}], SCHEMA))
    assert document == {"name": "林风"}
    refused, first, repair = server.requests
    assert "response_format" in refused and "response_format" not in first
    assert "JSON Schema" in first["messages"][0]["content"]
    assert "not valid JSON for this schema" in repair["messages"][-1]["content"]
    assert llm.json_schema_supported is False


def test_output_still_invalid_after_the_repair_is_a_model_output_error(llm, server):
    server.refuse_response_format = True
    server.replies = ["no", "still no"]
    with pytest.raises(ModelOutputError):
        asyncio.run(llm.complete_json([{"role": "user", "content": "who"}], SCHEMA))


def test_an_unreachable_server_is_a_clear_error_naming_the_url():
    llm = open_llm(Settings(server_url="http://127.0.0.1:9"))
    with pytest.raises(ModelError, match=r"http://127\.0\.0\.1:9/v1"):
        asyncio.run(llm.load())


def test_a_server_error_reaches_the_caller(llm, server):
    server.refuse_response_format = True

    async def run():
        generation = llm._generation({"messages": [], "response_format": {"type": "json_object"}}, None)
        return [piece async for piece in generation]

    with pytest.raises(ModelError, match="answered 400"):
        asyncio.run(run())


@pytest.mark.parametrize("url", ["http://h:8080", "http://h:8080/", "http://h:8080/v1", "http://h:8080/v1/"])
def test_the_api_root_is_found_with_or_without_v1(url):
    assert api_base(url) == "http://h:8080/v1"


def test_info_names_the_server(llm, server):
    asyncio.run(llm.load())
    info = llm.info()
    assert info["backend"] == "http" and info["model"] == "fake-model" and info["path"] == server.url + "/v1"
    assert json.dumps(info)
