"""The fake workbench's manuscript audit: canned issues over the fake book (林动, 祖石, 青阳镇), dismissals kept."""

from __future__ import annotations

import copy

from desktop.progress import Progress

AUDIT_CHAPTERS = {
    7: {"number": 7, "title": "祖石之秘",
        "text": "夜色深沉。林琅天握紧祖石，掌心一阵温热。众人大惊。\n林动不过淬体三重，却毫无惧色。"},
    9: {"number": 9, "title": "夜归青阳镇", "text": "天亮了。族比之约至今无人知晓。"},
}
AUDIT_ISSUES = [
    {"chapter": 7, "title": "祖石之秘", "kind": "item_in_other_hands", "text": "林琅天握紧祖石，掌心一阵温热。",
     "span": [5, 20], "fact": "林动 OWNS 祖石（自第2章）", "holder": "林琅天", "fingerprint": "a1",
     "source": {"settlement_id": 3, "chapter": 2, "from": "import:chapter 2", "origin": "imported_chapter",
                "from_chapter": 2, "chunk_ids": [14], "message_ids": [], "quote": "林动拾起祖石"}},
    {"chapter": 7, "title": "祖石之秘", "kind": "realm_lower_than_reached", "text": "林动不过淬体三重，却毫无惧色。",
     "span": [26, 41], "fact": "林动 境界=地元（自第5章）", "said": "淬体三重", "fingerprint": "a2",
     "source": {"settlement_id": 5, "chapter": 5, "from": "task:2", "origin": "task", "task_id": 2,
                "chunk_ids": [], "message_ids": [31]}},
    {"chapter": 9, "title": "夜归青阳镇", "kind": "resolved_hook_treated_as_open", "text": "族比之约至今无人知晓。",
     "span": [4, 15], "fact": "伏笔「族比之约」已在第3章揭晓", "fingerprint": "a3",
     "source": {"settlement_id": 4, "chapter": 3, "from": "file:ch3.json", "origin": "file", "file": "ch3.json",
                "chunk_ids": [], "message_ids": []}},
]


class AuditFake:
    """Mixed into FakeWorkbench: audit(), dismiss_issue() and chapter_text() as the window calls them."""

    audit_gate = None  # an asyncio.Event a test sets to let each chapter finish (None: no waiting)
    audit_dismissed: set[str]

    async def audit(self, chapters=None, *, progress=None, cancel=None):
        self._record("audit", chapters)
        dismissed = getattr(self, "audit_dismissed", set())
        numbers = sorted(AUDIT_CHAPTERS)
        done = []
        for index, number in enumerate(numbers):
            if cancel is not None and cancel.cancelled:
                break
            if progress:
                progress(Progress("audit", index, len(numbers), detail=f"chapter {number}"))
            if self.audit_gate is not None:
                await self.audit_gate.wait()
                self.audit_gate.clear()
            done.append(number)
        issues = [{**copy.deepcopy(issue), "dismissed": issue["fingerprint"] in dismissed}
                  for issue in AUDIT_ISSUES if issue["chapter"] in done]
        counts: dict[str, int] = {}
        for issue in issues:
            if not issue["dismissed"]:
                counts[issue["kind"]] = counts.get(issue["kind"], 0) + 1
        return {"canon": "r1:5:5", "chapters_audited": len(done), "chapters_total": len(numbers),
                "complete": len(done) == len(numbers), "reused": 0, "issues": issues, "counts": counts,
                "dismissed": sum(1 for issue in issues if issue["dismissed"])}

    async def dismiss_issue(self, fingerprint, *, intended=True):
        self._record("dismiss_issue", fingerprint, intended=intended)
        if not hasattr(self, "audit_dismissed"):
            self.audit_dismissed = set()
        (self.audit_dismissed.add if intended else self.audit_dismissed.discard)(fingerprint)
        return {"fingerprint": fingerprint, "dismissed": intended}

    async def chapter_text(self, number):
        self._record("chapter_text", number)
        return copy.deepcopy(AUDIT_CHAPTERS.get(number))
