"""Session 8: AI models as subjects, training compute as operations, spoken powers of
ten, Chinese names of CPU tiers, model numbers that look like multipliers, a clause
opened by a product, consoles. Sentences are the project's own."""
import pytest


def kv(got, kind=None):
    return [(r["kind"], r["value"]) for r in got if kind is None or r["kind"] == kind]


def subjects(got, kind=None):
    return [(r["value"], r["subject"]) for r in got if kind is None or r["kind"] == kind]


# --- numbers and units ---------------------------------------------------------

@pytest.mark.parametrize("text,value", [
    ("总计算量约为2.5乘10的24次方次浮点运算", 2.5e24),
    ("大概是4乘以10的23次方次运算", 4e23),
    ("用了六点三乘十的二十四次方次浮点运算", 6.3e24),
    ("门槛是十的二十六次方次运算", 1e26),
])
def test_a_spoken_power_of_ten_is_read(extract, text, value):
    got = kv(extract(text))
    assert len(got) == 1 and got[0][0] == "operations" and got[0][1] == pytest.approx(value)


def test_a_power_word_without_a_base_ten_is_no_number(extract):
    assert kv(extract("这个模块的功耗是十的倍数")) == []


@pytest.mark.parametrize("text,kind,value", [
    ("这次训练花了大约1.2乘10的25次方FLOPs", "operations", 1.2e25),
    ("训练量为7×10^24 FLOPs", "operations", 7e24),
    ("一共是3乘10的24次方FLOP", "operations", 3e24),
    ("单卡稠密算力为1979 TFLOPs", "compute_rate", 1.979e15),
    ("整个集群的FP8算力达到4 ZFLOPS", "compute_rate", 4e21),
])
def test_flops_is_a_rate_unless_no_machine_could_run_it(extract, text, kind, value):
    got = kv(extract(text))
    assert len(got) == 1 and got[0][0] == kind and got[0][1] == pytest.approx(value)


@pytest.mark.parametrize("text", ["我手上这颗锐龙7 9700X跑得不错", "Radeon RX 7900X显卡很安静"])
def test_a_model_number_ending_in_x_is_no_multiplier(extract, text):
    assert kv(extract(text), "multiplier") == []


def test_a_multiplier_x_after_a_space_still_counts(extract):
    assert kv(extract("新版本推理快了 5x")) == [("multiplier", 5)]


# --- entities ------------------------------------------------------------------

@pytest.mark.parametrize("text,name", [
    ("英特尔的铂金8580，TDP为350W。", "Xeon Platinum 8580"),
    ("我们机房里的至强金牌6430，TDP为270W。", "Xeon Gold 6430"),
    ("老款的银牌4310，TDP为120W。", "Xeon Silver 4310"),
    ("酷睿i7-13700K的TDP为125W。", "Core i7-13700K"),
    ("锐龙9 7950X的TDP为170W。", "Ryzen 9 7950X"),
])
def test_cpu_tiers_named_in_chinese_or_with_a_hyphen(extract, text, name):
    assert subjects(extract(text), "power")[0][1] == name


@pytest.mark.parametrize("text,name", [
    ("Qwen2.5-72B在两千张H800上训练了二十天。", "Qwen2.5-72B"),
    ("Llama 2 70B当年用了大约2000张A100。", "Llama 2 70B"),
    ("据估计，GPT-4o的训练成本超过1亿美元。", "GPT-4o"),
    ("Gemini Ultra的训练用了大约5万颗TPU。", "Gemini Ultra"),
])
def test_an_ai_model_is_what_its_training_run_is_about(extract, text, name):
    assert {s for _v, s in subjects(extract(text))} == {name}


def test_a_chip_line_that_shares_a_model_family_name_is_no_ai_model(rules):
    found = rules.entities.find("Falcon Shores的功耗预计是1500W，Falcon-40B是一个模型。")
    assert [(e.name, e.source) for e in found if e.source == "ai_model"] == [("Falcon-40B", "ai_model")]


def test_a_model_measured_on_is_still_no_ratio_subject(extract):
    got = extract("在Llama 2 70B上，MI300X的吞吐是H100的1.3倍。")
    assert subjects(got, "multiplier") == [(1.3, "MI300X")]


@pytest.mark.parametrize("text,name", [
    ("PlayStation 5 Pro的GPU算力约16.7 TFLOPS。", "PS5 Pro"),
    ("Xbox Series S只有10GB内存。", "Xbox Series S"),
    ("Steam Deck OLED的屏幕刷新率最高90Hz。", "Steam Deck OLED"),
    ("任天堂的Switch 2首发价为449.99美元。", "Switch 2"),
])
def test_consoles_are_products(extract, text, name):
    got = extract(text)
    assert {r["subject"] for r in got} == {name}


# --- attachment ----------------------------------------------------------------

