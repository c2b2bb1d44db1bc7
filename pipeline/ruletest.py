"""`zhfacts rules test`: every rule's examples must give their row, and its
negatives must give no row of that rule. The whole pipeline runs on each text,
so an example also checks normalization, overlaps and attachment."""
from __future__ import annotations

import math
from dataclasses import dataclass

from .attach import attach
from .normalize import normalize_text


@dataclass
class ExampleResult:
    rule_id: str
    path: str
    line: int | None
    text: str
    ok: bool
    expected: dict | None
    got: list[dict]
    negative: bool = False

    def describe(self) -> str:
        where = f"{self.path}:{self.line}" if self.line else self.path
        if self.negative:
            return f"{where} [{self.rule_id}] must not match {self.text!r}, but gave {self.got}"
        return f"{where} [{self.rule_id}] {self.text!r}: expected {self.expected}, got {self.got or 'nothing'}"


def rows_for(text: str, rules) -> list[dict]:
    norm = normalize_text(text, rules)
    seg = rules.segmenter(norm)
    ms = rules.extractor.extract(seg)
    attach(seg, ms, rules)
    return [{"rule_id": m.rule_id, "kind": m.kind, "value": m.value, "unit": m.unit, "item": m.item,
             "subject": m.subject, "attribute": m.attribute, "surface": m.surface} for m in ms]


def _same_value(a, b) -> bool:
    try:
        return math.isclose(float(a), float(b), rel_tol=1e-6)
    except (TypeError, ValueError):       # dates compare as strings
        return str(a) == str(b)


def _matches(row: dict, ex: dict) -> bool:
    if row["kind"] != ex["kind"] or not _same_value(row["value"], ex["value"]):
        return False
    for key in ("unit", "item", "subject", "attribute"):
        if key in ex and str(ex[key]) != str(row[key]):
            return False
    return True


def run_examples(rules, only: str | None = None) -> list[ExampleResult]:
    out = []
    for r in rules.patterns:
        if only and not r.id.startswith(only):
            continue
        for ex in r.examples:
            rows = rows_for(str(ex["text"]), rules)
            mine = [x for x in rows if x["rule_id"].split("+")[0] == r.id]
            ok = any(_matches(x, ex) for x in mine)
            exp = {k: v for k, v in ex.items() if k != "text"}
            out.append(ExampleResult(r.id, r.path, getattr(ex, "line", r.line), str(ex["text"]), ok, exp,
                                     [{k: x[k] for k in ("kind", "value", "unit", "item", "rule_id")} for x in rows]))
        for text in r.negatives:
            rows = rows_for(text, rules)
            mine = [x for x in rows if x["rule_id"].split("+")[0] == r.id]
            out.append(ExampleResult(r.id, r.path, r.line, text, not mine, None,
                                     [{k: x[k] for k in ("kind", "value", "unit", "surface")} for x in mine], True))
    return out
