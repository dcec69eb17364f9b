"""The crash bench: SIGKILL a child process running the real Book at many points, reopen, count what was lost.


The child prints one acknowledgement line (JSON) after each write returns, that is
after it committed. The parent kills it (after a random delay, or the child kills
itself at the n-th call of a chosen method, as tests/book/test_book.py does), reopens
the book and checks that it opens, that every acknowledged write is there, that every
confirmed settlement reached both graphs exactly once, that no chapter is half
written and that queued jobs resume. `bench_crash()` is `inkstone bench crash`.

Run as a script it is the child: `python tests/bench/crash.py child BOOK START POINT NTH`.
"""

from __future__ import annotations

import hashlib
import inspect
import json
import logging
import os
import random
import signal
import subprocess
import sys
import tempfile
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator

import numpy as np

from desktop.book import archive, backup, facts, plan
from desktop.book.backup import list_snapshots, snapshot_problems
from desktop.book.book import Book

ROOT = Path(__file__).resolve().parents[2]
TASK_ID = 1
CHUNK_CHARS = 200
STEPS_PER_CHILD = 40  # a child not killed by then exits on its own, and the run does not count as a kill
TIMED = "timed"
# Where a child dies: "Owner.method:before|after" at its n-th call, or after a random delay.
KILL_POINTS = (
    TIMED,
    "FactGraph.apply_settlement:before",  # journaled as confirmed, no graph touched
    "FactGraph.apply_settlement:after",  # facts committed, plan not
    "PlanGraph.apply_settlement:after",  # both graphs committed, settings and state not
    "Archive.journal_set_state:before",  # everything but the journal's 'applied'
    "Archive._insert_chunks:after",  # mid-import: chunks written, the chapter's transaction open
    "Archive.store_embeddings:before",  # mid-embedding, the job claimed
    "Archive.update_message:before",  # mid-generation: the reply still streaming
    "Archive.put_summary:before",  # mid-summary
    "Archive.finish_job:before",  # embeddings stored, job not marked done
    "FactGraph.undo_settlement:after",  # mid-undo: facts undone, plan and journal not
    "Archive.add_message:after",  # committed, not yet acknowledged
    "backup._finish:before",  # a scheduled snapshot half copied
    TIMED,
)


# -- the scripted workload (child side) -----------------------------------------------------


def chapter_text(i: int) -> str:
    rng = random.Random(i)
    body = "".join(rng.choice("天地玄黄宇宙洪荒日月盈昃辰宿列张林动剑气山海风云，。") for _ in range(rng.randint(250, 2500)))
    return f"第{i}版\n{body}"


def chunks_of(text: str) -> list[dict]:
    return [{"seq": n, "text": text[start:start + CHUNK_CHARS], "start": start,
             "end": min(start + CHUNK_CHARS, len(text)), "entity_list": []}
            for n, start in enumerate(range(0, len(text), CHUNK_CHARS))]


def settlement(i: int) -> dict:
    """Each settlement adds things named after its step, so a doubled or lost one is countable."""
    return {
        "chapter": i,
        "entities": [{"kind": "Character", "name": f"角色{i}", "attributes": {"level": i}}],
        "relations": [{"type": "KNOWS", "from": f"角色{i}", "to": "主角"}],
        "states": [{"entity": "主角", "key": "step", "value": i}],
        "settings": [{"title": f"设定{i}", "category": "crash", "body": f"第{i}步"}],
        "plan": [{"level": "ShortOutline", "title": f"情节{i}", "parent": "卷一", "storyline": "main",
                  "status": "InProgress", "chapters": [i, i]}],
    }


def passing_settlement(i: int) -> dict:
    """One that is undone right after: nothing else builds on it."""
    return {"chapter": i, "entities": [{"kind": "Item", "name": f"临时{i}"}],
            "settings": [{"title": f"临时设定{i}", "body": "x"}]}


FOUNDATION = {
    "chapter": 0,
    "entities": [{"kind": "Character", "name": "主角"}],
    "plan": [{"level": "GeneralOutline", "title": "总纲", "status": "InProgress"},
             {"level": "LongOutline", "title": "卷一", "parent": "总纲", "status": "InProgress"}],
}


