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

    @property
    def magnitudes(self) -> dict[str, int]:
        return {**self.small, **self.big}

    def regex_source(self) -> str:
        """The regex source for one number, with a named group `num`."""
        dig = "".join(self.digits)
        mags = "".join(self.magnitudes)
        ten = "".join(k for k, v in self.small.items() if v == 10)
        arabic = rf"\d+(?:,\d{{3}})*(?:\.\d+)?(?:[{mags}]+)?"
        chinese = rf"(?:[{dig}]|[{ten}])[{dig}{mags}点]*(?<!点)"
        vague = "".join(sorted({p[-1] for p in self.vague_prefixes}))
        # no digit, letter, dot or "第" (ordinal) before; "DGX-2" is a name, "5-12" a range;
        # a Chinese numeral starts at its first character (二十四, not 十四) and has no
        # vague word before it (数十, 几百)
        guard = r"(?<![A-Za-z0-9_.第])(?<![A-Za-z]-)"
        cn_guard = rf"(?<![{dig}{mags}{vague}])"
        return rf"{guard}(?P<num>{arabic}|{cn_guard}{chinese})"


_ARABIC = regex.compile(r"(\d+(?:,\d{3})*(?:\.\d+)?)(.*)")


class NumeralParser:
    def __init__(self, table: NumeralTable):
        self.t = table
        self.mags = table.magnitudes
        self._cn_trans = {ord(k): str(v) for k, v in table.digits.items()}

    @lru_cache(maxsize=65536)
    def parse(self, text: str) -> float | None:
        """The value of a numeral, or None when it is not a number (一两, 点)."""
        text = text.strip()
        if not text:
            return None
        m = _ARABIC.fullmatch(text)
        if m:
            base = float(m.group(1).replace(",", ""))
            return self._times_magnitudes(base, m.group(2))
        return self._chinese(text)

    def _times_magnitudes(self, base: float, tail: str) -> float | None:
        value = base
        for ch in tail:
            if ch not in self.mags:
                return None
            value *= self.mags[ch]
        return value

    def _chinese(self, text: str) -> float | None:
        # a run of bare digits (二〇一八) is read digit by digit
        if all(ch in self.t.digits for ch in text) and len(text) > 1:
            if any(self.t.digits[ch] == 2 and ch == "两" for ch in text):
                return None
            return float(text.translate(self._cn_trans))
        try:
            return float(cn2an.cn2an(text, "smart"))
        except (ValueError, KeyError, TypeError):
            pass
        # stacked magnitudes: strip trailing magnitude characters, multiply back
        tail = ""
        head = text
        while head and head[-1] in self.mags:
            tail = head[-1] + tail
            head = head[:-1]
            if not head:
                return None
            try:
                base = float(cn2an.cn2an(head, "smart"))
            except (ValueError, KeyError, TypeError):
                continue
            return self._times_magnitudes(base, tail)
        return None
