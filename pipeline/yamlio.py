"""YAML loading that keeps line numbers, so rule and config errors can name them."""
from __future__ import annotations

from pathlib import Path

import yaml

from .errors import RuleFileError


class LineDict(dict):
    """A mapping that remembers the 1-based line it started on."""

    line: int = 0


class LineList(list):
    line: int = 0


class _Loader(yaml.SafeLoader):
    pass


def _map(loader, node):
    loader.flatten_mapping(node)
    d = LineDict(loader.construct_pairs(node, deep=True))
    keys = [loader.construct_object(k, deep=True) for k, _ in node.value]
    seen = set()
    for k, (kn, _) in zip(keys, node.value):
        if k in seen:
            raise yaml.constructor.ConstructorError(
                None, None, f"duplicate key {k!r}", kn.start_mark)
        seen.add(k)
    d.line = node.start_mark.line + 1
    return d


def _seq(loader, node):
    lst = LineList(loader.construct_sequence(node, deep=True))
    lst.line = node.start_mark.line + 1
    return lst


_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _map)
_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _seq)


def load_yaml(path: str | Path):
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise RuleFileError(str(path), None, f"cannot read: {e}") from e
    try:
        return yaml.load(text, Loader=_Loader)
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        line = mark.line + 1 if mark else None
        raise RuleFileError(str(path), line, f"not valid YAML: {e.problem or e}") from e


def line_of(obj, default: int | None = None) -> int | None:
    return getattr(obj, "line", default)
