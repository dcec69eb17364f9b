"""The book archive on real SQLite + sqlite-vec + FTS5: chapters, search, settings, tasks, journal, jobs."""

from __future__ import annotations

import hashlib
import re

import numpy as np
import pytest

from desktop.book.archive import Archive, versions
from desktop.book.errors import BookCorruptError, BookError

DIM = 4
PARAGRAPH = (
    "林风御剑而行，脚下飞剑化作一道青虹破空而去。"
    "远处山巅之上，一位元婴老怪负手而立，冷冷望着这个筑基期的小辈。"
)
HOSTILE = "'); DROP TABLE chunks; --"


@pytest.fixture
def archive(tmp_path):
    store = Archive(tmp_path / "archive.sqlite", DIM)
    yield store
    store.close()


def axis(i: int) -> list[float]:
    vector = [0.0] * DIM
    vector[i] = 1.0
    return vector


def put_chapter(archive: Archive, number: int, paragraphs: list[str], *, names: list[list[str]] | None = None,
                title: str = "") -> tuple[int, bool]:
    """A chapter whose chunks are the given paragraphs."""
    text = "\n".join(paragraphs)
    chunks, start = [], 0
    for seq, paragraph in enumerate(paragraphs):
        chunks.append({"seq": seq, "text": paragraph, "start": start, "end": start + len(paragraph),
                       "entity_list": names[seq] if names else []})
        start += len(paragraph) + 1
    return archive.replace_chapter(
        number, title or f"第{number}章", text, volume=None, heading=f"第{number}章 {title}", source_path="book.txt",
        content_hash=hashlib.sha256(text.encode()).hexdigest(), chunks=chunks,
    )


def chunk_ids(archive: Archive, number: int) -> list[int]:
    return [c["id"] for c in archive.chunks_of(archive.chapter_by_number(number)["id"])]


# -- chapters, chunks and keyword search -------------------------------------------


def test_chinese_full_text_search_finds_a_two_character_word_inside_a_paragraph(archive):
    put_chapter(archive, 1, ["风和日丽，万里无云。", PARAGRAPH])
    hits = archive.keyword_search("飞剑")
    assert [archive.chunk(chunk_id)["text"] for chunk_id, _ in hits] == [PARAGRAPH]
    assert [h for h, _ in archive.keyword_search("元婴")] == [h for h, _ in hits]


def test_keyword_search_is_available_right_after_import_without_embeddings(archive):
    put_chapter(archive, 1, [PARAGRAPH])
    assert archive.embedding_counts()["embedded"] == 0
    assert len(archive.keyword_search("林风")) == 1


def test_reimporting_the_same_chapter_changes_nothing(archive):
    chapter_id, changed = put_chapter(archive, 1, [PARAGRAPH, "第二段。"])
    before = archive.chunks_of(chapter_id)
    assert changed
    assert put_chapter(archive, 1, [PARAGRAPH, "第二段。"]) == (chapter_id, False)
    assert archive.chunks_of(chapter_id) == before
    assert archive.counts()["chunks"] == 2


def test_an_edited_chapter_replaces_only_its_own_chunks_and_old_text_is_no_longer_found(archive):
    put_chapter(archive, 1, ["林风拔出飞剑。"])
    put_chapter(archive, 2, ["萧炎炼丹。"])
    old_ids, other_ids = chunk_ids(archive, 1), chunk_ids(archive, 2)
    archive.store_embeddings([(old_ids[0], axis(0)), (other_ids[0], axis(1))])

    chapter_id, changed = put_chapter(archive, 1, ["林风收起长刀。"])

    assert changed and chapter_id == archive.chapter_by_number(1)["id"]
    assert chunk_ids(archive, 2) == other_ids
    assert not set(chunk_ids(archive, 1)) & set(old_ids)
    assert archive.keyword_search("飞剑") == []
    assert [h for h, _ in archive.keyword_search("长刀")] == chunk_ids(archive, 1)
    assert [h for h, _ in archive.vector_search(axis(0), k=5)] == other_ids  # the old vector is gone
    assert archive.chapter_by_number(1)["text"] == "林风收起长刀。"


def test_deleting_a_chapter_removes_its_chunks_from_both_indexes(archive):
    put_chapter(archive, 1, [PARAGRAPH])
    archive.store_embeddings([(chunk_ids(archive, 1)[0], axis(0))])
    archive.delete_chapter(1)
    assert archive.chapter_by_number(1) is None
    assert archive.keyword_search("飞剑") == [] and archive.vector_search(axis(0)) == []
    assert archive.counts()["chunks"] == 0


