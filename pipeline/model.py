"""The data that flows between stages. Each stage's signature names these types."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from .offsets import EditLayer, OffsetMap


@dataclass
class Document:
    """A file as read: its decoded text and how it was decoded (ingest's output)."""

    doc_id: str
    path: Path
    raw: str
    encoding: str
    # edits that hide markup (subtitle cue numbers, timestamps) without moving offsets
    markup: EditLayer | None = None


@dataclass
class NormalizedDoc:
    """Normalized text with the map back to the raw text (normalize's output)."""

    doc: Document
    text: str
    offsets: OffsetMap
    flags: list[dict] = field(default_factory=list)   # low-confidence edits not applied

    def raw_span(self, start: int, end: int) -> tuple[int, int]:
        return self.offsets.to_raw(start, end)


@dataclass(frozen=True)
class Sentence:
    start: int      # in normalized text
    end: int
    text: str


@dataclass
class Segmented:
    """Sentences of a normalized document; tokens are made lazily per sentence."""

    norm: NormalizedDoc
    sentences: list[Sentence]


@dataclass
class Mention:
    """One quantity found in normalized text (extract's output row, before writing)."""

    doc_id: str
    kind: str
    value: float | str
    unit: str
    start: int          # normalized text
    end: int
    rule_id: str
    item: str = ""
    subject: str = ""
    attribute: str = ""
    compared_to: str = ""
    subject_rule: str = ""     # which attachment rule chose the subject (attach.py)
    raw_start: int = -1
    raw_end: int = -1
    surface: str = ""
    sentence: str = ""
    normalized: str = ""
    cue: str = ""
    priority: int = 0
