"""Character layers that need no context model: width, traditional→simplified,
the variant table, enclosed numerals after a model name, and 1 standing for 一."""
from __future__ import annotations

import csv
from pathlib import Path
from typing import Any

import regex

from ..errors import RuleFileError
from ..lexicon import char_freq, word_freq
from ..offsets import Edit
from .registry import LayerContext, register

_HAN = r"\p{Han}"


@register("width")
def width_layer(settings: dict[str, Any], rules) -> callable:
    signs = settings.get("signs", "")
    table = {}
    for cp in range(0xFF10, 0xFF1A):          # digits
        table[chr(cp)] = chr(cp - 0xFEE0)
    for cp in list(range(0xFF21, 0xFF3B)) + list(range(0xFF41, 0xFF5B)):  # letters
        table[chr(cp)] = chr(cp - 0xFEE0)
    for ch in signs:
        table[ch] = chr(ord(ch) - 0xFEE0)
    pat = regex.compile("[" + regex.escape("".join(table)) + "]+")

    def run(text: str, ctx: LayerContext) -> list[Edit]:
        return [Edit(m.start(), m.end(), "".join(table[c] for c in m.group()), "width")
                for m in pat.finditer(text)]
    return run


@register("t2s")
def t2s_layer(settings: dict[str, Any], rules) -> callable:
    import opencc

    conv = opencc.OpenCC(settings.get("opencc_config", "t2s"))
    min_freq = int(settings.get("min_char_freq", 0))
    freq = char_freq()
    # only characters OpenCC would change need a look: find runs of non-ASCII
    nonascii = regex.compile(r"[^\x00-\x7f]+")

    def run(text: str, ctx: LayerContext) -> list[Edit]:
        edits = []
        # names keep their own characters (昇腾 is not 升腾)
        keep = bytearray(len(text) + 1)
        named = bytearray(len(text) + 1)
        for a, b in rules.name_spans(text):
            # ... unless the simplified form is a name too (華爲 → 华为): then later
            # layers see the form the gazetteer knows, rare characters or not (鯤鵬)
            if rules.is_known_name(conv.convert(text[a:b])):
                named[a:b] = b"\x01" * (b - a)
            else:
                keep[a:b] = b"\x01" * (b - a)
        for m in nonascii.finditer(text):
            seg = m.group()
            out = conv.convert(seg)
            if out == seg:
                continue
            if len(out) != len(seg):       # a phrase rule changed length: go char by char
                out = "".join(conv.convert(c) if len(conv.convert(c)) == 1 else c for c in seg)
            for i, (a, b) in enumerate(zip(seg, out)):
                if a != b:
                    if keep[m.start() + i]:
                        continue
                    if freq.get(b, 0) < min_freq and not named[m.start() + i]:
                        ctx.flags.append({"layer": "t2s", "pos": m.start() + i, "from": a, "to": b,
                                          "reason": f"OpenCC gives a rare character ({b})"})
                        continue
                    edits.append(Edit(m.start() + i, m.start() + i + 1, b, "t2s"))
        return edits
    return run


def load_variants(path: Path) -> list[tuple[str, str, str]]:
    rows = []
    with path.open(encoding="utf-8") as f:
        lines = [ln for ln in f]
    header_seen = False
    for no, line in enumerate(lines, 1):
        if not line.strip() or line.startswith("#"):
            continue
        cols = line.rstrip("\n").split("\t")
        if not header_seen:
            if cols[:3] != ["from", "to", "context"]:
                raise RuleFileError(str(path), no, "the first row must be the header: from, to, context, note")
            header_seen = True
            continue
        if len(cols) < 3:
            raise RuleFileError(str(path), no, f"expected tab-separated from, to, context; got {len(cols)} column(s)")
        src, dst, context = cols[0], cols[1], cols[2]
        if context not in ("any", "han", "word"):
            raise RuleFileError(str(path), no, f"unknown context {context!r}: use any, han or word")
        if not dst or (len(src) != 1 and context != "word") or (context == "word" and len(src) != len(dst)):
            raise RuleFileError(str(path), no, "`from` must be one character (or, with context word, a word "
                                               "of the same length as `to`) and `to` not empty")
        rows.append((src, dst, context))
    return rows


@register("variants")
def variants_layer(settings: dict[str, Any], rules) -> callable:
    rows = rules.variants
    anywhere = {s: d for s, d, c in rows if c == "any"}
    between_han = {s: d for s, d, c in rows if c == "han"}
    words = {s: d for s, d, c in rows if c == "word"}
    pats = []
    if words:
        from ..trie_regex import trie_pattern
        pats.append((regex.compile(trie_pattern(words)), words))
    if anywhere:
        pats.append((regex.compile("[" + regex.escape("".join(anywhere)) + "]"), anywhere))
    if between_han:
        pats.append((regex.compile(rf"(?<={_HAN})[" + regex.escape("".join(between_han)) + rf"](?={_HAN})"),
                     between_han))

    def run(text: str, ctx: LayerContext) -> list[Edit]:
        edits = []
        for pat, table in pats:
            edits += [Edit(m.start(), m.end(), table[m.group()], "variants") for m in pat.finditer(text)]
        return edits
    return run