def test_keyword_search_can_be_limited_to_a_range_of_chapters(archive):
    for number in (1, 5, 9):
        put_chapter(archive, number, [f"第{number}章里林风出场。"])
    hits = archive.keyword_search("林风", chapters=(4, 9))
    assert sorted(archive.chunk(h)["chapter_number"] for h, _ in hits) == [5, 9]


def test_chapters_list_counts_chunks_and_embedded_chunks(archive):
    put_chapter(archive, 2, ["甲。", "乙。", "丙。"], title="二")
    put_chapter(archive, 1, ["丁。"], title="一")
    archive.store_embeddings([(chunk_ids(archive, 2)[0], axis(0))])
    listed = archive.chapters()
    assert [(c["number"], c["title"], c["chunk_count"], c["embedded_count"]) for c in listed] == [
        (1, "一", 1, 0), (2, "二", 3, 1)]
    assert "text" not in listed[0]


def test_chapters_before_gives_the_preceding_chapters_in_story_order(archive):
    for number in range(1, 8):
        put_chapter(archive, number, [f"第{number}章。"])
    assert [c["number"] for c in archive.chapters_before(6, 3)] == [3, 4, 5]
    assert archive.chapters_before(6, 3)[0]["text"] == "第3章。"
    assert archive.chapters_before(1, 5) == []


def test_neighbour_chunks_stay_inside_the_chapter_and_keep_reading_order(archive):
    put_chapter(archive, 1, ["一。", "二。", "三。", "四。"])
    put_chapter(archive, 2, ["五。"])
    first, second, third, fourth = chunk_ids(archive, 1)
    assert [c["id"] for c in archive.neighbour_chunks(second)] == [first, second, third]
    assert [c["id"] for c in archive.neighbour_chunks(fourth, radius=2)] == [second, third, fourth]


def test_a_chunk_knows_its_chapter_offsets_and_entities(archive):
    put_chapter(archive, 3, ["甲乙。", PARAGRAPH], names=[[], ["林风"]], title="御剑")
    chunk = archive.chunk(chunk_ids(archive, 3)[1])
    assert chunk["chapter_number"] == 3 and chunk["chapter_title"] == "御剑"
    assert (chunk["seq"], chunk["start"], chunk["end"], chunk["entity_list"]) == (1, 4, 4 + len(PARAGRAPH), ["林风"])


def test_chunks_mentioning_two_names_returns_only_chunks_with_both(archive):
    put_chapter(archive, 1, ["甲。", "乙。", "丙。"], names=[["林风", "萧炎"], ["林风"], ["萧炎", "林风", "药老"]])
    put_chapter(archive, 2, ["丁。"], names=[["林风", "萧炎"]])
    both = archive.chunks_mentioning(["林风", "萧炎"])
    assert [c["text"] for c in both] == ["甲。", "丙。", "丁。"]
    assert [c["text"] for c in archive.chunks_mentioning(["萧炎", "林风"], chapters=(2, 2))] == ["丁。"]
    assert archive.chunks_mentioning(["林"]) == []  # whole names, not substrings


# -- vectors -------------------------------------------------------------------------


def test_vector_search_finds_the_nearest_stored_vectors(archive):
    put_chapter(archive, 1, ["甲。", "乙。", "丙。"])
    a, b, c = chunk_ids(archive, 1)
    archive.store_embeddings([(a, axis(0)), (b, np.array([0.8, 0.6, 0, 0], dtype=np.float32)), (c, axis(2))])
    hits = archive.vector_search(axis(0), k=2)
    assert [h for h, _ in hits] == [a, b]
    assert hits[0][1] == pytest.approx(1.0) and hits[1][1] == pytest.approx(0.8)


def test_vector_search_can_be_limited_to_a_range_of_chapters(archive):
    for number in (1, 2, 3):
        put_chapter(archive, number, [f"第{number}章。"])
    archive.store_embeddings([(chunk_ids(archive, n)[0], [1.0, 0.1 * n, 0, 0]) for n in (1, 2, 3)])
    hits = archive.vector_search(axis(0), k=5, chapters=(2, 3))
    assert [archive.chunk(h)["chapter_number"] for h, _ in hits] == [2, 3]


