"""The plan graph: outlines and steps applied from settlements, undone exactly, and the narrative pointer."""

from __future__ import annotations

import pytest

from desktop.book.errors import DependentSettlementError, DocumentError
from desktop.book.plan import PlanGraph

HOSTILE = "x'}) DETACH DELETE n //"

OPENING = [
    {"level": "GeneralOutline", "title": "天下大势", "summary": "林动从青阳镇走向天下", "status": "InProgress"},
    {"level": "LongOutline", "title": "卷一 青阳镇", "parent": "天下大势", "status": "InProgress", "chapters": [1, 40]},
    {
        "level": "ShortOutline", "title": "林动得石符", "parent": "卷一 青阳镇", "storyline": "protagonist",
        "status": "InProgress", "chapters": [1, 10], "entities": ["林动", "祖石"],
        "steps": [
            {"kind": "Start", "summary": "林动在后山受辱", "status": "InProgress", "chapter": 1},
            {"kind": "Development", "summary": "林动得到石符", "chapter": 3},
            {"kind": "Climax", "summary": "族比之上林动胜出", "chapter": 8},
        ],
    },
    {
        "level": "ShortOutline", "title": "林琅天设局", "parent": "卷一 青阳镇", "storyline": "antagonist",
        "status": "InProgress", "chapters": [2, 12],
        "steps": [
            {"kind": "Start", "summary": "林琅天嫉恨林动", "status": "Completed", "chapter": 2},
            {"kind": "Development", "summary": "林琅天买通外人", "status": "InProgress", "chapter": 5},
        ],
    },
]

# The author finishes the protagonist's Start and begins its Development.
PROGRESS = [
    {"level": "Step", "title": "Start", "parent": "林动得石符", "status": "Completed"},
    {"level": "ShortOutline", "title": "林动得石符", "steps": [{"kind": "Development", "status": "InProgress"}]},
]


@pytest.fixture
def plan(tmp_path):
    graph = PlanGraph(tmp_path / "plan.kuzu")
    yield graph
    graph.close()


def raw_nodes(plan: PlanGraph) -> list[dict]:
    """Every plan node with every property, for exact before/after comparisons."""
    rows = []
    for label in ("GeneralOutline", "LongOutline", "ShortOutline", "Step"):
        rows += [
            {k: v for k, v in row["n"].items() if k != "_id"}
            for row in plan.execute(f"MATCH (n:{label}) RETURN n ORDER BY n.id")
        ]
    return rows


def step_kinds(plan: PlanGraph, outline_title: str) -> list[str]:
    outline = plan.parents_of(outline_title)[0]
    short = next(
        s for g in plan.tree() for l in g["children"] for s in l["children"] if s["id"] == outline["id"]
    )
    return [step["kind"] for step in short["steps"]]


def test_a_settlement_builds_general_long_and_short_outlines_with_their_steps(plan):
    counts = plan.apply_settlement(1, OPENING, chapter=1)

    assert counts == {"outlines": 4, "outlines_updated": 0, "steps": 5, "steps_updated": 0}
    [general] = plan.tree()
    assert (general["level"], general["title"], general["status"]) == ("GeneralOutline", "天下大势", "InProgress")
    [long] = general["children"]
    assert (long["title"], long["chapters"]) == ("卷一 青阳镇", [1, 40])
    protagonist, antagonist = long["children"]
    assert (protagonist["title"], protagonist["storyline"]) == ("林动得石符", "protagonist")
    assert protagonist["entities"] == ["林动", "祖石"]
    assert [(s["kind"], s["status"], s["chapter"], s["position"]) for s in protagonist["steps"]] == [
        ("Start", "InProgress", 1, 1),
        ("Development", "Pending", 3, 2),
        ("Climax", "Pending", 8, 3),
    ]
    assert antagonist["storyline"] == "antagonist"
    assert [s["kind"] for s in antagonist["steps"]] == ["Start", "Development"]


def test_each_parallel_storyline_has_its_own_pointer(plan):
    plan.apply_settlement(1, OPENING, chapter=1)

    pointer = {entry["storyline"]: entry for entry in plan.pointer()}

    assert set(pointer) == {"protagonist", "antagonist"}
    assert pointer["protagonist"] | {"outline_id": None, "step_id": None} == {
        "storyline": "protagonist", "outline": "林动得石符", "outline_id": None, "step": "林动在后山受辱",
        "step_kind": "Start", "step_id": None, "chapter": 1, "long_outline": "卷一 青阳镇",
        "general_outline": "天下大势",
    }
    assert (pointer["antagonist"]["step_kind"], pointer["antagonist"]["chapter"]) == ("Development", 5)
    assert plan.current_chapter() == 5


