"""Stage 2: a `Document` in, a `NormalizedDoc` out (normalized text + offset map).

Layers run in the order rules/normalize.yaml gives; each sees the previous
layer's output and records its edits, so any later span maps back to the raw text.
"""
from __future__ import annotations

from ..model import Document, NormalizedDoc
from ..offsets import EditLayer, OffsetMap
from . import char_layers, spun  # noqa: F401  (registers the layers)
from .registry import LayerContext, factory, names


class Normalizer:
    def __init__(self, rules):
        self.rules = rules
        self.layers = []
        for spec in rules.normalize_layers:
            make = factory(spec["name"])
            if spec.get("enabled", True) is False:
                continue
            settings = {k: v for k, v in spec.items() if k not in ("name", "enabled", "settles")}
            self.layers.append((spec["name"], make(settings, rules), bool(spec.get("settles", False))))

    def __call__(self, doc: Document) -> NormalizedDoc:
        offsets = OffsetMap()
        text = doc.raw
        flags: list[dict] = []
        if doc.markup is not None and doc.markup.edits:
            offsets.layers.append(doc.markup)
            text = doc.markup.apply(text)
        settled: list[tuple[int, int]] = []     # spans later layers must leave as they are
        for name, run, settles in self.layers:
            ctx = LayerContext(find_protected=lambda t=text, s=settled: self.rules.protected_spans(t) + s,
                               flags=flags)
            edits = run(text, ctx)
            if not edits:
                continue
            layer = EditLayer(name, edits)
            offsets.layers.append(layer)
            settled = _carry(settled, edits, settles)
            text = layer.apply(text)
        return NormalizedDoc(doc=doc, text=text, offsets=offsets, flags=flags)


def _carry(settled: list[tuple[int, int]], edits, settles: bool) -> list[tuple[int, int]]:
    """The settled spans in the text after `edits`, plus the edits' own output when
    their layer settles what it writes (a variant table's 矽 → 硅 is final: the spun
    repair must not read 硅 as a swap)."""
    edits = sorted(edits, key=lambda e: e.start)
    out = []
    for a, b in settled:
        shift = sum(len(e.replacement) - (e.end - e.start) for e in edits if e.end <= a)
        out.append((a + shift, b + shift))
    if settles:
        shift = 0
        for e in edits:
            out.append((e.start + shift, e.start + shift + len(e.replacement)))
            shift += len(e.replacement) - (e.end - e.start)
    return out


def normalize_text(text: str, rules, doc_id: str = "text") -> NormalizedDoc:
    from pathlib import Path

    return rules.normalizer(Document(doc_id=doc_id, path=Path(doc_id), raw=text, encoding="utf-8"))


__all__ = ["Normalizer", "normalize_text", "names"]
