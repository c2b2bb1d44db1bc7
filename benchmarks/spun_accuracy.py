"""Accuracy and speed of the spun-text repair layer (issue 4).

    python benchmarks/spun_accuracy.py [--quick] [--seeds N]

1. The bundled spun samples against their hand-checked clean references
   (corpora/clean/): raw→clean and raw→normalized are aligned with difflib
   (unequal blocks by edit distance). A raw character that differs from the
   clean one is "swapped"; it is "repaired" when the normalized text has the
   clean character there. A swap t2s, width or the variant table repairs never
   reaches the spun layer and is not counted as its (a strict figure counts the
   variant table's as the spun layer's misses too). Layer-attributed figures count the `spun` layer's own
   edits against the swaps it owns (not t2s, width, enclosed numerals, a digit
   for 一); end-to-end figures count every layer.
2. False changes on clean text: spun edits per 1,000 characters on the clean
   references, the clean transcripts 1xx_* (102 after t2s), and other clean
   Chinese text found in installed data, if any.
3. Generalisation: clean transcripts spun by a synthetic spinner whose pairs
   come from the homophone / look-alike candidate space but never the pairs of
   the bundled samples (excluded explicitly).
4. Speed: the whole normalizer against jieba.lcut on the same text.
"""
from __future__ import annotations

import argparse
import difflib
import random
import re
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

TRANSCRIPTS = ROOT / "corpora" / "transcripts"
CLEAN = ROOT / "corpora" / "clean"
SPUN_SAMPLES = ("000_17d06f0c94c57d42", "001_13912f959c5c5fe5")
# every bundled transcript but the two samples is clean text
CLEAN_TRANSCRIPTS = tuple(sorted(p.stem for p in TRANSCRIPTS.glob("1*.txt")))
HAN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff]")


# ---------------------------------------------------------------- alignment

def _levenshtein_pairs(a: str, b: str) -> list[tuple[int, int]]:
    """Index pairs (match or substitution) of a minimal edit-distance alignment."""
    n, m = len(a), len(b)
    d = [[0] * (m + 1) for _ in range(n + 1)]
    for i in range(n + 1):
        d[i][0] = i
    for j in range(m + 1):
        d[0][j] = j
    for i in range(1, n + 1):
        for j in range(1, m + 1):
            d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] != b[j - 1]))
    out, i, j = [], n, m
    while i > 0 and j > 0:
        if d[i][j] == d[i - 1][j - 1] + (a[i - 1] != b[j - 1]):
            out.append((i - 1, j - 1))
            i, j = i - 1, j - 1
        elif d[i][j] == d[i - 1][j] + 1:
            i -= 1
        else:
            j -= 1
    return out[::-1]


def align(a: str, b: str) -> dict[int, int]:
    """Position in a -> aligned position in b (matches and one-for-one substitutions)."""
    sm = difflib.SequenceMatcher(None, a, b, autojunk=False)
    out: dict[int, int] = {}
    for op, i1, i2, j1, j2 in sm.get_opcodes():
        if op == "equal" or (op == "replace" and i2 - i1 == j2 - j1):
            for k in range(i2 - i1):
                out[i1 + k] = j1 + k
        elif op == "replace" and (i2 - i1) * (j2 - j1) <= 40000:
            for x, y in _levenshtein_pairs(a[i1:i2], b[j1:j2]):
                out[i1 + x] = j1 + y
    return out


# ---------------------------------------------------------------- attribution

_opencc = None


def owner(raw_ch: str, clean_ch: str) -> str:
    """Which layer owns the difference raw_ch -> clean_ch."""
    global _opencc
    if _opencc is None:
        import opencc
        _opencc = opencc.OpenCC("t2s")
    if raw_ch.isdigit() or raw_ch in "⑴⑵⑶⑷⑸①②③④⑤":
        return "other"              # digit_yi, enclosed
    if 0xFF01 <= ord(raw_ch) <= 0xFF5E:
        return "other"              # width
    if _opencc.convert(raw_ch) == clean_ch:
        return "t2s"
    if not HAN.match(clean_ch):
        return "other"
    return "spun"


