"""Session 9: AI model names from one family list, model-number shapes as data, and the
fixes prompted by 169-171. Sentences are the project's own."""
import pytest


def kv(got, kind=None):
    return [(r["kind"], r["value"]) for r in got if kind is None or r["kind"] == kind]


def subjects(got, kind=None):
    return [(r["value"], r["subject"]) for r in got if kind is None or r["kind"] == kind]


# --- which names are AI models: ai_model_pattern plus ai_workloads ------------------

@pytest.mark.parametrize("name,is_model", [
    ("Qwen3-235B", True), ("Mixtral 8x7B", True), ("Gemma 2 27B", True), ("Bloom 176B", True),
    ("ResNet-50", True), ("BERT-Large", True), ("DLRM", True),
    ("MI325X", False), ("Gaudi3", False), ("GPTQ", False), ("Llamas", False),
])
def test_an_ai_model_is_a_name_the_model_pattern_or_a_workload_starts(rules, name, is_model):
    assert rules.ai_models.match(name) is is_model


def test_a_ratio_measured_on_a_model_not_in_the_old_list_keeps_the_chip(extract):
    got = extract("在Qwen3-32B上，Gaudi3的推理速度是H200的1.3倍。")
    assert subjects(got, "multiplier") == [(1.3, "Gaudi3")]


# --- bare model numbers are data ----------------------------------------------------

def test_the_bare_model_number_shape_comes_from_the_gazetteer(rules):
    assert rules.bare_model_numbers.fullmatch("7800X3D") and rules.bare_model_numbers.fullmatch("14900KF")
    assert not rules.bare_model_numbers.fullmatch("1600") and not rules.bare_model_numbers.fullmatch("16GB")


# --- a ratio with no product named compares the technologies named ----------------

def test_a_ratio_between_architectures_is_the_architectures(extract):
    got = extract("和Ampere相比，Hopper的稀疏算力是6倍。")
    assert subjects(got, "multiplier") == [(6, "Hopper")]


def test_a_fraction_of_a_technology_with_no_product_is_the_technologys(extract):
    got = extract("按厂商的说法，CPO的功耗只有可插拔光模块的三分之一。")
    assert [(r["kind"], r["subject"]) for r in got] == [("fraction", "CPO")]


def test_a_product_in_the_sentence_still_beats_a_technology(extract):
    got = extract("B200的NVLink带宽是1.8TB/s，是H100的两倍。")
    assert subjects(got, "multiplier") == [(2, "B200")]


def test_a_pronoun_keeps_the_topic_over_a_technology(extract):
    got = extract("Xeon 6980P有128核。因为内置AMX，这款CPU的推理性能是上一代的2倍。")
    assert subjects(got, "multiplier") == [(2, "Xeon 6980P")]


def test_a_figure_that_fell_to_a_fraction_of_the_original_is_its_owners(extract):
    got = extract("新一代Gaudi4的待机功耗降到原来的四分之一。")
    assert subjects(got, "fraction") == [(0.25, "Gaudi4")]


# --- components and topics -----------------------------------------------------------

@pytest.mark.parametrize("text", [
    "Ryzen AI 7 350有8个核心。GPU是Radeon 860M，频率2.8GHz。",
    "Ryzen AI 7 350有8个核心。GPU系Radeon 860M，频率2.8GHz。",
])
def test_a_chip_named_as_the_gpu_is_a_part(extract, text):
    assert subjects(extract(text), "frequency") == [(2.8e9, "Ryzen AI 7 350")]


def test_a_sentence_opening_with_a_pronoun_keeps_its_topic(extract):
    got = extract("Atlas 900 SuperCluster在贵安。它用的是鲲鹏920处理器，一共两千颗。功耗大约20兆瓦。")
    assert subjects(got, "power") == [(2e7, "Atlas 900 SuperCluster")]


def test_a_product_that_beat_the_one_described_is_no_topic(extract):
    got = extract("Atlas 900 SuperCluster一共一千万个核心。这个纪录保持了五年，直到Frontier才被超过。功耗大约20兆瓦。")
    assert subjects(got, "power") == [(2e7, "Atlas 900 SuperCluster")]


def test_a_whole_word_opening_a_sentence_does_not_hold_the_old_topic(extract):
    got = extract("B300的显存是288GB。整机方面，HGX B300集成8块B300，功耗14千瓦。")
    assert subjects(got, "power") == [(14000, "HGX B300")]


# --- written Cantonese is no spun text -------------------------------------------------

def test_written_cantonese_is_left_as_written(rules):
    from pipeline.normalize import normalize_text
    text = ("今日同大家睇吓呢部新機，我哋攞咗佢返嚟用咗兩個禮拜。"
            "佢嘅電池真係好耐用，冇諗過咁輕都有咁大嘅電池。啲喇叭都唔錯，喺街度都聽得清楚。"
            "我哋亦試咗打機，發熱控制得幾好，嗰陣時機身都唔係好熱。")
    edits = [e for e in normalize_text(text, rules).offsets.raw_edits() if e[3] == "spun"]
    assert edits == []


@pytest.mark.parametrize("text,kind,value,unit", [
    ("呢部机行货卖九千蚊", "money", 9000, "HKD"),
    ("电池用咗14个钟20分钟", "duration", 51600, "s"),
    ("续航得17个钟", "duration", 61200, "s"),
    ("每瓦电每秒能做将近三千亿次浮点运算", "compute_rate", 3e11, "FLOP/s"),
])
def test_spoken_hong_kong_units_and_a_spoken_rate(extract, text, kind, value, unit):
    got = [(r["kind"], r["value"], r["unit"]) for r in extract(text)]
    assert got == [(kind, pytest.approx(value), unit)]