def test_a_clause_opened_by_a_product_owns_what_follows(extract):
    got = extract("X9000的FP64算力是80 TFLOPS，而Z7反而低一些，只有40 TFLOPS。")
    assert subjects(got, "compute_rate") == [(8e13, "X9000"), (4e13, "Z7")]


def test_a_product_listed_after_a_comma_is_no_clause_head(extract):
    got = extract("这台是ProBook 14，酷睿Ultra 5 225H，32GB内存，1TB固态。")
    assert {s for _v, s in subjects(got, "data_size")} == {"ProBook 14"}


# --- written numbers -----------------------------------------------------------

@pytest.mark.parametrize("text,value", [("累计出货1亿2,345万台", 123450000), ("融资2亿5,000万元", 250000000)])
def test_digit_groups_with_commas_after_a_magnitude(extract, text, value):
    assert [v for _k, v in kv(extract(text))] == [value]


def test_a_range_head_with_its_own_magnitude_keeps_it(extract):
    assert kv(extract("当时一台大概三万五到四万美元")) == [("money", 35000), ("money", 40000)]


# --- tools and their makers ----------------------------------------------------

def test_a_tool_model_with_a_colon_is_a_product(extract):
    got = extract("新一代的EXE:5200B每小时能处理175片晶圆，单价约3.5亿欧元。")
    assert {r["subject"] for r in got} == {"EXE:5200B"}


@pytest.mark.parametrize("text,name", [
    ("应用材料上季营收约70亿美元。", "Applied Materials"),
    ("泛林集团上季营收约40亿美元。", "Lam Research"),
    ("拓荆科技上半年营收约12亿元。", "拓荆科技"),
])
def test_equipment_makers_are_organisations(extract, text, name):
    assert {r["subject"] for r in extract(text)} == {name}


def test_an_ai_models_parameters_and_tokens_stay_its_own(extract):
    got = extract("Qwen3-235B是今年4月发布的。它一共有2350亿参数。预训练用了36万亿个token。")
    assert [(r["item"], r["subject"]) for r in got if r["kind"] == "count"] == [
        ("参数", "Qwen3-235B"), ("token", "Qwen3-235B")]


def test_hardware_is_the_topic_over_the_model_it_ran(extract):
    got = extract("在Llama 2 70B上，我们测了MI300X。它的功耗是750W。")
    assert subjects(got, "power") == [(750, "MI300X")]


# --- names written in passing --------------------------------------------------

def test_a_word_tail_before_a_model_is_no_brand(rules):
    text = "说到主板，价格上B650E从一千出头到五千多块都有。B650E也够用。"
    names = {e.name for e in rules.entities.han_models(text, [], "", lambda p: True, "", lambda p: True,
                                                       lambda w: bool(rules.segmenter.tokenizer.FREQ.get(w)))}
    assert "格上B650E" not in names


def test_a_slang_letter_before_a_model_is_no_part_of_it(extract):
    got = extract("锐龙7 7800X3D发布了。大家都说这颗神U 7800X3D很香，功耗120W。")
    assert "U 7800X3D" not in {r["subject"] for r in got}


def test_a_letter_and_a_short_number_still_name_a_laptop(extract):
    assert {r["subject"] for r in extract("Yoga S 16的功耗是28W。")} == {"Yoga S 16"}


def test_a_model_written_without_the_first_word_of_its_line_takes_it(extract):
    got = extract("今天测的是酷睿Ultra 9 285K、Ultra 5 245K。Ultra 5 245K的功耗是125W。")
    assert subjects(got, "power") == [(125, "Core Ultra 5 245K")]


def test_a_companys_growth_in_a_finance_sentence_is_its_own(extract):
    got = extract("微软今年资本支出预计达800亿美元，比去年多出约45%。")
    assert subjects(got, "percent") == [(45, "Microsoft")]


def test_a_utility_is_an_organisation(extract):
    assert {r["subject"] for r in extract("台电去年累计亏损约3,800亿元。")} == {"Taipower"}


# --- values at the edges, dates joined, labels ---------------------------------

@pytest.mark.parametrize("text,kind,value", [
    ("到2030年美国数据中心的用电负载将超过80GW。", "power", 8e10),
    ("稀释制冷机在最低温区只有十几微瓦，实测是15微瓦。", "power", 1.5e-5),
    ("电网频率偏差不能超过0.2Hz。", "frequency", 0.2),
    ("全球数据总量预计达到175ZB。", "data_size", 1.75e23),
])
def test_values_at_the_edges_of_the_genre_are_kept(tmp_path, text, kind, value):
    from click.testing import CliRunner
    from pipeline.cli import main
    import csv
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "t.txt").write_text(text, encoding="utf-8")
    res = CliRunner().invoke(main, ["run", "-q", "-o", str(tmp_path / "o"), str(tmp_path / "in")])
    assert res.exit_code == 0, res.output
    rows = list(csv.DictReader(open(tmp_path / "o" / "facts.csv", encoding="utf-8")))
    assert [(r["kind"], float(r["value"])) for r in rows if r["kind"] == kind] == [(kind, pytest.approx(value))]


