"""Session 7: spoken ranges, relative years in talks and news stories, version
codes of a line, processes and form factors that are no products, engine cores.
Sentences are the project's own."""
import pytest


def kv(got, kind=None):
    return [(r["kind"], r["value"]) for r in got if kind is None or r["kind"] == kind]


# --- numbers -------------------------------------------------------------------

@pytest.mark.parametrize("text,pair", [
    ("两三千", (2000, 3000)), ("五六十万", (500000, 600000)), ("三四", (3, 4)), ("七八百", (700, 800)),
])
def test_two_neighbouring_digits_are_a_spoken_range(rules, text, pair):
    assert rules.numeral_parser.approx_pair(text) == pair


@pytest.mark.parametrize("text", ["一两", "三五", "三四五", "二十", "十六"])
def test_what_is_no_spoken_range(rules, text):
    assert rules.numeral_parser.approx_pair(text) is None


@pytest.mark.parametrize("text,rows", [
    ("机柜功率大概两三千瓦", [("power", 2000), ("power", 3000)]),
    ("维修一次要花五六十万元", [("money", 500000), ("money", 600000)]),
    ("换电只需要二三十分钟", [("duration", 1200), ("duration", 1800)]),
    ("推理快了六七倍", [("multiplier", 6), ("multiplier", 7)]),
])
def test_a_spoken_range_gives_both_ends(extract, text, rows):
    assert kv(extract(text)) == rows


def test_one_or_two_stays_vague(extract):
    assert kv(extract("再加一两个人就够了")) == []


# --- relative years ------------------------------------------------------------

def test_a_talk_that_says_its_date_resolves_this_year(extract):
    text = "主持人：欢迎各位。\n讲者：大家下午好，今天是2023年6月8号，我先回顾一下。今年3月我们发布了新卡，去年的销量翻了一番。"
    assert [r["value"] for r in extract(text) if r["kind"] == "date"] == ["2023-06-08", "2023-03", "2022"]


def test_a_news_lead_after_the_byline_gives_the_year(extract):
    text = "标题\n\n【记者王某／新竹报导】晶圆代工厂昨日宣布，其于2024年9月3日举办的技术论坛上公布新制程。今年第四季将试产。"
    assert [r["value"] for r in extract(text) if r["kind"] == "date"] == ["2024-09-03", "2024"]


def test_without_a_stated_date_this_year_stays_partial(extract):
    assert [r["value"] for r in extract("今年3月我们发布了新卡。") if r["kind"] == "date"] == ["--03"]


# --- entities ------------------------------------------------------------------

def test_a_bare_version_code_is_a_sibling_of_the_line_written_with_a_version(extract):
    got = extract("TPU v4的单芯片算力是275 TFLOPS。v5e每颗芯片只有16GB HBM。v6e的带宽是1.6TB/s。")
    assert [r["subject"] for r in got] == ["TPU v4", "TPU v5e", "Trillium"]


def test_a_version_after_a_model_is_no_sibling(rules, extract):
    got = extract("TPU v4的算力很高。Xeon E5 2697 v3有18核。")
    assert "TPU v3" not in {r["subject"] for r in got}


def test_a_manufacturing_process_is_no_topic(extract):
    got = extract("好，先说M5。它用的是台积电第三代3纳米工艺，也就是N3P。CPU是10核，最高频率4.6GHz。")
    assert {r["subject"] for r in got if r["kind"] != "length"} == {"M5"}


@pytest.mark.parametrize("text", ["这款SSD有E3.S和U.2两种外形，容量30.72TB。", "新平台改用LGA 4677插槽，功耗350W。"])
def test_form_factors_and_sockets_are_no_subjects(extract, text):
    assert {r["subject"] for r in extract(text)} == {""}


def test_an_event_written_like_a_name_is_no_topic(extract):
    got = extract("在Cloud Next上，Cloud Next的展台很多。Cloud Next之后，单芯片算力是900 TFLOPS。")
    assert "Cloud Next" not in {r["subject"] for r in got}


def test_a_list_opened_by_qizhong_gives_each_share_its_company(extract):
    got = extract("集邦统计了一季度的DRAM营收。其中三星以约40%的市占率居首，SK海力士约35%，美光则约20%。")
    assert [(r["value"], r["subject"]) for r in got if r["kind"] == "percent"] == [
        (40, "Samsung"), (35, "SK hynix"), (20, "Micron")]