def test_storing_embeddings_marks_chunks_embedded_and_is_idempotent(archive):
    put_chapter(archive, 1, ["甲。", "乙。"])
    first, second = chunk_ids(archive, 1)
    assert [c["id"] for c in archive.chunks_without_embedding(10)] == [first, second]
    archive.store_embeddings([(first, axis(0))])
    archive.store_embeddings([(first, axis(1))])
    assert [c["id"] for c in archive.chunks_without_embedding(10)] == [second]
    assert archive.vector_search(axis(1), k=1)[0] == (first, pytest.approx(1.0))
    assert archive.embedding_counts() == {"chunks": 2, "embedded": 1, "settings": 0, "settings_embedded": 0}


def test_embeddings_for_chunks_deleted_meanwhile_are_skipped(archive):
    put_chapter(archive, 1, ["甲。"])
    stale = archive.chunks_without_embedding(10)
    put_chapter(archive, 1, ["乙。"])
    archive.store_embeddings([(c["id"], axis(0)) for c in stale])
    assert archive.vector_search(axis(0)) == []


def test_a_vector_of_the_wrong_dimension_is_refused_with_a_clear_error(archive):
    with pytest.raises(BookError, match="3 dimensions"):
        archive.vector_search([1.0, 0.0, 0.0])


def test_resetting_embeddings_for_a_new_embedder_drops_all_vectors(archive):
    put_chapter(archive, 1, [PARAGRAPH])
    setting_id = archive.put_setting("境界", "炼气、筑基、金丹、元婴")
    archive.store_embeddings([(chunk_ids(archive, 1)[0], axis(0))])
    archive.store_setting_embeddings([(setting_id, axis(0))])
    archive.reset_embeddings(6)
    assert archive.embedding_counts() == {"chunks": 1, "embedded": 0, "settings": 1, "settings_embedded": 0}
    archive.store_embeddings([(chunk_ids(archive, 1)[0], [1.0] * 6)])
    assert len(archive.vector_search([1.0] * 6)) == 1


def test_reopening_with_another_dimension_queues_everything_for_embedding_again(tmp_path):
    store = Archive(tmp_path / "archive.sqlite", DIM)
    put_chapter(store, 1, ["甲。"])
    store.store_embeddings([(chunk_ids(store, 1)[0], axis(0))])
    store.close()
    store = Archive(tmp_path / "archive.sqlite", 8)
    assert store.embedding_counts()["embedded"] == 0
    store.close()


# -- settings library --------------------------------------------------------------


def test_a_new_setting_version_becomes_current_and_undo_restores_the_previous_one(archive):
    first = archive.put_setting("修炼境界", "炼气、筑基", "力量体系", ["林风"])
    second = archive.put_setting("修炼境界", "炼气、筑基、金丹", "力量体系", ["林风"], settlement_id=7)
    assert archive.setting("修炼境界")["id"] == second
    assert [s["body"] for s in archive.settings()] == ["炼气、筑基、金丹"]

    archive.remove_settings_of(7)

    restored = archive.setting("修炼境界")
    assert (restored["id"], restored["body"], restored["entities"]) == (first, "炼气、筑基", ["林风"])


def test_reapplying_a_settlement_rewrites_its_version_instead_of_stacking_another(archive):
    archive.put_setting("青云山", "山高万丈", "地理", settlement_id=3)
    again = archive.put_setting("青云山", "山高万丈，云海翻腾", "地理", settlement_id=3)
    assert [(s["id"], s["body"]) for s in archive.settings()] == [(again, "山高万丈，云海翻腾")]
    assert [i for i, _ in archive.settings_keyword_search("云海")] == [again]


def test_settings_can_be_listed_by_category(archive):
    archive.put_setting("青云山", "山高万丈", "地理")
    archive.put_setting("境界", "炼气", "力量体系")
    assert [s["title"] for s in archive.settings("地理")] == ["青云山"]
    assert archive.setting("无此条目") is None


def test_settings_search_sees_only_current_versions(archive):
    old = archive.put_setting("境界", "炼气 筑基")
    new = archive.put_setting("境界", "炼气 筑基 金丹", settlement_id=1)
    archive.store_setting_embeddings([(old, axis(0)), (new, axis(1))])
    assert [i for i, _ in archive.settings_keyword_search("筑基")] == [new]
    assert [i for i, _ in archive.settings_vector_search(axis(0), k=5)] == [new]
    archive.remove_settings_of(1)
    assert [i for i, _ in archive.settings_keyword_search("筑基")] == [old]
    assert [i for i, _ in archive.settings_vector_search(axis(0), k=5)] == [old]


