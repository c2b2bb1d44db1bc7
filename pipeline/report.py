"""`zhfacts report RUN`: one self-contained HTML page to review a run: each
transcript with its mentions highlighted by kind (displaCy's entity renderer,
which escapes the text), gold misses and spurious rows in their own colours
when gold exists, and the per-kind and per-rule tables from eval."""
from __future__ import annotations

import html
from pathlib import Path

import pandas as pd

KIND_COLOURS = {
    "count": "#c7e9c0", "data_size": "#9ecae1", "bandwidth": "#6baed6", "compute_rate": "#fdae6b",
    "operations": "#fdd0a2", "power": "#fc9272", "money": "#fee391", "multiplier": "#d4b9da",
    "percent": "#bcbddc", "fraction": "#dadaeb", "frequency": "#a1d99b", "length": "#c6dbef",
    "duration": "#e6f5d0", "date": "#f2f0f7",
}
MISS = "#ff4d4d"
SPURIOUS = "#ffb000"


def _spans(raw: str, facts: pd.DataFrame, misses, spurious_keys) -> list[dict]:
    ents = []
    for _, r in facts.iterrows():
        key = (r["doc_id"], int(r["start"]), int(r["end"]))
        label = ("SPURIOUS " if key in spurious_keys else "") + r["kind"]
        ents.append({"start": int(r["start"]), "end": int(r["end"]), "label": label})
    taken = [(e["start"], e["end"]) for e in ents]
    for g in misses:
        if not g.surface:
            continue
        pos = raw.find(g.surface)
        while pos != -1 and any(a < pos + len(g.surface) and pos < b for a, b in taken):
            pos = raw.find(g.surface, pos + 1)
        if pos == -1:
            continue
        ents.append({"start": pos, "end": pos + len(g.surface), "label": f"MISSED {g.kind}"})
        taken.append((pos, pos + len(g.surface)))
    ents.sort(key=lambda e: (e["start"], -e["end"]))
    out, last = [], -1
    for e in ents:                      # displaCy's entity view takes no overlaps
        if e["start"] >= last:
            out.append(e)
            last = e["end"]
    return out


def _table(title: str, header: list[str], rows: list[list]) -> str:
    th = "".join(f"<th>{html.escape(h)}</th>" for h in header)
    trs = "".join("<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in r) + "</tr>" for r in rows)
    return f"<h3>{html.escape(title)}</h3><table class='t'><tr>{th}</tr>{trs}</table>"


def build_report(run_dir: Path, gold: Path | None) -> str:
    from spacy import displacy

    from .evaluate import PRF_HEADER, prf_rows, read_gold, read_table, score

    facts = pd.read_csv(run_dir / "facts.csv", dtype=str, keep_default_na=False)
    import json
    record = json.loads((run_dir / "run.json").read_text(encoding="utf-8"))
    s = None
    spurious_keys: set = set()
    misses_by_doc: dict[str, list] = {}
    if gold and Path(gold).exists():
        s = score(read_gold(gold), read_table(run_dir / "facts.csv", gold=False))
        spurious_keys = {(r.doc_id, r.start, r.end) for r in s.spurious}
        for g in s.misses:
            misses_by_doc.setdefault(g.doc_id, []).append(g)
    colours = dict(KIND_COLOURS)
    for k in KIND_COLOURS:
        colours[f"SPURIOUS {k}"] = SPURIOUS
        colours[f"MISSED {k}"] = MISS
    parts = []
    for d in record["documents"]:
        raw = Path(d["path"]).read_text(encoding=d["encoding"] if d["encoding"] != "utf-16" else "utf-16")
        raw = raw.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
        df = facts[facts["doc_id"] == d["doc_id"]]
        ents = _spans(raw, df, misses_by_doc.get(d["doc_id"], []), spurious_keys)
        rendered = displacy.render({"text": raw, "ents": ents, "title": None}, style="ent", manual=True,
                                   page=False, jupyter=False, options={"colors": colours})
        parts.append(f"<section class='doc' id='{html.escape(d['doc_id'])}'><h2>{html.escape(d['doc_id'])}</h2>"
                     f"<p>{len(df)} rows · {html.escape(d['encoding'])}</p>{rendered}</section>")
    tables = ""
    if s:
        tables += _table("mentions per kind", PRF_HEADER, prf_rows(s.mentions, s.mentions_per_kind))
        tables += _table("facts per kind", PRF_HEADER, prf_rows(s.facts, s.facts_per_kind))
        tables += _table("per rule", ["rule", "fired", "matched gold", "precision"],
                         [[r, v["fired"], v["matched"], f"{v['precision']:.2f}"] for r, v in s.per_rule.items()])
    legend = "".join(f"<span class='lg' style='background:{c}'>{html.escape(k)}</span>" for k, c in KIND_COLOURS.items())
    legend += f"<span class='lg' style='background:{MISS}'>missed (gold)</span><span class='lg' style='background:{SPURIOUS}'>spurious</span>"
    return f"""<!doctype html><html lang="zh"><head><meta charset="utf-8"><title>zhfacts report: {html.escape(run_dir.name)}</title>
<style>body{{font-family:sans-serif;margin:2em;max-width:70em}} .t{{border-collapse:collapse}} .t td,.t th{{border:1px solid #ccc;padding:2px 6px}}
.lg{{padding:2px 6px;margin:2px;display:inline-block;border-radius:3px}} section.doc{{border-top:2px solid #888;margin-top:2em}}</style></head>
<body><h1>zhfacts report: {html.escape(run_dir.name)}</h1><p>{len(facts)} rows in {len(record['documents'])} documents.
Rule files: {html.escape(', '.join(f'{k} {v}' for k, v in record['rule_files'].items()))}</p><div>{legend}</div>{tables}{''.join(parts)}</body></html>"""
