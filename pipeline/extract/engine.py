"""The extraction engine: compiles the pattern rules with their macros, runs them,
turns matches into mentions through named actions, and settles overlaps
(longest match first, then rule priority)."""
from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass, replace
from functools import cached_property, lru_cache

import regex

from ..errors import RuleFileError
from ..model import Mention, Segmented
from ..units import Unit
from . import actions

_PUNCT_STOP = "，。；、！？,;!?\n（）()：:“”\"「」《》【】"


# what joins two months of one year (4月与10月, 3月到6月, 4月、7月)
_DATE_JOIN = regex.compile(r"\s?(?:与|和|及|跟|或|、|到|至|-|~|～)\s?")


@dataclass
class Candidate:
    mention: Mention
    factor: float = 1.0         # multiply a number by this to reach the canonical unit
    blocker: bool = False       # consumes text but yields no row (16GT/s)
    why: str = ""


class Extractor:
    def __init__(self, rules):
        self.rules = rules
        self.units_by_surface = rules.units.by_surface()
        self.macros = self._macros()
        self.compiled = []
        for r in rules.patterns:
            src = r.pattern
            for name in regex.findall(r"\{([A-Z][A-Z0-9]*)\}", src):
                if name not in self.macros:
                    raise RuleFileError(r.path, r.line, f"unknown macro {{{name}}}; macros: "
                                        + ", ".join("{" + k + "}" for k in self.macros), r.id)
            for name, val in self.macros.items():
                src = src.replace("{" + name + "}", val)
            try:
                r.compiled = regex.compile(src)
            except regex.error as e:
                raise RuleFileError(r.path, r.line, f"pattern does not compile: {e}", r.id) from e
            self.compiled.append(r)
        self.rate_after = regex.compile(
            r"\s?(?:" + "|".join(regex.escape(m) for m in sorted(rules.units.rate_markers, key=len, reverse=True)) + ")")
        digit_names = [a for e in rules.entities.entries for a in (e.name, *e.aliases)
                       if regex.search(r"\d", a) and e.type != "person"]
        self.name_mask = regex.compile(
            r"(?<![A-Za-z0-9])(?:" + "|".join(regex.escape(n) for n in sorted(digit_names, key=len, reverse=True))
            + r")(?![0-9])", regex.IGNORECASE) if digit_names else None
        self.item_forms = regex.compile(
            "|".join(regex.escape(w) for w in sorted(rules.items, key=len, reverse=True)))
        self.stop_words = set(rules.stop_words)

    def _macros(self) -> dict[str, str]:
        r = self.rules
        num = r.numerals.regex_source()
        surfaces = sorted(self.units_by_surface, key=len, reverse=True)
        counted = sorted(r.counted_nouns, key=len, reverse=True)
        cls = sorted(r.classifiers, key=len, reverse=True)
        rates = sorted(r.units.rate_markers, key=len, reverse=True)
        approx = sorted(r.numerals.approx_suffixes, key=len, reverse=True)
        return {
            "NUM2": num.replace("(?P<num>", "(?P<num2>"),
            "NUM": num,
            "APPROX": "(?:" + "|".join(regex.escape(a) for a in approx) + ")?" if approx else "",
            "UNIT": "(?P<unit>" + "|".join(regex.escape(s) for s in surfaces) + ")",
            "CLS": "(?P<cls>" + "|".join(regex.escape(c) for c in cls) + ")",
            "COUNTED": "(?P<noun>" + "|".join(regex.escape(c) for c in counted) + ")",
            "RATE": "(?:" + "|".join(regex.escape(c) for c in rates) + ")",
        }

    # -- unit choice -------------------------------------------------------
    def pick_unit(self, text: str, surface: str, end: int, rate_before: bool,
                  start: int | None = None) -> tuple[Unit, int] | None:
        """The unit entry whose conditions hold here, and where the mention ends."""
        after = text[end:end + 12]
        m_rate = self.rate_after.match(after)
        for u in self.units_by_surface.get(surface, []):
            if u.before and (start is None or not _compiled(u.before).search(text[max(0, start - 16):start])):
                continue
            if u.not_after and _compiled(u.not_after).match(after):
                continue
            if u.after and not _compiled(u.after).match(after):
                continue
            if u.rate_only and not (m_rate or rate_before):
                continue
            return u, end
        return None

    # -- running -----------------------------------------------------------
    def candidates(self, text: str, segment=None) -> list[Candidate]:
        out: list[Candidate] = []
        for rule in self.compiled:
            fn = getattr(actions, rule.action)
            for m in rule.compiled.finditer(text):
                for c in fn(self, rule, m, text, segment) or []:
                    out.append(c)
        return out

    def resolve(self, cands: list[Candidate], text: str) -> list[Candidate]:
        # numbers inside product names (Atlas 900, Ascend 910) are no quantity
        used = bytearray(len(text) + 1)
        if cands:
            masks = [_URL.finditer(text)] + ([self.name_mask.finditer(text)] if self.name_mask else [])
            for it in masks:
                for m in it:
                    used[m.start():m.end()] = b"\x02" * (m.end() - m.start())
        cands = [c for c in cands if used[c.mention.start] != 2]
        cands.sort(key=lambda c: (-(c.mention.end - c.mention.start), -c.mention.priority, c.mention.start))
        kept = []
        for c in cands:
            s, e = c.mention.start, c.mention.end
            if any(used[s:e]):
                continue
            used[s:e] = b"\x01" * (e - s)
            kept.append(c)
        kept.sort(key=lambda c: c.mention.start)
        return kept

    def range_heads(self, kept: list[Candidate], text: str) -> list[Candidate]:
        """5-12倍, 15到60W: the first number takes the unit of the second."""
        conn = "|".join(regex.escape(c) for c in self.rules.numerals.range_connectors)
        # the first number may carry the prefix of the shared unit (256P-1024P FLOPS)
        head_re = regex.compile(self.macros["NUM"] + r"\s?[KMGTPE]?\s?(?:" + conn + r")\s?$")
        extra = []
        for c in kept:
            if c.blocker or c.mention.kind == "date":
                continue
            left = text[max(0, c.mention.start - 16):c.mention.start]
            m = head_re.search(left)
            if not m:
                continue
            s = c.mention.start - len(left) + m.start("num")
            if any(k.mention.start <= s < k.mention.end for k in kept):
                continue
            head = m.group("num")
            # 三到四万美元, 15到20亿: the head takes the big magnitudes the tail ends with
            mags = self._tail_magnitudes(text[c.mention.start:c.mention.end])
            # (两万五到三万: a head with a big magnitude of its own keeps it)
            if mags and not any(ch in self.rules.numerals.big for ch in head):
                head += mags
            val = self.rules.numeral_parser.parse(head)
            if val is None:
                continue
            mm = replace(c.mention, value=val * c.factor, start=s, end=c.mention.start - len(left) + m.end("num"),
                         rule_id=c.mention.rule_id + "+range")
            extra.append(Candidate(mm, c.factor))
        return sorted(kept + extra, key=lambda c: c.mention.start)

    @cached_property
    def _cn_numeral(self):
        """A run of Chinese digits and magnitudes (the numerals table's characters)."""
        t = self.rules.numerals
        return regex.compile("[" + regex.escape("".join(sorted(set("".join(t.digits) + "".join(t.magnitudes))))) + "]+")

    def _tail_magnitudes(self, surface: str) -> str:
        """The big magnitudes (万, 亿) a number's digits end with: 四万美元 → 万, 20亿元 → 亿."""
        big = self.rules.numerals.big
        i = 0
        while i < len(surface) and (surface[i].isdigit() or surface[i] in ".,"
                                    or surface[i] in self.rules.numerals.digits
                                    or surface[i] in self.rules.numerals.magnitudes):
            i += 1
        j = i
        while j > 0 and surface[j - 1] in big:
            j -= 1
        guards = dict(self.rules.numerals.magnitude_guards)
        if j < i and surface[i - 1] in guards and not regex.match(guards[surface[i - 1]], surface[i:]):
            return ""           # 十到十五兆瓦: 兆 before 瓦 is the unit's prefix, not the number's
        return surface[j:i] if j > 0 else ""

    def coordinated_dates(self, kept: list[Candidate], text: str) -> list[Candidate]:
        """去年4月与10月, 2024年3月到6月: a month joined to a dated month shares its year."""
        prev = None
        for c in kept:
            if c.mention.kind != "date":
                continue
            v = c.mention.value
            if prev is not None and isinstance(v, str) and v.startswith("--") \
                    and _DATE_JOIN.fullmatch(text, prev.mention.end, c.mention.start):
                year = regex.match(r"\d{4}(?=-)", str(prev.mention.value))
                if year:
                    c.mention = replace(c.mention, value=year.group() + v[1:])
            prev = c
        return kept

    def approx_ends(self, kept: list[Candidate], text: str) -> list[Candidate]:
        """两三千瓦, 六七倍: a spoken range read at its low end gets its high end too."""
        extra = []
        for c in kept:
            if c.blocker or c.mention.kind == "date":
                continue
            run = self._cn_numeral.search(text, c.mention.start, c.mention.end)
            pair = self.rules.numeral_parser.approx_pair(run.group()) if run else None
            if pair and pair[0]:
                mm = replace(c.mention, value=c.mention.value * pair[1] / pair[0],
                             rule_id=c.mention.rule_id + "+approx")
                extra.append(Candidate(mm, c.factor))
        return sorted(kept + extra, key=lambda c: c.mention.start)

    def explain(self, seg: Segmented) -> list[tuple[Candidate, str]]:
        """Every candidate with its fate: 'kept', or why it lost an overlap."""
        text = seg.norm.text
        cands = self.candidates(text, seg)
        kept = self.resolve(list(cands), text)
        kept_ids = {id(c) for c in kept}
        out = []
        for c in sorted(cands, key=lambda c: (c.mention.start, -c.mention.end)):
            m = c.mention
            if id(c) in kept_ids:
                out.append((c, "kept (yields no row: not a kind of the spec)" if c.blocker else "kept"))
                continue
            winner = next((k for k in kept if k.mention.start < m.end and m.start < k.mention.end), None)
            if winner is None:
                out.append((c, "dropped: inside a product name"))
                continue
            w = winner.mention
            why = ("longer match" if (w.end - w.start) > (m.end - m.start)
                   else "same length, higher priority" if w.priority > m.priority else "same length, earlier")
            out.append((c, f"lost to {w.rule_id} [{w.start},{w.end}) {text[w.start:w.end]!r}: {why}"))
        return out

    def extract(self, seg: Segmented) -> list[Mention]:
        norm = seg.norm
        text = norm.text
        kept = self.approx_ends(self.range_heads(self.resolve(self.candidates(text, seg), text), text), text)
        kept = self.coordinated_dates(kept, text)
        starts = [s.start for s in seg.sentences]
        out = []
        for c in kept:
            if c.blocker:
                continue
            m = c.mention
            m.doc_id = norm.doc.doc_id
            m.raw_start, m.raw_end = norm.raw_span(m.start, m.end)
            m.surface = norm.doc.raw[m.raw_start:m.raw_end]
            m.normalized = text[m.start:m.end]
            i = bisect_right(starts, m.start) - 1
            if i >= 0:
                sent = seg.sentences[i]
                m.sentence = sent.text.strip()
            out.append(m)
        self._local_currency(text, out)
        return out

    _BARE_YUAN = regex.compile(r"[\d.,，万亿兆千百十两一二三四五六七八九零〇点]*(?:元|块[一二三四五六七八九]?钱?|毛[一二三四五六七八九]?钱?|个亿)")

    def _local_currency(self, text: str, mentions: list[Mention]) -> None:
        """Bare 元 in a text that names one local currency and never 人民币 is that
        currency (rules/units.txt [local_currency])."""
        table = self.rules.units.local_currency
        if not table or "人民币" in text or "RMB" in text:
            return
        named = {code for words, code in table if any(w in text for w in words)}
        if len(named) != 1:
            return
        code = named.pop()
        for m in mentions:
            if m.kind == "money" and m.unit == "CNY" and self._BARE_YUAN.fullmatch(m.normalized.replace(" ", "")):
                m.unit = code

    def item_after(self, text: str, pos: int, segment=None) -> tuple[str, str]:
        """The counted thing after a classifier ending at pos: (item, source)."""
        end = pos
        limit = min(len(text), pos + 24)
        while end < limit and text[end] not in _PUNCT_STOP:
            end += 1
        window = text[pos:end]
        if not window:
            return "", ""
        return self._item_in(window)

    @lru_cache(maxsize=8192)
    def _item_in(self, window: str) -> tuple[str, str]:
        """The counted thing after a classifier: a product model named before the
        phrase ends (基于Pascal架构的Tesla P100), else the last known item of the
        noun phrase (1.92TB的固态硬盘 → SSD), else the phrase's head word."""
        toks = pos_tokens(self.rules, window)
        bound = 0
        for w in self.rules.segmenter.tokens(window):     # keeps DGX-2 whole
            joins = w in "-." and bound and window[bound - 1].isalnum() and window[bound + 1:bound + 2].isalnum()
            if w in self.stop_words and w != "的" or regex.fullmatch(r"[^\w\s]+", w) and not joins:
                break
            bound += len(w)
        first = self.item_forms.match(window)
        if first and window[first.end():].lstrip().startswith("的"):
            # 128个核心的EPYC 9755 counts cores; the product after 的 owns them
            return self.rules.items[first.group()], "items"
        series = ""
        # 8颗高性能核心反超A18 Pro: a known item before the product, not tied to it by 的,
        # ends the phrase; the product belongs to what the sentence says next
        item_first = self.item_forms.search(window, 0, bound)
        for ent in self.rules.entities.find(window[:bound]):
            if item_first and ent.start >= item_first.end() and "的" not in window[item_first.end():ent.start] \
                    and not window[item_first.end():ent.start].isascii():
                break
            if ent.type == "product" and self.rules.is_subject(ent) and (
                    regex.search(r"\d", ent.name) or not self._series_name(ent.name)):
                return ent.name, "product"
            if ent.type == "product" and not series:
                series = ent.name
        phrase, head, compound = self._noun_phrase(toks)
        if series and head and head.isascii() and head.lower() in series.lower().split():
            return series, "series"         # 四万八千张Xeon Phi counts Xeon Phis, not "Phi"s
        if compound in self.rules.items:
            return self.rules.items[compound], "items"
        found = list(self.item_forms.finditer(phrase))
        multi = compound and len(compound) > len(head)
        if found:
            form = found[-1].group()
            if not multi:
                return self.rules.items[form], "items"
            # a known thing keeps a Chinese modifier that says which kind
            # (单精度计算单元); a brand, model or bus before it does not (EDR网卡 → 网卡);
            # a head after the known thing makes a compound of its own (GPU实例)
            prefix = compound[: -len(form)]
            if self.rules.items[form] in self.rules.named_kinds and regex.fullmatch(r"[A-Za-z][A-Za-z0-9]*", prefix) \
                    and not self._brand(prefix):
                return prefix + form, "compound"      # 20个Xe核心 counts Xe cores
            if compound.endswith(form) and not (regex.fullmatch(r"\p{Han}+", prefix)
                                               and self.rules.items[form] == form):
                return self.rules.items[form], "items"
        if multi:
            return compound, "compound"           # 7个GPU实例, 8颗HBM3堆栈, 80条PCIe 5.0通道
        return head, ("word" if head else "")

    def _noun_phrase(self, toks: list[tuple[str, str]]) -> tuple[str, str, str]:
        """(the noun phrase the tokens start with, its head word, the compound noun
        ending at the head). A 的 after an adjective or a quantity continues the
        phrase (最新的, 1.92TB的固态硬盘, 5nm工艺的XCD计算芯片); after a bare noun it
        ends it (两个数量级的服务器 counts 数量级). The compound is the run of nouns the
        head closes, without versions and brand or series names (PCIe 5.0通道 →
        PCIe通道; 英特尔至强PlatinumCPU → CPU)."""
        text, head, seen_noun = "", "", False
        measured = bool(toks) and toks[0][0][:1].isdigit()
        run: list[str] = []
        compound = ""
        for i, (w, flag) in enumerate(toks):
            if w == "的":
                prev = toks[i - 1][1] if i else ""
                if i == 1 and len(toks[0][0]) == 1 and (prev[:1] == "n" or prev == "zg") \
                        and regex.match(r"\p{Han}", toks[0][0]):
                    head = compound = toks[0][0]    # 三台车的油耗: the car is counted, not its fuel
                    break
                if seen_noun and prev[:1] == "n" and prev != "nz" and not measured:
                    break
                text += w
                run = []
                continue
            if not w.strip() or (w in "./-" and i and toks[i - 1][0][-1:].isalnum()):
                text += w                   # spaces, the point of 1.92TB, the hyphen of DGX-2
                continue
            if w in self.stop_words or regex.fullmatch(r"[^\w]+", w):
                break
            # (a place word after a noun closes a compound: 红绿灯路口)
            nounish = flag[:1] in ("n", "x") or flag in ("eng", "vn", "j", "l") or w in self.rules.items \
                or flag == "s" and seen_noun
            if seen_noun and not nounish and flag[:1] not in ("m", "q", "a", "b", "v"):
                break                       # a verb after the noun ends the phrase
            verb_in_name = False
            if flag[:1] == "v" and not nounish:
                nxt = toks[i + 1][0] if i + 1 < len(toks) else ""
                verb_in_name = nxt in self.rules.items     # 计算 in XCD计算芯片; 支持 is no part
                if seen_noun and not verb_in_name:
                    break
            text += w
            if w[:1].isdigit():
                continue                    # versions (PCIe 5.0) are no part of the name
            if i and toks[i - 1][0][-1:].isdigit() and self.rules.units.is_surface(w):
                continue                    # the unit of 5纳米计算芯粒 is not what is counted
            if self._brand(w) or not (nounish or verb_in_name) or len(w) == 1 and w.isascii():
                run = []
            elif len(w) == 1 and flag[:1] != "n" and flag != "zg" and i + 1 < len(toks) and toks[i + 1][0].isascii():
                run = []                    # 自研NPU split as 自|研|NPU: 研 is no part of the name
            else:
                run.append(w)
            if nounish:
                seen_noun = True
                if len(w) >= 2 or w.isascii():
                    head = w
                    compound = "".join(run[-3:])
                elif i and len(toks[i - 1][0]) == 1 and (toks[i - 1][1][:1] == "n" or toks[i - 1][1] == "zg") \
                        and regex.match(r"\p{Han}", w):
                    # two one-character nouns the dictionary lacks as a word (铜 缆)
                    head = toks[i - 1][0] + w
                    compound = "".join(run[-3:])
        if not head and toks and len(toks[0][0]) == 1 and (toks[0][1][:1] == "n" or toks[0][1] == "zg") \
                and regex.match(r"\p{Han}", toks[0][0]) \
                and (len(toks) == 1 or toks[1][0] == "的" or toks[1][0] in self.stop_words
                     or regex.fullmatch(r"[^\w]+", toks[1][0])):
            # 四台车的…, 两家店，: a one-character noun alone after the classifier is what is counted
            head = compound = toks[0][0]
        if not head:
            # the tagger calls some nouns verbs (托盘): two Han words right after the
            # classifier, ending at punctuation or a stop word, are the counted thing
            words = []
            for w, flag in toks:
                if w in self.stop_words or not regex.fullmatch(r"\p{Han}+", w) or w == "的" \
                        or flag[:1] not in ("n", "v"):
                    break               # 张卡就是…, 张卡一组: an adverb or a numeral is no part of a name
                words.append(w)
            if words and len(words) <= 2 and len(words[-1]) >= 2 and len("".join(words)) <= 4 \
                    and (len(words) == len(toks) or not regex.match(r"\p{Han}", toks[len(words)][0])):
                head, compound = words[-1], "".join(words)
        return text, head, compound

    @lru_cache(maxsize=1024)
    def _series_name(self, name: str) -> bool:
        """A product line named by series words (Xeon Platinum) is no counted model:
        两颗英特尔至强PlatinumCPU counts CPUs; 一颗Grace CPU counts Graces."""
        words = {w.lower() for w, _ in self.rules.entities.series}
        return any(p.lower() in words for p in name.split())

    @lru_cache(maxsize=4096)
    def _brand(self, word: str) -> bool:
        """A maker, series or product name: never part of a generic compound."""
        from ..entities import fold
        r = self.rules.entities
        f = fold(word)
        return f in r.by_fold or any(fold(w) == f or f.startswith(fold(w)) for w, _ in r.series)


# numbers inside web addresses and e-mail addresses are no quantities
_URL = regex.compile(r"(?:https?://|www\.)[^\s，。；、）)」》\u4e00-\u9fff]+|[\w.+-]+@[\w-]+\.[\w.]+")


@lru_cache(maxsize=256)
def _compiled(pattern: str):
    return regex.compile(pattern)


def pos_tokens(rules, text: str) -> list[tuple[str, str]]:
    """(word, part of speech) with the project's user dictionary (segment.py)."""
    return rules.segmenter.pos_tokens(text)
