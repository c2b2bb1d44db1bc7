"""Scoring a fact table against gold, exactly as docs/gold-format.md says.

Mentions are a bag: a predicted row matches a gold row when doc_id, kind and
unit are equal and the value is equal within a relative tolerance of 1e-6
(dates: equal strings); each gold row matches at most once. Facts are a set of
distinct (doc_id, subject, kind, value, unit, and item for counts), names
folded; rows with an empty subject take no part. Attributes: among matched facts
whose gold gives a label, the share whose predicted label is one of them.
"""
from __future__ import annotations

import csv
import math
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path

import regex

from .entities import fold
from .errors import GoldFileError
from .validate import CANONICAL_UNIT, ISO_DATE

REQUIRED = ("doc_id", "kind", "value", "unit")
REL_TOL = 1e-6


@dataclass
class Row:
    doc_id: str
    kind: str
    value: float | str
    unit: str
    item: str = ""
    subject: str = ""
    attribute: str = ""
    surface: str = ""
    start: int | None = None
    end: int | None = None
    sentence: str = ""
    rule_id: str = ""
    source: str = ""        # file:line

    @property
    def group(self):
        return (self.doc_id, self.kind, self.unit)


def read_table(path: Path, gold: bool) -> list[Row]:
    """Rows of one CSV; gold files are checked strictly (file, line, column)."""
    rows = []
    try:
        f = path.open(encoding="utf-8-sig", newline="")
    except OSError as e:
        raise GoldFileError(str(path), None, None, f"cannot read: {e}") from e
    with f:
        reader = csv.DictReader(f)
        header = reader.fieldnames or []
        for col in REQUIRED:
            if col not in header:
                raise GoldFileError(str(path), 1, col, "required column is missing")
        for i, r in enumerate(reader, start=2):
            kind = (r.get("kind") or "").strip()
            if kind not in CANONICAL_UNIT and kind != "money":
                raise GoldFileError(str(path), i, "kind", f"unknown kind {kind!r}")
            raw_v = (r.get("value") or "").strip()
            unit = (r.get("unit") or "").strip()
            if kind == "date":
                if not ISO_DATE.fullmatch(raw_v):
                    raise GoldFileError(str(path), i, "value", f"{raw_v!r} is not an ISO 8601 date (2018, 2018-04, --04-13)")
                value: float | str = raw_v
            else:
                try:
                    value = float(raw_v)
                except ValueError:
                    raise GoldFileError(str(path), i, "value", f"{raw_v!r} is not a number") from None
                if not math.isfinite(value):
                    raise GoldFileError(str(path), i, "value", f"{raw_v!r} is not finite")
            if not (r.get("doc_id") or "").strip():
                raise GoldFileError(str(path), i, "doc_id", "empty doc_id")
            if gold and kind != "money" and unit != CANONICAL_UNIT[kind]:
                raise GoldFileError(str(path), i, "unit", f"{unit!r} is not the canonical unit {CANONICAL_UNIT[kind]!r} of {kind}")
            if gold and kind == "money" and not regex.fullmatch(r"[A-Z]{3}", unit):
                raise GoldFileError(str(path), i, "unit", f"{unit!r} is not an ISO 4217 code")
            start = r.get("start")
            rows.append(Row(r["doc_id"].strip(), kind, value, unit, (r.get("item") or "").strip(),
                            (r.get("subject") or "").strip(), (r.get("attribute") or "").strip(),
                            r.get("surface") or "", int(start) if start not in (None, "") else None,
                            int(r["end"]) if r.get("end") not in (None, "") else None,
                            r.get("sentence") or "", r.get("rule_id") or "", f"{path}:{i}"))
    return rows


def read_gold(path: str | Path) -> list[Row]:
    path = Path(path)
    files = sorted(path.rglob("*.csv")) if path.is_dir() else [path]
    if not files:
        raise GoldFileError(str(path), None, None, "no *.csv gold files found")
    out = []
    for f in files:
        out += read_gold_file(f)
    return out


def read_gold_file(f: Path) -> list[Row]:
    return read_table(f, gold=True)


def _close(a, b) -> bool:
    if isinstance(a, str) or isinstance(b, str):
        return a == b
    return math.isclose(a, b, rel_tol=REL_TOL, abs_tol=0.0) or a == b