def ack(kind: str, *values: Any) -> None:
    sys.stdout.write(json.dumps([kind, *values], ensure_ascii=False) + "\n")
    sys.stdout.flush()


def embed_chunks(book: Any) -> int:
    """Store (fake but well-formed) vectors for every chunk still without one, as the engine's worker does."""
    pending = book.archive.chunks_without_embedding(10_000)
    book.archive.store_embeddings([(c["id"], np.random.default_rng(c["id"]).standard_normal(book.archive.embedding_dim))
                                   for c in pending])
    return len(pending)


def embed_pending(book: Any) -> list[int]:
    """The embedding worker: claim jobs, embed what waits, finish; the jobs it finished."""
    finished = []
    for job in book.archive.next_jobs("embed", 4):
        embed_chunks(book)
        book.archive.finish_job(job["id"])
        finished.append(job["id"])
    return finished


def step(book: Any, i: int) -> None:
    archive = book.archive
    message = archive.add_message(TASK_ID, "user", f"问{i}")
    ack("message", message["id"], f"问{i}")
    reply = archive.add_message(TASK_ID, "assistant", "", state="streaming")
    archive.update_message(reply["id"], content=f"答{i}", state="complete")
    ack("message", reply["id"], f"答{i}")
    result = book.journal.apply(settlement(i), source=f"crash:{i}")
    ack("settlement", result.settlement_id, i)
    if i % 3 == 0:
        passing = book.journal.apply(passing_settlement(i), source=f"crash-undo:{i}").settlement_id
        ack("passing", passing, i)
        book.journal.undo(passing)
        ack("undone", passing)
    number = i % 4 + 1
    text = chapter_text(i)
    archive.replace_chapter(number, f"第{number}章", text, volume=None, heading=f"第{number}章",
                            source_path="crash", content_hash=hashlib.sha256(text.encode()).hexdigest(),
                            chunks=chunks_of(text))
    ack("chapter", number, i)
    job = archive.enqueue_job("embed", {"chapter": number}, unique_key=f"chapter-{number}")
    ack("job", job)
    for done in embed_pending(book):
        ack("job_done", done)
    if i % 2 == 0:
        archive.put_summary(TASK_ID, message["id"], f"摘要{i}")
        ack("summary", f"摘要{i}")
    if i % 5 == 0:
        ack("snapshot", backup.snapshot(book, reason="scheduled", keep=3).name)


def install_kill(point: str, nth: int) -> None:
    """Make the n-th call of Owner.method SIGKILL this process, before or after the real call."""
    target, when = point.split(":")
    owner_name, method = target.split(".")
    owner = {"FactGraph": facts.FactGraph, "PlanGraph": plan.PlanGraph, "Archive": archive.Archive,
             "backup": backup}[owner_name]
    real = getattr(owner, method)
    calls = 0

    def die() -> None:
        os.kill(os.getpid(), signal.SIGKILL)

    def wrapper(*args: Any, **kwargs: Any) -> Any:
        nonlocal calls
        calls += 1
        if calls == nth and when == "before":
            die()
        result = real(*args, **kwargs)
        if calls == nth and when == "after":
            die()
        return result

    is_static = inspect.isclass(owner) and isinstance(inspect.getattr_static(owner, method), staticmethod)
    setattr(owner, method, staticmethod(wrapper) if is_static else wrapper)


def child_main(argv: list[str]) -> int:
    book_path, start, point, nth = argv[0], int(argv[1]), argv[2], int(argv[3])
    if point != TIMED:
        install_kill(point, nth)
    book = Book.open(book_path)
    ack("ready")
    for i in range(start, start + STEPS_PER_CHILD):
        step(book, i)
    book.close()
    return 0


# -- the parent: run, kill, reopen, check ---------------------------------------------------


