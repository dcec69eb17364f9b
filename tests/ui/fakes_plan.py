"""The fake workbench's outline editing: each call recorded and answered with the shape the real operations give
(settlement_id, id, ...); the canned plan itself does not change, and the stores report a plan change."""

from __future__ import annotations

from desktop.book.errors import BookError


class PlanEditFake:
    """Mixed into FakeWorkbench: add, rename, move, status and pointer as the plan view calls them."""

    def _edited(self, name: str, node: str, *args, **kwargs) -> dict:
        self._record(name, node, *args, **kwargs)
        title = args[-1] if name in ("add_outline", "add_plan_step", "rename_plan_node") and args else None
        if title is not None and not str(title).strip():
            raise BookError("a plan node needs a name: the name given is empty")
        self.tell(plan=True, journal=True)
        return {"settlement_id": 40 + len(self.calls), "id": f"new{len(self.calls)}" if "add" in name else node}

    async def add_outline(self, level, title, *, parent=None, storyline=None, summary="", chapters=None):
        return self._edited("add_outline", level, title, parent=parent, storyline=storyline, summary=summary,
                            chapters=chapters)

    async def add_plan_step(self, outline, kind, *, summary="", chapter=None):
        return self._edited("add_plan_step", outline, kind, summary=summary, chapter=chapter)

    async def rename_plan_node(self, node, title):
        return self._edited("rename_plan_node", node, title)

    async def move_plan_node(self, node, *, parent=None, index=None):
        return self._edited("move_plan_node", node, parent=parent, index=index)

    async def set_plan_status(self, node, status):
        return self._edited("set_plan_status", node, status)

    async def move_pointer(self, node):
        return self._edited("move_pointer", node)
