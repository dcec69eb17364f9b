"""The complexity hint: multi-step requests (markers, lists, length) get a plan-first instruction; others get nothing."""

from __future__ import annotations

import pytest

from desktop.tasks.complexity import ComplexityRules, complexity_hint, is_multi_step


@pytest.mark.parametrize("text", [
    "首先把第三章的节奏理顺，然后加一段林动和小貂的对话，最后埋一个伏笔。",
    "请做三件事：\n1. 调整开头\n2. 加强冲突\n3. 收尾留悬念",
    "First tighten the opening, then add a scene at the inn.",
    "- 改名字\n- 改境界",
])
def test_multi_step_requests_get_the_plan_first_hint(text):
    assert is_multi_step(text)
    hint = complexity_hint(text, zh=True)
    assert hint is not None and "计划" in hint
    assert "plan" in complexity_hint(text, zh=False)


@pytest.mark.parametrize("text", ["张三的师父是谁？", "写得不错。", "Who is Darcy's aunt?", "他然后走了。"])
def test_a_simple_request_gets_no_hint(text):
    assert complexity_hint(text, zh=True) is None


def test_english_markers_match_whole_words_only():
    assert not is_multi_step("The theng was nextdoor; firstborn sons inherit.")


def test_the_rules_come_from_toml(tmp_path):
    path = tmp_path / "rules.toml"
    path.write_text('[thresholds]\nmin_markers = 1\n[markers]\nzh = ["顺便"]\n[hint]\nzh = "先列计划。"\n',
                    encoding="utf-8")
    rules = ComplexityRules.load(path)
    assert complexity_hint("顺便改一下名字", zh=True, rules=rules) == "先列计划。"
    assert complexity_hint("首先然后最后", zh=True, rules=rules) is None  # only the file's markers count


def test_a_broken_rules_file_is_named_in_the_error(tmp_path):
    path = tmp_path / "rules.toml"
    path.write_text("[lists]\npatterns = ['(']\n", encoding="utf-8")
    with pytest.raises(ValueError, match="rules.toml"):
        ComplexityRules.load(path)


def test_a_missing_rules_file_means_no_hints(tmp_path):
    rules = ComplexityRules.load(tmp_path / "absent.toml")
    assert complexity_hint("首先然后最后", zh=True, rules=rules) is None
