"""Named entities from the gazetteer plus a model-number pattern for products
the gazetteer does not know. Names fold case, width, spaces and hyphens."""
from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property

import regex


_FOLD = regex.compile(r"[\s\-‐‑‒–—―]+")
_DIGIT = regex.compile(r"\d")
_LETTER = regex.compile(r"[A-Za-z]")


def _longest_first(form: str) -> tuple:
    return (-len(_FOLD.sub("", form)), -len(form), form)


def fold(name: str) -> str:
    """The key names compare by: case, width, spaces and hyphens folded."""
    import unicodedata

    s = unicodedata.normalize("NFKC", name).casefold()
    return _FOLD.sub("", s)


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


def _alias_regex(alias: str, fold_case: bool = True) -> str:
    """An alias as a pattern: spaces and hyphens optional; ASCII letters either case
    (or, fold_case=False, as given, for matching lower-cased text)."""
    out = []
    for ch in alias:
        if ch in " -":
            out.append(r"[\s\-]?")
        elif fold_case and ch.isascii() and ch.isalpha():
            out.append(f"[{ch.lower()}{ch.upper()}]")
        else:
            out.append(regex.escape(ch))
    return "".join(out)


# a Chinese brand of two characters and a model number right after it (征程6P, 云驰S7)
_HAN_MODEL = regex.compile(r"(\p{Han}{2})([A-Z]{0,2}(\d{1,4})[A-Z]{0,2})(?![A-Za-z0-9.,%：:、)）\s]|$)")
_SOFTWARE_VERSION = regex.compile(r"\s?(\d{1,2}(?:\.\d{1,2})?)(?![\d.A-Za-z%])")
_TECH_VERSION = regex.compile(r"[\s\-]?[A-Za-z]?\d{1,3}(?:\.\d)?(?:[a-z]|[A-Z]{1,2})?(?![A-Za-z0-9])")
_GENERATION = regex.compile(r"\s\d{1,2}$")
# what follows a brand as its model: numbers with letters and the words of a model
# line (8 Gen 3, X Elite, AI 9 HX 370, Ultra 9 185H, i7, 9000S, i9-14900K)
# (and a line word before the number: OPPO Find X8, Galaxy Z Flip7, Pixel 9 Pro XL)
_BRAND_MODEL = (r"(?:(?:[A-Za-z]?\d{1,5}[A-Za-z]{0,2}\+?|Gen\s?\d|AI|HX|X|Ultra|Pro|Max|Elite|Extreme|Plus|XL|Fold"
                r"|[A-Z][a-z]{2,6}\d{1,2}|[A-Z][a-z]{2,6}(?=\s[A-Z]?\d)|[A-Z](?=\s[A-Z][a-z]{2,6}\d))"
                r"(?:\s(?=[A-Za-z]?\d|Gen|AI|HX|Ultra|Pro|Max|Elite|Extreme|Plus|XL|Fold|[A-Z][a-z]{2,6}\d)|-(?=\d{3,5}[A-Z]))?)+")
# what may not follow a bare number for it to be a model name (9550 but not 9550个, 2024年)
_QUANTITY_WORDS = (r"年|月|日|号|個|个|颗|顆|块|塊|张|張|台|亿|億|万|萬|元|美元|人|名|家|款|种"
                   r"|倍|层|層|位|次|天|小时|分钟|秒|核|线程")
