"""Taiwan technical vocabulary reads as the mainland word, only in a text that
shows regional usage; every pair of the table is what OpenCC's tw2sp gives, unless
the table says why not."""
from pathlib import Path

import opencc

from pipeline.normalize import normalize_text
from pipeline.normalize.char_layers import load_regional_terms

ROOT = Path(__file__).resolve().parent.parent
# pairs where the hardware sense differs from OpenCC's general choice
HARDWARE_SENSE = {"介面", "网路卡"}


def test_taiwan_words_become_mainland_words(rules):
    text = "每颗晶片有128GB記憶體，最多384個執行緒，伺服器的網路頻寬是400Gb/s。"
    assert normalize_text(text, rules).text == "每颗芯片有128GB内存，最多384个线程，服务器的网络带宽是400Gb/s。"


def test_one_regional_word_is_not_enough(rules):
    # 资料 and 程式 are mainland words too: one hit changes nothing
    assert normalize_text("这份资料说明了测试方法。", rules).text == "这份资料说明了测试方法。"


def test_offsets_point_back_into_the_raw_text(rules):
    text = "晶片的記憶體是128GB"
    nd = normalize_text(text, rules)
    i = nd.text.index("内存")
    a, b = nd.raw_span(i, i + 2)
    assert text[a:b] == "記憶體"


def test_table_agrees_with_opencc():
    s2tw, tw2sp = opencc.OpenCC("s2tw"), opencc.OpenCC("tw2sp")
    for a, b in load_regional_terms(ROOT / "rules" / "regional_terms.tsv"):
        if a in HARDWARE_SENSE:
            continue
        assert tw2sp.convert(s2tw.convert(a)) == b, a


def test_a_traditional_name_is_simplified_when_the_simplified_form_is_a_name(rules):
    # 華爲 (OpenCC s2t's form of 华为) must not be left for the spun layer to "repair"
    assert normalize_text("華爲啓動沃土計劃，華爲投入10億美元。", rules).text == "华为启动沃土计划，华为投入10亿美元。"


def test_what_a_settling_layer_writes_is_protected_from_later_layers():
    from pipeline.normalize import _carry
    from pipeline.offsets import Edit
    # a variant table wrote 硅 at 3; a later 1→2 edit at 0 shifts it by one
    settled = _carry([], [Edit(3, 4, "硅", "variants")], settles=True)
    assert settled == [(3, 4)]
    assert _carry(settled, [Edit(0, 1, "ab", "width")], settles=False) == [(4, 5)]
    # a layer that does not settle leaves no span of its own
    assert _carry([], [Edit(3, 4, "硅", "t2s")], settles=False) == []


def test_the_spun_layer_sees_variant_output_as_protected(rules):
    from pipeline.normalize.registry import LayerContext
    seen = {}
    norm = rules.normalizer
    layers = list(norm.layers)
    try:
        def spy(text, ctx: LayerContext):
            seen["text"], seen["protected"] = text, ctx.protected
            return []
        norm.layers = [(n, (spy if n == "spun" else run), s) for n, run, s in layers]
        from pipeline.model import Document
        from pathlib import Path
        norm(Document(doc_id="t", path=Path("t"), raw="这块矽晶片很薄。", encoding="utf-8"))
    finally:
        norm.layers = layers
    i = seen["text"].index("硅")
    assert any(a <= i < b for a, b in seen["protected"])