def test_only_current_settings_wait_for_an_embedding(archive):
    archive.put_setting("境界", "炼气")
    current = archive.put_setting("境界", "炼气 筑基")
    assert archive.settings_without_embedding(10) == [{"id": current, "text": "境界\n炼气 筑基"}]
    archive.store_setting_embeddings([(current, axis(0))])
    assert archive.settings_without_embedding(10) == []


# -- tasks, messages, summaries -----------------------------------------------------


def test_messages_persist_in_order_across_a_reopen_in_wal_mode(tmp_path):
    store = Archive(tmp_path / "archive.sqlite", DIM)
    outline = store.create_task("长纲", "discussion")
    people = store.create_task("新人物", "discussion")
    for i in range(5):
        store.add_message(outline["id"] if i % 2 == 0 else people["id"], "user", f"第{i}条", meta={"i": i})
    store.close()

    store = Archive(tmp_path / "archive.sqlite", DIM)
    assert [m["content"] for m in store.messages(outline["id"])] == ["第0条", "第2条", "第4条"]
    assert [m["meta"]["i"] for m in store.all_messages()] == [0, 1, 2, 3, 4]
    assert [m["content"] for m in store.all_messages(limit=2)] == ["第3条", "第4条"]
    with store.engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
    store.close()


def test_a_streamed_message_can_be_completed_later(archive):
    task = archive.create_task("今日章节", "writing")
    first = archive.add_message(task["id"], "user", "写第十章")
    reply = archive.add_message(task["id"], "assistant", "", state="streaming")
    archive.update_message(reply["id"], content="林风……", state="complete", meta={"tokens": 12})
    assert archive.messages(task["id"], after_id=first["id"]) == [
        {**reply, "content": "林风……", "state": "complete", "meta": {"tokens": 12}}]


def test_tasks_change_status_and_count_their_messages(archive):
    task = archive.create_task("设定人物：张三", "discussion")
    assert (task["status"], task["closed_at"], task["messages"]) == ("open", None, 0)
    archive.add_message(task["id"], "user", "张三是谁？")
    closed = archive.update_task(task["id"], status="closed", closed_at="2025-01-01T00:00:00+00:00")
    assert (closed["status"], closed["closed_at"], closed["messages"]) == ("closed", "2025-01-01T00:00:00+00:00", 1)
    assert [t["id"] for t in archive.tasks(("open",))] == []
    assert [t["id"] for t in archive.tasks(("closed", "archived"))] == [task["id"]]
    with pytest.raises(BookError, match="status"):
        archive.update_task(task["id"], status="finished")
    with pytest.raises(BookError, match="task 999"):
        archive.add_message(999, "user", "无主消息")


def test_the_latest_summary_is_the_one_reaching_furthest(archive):
    task = archive.create_task("长纲", "discussion")
    archive.put_summary(task["id"], 10, "前十条")
    archive.put_summary(task["id"], 20, "前二十条")
    assert archive.latest_summary(task["id"])["text"] == "前二十条"
    assert archive.latest_summary(task["id"] + 1) is None


# -- settlement journal and jobs ------------------------------------------------------


def test_journal_entries_round_trip_and_change_state(archive):
    document = {"chapter": 12, "entities": [{"kind": "Character", "name": "林风"}]}
    sid = archive.journal_add(source="task", document=document, proposal=document, state="proposed", task_id=4)
    assert archive.counts()["reviews_waiting"] == 1
    archive.journal_update(sid, document={**document, "chapter": 13}, review={"accepted": [0]}, state="confirmed")
    archive.journal_set_state(sid, "failed", error="graph refused it")
    entry = archive.journal_get(sid)
    assert (entry["state"], entry["error"], entry["task_id"]) == ("failed", "graph refused it", 4)
    assert entry["document"]["chapter"] == 13 and entry["proposal"]["chapter"] == 12
    assert entry["review"] == {"accepted": [0]}
    assert [e["id"] for e in archive.journal_list(("failed",))] == [sid]
    assert archive.journal_list(("applied",)) == []