_NOT_A_QUANTITY = r"(?![\d.,%A-Za-z])(?!\s?(?:" + _QUANTITY_WORDS + r"|[A-Za-z]))"
# a unit, a classifier or a date word right after a number: it was a quantity
_QUANTITY_AFTER = regex.compile(r"\s?(?:" + _QUANTITY_WORDS + ")")
_ORG_MODEL = regex.compile(r"(?:的)?\s?(?!(?:19|20)\d\d(?!\d))(\d{3,5}[A-Z]{0,3}\+?(?:\s(?:Pro|PRO|Max|MAX|Plus|Ultra|EVO))?)" + _NOT_A_QUANTITY)
_LAUNCHED_NUMBER = regex.compile(r"(?:推出|发布|发表|量产|发售|上市)的(?=\s?\d{3,5})")
_ARCHITECTURE = regex.compile(r"\s?(?:架构|架構|微架构|microarchitecture|architecture|格式|数据格式|数据类型|精度)")
_VERSION_AFTER = regex.compile(r"\s?(v\d{1,2}[a-z]?)(?![A-Za-z0-9])")
# a capitalised Latin name of one or two words (Frontier, Lunar Lake, El Capitan)
# two capitalised words (Lunar Lake; the first may have two capitalised parts, MacBook
# Pro) or one (Frontier); one word in two parts alone is more often a company or a
# term (TrendForce, SerDes) than a product
_CAP_WORD = r"[A-Z][a-z]+(?:[A-Z][a-z]+)?"
# (also an acronym with a letter variant, CMM-D, CMM-B: an acronym alone is more often a
# term, CXL, TDP, than a product)
_PROPER = regex.compile(r"(?<![A-Za-z0-9+\-.'’:])(?<![A-Za-z0-9]\s)(" + _CAP_WORD + r" [A-Z][a-z]{2,}|[A-Z][a-z]{2,}"
                        r"|[A-Z]{2,5}-[A-Z]{1,2})(?![A-Za-z0-9+\-])(?!\s[A-Za-z0-9])")
_VARIANT_LETTERS = regex.compile(r"[A-Z]{1,2}(?![A-Za-z0-9]|\s[A-Za-z0-9])")
_VARIANT_AFTER = regex.compile(r"\s?((?!v\d)[a-z]\d{2,4}[a-z]?)(?![A-Za-z0-9])")
_LINE_SKU = regex.compile(r" ([A-Z]{2,3}\d{3,5}[A-Z]?)(?![A-Za-z0-9.])")
_MODEL_NUMBER = regex.compile(r"\s?(\d{3,5}[A-Z]{0,3}\+?|\d[A-Z]\d{2}[A-Z]?|\d{2}[A-Z]\d[A-Z])(?![A-Za-z0-9.])")


_HAN_ONLY = regex.compile(r"\p{Han}+")


def _inside_words(text: str, s: int, t: int) -> bool:
    """A short Chinese name the text writes inside other words: a dictionary word runs
    across its start and another across its end (计|算能|力 in 计算能力), or a word that
    starts before it holds it."""
    from .lexicon import word_freq

    words = word_freq()

    def known(a: int, b: int) -> bool:
        return 0 <= a and b <= len(text) and words.get(text[a:b], 0) >= 10

    # (a longer word that starts with the name is the name's own: 三星电子, 海光信息)
    enclosed = any(known(a, b) for a in range(s - 2, s) for b in range(t, t + 3) if b - a <= 5)
    across_start = any(known(a, b) for a in (s - 2, s - 1) for b in range(s + 1, t))
    across_end = any(known(a, b) for a in range(s + 1, t) for b in (t + 1, t + 2))
    return enclosed or across_start and across_end


@dataclass(frozen=True)
class ProperNameRules:
    """When a capitalised Latin name no entry lists is a product (gazetteer.yaml
    proper_names): written at least min_count times, not one of not_names, and
    neither a person (after a role word, before a verb of saying) nor a company
    (before what only a company does). Cue lists are regex alternations."""
    min_count: int = 0
    not_names: tuple[str, ...] = ()
    person_before: str = ""
    person_after: str = ""
    org_after: str = ""


