"""The same transcript written differently must give the same facts: traditional
characters, Taiwan wording (OpenCC s2twp: 記憶體, 晶片, 執行緒), full-width digits and
letters, a GB18030 file, and a spun copy made with swap pairs that appear nowhere in
the samples. Scored against the same gold, mention F1 and fact F1 must stay within
0.02 of the plain copy (0.03 for spun text)."""
import importlib.util
from pathlib import Path

import opencc
import pytest

from pipeline.evaluate import Row, read_gold, score
from pipeline.ingest import read_document
from pipeline.run import format_value, process_document

ROOT = Path(__file__).resolve().parent.parent
DOCS = ["100_ascend_lecture", "101_mi300x_launch", "103_gaudi_a100_review", "104_domestic_gpu_qa", "105_server_cpu_launch",
        "106_blackwell_gb200", "107_cloudmatrix_trad", "112_mobile_ai_soc", "113_supercomputers_trad"]


def _rows(doc_id, mentions):
    return [Row(doc_id, m.kind, m.value if m.kind == "date" else float(format_value(m.value)), m.unit,
                m.item, m.subject, m.attribute) for m in mentions]


def _f1(path, doc_id, rules):
    doc = read_document(path)
    doc.doc_id = doc_id
    gold = [g for g in read_gold(ROOT / "corpora" / "gold") if g.doc_id == doc_id]
    s = score(gold, _rows(doc_id, process_document(doc, rules)))
    return s.mentions["f1"], s.facts["f1"]


def _fullwidth(text):
    return "".join(chr(ord(c) + 0xFEE0) if c.isascii() and c.isalnum() else c for c in text)


def _spin(text):
    spec = importlib.util.spec_from_file_location("spun_accuracy", ROOT / "benchmarks" / "spun_accuracy.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    spinner = mod.Spinner(mod.sample_pairs(), seed=7, common_share=0.0)
    return spinner.spin(text, frac=0.08, mode="map")[0]


@pytest.mark.parametrize("doc_id", DOCS)
@pytest.mark.parametrize("variant", ["traditional", "taiwan", "fullwidth", "gb18030", "spun"])
def test_variants_score_like_the_plain_copy(tmp_path, rules, doc_id, variant):
    src = ROOT / "corpora" / "transcripts" / f"{doc_id}.txt"
    text = src.read_text(encoding="utf-8")
    base = _f1(src, doc_id, rules)
    p = tmp_path / f"{doc_id}.txt"
    if variant == "traditional":
        p.write_text(opencc.OpenCC("s2t").convert(text), encoding="utf-8")
    elif variant == "taiwan":
        p.write_text(opencc.OpenCC("s2twp").convert(text), encoding="utf-8")
    elif variant == "fullwidth":
        p.write_text(_fullwidth(text), encoding="utf-8")
    elif variant == "gb18030":
        p.write_bytes(text.encode("gb18030"))
    else:
        p.write_text(_spin(text), encoding="utf-8")
    got = _f1(p, doc_id, rules)
    allowed = 0.03 if variant == "spun" else 0.02
    print(f"{doc_id} {variant}: mentions F1 {got[0]:.3f} vs plain {base[0]:.3f}, "
          f"facts F1 {got[1]:.3f} vs plain {base[1]:.3f}")
    assert got[0] >= base[0] - allowed
    assert got[1] >= base[1] - allowed
