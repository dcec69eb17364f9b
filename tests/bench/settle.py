"""`bench settle`: the real model settles every gold discussion; recall and precision overall and per section."""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import json
import sys
import tempfile
import time
from pathlib import Path

if __package__ in (None, ""):  # run as a script: the repository root makes `tests` and `desktop` importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from desktop.config import Settings  # noqa: E402
from desktop.workbench import Workbench  # noqa: E402
from tests.bench.settle_score import SECTIONS, aggregate, score  # noqa: E402

GOLD = Path(__file__).resolve().parent.parent / "fixtures" / "settle_gold"
# written apart from the pipeline's tuning, to measure how it generalises: `--gold tests/fixtures/settle_heldout`,
# and a second one kept for a final check: `--gold tests/fixtures/settle_final`
HELDOUT = Path(__file__).resolve().parent.parent / "fixtures" / "settle_heldout"
FINAL = Path(__file__).resolve().parent.parent / "fixtures" / "settle_final"
FRESH = Path(__file__).resolve().parent.parent / "fixtures" / "settle_fresh"
# two more, written the same way at stop 23: longer, rambling talks (blind was first scored after the work)
UNSEEN = Path(__file__).resolve().parent.parent / "fixtures" / "settle_unseen"
BLIND = Path(__file__).resolve().parent.parent / "fixtures" / "settle_blind"
# … and two more at stop 24, each scored once before anyone read it (blind2 mid-stop, blind3 at its end)
BLIND2 = Path(__file__).resolve().parent.parent / "fixtures" / "settle_blind2"
BLIND3 = Path(__file__).resolve().parent.parent / "fixtures" / "settle_blind3"
# blind4, written at stop 24's end and first scored, unread, at stop 25's start; blind5, written at stop 25's
# start and scored once, unread, at its end; blind6 the same at stop 26, blind7 at stop 27, blind8 at stop 28,
# blind9 at stop 30, blind10 at stop 31, blind11 at stop 32, blind12 at stop 33, blind13 at stop 34, blind14 at
# stop 35, blind15 at stop 36, blind16 at stop 37, blind17 at stop 38, blind18 at stop 39,
# blind19 at stop 40
BLIND4 = Path(__file__).resolve().parent.parent / "fixtures" / "settle_blind4"
BLIND5 = Path(__file__).resolve().parent.parent / "fixtures" / "settle_blind5"
BLIND6 = Path(__file__).resolve().parent.parent / "fixtures" / "settle_blind6"
BLIND7 = Path(__file__).resolve().parent.parent / "fixtures" / "settle_blind7"
BLIND8 = Path(__file__).resolve().parent.parent / "fixtures" / "settle_blind8"
BLIND9 = Path(__file__).resolve().parent.parent / "fixtures" / "settle_blind9"
BLIND10 = Path(__file__).resolve().parent.parent / "fixtures" / "settle_blind10"
BLIND11 = Path(__file__).resolve().parent.parent / "fixtures" / "settle_blind11"
BLIND12 = Path(__file__).resolve().parent.parent / "fixtures" / "settle_blind12"
BLIND13 = Path(__file__).resolve().parent.parent / "fixtures" / "settle_blind13"
BLIND14 = Path(__file__).resolve().parent.parent / "fixtures" / "settle_blind14"
BLIND15 = Path(__file__).resolve().parent.parent / "fixtures" / "settle_blind15"
BLIND16 = Path(__file__).resolve().parent.parent / "fixtures" / "settle_blind16"
BLIND17 = Path(__file__).resolve().parent.parent / "fixtures" / "settle_blind17"
BLIND18 = Path(__file__).resolve().parent.parent / "fixtures" / "settle_blind18"
BLIND19 = Path(__file__).resolve().parent.parent / "fixtures" / "settle_blind19"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--gold", default=str(GOLD), metavar="DIR",
                        help=f"the folder of gold cases (default: {GOLD}; the held-out sets are {HELDOUT}, {FINAL}, "
                             f"{FRESH}, {UNSEEN}, {BLIND}, {BLIND2}, {BLIND3}, {BLIND4}, {BLIND5}, {BLIND6}, {BLIND7}, "
                             f"{BLIND8}, {BLIND9}, {BLIND10}, {BLIND11}, {BLIND12}, {BLIND13}, {BLIND14}, {BLIND15}, "
                             f"{BLIND16}, {BLIND17}, {BLIND18} and {BLIND19})")
    parser.add_argument("--cases", default="*.json", help="glob of gold cases in the --gold folder (default: all)")
    parser.add_argument("--limit", type=int, default=None, help="settle only the first N matching cases")
    parser.add_argument("--backend", default="default",
                        help='"default" (the model the app would pick), a .gguf path, '
                             "or the URL of an OpenAI-compatible server")
    parser.add_argument("--server-model", default="", help="the model name to ask an OpenAI-compatible server for")
    parser.add_argument("--out", default=None, help="write per-case details (predicted, matched, missed, false) here")
    parser.add_argument("--rescore", default=None, metavar="OUT_FILE",
                        help="score the predictions of an earlier --out file again, without the model")