# --- items ---------------------------------------------------------------------

@pytest.mark.parametrize("text,item", [
    ("这颗芯片集成16核神经网络引擎", "神经网络引擎核心"),
    ("它配有8核NPU", "NPU核心"),
    ("支持8个DDR5通道", "内存通道"),
])
def test_cores_of_an_engine_and_channels_of_a_memory(extract, text, item):
    assert [r["item"] for r in extract(text) if r["kind"] == "count"] == [item]


@pytest.mark.parametrize("head", [
    "小王：先交代一下，我们录这期是2023年5月4号。",
    "欢迎来到第五期讲座，日期是2023年5月4日，主讲人是李老师。",
    "某数据中心现场参观整理　2023年5月4日\n",
    "2023年5月4日 来源：某某科技\n",
])
def test_a_text_that_states_its_own_date_resolves_relative_years(extract, head):
    got = extract(head + "\n去年11月，这家公司发布了新芯片。")
    assert [r["value"] for r in got if r["kind"] == "date"][-1] == "2022-11"


def test_a_product_named_in_a_dashed_aside_is_no_topic(extract):
    got = extract("ZX-900整机配8块加速卡。再加上CPU——EPYC 9655单颗TDP是400瓦——还有内存和网卡。整机满载接近12千瓦。")
    assert [(r["value"], r["subject"]) for r in got if r["kind"] == "power"][-1] == (12000, "ZX-900")


def test_a_form_factor_code_after_a_dot_is_no_product(rules):
    assert [e.name for e in rules.entities.find("规范允许E3.S 1T最高供电25W") if rules.is_subject(e)] == []


def test_the_brand_of_a_series_is_not_the_member_the_sentence_introduces(extract):
    got = extract("Pascari是群联的企业级品牌。群联去年推出品牌Pascari，如今产品线已有十款，这次的主角则是Pascari X300系列。这款SSD的容量最高61.44TB。")
    assert [r["subject"] for r in got if r["kind"] == "data_size"] == ["Pascari X300"]


def test_a_classifier_with_no_noun_and_no_count_before_counts_the_usual_thing(extract):
    got = extract("这套系统规模很大，整个集群一共是9216颗。")
    assert [(r["value"], r["item"]) for r in got if r["kind"] == "count"] == [(9216, "芯片")]


def test_a_classifier_with_no_noun_first_counts_what_was_counted_before(extract):
    got = extract("每台服务器装8张MTT S4000。整个集群是4096张。")
    assert [(r["value"], r["item"]) for r in got if r["kind"] == "count"] == [(8, "MTT S4000"), (4096, "MTT S4000")]


def test_what_is_done_with_counted_things_is_not_what_is_counted(extract):
    got = extract("冷站有6台冷机，4台运行、2台备用。")
    assert [(r["value"], r["item"]) for r in got if r["kind"] == "count"] == [(6, "冷机"), (4, "冷机"), (2, "冷机")]


@pytest.mark.parametrize("text,rows", [
    ("售价在三到四万美元之间", [("money", 30000), ("money", 40000)]),
    ("单台约15到20万元", [("money", 150000), ("money", 200000)]),
    ("投资两千到三千万元", [("money", 2e7), ("money", 3e7)]),
    ("功耗300到500W", [("power", 300), ("power", 500)]),
])
def test_the_head_of_a_range_takes_the_magnitude_the_tail_ends_with(extract, text, rows):
    assert kv(extract(text)) == rows


@pytest.mark.parametrize("text,value", [
    ("训练总计算量约3.1×10^24次浮点运算", 3.1e24), ("需要10的26次方次浮点运算", 1e26),
])
def test_powers_of_ten_written_out(extract, text, value):
    assert kv(extract(text)) == [("operations", value)]


def test_gigawatts(extract):
    assert kv(extract("园区规划供电2吉瓦，二期再加1.5GW。")) == [("power", 2e9), ("power", 1.5e9)]


def test_the_same_year_is_the_year_written_last(extract):
    got = extract("这颗芯片2021年6月发布，同年11月量产，当年12月出货。")
    assert [r["value"] for r in got] == ["2021-06", "2021-11", "2021-12"]


def test_a_date_field_after_the_author_on_the_same_line_is_a_dateline(extract):
    got = extract("标题\n\n作者：某频道 王某　　发布时间：2024年3月2日\n\n去年9月，新款发布。")
    assert [r["value"] for r in got if r["kind"] == "date"][-1] == "2023-09"