def _match_group(gold: list, pred: list, key=lambda r: r.value) -> list[tuple[int, int]]:
    """Maximum one-to-one matching of values within tolerance (sorted sweep)."""
    if gold and isinstance(key(gold[0]), str) or pred and isinstance(key(pred[0]), str):
        by = defaultdict(list)
        for j, g in enumerate(gold):
            by[key(g)].append(j)
        pairs = []
        for i, p in enumerate(pred):
            lst = by.get(key(p))
            if lst:
                pairs.append((lst.pop(0), i))
        return pairs
    gi = sorted(range(len(gold)), key=lambda j: key(gold[j]))
    pi = sorted(range(len(pred)), key=lambda i: key(pred[i]))
    pairs, a, b = [], 0, 0
    while a < len(gi) and b < len(pi):
        gv, pv = key(gold[gi[a]]), key(pred[pi[b]])
        if _close(gv, pv):
            pairs.append((gi[a], pi[b]))
            a += 1
            b += 1
        elif pv < gv:
            b += 1
        else:
            a += 1
    return pairs


def name_folder(rules):
    """Names compared by identity, not spelling: traditional folded to simplified, then
    an alias to its gazetteer name (台積電 = 台积电 = TSMC), so that an annotator's naming
    convention does not hide whether the right thing was chosen."""
    import opencc

    t2s = opencc.OpenCC("t2s")
    by_fold = rules.entities.by_fold

    def key(name: str) -> str:
        if not name:
            return ""
        simple = t2s.convert(name)
        e = by_fold.get(fold(simple)) or by_fold.get(fold(name))
        return fold(e.name) if e is not None else fold(simple)
    return key


def prf(tp: int, n_pred: int, n_gold: int) -> dict:
    p = tp / n_pred if n_pred else 0.0
    r = tp / n_gold if n_gold else 0.0
    f = 2 * p * r / (p + r) if p + r else 0.0
    return {"precision": round(p, 6), "recall": round(r, 6), "f1": round(f, 6),
            "tp": tp, "pred": n_pred, "gold": n_gold}


@dataclass
class Score:
    mentions: dict
    mentions_per_kind: dict
    facts: dict
    facts_per_kind: dict
    attributes: dict
    misses: list[Row] = field(default_factory=list)
    spurious: list[Row] = field(default_factory=list)
    per_rule: dict = field(default_factory=dict)

    def figures(self) -> dict:
        return {"mentions": self.mentions, "mentions_per_kind": self.mentions_per_kind,
                "facts": self.facts, "facts_per_kind": self.facts_per_kind, "attributes": self.attributes,
                "per_rule": self.per_rule}


def _fact_key(r: Row, names=None):
    key = names or fold
    return (r.doc_id, key(r.subject), r.kind, r.unit, key(r.item) if r.kind == "count" else "")


def _facts(rows: list[Row], names=None) -> dict:
    """key -> list of (value, [attribute labels]) with values within tolerance merged."""
    out: dict = defaultdict(list)
    for r in rows:
        if not r.subject.strip():
            continue
        lst = out[_fact_key(r, names)]
        labels = [a.strip() for a in regex.split(r"[|;]", r.attribute) if a.strip()]
        for entry in lst:
            if _close(entry[0], r.value):
                entry[1].extend(labels)
                break
        else:
            lst.append([r.value, labels])
    return out


