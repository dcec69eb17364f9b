"""`inkstone reviews`, `apply --review`, `health`, `hooks`, `jobs` and `facts`' due_by: what waits for the author,
read and acted on from the command line."""

from __future__ import annotations

import json

from desktop.book.book import Book
from desktop.tasks.settlement import propose_reviewed
from tests.cli_runner import run, run_json

CANON = {"chapter": 4,
         "entities": [{"kind": "Character", "name": "林动", "attributes": {"境界": "淬体三重"}}],
         "hooks": [{"name": "祖石的来历", "planted_in": 1, "due_by": 3, "involves": ["林动"]},
                   {"name": "玉佩", "planted_in": 1, "due_by": 40}]}
# Read from chapter 5: one new entity, one unchanged, one change to canon.
PROPOSAL = {"chapter": 5,
            "entities": [{"kind": "Character", "name": "林琅天"},
                         {"kind": "Character", "name": "林动", "attributes": {"境界": "淬体四重"}}],
            "relations": [{"type": "RIVAL_OF", "from": "林琅天", "to": "林动"}]}


def book_with_a_waiting_proposal(tmp_path, capsys) -> tuple[str, int]:
    book, canon = tmp_path / "novel", tmp_path / "canon.json"
    canon.write_text(json.dumps(CANON, ensure_ascii=False), encoding="utf-8")
    run_json(capsys, "new", str(book), "--title", "武动乾坤")
    run_json(capsys, "apply", str(book), str(canon))
    opened = Book.open(book)
    try:
        evidence = {"entities/0": [{"message_id": None, "chunk_id": 7, "quote": "林琅天冷笑一声"}]}
        review = propose_reviewed(opened, PROPOSAL, [], source="import:chapter 5", evidence=evidence, chapter=5)
    finally:
        opened.close()
    return str(book), review["settlement_id"]


def test_reviews_lists_waiting_proposals_with_each_item_class_kind_name_and_evidence(tmp_path, capsys):
    book, sid = book_with_a_waiting_proposal(tmp_path, capsys)
    [review] = run_json(capsys, "reviews", book)
    assert (review["id"], review["kind"], review["chapter"]) == (sid, "extract", 5)
    items = {(i["class"], i["kind"], i["name"]) for i in review["items"]}
    assert ("new", "entities", "林琅天 (Character)") in items and ("new", "relations", "林琅天 RIVAL_OF 林动") in items
    assert any(i["class"] == "changes" and i["kind"] == "entities" for i in review["items"])
    assert review["items"][0]["evidence"] == ["林琅天冷笑一声"]
    code, out, _ = run(capsys, "reviews", book)
    assert code == 0 and f"#{sid} extract (chapter 5)" in out and "«林琅天冷笑一声»" in out


def test_apply_review_takes_the_accepted_classes_and_keeps_the_rest_waiting(tmp_path, capsys):
    book, sid = book_with_a_waiting_proposal(tmp_path, capsys)
    result = run_json(capsys, "apply", book, "--review", str(sid), "--accept", "new")
    assert result["applied"] == sid and result["items_applied"] == 2 and result["items_kept"] == 1
    facts = run_json(capsys, "facts", book, "--as-of", "5")
    assert {e["name"] for e in facts["entities"]} == {"林动", "林琅天"}
    assert next(e for e in facts["entities"] if e["name"] == "林动")["attributes"]["境界"] == "淬体三重"
    [kept] = run_json(capsys, "reviews", book)
    assert kept["id"] == result["kept"] and [i["class"] for i in kept["items"]] == ["changes"]
    assert run_json(capsys, "apply", book, "--review", str(kept["id"]))["items_applied"] == 1  # all, the default
    assert run_json(capsys, "reviews", book) == []


def test_apply_says_what_it_needs_and_refuses_an_unknown_class(tmp_path, capsys):
    book, sid = book_with_a_waiting_proposal(tmp_path, capsys)
    code, _, err = run(capsys, "apply", book)
    assert code == 1 and "apply needs a DOCUMENT, or --review ID" in err
    code, _, err = run(capsys, "apply", book, "--review", str(sid), "--accept", "new,nwe")
    assert code == 1 and "not 'nwe'" in err
    assert len(run_json(capsys, "reviews", book)[0]["items"]) == 3  # nothing lost


def test_health_hooks_and_facts_tell_the_overdue_hook(tmp_path, capsys):
    book, _ = book_with_a_waiting_proposal(tmp_path, capsys)
    health = run_json(capsys, "health", book)
    assert health["reviews_waiting"] == 1 and health["failed_jobs"] == 0 and health["failed_settlements"] == 0
    hooks = run_json(capsys, "hooks", book)
    assert {h["name"]: h["due_by"] for h in hooks} == {"祖石的来历": 3, "玉佩": 40}
    # The book's last chapter is 4, canon's (the proposal's 5 is not canon yet): 祖石的来历 was due by 3.
    overdue = run_json(capsys, "hooks", book, "--overdue")
    assert [h["name"] for h in overdue] == ["祖石的来历"] and overdue[0]["overdue"]
    assert health["overdue_hooks"] == 1
    assert {h["name"]: h["due_by"] for h in run_json(capsys, "facts", book)["hooks"]} == {"祖石的来历": 3, "玉佩": 40}


def test_a_failed_job_is_listed_with_its_error_then_retried_or_discarded(tmp_path, capsys):
    book, _ = book_with_a_waiting_proposal(tmp_path, capsys)
    opened = Book.open(book)
    try:
        first = opened.archive.enqueue_job("extract", {"chapter": 2})
        second = opened.archive.enqueue_job("extract", {"chapter": 3})
        for job in opened.archive.next_jobs("extract", limit=2):
            opened.archive.finish_job(job["id"], error=f"model ran out of memory on chapter {job['payload']['chapter']}")
    finally:
        opened.close()
    listed = run_json(capsys, "jobs", book)
    assert [(j["id"], j["kind"], j["error"]) for j in listed] == [
        (first, "extract", "model ran out of memory on chapter 2"), (second, "extract", "model ran out of memory on chapter 3")]
    assert run_json(capsys, "health", book)["failed_jobs"] == 2
    retried = run_json(capsys, "jobs", book, "--retry", str(first))
    assert (retried["id"], retried["status"], retried["merged"]) == (first, "pending", False)
    assert "next extraction" in retried["runs"]
    assert run_json(capsys, "jobs", book, "--discard", str(second))["discarded"]
    assert run_json(capsys, "jobs", book) == []
    code, _, err = run(capsys, "jobs", book, "--retry", str(first))
    assert code == 1 and f"job {first} is pending, not failed" in err


def test_a_retried_job_whose_twin_already_waits_is_folded_into_it(tmp_path, capsys):
    book, _ = book_with_a_waiting_proposal(tmp_path, capsys)
    opened = Book.open(book)
    try:
        failed = opened.archive.enqueue_job("extract", {"chapter": 2}, unique_key="chapter:2")
        opened.archive.finish_job(opened.archive.next_jobs("extract")[0]["id"], error="boom")
        twin = opened.archive.enqueue_job("extract", {"chapter": 2}, unique_key="chapter:2")
    finally:
        opened.close()
    retried = run_json(capsys, "jobs", book, "--retry", str(failed))
    assert (retried["id"], retried["merged"]) == (twin, True) and run_json(capsys, "jobs", book) == []
