"""The whole job over a corpus: files in, a validated fact table and its run
record out. One unreadable or failing file is reported in errors.csv; the
other files' facts are still written."""
from __future__ import annotations

import time
import traceback
from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path

import pandas as pd

from . import __version__
from .attach import attach
from .errors import IngestError, ZhfactsError
from .ingest import find_inputs, iter_documents
from .model import Document, Mention
from .validate import COLUMNS, validate
from .write import write_csv, write_json, write_parquet, write_text

OUTPUTS = Path("outputs")


def format_value(v) -> str:
    if isinstance(v, str):
        return v
    if float(v).is_integer() and abs(v) < 1e15:
        return str(int(v))
    return format(float(v), ".12g")


def mentions_to_frame(mentions: list[Mention]) -> pd.DataFrame:
    rows = [{
        "doc_id": m.doc_id, "kind": m.kind, "value": format_value(m.value), "unit": m.unit,
        "item": m.item, "subject": m.subject, "attribute": m.attribute, "surface": m.surface,
        "start": m.raw_start, "end": m.raw_end, "sentence": m.sentence, "rule_id": m.rule_id,
        "normalized": m.normalized, "compared_to": m.compared_to, "cue": m.cue,
        "subject_rule": m.subject_rule,
    } for m in mentions]
    return pd.DataFrame(rows, columns=COLUMNS).astype({"start": int, "end": int}) if rows else \
        pd.DataFrame({c: pd.Series(dtype=int if c in ("start", "end") else str) for c in COLUMNS})


def process_document(doc: Document, rules) -> list[Mention]:
    """normalize → segment → extract → attach, for one document."""
    norm = rules.normalizer(doc)
    seg = rules.segmenter(norm)
    mentions = rules.extractor.extract(seg)
    attach(seg, mentions, rules)
    return mentions


@dataclass
class RunResult:
    out_dir: Path
    facts: pd.DataFrame
    rejects: pd.DataFrame
    errors: pd.DataFrame
    record: dict = field(default_factory=dict)


def default_run_dir() -> Path:
    return OUTPUTS / datetime.now().strftime("run-%Y%m%d-%H%M%S")


def _process_file(path: Path, rules) -> tuple[Document | None, list[Mention], dict | None]:
    """One file through ingest → attach: (document, mentions, error row or None)."""
    for doc in iter_documents([path]):
        if isinstance(doc, IngestError):
            return None, [], {"path": str(doc.path), "stage": "ingest", "error": doc.message}
        try:
            return doc, process_document(doc, rules), None
        except ZhfactsError as e:
            return doc, [], {"path": str(doc.path), "stage": "process", "error": e.message}
        except Exception as e:  # a bug on one file must not lose the others' facts
            return doc, [], {"path": str(doc.path), "stage": "process",
                             "error": f"{type(e).__name__}: {e} | {traceback.format_exc(limit=3)}"}
    return None, [], {"path": str(path), "stage": "ingest", "error": "not read"}


_WORKER_RULES = None


def _worker_init(rules_root: str) -> None:
    global _WORKER_RULES
    from .rules import load_rules
    _WORKER_RULES = load_rules(rules_root)


def _worker(path: Path):
    doc, found, err = _process_file(path, _WORKER_RULES)
    if doc is not None:
        doc.markup = None          # the offset layers stay in the worker; rows carry raw offsets
    return doc, found, err


def _results(files: list[Path], rules, jobs: int):
    if jobs <= 1 or len(files) < 2:
        for p in files:
            yield _process_file(p, rules)
        return
    from concurrent.futures import ProcessPoolExecutor
    with ProcessPoolExecutor(max_workers=jobs, initializer=_worker_init, initargs=(str(rules.root),)) as ex:
        yield from ex.map(_worker, files, chunksize=max(1, len(files) // (jobs * 8)))


def run_corpus(inputs: list[str | Path], rules, out_dir: Path | None = None, progress=None,
               jobs: int = 1) -> RunResult:
    t0 = time.perf_counter()
    files = find_inputs(inputs)
    out_dir = Path(out_dir) if out_dir else default_run_dir()
    mentions: list[Mention] = []
    errors = []
    raw_lengths: dict[str, int] = {}
    docs_meta = []
    for path, (doc, found, err) in zip(files, _results(files, rules, jobs)):
        if progress:
            progress(path)
        if err:
            errors.append(err)
            continue
        if doc.doc_id in raw_lengths:
            errors.append({"path": str(doc.path), "stage": "ingest",
                           "error": f"duplicate doc_id {doc.doc_id!r}: a file of that name was already read"})
            continue
        raw_lengths[doc.doc_id] = len(doc.raw)
        docs_meta.append({"doc_id": doc.doc_id, "path": str(doc.path), "encoding": doc.encoding,
                          "chars": len(doc.raw), "mentions": len(found)})
        mentions += found
    df = mentions_to_frame(mentions)
    facts, rejects = validate(df, raw_lengths)
    errs = pd.DataFrame(errors, columns=["path", "stage", "error"])
    write_csv(facts, out_dir / "facts.csv")
    write_parquet(facts, out_dir / "facts.parquet")
    write_csv(rejects, out_dir / "rejects.csv")
    write_csv(errs, out_dir / "errors.csv")
    record = {
        "zhfacts": __version__,
        "finished": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "seconds": round(time.perf_counter() - t0, 3),
        "inputs": [str(p) for p in inputs],
        "documents": docs_meta,
        "rules_dir": str(rules.root),
        "rule_files": rules.hashes,
        "counts": {"files": len(files), "documents": len(docs_meta), "facts": len(facts),
                   "rejects": len(rejects), "errors": len(errs),
                   "per_kind": dict(Counter(facts["kind"])) if len(facts) else {}},
    }
    write_json(record, out_dir / "run.json")
    if out_dir.parent.resolve() == OUTPUTS.resolve():
        write_text(str(out_dir) + "\n", OUTPUTS / "LATEST")
    return RunResult(out_dir, facts, rejects, errs, record)
