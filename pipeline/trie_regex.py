"""An alternation of many literal strings as a prefix trie (ab|ac → a(?:b|c)):
the regex engine then tries each character once instead of every word at every
position, which keeps hundreds of gazetteer names cheap to scan for."""
from __future__ import annotations

import regex


def trie_pattern(words) -> str:
    """A regex matching any of words, longest first where one is a prefix of another."""
    trie: dict = {}
    for w in words:
        if not w:
            continue
        node = trie
        for ch in w:
            node = node.setdefault(ch, {})
        node[""] = {}
    return _emit(trie) if trie else "(?!)"


def _emit(node: dict) -> str:
    end = "" in node
    branches = [regex.escape(ch) + _emit(child) for ch, child in sorted(node.items()) if ch != ""]
    if not branches:
        return ""
    body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
    # greedy: the longer word is tried first, the word ending here is the fallback
    return f"(?:{body})?" if end else body