def test_the_chip_a_phone_is_fitted_with_before_its_name_is_a_part(extract):
    got = extract("搭载天玑9400的OPPO Find X8国行售价4199元，12GB+256GB版本。")
    assert subjects(got, "data_size") == [(12e9, "OPPO Find X8"), (256e9, "OPPO Find X8")]


def test_an_acronym_with_a_letter_variant_written_twice_is_a_product(extract):
    got = extract("主力产品MXP-E提供512GB容量。MXP-E的功耗约25W。机箱用USB-C接口，USB-C供电65W。")
    assert subjects(got, "data_size") == [(512e9, "MXP-E")]
    assert subjects(got, "power")[0] == (25, "MXP-E")
    assert "USB-C" not in {r["subject"] for r in got}


@pytest.mark.parametrize("text,value", [
    ("RK3399有6 TOPS算力。CPU是六核A72，主频2.0GHz。", 2.0e9),
    ("RK3399有6 TOPS算力。CPU用的是四核Cortex-A53，主频2.0GHz。", 2.0e9),
])
def test_arm_cores_named_as_the_cpu_are_parts(extract, text, value):
    assert subjects(extract(text), "frequency") == [(value, "RK3399")]


def test_a_gpu_configuration_suffix_is_no_product(extract):
    got = extract("RK3399有6 TOPS算力。GPU是Mali-T860 MP4，频率800MHz。")
    assert "MP4" not in {r["subject"] for r in got}


def test_a_kinship_word_before_a_model_is_no_brand(extract):
    got = extract("再看它的弟弟RV1126，这颗是前年推出的，算力2 TOPS。RV1126的功耗只有1.5瓦。")
    assert {r["subject"] for r in got} == {"RV1126"}


def test_a_product_pushed_out_at_an_event_takes_the_date(extract):
    got = extract("今年三月的MWC上，联发科又推了Dimensity 9400+，算力50 TOPS。")
    assert [(r["kind"], r["subject"]) for r in got if r["kind"] == "date"] == [("date", "Dimensity 9400+")]


def test_a_line_name_alone_is_the_one_product_of_that_line_the_text_names(extract):
    got = extract("这次测的是Nomad Pro 14，配备32GB内存。Nomad跑视频播放，续航12小时。Nomad售价999美元。")
    assert {r["subject"] for r in got} == {"Nomad Pro 14"}


def test_a_line_name_alone_stays_when_two_products_share_the_line(extract):
    got = extract("Nomad Pro 14和Nomad Pro 16都在。Nomad跑视频播放，续航12小时。Nomad售价999美元。")
    assert "Nomad Pro 14" not in {r["subject"] for r in got if r["kind"] == "money"}


def test_cantonese_function_words_read_as_standard_ones(rules):
    from pipeline.normalize import normalize_text
    text = "佢哋话呢部机嘅电池冇问题，我用咗两个礼拜，喺屋企同公司都试过。"
    nd = normalize_text(text, rules)
    assert nd.text.startswith("他们话这部机的电池没有问题，我用了两个礼拜，在屋企")
    i = nd.text.index("没有")
    a, b = nd.offsets.to_raw(i, i + 2)
    assert text[a:b] == "冇"


def test_a_standard_text_with_one_cantonese_character_is_left_alone(rules):
    from pipeline.normalize import normalize_text
    assert normalize_text("这款芯片的功耗是10瓦，咁多年来没有变过。", rules).text.count("咁") == 1


# --- companies -------------------------------------------------------------------------

def test_company_pronoun_takes_the_company_named_before(extract):
    got = extract("长鑫存储发布了新一代LPDDR5X。截至去年年末，公司员工总数5000人，研发人员占比约60%。")
    assert subjects(got, "count") == [(5000, "长鑫存储")]
    assert subjects(got, "percent") == [(60, "长鑫存储")]


def test_a_research_company_is_no_pronoun(extract):
    got = extract("长鑫存储发布了新一代LPDDR5X。根据市场研究公司的估计，AI手机明年占出货量的四成。")
    assert subjects(got, "percent") == [(40, "")]


def test_a_company_is_named_as_the_text_writes_its_longer_name(extract):
    got = extract("联想集团公布季度业绩，营收达到185亿美元，同比增长20%。")
    assert subjects(got, "money") == [(1.85e10, "联想集团")]


@pytest.mark.parametrize("text,value", [("睿频5.2GHz，TDP125瓦，二级缓存24MB。", 125), ("笔记本版的TGP175W。", 175)])
def test_a_power_label_glued_to_its_number_is_no_model_name(extract, text, value):
    got = extract(text)
    assert kv(got, "power") == [("power", value)]
    assert not any(r["subject"].startswith(("TDP", "TGP")) for r in got)


# --- a short aside in brackets --------------------------------------------------------

def test_a_bracketed_chip_after_a_phone_does_not_end_its_clause(extract):
    got = extract("续航测试耗电：Reno 13 Pro（天玑8350）掉了15%，Find X8 Pro（天玑9400）为12%。")
    assert subjects(got, "percent") == [(15, "Reno 13 Pro"), (12, "Find X8 Pro")]


def test_a_quantity_inside_a_bracket_is_the_brackets_clause(extract):
    got = extract("新款平板同样搭载M4（GPU为10核心），售价7999元。")
    assert [(r["value"], r["subject"]) for r in got if r["kind"] == "count"] == [(10, "M4")]


def test_a_racks_power_does_not_fall_back_to_the_topic_product(extract):
    got = extract("MI325X的功耗是1000瓦。传统的风冷机房，单个机柜也就8千瓦。")
    assert subjects(got, "power") == [(1000, "MI325X"), (8000, "")]