@dataclass
class Ledger:
    """Everything any child acknowledged, across all runs."""

    messages: dict[int, str] = field(default_factory=dict)
    settlements: dict[int, int] = field(default_factory=dict)
    passing: set[int] = field(default_factory=set)  # applied to be undone: either state is right until the undo is acked
    undone: set[int] = field(default_factory=set)
    chapters: dict[int, int] = field(default_factory=dict)  # chapter number -> newest acknowledged version
    jobs: set[int] = field(default_factory=set)
    jobs_done: set[int] = field(default_factory=set)
    summaries: set[str] = field(default_factory=set)
    snapshots: set[str] = field(default_factory=set)

    def take(self, line: str) -> None:
        kind, *values = json.loads(line)
        if kind == "message":
            self.messages[values[0]] = values[1]
        elif kind == "settlement":
            self.settlements[values[0]] = values[1]
        elif kind == "passing":
            self.passing.add(values[0])
        elif kind == "undone":
            self.undone.add(values[0])
        elif kind == "chapter":
            self.chapters[values[0]] = max(values[1], self.chapters.get(values[0], -1))
        elif kind == "job":
            self.jobs.add(values[0])
        elif kind == "job_done":
            self.jobs_done.add(values[0])
        elif kind == "summary":
            self.summaries.add(values[0])
        elif kind == "snapshot":
            self.snapshots.add(values[0])


@dataclass
class Run:
    point: str
    killed: bool
    lines: list[str]
    error: str


def run_child(book_path: Path, start: int, point: str, nth: int, delay: float, timeout: float = 300) -> Run:
    errors = tempfile.TemporaryFile(mode="w+", encoding="utf-8")  # a file, not a pipe: it never fills up
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    proc = subprocess.Popen([sys.executable, __file__, "child", str(book_path), str(start), point, str(nth)],
                            stdout=subprocess.PIPE, stderr=errors, text=True, encoding="utf-8", env=env)
    lines: list[str] = []
    ready = threading.Event()

    def read() -> None:  # drain the pipe as it fills, so a child never blocks on a full pipe
        for line in proc.stdout:
            if line.strip() == '["ready"]':
                ready.set()
            elif line.strip():
                lines.append(line)
        ready.set()

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    if point == TIMED:
        ready.wait(timeout)
        try:
            proc.wait(timeout=delay)
        except subprocess.TimeoutExpired:
            proc.send_signal(signal.SIGKILL)
    try:
        proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
    reader.join()
    errors.seek(0)
    error = errors.read()
    errors.close()
    killed = proc.returncode == -signal.SIGKILL
    if not killed and proc.returncode != 0:
        return Run(point, False, lines, f"child exited {proc.returncode}: {error[-1500:]}")
    return Run(point, killed, lines, "")


def prepare(book_path: Path) -> None:
    with Book.create(book_path, title="crash bench", language="zh") as book:
        book.journal.apply(FOUNDATION, source="foundation")
        book.archive.create_task("crash", "chat")


def check(book_path: Path, ledger: Ledger) -> dict:
    """Reopen the book, count what is wrong (with a line per problem), and close it again."""
    found = {"reopened": 0, "lost_messages": 0, "doubled_facts": 0, "corrupt": 0, "lost_settlements": 0,
             "half_chapters": 0, "stuck_jobs": 0, "problems": []}
    try:
        with _quiet("desktop.book.book"):  # "repaired settlements interrupted by a crash" is the expected news
            book = Book.open(book_path)
    except Exception as exc:  # the one outcome that must never happen: count it and say why
        found["corrupt"] += 1
        found["problems"].append(f"does not open: {exc}")
        return found
    found["reopened"] = 1
    try:
        for check_part in (_check_integrity, _check_messages, _check_settlements, _check_chapters, _check_jobs,
                           _check_rest):
            check_part(book, ledger, found)
    finally:
        book.close()
    return found


@contextmanager
def _quiet(logger_name: str) -> Iterator[None]:
    logger = logging.getLogger(logger_name)
    level = logger.level
    logger.setLevel(logging.ERROR)
    try:
        yield
    finally:
        logger.setLevel(level)


def _problem(found: dict, key: str, text: str, count: int = 1) -> None:
    found[key] += count
    found["problems"].append(text)


def _sql(book: Any, query: str) -> list[tuple]:
    with book.archive.engine.connect() as conn:
        return [tuple(row) for row in conn.exec_driver_sql(query)]


def _check_integrity(book: Any, ledger: Ledger, found: dict) -> None:
    verdict = _sql(book, "PRAGMA integrity_check")
    if verdict != [("ok",)]:
        _problem(found, "corrupt", f"archive integrity_check: {verdict[:3]}")