def test_a_range_head_before_mega_watts_keeps_the_units_prefix(extract):
    assert kv(extract("整个机房要按八到十二兆瓦来规划")) == [("power", 8e6), ("power", 1.2e7)]


@pytest.mark.parametrize("text,dates", [
    ("电价在2024年4月与10月各调了一次", ["2024-04", "2024-10"]),
    ("样品2025年3月到6月陆续送测", ["2025-03", "2025-06"]),
    ("样品在3月到6月陆续送测", ["--03", "--06"]),
])
def test_a_month_joined_to_a_dated_month_shares_its_year(extract, text, dates):
    assert [v for _k, v in kv(extract(text), "date")] == dates


@pytest.mark.parametrize("text,label", [
    ("这颗CPU的TDP为125W。", "tdp"),
    ("三级缓存有96MB。", "l3_cache"),
    ("L2缓存一共16MB。", "l2_cache"),
    ("它的加速频率是2.5GHz。", "boost_clock"),
])
def test_labels_follow_what_most_annotators_wrote(extract, text, label):
    assert [r["attribute"] for r in extract(text)] == [label]


@pytest.mark.parametrize("text,rows", [
    ("这款耳机的价格在八百到一千块之间", [("money", 800), ("money", 1000)]),
    ("二手的卖一千五百块左右", [("money", 1500)]),
])
def test_a_classifier_with_nothing_counted_is_spoken_money_in_a_price_sentence(extract, text, rows):
    got = extract(text)
    assert kv(got) == rows and {r["unit"] for r in got} == {"CNY"}


def test_the_same_classifier_in_a_cluster_still_counts(extract):
    assert kv(extract("这个集群一共用了三千块，全部液冷")) == [("count", 3000)]


def test_a_product_announced_as_next_stays_the_topic_longer(extract):
    got = extract("好，接下来说Yoga S 16。屏幕是OLED。键盘手感不错。接口也够用。满载功耗28W。")
    assert subjects(got, "power") == [(28, "Yoga S 16")]


def test_a_product_named_in_passing_does_not(extract):
    got = extract("我们对比过Yoga S 16。屏幕是OLED。键盘手感不错。接口也够用。满载功耗28W。")
    assert subjects(got, "power") == [(28, "")]


@pytest.mark.parametrize("text,name", [
    ("AWS的g6e.12xlarge每小时10美元。", "g6e.12xlarge"),
    ("Azure的ND H200 v5每小时110美元。", "ND H200 v5"),
])
def test_cloud_instance_types_are_products(extract, text, name):
    assert {r["subject"] for r in extract(text)} == {name}


@pytest.mark.parametrize("text,rows", [
    ("X7 Pro很快。储存从初代X7的512GB升级到1TB。", [(512e9, "X7"), (1e12, "X7 Pro")]),
    ("Yoga S 16的内存由前代Yoga S 14的16GB加大到32GB。", [(16e9, "Yoga S 14"), (32e9, "Yoga S 16")]),
])
def test_what_a_spec_went_to_is_not_the_earlier_products(extract, text, rows):
    assert subjects(extract(text), "data_size") == rows


def test_modes_and_display_formats_are_no_subjects(extract):
    got = extract("Yoga S 16支持HDR10与最高120Hz刷新率。它在Turbo模式下功耗45W，Turbo模式风扇很吵。")
    assert {r["subject"] for r in got} == {"Yoga S 16"}


def test_a_display_type_labels_a_size_in_inches(extract):
    assert [r["attribute"] for r in extract("Yoga S 16配备16吋OLED。")] == ["screen_size"]


def test_this_chip_points_at_the_chip_named_by_its_code(extract):
    got = extract("X7 Pro用的是定制SoC，开发代号Q88。这颗芯片的CPU部分是8核心。")
    assert [(r["item"], r["subject"]) for r in got if r["kind"] == "count"] == [("CPU核心", "Q88")]


def test_a_cpu_model_written_alone_is_the_product_not_a_quantity(extract):
    got = extract("今天测酷睿Ultra 5 245K和锐龙7 9700X。9700X现在卖两千一百块左右，245K比9700X快百分之十。")
    assert kv(got) == [("money", 2100), ("percent", 10)]
    assert subjects(got) == [(2100, "Ryzen 7 9700X"), (10, "Core Ultra 5 245K")]


def test_a_default_item_is_no_evidence_for_later_counts(extract):
    got = extract("这块板子是一千九百九十九块。选B650能省八百块左右。")
    assert ("money", 800) in kv(got)
