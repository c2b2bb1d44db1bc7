"""Named entities from the gazetteer plus a model-number pattern for products
the gazetteer does not know. Names fold case, width, spaces and hyphens."""
from __future__ import annotations

from dataclasses import dataclass

import regex


def fold(name: str) -> str:
    """The key names compare by: case, width, spaces and hyphens folded."""
    import unicodedata

    s = unicodedata.normalize("NFKC", name).casefold()
    return regex.sub(r"[\s\-_‐‑–—·.]+", "", s)


@dataclass(frozen=True)
class Entity:
    name: str
    type: str
    start: int
    end: int
    source: str     # "gazetteer" or "pattern"


@dataclass(frozen=True)
class GazetteerEntry:
    name: str
    type: str
    aliases: tuple[str, ...]
    protect: bool
    line: int


def _alias_regex(alias: str) -> str:
    """An alias as a pattern: ASCII case-insensitive, spaces and hyphens optional."""
    out = []
    for ch in alias:
        if ch in " -":
            out.append(r"[\s\-]?")
        elif ch.isascii() and ch.isalpha():
            out.append(f"[{ch.lower()}{ch.upper()}]")
        else:
            out.append(regex.escape(ch))
    return "".join(out)


class EntityMatcher:
    def __init__(self, entries: list[GazetteerEntry], series: list[tuple[str, bool]],
                 generic_suffixes: list[str], model_pattern: str):
        self.entries = entries
        self.by_fold: dict[str, GazetteerEntry] = {}
        for e in entries:
            for a in (e.name, *e.aliases):
                self.by_fold.setdefault(fold(a), e)
        self.series = series
        self.drop_series = [w for w, keep in series if not keep]
        self.generic_suffixes = sorted(generic_suffixes, key=len, reverse=True)
        forms = sorted({a for e in entries for a in (e.name, *e.aliases)}, key=len, reverse=True)
        series_words = sorted({w for w, _ in series}, key=len, reverse=True)
        series_alt = "|".join(_alias_regex(w) for w in series_words)
        # a known name, optionally after brand words and before a generic suffix
        # (TeslaV100GPU); letters or digits must not continue it
        self.gaz_re = regex.compile(
            r"(?<![A-Za-z0-9])(?:(?:" + series_alt + r")\s?)*(?P<name>"
            + "|".join(_alias_regex(a) for a in forms) + r")(?![A-Za-z0-9])")
        self.gaz_re_loose = regex.compile(
            r"(?P<name>" + "|".join(_alias_regex(a) for a in forms) + r")")
        self.model_re = regex.compile(
            r"(?:(?:" + series_alt + r")\s?)*(?P<name>" + model_pattern + r")")

    def canonical(self, text: str) -> str | None:
        """The canonical name of a product or organisation as written, or None."""
        t = text.strip()
        e = self.by_fold.get(fold(t))
        if e:
            return e.name
        for suf in self.generic_suffixes:
            if t.endswith(suf) and len(t) > len(suf):
                t = t[: -len(suf)].strip()
                e = self.by_fold.get(fold(t))
                if e:
                    return e.name
                break
        changed = True
        while changed:
            changed = False
            for w in self.drop_series:
                if t.lower().startswith(w.lower()) and len(t) > len(w):
                    t = t[len(w):].strip()
                    changed = True
        e = self.by_fold.get(fold(t))
        if e:
            return e.name
        return t if regex.search(r"\d", t) and regex.search(r"[A-Za-z]", t) else None

    def find(self, text: str) -> list[Entity]:
        """Entities in text, longest first where they overlap."""
        found: list[Entity] = []
        taken: list[tuple[int, int]] = []
        for m in self.gaz_re.finditer(text):
            # a series word can be part of the name (DGX A100), or only a brand (Tesla V100)
            e = self.by_fold.get(fold(m.group())) or self.by_fold.get(fold(m.group("name")))
            if e is None:
                continue
            s, t = m.start(), m.end()
            # a generic suffix glued on (V100GPU) is part of the mention, not of the name
            found.append(Entity(e.name, e.type, s, t, "gazetteer"))
            taken.append((s, t))
        # Chinese aliases inside Chinese text have no letter boundary to respect
        for m in self.gaz_re_loose.finditer(text):
            s, t = m.span()
            if any(a < t and s < b for a, b in taken):
                continue
            if regex.match(r"[A-Za-z0-9]", m.group()[0]):
                continue
            e = self.by_fold.get(fold(m.group("name")))
            if e:
                found.append(Entity(e.name, e.type, s, t, "gazetteer"))
                taken.append((s, t))
        for m in self.model_re.finditer(text):
            s, t = m.span()
            if any(a < t and s < b for a, b in taken):
                # a brand already found as an organisation (AMD EPYC 7742): keep the model
                s = m.start("name")
                if any(a < t and s < b for a, b in taken):
                    continue
            name = self.canonical(text[s:t])
            if name and regex.search(r"\d", name):
                found.append(Entity(name, "product", s, t, "pattern"))
                taken.append((s, t))
        found.sort(key=lambda e: e.start)
        return found
