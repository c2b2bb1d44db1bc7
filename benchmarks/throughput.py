"""Throughput of zhfacts against jieba.lcut on the same text, in the same run.

Machines here are noisy, so the figure that matters is the ratio, not seconds:
    python benchmarks/throughput.py [--mb 5] [--spun]

It builds a corpus of at least --mb megabytes (UTF-8) from the bundled
transcripts (the clean ones by default; --spun uses the spun sample), cut into
documents of about 20,000 characters, and times on one core:
  jieba     jieba.lcut over every document (HMM on, jieba's default)
  normalize the normalizer alone
  pipeline  normalize → segment → extract → attach (what `zhfacts run` does per file)
Each is run --repeat times; the best time counts.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

# the transcripts written for the project are clean text (001 has spun swaps)
CLEAN = sorted(p.stem for p in (ROOT / "corpora" / "transcripts").glob("1*.txt"))
SPUN = ["000_17d06f0c94c57d42"]


def corpus(names: list[str], mb: float, doc_chars: int = 20000) -> list[str]:
    texts = [(ROOT / "corpora" / "transcripts" / f"{n}.txt").read_text(encoding="utf-8") for n in names]
    texts = [t for t in texts if t]
    blob, docs, size, i = "", [], 0, 0
    while size < mb * 1e6:
        blob += texts[i % len(texts)] + "\n"
        i += 1
        while len(blob) >= doc_chars:
            docs.append(blob[:doc_chars])
            size += len(blob[:doc_chars].encode("utf-8"))
            blob = blob[doc_chars:]
    return docs


def best(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--mb", type=float, default=5.0)
    ap.add_argument("--spun", action="store_true", help="use the spun sample instead of the clean transcripts")
    ap.add_argument("--repeat", type=int, default=1)
    a = ap.parse_args()

    import jieba

    from pipeline.model import Document
    from pipeline.rules import load_rules
    from pipeline.run import process_document

    docs = corpus(SPUN if a.spun else CLEAN, a.mb)
    mb = sum(len(d.encode("utf-8")) for d in docs) / 1e6
    rules = load_rules()
    jieba.setLogLevel(60)
    jieba.initialize()
    rules.segmenter.tokenizer            # warm both up: start-up is not throughput
    process_document(Document("w", Path("w"), docs[0][:2000], "utf-8"), rules)
    objs = [Document(f"d{i}", Path(f"d{i}"), d, "utf-8") for i, d in enumerate(docs)]

    t_jieba = best(lambda: [jieba.lcut(d) for d in docs], a.repeat)
    t_norm = best(lambda: [rules.normalizer(o) for o in objs], a.repeat)
    t_pipe = best(lambda: [process_document(o, rules) for o in objs], a.repeat)
    kind = "spun" if a.spun else "clean"
    print(f"corpus: {len(docs)} documents, {mb:.2f} MB ({kind})")
    print(f"jieba.lcut : {t_jieba:7.2f} s  {mb / t_jieba:6.2f} MB/s")
    print(f"normalize  : {t_norm:7.2f} s  {mb / t_norm:6.2f} MB/s  ratio to jieba {t_jieba / t_norm:.2f}")
    print(f"pipeline   : {t_pipe:7.2f} s  {mb / t_pipe:6.2f} MB/s  ratio to jieba {t_jieba / t_pipe:.2f}")


if __name__ == "__main__":
    main()
