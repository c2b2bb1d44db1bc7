"""Exact values for the forms the issue names, through the whole pipeline."""
import pytest


def one(rows, kind):
    got = [r for r in rows if r["kind"] == kind]
    assert len(got) == 1, rows
    return got[0]


@pytest.mark.parametrize("text,kind,value,unit", [
    ("能够实现每秒2千万亿次浮点运算", "compute_rate", 2e15, "FLOP/s"),
    ("12.9万美金", "money", 129000, "USD"),
    ("需要20亿亿次计算", "operations", 2e17, "FLOP"),
    ("总带宽达到300GB每秒", "bandwidth", 3e11, "B/s"),
    ("背板带宽2.4T每秒", "bandwidth", 2.4e12, "B/s"),
    ("功耗为10千瓦", "power", 1e4, "W"),
    ("功耗不足其1/20", "fraction", 0.05, "1"),
    ("提升了2.4倍", "multiplier", 2.4, "x"),
    ("增长了百分之五十", "percent", 50, "%"),
    ("200Gb/s的网络", "bandwidth", 2.5e10, "B/s"),
    ("64KB的缓存", "data_size", 64000, "B"),
    ("32GiB显存", "data_size", 34359738368, "B"),
    ("采用7纳米工艺", "length", 7e-9, "m"),
    ("预计7分钟读完", "duration", 420, "s"),
    ("完成2亿人民币融资", "money", 2e8, "CNY"),
    ("主频１．５ＧＨｚ", "frequency", 1.5e9, "Hz"),
    ("算力达到256TOPS", "compute_rate", 2.56e14, "FLOP/s"),
])
def test_quantities(extract, text, kind, value, unit):
    r = one(extract(text), kind)
    assert r["value"] == pytest.approx(value, rel=1e-9)
    assert r["unit"] == unit


@pytest.mark.parametrize("text,value,item", [
    ("配备了16块TeslaV100GPU", 16, "V100"),
    ("两颗CPU", 2, "CPU"),
    ("十六块GPU", 16, "GPU"),
    ("12个NVSwitch", 12, "NVSwitch"),
    ("两颗英特尔至强PlatinumCPU", 2, "CPU"),
    ("2颗AMD EPYC 7742", 2, "EPYC 7742"),
    ("540亿晶体管", 5.4e10, "晶体管"),
    ("24核", 24, "CPU核心"),
    ("1台DGX⑵", 1, "DGX-2"),
])
def test_counts_are_counts_not_money(extract, text, value, item):
    rows = extract(text)
    r = one(rows, "count")
    assert r["value"] == value and r["item"] == item
    assert not [x for x in rows if x["kind"] == "money"]


@pytest.mark.parametrize("text,values", [
    ("5-12倍", [5, 12]), ("15W到60W", [15, 60]), ("3至5年", [3 * 31557600, 5 * 31557600]),
])
def test_ranges_give_two_rows(extract, text, values):
    assert [r["value"] for r in extract(text)] == pytest.approx(values)


@pytest.mark.parametrize("text,value", [
    ("2018年4月13日", "2018-04-13"), ("3月23日起", "--03-23"), ("去年9月推出", "--09"),
    ("2006年发布", "2006"), ("２０１８年４月", "2018-04"),
])
def test_dates(extract, text, value):
    assert one(extract(text), "date")["value"] == value


@pytest.mark.parametrize("text", [
    "第3期", "第三代产品", "上一代", "1、GPU计算卡", "V100", "DGX-2", "HBM2显存", "PCIe 4.0接口",
    "TensorRT 4.0", "数千颗芯片", "PUE 1.1", "8×8的矩阵", "问题1", "GTC2018大会", "一下", "进一步",
])
def test_not_annotated(extract, text):
    assert extract(text) == []


def test_hedges_are_dropped(extract):
    for text in ("约10倍", "超过10倍", "10倍左右", "8倍多"):
        assert [r["value"] for r in extract(text)] == [10 if "8" not in text else 8]


def test_raw_offsets_point_at_the_mention_as_written(extract, rules):
    from pipeline.normalize import normalize_text
    raw = "ＤＧＸ⑵配备了１６块V100，總共５１２ＧＢ顯存"
    nd = normalize_text(raw, rules)
    ms = rules.extractor.extract(rules.segmenter(nd))
    surfaces = [raw[m.raw_start:m.raw_end] for m in ms]
    assert surfaces == ["１６块", "５１２ＧＢ"]


@pytest.mark.parametrize("text,item", [
    ("每个SM有64个单精度计算单元", "单精度计算单元"),     # a Chinese modifier says which kind
    ("A100可以切成7个GPU实例", "GPU实例"),             # the head is not a known item
    ("提供128条PCIe 5.0通道", "PCIe通道"),            # the version is no part of it
    ("配备8颗HBM3堆栈", "HBM3堆栈"),
    ("机箱里有8个100GB IB卡", "网卡"),                # a known synonym
    ("4块1.92TB的固态硬盘", "SSD"),
    ("两颗英特尔至强PlatinumCPU", "CPU"),              # brand and series words are dropped
    ("8个单端口ConnectX-7", "ConnectX-7"),            # a model named in the phrase wins
    ("两颗5纳米计算芯粒", "计算芯粒"),                  # the unit of 5纳米 is not counted
    ("最多384個執行緒", "线程"),                       # Taiwanese term, mainland item
])
def test_count_items_are_the_most_specific_thing(extract, text, item):
    counts = [r for r in extract(text) if r["kind"] == "count"]
    assert counts and counts[-1]["item"] == item