def score_reference(raw: str, clean: str, nd) -> dict:
    """Layer-attributed and end-to-end precision/recall of one spun sample.

    The spun layer runs after t2s, width and the variant table (rules/normalize.yaml):
    a swap one of them repairs (部份 → 部分, ┅ → 一) never reaches it, so it is that
    layer's, as t2s's are. `strict` counts those as the spun layer's misses too."""
    r2c = align(raw, clean)
    swapped = {i: clean[j] for i, j in r2c.items() if raw[i] != clean[j]}
    var = [e for e in nd.offsets.raw_edits() if e[3] == "variants"]
    var_fixed = {i for e in var for i in range(e[0], e[1])
                 if e[1] - e[0] == len(e[2]) and swapped.get(i) == e[2][i - e[0]]}
    not_t2s = {i: c for i, c in swapped.items() if owner(raw[i], c) == "spun"}
    spun_owned = {i: c for i, c in not_t2s.items() if i not in var_fixed}
    edits = [e for e in nd.offsets.raw_edits() if e[3] == "spun"]
    good = [e for e in edits if e[1] - e[0] == 1 and swapped.get(e[0]) == e[2]]
    bad = [e for e in edits if e not in good]
    fixed = {e[0] for e in good}
    layer = {
        "swaps": len(spun_owned), "edits": len(edits), "correct": len(good),
        "precision": len(good) / len(edits) if edits else 1.0,
        "recall": len(fixed & set(spun_owned)) / len(spun_owned) if spun_owned else 1.0,
        "wrong": [(raw[max(0, e[0] - 3):e[0]], raw[e[0]], e[2], swapped.get(e[0], raw[e[0]]),
                   raw[e[1]:e[1] + 3], e[5]) for e in bad],
        "missed": Counter((raw[i], c) for i, c in spun_owned.items() if i not in fixed),
        "strict": {"swaps": len(not_t2s), "repaired": len(fixed & set(not_t2s)),
                   "recall": len(fixed & set(not_t2s)) / len(not_t2s) if not_t2s else 1.0,
                   "variant_table": len(var_fixed & set(not_t2s))},
    }
    out = nd.text
    r2n = align(raw, out)
    changed = [i for i, k in r2n.items() if raw[i] != out[k]]
    right = [i for i in changed if i in r2c and out[r2n[i]] == clean[r2c[i]]]
    repaired = [i for i in swapped if i in r2n and out[r2n[i]] == swapped[i]]
    e2e = {"swaps": len(swapped), "changes": len(changed),
           "precision": len(right) / len(changed) if changed else 1.0,
           "recall": len(repaired) / len(swapped) if swapped else 1.0}
    return {"layer": layer, "end_to_end": e2e}


# ---------------------------------------------------------------- synthetic spinner

def sample_pairs() -> set[tuple[str, str]]:
    """(spun, clean) character pairs seen in the bundled samples: never used to spin."""
    pairs = set()
    for name in SPUN_SAMPLES:
        raw = (TRANSCRIPTS / f"{name}.txt").read_text(encoding="utf-8")
        clean = (CLEAN / f"{name}.txt").read_text(encoding="utf-8")
        for i, j in align(raw, clean).items():
            if raw[i] != clean[j]:
                pairs.add((raw[i], clean[j]))
    return pairs


class Spinner:
    """A pseudo-original tool: replaces characters by homophones / look-alikes from
    the candidate space (pypinyin + IDS + Unihan), never a pair of the samples.

    mode "map": one fixed map target→source chosen per document, applied to
    every occurrence (like 000); mode "sparse": random occurrences, a random
    source each time (like 001). `common_share` of the map may use a common
    character as the source (like 已 for 以), the hard case."""

    def __init__(self, exclude: set[tuple[str, str]], seed: int = 0, common_share: float = 0.1):
        from pipeline.normalize.spun import DEFAULTS, load_tables, _settings
        from pipeline.rules import load_rules

        cfg = _settings({}, load_rules())
        self.tables = load_tables(cfg)
        self.common_rank = int(cfg.get("common_rank", DEFAULTS["common_rank"]))
        self.rng = random.Random(seed)
        self.common_share = common_share
        inv: dict[str, list[str]] = {}
        rank = self.tables.rank
        for c, ts in self.tables.cands.items():
            if not HAN.match(c):
                continue
            for t, _kind in ts:
                if (c, t) in exclude:
                    continue
                inv.setdefault(t, []).append(c)
        self.rare_src = {t: sorted(c for c in cs if rank.get(c, 10 ** 9) > self.common_rank)
                         for t, cs in inv.items()}
        self.common_src = {t: sorted(c for c in cs if rank.get(c, 10 ** 9) <= self.common_rank)
                           for t, cs in inv.items()}

    def _source(self, t: str, avoid: set[str]) -> str | None:
        pool = self.common_src.get(t, []) if self.rng.random() < self.common_share else []
        pool = [c for c in pool if c not in avoid] or [c for c in self.rare_src.get(t, []) if c not in avoid]
        return self.rng.choice(pool) if pool else None

    def spin(self, text: str, frac: float = 0.08, mode: str = "map") -> tuple[str, dict[int, str]]:
        """(spun text, position -> original character)."""
        han_pos = [i for i, ch in enumerate(text) if HAN.match(ch)]
        want = int(frac * len(han_pos))
        chars = list(text)
        truth: dict[int, str] = {}
        present = set(text)
        if mode == "map":
            counts = Counter(text[i] for i in han_pos)
            order = [t for t, _ in counts.most_common()]
            self.rng.shuffle(order)
            order.sort(key=lambda t: -counts[t] * self.rng.random())
            used: set[str] = set()
            total = 0
            for t in order:
                if total >= want:
                    break
                c = self._source(t, present | used)
                if c is None:
                    continue
                used.add(c)
                for i in han_pos:
                    if text[i] == t:
                        chars[i] = c
                        truth[i] = t
                        total += 1
        else:
            cands = [i for i in han_pos if self.rare_src.get(text[i])]
            self.rng.shuffle(cands)
            for i in cands[:want]:
                c = self._source(text[i], present)
                if c:
                    chars[i] = c
                    truth[i] = text[i]
        return "".join(chars), truth


