"""An alternation of many literal strings as a prefix trie (ab|ac → a(?:b|c)):
the regex engine then tries each character once instead of every word at every
position, which keeps hundreds of gazetteer names cheap to scan for."""
from __future__ import annotations

import regex


_SEP = "\x00"


def trie_pattern(words, optional_separators: str = "") -> str:
    """A regex matching any of words, longest first where one is a prefix of another.
    Characters in optional_separators (" -") match a space or a hyphen, or nothing,
    so that DGX-2, DGX 2 and DGX2 are one name."""
    trie: dict = {}
    for w in words:
        if not w:
            continue
        # with a separator and without it: two words, so that the branches at every
        # node start with different characters and the longest match is found
        variants = {""}
        for c in w:
            if c in optional_separators:
                variants = {v + c for v in variants} | variants
            else:
                variants = {v + c for v in variants}
        for v in variants:
            node = trie
            for ch in v:
                node = node.setdefault(_SEP if ch in optional_separators else ch, {})
            node[""] = {}
    return _emit(trie) if trie else "(?!)"


def _atom(ch: str) -> str:
    return r"[\s\-]" if ch == _SEP else regex.escape(ch)


def _emit(node: dict) -> str:
    end = "" in node
    branches = [_atom(ch) + _emit(child) for ch, child in sorted(node.items()) if ch != ""]
    if not branches:
        return ""
    body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
    # greedy: the longer word is tried first, the word ending here is the fallback
    return f"(?:{body})?" if end else body
