"""The unit table from rules/units.txt: surfaces as written, their kind, and the
factor to the kind's canonical unit (computed once per surface with pint)."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import pint
import regex

from .errors import RuleFileError

SI_PREFIXES = {"K": "kilo", "k": "kilo", "M": "mega", "G": "giga", "T": "tera",
               "P": "peta", "E": "exa", "Z": "zetta"}
SECTIONS = ("kinds", "definitions", "rates", "rate_markers", "per_markers", "local_currency", "surfaces")
FLAGS = ("rate_only", "after", "not_after", "before", "skip", "nocase", "total_from")


@dataclass(frozen=True)
class Unit:
    surface: str
    kind: str
    unit: str           # canonical unit as written in the table (B, W, USD ...)
    factor: float       # value in the canonical unit = number * factor
    line: int
    rate_only: bool = False
    after: str | None = None
    not_after: str | None = None
    skip: bool = False
    before: str | None = None   # a unit only when this matches the text right before the number
    total_from: float | None = None     # a rate this large is a total (10^25 FLOPs of a training run)


@dataclass
class UnitTable:
    path: Path
    kinds: dict[str, tuple[str, str]]           # kind -> (canonical unit, pint expr)
    rates: dict[str, str]                       # kind -> rate kind
    rate_markers: list[str]
    units: list[Unit] = field(default_factory=list)
    per_markers: list[str] = field(default_factory=list)
    # (words that name a currency, its code): a text naming it, and not 人民币, counts bare 元 in it
    local_currency: list[tuple[tuple[str, ...], str]] = field(default_factory=list)

    def by_surface(self) -> dict[str, list[Unit]]:
        out: dict[str, list[Unit]] = {}
        for u in self.units:
            out.setdefault(u.surface, []).append(u)
        return out

    def is_surface(self, word: str) -> bool:
        if not hasattr(self, "_surfaces"):
            self._surfaces = {u.surface.lower() for u in self.units}
        return word.lower() in self._surfaces

    def canonical_unit(self, kind: str) -> str:
        return self.kinds[kind][0]


def _expand(surfaces: list[str], expr: str) -> list[tuple[str, str]]:
    out = []
    for s in surfaces:
        if "{SI}" in s or "{SI+}" in s:
            tag = "{SI}" if "{SI}" in s else "{SI+}"
            prefixes = list(SI_PREFIXES.items()) + ([("", "")] if tag == "{SI}" else [])
            for sym, name in prefixes:
                e = expr.replace("{SI}", name).replace("{SI+}", name)
                out.append((s.replace(tag, sym), e.replace("{self}", s.replace(tag, sym))))
        else:
            out.append((s, expr.replace("{self}", s)))
    return out


def load_units(path: str | Path, ureg: pint.UnitRegistry | None = None) -> UnitTable:
    path = Path(path)
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as e:
        raise RuleFileError(str(path), None, f"cannot read: {e}") from e
    ureg = ureg or pint.UnitRegistry()
    section = None
    table = UnitTable(path, {}, {}, [])
    raw_surfaces: list[tuple[int, str]] = []
    for no, line in enumerate(lines, 1):
        s = line.split("#", 1)[0].strip() if not line.lstrip().startswith("#") else ""
        if not s:
            continue
        if s.startswith("[") and s.endswith("]"):
            section = s[1:-1]
            if section not in SECTIONS:
                raise RuleFileError(str(path), no, f"unknown section [{section}]; expected one of {', '.join(SECTIONS)}")
            continue
        if section is None:
            raise RuleFileError(str(path), no, "a line before any [section]")
        if section == "kinds":
            m = regex.fullmatch(r"(\w+)\s*=\s*(\S*)\s*:\s*(.+)", s)
            if not m:
                raise RuleFileError(str(path), no, "expected 'kind = unit : pint expression'")
            table.kinds[m[1]] = (m[2], m[3].strip())
        elif section == "definitions":
            try:
                ureg.define(s)
            except Exception as e:  # pint raises several types for a bad definition
                raise RuleFileError(str(path), no, f"pint cannot define this: {e}") from e
        elif section == "rates":
            m = regex.fullmatch(r"(\w+)\s*->\s*(\w+)", s)
            if not m:
                raise RuleFileError(str(path), no, "expected 'kind -> kind'")
            table.rates[m[1]] = m[2]
        elif section == "rate_markers":
            table.rate_markers.append(line.strip())
        elif section == "per_markers":
            table.per_markers.append(line.strip())
        elif section == "local_currency":
            m = regex.fullmatch(r"(.+?)\s*=\s*([A-Z]{3})", s)
            if not m:
                raise RuleFileError(str(path), no, "expected 'word | word ... = CODE' (an ISO 4217 code)")
            table.local_currency.append((tuple(w.strip() for w in m[1].split("|") if w.strip()), m[2]))
        else:
            raw_surfaces.append((no, s))
    for no, s in raw_surfaces:
        table.units += _parse_surface_line(path, no, s, table, ureg)
    for k, v in table.rates.items():
        for kk in (k, v):
            if kk not in table.kinds:
                raise RuleFileError(str(path), None, f"[rates] names unknown kind {kk!r}")
    return table


def _parse_surface_line(path: Path, no: int, s: str, table: UnitTable, ureg) -> list[Unit]:
    parts = [p.strip() for p in s.split(" ; ")]
    head = parts[0]
    if "=" not in head or len(parts) < 2:
        raise RuleFileError(str(path), no, "expected 'surface | surface = pint expression ; kind [; flag]'")
    surf_part, expr = head.rsplit(" = ", 1) if " = " in head else head.split("=", 1)
    kind = parts[1]
    if kind not in table.kinds:
        raise RuleFileError(str(path), no, f"unknown kind {kind!r}; kinds are {', '.join(table.kinds)}")
    flags: dict[str, str | bool] = {}
    for f in parts[2:]:
        key, _, val = f.partition("=")
        if key not in FLAGS:
            raise RuleFileError(str(path), no, f"unknown flag {key!r}; flags are {', '.join(FLAGS)}")
        if key in ("after", "not_after", "before"):
            try:
                regex.compile(val)
            except regex.error as e:
                raise RuleFileError(str(path), no, f"bad regex in {key}: {e}") from e
        if key == "total_from":
            try:
                float(val)
            except ValueError:
                raise RuleFileError(str(path), no, f"total_from needs a number, not {val!r}") from None
            if kind not in table.rates.values():
                raise RuleFileError(str(path), no, f"total_from on {kind!r}, which is no rate of any kind in [rates]")
        flags[key] = val if val else True
    surfaces = [x.strip() for x in surf_part.split("|") if x.strip()]
    canon, cexpr = table.kinds[kind]
    out = []
    for surface, e in _expand(surfaces, expr.strip()):
        if flags.get("skip"):
            factor, unit = 0.0, ""
        elif kind == "money":
            try:
                q = ureg.parse_expression(e)
            except Exception as ex:  # pint: undefined unit
                raise RuleFileError(str(path), no, f"currency in {e!r} is not defined in [definitions]: {ex}") from ex
            factor, unit = float(q.magnitude), str(q.units)
            if not regex.fullmatch(r"[A-Z]{3}", unit):
                raise RuleFileError(str(path), no, f"{e!r} is not an amount of one ISO 4217 currency")
        else:
            try:
                factor = float(ureg.Quantity(1, e).to(cexpr).magnitude)
            except Exception as ex:  # pint: undefined unit or wrong dimension
                raise RuleFileError(str(path), no, f"cannot convert {surface!r} ({e}) to {cexpr}: {ex}") from ex
            unit = canon
        out.append(Unit(surface, kind, unit, factor, no, bool(flags.get("rate_only")),
                        flags.get("after") or None, flags.get("not_after") or None,
                        bool(flags.get("skip")), flags.get("before") or None,
                        float(flags["total_from"]) if flags.get("total_from") else None))
    return out
