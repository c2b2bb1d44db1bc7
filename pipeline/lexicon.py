"""Word and character frequencies from the dictionary that ships with jieba.

This is the project's language model data: no download at run time. The counts
are built once per process and cached on disk, keyed by the dictionary's size.
"""
from __future__ import annotations

import os
import pickle
from collections import Counter
from functools import lru_cache
from pathlib import Path

import jieba


def _dict_path() -> Path:
    return Path(jieba.__file__).parent / "dict.txt"


def _cache_dir() -> Path:
    d = Path(os.environ.get("ZHFACTS_CACHE", Path.home() / ".cache" / "zhfacts"))
    d.mkdir(parents=True, exist_ok=True)
    return d


def disk_cached(key: str, build):
    """build()'s result, pickled under the cache folder as `key`: read back when it
    is there and readable, else built and written atomically (a tmp file per process,
    then a rename, so parallel workers never read half a file)."""
    cache = _cache_dir() / key
    if cache.exists():
        try:
            with cache.open("rb") as f:
                return pickle.load(f)
        except Exception:
            pass            # a stale or torn file is rebuilt
    out = build()
    tmp = cache.with_suffix(f".{os.getpid()}.tmp")
    with tmp.open("wb") as f:
        pickle.dump(out, f, protocol=pickle.HIGHEST_PROTOCOL)
    os.replace(tmp, cache)
    return out


@lru_cache(maxsize=1)
def frequencies() -> tuple[dict[str, int], dict[str, int], dict[str, int]]:
    """(word -> freq, char -> freq summed over words containing it, bigram -> freq)."""
    src = _dict_path()
    return disk_cached(f"lexicon-v2-{src.stat().st_size}.pickle", lambda: _count_dictionary(src))


def _count_dictionary(src: Path) -> tuple[dict[str, int], dict[str, int], dict[str, int]]:
    words: dict[str, int] = {}
    chars: Counter[str] = Counter()
    bigrams: Counter[str] = Counter()
    with src.open(encoding="utf-8") as f:
        for line in f:
            parts = line.split()
            if len(parts) < 2:
                continue
            w, n = parts[0], int(parts[1])
            words[w] = n
            for ch in w:
                chars[ch] += n
            for i in range(len(w) - 1):
                bigrams[w[i:i + 2]] += n
    return words, dict(chars), dict(bigrams)


def word_freq() -> dict[str, int]:
    return frequencies()[0]


def char_freq() -> dict[str, int]:
    return frequencies()[1]


def bigram_freq() -> dict[str, int]:
    return frequencies()[2]