def _check_messages(book: Any, ledger: Ledger, found: dict) -> None:
    stored = {m["id"]: m for m in book.archive.messages(TASK_ID)}
    for message_id, content in ledger.messages.items():
        row = stored.get(message_id)
        if row is None or row["content"] != content or row["state"] != "complete":
            _problem(found, "lost_messages", f"acknowledged message {message_id} {content!r} is {row}")


def _counts(rows: list[dict], key: str) -> dict:
    return {row[key]: row["n"] for row in rows}


def _check_settlements(book: Any, ledger: Ledger, found: dict) -> None:
    entries = {e["id"]: e for e in book.journal.entries()}
    for sid in ledger.settlements.keys() | ledger.passing:
        want = {"undone"} if sid in ledger.undone else {"applied", "undone"} if sid in ledger.passing else {"applied"}
        state = entries.get(sid, {}).get("state")
        if state not in want:
            _problem(found, "lost_settlements", f"acknowledged settlement {sid} is {state}, expected {sorted(want)}")
    facts, plan = book.facts, book.plan
    names = _counts(facts.execute("MATCH (e:Character) RETURN e.name AS name, count(*) AS n"), "name")
    items = _counts(facts.execute("MATCH (e:Item) RETURN e.name AS name, count(*) AS n"), "name")
    knows = _counts(facts.execute("MATCH (a:Character)-[r:RELATES]->(:Character) RETURN a.name AS name, "
                                  "count(r) AS n"), "name")
    steps = _counts(facts.execute("MATCH (s:State) WHERE s.key = 'step' RETURN s.value AS value, count(*) AS n"),
                    "value")
    outlines = _counts(plan.execute("MATCH (o:ShortOutline) RETURN o.title AS title, count(*) AS n"), "title")
    settings = dict(_sql(book, "SELECT title, count(*) FROM settings GROUP BY title"))
    for entry in entries.values():
        source = entry["source"]
        if entry["state"] not in ("applied", "undone"):
            _problem(found, "lost_settlements", f"settlement {entry['id']} ({source}) left {entry['state']}")
            continue
        if source.startswith("crash:"):
            i = int(source.split(":")[1])
            have = [names.get(f"角色{i}", 0), knows.get(f"角色{i}", 0), steps.get(json.dumps(i), 0),
                    outlines.get(f"情节{i}", 0), settings.get(f"设定{i}", 0)]
            _count_once(found, f"settlement {entry['id']} (step {i})", have)
        elif source.startswith("crash-undo:"):
            i = int(source.split(":")[1])
            present = [items.get(f"临时{i}", 0), settings.get(f"临时设定{i}", 0)]
            want = 0 if entry["state"] == "undone" else 1
            if present != [want, want]:
                _problem(found, "doubled_facts" if max(present) > want else "lost_settlements",
                         f"settlement {entry['id']} ({entry['state']}) left {present} of its facts")
    applied = sum(1 for e in entries.values() if e["state"] == "applied")
    for graph, label in ((facts, "facts"), (plan, "plan")):
        markers = graph.scalar("MATCH (s:Settlement) RETURN count(s)")
        if markers != applied:
            _problem(found, "doubled_facts" if markers > applied else "lost_settlements",
                     f"{label} graph holds {markers} settlement markers for {applied} applied settlements")


def _count_once(found: dict, what: str, have: list[int]) -> None:
    if all(n == 1 for n in have):
        return
    if max(have) > 1:
        _problem(found, "doubled_facts", f"{what} applied more than once: {have}", max(have) - 1)
    else:
        _problem(found, "lost_settlements", f"{what} is missing facts: {have}")


def _check_chapters(book: Any, ledger: Ledger, found: dict) -> None:
    stored = {c["number"]: c for c in book.archive.chapters()}
    for number, chapter in stored.items():
        full = book.archive.chapter_by_number(number)
        pieces = book.archive.chunks_of(chapter["id"])
        whole = (len(pieces) == len(chunks_of(full["text"])) and [p["seq"] for p in pieces] == list(range(len(pieces)))
                 and "".join(p["text"] for p in pieces) == full["text"])
        if not whole:
            _problem(found, "half_chapters", f"chapter {number} has {len(pieces)} chunks not covering its text")
        version = int(full["text"].split("\n", 1)[0][1:-1])
        if version < ledger.chapters.get(number, -1):
            _problem(found, "half_chapters", f"chapter {number} is version {version}, "
                                             f"{ledger.chapters[number]} was acknowledged")
    for number in ledger.chapters.keys() - stored.keys():
        _problem(found, "half_chapters", f"acknowledged chapter {number} is missing")
    (fts_rows,), (chunk_rows,) = _sql(book, "SELECT count(*) FROM chunk_fts"), _sql(book, "SELECT count(*) FROM chunks")
    if fts_rows[0] != chunk_rows[0]:
        _problem(found, "half_chapters", f"keyword index has {fts_rows[0]} rows for {chunk_rows[0]} chunks")