def load_cases(pattern: str = "*.json", limit: int | None = None, gold: str | Path = GOLD) -> list[dict]:
    cases = [json.loads(path.read_text(encoding="utf-8")) for path in sorted(Path(gold).glob(pattern))]
    return cases[:limit] if limit is not None else cases


def settings_for(backend: str, server_model: str = "", base: Settings | None = None) -> Settings:
    """The loaded settings (`inkstone --settings FILE`) with the model --backend names, if it names one."""
    settings = dataclasses.replace(base) if base is not None else Settings()
    if backend.startswith(("http://", "https://")):
        settings.server_url, settings.server_model = backend, server_model
    elif backend != "default":
        settings.server_url, settings.model_path = "", backend
    return settings


async def settle_case(wb: Workbench, case: dict, folder: Path) -> tuple[dict, float]:
    """A fresh book with the case's canon, its discussion stored as it was said (no model), then settle."""
    await wb.create_book(folder / f"{case['id']}.inkstone", title=case["id"], language=case["language"])
    try:
        if case.get("canon"):
            await wb.apply(case["canon"], source="file:canon.json")
        # a neutral title: the case's "about" line is the gold author's summary and would leak names
        task_id = (await wb.new_task("讨论" if case["language"] == "zh" else "Discussion")).id
        for message in case["messages"]:
            # stored exactly as the gateway stores turns, but without asking the model for replies
            await wb.run(wb.book.archive.add_message, task_id, message["role"], message["content"])
        started = time.perf_counter()
        review = await wb.settle(task_id)
        return review["document"], time.perf_counter() - started
    finally:
        await wb.close_book()


def _details(case: dict, result: dict, predicted: dict, seconds: float, error: str | None) -> dict:
    """What one case predicted, what matched, what was missed and what was false."""
    return {"id": case["id"], "language": case["language"], "seconds": round(seconds, 2), "error": error,
            "recall": result["recall"], "precision": result["precision"], "predicted": predicted,
            "sections": {name: {key: result["sections"][name][key]
                                for key in ("matches", "missed", "false_positives", "ignored")}
                         for name in SECTIONS}}


async def run(args: argparse.Namespace) -> dict:
    """{"recall", "precision", "items", "seconds_per_case", "cases", "errors", "by_section", "by_language",
    "model"}; prints nothing. seconds_per_case times settle() alone (book creation and canon excluded).
    With --rescore, the predictions of an earlier --out file are scored again (no model)."""
    gold = Path(getattr(args, "gold", None) or GOLD)
    cases = load_cases(args.cases, args.limit, gold)
    if not cases:
        raise SystemExit(f"no gold cases match {args.cases!r} in {gold}")
    if getattr(args, "rescore", None):
        earlier = json.loads(Path(args.rescore).read_text(encoding="utf-8"))
        runs = {d["id"]: (d["predicted"], d["seconds"], d["error"]) for d in earlier["cases"]}
        cases = [case for case in cases if case["id"] in runs]
        if not cases:
            raise SystemExit(f"no case of {args.rescore} is in {gold}: was it run with another --gold?")
        return report(cases, [runs[case["id"]] for case in cases], earlier["summary"].get("model"), args.out)
    wb = Workbench(settings_for(args.backend, getattr(args, "server_model", ""), getattr(args, "settings", None)))
    runs = []
    try:
        await wb.load_model()
        with tempfile.TemporaryDirectory(prefix="inkstone-bench-settle-") as tmp:
            for case in cases:
                started = time.perf_counter()
                try:
                    runs.append((*await settle_case(wb, case, Path(tmp)), None))
                except Exception as exc:  # one failing case is a measurement (nothing found), not the end of the bench
                    runs.append(({}, time.perf_counter() - started, f"{type(exc).__name__}: {exc}"))
        model = wb.model_status().model
    finally:
        await wb.shutdown()
    return report(cases, runs, Path(model).name if model else None, args.out)


def report(cases: list[dict], runs: list[tuple[dict, float, str | None]], model: str | None,
           out: str | None = None) -> dict:
    """Score each case's (predicted, seconds, error); the figures, and per-case details written to `out`."""
    results = [score(case["expected"], predicted, case.get("canon"), case.get("absent", []))
               for case, (predicted, _, _) in zip(cases, runs)]
    summary = aggregate(results)
    by_language = {}
    for language in sorted({case["language"] for case in cases}):
        part = aggregate([r for r, case in zip(results, cases) if case["language"] == language])
        by_language[language] = {key: part[key] for key in ("recall", "precision", "items")}
    figures = {"recall": summary["recall"], "precision": summary["precision"], "items": summary["items"],
               "seconds_per_case": round(sum(seconds for _, seconds, _ in runs) / len(runs), 2), "cases": len(cases),
               "errors": sum(error is not None for _, _, error in runs), "by_section": summary["by_section"],
               "by_language": by_language, "model": model}
    if out:
        details = [_details(case, result, *run) for case, result, run in zip(cases, results, runs)]
        Path(out).write_text(json.dumps({"summary": figures, "cases": details}, ensure_ascii=False, indent=1),
                             encoding="utf-8")
    return figures


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    add_arguments(parser)
    print(json.dumps(asyncio.run(run(parser.parse_args())), ensure_ascii=False, indent=1))