def test_a_common_word_before_a_code_is_no_brand(rules, extract):
    got = extract("这三款都用台积电工艺N3E，只有一款用三星工艺SF3。工艺N3E的密度更高，约为3纳米级。")
    assert not any(r["subject"].startswith("工艺") for r in got)


def test_a_colon_followed_by_a_sentence_on_another_product_is_no_spec_list(extract):
    got = extract("天玑9400：OPPO Find X8于10月24日发布，Find X8起售价4199元。")
    assert [(r["kind"], r["subject"]) for r in got] == [("date", "OPPO Find X8"), ("money", "OPPO Find X8")]


def test_a_product_line_colon_spec_list_is_still_the_products(extract):
    got = extract("・A19 Pro：3纳米/6核CPU/NPU 40 TOPS")
    assert {r["subject"] for r in got} == {"A19 Pro"}


@pytest.mark.parametrize("text,name", [
    ("骁龙8至尊版的CPU主频4.32GHz", "Snapdragon 8 Elite"),
    ("一加13的快充功率100W", "OnePlus 13"),
    ("iQOO 13的电池容量6150mAh，快充120W", "iQOO 13"),
])
def test_phone_and_soc_names_with_chinese_brands(extract, text, name):
    assert {r["subject"] for r in extract(text)} == {name}


def test_shares_in_a_market_sentence_go_to_each_company(extract):
    got = extract("据统计，去年DRAM市场海力士拿了40%，美光25%，三星只有30%。")
    assert [(r["value"], r["subject"]) for r in got if r["kind"] == "percent"] == [
        (40, "SK hynix"), (25, "Micron"), (30, "Samsung")]


def test_a_well_known_person_written_in_latin_letters_is_no_topic(extract):
    got = extract("我们聊聊Jim Keller。Jim Keller做过很多芯片，Jim Keller现在在Tenstorrent。新卡的功耗是300W，内存是32GB。")
    assert "Jim Keller" not in {r["subject"] for r in got}


def test_rare_characters_of_protected_names_are_no_sign_of_spinning(rules):
    # 騰 of 昇騰 is kept through t2s (a name) and is rare: a clean traditional talk
    # full of 昇騰 once looked spun, and its 讲 became 将
    from pipeline.normalize.registry import LayerContext
    from pipeline.normalize.spun import spun_layer
    cfg = next(layer for layer in rules.normalize_layers if layer["name"] == "spun")
    run = spun_layer(cfg, rules)
    text = ("今天讲昇騰910B的集群。昇騰的生态这几年进步很大，昇騰910C更强，昇騰的软件叫CANN。"
            "我们少讲口号，多讲现场踩过的坑，第一个坑是散热，第二个坑是网络。") * 3
    run(text, LayerContext(find_protected=lambda: rules.protected_spans(text)))
    assert run.__self__._clean


@pytest.mark.parametrize("text,row", [
    ("错误率降到千分之三", ("fraction", 0.003)),
    ("误差在百万分之一以内", ("fraction", 1e-6)),
    ("读出电路只消耗20微瓦", ("power", 2e-5)),
    ("冰箱高约12英尺", ("length", 3.6576)),
    ("这台机器我用了两个多礼拜", ("duration", 1209600)),
    ("全新编译用了2分05秒", ("duration", 125)),
    ("港版按汇率也就合4300块人民币", ("money", 4300)),
    ("预算五千块以内就买它", ("money", 5000)),
])
def test_units_and_spoken_forms_of_reviews_and_lectures(extract, text, row):
    [(kind, value)] = kv(extract(text))
    assert kind == row[0] and value == pytest.approx(row[1], rel=1e-9)


def test_a_price_after_a_sentence_on_a_product_and_its_maker_is_the_products(extract):
    got = extract("苹果这次发布了iPhone 16 Pro。国行起售价7999元，美版999美元。")
    assert [(r["value"], r["subject"]) for r in got if r["kind"] == "money"] == [
        (7999, "iPhone 16 Pro"), (999, "iPhone 16 Pro")]


def test_a_qubits_coherence_time_is_no_product(extract):
    got = extract("我们看Willow。它的T1平均是68微秒，两比特门保真度99.7%。")
    assert "T1" not in {r["subject"] for r in got} and [r["kind"] for r in got] == ["duration", "percent"]
