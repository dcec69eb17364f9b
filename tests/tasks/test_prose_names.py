"""Reading a chapter (not a discussion): who the narration names as people, and what only dialogue says."""

from __future__ import annotations

import asyncio

from desktop.tasks.pipeline.pipeline import Canon, extract
from desktop.tasks.pipeline.prose_names import speech_spans

# An invented chapter: people named in narration, addressed in dialogue, and words that only follow a name.
CHAPTER = (
    "林动回到镇上，见柳青正在门口等他。\n"
    "柳青冷笑道：“林大哥，你还知道回来？老太太等了你一天。”\n"
    "林动笑道：“柳姑娘莫恼，我去去就回。”\n"
    "柳青冷笑道：“谁是你的柳姑娘！”说罢转身进了院子。\n"
    "林动只得跟进去。小厮忙迎上来，林动问道：“老嬷嬷可在？”小厮道：“在后院。”\n"
    "次日林动动身去青阳城。青阳城里人来人往，林动在城门外站了半日。\n"
    "柳青送他到镇口，林动冷笑一声，也不回头。\n"
    "柳青道：“老太太说了，林大哥此去要小心。”林动道：“柳姑娘放心，老太太那里替我问好。”\n"
    "小厮跑来道：“林大哥，老太太叫柳姑娘回去。”柳青道：“知道了。”\n"
    "林动望着她的背影，心道：“柳姑娘待我不薄，林大哥三个字，她叫了十年。”\n"
)


def read_chapter(text: str = CHAPTER):
    messages = [{"id": None, "role": "user", "content": part, "chunk_id": index}
                for index, part in enumerate(text.splitlines(keepends=True))]
    extraction = asyncio.run(extract(messages, Canon(), None, zh=True, chapter=3, prose=True))
    return {e["name"]: e.get("kind") for e in extraction.document["entities"]}


def test_the_people_the_narration_names_are_characters():
    found = read_chapter()
    assert found.get("林动") == "Character" and found.get("柳青") == "Character"


def test_forms_of_address_and_service_roles_are_not_new_characters():
    found = read_chapter()
    assert not set(found) & {"老太太", "柳姑娘", "林大哥", "小厮", "老嬷嬷"}


def test_words_that_only_follow_a_name_or_start_with_a_pronoun_are_not_names():
    found = read_chapter()
    assert not set(found) & {"冷笑", "我去", "笑道"}


def test_a_name_the_text_puts_city_words_after_is_a_place_not_a_person():
    assert read_chapter().get("青阳城", read_chapter().get("青阳")) in (None, "Location")
    assert "青阳" not in {name for name, kind in read_chapter().items() if kind == "Character"}


def test_speech_is_what_stands_inside_quotation_marks_and_an_unclosed_quote_ends_at_its_paragraph():
    text = "甲道：“乙来了。”丙说：「好。\n丁走了。"
    spans = [text[start + 1:end] for start, end in speech_spans(text)]
    assert spans == ["乙来了。", "好。"]


def test_a_name_read_as_a_thing_is_a_person_when_the_chapter_has_it_speak():
    chapter = ("石剑回到山上，师父正在松下下棋。\n石剑笑道：“师父，我回来了。”\n"
               "师父不答。石剑又道：“山下出了事。”\n石剑听了，便坐在一旁。\n石剑等了半日。\n")
    assert read_chapter(chapter).get("石剑") == "Character"  # 剑 reads as a sword; swords do not say things


def test_a_state_in_narration_is_what_befell_someone_not_what_they_said():
    chapter = ("林动回到镇上。林动道：“我回来了。”\n林动受了重伤，躺了三天。\n柳青叹道：“回来伤了风，又该躺着了。”\n"
               "柳青道：“你歇着。”林动笑了笑。柳青走了。\n")
    messages = [{"id": None, "role": "user", "content": part, "chunk_id": index}
                for index, part in enumerate(chapter.splitlines(keepends=True))]
    document = asyncio.run(extract(messages, Canon(), None, zh=True, chapter=3, prose=True)).document
    injured = {s["entity"] for s in document["states"] if s["key"] == "injury"}
    assert injured == {"林动"}