@pytest.mark.parametrize("text,want", [
    ("（记者林某／台北报导）2025年3月20日\n去年9月量产", ("date", "2024-09")),   # a dateline resolves 去年
    ("【本报综合报导】AMD日前发布新卡。去年9月量产", ("date", "--09")),   # a story that states no year does not
    ("二〇一八年三月发布", ("date", "2018-03")),
    ("5个毫米波雷达", ("count", 5)),                                             # 毫米波 is no length
    ("120万像素的摄像头", ("count", 1200000)),
])
def test_dates_and_counts_of_the_new_domains(extract, text, want):
    got = [(r["kind"], r["value"]) for r in extract(text)]
    assert want in got, got


def test_adjacent_digits_are_a_spoken_range_not_one_number(extract):
    # 三四年 is "three or four years" (both ends, like a range): never 34 years
    got = [r["value"] for r in extract("后面三四年都要用这颗芯片") if r["kind"] == "duration"]
    assert got == [3 * 31557600, 4 * 31557600]


def test_memory_channels_and_stack_layers(extract):
    got = [(r["value"], r["item"]) for r in extract("支持12通道DDR5，提供128条PCIe 5.0通道，12层HBM3E堆叠") if r["kind"] == "count"]
    assert got == [(12, "内存通道"), (128, "PCIe通道"), (12, "层")]


@pytest.mark.parametrize("head", ["录制于2024年6月28日，根据直播回放整理。\n", "錄製日期：2024年6月28日（台北）\n"])
def test_a_recording_line_states_the_year_relative_dates_count_from(extract, head):
    got = extract(head + "主持人：大家好。去年9月12日发布的芯片采用3纳米工艺。")
    assert "2023-09-12" in [r["value"] for r in got if r["kind"] == "date"]


def test_a_quantity_per_watt_is_no_row(extract):
    assert [r for r in extract("它的能效是每瓦70 GFLOPS，也就是72.7 GFLOPS/W左右。") if r["kind"] == "compute_rate"] == []


def test_an_interview_line_with_year_and_month_is_a_dateline(extract):
    got = extract("采访时间：2025年5月\n\n主持人：去年11月它做了上市辅导备案。")
    assert "2024-11" in [r["value"] for r in got if r["kind"] == "date"]


def test_bare_yuan_is_the_local_currency_a_text_names(extract):
    # a Taiwan report names 新台币 once; its other 元 are New Taiwan dollars too
    got = extract("仁宝上月营收新台币823.5亿元。上半年营收2,318.7亿元，全年有望达到0.9兆元。")
    assert [(pytest.approx(r["value"]), r["unit"]) for r in got if r["kind"] == "money"] == [
        (82350000000, "TWD"), (231870000000, "TWD"), (9e11, "TWD")]
    # naming 人民币 too keeps bare 元 in yuan; so does naming no currency at all
    got = extract("新台币100亿元约合人民币22亿元，另有50亿元的订单。")
    assert [(pytest.approx(r["value"]), r["unit"]) for r in got if r["kind"] == "money"] == [
        (1e10, "TWD"), (2.2e9, "CNY"), (5e9, "CNY")]
    got = extract("这笔订单价值50亿元。")
    assert [r["unit"] for r in got] == ["CNY"]


def test_racks_counted_by_the_rack(extract):
    got = extract("明年出货约1.8万柜，墨西哥厂月产能1,500柜。")
    assert [(r["value"], r["item"]) for r in got] == [(18000, "机柜"), (1500, "机柜")]


def test_taiwan_inch_is_a_length_and_never_a_spun_swap(extract, rules):
    from pipeline.normalize import normalize_text

    got = extract("世界先進的６吋產線將關閉，新建的十二吋廠明年投產。")
    assert [pytest.approx(r["value"]) for r in got if r["kind"] == "length"] == [0.1524, 0.3048]
    text = "力積電的十二吋新廠良率穩定，八吋廠則轉做功率元件，一片十二吋晶圓的成本更低。" * 3
    nd = normalize_text(text, rules)
    assert not [e for e in nd.offsets.raw_edits() if e[3] == "spun"]


@pytest.mark.parametrize("text,items", [
    ("这颗芯片有4个性能核和4个能效核。", ["性能核", "能效核"]),
    ("CPU是4个P核加6个E核，另有10核GPU。", ["性能核", "能效核", "GPU核心"]),
    ("旗舰型号有192核。", ["CPU核心"]),
])
def test_kinds_of_core(extract, text, items):
    assert [r["item"] for r in extract(text) if r["kind"] == "count"] == items


def test_a_date_field_of_a_header_line_is_the_texts_own_date(extract):
    got = extract("频道：芯片观察｜发布日期：2025年3月2日｜标题：新品横评\n这颗芯片去年10月发布。")
    dates = [(r["value"], r["subject"]) for r in got if r["kind"] == "date"]
    assert dates == [("2025-03-02", ""), ("2024-10", "")]


def test_taiwan_units_and_line_rates(extract):
    got = lambda t: [(r["kind"], r["value"]) for r in extract(t)]
    assert got("整座机房耗电约2,400瓩") == [("power", 2.4e6)]
    assert got("雷射输出功率50毫瓦") == [("power", 0.05)]
    assert got("传输距离可达2,000公尺") == [("length", 2000)]
    # a bare G or T before a port, a lane, a switch or a form factor is a line rate in bits
    assert got("每个400G埠的功耗") == [("bandwidth", 5e10)]
    assert got("由八个100G电通道组成") == [("count", 8), ("bandwidth", 1.25e10)]
    assert got("转向3.2T交换器") == [("bandwidth", 4e11)]
    assert got("显存96G") == [("data_size", 9.6e10)]


def test_a_half_year_report_is_no_duration(extract):
    got = [(r["kind"], r["value"]) for r in extract("某公司2024年半年度报告显示营收增长")]
    assert got == [("date", "2024")]
