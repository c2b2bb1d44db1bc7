"""Normalization layers are components registered by name and configured by data
(rules/normalize.yaml), in the way spaCy registers pipeline components."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..offsets import Edit

# a layer factory takes (settings from normalize.yaml, rule set) and returns a
# function from the layer's input text to its edits in that text's coordinates
LayerFn = Callable[[str, "LayerContext"], list[Edit]]
_FACTORIES: dict[str, Callable[[dict[str, Any], Any], LayerFn]] = {}


@dataclass
class LayerContext:
    """What a layer may know besides its text: spans it must not edit."""

    protected: list[tuple[int, int]] = field(default_factory=list)
    flags: list[dict] = field(default_factory=list)


def register(name: str):
    def deco(factory):
        _FACTORIES[name] = factory
        return factory
    return deco


def factory(name: str):
    return _FACTORIES.get(name)


def names() -> list[str]:
    return sorted(_FACTORIES)