def score(gold: list[Row], pred: list[Row], docs: set[str] | None = None, names=None) -> Score:
    """Score pred against gold; with docs, only those documents count (default:
    the documents the gold covers). names: how subjects and items compare (default:
    folded; `name_folder` also maps them through the gazetteer's aliases)."""
    docs = docs if docs is not None else {g.doc_id for g in gold}
    pred = [p for p in pred if p.doc_id in docs]
    gold = [g for g in gold if g.doc_id in docs]
    # mentions
    gg, pg = defaultdict(list), defaultdict(list)
    for g in gold:
        gg[g.group].append(g)
    for p in pred:
        pg[p.group].append(p)
    matched_g, matched_p = set(), set()
    for key in set(gg) | set(pg):
        for a, b in _match_group(gg.get(key, []), pg.get(key, [])):
            matched_g.add(id(gg[key][a]))
            matched_p.add(id(pg[key][b]))
    kinds = sorted({r.kind for r in gold} | {r.kind for r in pred})
    overall = prf(len(matched_p), len(pred), len(gold))
    per_kind = {k: prf(sum(1 for p in pred if p.kind == k and id(p) in matched_p),
                       sum(1 for p in pred if p.kind == k), sum(1 for g in gold if g.kind == k)) for k in kinds}
    misses = [g for g in gold if id(g) not in matched_g]
    spurious = [p for p in pred if id(p) not in matched_p]
    rules = Counter(p.rule_id for p in pred)
    good = Counter(p.rule_id for p in pred if id(p) in matched_p)
    per_rule = {r: {"fired": n, "matched": good[r], "precision": round(good[r] / n, 4)} for r, n in rules.most_common()}

    # facts
    gf, pf = _facts(gold, names), _facts(pred, names)
    tp_f, attr_total, attr_ok = 0, 0, 0
    fk_tp, fk_pred, fk_gold = Counter(), Counter(), Counter()
    for key in set(gf) | set(pf):
        g_list, p_list = gf.get(key, []), pf.get(key, [])
        fk_pred[key[2]] += len(p_list)
        fk_gold[key[2]] += len(g_list)
        pairs = _match_group(g_list, p_list, key=lambda e: e[0])
        tp_f += len(pairs)
        fk_tp[key[2]] += len(pairs)
        for a, b in pairs:
            g_labels = set(g_list[a][1])
            if not g_labels:
                continue
            attr_total += 1
            p_labels = [x for x in p_list[b][1] if x]
            p_label = Counter(p_labels).most_common(1)[0][0] if p_labels else ""
            attr_ok += p_label in g_labels
    n_pf = sum(len(v) for v in pf.values())
    n_gf = sum(len(v) for v in gf.values())
    facts = prf(tp_f, n_pf, n_gf)
    facts_per_kind = {k: prf(fk_tp[k], fk_pred[k], fk_gold[k]) for k in sorted(set(fk_pred) | set(fk_gold))}
    attrs = {"agreement": round(attr_ok / attr_total, 6) if attr_total else 0.0,
             "agree": attr_ok, "labelled_matched_facts": attr_total}
    return Score(overall, per_kind, facts, facts_per_kind, attrs, misses, spurious, per_rule)


PRF_HEADER = ["kind", "P", "R", "F1", "tp", "pred", "gold"]


def prf_rows(overall: dict, per_kind: dict) -> list[list[str]]:
    """Rows of a P/R/F1 table (ALL first, then each kind), as strings to print."""
    return [[k, f"{v['precision']:.3f}", f"{v['recall']:.3f}", f"{v['f1']:.3f}", str(v["tp"]), str(v["pred"]),
             str(v["gold"])] for k, v in [("ALL", overall)] + sorted(per_kind.items())]


# ---- baseline ------------------------------------------------------------

def baseline_figures(s: Score) -> dict:
    out = {"mentions.f1": s.mentions["f1"], "mentions.precision": s.mentions["precision"],
           "mentions.recall": s.mentions["recall"], "facts.f1": s.facts["f1"],
           "attributes.agreement": s.attributes["agreement"]}
    for k, v in s.mentions_per_kind.items():
        if v["gold"]:
            out[f"mentions.{k}.f1"] = v["f1"]
    return out


def compare_baseline(current: dict, baseline: dict, tolerance: float = 0.005) -> list[str]:
    """The figures that dropped by more than the tolerance, as sentences."""
    drops = []
    for k, old in baseline.items():
        new = current.get(k)
        if new is None:
            drops.append(f"{k}: was {old:.4f}, now missing")
        elif new < old - tolerance:
            drops.append(f"{k}: {old:.4f} -> {new:.4f} (-{old - new:.4f})")
    return drops


# ---- diff of two runs ----------------------------------------------------

def diff_runs(a: list[Row], b: list[Row]) -> tuple[list[Row], list[Row]]:
    """(facts in b not in a, facts in a not in b), keyed as the scorer keys mentions
    plus item and subject."""
    def key(r: Row):
        v = r.value if isinstance(r.value, str) else float(f"{r.value:.6g}")
        return (r.doc_id, r.kind, r.unit, v, fold(r.item), fold(r.subject))
    ca, cb = Counter(map(key, a)), Counter(map(key, b))
    gained, lost = [], []
    seen_b, seen_a = Counter(), Counter()
    for r in b:
        k = key(r)
        seen_b[k] += 1
        if seen_b[k] > ca.get(k, 0):
            gained.append(r)
    for r in a:
        k = key(r)
        seen_a[k] += 1
        if seen_a[k] > cb.get(k, 0):
            lost.append(r)
    return gained, lost
