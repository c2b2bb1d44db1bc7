"""Running the peer project's Recognizers-Text Chinese cases against zhfacts.

Each model is scored the way it can be compared with a spec extractor:
- Number: every expected number must be read (same value, overlapping span) by the
  numeral reader; a case with no expected number must yield none.
- Percent, Currency, Dimension: the whole pipeline runs on the input; expected
  entities must come out as rows of the matching kind, value (in the gold spec's
  canonical unit) and currency; nothing else of that kind may come out.
"""
from __future__ import annotations

import json
import math
from dataclasses import dataclass
from pathlib import Path

import regex

MODELS = {
    "number": "Number-Chinese-NumberModel.jsonl",
    "percent": "Number-Chinese-PercentModel.jsonl",
    "currency": "NumberWithUnit-Chinese-CurrencyModel.jsonl",
    "dimension": "NumberWithUnit-Chinese-DimensionModel.jsonl",
}
# Recognizers-Text unit names -> (gold-spec kind, factor to the canonical unit)
RT_UNITS = {
    "Meter": ("length", 1), "Kilometer": ("length", 1e3), "Centimeter": ("length", 1e-2),
    "Millimeter": ("length", 1e-3), "Bit": ("data_size", 1 / 8), "Kilobit": ("data_size", 125),
    "Megabit": ("data_size", 125e3), "Byte": ("data_size", 1), "Kilobyte": ("data_size", 1e3),
    "Megabyte": ("data_size", 1e6), "Gigabyte": ("data_size", 1e9), "Hertz": ("frequency", 1),
    "Kilohertz": ("frequency", 1e3), "Megahertz": ("frequency", 1e6), "Gigahertz": ("frequency", 1e9),
    "Watt": ("power", 1), "Kilowatt": ("power", 1e3),
}


@dataclass
class CaseResult:
    case_id: str
    ok: bool
    detail: str


def case_id(model: str, d: dict) -> str:
    return f"{model}:{d['case_index']}"


def load_cases(folder: Path, model: str) -> list[dict]:
    with (folder / MODELS[model]).open(encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def _close(a: float, b: float) -> bool:
    return math.isclose(a, b, rel_tol=1e-6, abs_tol=1e-9)


def read_numbers(text: str, rules) -> list[tuple[int, int, float]]:
    """Every number the numeral reader finds in text (normalized first): fractions
    (五分之一, 3/5) as one number; a lone Chinese digit that starts a common word
    (一切, 四川, 陆地) is a word, not a number."""
    from .lexicon import word_freq
    from .normalize import normalize_text
    nd = normalize_text(text, rules)
    num = rules.numerals.regex_source()
    frac = regex.compile(num.replace("(?P<num>", "(?P<den>") + r"\s?分之\s?" + num
                         + r"|(?<![\d/.])(?P<a>\d+)/(?P<b>\d+)(?![\d/.])")
    pat = regex.compile(num)
    words = word_freq()
    not_word = rules.classifier_set | rules.unit_first_chars | set(rules.numerals.magnitudes)
    out, taken = [], []
    parse = rules.numeral_parser.parse
    for m in frac.finditer(nd.text):
        if m.group("a"):
            a, b = float(m.group("a")), float(m.group("b"))
            v = a / b if b else None
        else:
            n, d = parse(m.group("num")), parse(m.group("den"))
            v = n / d if n is not None and d else None
        if v is not None:
            out.append((*nd.raw_span(m.start(), m.end()), v))
            taken.append((m.start(), m.end()))
    for m in pat.finditer(nd.text):
        if any(a < m.end() and m.start() < b for a, b in taken):
            continue
        g = m.group("num")
        nxt = nd.text[m.end():m.end() + 1]
        if len(g) == 1 and not g.isdigit() and nxt and nxt not in not_word and words.get(g + nxt, 0) >= 50:
            continue
        v = parse(g)
        if v is not None:
            out.append((*nd.raw_span(m.start(), m.end()), v))
    return sorted(out)


def run_number_case(d: dict, rules) -> CaseResult:
    found = read_numbers(d["input"], rules)
    want = [e for e in d["expected"] if e.get("value") not in (None, "")]
    if not d["expected"]:
        return CaseResult(case_id("number", d), not found, f"found {found}" if found else "")
    missing = []
    for e in want:
        try:
            v = float(e["value"])
        except ValueError:
            missing.append(e["text"])
            continue
        s, t = e["start"], e["end"] + 1
        if not any(a < t and s < b and _close(val, v) for a, b, val in found):
            missing.append(f"{e['text']}={e['value']}")
    return CaseResult(case_id("number", d), not missing, f"missing {missing}; found {found}" if missing else "")


def _expected_rows(model: str, d: dict) -> list[tuple[str, float, str]] | None:
    rows = []
    for e in d["expected"]:
        if e.get("value") in (None, ""):
            return None
        if model == "percent":
            rows.append(("percent", float(str(e["value"]).rstrip("%")), "%"))
        elif model == "currency":
            rows.append(("money", float(e["value"]), e.get("isoCurrency") or "?"))
        else:
            kind, factor = RT_UNITS.get(e.get("unit"), (None, None))
            if kind is None:
                rows.append(("?", float(e["value"]), e.get("unit") or "?"))
            else:
                rows.append((kind, float(e["value"]) * factor, ""))
    return rows


def run_pipeline_case(model: str, d: dict, rules) -> CaseResult:
    from .ruletest import rows_for
    want = _expected_rows(model, d)
    cid = case_id(model, d)
    if want is None:
        return CaseResult(cid, False, "expected value is null")
    kinds = {"percent": {"percent"}, "currency": {"money"}}.get(model) or {k for k, _ in RT_UNITS.values()}
    got = [(r["kind"], float(r["value"]), r["unit"]) for r in rows_for(d["input"], rules) if r["kind"] in kinds]
    left = list(got)
    missing = []
    for kind, v, unit in want:
        hit = next((g for g in left if g[0] == kind and _close(g[1], v) and (model != "currency" or g[2] == unit)), None)
        if hit:
            left.remove(hit)
        else:
            missing.append((kind, v, unit))
    ok = not missing and not left
    return CaseResult(cid, ok, "" if ok else f"missing {missing}; extra {left}")


def run_model(folder: Path, model: str, rules) -> list[CaseResult]:
    cases = load_cases(folder, model)
    if model == "number":
        return [run_number_case(d, rules) for d in cases]
    return [run_pipeline_case(model, d, rules) for d in cases]