def test_jobs_are_claimed_finished_and_not_queued_twice(archive):
    first = archive.enqueue_job("embed", {"chunks": [1, 2]}, unique_key="chapter-1")
    assert archive.enqueue_job("embed", {"chunks": [1, 2]}, unique_key="chapter-1") == first
    second = archive.enqueue_job("embed", {"chunks": [3]})
    archive.enqueue_job("extract", {"chapter": 1})
    assert archive.pending_job_count() == 3 and archive.pending_job_count("embed") == 2

    claimed = archive.next_jobs("embed", limit=5)
    assert [(j["id"], j["status"], j["payload"]) for j in claimed] == [
        (first, "running", {"chunks": [1, 2]}), (second, "running", {"chunks": [3]})]
    archive.finish_job(first)
    archive.finish_job(second, error="embedder crashed")
    assert archive.next_jobs("embed") == [] and archive.pending_job_count("embed") == 0
    assert archive.counts()["jobs_pending"] == 1


def test_jobs_left_running_by_a_crash_are_pending_again_after_reopen(tmp_path):
    store = Archive(tmp_path / "archive.sqlite", DIM)
    job = store.enqueue_job("embed", {"chunks": [1]})
    store.next_jobs("embed")
    assert store.pending_job_count("embed") == 0
    store.close()  # no finish_job: as if the process died mid-job

    store = Archive(tmp_path / "archive.sqlite", DIM)
    assert [j["id"] for j in store.next_jobs("embed")] == [job]
    store.close()


# -- literal data, robustness, overview -----------------------------------------------


def test_quotes_and_sql_in_names_and_text_are_stored_and_returned_literally(archive):
    names = [HOSTILE, 'He said "hi"', "O'Brien"]
    text = f"{HOSTILE} 林风说：\"走！\" O'Brien"
    put_chapter(archive, 1, [text], names=[names], title=HOSTILE)
    chunk = archive.chunk(chunk_ids(archive, 1)[0])
    assert (chunk["text"], chunk["entity_list"], chunk["chapter_title"]) == (text, names, HOSTILE)
    assert [c["id"] for c in archive.chunks_mentioning([HOSTILE, "O'Brien"])] == [chunk["id"]]
    assert [h for h, _ in archive.keyword_search(HOSTILE)] == [chunk["id"]]
    archive.put_setting(HOSTILE, HOSTILE, HOSTILE, [HOSTILE])
    assert archive.setting(HOSTILE)["entities"] == [HOSTILE]
    task = archive.create_task(HOSTILE, HOSTILE)
    assert archive.add_message(task["id"], HOSTILE, HOSTILE, meta={HOSTILE: HOSTILE})["meta"] == {HOSTILE: HOSTILE}
    archive.set_meta(HOSTILE, HOSTILE)
    assert archive.get_meta(HOSTILE) == HOSTILE and archive.get_meta("absent", "默认") == "默认"
    assert archive.counts()["chunks"] == 1


def test_a_file_that_is_not_a_database_is_reported_as_corrupt(tmp_path):
    path = tmp_path / "archive.sqlite"
    path.write_bytes(b"this is not sqlite" * 100)
    with pytest.raises(BookCorruptError, match="archive.sqlite"):
        Archive(path, DIM)


def test_timestamps_are_iso_8601_utc(archive):
    created = archive.create_task("长纲", "discussion")["created_at"]
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00", created)


def test_counts_cover_every_part_of_the_archive(archive):
    put_chapter(archive, 1, ["甲。", "乙。"])
    archive.put_setting("境界", "炼气")
    archive.add_message(archive.create_task("t", "discussion")["id"], "user", "hi")
    assert archive.counts() == {"chapters": 1, "chunks": 2, "embedded": 0, "settings": 1, "tasks": 1,
                                "messages": 1, "reviews_waiting": 0, "jobs_pending": 0}


def test_versions_report_sqlite_sqlite_vec_and_fts5(archive):
    found = versions()
    assert found["fts5"] is True
    assert found["sqlite"].count(".") == 2 and found["sqlite_vec"].startswith("v")
    assert archive.versions() == found


def test_the_real_novel_is_searchable_by_names_after_import(archive, corpus_dir):
    text = (corpus_dir / "zh" / "hongloumeng.txt").read_text(encoding="utf-8")
    parts = re.split(r"(?m)^(第[一二三四五六七八九十零〇百]+回.*)$", text)
    for number, index in enumerate(range(1, 41, 2), start=1):  # the first 20 chapters
        body = parts[index + 1]
        put_chapter(archive, number, [body[i:i + 800] for i in range(0, len(body), 800)], title=parts[index])
    hits = archive.keyword_search("林黛玉", k=50)
    assert len(hits) >= 10
    assert all("林黛玉" in archive.chunk(h)["text"] for h, _ in hits)
    assert {archive.chunk(h)["chapter_number"] for h, _ in archive.keyword_search("甄士隐", chapters=(1, 1))} == {1}
