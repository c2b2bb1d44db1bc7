"""Spun-text repair (placeholder registered so the layer list is stable)."""
from __future__ import annotations

from typing import Any

from .registry import LayerContext, register


@register("spun")
def spun_layer(settings: dict[str, Any], rules):
    def run(text: str, ctx: LayerContext):
        return []
    return run
