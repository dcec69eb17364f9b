"""Bigram indexing of Chinese text and safe FTS5 queries, checked against a real FTS5 table."""

from __future__ import annotations

import pytest
import sqlean

from desktop.book.textindex import index_text, match_query

PARAGRAPH = (
    "林风御剑而行，脚下飞剑化作一道青虹破空而去。远处山巅之上，一位元婴老怪负手而立，"
    "冷冷望着这个筑基期的小辈。Elizabeth Bennet 在旁边看着。"
)


@pytest.fixture
def fts():
    connection = sqlean.connect(":memory:")
    connection.execute(
        "CREATE VIRTUAL TABLE docs USING fts5(body, content='', contentless_delete=1, "
        "tokenize='unicode61 remove_diacritics 2')"
    )
    connection.execute("INSERT INTO docs(rowid, body) VALUES (1, ?)", (index_text(PARAGRAPH),))
    connection.execute("INSERT INTO docs(rowid, body) VALUES (2, ?)", (index_text("风和日丽，万里无云。"),))
    yield connection
    connection.close()


def found(connection, query: str) -> list[int]:
    expression = match_query(query)
    if expression is None:
        return []
    return [row[0] for row in connection.execute("SELECT rowid FROM docs WHERE docs MATCH ? ORDER BY rowid",
                                                 (expression,))]


def test_a_run_of_ideographs_becomes_overlapping_bigrams():
    assert index_text("林风御剑").split() == ["林风", "风御", "御剑"]


def test_a_single_ideograph_stays_as_it_is_and_latin_text_passes_through_lower_cased():
    assert index_text("剑 Sword").split() == ["剑", "sword"]


def test_ideographs_are_set_apart_from_neighbouring_latin_text():
    assert index_text("林风abc").split() == ["林风", "abc"]


def test_full_width_latin_is_folded_to_ordinary_letters():
    assert index_text("ＡＢＣ") == "abc"


@pytest.mark.parametrize("word", ["飞剑", "林风", "元婴"])
def test_a_two_character_word_is_found_inside_a_long_paragraph(fts, word):
    assert found(fts, word) == [1]


@pytest.mark.parametrize("name", ["元婴老怪", "筑基期", "青虹破空"])
def test_longer_names_are_found_as_substrings(fts, name):
    assert found(fts, name) == [1]


def test_characters_that_are_not_adjacent_in_the_text_do_not_match(fts):
    assert found(fts, "林剑") == []


def test_english_words_are_found_case_insensitively(fts):
    assert found(fts, "bennet") == [1]
    assert found(fts, "ELIZABETH Bennet") == [1]


def test_the_last_english_word_matches_as_a_prefix(fts):
    assert found(fts, "eliza") == [1]


def test_all_terms_must_match(fts):
    assert found(fts, "林风 万里") == []
    assert found(fts, "飞剑 元婴") == [1]


def test_a_single_ideograph_matches_where_it_starts_a_bigram(fts):
    # 风 starts 风御 in the paragraph and 风和 in the second text
    assert found(fts, "风") == [1, 2]


def test_an_empty_or_punctuation_only_query_is_no_query():
    assert match_query("") is None
    assert match_query("   ") is None
    assert match_query("* ( ) \" ，。") is None


@pytest.mark.parametrize("query", ['"', '林风"', '*', 'NEAR(', ')', 'a AND', 'OR NOT', 'bennet" OR "x',
                                   '"飞剑" NEAR( 元婴 )', "col:飞剑", "^飞剑", "{body}: x", "'); DROP TABLE docs; --"])
def test_fts_syntax_in_the_query_is_searched_for_not_obeyed(fts, query):
    found(fts, query)  # must not raise
    assert found(fts, "飞剑") == [1]


def test_quotes_in_a_term_are_doubled():
    assert match_query('say"hi"') == '"say""hi"""'
