"""Stage 3: a `NormalizedDoc` in, a `Segmented` doc out (sentences; tokens on demand).

jieba runs with a user dictionary generated from rules/ (gazetteer names, unit
surfaces, items, counted nouns) so that V100, DGX-2, NVSwitch, TFLOPS and 千瓦
stay whole. Tokens are made only for the sentences that need them (extraction
asks for the words after a classifier; explain asks for whole sentences):
segmenting text that holds no quantity gains nothing. spaCy is used only where it
earns its cost: displaCy renders the review page (pipeline/report.py).
"""
from __future__ import annotations

import os
import tempfile
from functools import cached_property

import jieba
import regex

from .model import NormalizedDoc, Segmented, Sentence

# a sentence ends after 。！？；!? (and closing quotes after them) or at a line break
_SENT_END = regex.compile(r"[。！？；!?]+[”’」』）)]*|\n+")


def split_sentences(text: str) -> list[Sentence]:
    out, start = [], 0
    for m in _SENT_END.finditer(text):
        end = m.end()
        if text[start:end].strip():
            out.append(Sentence(start, end, text[start:end]))
        start = end
    if text[start:].strip():
        out.append(Sentence(start, len(text), text[start:]))
    return out


_LETTER_END = regex.compile(r"[A-Za-z]$")
_LETTER_START = regex.compile(r"[A-Za-z]")


def _join_latin(tokens: list, word=lambda t: t, glue=lambda a, b: a + b) -> list:
    """A short Latin unit or name in the user dictionary (ns, Te…) splits a longer
    Latin word it is part of (Te|ns|ix); letters glued to letters are one word again."""
    out: list = []
    for t in tokens:
        if out and _LETTER_END.search(word(out[-1])) and _LETTER_START.match(word(t)):
            out[-1] = glue(out[-1], t)
        else:
            out.append(t)
    return out


class Segmenter:
    """jieba with the project's user dictionary; HMM off (see `hmm`)."""

    # HMM off: on spun text the HMM glues unknown characters into false words
    # (measured in tests/test_segment.py and the benchmark notes)
    hmm = False

    def __init__(self, rules):
        self.rules = rules

    def user_words(self) -> list[str]:
        r = self.rules
        words = set()
        for e in r.entities.entries:
            for w in (e.name, *e.aliases):
                # a short Latin name (M3, L4) as a word would split longer ones (HBM3 → HB M3)
                if " " not in w and not (w.isascii() and w.isalnum() and len(w) <= 3):
                    words.add(w)
        words |= {u.surface for u in r.units.units if len(u.surface) > 1 and " " not in u.surface}
        words |= {w for w in r.items if " " not in w}
        words |= set(r.counted_nouns)
        return sorted(words)

    @cached_property
    def tokenizer(self) -> jieba.Tokenizer:
        jieba.setLogLevel(60)
        tk = jieba.Tokenizer()
        tk.initialize()
        fd, path = tempfile.mkstemp(suffix=".txt", prefix="zhfacts-userdict-")
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            for w in self.user_words():
                f.write(f"{w} 100000\n")
        try:
            tk.load_userdict(path)
        finally:
            os.unlink(path)
        return tk

    def tokens(self, text: str) -> list[str]:
        return _join_latin(self.tokenizer.lcut(text, HMM=self.hmm))

    @cached_property
    def pos_tokenizer(self):
        import jieba.posseg
        pt = jieba.posseg.POSTokenizer(self.tokenizer)
        # names, units and items from rules/ are nouns (jieba's tag nz)
        for w in self.user_words():
            pt.word_tag_tab.setdefault(w, "nz")
        # what rules/ says is counted is a noun even where jieba's tag says verb (通道)
        for w in (*self.rules.items, *self.rules.counted_nouns):
            pt.word_tag_tab[w] = "nz"
        return pt

    def pos_tokens(self, text: str) -> list[tuple[str, str]]:
        pairs = [(p.word, p.flag) for p in self.pos_tokenizer.lcut(text, HMM=self.hmm)]
        return _join_latin(pairs, word=lambda t: t[0], glue=lambda a, b: (a[0] + b[0], "eng"))

    def __call__(self, norm: NormalizedDoc) -> Segmented:
        return Segmented(norm, split_sentences(norm.text))
