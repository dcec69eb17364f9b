"""The settlement journal: every document is recorded in SQLite first, then applied to the graphs exactly once."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from desktop.book import documents
from desktop.book.errors import BookError, DocumentError, StorageWriteError
from desktop.book.plan_parents import with_parents

if TYPE_CHECKING:
    from desktop.book.archive import Archive
    from desktop.book.facts import FactGraph
    from desktop.book.plan import PlanGraph

log = logging.getLogger(__name__)

# proposed: waiting for the author's review; confirmed: the author's version is
# durable and must reach the graphs; applied: it has; undoing: undo began and
# must finish; failed: the graphs refused it (kept, so nothing confirmed is lost).
PROPOSED, CONFIRMED, APPLIED, REJECTED, UNDOING, UNDONE, FAILED = (
    "proposed", "confirmed", "applied", "rejected", "undoing", "undone", "failed",
)


@dataclass
class ApplyResult:
    settlement_id: int
    applied: dict[str, int] = field(default_factory=dict)


class Journal:
    """Drives a settlement through proposed → confirmed → applied (or undone) across SQLite and both graphs."""

    def __init__(self, archive: "Archive", facts: "FactGraph", plan: "PlanGraph", *, language: str = "zh"):
        self.archive = archive
        self.facts = facts
        self.plan = plan
        self.language = language  # names the outlines made for plan items proposed without a parent
        self.quarantined: list[int] = []  # settlements recover() set aside as failed

    def check(self, doc: dict) -> dict:
        """Validate against the schema and the graphs; the normalised document (plan items given the parents
        they lacked, so the journal records what is created), or DocumentError."""
        doc = documents.validate(doc)
        doc["plan"] = with_parents(self.plan, doc["plan"], self.language)
        problems = self.facts.check(doc) + self.plan.check(doc["plan"])
        if problems:
            raise DocumentError(problems)
        return doc

    def propose(self, doc: dict, *, source: str, task_id: int | None = None, review: dict | None = None) -> int:
        """Keep a proposal for the author to review; nothing reaches the graphs."""
        doc = documents.validate(doc)
        return self.archive.journal_add(source=source, document=doc, proposal=doc, review=review,
                                        state=PROPOSED, task_id=task_id)

    def apply(self, doc: dict, *, source: str, task_id: int | None = None,
              settlement_id: int | None = None) -> ApplyResult:
        """Confirm `doc` (the author's version) and apply it; with settlement_id, confirms that proposal."""
        doc = self.check(doc)
        if settlement_id is None:
            settlement_id = self.archive.journal_add(source=source, document=doc, state=CONFIRMED, task_id=task_id)
        else:
            entry = self._entry(settlement_id)
            if entry["state"] != PROPOSED:
                raise BookError(f"settlement {settlement_id} is {entry['state']}, not waiting for review")
            self.archive.journal_update(settlement_id, document=doc, state=CONFIRMED)
        return ApplyResult(settlement_id, self._apply_confirmed(settlement_id, doc))

    def reject(self, settlement_id: int) -> None:
        entry = self._entry(settlement_id)
        if entry["state"] != PROPOSED:
            raise BookError(f"settlement {settlement_id} is {entry['state']}; only a proposal can be rejected")
        self.archive.journal_set_state(settlement_id, REJECTED)

    def undo(self, settlement_id: int) -> dict:
        """Undo an applied settlement: what it added goes, what it closed reopens. Returns its journal entry."""
        entry = self._entry(settlement_id)
        if entry["state"] not in (APPLIED, UNDOING):
            raise BookError(f"settlement {settlement_id} is {entry['state']}; only an applied one can be undone")
        self.facts.check_undo(settlement_id)
        self.plan.check_undo(settlement_id)
        self.archive.journal_set_state(settlement_id, UNDOING)
        self._undo_everywhere(settlement_id)
        self.archive.journal_set_state(settlement_id, UNDONE)
        return self._entry(settlement_id)

    def recover(self) -> list[int]:
        """Finish what a crash interrupted: confirmed settlements are applied, started undos completed.
        One that fails now is quarantined (kept as failed, both graphs as before it) and the rest go on:
        a bad entry never keeps the book shut. `self.quarantined` lists those."""
        repaired, self.quarantined = [], []
        for entry in self.archive.journal_list((CONFIRMED, UNDOING)):
            sid = entry["id"]
            try:
                if entry["state"] == CONFIRMED:
                    log.info("finishing settlement %s interrupted before it reached the graphs", sid)
                    self._apply_confirmed(sid, entry["document"])
                else:
                    log.info("finishing the undo of settlement %s", sid)
                    self._undo_everywhere(sid)
                    self.archive.journal_set_state(sid, UNDONE)
            except Exception as exc:  # noqa: BLE001 - whatever it was, the book must still open
                log.warning("settlement %s could not be finished at open: %s", sid, exc)
                if self.archive.journal_get(sid)["state"] == FAILED:
                    self.quarantined.append(sid)  # else a failing disk: tried again at the next open
                continue
            repaired.append(sid)
        return repaired

    def reconcile(self) -> list[str]:
        """Where the journal and the graphs disagree (a lost archive WAL, an old archive or graph copied back):
        one line each, to report. New settlement ids are moved past every id the graphs hold, so a new
        settlement can never be taken for one of them and skipped as "already applied"."""
        marked = {"fact": self.facts.settlement_ids(), "plan": self.plan.settlement_ids()}
        self.archive.journal_ids_above(max(marked["fact"] | marked["plan"], default=0))
        applied = self.archive.journal_ids((APPLIED,))
        found = []
        for graph, ids in marked.items():
            if ids - applied:
                found.append(f"the {graph} graph holds settlements the journal does not have as applied: "
                             f"{_ids(ids - applied)}")
            if applied - ids:
                found.append(f"settlements the journal has as applied are missing from the {graph} graph: "
                             f"{_ids(applied - ids)}")
        return found

    def failed(self) -> list[dict]:
        """Settlements the graphs refused or that broke while applying: each with its document and error."""
        return self.archive.journal_list((FAILED,))

    def discard(self, settlement_id: int) -> dict:
        """Give up a failed settlement: it is marked rejected, its document stays in the journal."""
        self._failed_entry(settlement_id)
        self._undo_everywhere(settlement_id)  # nothing of it should be there; make sure
        self.archive.journal_update(settlement_id, state=REJECTED)
        return self._entry(settlement_id)

    def retry(self, settlement_id: int, doc: dict | None = None) -> ApplyResult:
        """Apply a failed settlement again, as it was or as the author edited it (validated first: a document
        that does not validate leaves the entry failed and unchanged)."""
        entry = self._failed_entry(settlement_id)
        doc = self.check(entry["document"] if doc is None else doc)
        self.archive.journal_update(settlement_id, document=doc, state=CONFIRMED, error=None)
        return ApplyResult(settlement_id, self._apply_confirmed(settlement_id, doc))

    def entries(self, states: tuple[str, ...] | None = None) -> list[dict]:
        return self.archive.journal_list(states)

    def _failed_entry(self, settlement_id: int) -> dict:
        entry = self._entry(settlement_id)
        if entry["state"] != FAILED:
            raise BookError(f"settlement {settlement_id} is {entry['state']}, not failed")
        return entry

    def _entry(self, settlement_id: int) -> dict:
        entry = self.archive.journal_get(settlement_id)
        if entry is None:
            raise BookError(f"no settlement {settlement_id} in this book")
        return entry

    def _apply_confirmed(self, sid: int, doc: dict) -> dict[str, int]:
        """Each graph applies in one transaction and records a marker, so re-running is harmless. Anything
        but a crash that stops it quarantines the settlement: all of it is taken back, it is marked failed
        with the error, and the caller gets a BookError (a crash finishes it at the next open instead)."""
        try:
            counts: dict[str, int] = {}
            for part in (self.facts.apply_settlement(sid, documents.fact_part(doc)),
                         self.plan.apply_settlement(sid, doc["plan"], doc.get("chapter"))):
                for key, value in (part or {}).items():
                    counts[key] = counts.get(key, 0) + value
            self.archive.remove_settings_of(sid)  # a crash may have left some of them behind
            for entry in doc["settings"]:
                self.archive.put_setting(entry["title"], entry["body"], entry.get("category", ""),
                                         entry.get("entities", []), settlement_id=sid)
            counts["settings"] = len(doc["settings"])
            self.archive.journal_set_state(sid, APPLIED)
        except Exception as exc:
            raise self._quarantine(sid, exc) from exc
        return {k: v for k, v in counts.items() if v}

    def _quarantine(self, sid: int, exc: Exception) -> BookError:
        """Take back whatever part of `sid` landed, keep its document, mark it failed; the error to raise.
        A disk that refused a write is no fault of the document: like a crash, the settlement stays
        confirmed and is finished at the next open."""
        error = str(exc) if isinstance(exc, BookError) else f"{type(exc).__name__}: {exc}"
        if _storage_failure(exc):
            log.warning("settlement %s stopped by a failing disk; it is finished at the next open: %s", sid, error)
            return exc if isinstance(exc, BookError) else StorageWriteError(
                f"settlement {sid} could not be written ({error}); it is kept and finished when the book is "
                "next opened")
        try:
            self._undo_everywhere(sid)
        except Exception as undo_exc:  # noqa: BLE001 - the failure is recorded either way
            log.exception("settlement %s: taking back its partial writes failed", sid)
            error += f" (taking it back also failed: {undo_exc}; the book may need a restore)"
        self.archive.journal_set_state(sid, FAILED, error=error)
        log.warning("settlement %s failed and was set aside: %s", sid, error)
        if isinstance(exc, BookError):
            return exc
        return BookError(f"settlement {sid} could not be applied and was set aside as failed "
                         f"(nothing of it was kept; retry or discard it): {error}")

    def _undo_everywhere(self, sid: int) -> None:
        for graph in (self.facts, self.plan):
            if graph.has_settlement(sid):  # no write transaction where there is nothing to take back
                graph.undo_settlement(sid)
        self.archive.remove_settings_of(sid)


def _storage_failure(exc: Exception) -> bool:
    # Kuzu reports a refused write as a RuntimeError naming an IO exception; the archive as StorageWriteError.
    if isinstance(exc, (OSError, StorageWriteError)):
        return True
    return isinstance(exc, RuntimeError) and "IO exception" in str(exc)


def _ids(ids: set[int], shown: int = 20) -> str:
    listed = ", ".join(str(i) for i in sorted(ids)[:shown])
    return listed + (f" and {len(ids) - shown} more" if len(ids) > shown else "")
