"""Stage 1: files in, decoded `Document`s out.

Encoding is detected (BOMs first, then strict decodes, then charset-normalizer)
and always confirmed by a strict decode, so a file is either read exactly or
reported with the reason; nothing is decoded with replacement characters.
"""
from __future__ import annotations

import codecs
from collections.abc import Iterable, Iterator
from pathlib import Path

import regex

from .errors import IngestError
from .model import Document
from .offsets import Edit, EditLayer

SUFFIXES = (".txt", ".md", ".srt", ".vtt")

_BOMS = [
    (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF32_LE, "utf-32"),
    (codecs.BOM_UTF32_BE, "utf-32"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
]
# tried in order after UTF-8; GB18030 decodes almost any byte string, so Big5
# is preferred only when the detector says so.
_CANDIDATES = ("gb18030", "big5")


def detect_encoding(data: bytes) -> str:
    for bom, name in _BOMS:
        if data.startswith(bom):
            return name
    try:
        data.decode("utf-8")
        return "utf-8"
    except UnicodeDecodeError:
        pass
    from charset_normalizer import from_bytes

    best = from_bytes(data, cp_isolation=["gb18030", "big5", "utf_16", "gbk"]).best()
    guesses = []
    if best is not None:
        guesses.append(best.encoding.replace("_", "-"))
    guesses += [c for c in _CANDIDATES if c not in guesses]
    for name in guesses:
        try:
            data.decode(name)
            return "gb18030" if name in ("gbk", "gb2312") else name
        except (UnicodeDecodeError, LookupError):
            continue
    raise IngestError("not UTF-8, UTF-16, GB18030 or Big5: no strict decode succeeded")


_SRT_CUE = regex.compile(r"(?m)^[ \t]*\d+[ \t]*\r?\n(?=[ \t]*\d{1,2}:\d{2})")
_TIMESTAMP_LINE = regex.compile(
    r"(?m)^[ \t]*(?:\d{1,2}:)?\d{1,2}:\d{2}[.,]\d{1,3}[ \t]*-->[ \t]*(?:\d{1,2}:)?\d{1,2}:\d{2}[.,]\d{1,3}[^\n]*\n?")
_VTT_HEADER = regex.compile(r"\A\ufeff?WEBVTT[^\n]*\n?")
_VTT_NOTE = regex.compile(r"(?m)^NOTE\b[^\n]*(?:\n[^\n]+)*\n?")
_TAG = regex.compile(r"</?[a-zA-Z][^>\n]*>")


def subtitle_markup(text: str, suffix: str) -> EditLayer:
    """Edits that blank cue numbers, timestamps and tags; blanking keeps offsets."""
    spans = []
    pats = [_SRT_CUE, _TIMESTAMP_LINE, _TAG]
    if suffix == ".vtt":
        pats += [_VTT_HEADER, _VTT_NOTE]
    for pat in pats:
        spans += [(m.start(), m.end()) for m in pat.finditer(text)]
    spans.sort()
    edits, last = [], -1
    for s, e in spans:
        if s < last:
            continue
        # keep line breaks so sentences still end where cues end
        blank = "".join("\n" if ch == "\n" else " " for ch in text[s:e])
        edits.append(Edit(s, e, blank, "subtitle", 1.0, "cue markup"))
        last = e
    return EditLayer("subtitle", edits)


def read_document(path: str | Path) -> Document:
    path = Path(path)
    try:
        data = path.read_bytes()
    except OSError as e:
        raise IngestError(f"{path}: cannot read: {e.strerror or e}") from e
    if not data.strip():
        raise IngestError(f"{path}: empty file")
    if b"\x00" in data[:4096] and not data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        raise IngestError(f"{path}: binary file (NUL bytes and no UTF-16 BOM)")
    try:
        enc = detect_encoding(data)
    except IngestError as e:
        raise IngestError(f"{path}: {e.message}") from e
    try:
        text = data.decode(enc)
    except UnicodeDecodeError as e:
        raise IngestError(f"{path}: looks like {enc} but does not decode: {e.reason} at byte {e.start}") from e
    if text.startswith("\ufeff"):
        text = text[1:]
    # offsets are into the text with universal newlines, as Python reads it
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    suffix = path.suffix.lower()
    markup = subtitle_markup(text, suffix) if suffix in (".srt", ".vtt") else None
    return Document(doc_id=path.stem, path=path, raw=text, encoding=enc, markup=markup)


def find_inputs(paths: Iterable[str | Path]) -> list[Path]:
    """Files to read under the given files or folders, in a stable order."""
    out: list[Path] = []
    for p in map(Path, paths):
        if p.is_dir():
            # a corpus folder keeps its texts under transcripts/, beside gold/ and clean/
            if (p / "transcripts").is_dir():
                p = p / "transcripts"
            out += sorted(f for f in p.rglob("*") if f.is_file() and f.suffix.lower() in SUFFIXES
                          and not f.name.upper().startswith("README"))
        else:
            out.append(p)
    return out


def iter_documents(paths: Iterable[Path]) -> Iterator[Document | IngestError]:
    """Each file as a Document, or the error that says why it could not be read."""
    for p in paths:
        try:
            yield read_document(p)
        except IngestError as e:
            e.path = p
            yield e
