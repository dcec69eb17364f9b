"""A tiny OpenAI-compatible server on 127.0.0.1 for the HTTP backend's tests: a transport double, no model."""

from __future__ import annotations

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class FakeServer:
    """Replies come from `replies` in order; each is streamed as one SSE event per character.

    `refuse_response_format` answers 400 to requests carrying response_format, like servers without it.
    `endless` streams forever (until the client hangs up), recording when it noticed the hang-up.
    """

    def __init__(self) -> None:
        self.replies: list[str] = []
        self.requests: list[dict] = []
        self.refuse_response_format = False
        self.endless = False
        self.hung_up = threading.Event()
        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self._httpd.daemon_threads = True
        self._thread = threading.Thread(target=self._httpd.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self._httpd.server_address[1]}"

    def __enter__(self) -> "FakeServer":
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()

    def _handler(self):
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.0"

            def log_message(self, *args) -> None:
                pass

            def do_GET(self) -> None:
                if self.path == "/v1/models":
                    self._json(200, {"object": "list", "data": [{"id": "fake-model", "object": "model"}]})
                else:
                    self._json(404, {"error": {"message": "not found"}})

            def do_POST(self) -> None:
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                server.requests.append(body)
                if server.refuse_response_format and "response_format" in body:
                    self._json(400, {"error": {"message": "response_format is not supported"}})
                    return
                self.send_response(200)
                self.send_header("Content-Type", "text/event-stream")
                self.end_headers()
                try:
                    if server.endless:
                        self._stream_forever()
                    else:
                        self._stream(server.replies.pop(0) if server.replies else "")
                except (BrokenPipeError, ConnectionResetError):
                    server.hung_up.set()

            def _stream(self, text: str) -> None:
                for char in text:
                    self._event({"choices": [{"index": 0, "delta": {"content": char}, "finish_reason": None}]})
                self._event({"choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]})
                self.wfile.write(b"data: [DONE]\n\n")

            def _stream_forever(self) -> None:
                while True:
                    self._event({"choices": [{"index": 0, "delta": {"content": "字"}, "finish_reason": None}]})
                    time.sleep(0.005)  # the pace of a real server's tokens

            def _event(self, payload: dict) -> None:
                self.wfile.write(b"data: " + json.dumps(payload).encode() + b"\n\n")
                self.wfile.flush()

            def _json(self, status: int, payload: dict) -> None:
                data = json.dumps(payload).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        return Handler
