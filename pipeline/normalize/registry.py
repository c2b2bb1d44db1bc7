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
    """What a layer may know besides its text: spans it must not edit (computed
    only when a layer asks), and where to put proposals it does not apply."""

    find_protected: Callable[[], list[tuple[int, int]]] = list
    flags: list[dict] = field(default_factory=list)
    _protected: list[tuple[int, int]] | None = None

    @property
    def protected(self) -> list[tuple[int, int]]:
        if self._protected is None:
            self._protected = self.find_protected()
        return self._protected


def register(name: str):
    def deco(factory):
        _FACTORIES[name] = factory
        return factory
    return deco


def factory(name: str):
    return _FACTORIES.get(name)


def names() -> list[str]:
    return sorted(_FACTORIES)