def test_completing_a_step_and_starting_the_next_moves_the_pointer_and_deletes_nothing(plan):
    plan.apply_settlement(1, OPENING, chapter=1)
    before = plan.counts()

    counts = plan.apply_settlement(2, PROGRESS, chapter=3)

    assert counts == {"outlines": 0, "outlines_updated": 0, "steps": 0, "steps_updated": 2}
    protagonist = next(e for e in plan.pointer() if e["storyline"] == "protagonist")
    assert (protagonist["step_kind"], protagonist["step"], protagonist["chapter"]) == ("Development", "林动得到石符", 3)
    after = plan.counts()
    assert {level: after[level] for level in ("GeneralOutline", "LongOutline", "ShortOutline", "Step")} == {
        level: before[level] for level in ("GeneralOutline", "LongOutline", "ShortOutline", "Step")
    }
    assert after["by_status"]["Step"] == {"Pending": 1, "InProgress": 2, "Completed": 2}


def test_undoing_the_second_settlement_restores_every_value_exactly(plan):
    plan.apply_settlement(1, OPENING, chapter=1)
    before = raw_nodes(plan)
    plan.apply_settlement(2, PROGRESS, chapter=3)
    assert raw_nodes(plan) != before

    plan.undo_settlement(2)

    assert raw_nodes(plan) == before
    assert not plan.has_settlement(2)
    assert next(e for e in plan.pointer() if e["storyline"] == "protagonist")["step_kind"] == "Start"


def test_undoing_the_first_settlement_removes_everything_it_created(plan):
    plan.apply_settlement(1, OPENING, chapter=1)

    plan.undo_settlement(1)

    assert plan.tree() == []
    assert plan.pointer() == []
    assert plan.current_chapter() is None
    assert not plan.has_settlement(1)


def test_applying_the_same_settlement_twice_changes_nothing(plan):
    plan.apply_settlement(1, OPENING, chapter=1)
    before = raw_nodes(plan)

    again = plan.apply_settlement(1, OPENING + [{"level": "GeneralOutline", "title": "另一部"}], chapter=1)

    assert again == {}
    assert raw_nodes(plan) == before


def test_a_title_that_looks_like_cypher_is_stored_and_returned_literally(plan):
    items = [
        {"level": "GeneralOutline", "title": HOSTILE},
        {"level": "LongOutline", "title": HOSTILE, "parent": HOSTILE},
        {"level": "ShortOutline", "title": HOSTILE, "parent": HOSTILE, "summary": HOSTILE, "status": "InProgress",
         "steps": [{"kind": HOSTILE, "summary": HOSTILE}]},
    ]

    plan.apply_settlement(1, items, chapter=None)

    [general] = plan.tree()
    assert general["title"] == general["children"][0]["title"] == HOSTILE
    short = general["children"][0]["children"][0]
    assert (short["title"], short["summary"], short["steps"][0]["kind"]) == (HOSTILE, HOSTILE, HOSTILE)
    assert [node["title"] for node in plan.parents_of(HOSTILE)] == [HOSTILE, HOSTILE, HOSTILE]
    assert plan.pointer()[0]["outline"] == HOSTILE
    assert plan.counts()["Step"] == 1


def test_a_missing_parent_is_a_document_error_naming_it_and_writes_nothing(plan):
    items = [
        {"level": "GeneralOutline", "title": "天下大势"},
        {"level": "LongOutline", "title": "卷二 天都郡", "parent": "不存在的总纲"},
    ]

    with pytest.raises(DocumentError, match="不存在的总纲"):
        plan.apply_settlement(1, items, chapter=None)

    assert plan.tree() == []
    assert not plan.has_settlement(1)
    assert any("不存在的总纲" in problem for problem in plan.check(items))


def test_a_parent_must_come_before_its_child_in_the_same_document(plan):
    child_first = [
        {"level": "LongOutline", "title": "卷一", "parent": "总纲"},
        {"level": "GeneralOutline", "title": "总纲"},
    ]
    parent_first = list(reversed(child_first))

    assert plan.check(parent_first) == []
    assert len(plan.check(child_first)) == 1
    plan.apply_settlement(1, parent_first, chapter=None)
    assert [node["title"] for node in plan.parents_of("卷一")] == ["卷一", "总纲"]