def _check_jobs(book: Any, ledger: Ledger, found: dict) -> None:
    status = dict(_sql(book, "SELECT id, status FROM jobs"))
    for job in ledger.jobs:
        if status.get(job) not in ("pending", "done"):
            _problem(found, "stuck_jobs", f"acknowledged job {job} is {status.get(job)}")
    for job in ledger.jobs_done:
        if status.get(job) != "done":
            _problem(found, "stuck_jobs", f"job {job} finished but is {status.get(job)}")
    # Jobs resume: a worker after the crash drains the queue, and the book's open-time embedding pass
    # (Workbench.embed_pending works from chunks without vectors, not from jobs) catches a chapter
    # whose job was never queued because the kill came first.
    while embed_pending(book):
        pass
    embed_chunks(book)
    counts = book.archive.embedding_counts()
    if book.archive.pending_job_count("embed") or counts["embedded"] != counts["chunks"]:
        _problem(found, "stuck_jobs", f"after resuming: {book.archive.pending_job_count('embed')} jobs pending, "
                                      f"{counts['embedded']}/{counts['chunks']} chunks embedded")


def _check_rest(book: Any, ledger: Ledger, found: dict) -> None:
    summaries = {row[0] for row in _sql(book, "SELECT text FROM summaries")}
    for text in ledger.summaries - summaries:
        _problem(found, "lost_messages", f"acknowledged summary {text!r} is missing")
    for snap in list_snapshots(book.path):
        problems = snapshot_problems(book.path / "backups" / snap["name"])
        if problems:
            _problem(found, "corrupt", f"snapshot {snap['name']} is damaged: {problems}")


def bench_crash(kills: int = 50, *, seed: int = 0, workdir: Path | None = None) -> dict:
    """Kill a child `kills` times at points chosen in turn (delays and call counts from `seed`); the tallies."""
    started = time.monotonic()
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory(dir=workdir) as tmp:
        book_path = Path(tmp) / "crash.inkstone"
        prepare(book_path)
        ledger = Ledger()
        totals = {"kills": 0, "reopened": 0, "lost_messages": 0, "doubled_facts": 0, "corrupt": 0,
                  "lost_settlements": 0, "half_chapters": 0, "stuck_jobs": 0, "child_errors": 0}
        by_point: dict[str, int] = {}
        problems: list[str] = []
        runs = 0
        while totals["kills"] < kills and runs < kills * 3:
            point = KILL_POINTS[runs % len(KILL_POINTS)]
            run = run_child(book_path, (runs + 1) * 1000, point, rng.randint(1, 2), rng.uniform(0.05, 1.5))
            runs += 1
            for line in run.lines:
                ledger.take(line)
            if run.error:
                totals["child_errors"] += 1
                problems.append(f"run {runs} ({point}): {run.error}")
            if run.killed:
                totals["kills"] += 1
                by_point[point] = by_point.get(point, 0) + 1
            found = check(book_path, ledger)
            problems += [f"run {runs} ({point}): {p}" for p in found.pop("problems")]
            for key, value in found.items():
                totals[key] += value if run.killed or key != "reopened" else 0
            if found["reopened"] == 0:
                break  # a book that does not open cannot be run again
    return {**totals, "runs": runs, "kill_points": by_point, "seconds": round(time.monotonic() - started, 1),
            "problems": problems[:20]}


def add_arguments(parser) -> None:
    parser.add_argument("--kills", type=int, default=50, help="how many kills")


def run(args) -> dict:
    return bench_crash(args.kills)


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "child":
        raise SystemExit(child_main(sys.argv[2:]))
    print(json.dumps(bench_crash(int(sys.argv[1]) if len(sys.argv) > 1 else 50), ensure_ascii=False, indent=2))
