"""What a family said in parts implies as a whole: a sibling's parent is one's own, a parent's spouse too.

Authors introduce a family piecemeal ("她爹苏远山……她还有个妹妹苏雨", "married to Lady Eleanor. Two kids:
Kit and Robin"); an editor writes down every parent of every child. A talk that mentions a step-parent
or adoption keeps to what was said, since there a parent's spouse need not be the child's parent.
"""

from __future__ import annotations

import re

from desktop.tasks.pipeline.findings import Finding
from desktop.tasks.pipeline.statements import Statement

_STEP = re.compile(r"继母|继父|后娘|后妈|后爹|续弦|填房|养父|养母|义父|义母|干爹|干娘|庶出|"
                   r"\bstep-?(?:mother|father|son|daughter|parent|child)|\badopt|\bfoster|\bhalf-(?:brother|sister)", re.I)


def complete(findings: list[Finding], statements: list[Statement]) -> list[Finding]:
    """The parent links the family's stated links imply, each resting on the statements that imply it."""
    relations = [f for f in findings if f.section == "relations"]
    parents = [f for f in relations if f.item["type"] == "PARENT_OF"]
    siblings = [f for f in relations if f.item["type"] == "SIBLING_OF"]
    spouses = [f for f in relations if f.item["type"] == "MARRIED_TO"]
    if not parents:
        return []
    step = any(_STEP.search(st.quote) for st in statements)
    known = {(f.item["from"], f.item["to"]) for f in parents}
    out: list[Finding] = []

    def add(parent: str, child: str, basis: Finding, also: Finding) -> None:
        if parent == child or (parent, child) in known:
            return
        known.add((parent, child))
        item = {"type": "PARENT_OF", "from": parent, "to": child}
        if "valid_from" in basis.item:
            item["valid_from"] = basis.item["valid_from"]
        out.append(Finding("relations", item, basis.statement, entities=[parent, child], extra=[also.statement]))

    changed = True
    while changed:  # a sibling of a sibling, a spouse of a parent found in the round before
        before = len(out)
        for p in [*parents, *out]:
            parent, child = p.item["from"], p.item["to"]
            if not step:
                for s in siblings:
                    pair = (s.item["from"], s.item["to"])
                    if child in pair:
                        add(parent, pair[1] if pair[0] == child else pair[0], p, s)
                for m in spouses:
                    pair = (m.item["from"], m.item["to"])
                    if parent in pair:
                        add(pair[1] if pair[0] == parent else pair[0], child, p, m)
        changed = len(out) > before
    return out
