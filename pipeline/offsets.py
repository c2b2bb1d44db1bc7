"""Offset bookkeeping between the raw text and each normalization layer.

Each layer records sparse edits (start, end, replacement) in the coordinates of
its own input, so the cost grows with the number of edits, not the text length.
A span in the final text maps back layer by layer to `[start, end)` in the raw
text; a span that touches part of an edit widens to the whole edit, so the raw
text at the mapped span is always what the reader saw.
"""
from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Edit:
    start: int          # in the layer's input text
    end: int
    replacement: str
    layer: str
    confidence: float = 1.0
    note: str = ""


@dataclass
class EditLayer:
    """The edits of one layer, sorted, non-overlapping, and their output positions."""

    name: str
    edits: list[Edit]
    _out_starts: list[int] = field(init=False, repr=False)
    _out_ends: list[int] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self.edits = sorted(self.edits, key=lambda e: (e.start, e.end))
        self._out_starts, self._out_ends = [], []
        delta = 0
        prev_end = -1
        for e in self.edits:
            if e.start < prev_end:
                raise ValueError(f"E001 overlapping edits in layer {self.name}: {e}")
            prev_end = e.end
            self._out_starts.append(e.start + delta)
            delta += len(e.replacement) - (e.end - e.start)
            self._out_ends.append(e.end + delta)

    def apply(self, text: str) -> str:
        if not self.edits:
            return text
        parts, pos = [], 0
        for e in self.edits:
            parts.append(text[pos:e.start])
            parts.append(e.replacement)
            pos = e.end
        parts.append(text[pos:])
        return "".join(parts)

    def _locate(self, pos: int) -> int:
        """Index of the last edit whose output start is <= pos, or -1."""
        return bisect_right(self._out_starts, pos) - 1

    def back_start(self, pos: int) -> int:
        i = self._locate(pos)
        if i < 0:
            return pos
        e = self.edits[i]
        if pos < self._out_ends[i]:
            return e.start
        return e.end + (pos - self._out_ends[i])

    def back_end(self, pos: int) -> int:
        # an end is exclusive: locate the character just before it
        if pos <= 0:
            return pos
        i = self._locate(pos - 1)
        if i < 0:
            return pos
        e = self.edits[i]
        if pos - 1 < self._out_ends[i]:
            return e.end
        return e.end + (pos - self._out_ends[i])


@dataclass
class OffsetMap:
    """The chain of layers from raw text to normalized text."""

    layers: list[EditLayer] = field(default_factory=list)

    def to_raw(self, start: int, end: int) -> tuple[int, int]:
        for layer in reversed(self.layers):
            start, end = layer.back_start(start), layer.back_end(end)
        return start, end

    def raw_edits(self) -> list[tuple[int, int, str, str, float, str]]:
        """Every edit as (raw start, raw end, replacement, layer, confidence, note)."""
        out = []
        for k, layer in enumerate(self.layers):
            earlier = OffsetMap(self.layers[:k])
            for e in layer.edits:
                rs, re_ = earlier.to_raw(e.start, e.end) if e.end > e.start else (
                    earlier.to_raw(e.start, e.start + 1)[0],) * 2
                out.append((rs, re_, e.replacement, layer.name, e.confidence, e.note))
        return sorted(out, key=lambda r: (r[0], r[1]))