_ENCLOSED = {}
for i in range(20):
    _ENCLOSED[chr(0x2460 + i)] = str(i + 1)   # ① .. ⑳
    _ENCLOSED[chr(0x2474 + i)] = str(i + 1)   # ⑴ .. ⒇
    _ENCLOSED[chr(0x2488 + i)] = str(i + 1)   # ⒈ .. ⒛
for i in range(10):
    _ENCLOSED[chr(0x2776 + i)] = str(i + 1)   # ❶ .. ❿
    _ENCLOSED[chr(0x2780 + i)] = str(i + 1)   # ➀ .. ➉
    _ENCLOSED[chr(0x278A + i)] = str(i + 1)   # ➊ .. ➓


@register("enclosed")
def enclosed_layer(settings: dict[str, Any], rules) -> callable:
    after = settings.get("after", "[A-Za-z0-9]")
    pat = regex.compile(rf"(?<={after})[" + "".join(_ENCLOSED) + "]")

    def run(text: str, ctx: LayerContext) -> list[Edit]:
        return [Edit(m.start(), m.end(), "-" + _ENCLOSED[m.group()], "enclosed", 1.0, "model number")
                for m in pat.finditer(text)]
    return run


@register("digit_yi")
def digit_yi_layer(settings: dict[str, Any], rules) -> callable:
    min_freq = int(settings.get("min_word_freq", 50))
    words = word_freq()
    numerals = set(rules.numerals.digits) | set(rules.numerals.magnitudes) | set("0123456789")
    no_before = set(rules.classifier_set) | set(rules.unit_first_chars) | set("%.．、)）:：/") | numerals
    # a lone 1 with a Han character on at least one side, not after 第 or a letter/digit/hyphen
    pat = regex.compile(r"(?<![A-Za-z0-9_.\-第/])1(?![0-9.,/%A-Za-z])")

    def common(w: str) -> bool:
        return words.get(w, 0) >= min_freq

    def run(text: str, ctx: LayerContext) -> list[Edit]:
        edits = []
        for m in pat.finditer(text):
            i = m.start()
            prev = text[i - 1] if i > 0 else ""
            nxt = text[i + 1] if i + 1 < len(text) else ""
            if nxt in no_before or prev in numerals \
                    or not (regex.match(_HAN, prev or " ") or regex.match(_HAN, nxt or " ")):
                continue
            if i == 0 or prev == "\n":      # a list marker at the start of a line
                continue
            nxt2 = text[i + 1:i + 3]
            if common("一" + nxt2) or common("一" + nxt) or common(prev + "一") or common(prev + "一" + nxt):
                edits.append(Edit(i, i + 1, "一", "digit_yi", 0.9, "1 for 一 in a word"))
        return edits
    return run


def load_regional_terms(path: Path) -> list[tuple[str, str]]:
    pairs = []
    with path.open(encoding="utf-8") as f:
        for no, line in enumerate(f, 1):
            if not line.strip() or line.startswith("#") or line.startswith("from\t"):
                continue
            parts = line.rstrip("\n").split("\t")
            if len(parts) != 2 or not parts[0] or not parts[1]:
                raise RuleFileError(str(path), no, "expected two tab-separated columns: from, to")
            pairs.append((parts[0], parts[1]))
    return pairs


@register("regional")
def regional_layer(settings: dict[str, Any], rules) -> callable:
    """Taiwan technical vocabulary to the mainland word (记忆体 → 内存, 执行绪 → 线程),
    so cues, items and names read one way whatever the region of the text."""
    path = Path(rules.root) / settings.get("table", "regional_terms.tsv")
    pairs = load_regional_terms(path)
    table = dict(pairs)
    min_hits = int(settings.get("min_hits", 2))
    pat = regex.compile("|".join(regex.escape(a) for a in sorted(table, key=len, reverse=True)))

    def run(text: str, ctx: LayerContext) -> list[Edit]:
        found = list(pat.finditer(text))
        # one regional word proves nothing (资料, 程式 are mainland words too)
        if len({m.group() for m in found}) < min_hits:
            return []
        keep = bytearray(len(text) + 1)
        for a, b in rules.name_spans(text):
            keep[a:b] = b"\x01" * (b - a)
        return [Edit(m.start(), m.end(), table[m.group()], "regional") for m in found
                if not any(keep[m.start():m.end()])]
    return run