def score_synthetic(spun: str, truth: dict[int, str], nd) -> dict:
    edits = [e for e in nd.offsets.raw_edits() if e[3] == "spun"]
    good = [e for e in edits if truth.get(e[0]) == e[2]]
    return {"swaps": len(truth), "edits": len(edits), "correct": len(good),
            "precision": len(good) / len(edits) if edits else 1.0,
            "recall": len(good) / len(truth) if truth else 1.0,
            "wrong": [(spun[max(0, e[0] - 3):e[0]], spun[e[0]], e[2], truth.get(e[0], spun[e[0]]),
                       spun[e[1]:e[1] + 3]) for e in edits if e not in good]}


# ---------------------------------------------------------------- other clean text

def other_clean_texts() -> dict[str, str]:
    """Clean simplified Chinese found in installed data (not downloaded)."""
    out = {}
    mime = Path("/usr/share/mime/packages/freedesktop.org.xml")
    if mime.exists():
        lines = re.findall(r'<comment xml:lang="zh_CN">([^<]+)</comment>', mime.read_text(encoding="utf-8"))
        if lines:
            out["freedesktop-mime-zh_CN"] = "\n".join(lines)
    return out


# ---------------------------------------------------------------- main

def _rate(n: int, chars: int) -> float:
    return 1000.0 * n / chars if chars else 0.0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seeds", type=int, default=3, help="synthetic spinner seeds per text and mode")
    ap.add_argument("--quick", action="store_true", help="one seed, fewer timing repeats")
    ap.add_argument("--show", type=int, default=8, help="wrong edits to list per text")
    args = ap.parse_args(argv)
    seeds = 1 if args.quick else args.seeds

    import jieba
    from pipeline.normalize import normalize_text
    from pipeline.rules import load_rules

    jieba.setLogLevel(60)
    rules = load_rules()
    t0 = time.perf_counter()
    normalize_text("预热一下。", rules)
    jieba.lcut("预热一下。")
    print(f"warm-up (tables, lexicon, jieba): {time.perf_counter() - t0:.2f}s")
    ok = True
    tot = Counter()

    print("\n== 1. bundled spun samples vs clean references ==")
    for name in SPUN_SAMPLES:
        raw = (TRANSCRIPTS / f"{name}.txt").read_text(encoding="utf-8")
        clean = (CLEAN / f"{name}.txt").read_text(encoding="utf-8")
        nd = normalize_text(raw, rules)
        s = score_reference(raw, clean, nd)
        ly, ee = s["layer"], s["end_to_end"]
        print(f"{name}: spun layer: swaps {ly['swaps']}, edits {ly['edits']}, correct {ly['correct']}, "
              f"precision {ly['precision']:.3f}, recall {ly['recall']:.3f}")
        print(f"{'':22}end to end: swaps {ee['swaps']}, changes {ee['changes']}, "
              f"precision {ee['precision']:.3f}, recall {ee['recall']:.3f}")
        for w in ly["wrong"][:args.show]:
            print("    wrong:", w)
        print("    missed:", dict(ly["missed"].most_common(20)))
        st = ly["strict"]
        print(f"{'':22}strict (the variant table's {st['variant_table']} repairs counted as misses): "
              f"{st['repaired']} of {st['swaps']}, recall {st['recall']:.3f}")
        tot.update({"edits": ly["edits"], "correct": ly["correct"], "swaps": ly["swaps"],
                    "strict_swaps": st["swaps"], "strict_repaired": st["repaired"]})
    p, r = tot["correct"] / max(1, tot["edits"]), tot["correct"] / max(1, tot["swaps"])
    print(f"both samples, spun layer: precision {p:.3f}, recall {r:.3f} (targets 0.98, 0.95)")
    print(f"both samples, strict: recall {tot['strict_repaired'] / max(1, tot['strict_swaps']):.3f}")
    ok &= p >= 0.98

    print("\n== 2. false changes on clean text (spun edits per 1,000 characters) ==")
    clean_texts = {f"clean/{n}": (CLEAN / f"{n}.txt").read_text(encoding="utf-8") for n in SPUN_SAMPLES}
    for n in CLEAN_TRANSCRIPTS:
        clean_texts[f"transcripts/{n}"] = (TRANSCRIPTS / f"{n}.txt").read_text(encoding="utf-8")
    clean_texts.update(other_clean_texts())
    tot_n = tot_c = 0
    for label, text in clean_texts.items():
        nd = normalize_text(text, rules)
        edits = [e for e in nd.offsets.raw_edits() if e[3] == "spun"]
        tot_n += len(edits)
        tot_c += len(text)
        print(f"{label}: {len(text)} chars, {len(edits)} spun edits, {_rate(len(edits), len(text)):.3f}/1000"
              + "".join(f"\n    {text[max(0, e[0] - 4):e[0]]}[{text[e[0]]}→{e[2]}]{text[e[1]:e[1] + 4]}  {e[5]}"
                        for e in edits[:args.show]))
    print(f"all clean text: {tot_c} chars, {tot_n} spun edits, {_rate(tot_n, tot_c):.3f}/1000")
    ok &= _rate(tot_n, tot_c) <= 0.1

    print("\n== 3. synthetic spinner on clean transcripts (sample pairs excluded) ==")
    excl = sample_pairs()
    print(f"excluded sample pairs: {len(excl)}")
    agg: dict[str, Counter] = {}
    spun_for_speed = None
    for mode in ("map", "sparse"):
        for common_share in (0.0, 0.1):
            key = f"{mode}, common sources {common_share:.0%}"
            agg[key] = Counter()
            for seed in range(seeds):
                sp = Spinner(excl, seed=seed, common_share=common_share)
                for n in CLEAN_TRANSCRIPTS:
                    text = normalize_text((TRANSCRIPTS / f"{n}.txt").read_text(encoding="utf-8"), rules).text
                    spun, truth = sp.spin(text, 0.08, mode)
                    assert not any((spun[i], t) in excl for i, t in truth.items())
                    if spun_for_speed is None:
                        spun_for_speed = spun
                    nd = normalize_text(spun, rules)
                    s = score_synthetic(spun, truth, nd)
                    agg[key].update({"swaps": s["swaps"], "edits": s["edits"], "correct": s["correct"]})
                    if seed == 0 and s["wrong"] and args.show:
                        print(f"  {key} {n}: wrong {s['wrong'][:3]}")
            a = agg[key]
            print(f"{key}: swaps {a['swaps']}, edits {a['edits']}, correct {a['correct']}, "
                  f"precision {a['correct'] / max(1, a['edits']):.3f}, recall {a['correct'] / max(1, a['swaps']):.3f}")

    print("\n== 4. speed: whole normalizer vs jieba.lcut on the same text ==")
    reps = 3 if args.quick else 10
    corpora = {"clean (1xx + clean refs)": "\n".join(clean_texts[k] for k in clean_texts if "mime" not in k),
               "spun sample 000": (TRANSCRIPTS / f"{SPUN_SAMPLES[0]}.txt").read_text(encoding="utf-8"),
               "synthetic spun (8%)": spun_for_speed}
    for label, text in corpora.items():
        jieba.lcut(text)
        normalize_text(text, rules)
        t0 = time.perf_counter()
        for _ in range(reps):
            jieba.lcut(text)
        tj = (time.perf_counter() - t0) / reps
        t0 = time.perf_counter()
        for _ in range(reps):
            normalize_text(text, rules)
        tn = (time.perf_counter() - t0) / reps
        print(f"{label}: {len(text)} chars; jieba.lcut {tj * 1000:.1f} ms, normalizer {tn * 1000:.1f} ms, "
              f"normalizer throughput = {tj / tn:.2f} x jieba's")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