def test_check_reports_bad_levels_statuses_and_orphans_without_writing(plan):
    problems = plan.check([
        {"level": "Volume", "title": "卷一"},
        {"level": "GeneralOutline", "title": "总纲"},
        {"level": "GeneralOutline", "title": "外传", "status": "Done"},
        {"level": "ShortOutline", "title": "无主"},
        {"level": "Step", "title": "Start", "parent": "没有这个细纲"},
        {"level": "LongOutline", "title": "卷一", "parent": "总纲", "steps": [{"kind": "Start"}]},
    ])

    assert len(problems) == 5, problems
    assert "Volume" in problems[0] and "Done" in problems[1] and "LongOutline" in problems[2]
    assert "没有这个细纲" in problems[3] and "steps" in problems[4]
    assert plan.counts()["GeneralOutline"] == 0


def test_undoing_a_middle_settlement_joins_the_step_chain_around_its_steps(plan):
    plan.apply_settlement(1, OPENING, chapter=1)
    plan.apply_settlement(2, [{"level": "Step", "title": "Twist", "parent": "林动得石符"}], chapter=None)
    plan.apply_settlement(3, [{"level": "Step", "title": "Resolution", "parent": "林动得石符"}], chapter=None)
    assert step_kinds(plan, "林动得石符") == ["Start", "Development", "Climax", "Twist", "Resolution"]

    plan.undo_settlement(2)

    assert step_kinds(plan, "林动得石符") == ["Start", "Development", "Climax", "Resolution"]
    plan.undo_settlement(3)
    assert step_kinds(plan, "林动得石符") == ["Start", "Development", "Climax"]


def test_undo_is_refused_while_a_later_settlement_builds_on_what_it_wrote(plan):
    plan.apply_settlement(1, OPENING, chapter=1)
    plan.apply_settlement(2, PROGRESS, chapter=3)
    before = raw_nodes(plan)

    with pytest.raises(DependentSettlementError, match="undo 2 first"):
        plan.undo_settlement(1)

    assert raw_nodes(plan) == before
    plan.undo_settlement(2)
    plan.check_undo(1)
    plan.undo_settlement(1)
    assert plan.tree() == []


def test_undo_is_refused_while_a_later_settlement_hangs_outlines_under_what_it_created(plan):
    plan.apply_settlement(1, OPENING, chapter=1)
    plan.apply_settlement(2, [{"level": "ShortOutline", "title": "青檀", "parent": "卷一 青阳镇"}], chapter=None)

    with pytest.raises(DependentSettlementError, match="undo 2 first"):
        plan.check_undo(1)

    plan.undo_settlement(2)
    plan.undo_settlement(1)
    assert plan.counts()["ShortOutline"] == 0


def test_a_step_started_without_a_chapter_starts_at_the_documents_chapter(plan):
    plan.apply_settlement(1, [
        {"level": "GeneralOutline", "title": "总纲"},
        {"level": "LongOutline", "title": "卷一", "parent": "总纲"},
        {"level": "ShortOutline", "title": "入门", "parent": "卷一", "status": "InProgress",
         "steps": [{"kind": "Start"}]},
    ], chapter=7)
    assert plan.pointer()[0]["chapter"] == 7  # the outline started at the document's chapter

    plan.apply_settlement(2, [{"level": "Step", "title": "Start", "parent": "入门", "status": "InProgress"}], chapter=9)

    [entry] = plan.pointer()
    assert (entry["storyline"], entry["step_kind"], entry["chapter"]) == ("main", "Start", 9)


def test_parents_of_climbs_from_a_short_outline_to_the_general_outline(plan):
    plan.apply_settlement(1, OPENING, chapter=1)

    chain = plan.parents_of("林琅天设局")

    assert [(node["level"], node["title"]) for node in chain] == [
        ("ShortOutline", "林琅天设局"), ("LongOutline", "卷一 青阳镇"), ("GeneralOutline", "天下大势"),
    ]
    assert plan.parents_of("没有这个大纲") == []


def test_reopening_the_database_keeps_everything(tmp_path):
    path = tmp_path / "plan.kuzu"
    first = PlanGraph(path)
    first.apply_settlement(1, OPENING, chapter=1)
    first.apply_settlement(2, PROGRESS, chapter=3)
    tree, pointer, nodes = first.tree(), first.pointer(), raw_nodes(first)
    first.close()

    reopened = PlanGraph(path)
    try:
        assert (reopened.tree(), reopened.pointer(), raw_nodes(reopened)) == (tree, pointer, nodes)
        assert reopened.has_settlement(2)
        reopened.undo_settlement(2)
        assert next(e for e in reopened.pointer() if e["storyline"] == "protagonist")["step_kind"] == "Start"
    finally:
        reopened.close()
