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
            settings = {k: v for k, v in spec.items() if k not in ("name", "enabled")}
            self.layers.append((spec["name"], make(settings, rules)))

    def __call__(self, doc: Document) -> NormalizedDoc:
        offsets = OffsetMap()
        text = doc.raw
        flags: list[dict] = []
        if doc.markup is not None and doc.markup.edits:
            offsets.layers.append(doc.markup)
            text = doc.markup.apply(text)
        for name, run in self.layers:
            ctx = LayerContext(find_protected=lambda t=text: self.rules.protected_spans(t), flags=flags)
            edits = run(text, ctx)
            if not edits:
                continue
            layer = EditLayer(name, edits)
            offsets.layers.append(layer)
            text = layer.apply(text)
        return NormalizedDoc(doc=doc, text=text, offsets=offsets, flags=flags)


def normalize_text(text: str, rules, doc_id: str = "text") -> NormalizedDoc:
    from pathlib import Path

    return rules.normalizer(Document(doc_id=doc_id, path=Path(doc_id), raw=text, encoding="utf-8"))


__all__ = ["Normalizer", "normalize_text", "names"]
