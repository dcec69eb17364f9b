"""Embedders: the multilingual default separates Chinese paraphrases; vectors land in sqlite-vec and KNN finds them."""

from __future__ import annotations

import asyncio

import numpy as np
import pytest

from desktop.book.archive import Archive
from desktop.config import Settings
from desktop.engine import models
from desktop.engine.embed import SentenceTransformerEmbedder, UseEmbedder, embed_pending, open_embedder
from desktop.engine.errors import ModelError
from desktop.progress import Cancelled, CancelToken

PARAPHRASES = [
    ("林风拔出紫电剑，向赵无极冲了过去。", "林风抽出紫电飞剑，朝着赵无极扑去。"),
    ("玄机子收林风为关门弟子。", "林风被玄机子收作最后一个徒弟。"),
    ("今夜月色很好，师兄妹在山顶饮酒。", "师兄和师妹趁着明亮的月光在峰顶喝酒。"),
]
UNRELATED = ["股市今天大幅下跌，投资者损失惨重。", "这家餐厅的红烧肉味道很好。", "明天的天气预报说会下雨。"]


def cosine(a: np.ndarray, b: np.ndarray) -> float:
    return float(a @ b)


def test_vectors_are_unit_length_float32_of_the_stated_dimension(default_embedder):
    vectors = default_embedder.embed(["林风", "a sword", "紫电剑在寒潭中沉睡了千年。"])
    assert vectors.shape == (3, default_embedder.dim) and vectors.dtype == np.float32
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)
    assert default_embedder.embed([]).shape == (0, default_embedder.dim)


def test_chinese_near_paraphrases_score_above_unrelated_sentences(default_embedder):
    for original, paraphrase in PARAPHRASES:
        a, b, *others = default_embedder.embed([original, paraphrase, *UNRELATED])
        assert cosine(a, b) > max(cosine(a, other) for other in others) + 0.15


def test_vectors_land_in_sqlite_vec_and_knn_finds_them(default_embedder, tmp_path):
    archive = Archive(tmp_path / "archive.sqlite", default_embedder.dim)
    try:
        texts = [p[0] for p in PARAPHRASES] + UNRELATED
        chunks = [{"seq": i, "text": t, "start": 0, "end": len(t), "entity_list": []} for i, t in enumerate(texts)]
        archive.replace_chapter(1, "第一章", "".join(texts), volume=None, heading="第一章", source_path="t.txt",
                                content_hash="h1", chunks=chunks)
        archive.put_setting("紫电剑", "一柄通体紫色的古剑，封印着上古剑仙的残魂。", "物品")
        seen = []
        assert embed_pending(archive, default_embedder, batch=4, progress=seen.append) == len(texts) + 1
        assert seen[-1].done == seen[-1].total == len(texts) + 1
        counts = archive.embedding_counts()
        assert counts["embedded"] == counts["chunks"] and counts["settings_embedded"] == 1
        query = default_embedder.embed([PARAPHRASES[1][1]])[0]
        best_id, score = archive.vector_search(query, k=3)[0]
        assert archive.chunk(best_id)["text"] == PARAPHRASES[1][0] and score > 0.5
        assert archive.settings_vector_search(default_embedder.embed(["紫色的剑"])[0], k=1)
        assert embed_pending(archive, default_embedder) == 0  # nothing left: the queue is drained
    finally:
        archive.close()


def test_embedding_stops_between_batches_when_cancelled(default_embedder, tmp_path):
    archive = Archive(tmp_path / "archive.sqlite", default_embedder.dim)
    try:
        chunks = [{"seq": i, "text": f"第{i}段", "start": 0, "end": 3, "entity_list": []} for i in range(6)]
        archive.replace_chapter(1, "一", "x", volume=None, heading="一", source_path="t", content_hash="h",
                                chunks=chunks)
        cancel = CancelToken()
        with pytest.raises(Cancelled):
            embed_pending(archive, default_embedder, batch=2, cancel=cancel,
                          progress=lambda p: p.done >= 2 and cancel.cancel())
        assert archive.embedding_counts()["embedded"] == 2  # kept; the rest is still pending
    finally:
        archive.close()


def test_the_packaged_minilm_works_through_sentence_transformers(minilm_embedder):
    a, b, c = minilm_embedder.embed(["A cat sat on the mat.", "A kitten was sitting on a rug.",
                                     "Stock markets fell sharply today."])
    assert minilm_embedder.dim == 384 and a.shape == (384,)
    assert cosine(a, b) > cosine(a, c) + 0.3


def test_embedding_on_the_embedder_thread_keeps_the_loop_free(default_embedder):
    vectors = asyncio.run(default_embedder.embed_async(["林风", "赵无极"]))
    assert vectors.shape == (2, default_embedder.dim)


def test_the_default_embedder_is_the_multilingual_one(monkeypatch, tmp_path):
    monkeypatch.setattr(models.paths, "model_search_dirs", lambda: [tmp_path])
    embedder = open_embedder(Settings())
    assert isinstance(embedder, UseEmbedder) and embedder.dim == 512


def test_a_sentence_transformers_folder_in_models_is_preferred(monkeypatch, tmp_path):
    folder = tmp_path / "bge-small-zh-v1.5"
    folder.mkdir()
    (folder / "modules.json").write_text("[]")
    monkeypatch.setattr(models.paths, "model_search_dirs", lambda: [tmp_path])
    embedder = open_embedder(Settings())
    assert isinstance(embedder, SentenceTransformerEmbedder) and embedder.name == "bge-small-zh-v1.5"


def test_the_embedder_in_settings_wins(minilm_embedder):
    embedder = open_embedder(Settings(embedder=str(models.packaged_minilm_dir())))
    assert isinstance(embedder, SentenceTransformerEmbedder) and embedder.dim == 384


@pytest.mark.parametrize("setting, message", [("/no/such/folder", "embedder folder not found"),
                                              ("{tmp}", "not a sentence-transformers model folder")])
def test_a_bad_embedder_setting_is_a_clear_error(tmp_path, setting, message):
    with pytest.raises(ModelError, match=message):
        open_embedder(Settings(embedder=setting.format(tmp=tmp_path)))


def test_a_broken_model_folder_fails_to_load_with_its_path(tmp_path):
    (tmp_path / "modules.json").write_text("[]")
    embedder = open_embedder(Settings(embedder=str(tmp_path)))
    with pytest.raises(ModelError, match=str(tmp_path)):
        embedder.embed(["x"])