class EntityMatcher:
    def __init__(self, entries: list[GazetteerEntry], series: list[tuple[str, bool]],
                 generic_suffixes: list[str], model_pattern: str, system_suffixes: list[str] | None = None,
                 proper: ProperNameRules | None = None, brands: dict[str, str] | None = None,
                 brand_generations: list[str] | None = None, not_subject=None, technology_names=None,
                 not_brands: frozenset = frozenset(), ai_model_pattern=None):
        self.entries = entries
        # AI models (Llama 3.1 405B, DeepSeek-V3): found before the gazetteer, whose
        # shorter names (GPT, V3) would cut them up
        self.ai_model_re = ai_model_pattern
        # formats, buses, benchmarks (FP16, PCIe 4.0): never a subject, never a system's base
        self.not_subject = not_subject
        self.technology_names = technology_names
        self.not_brands = not_brands
        # a brand written before a model names the product by the maker's own Latin
        # brand: 天玑9300 → Dimensity 9300, 骁龙8 Gen 3 → Snapdragon 8 Gen 3
        self.brands = brands or {}
        self.brand_generations = {fold(b) for b in brand_generations or []}
        self.brand_re = regex.compile(
            r"(?<![A-Za-z0-9])(?:第([一二三四五六七八九十]|\d{1,2})代\s?)?("
            + "|".join(_alias_regex(b) for b in sorted(self.brands, key=_longest_first))
            + r")\s?(" + _BRAND_MODEL + ")(?![A-Za-z0-9+])") if self.brands else None
        self.brand_fold = {fold(b): v for b, v in self.brands.items()}
        proper = proper or ProperNameRules()
        self.proper_min = proper.min_count
        self.not_names = {fold(x) for x in proper.not_names} | {fold(w) for w, _k in series} | \
            {fold(x) for x in system_suffixes or []}
        # a name right after a role (副总裁Marc Hamilton) or before a verb of saying is a
        # person; one before what a company does (Solidigm自家…, Solidigm宣布) is a company
        self.person_before = regex.compile(f"(?:{proper.person_before})$") if proper.person_before else None
        self.person_after = regex.compile(f"(?:{proper.person_after})") if proper.person_after else None
        self.org_after = regex.compile(f"(?:{proper.org_after})") if proper.org_after else None
        self.by_fold: dict[str, GazetteerEntry] = {}
        for e in entries:
            for a in (e.name, *e.aliases):
                self.by_fold.setdefault(fold(a), e)
        self.series = series
        self.drop_series = [w for w, keep in series if not keep]
        self.generic_suffixes = sorted(generic_suffixes, key=_longest_first)
        # longest first by what a form matches without its optional spaces and
        # hyphens (昇腾 910 is no longer than 昇腾910C), ties in a fixed order: the
        # alternation must not depend on hash order
        forms = sorted({a for e in entries for a in (e.name, *e.aliases)}, key=_longest_first)
        series_words = sorted({w for w, _ in series}, key=_longest_first)
        # every known name as one pattern on lower-cased text, a prefix trie so that
        # hundreds of names scan as fast as a few; Latin boundaries are checked on
        # each match (a Chinese alias needs none)
        self._forms = forms
        from .trie_regex import trie_pattern
        self.gaz_re_lower = regex.compile(trie_pattern({f.lower() for f in forms}, optional_separators=" -"))
        self.series_last = {w.lower()[-1] for w in series_words}
        self.series_before = regex.compile(
            "(?i)(?:(?:" + "|".join(_alias_regex(w) for w in series_words) + r")\s?)+$")
        self.model_re = regex.compile(model_pattern)
        self.system_suffixes = system_suffixes or []
        self.system_re = regex.compile(
            r"\s?(?:的\s?)?(" + "|".join(regex.escape(x) for x in self.system_suffixes) + r")(?![A-Za-z0-9])",
            regex.I) if self.system_suffixes else None
        self.bare_system_re = regex.compile(
            r"(?<![A-Za-z0-9])(" + "|".join(regex.escape(x) for x in self.system_suffixes) + r")(?![A-Za-z0-9])",
            regex.I) if self.system_suffixes else None

    @cached_property
    def _gaz_re_any_case(self):
        """Only for a text whose lower-casing changes its length (rare): built on first use."""
        return regex.compile("(?i)" + "|".join(_alias_regex(a) for a in self._forms))

    def is_format(self, name: str) -> bool:
        """A format, bus, memory type or benchmark (FP16, PCIe 4.0, HBM3e): never a subject."""
        return bool(self.not_subject and self.not_subject.match(name))

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
        return t if _DIGIT.search(t) and _LETTER.search(t) else None

    def han_models(self, text: str, taken: list[Entity], not_before: str, is_name_like,
                   never_before: str = "", is_word_start=lambda p: True,
                   is_word=lambda w: False) -> list[Entity]:
        """Products a document names with a Chinese brand and a model number (征程6P,
        云驰S7, 鲲鹏920) that no gazetteer lists: a two-character prefix written before
        a model number at least twice in the document, never before a unit, a
        classifier or a date word, and itself a noun rather than a verb or a word
        like 达到 (达到300W is a quantity)."""
        occ: dict[str, list[tuple[int, int, bool]]] = {}
        for m in _HAN_MODEL.finditer(text):
            if m.start() > 0 and is_word(text[m.start() - 1:m.start() + 1]):
                continue            # 价格上X870E: 格 ends the word 价格, so 格上 is no brand
            nxt = text[m.end():m.end() + 1]
            if nxt and nxt in never_before:
                continue
            letters = m.group(2)[len(m.group(2).rstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZ")):]
            if len(letters) >= 2:
                continue            # 容量24GB: two letters after the digits are a unit
            if self.is_format(m.group(2)) or self.by_fold.get(fold(m.group(2))):
                continue            # 稠密FP16, 搭载H100: a format or a listed name is no brand's model
            # 征程6P: one letter may be a model suffix or a unit prefix, and 征程5只 a
            # count; only an occurrence with neither makes the prefix a brand, but
            # every one is a name then
            occ.setdefault(m.group(1), []).append((m.start(), m.end(), not letters and not (nxt and nxt in not_before)))
        used = bytearray(len(text) + 1)
        for e in taken:
            if e.source != "pattern":       # S7 found alone by the pattern gives way to 云驰S7
                used[e.start:e.end] = b"\x01" * (e.end - e.start)
        out = []
        for prefix, spans in sorted(occ.items()):
            if prefix in self.not_brands:
                continue            # 工艺N3E, 代号GB10: a common word before a code is no brand
            repeated = len(spans) >= 2 and any(clean for _a, _b, clean in spans) and is_name_like(prefix)
            # 云驰S7 once and S7 alone elsewhere: the model is written with and without its brand
            alone = is_word_start(prefix) and any(text[a + 2:a + 3].isalpha() and text[a + 2:a + 3].isascii() and regex.search(
                rf"(?<![\p{{Han}}A-Za-z0-9]){regex.escape(text[a + 2:b])}(?![A-Za-z0-9])", text) for a, b, _c in spans)
            if not (repeated or alone):
                continue
            for a, b, _clean in spans:
                if not any(used[a:b]):
                    out.append(Entity(text[a:b], "product", a, b, "document"))
        return out

    def _suffix_follows(self, text: str, t: int) -> bool:
        """A generic word glued after a name (V100GPU) ends the name there."""
        for suf in self.generic_suffixes:
            if suf.isascii() and text.startswith(suf, t):
                end = t + len(suf)
                return end >= len(text) or not (text[end].isascii() and text[end].isalnum())
        return False

    def _glued(self, text: str, s: int) -> bool:
        """A known name written right after another with no space (NVLinkV100)."""
        a = max(0, s - 16)
        window = text[a:s].lower()
        for m in self.gaz_re_lower.finditer(window, overlapped=True):
            start = a + m.start()
            if m.end() == len(window) and (start == 0 or not text[start - 1].isascii()
                                           or not text[start - 1].isalnum()):
                return True
        return False

    # (or a word in capitals: ROG Flow Z13, AORUS MASTER 16)
    _LINE_WORD = regex.compile(r"(?<![A-Za-z0-9\-])([A-Z][a-z]+(?:[A-Z][a-z]+)?|[A-Z]{3,6})\s$")

    def _line_words_before(self, text: str, s: int, used: bytearray) -> int:
        """Zenbook S 14, Surface Laptop 7: capitalised words right before an unlisted
        model are its product line, unless they name a maker, a listed series or a
        word that is no name (not_names)."""
        start = s
        for _ in range(2):
            m = self._LINE_WORD.search(text, max(0, start - 16), start)
            if not m or any(used[m.start(1):m.end(1)]):
                break
            w = fold(m.group(1))
            e = self.by_fold.get(w)
            # (Tensor G4: a generic word before a letter-and-digit model is the model's line)
            lettered = start == s and regex.match(r"[A-Z]\d{1,2}(?![A-Za-z0-9])", text[s:s + 4])
            if w in self.not_names and not lettered or e is not None:
                break
            start = m.start(1)
        return start

    _HAN_LINE = regex.compile(r"(\p{Han}{2})$")
    _GENERIC_HEAD = regex.compile(r"(?:Pro|Air|Max|Ultra|Plus|Mini|Lite|Neo)\b")

    def _han_line_before(self, text: str, s: int, found: list[Entity]) -> int:
        """无畏Pro 16, 小新Pro 14: a model that starts with a generic word (Pro, Air)
        takes the two Chinese characters of its line glued before it, where they
        follow the maker's name or start the phrase."""
        if not self._GENERIC_HEAD.match(text, s):
            return s
        m = self._HAN_LINE.search(text, max(0, s - 2), s)
        if not m or any(c in "的了是和与在为款代版台个这那" for c in m.group(1)):
            return s
        a = m.start(1)
        before = a == 0 or not regex.match(r"\p{Han}", text[a - 1]) or any(
            e.type == "organization" and e.end == a for e in found)
        return a if before else s

    def _with_series(self, text: str, s: int) -> int:
        """Where a run of series words right before s starts (Tesla V100, AMD EPYC 7742)."""
        if s == 0:
            return s
        p = text[s - 2] if text[s - 1] == " " and s > 1 else text[s - 1]
        if p.lower() not in self.series_last:
            return s
        m = self.series_before.search(text, max(0, s - 24), s)
        if m and (m.start() == 0 or not text[m.start() - 1].isascii() or not text[m.start() - 1].isalnum()):
            return m.start()
        return s

    def find(self, text: str) -> list[Entity]:
        """Entities in text, longest first where they overlap."""
        found: list[Entity] = []
        used = bytearray(len(text) + 1)

        def free(s: int, t: int) -> bool:
            return not any(used[s:t])

        def take(s: int, t: int) -> None:
            used[s:t] = b"\x01" * (t - s)

        n = len(text)
        if self.ai_model_re is not None:
            for m in self.ai_model_re.finditer(text):
                found.append(Entity(m.group(), "product", m.start(), m.end(), "ai_model"))
                take(m.start(), m.end())
        low = text.lower()
        matches = self.gaz_re_lower.finditer(low) if len(low) == n else self._gaz_re_any_case.finditer(text)
        for m in matches:
            s, t = m.span()
            g = text[s:t]
            # a Latin name must not continue a longer Latin word (V100 in XV1000)
            if g[0].isascii() and g[0].isalnum() and s > 0 and text[s - 1].isascii() and text[s - 1].isalnum():
                s2 = self._with_series(text, s)
                if s2 == s and not self._glued(text, s):
                    continue
            variant = ""
            if g[-1].isascii() and g[-1].isalnum() and t < n and text[t].isascii() and text[t].isalnum() \
                    and not self._suffix_follows(text, t):
                # 征程6P, Exynos 2400E: a model's variant letters make another model of the line
                v = _VARIANT_LETTERS.match(text, t) if g[-1].isdigit() else None
                if v is None:
                    continue
                variant = v.group()
            if g[-1].isascii() and text[t:t + 1] in ("'", "’") and text[t + 1:t + 2].isalpha():
                continue            # Dell'Oro is no Dell
            e = self.by_fold.get(fold(g))
            if e is None:
                continue
            if len(g) <= 3 and _HAN_ONLY.fullmatch(g) and _inside_words(text, s, t):
                continue            # 计算能力 holds no 算能, 理想速度 no 理想
            s0 = self._with_series(text, s)
            # a series word can be part of the name (DGX A100) or only a brand (Tesla V100)
            whole = self.by_fold.get(fold(text[s0:t]))
            prefix = text[s0:s].strip()
            if whole is not None:
                e = whole
                name = e.name
            elif prefix and e.type == "product" and self.canonical(text[s0:t]) not in (None, e.name) \
                    and not any(prefix.lower().startswith(w.lower()) for w in self.drop_series):
                name = self.canonical(text[s0:t])      # HGX H800: a system named by its GPU
            else:
                name = e.name
            # a known series followed by its model number (Xeon Platinum 8592+) names the model
            mm = _MODEL_NUMBER.match(text, t)
            sku = _LINE_SKU.match(text, t) if e.type == "product" and _DIGIT.search(name) else None
            if mm and e.type == "product" and not _DIGIT.search(name):
                name, t = f"{name} {mm.group(1)}", mm.end()
            elif sku and not self.by_fold.get(fold(sku.group(1))):
                # Quantum-2 QM9790, Spectrum-4 SN5600: a line named with its generation,
                # then the lettered model of the box
                name, t = f"{name} {sku.group(1)}", sku.end()
            elif e.type == "software" and _SOFTWARE_VERSION.match(text, t):
                # ROCm 7 against ROCm 6: a release of a software platform is its own subject
                v = _SOFTWARE_VERSION.match(text, t)
                name, t = f"{name} {v.group(1)}", v.end()
            elif e.type == "technology" and _TECH_VERSION.match(text, t):
                # Neoverse V2, CDNA 3, NVLink 5: a technology's version is no product
                t = _TECH_VERSION.match(text, t).end()
            elif variant and e.type == "product":
                name, t = name + variant, t + len(variant)
            elif e.type == "product" and not _DIGIT.search(name) and _VARIANT_AFTER.match(text, t):
                # Wormhole n300, Blackhole p150a: a board of a chip line, named by its lower-case code
                v = _VARIANT_AFTER.match(text, t)
                name, t = f"{name} {v.group(1)}", v.end()
            elif e.type == "product" and not _DIGIT.search(name) and _VERSION_AFTER.match(text, t):
                # MTIA v2, Gaudi v2: a product line and its version name the product
                v = _VERSION_AFTER.match(text, t)
                name, t = f"{name} {v.group(1)}", v.end()
            elif mm and e.type == "product" and _GENERATION.search(name) and len(mm.group(1)) >= 4:
                # a generation name followed by a model (Xeon 6 6980P) is that model: Xeon 6980P
                name, t = f"{_GENERATION.sub('', name)} {mm.group(1)}", mm.end()
            found.append(Entity(name, e.type, s0, t, "gazetteer"))
            take(s0, t)
        # 美光9550, 三星的990 Pro: a model number right after its maker names the product;
        # so does one right after a launch (美光去年7月推出的9550)
        starts = [x.end for x in found if x.type == "organization"] + [m.end() for m in _LAUNCHED_NUMBER.finditer(text)]
        for p in sorted(set(starts)):
            mm = _ORG_MODEL.match(text, p)
            if mm and free(mm.start(1), mm.end(1)):
                found.append(Entity(mm.group(1), "product", mm.start(1), mm.end(1), "maker"))
                take(mm.start(1), mm.end(1))
        if self.brand_re is not None:
            for m in self.brand_re.finditer(text):
                s, t = m.span()
                model = m.group(3).rstrip()
                if not free(s, t) or not _DIGIT.search(model) and " " not in model and len(model) < 3:
                    continue        # 骁龙X alone is no model; 酷睿Ultra and 骁龙X Elite are
                t = m.start(3) + len(model)
                if _QUANTITY_AFTER.match(text, t) and model.isdigit():
                    continue        # 昇腾2025年, 骁龙8核: a number with a unit or a classifier is no model
                line = self.brand_fold[fold(m.group(2))]
                # a line the maker names in Chinese keeps it glued (昇腾610, like the listed 昇腾910B)
                name = f"{line}{model}" if _HAN_ONLY.fullmatch(line) else f"{line} {model}"
                if m.group(1):
                    if fold(m.group(2)) not in self.brand_generations or "Gen" in model:
                        s = m.start(2)          # 第五代至强: the generation is no part of the name
                    else:
                        # the maker's Chinese name of a generation: 第三代骁龙8 is Snapdragon 8 Gen 3
                        g = m.group(1)
                        name += f" Gen {int(g) if g.isdigit() else '一二三四五六七八九十'.index(g) + 1}"
                found.append(Entity(name, "product", s, t, "brand"))
                take(s, t)
        for m in self.model_re.finditer(text):
            s, t = m.span()
            if not free(s, t):
                continue
            s0 = self._with_series(text, s)
            while s0 < s and used[s0]:
                s0 += 1                     # a brand already found as an organisation (AMD EPYC 7742)
            while s0 < s and text[s0] == " ":
                s0 += 1
            if s0 == s:
                s0 = self._line_words_before(text, s, used)
            if s0 == s:
                s0 = self._han_line_before(text, s, found)
            mm = _MODEL_NUMBER.match(text, t)
            if mm and _GENERATION.search(text[s0:t]) and free(t, mm.end()):
                t = mm.end()                # Core Ultra 7 258V: a tier, then the model
            name = self.canonical(text[s0:t])
            if name and _DIGIT.search(name):
                # a model-like name before 架构 is an architecture (Xe2架构, RDNA 3.5架构)
                # (N3E, SF3: a manufacturing process looks like a model and is a technology too)
                kind = "technology" if _ARCHITECTURE.match(text, t) or (
                    self.technology_names and self.technology_names.match(name)) else "product"
                found.append(Entity(name, kind, s0, t, "pattern"))
                take(s0, t)
        if self.proper_min:
            found += self._proper_names(text, used)
        found.sort(key=lambda e: e.start)
        found = self._technology_short_forms(text, found)
        return self._systems(text, self._document_aliases(text, found, used))

    @staticmethod
    def _technology_short_forms(text: str, found: list[Entity]) -> list[Entity]:
        """Cortex-X4 … X4最高跑到3.25GHz: a model-like token the text wrote as the
        version of a technology is that technology, not a product."""
        tails = set()
        for e in found:
            if e.type == "technology":
                m = regex.search(r"[\s\-]([A-Za-z]?\d{1,3}[A-Za-z]{0,2})$", text[e.start:e.end])
                if m:
                    tails.add(fold(m.group(1)))
        if not tails:
            return found
        return [replace(e, type="technology") if e.source == "pattern" and fold(e.name) in tails else e
                for e in found]

    def _proper_names(self, text: str, used: bytearray) -> list[Entity]:
        """Capitalised Latin names no gazetteer lists (Frontier, Lunar Lake): in a
        Chinese text a Latin word written with a capital is a name, and one written
        again and again is what the text is about. Benchmarks, frameworks and
        generic English words are listed in not_names; a speaker's name (Kevin：)
        is a person."""
        occ: dict[str, list[tuple[int, int]]] = {}
        speakers = set()
        makers = set()
        for m in _PROPER.finditer(text):
            s, t = m.span()
            if any(used[s:t]):
                continue
            name = m.group(1)
            if fold(name) in self.not_names or fold(name) in self.by_fold:
                continue
            if regex.match(r"\p{Han}{0,3}\s*[：:]", text[t:t + 5]) and (s == 0 or text[s - 1] in "\n（(、，"):
                speakers.add(name)
            if (self.person_before and self.person_before.search(text, max(0, s - 8), s)) or \
                    (self.person_after and self.person_after.match(text, t)):
                speakers.add(name)
            if self.org_after and self.org_after.match(text, t):
                makers.add(name)
            occ.setdefault(name, []).append((s, t))
        out = []
        for name, spans in occ.items():
            if name in speakers or len(spans) < self.proper_min:
                continue
            kind = "organization" if name in makers else "product"
            for s, t in spans:
                out.append(Entity(name, kind, s, t, "name"))
                used[s:t] = b"\x01" * (t - s)
        return out

    @staticmethod
    def _model_tokens(name: str) -> list[str]:
        """The parts of a product name a text may use alone once it has named the
        product in full: the model number (EPYC 9965 → 9965, TPU v5e → v5e) and a
        suffix after a hyphen (MLU370-X8 → X8)."""
        parts = name.split()
        if len(parts) < 2:
            out = []
        else:
            out = [parts[-1]]
            if len(parts) >= 3 and regex.fullmatch(r"[A-Z]{1,3}", parts[-2]):
                out.append(f"{parts[-2]} {parts[-1]}")     # Ryzen AI 9 HX 370 → HX 370
        tail = parts[-1].rsplit("-", 1)
        if len(tail) == 2 and _LETTER.search(tail[1]) and _DIGIT.search(tail[1]):
            out.append(tail[1])
        keep = []
        for tok in out:
            if not _DIGIT.search(tok):
                continue
            if _LETTER.search(tok) and len(tok) >= 2 or len(regex.sub(r"\D", "", tok)) >= 4:
                keep.append(tok)
        return keep

    def _document_aliases(self, text: str, found: list[Entity], used: bytearray) -> list[Entity]:
        """A text that has named a product in full may later call it by its model
        number alone (8592+的64核, 6980P的售价): those short forms name the same product,
        within this document only. A short form two products share names neither."""
        # every form a product may be written by alone later, and whose it is: a model
        # number its maker named (美光9550 … 9550), a brand model without its brand
        # (骁龙X Elite … X Elite), the model tokens of a name (EPYC 9965 … 9965)
        owner: dict[str, set[str]] = {}
        written: set[str] = set()
        for e in found:
            if e.type != "product":
                continue
            tokens = [tok for tok in self._model_tokens(e.name) if fold(tok) not in self.by_fold]  # A100 of DGX A100
            if e.source == "maker":
                tokens.append(e.name)
            if e.source == "brand" and " " in e.name:
                tokens.append(e.name.split(" ", 1)[1])
            for tok in tokens:
                owner.setdefault(fold(tok), set()).add(e.name)
                written.add(tok)
        found = self._shared_short_forms(text, found)
        short = {}
        for k, names in owner.items():
            # Xeon 8592+ and Xeon Platinum 8592+ are one product, told the long way once
            full = max(sorted(names), key=len)
            words = set(full.lower().split())
            if all(set(n.lower().split()) <= words for n in names):
                short[k] = full
        if not short:
            return found
        out = []
        for e in found:
            toks = self._model_tokens(e.name) if e.type == "product" else []
            if fold(e.name) in short:
                e = replace(e, name=short[fold(e.name)])
            elif toks and fold(toks[0]) in short and e.source == "pattern":
                e = replace(e, name=short[fold(toks[0])])
            out.append(e)
        written = {t for t in written if fold(t) in short}
        # a bare number (9965, 9300) is a name only where no unit or classifier follows it
        numbers = sorted((t for t in written if t.isdigit()), key=_longest_first)
        forms = sorted((t for t in written if not t.isdigit() and len(t) >= 2), key=_longest_first)
        pats = []
        if forms:
            pats.append(regex.compile(r"(?<![A-Za-z0-9.\-])(?:" + "|".join(_alias_regex(f) for f in forms)
                                      + r")(?![A-Za-z0-9+]|\.\d|\s?(?:年|月|日))"))
        if numbers:
            pats.append(regex.compile(r"(?<![A-Za-z0-9.,\-])(?:" + "|".join(_alias_regex(f) for f in numbers)
                                      + ")" + _NOT_A_QUANTITY))
        for pat in pats:
            for m in pat.finditer(text):
                s, t = m.span()
                if s == t or any(used[s:t]) or fold(m.group()) not in short:
                    continue
                out.append(Entity(short[fold(m.group())], "product", s, t, "document"))
                used[s:t] = b"\x01" * (t - s)
        out.sort(key=lambda e: e.start)
        return out

    def _shared_short_forms(self, text: str, found: list[Entity]) -> list[Entity]:
        """Thor alone is DRIVE Thor in a text on cars and Jetson Thor in a text that has
        written Jetson Thor: a one-word alias the gazetteer gives to one product names the
        product this document wrote in full with that word last."""
        full: dict[str, set[str]] = {}
        for e in found:
            if e.type == "product" and " " in e.name and fold(text[e.start:e.end]) == fold(e.name):
                full.setdefault(fold(e.name.rsplit(" ", 1)[1]), set()).add(e.name)
        if not full:
            return found
        out = []
        for e in found:
            written = fold(text[e.start:e.end])
            names = full.get(written)
            if e.type == "product" and e.source == "gazetteer" and names and len(names) == 1 \
                    and e.name not in names and written != fold(e.name):
                e = replace(e, name=next(iter(names)))
            out.append(e)
        return out

    def _systems(self, text: str, found: list[Entity]) -> list[Entity]:
        """A product followed by a system word (TPU v4 Pod, v5e的Pod) names the system
        built of it; the bare word later (整个Pod的峰值算力) names the last such system
        or the system of the product named last."""
        if not self.system_re:
            return found
        out: list[Entity] = []
        taken = bytearray(len(text) + 1)
        for e in found:
            # BF16 Pod is no system: a format is never the base of one
            m = self.system_re.match(text, e.end) if e.type == "product" and not self.is_format(e.name) else None
            if m and not e.name.lower().endswith(m.group(1).lower()):
                e = replace(e, name=f"{e.name} {m.group(1)}", end=m.end())
            out.append(e)
            taken[e.start:e.end] = b"\x01" * (e.end - e.start)
        extra = []
        for m in self.bare_system_re.finditer(text):
            if any(taken[m.start():m.end()]):
                continue
            prev = [e for e in out if e.end <= m.start() and e.type == "product" and not self.is_format(e.name)]
            if prev:
                base = prev[-1].name
                name = base if base.lower().endswith(m.group(1).lower()) else f"{base} {m.group(1)}"
                extra.append(Entity(name, "product", m.start(), m.end(), "document"))
        return sorted(out + extra, key=lambda e: e.start)
