"""Reading numbers as written: Arabic, Chinese, and the two mixed (12.9万, 2千万亿).

The characters come from rules/numerals.yaml. Pure Chinese numerals go through
cn2an; what cn2an refuses (20亿亿, stacked magnitudes) is read as a number
times the product of its trailing magnitudes, which is how such forms are meant.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import cn2an
import regex


@dataclass(frozen=True)
class NumeralTable:
    digits: dict[str, int]
    small: dict[str, int]
    big: dict[str, int]
    approx_suffixes: tuple[str, ...]
    vague_prefixes: tuple[str, ...]
    range_connectors: tuple[str, ...]
    magnitude_guards: tuple[tuple[str, str], ...] = ()
    formal: tuple[str, ...] = ()
    magnitude_hedges: tuple[str, ...] = ()
    word_starts: tuple[str, ...] = ()
    glued_labels: tuple[str, ...] = ()

    @property
    def magnitudes(self) -> dict[str, int]:
        return {**self.small, **self.big}

    def regex_source(self) -> str:
        """The regex source for one number, with a named group `num`."""
        dig = "".join(self.digits)
        guarded = dict(self.magnitude_guards)
        mags = "".join(k for k in self.magnitudes if k not in guarded)
        mag = "(?:[" + mags + "]" + "".join(f"|{regex.escape(k)}{g}" for k, g in guarded.items()) + ")"
        approx = "".join(sorted(set("".join(self.approx_suffixes))))
        before_mag = "".join(sorted(set("".join(self.approx_suffixes + self.magnitude_hedges))))
        ten = "".join(k for k, v in self.small.items() if v == 10)
        # 5万4千6百, 3万4000, 1千零20: digit groups may follow a magnitude
        # 8.4×10^23, 10的25次方, 3.14乘10的23次方: powers of ten written out
        arabic = (rf"\d+(?:,\d{{3}})*(?:\.\d+)?(?:[eE][+-]?\d+(?![\d.])|\s?[×xX*]\s?10\s?\^\s?[+-]?\d+"
                  rf"|\s?(?:[×xX*]|乘以?)\s?10的[+-]?\d+次方|的\d+次方)?"
                  rf"(?:[{before_mag}]?{mag}(?:[零〇]?\d+(?:,\d{{3}})*(?:\.\d+)?)?)*")
        # 一个亿, 十多个亿: spoken Chinese puts 个 before a big magnitude
        big = "".join(self.big)
        chinese = rf"(?:[{dig}]|[{ten}])(?:[{dig}点]|{mag}|[{before_mag}](?={mag}|个[{big}])|个(?=[{big}]))*(?<![点个])"
        # 三点八乘十的二十五次方, 十的二十六次方: the same, spoken
        chinese += rf"(?:乘以?(?:[{ten}]|10)的(?:[{dig}{ten}]+|\d+)次方|(?<=[{ten}])的[{dig}{ten}]+次方)?"
        if self.formal:
            lone = "".join(self.formal)
            every = "".join(self.magnitudes)
            chinese = rf"(?![{lone}](?![{dig}{every}]))" + chinese
        vague = "".join(sorted({p[-1] for p in self.vague_prefixes}))
        # no digit, letter, dot or "第" (ordinal) before; "DGX-2" is a name, "5-12" a range;
        # a Chinese numeral starts at its first character (二十四, not 十四) and has no
        # vague word before it (数十, 几百)
        guard = r"(?<![A-Za-z0-9_.第])(?:(?<![A-Za-z]-)|(?<=\d[KMGTPE]-))"
        if self.glued_labels:
            # TDP330瓦: a label written right before its number (glued_labels) is no model name
            labels = "|".join(regex.escape(w) for w in sorted(self.glued_labels, key=len, reverse=True))
            guard = rf"(?:{guard}|(?<=(?<![A-Za-z])(?:{labels})))"
        cn_guard = rf"(?<![{dig}{mags}{vague}])"
        if self.word_starts:
            # 同一个月, 零组件: a numeral character that ends or starts a word is no number
            cn_guard += "".join(rf"(?<!{regex.escape(w[:-1])}(?={regex.escape(w[-1])}))" if w[-1] in dig
                                else rf"(?!{regex.escape(w)})" for w in self.word_starts)
        # atomic: a number is read one way only, so a failed unit never makes the
        # engine retry every split of a long digit run (lint checks this)
        return rf"{guard}(?P<num>(?>{arabic})|{cn_guard}(?>{chinese}))"


_POWER_OF_TEN = regex.compile(r"(\d+(?:\.\d+)?)(?:\s?[×xX*]\s?10\s?\^\s?([+-]?\d+)|的(\d+)次方)")
# 3.14乘10的23次方, 三点八乘十的二十五次方, 十的二十六次方
_SPOKEN_POWER = regex.compile(r"(.+?)(?:\s?(?:[×xX*]|乘以?)\s?(?:10|十)的(.+)次方|的(.+)次方)")
_ARABIC = regex.compile(r"(\d+(?:,\d{3})*(?:\.\d+)?(?:[eE][+-]?\d+)?)(.*)")
_DIGIT_RUN = regex.compile(r"\d+(?:,\d{3})*(?:\.\d+)?")


class NumeralParser:
    """Positional reading of Chinese numerals, with Arabic digit runs allowed in
    place of any digit group (5万4千6百, 12.9万, 20亿亿, 两万五 = 25000)."""

    def __init__(self, table: NumeralTable):
        self.t = table
        self.mags = table.magnitudes
        self.small = table.small
        self.big = table.big
        self._cn_trans = {ord(k): str(v) for k, v in table.digits.items()}
        self._approx = set("".join(table.approx_suffixes + table.magnitude_hedges))

    @lru_cache(maxsize=65536)
    def parse(self, text: str) -> float | None:
        """The value of a numeral, or None when it is not a number (一两, 点)."""
        text = text.strip()
        if not text:
            return None
        sci = _POWER_OF_TEN.fullmatch(text)
        if sci:
            base, exp = float(sci.group(1)), int(sci.group(2) or sci.group(3))
            return base * 10.0 ** exp if sci.group(2) else base ** exp
        spoken = _SPOKEN_POWER.fullmatch(text)
        if spoken:
            base, exp = self.parse(spoken.group(1)), self.parse(spoken.group(2) or spoken.group(3))
            if base is None or exp is None or exp != int(exp):
                return None
            return base * 10.0 ** exp if spoken.group(2) else base ** exp
        pair = self.approx_pair(text)
        if pair:
            return pair[0]          # the engine adds the other end (see `approx_pair`)
        m = _ARABIC.fullmatch(text)
        if m and not m.group(2):
            return float(m.group(1).replace(",", ""))
        if "e" in text.lower() and m:
            base = float(m.group(1).replace(",", ""))
            return self._positional_after(base, m.group(2))
        if "点" in text:
            head, _, frac = text.partition("点")
            ip = self.parse(head) if head else None
            # 三点五亿, 一点二个亿: the fraction's digits, then the magnitude of the whole number
            n = 0
            while n < len(frac) and (frac[n] in self.t.digits or frac[n].isdigit()):
                n += 1
            scale = self._positional_after(1.0, frac[n:]) if n < len(frac) else 1.0
            if ip is None or not n or scale is None:
                return None
            return (ip + float("0." + "".join(c if c.isdigit() else str(self.t.digits[c]) for c in frac[:n]))) * scale
        # a run of bare Chinese digits (二〇一八) is read digit by digit
        if len(text) > 1 and all(ch in self.t.digits for ch in text):
            if "两" in text:
                return None
            if len(text) == 2 and self.t.digits[text[1]] == self.t.digits[text[0]] + 1 \
                    and text[0] not in "〇零":
                return None         # 三四年 is "three or four years", not 34
            return float(text.translate(self._cn_trans))
        return self._positional(text)

    @lru_cache(maxsize=4096)
    def approx_pair(self, text: str) -> tuple[float, float] | None:
        """两三千 → (2000, 3000), 五六十万, 三四年: two neighbouring digits, then the
        magnitudes they share, are a spoken range (the gold gives both ends). Not 一两
        (one or two is no figure) and not a run of digits (三四五)."""
        t = text.strip()
        if len(t) < 2 or t[0] not in self.t.digits or t[1] not in self.t.digits or t[1] == "两":
            return None
        a, b = self.t.digits[t[0]], self.t.digits[t[1]]
        rest = t[2:]
        if a < 2 or b != a + 1 or rest and rest[0] not in self.mags:
            return None
        lo, hi = self.parse(t[0] + rest), self.parse(t[1] + rest)
        return (lo, hi) if lo is not None and hi is not None else None

    def _positional_after(self, base: float, tail: str) -> float | None:
        rest = self._positional("1" + tail)
        return None if rest is None else base * rest

    def _tokens(self, text: str):
        i = 0
        while i < len(text):
            m = _DIGIT_RUN.match(text, i)
            if m:
                yield "n", float(m.group().replace(",", ""))
                i = m.end()
                continue
            ch = text[i]
            if ch in self.t.digits:
                yield "n", float(self.t.digits[ch])
            elif ch in self.small:
                yield "s", float(self.small[ch])
            elif ch in self.big:
                yield "b", float(self.big[ch])
            elif ch in self._approx or ch == "个":
                pass            # 十多万, 500余万, 一个亿: the hedge is dropped, the magnitude kept
            else:
                yield "?", ch
            i += 1

    def _positional(self, text: str) -> float | None:
        total, section, current = 0.0, 0.0, None
        last_mag, zero_seen, seen_any = 0.0, False, False
        last_big, last_small = 0.0, 0.0
        for kind, v in self._tokens(text):
            if kind == "?":
                return None
            if not seen_any and kind in "sb" and v != 10:
                return None                      # 千, 亿 alone are no number (十 is ten)
            seen_any = True
            if kind == "n":
                if current is not None and current != 0:   # two digits in a row: not positional
                    return None
                current = v
                zero_seen = zero_seen or v == 0
            elif kind == "s":
                if last_small and v >= last_small and current is None:
                    return None                  # 七十百: a magnitude never grows inside a section
                section += (current if current else 1.0) * v     # 零十 is 十
                current, last_mag, zero_seen, last_small = None, v, False, v
            else:
                section += current or 0.0
                if section == 0:
                    total = (total or 1.0) * v   # stacked magnitudes: 20亿亿, 千万亿
                elif v > last_big and total:
                    total = (total + section) * v   # 一万五千亿: 亿 scales all before it
                else:
                    total += section * v
                last_big = max(last_big, v)
                section, current, last_mag, zero_seen, last_small = 0.0, None, v, False, 0.0
        if not seen_any:
            return None
        if current is not None:
            # 两万五 = 25000, 一千二 = 1200: a last digit right after a magnitude is one step below it
            if last_mag >= 100 and not zero_seen and current < 10 and current == int(current):
                current *= last_mag / 10
            section += current
        return total + section
