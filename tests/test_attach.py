"""Subject and attribute decisions on small sentences of several shapes."""
import pytest
from pipeline.entities import fold


def rows(extract, text):
    return [(r["kind"], r["value"], r["subject"], r["attribute"]) for r in extract(text)]


def test_list_of_specs_attaches_to_the_product(extract):
    got = extract("DGX-2配备了16块V100，总共512GB显存，性能达到2PFLOPS，功耗10千瓦。")
    assert {r["subject"] for r in got} == {"DGX-2"}
    by_kind = {r["kind"]: r for r in got}
    assert by_kind["count"]["item"] == "V100" and by_kind["count"]["attribute"] == "gpu_count"
    assert by_kind["data_size"]["attribute"] == "gpu_memory"
    assert by_kind["compute_rate"]["attribute"] == "peak_compute"
    assert by_kind["power"]["attribute"] == "power"


def test_comparison_keeps_both_sides(extract):
    [r] = extract("V100的训练速度是P100的2.4倍")
    assert (r["subject"], r["value"]) == ("V100", 2.4)


def test_comparison_compared_to_column(rules):
    from pipeline.attach import attach
    from pipeline.normalize import normalize_text
    nd = normalize_text("A100比V100快20倍", rules)
    seg = rules.segmenter(nd)
    ms = rules.extractor.extract(seg)
    attach(seg, ms, rules)
    assert (ms[0].subject, ms[0].compared_to) == ("A100", "V100")


def test_pronoun_takes_the_previous_sentence_topic(extract):
    got = extract("NVIDIA发布了DGX-2。它的功耗是10千瓦。")
    assert rows(extract, "NVIDIA发布了DGX-2。它的功耗是10千瓦。") == [("power", 10000, "DGX-2", "power")]
    assert got


def test_two_products_in_one_sentence(extract):
    got = extract("V100有32GB显存，P100有16GB显存")
    assert [(r["subject"], r["value"]) for r in got] == [("V100", 32e9), ("P100", 16e9)]


def test_funding_goes_to_the_company(extract):
    [r] = extract("图玛深维完成软银中国领投的2亿人民币B轮融资") or [None]
    assert r["attribute"] == "funding"


def test_bandwidth_cue_changes_a_size_into_a_bandwidth(extract):
    got = extract("任意两块GPU之间P2P总带宽都是300GB")
    assert [(r["kind"], r["unit"], r["attribute"]) for r in got if r["value"] == 3e11] == [("bandwidth", "B/s", "p2p_bandwidth")]


@pytest.mark.parametrize("text", ["H100配备80GB显存和3.35TB/s带宽"])
def test_nearer_own_cue_wins_over_kind_shift(extract, text):
    got = {r["value"]: r for r in extract(text)}
    assert got[80e9]["kind"] == "data_size" and got[80e9]["attribute"] == "gpu_memory"


def test_baseline_named_first_is_not_the_subject(rules):
    from pipeline.attach import attach
    from pipeline.normalize import normalize_text
    nd = normalize_text("与A100相比，H100的训练速度最高快9倍，功耗700W。", rules)
    seg = rules.segmenter(nd)
    ms = rules.extractor.extract(seg)
    attach(seg, ms, rules)
    got = {m.kind: (m.subject, m.compared_to) for m in ms}
    assert got["multiplier"] == ("H100", "A100")
    assert got["power"][0] == "H100"


def test_model_number_alone_names_the_product_the_text_named_in_full(extract):
    text = ("英特尔的Xeon Platinum 8592+有64核。AMD的EPYC 9965有192核。"
            "8592+的售价是11600美元，9965的TDP是500W。")
    got = {(r["kind"], r["value"]): r["subject"] for r in extract(text)}
    assert got[("money", 11600)] == "Xeon Platinum 8592+"
    assert got[("power", 500)] == "EPYC 9965"


def test_a_short_form_that_is_a_product_of_its_own_is_not_an_alias(rules):
    names = [e.name for e in rules.entities.find("DGX A100配备8块A100，A100的显存是80GB。")]
    assert names.count("A100") == 2 and names.count("DGX A100") == 1


def test_generation_then_model_is_the_model(rules):
    assert [e.name for e in rules.entities.find("英特尔发表Xeon 6 6980P处理器")
            if e.type == "product"] == ["Xeon 6980P"]


def test_a_quantity_is_never_a_product_name(extract):
    [r] = extract("Xeon 6980P很强。每颗的TDP 500W。")
    assert r["subject"] == "Xeon 6980P"


def test_the_baseline_of_a_contrast_is_not_the_topic(extract):
    got = extract("跟TPU v4不同，TPU v5e只有一个TensorCore。频宽819GB/s。")
    assert [r["subject"] for r in got if r["kind"] == "bandwidth"] == ["TPU v5e"]


def test_a_product_described_by_a_count_is_not_a_part(extract):
    # 128核的EPYC 9755: the count describes the product, it does not count it
    got = extract("AMD的EPYC 9965很强。128核的EPYC 9755则有512MB L3快取，TDP同样是500W。")
    assert {r["kind"]: r["subject"] for r in got}["power"] == "EPYC 9755"


def test_versions_and_years_are_not_models(rules):
    names = [e.name for e in rules.entities.find("卡间用MTLink 1.0互联，在Advancing AI 2024活动上发表")]
    assert not any(n.startswith(("MTLink", "AI")) for n in names)


@pytest.mark.parametrize("text,subject,baseline", [
    ("Gaudi2的训练吞吐量约为A100的2倍。", "Gaudi2", "A100"),                     # 为 Y 的 N倍
    ("H100的NVLink是900GB/s，将近S4000的4倍。", "H100", "S4000"),               # hedge before Y
    ("两台DGX-1的CPU资源比1台DGX-2的资源多一倍。", "DGX-1", "DGX-2"),             # a count before Y
    ("AMD拿128核的EPYC 9755对比64核的Xeon 8592+：推论快5.4倍。", "EPYC 9755", "Xeon 8592+"),
    ("与上一代MI250X相比，MI300X的内存容量是1.5倍。", "MI300X", "MI250X"),         # 与上一代 Y 相比
])
def test_ratio_baselines(rules, text, subject, baseline):
    from pipeline.attach import attach
    from pipeline.normalize import normalize_text
    seg = rules.segmenter(normalize_text(text, rules))
    ms = [m for m in rules.extractor.extract(seg) if m.kind == "multiplier"]
    attach(seg, ms, rules)
    assert (ms[-1].subject, ms[-1].compared_to) == (subject, baseline)


def test_pronoun_baseline_leaves_the_product_before_it(extract):
    got = extract("H100最多配备80GB显存，MI300X的内存容量是它的2.4倍。")
    assert [r["subject"] for r in got if r["kind"] == "multiplier"] == ["MI300X"]


def test_a_maker_that_speaks_is_not_what_a_ratio_describes(extract):
    got = extract("英特尔表示，与第四代相比，效能提升21%。")
    assert [r["subject"] for r in got if r["kind"] == "percent"] == [""]


@pytest.mark.parametrize("text,attribute", [
    ("MI300X的峰值内存带宽是MI250X的1.7倍。", "memory_bandwidth"),   # the spec multiplied
    ("TPU v4的功耗则低1.3倍。", "power"),
    ("v5e每美元的训练效能最高提升2倍。", "efficiency"),               # specific beats 提升
    ("A100的训练速度提升了20倍。", "speedup"),
])
def test_a_ratio_is_labelled_by_the_spec_it_multiplies(extract, text, attribute):
    [r] = [r for r in extract(text) if r["kind"] == "multiplier"]
    assert r["attribute"] == attribute


def test_each_refers_to_the_thing_counted_before(extract):
    got = extract("DGX A100的CPU是两颗AMD EPYC 7742，每颗64核。")
    assert {r["value"]: r["subject"] for r in got if r["kind"] == "count"} == {2: "DGX A100", 64: "EPYC 7742"}


def test_a_count_that_describes_a_product_is_about_it(extract):
    [r] = extract("128核的EPYC 9755定位高端。")
    assert (r["subject"], r["item"]) == ("EPYC 9755", "CPU核心")


def test_a_topic_fades_after_sentences_that_do_not_name_it(extract):
    text = "DGX-2的功耗是10千瓦。这很好。大家都知道。天气不错。功耗是3千瓦。"
    got = {r["value"]: r["subject"] for r in extract(text)}
    assert got[10000] == "DGX-2" and got[3000] == ""


def test_funding_in_a_sentence_that_names_nobody_is_the_previous_company(extract):
    got = extract("Cerebras是一家芯片公司。2021年11月完成2.5亿美元F轮，估值超过40亿美元。")
    assert {r["kind"]: r["subject"] for r in got} == {"date": "Cerebras", "money": "Cerebras"}
    assert {r["value"]: r["attribute"] for r in got if r["kind"] == "money"} == {
        250000000: "funding", 4000000000: "valuation"}


def test_pod_names_the_system_built_of_a_product(rules):
    names = [e.name for e in rules.entities.find("一个TPU v4 Pod由4096颗TPU v4芯片组成。整个Pod的峰值算力约1.1 EFLOPS。")]
    assert names == ["TPU v4 Pod", "TPU v4", "TPU v4 Pod"]


def test_a_demonstrative_subject_points_back_to_the_topic(extract):
    got = extract("华为发布了Atlas 900训练集群。这套集群由数千颗昇腾910组成，总算力达到256P FLOPS。")
    assert [r["subject"] for r in got if r["kind"] == "compute_rate"] == ["Atlas 900"]


def test_pronoun_baseline_in_a_clause_without_the_subject(extract):
    got = extract("昇腾910实测310W，V100是300W，但半精度算力是它的两倍。")
    assert [r["subject"] for r in got if r["kind"] == "multiplier"] == ["昇腾910"]


def test_a_percent_is_an_organisations_only_when_it_is_a_share(extract):
    got = extract("A100很快。配合华为集合通信库，时延缩短了10%。华为的市场份额是20%。")
    assert {r["value"]: r["subject"] for r in got if r["kind"] == "percent"} == {10: "", 20: "华为"}


def test_short_forms_of_counted_products_take_the_full_name(extract):
    got = extract("GB200 NVL72是一个机柜。八个NVL72机柜可以组成一套DGX SuperPOD。")
    assert [r["item"] for r in got if r["kind"] == "count" and r["value"] == 8] == ["GB200 NVL72"]


def test_a_named_product_without_digits_is_counted_by_name(extract):
    got = extract("合计36颗Grace CPU，另有两颗英特尔至强PlatinumCPU。")
    assert [r["item"] for r in got if r["kind"] == "count"] == ["Grace", "CPU"]


def test_a_technology_keeps_its_version(rules):
    assert [(e.name, e.type) for e in rules.entities.find("Grace有72个Neoverse V2核心")] == [
        ("Grace", "product"), ("Neoverse", "technology")]


def test_a_sentence_about_the_whole_takes_the_topic(extract):
    got = extract("GB200 NVL72是一个机柜级系统。整个机柜里有18个计算托盘，合计72颗B200。")
    assert {r["value"]: r["subject"] for r in got if r["kind"] == "count" and r["value"] > 1} == {
        18: "GB200 NVL72", 72: "GB200 NVL72"}


def test_a_deal_is_about_the_company_bought(extract):
    got = extract("AMD在2020年10月宣布以350亿美元收购赛灵思。")
    assert {r["kind"]: r["subject"] for r in got} == {"date": "Xilinx", "money": "Xilinx"}


@pytest.mark.parametrize("text,subject", [
    ("AMD也预告将于2026年推出的Helios机柜级平台。", "Helios"),       # the product launched then
    ("2024年9月30日，Cerebras向证券交易委员会递交了招股书。", "Cerebras"),  # who acted on the date
])
def test_date_subjects(extract, text, subject):
    assert [r["subject"] for r in extract(text) if r["kind"] == "date"] == [subject]


def test_counted_parts_make_up_the_whole_named_after_them(extract):
    got = extract("八个GB200 NVL72机柜可以组成一套DGX SuperPOD。拥有128个核心的EPYC 9755很贵。")
    assert {r["value"]: r["subject"] for r in got if r["kind"] == "count"} == {8: "DGX SuperPOD", 128: "EPYC 9755"}


def test_a_chinese_brand_with_model_numbers_is_a_product(extract):
    text = ("地平线发布了征程6系列。征程6P的算力是560TOPS，功耗约为30瓦。"
            "上一代征程5只有128TOPS。车上装了两颗征程6P。容量24GB的版本，功耗400W。")
    got = [(r["kind"], r["value"], r["subject"], r["item"]) for r in extract(text)]
    assert ("compute_rate", 5.6e14, "征程6P", "") in got
    assert ("compute_rate", 1.28e14, "征程5", "") in got
    assert ("count", 2, "", "征程6P") in got
    # 容量24GB and 功耗400W are quantities, never brands
    assert all(not r[2].startswith(("容量", "功耗")) for r in got)


def test_a_markets_figures_are_no_companys(extract):
    got = extract("AMD预计今年全球数据中心AI加速器的市场规模约为450亿美元。AMD的营收是58亿美元。")
    assert {r["value"]: r["subject"] for r in got if r["kind"] == "money"} == {4.5e10: "", 5.8e9: "AMD"}


def test_a_model_written_with_and_without_its_chinese_brand(extract):
    text = "我们在售的主力车型云驰S7，用的是两颗Orin。S7全车有12个摄像头，相当于P100的3倍。"
    got = {(r["kind"], r["value"]): r["subject"] for r in extract(text)}
    assert got[("count", 2)] == "云驰S7" and got[("count", 12)] == "云驰S7"


def test_software_releases_and_companies_compared(extract):
    got = extract("AMD推出ROCm 7，推论性能较ROCm 6平均提升3.5倍。辉达的营收达391亿美元，是AMD同类业务的十倍以上。")
    ratios = {r["value"]: (r["subject"], r["attribute"]) for r in got if r["kind"] == "multiplier"}
    assert ratios == {3.5: ("ROCm 7", "speedup"), 10: ("NVIDIA", "revenue")}


def test_a_date_is_about_what_its_sentence_launches(extract):
    got = extract("3月18日，英伟达在GTC 2024上发布了新一代Blackwell平台。AWS在2024年12月3日宣布Trainium2全面上市。")
    assert [r["subject"] for r in got if r["kind"] == "date"] == ["Blackwell", "Trainium2"]


def test_staff_and_wafers_belong_to_the_organisation(extract):
    got = extract("三星计划将月产能扩大到17万片晶圆，并调派超过2000名工程师。NVIDIA推出了4期课程。")
    assert {r["value"]: r["subject"] for r in got if r["kind"] == "count"} == {170000: "Samsung", 2000: "Samsung", 4: ""}


def test_a_companys_dated_news_is_labelled_by_its_verb_a_products_is_a_release(extract):
    got = extract("美光在2024年2月宣布量产8层HBM3E。2024年4月9日，英特尔发布了Gaudi3。")
    assert [(r["subject"], r["attribute"]) for r in got if r["kind"] == "date"] == [
        ("Micron", "mass_production_date"), ("Gaudi3", "release_date")]


# ---------------------------------------------------------------- session 3 shapes

def test_repeated_capitalised_name_is_a_product(extract):
    # a system no gazetteer lists, named twice: the specs are its own
    got = extract("Perseus是今年上线的新系统。Perseus的峰值算力是2.1 EFLOPS，功耗约25兆瓦。")
    assert {(r["kind"], r["subject"]) for r in got if r["kind"] != "date"} == {
        ("compute_rate", "Perseus"), ("power", "Perseus")}


def test_a_name_written_once_or_as_a_person_is_no_product(rules):
    ents = rules.entities.find("副总裁Marc Hamilton在会上介绍，Marc Hamilton说Zephyr很快。")
    names = {e.name for e in ents if e.source == "name"}
    assert "Marc Hamilton" not in names and "Zephyr" not in names
    # not_names: a benchmark repeated is still no product
    ents = rules.entities.find("Linpack跑出1 EFLOPS，Linpack是标准。")
    assert not [e for e in ents if e.source == "name"]


@pytest.mark.parametrize("text,name", [
    ("天玑9400的NPU", "Dimensity 9400"),
    ("骁龙8 Gen 2的GPU", "Snapdragon 8 Gen 2"),
    ("麒麟9010采用", "Kirin 9010"),
    ("锐龙AI 7 PRO 360", "Ryzen AI 7"),
    ("搭载酷睿Ultra 7 258V的笔记本", "Core Ultra 7 258V"),
    ("Snapdragon X Plus的", "Snapdragon X Plus"),
    ("发布了第四代骁龙8，也就是", "Snapdragon 8 Gen 4"),
    ("第五代至强6", "Xeon 6"),
    ("核显是锐炫B390", "Arc B390"),
    ("至强6972P的功耗", "Xeon 6972P"),
])
def test_a_brand_before_a_model_names_it_in_latin(rules, text, name):
    assert name in [e.name for e in rules.entities.find(text)]


@pytest.mark.parametrize("text,name", [
    ("两颗Xeon E5-2699 v4处理器", "Xeon E5-2699 v4"),
    ("每个节点一颗EPYC 7A53", "EPYC 7A53"),
    ("五十七张Xeon Phi 7250", "Xeon Phi 7250"),
    ("新的Quantum-X1600交换机", "Quantum-X1600"),
    ("一台Atlas 800I A3", "Atlas 800I A3"),
    ("地平线RDK X5的算力", "RDK X5"),
    ("Hailo-8L的功耗", "Hailo-8L"),
    ("RB3 Gen 2的NPU", "RB3 Gen 2"),
    ("Intel Xeon E5-2699 v4", "Xeon E5-2699 v4"),
    ("三张Xeon Phi 31S1P", "Xeon Phi 31S1P"),
    # a product line written in capitalised words before an unlisted model
    ("联想ThinkPad X13 Gen 5的续航", "ThinkPad X13 Gen 5"),
    ("微软Surface Pro 11的售价", "Surface Pro 11"),
    ("华硕Zenbook S 16首发", "Zenbook S 16"),
    ("英伟达Tesla P40的显存", "P40"),
    # letters then a number that is no year (a model, not FY2025)
    ("算能的SG2380芯片", "SG2380"),
    # a Chinese line name glued before a model that starts with a generic word
    ("华硕无畏Pro 14的首发价", "无畏Pro 14"),
    ("联想小新Air 15的售价", "小新Air 15"),
    # a tier, then the model
    ("采用Intel Core Ultra 5 226V的机型", "Core Ultra 5 226V"),
])
def test_model_number_shapes(rules, text, name):
    assert name in [e.name for e in rules.entities.find(text)]


def test_a_model_before_jiagou_is_an_architecture(rules):
    [e] = rules.entities.find("GPU是新的Xe3架构")
    assert e.type == "technology"


def test_a_count_without_noun_counts_what_the_same_classifier_counted(extract):
    got = extract("Zephyr每个节点四颗MI300A，全机一共是２０００颗。")
    counts = [(r["value"], r["item"]) for r in got if r["kind"] == "count"]
    assert (2000, "MI300A") in counts


def test_the_product_compared_with_is_no_topic(extract):
    got = extract("B200正式发布。显存带宽8TB/s，是H100的2倍多。功耗1000W。")
    assert [r["subject"] for r in got if r["kind"] == "power"] == ["B200"]


def test_a_count_without_noun_takes_the_item_named_before_its_number(extract):
    got = extract("这颗芯片的晶体管有三百亿个，主频3GHz。")
    assert [(r["value"], r["item"]) for r in got if r["kind"] == "count"] == [(3e10, "晶体管")]


def test_a_name_continued_by_an_apostrophe_is_another_name(rules):
    # Dell'Oro (a research firm) is not Dell
    assert [e.name for e in rules.entities.find("据Dell'Oro统计")] == []


def test_a_date_is_about_what_was_released_after_it(extract):
    got = extract("英伟达3月18号发的那个GB300 NVL72，大家怎么看？")
    assert [r["subject"] for r in got if r["kind"] == "date"] == ["GB300 NVL72"]


def test_the_whole_machine_or_its_nodes_refer_to_the_topic(extract):
    got = extract("Frontier是橡树岭的超算。每个节点配四颗MI250X，全机9408个节点，放在74个机柜里。")
    assert {(r["value"], r["subject"]) for r in got if r["kind"] == "count"} >= {(9408, "Frontier"), (74, "Frontier")}


def test_a_figure_in_brackets_after_a_name_is_its_own(extract):
    got = extract("MI355X的FP8算力约10 PFLOPS，是H100（约4 PFLOPS）的2.5倍。")
    assert {(r["value"], r["subject"]) for r in got if r["kind"] == "compute_rate"} == {
        (1e16, "MI355X"), (4e15, "H100")}


def test_the_version_of_a_technology_written_alone_is_no_product(rules):
    ents = rules.entities.find("CPU是一颗Cortex-X925加七颗Cortex-A725，X925最高跑到3.6GHz。")
    assert [e.type for e in ents if e.name == "X925"] == ["technology"]


def test_names_listed_before_fenbie_take_the_values_in_order(extract):
    # (a foreign company's canonical name is its Latin one, as 英伟达 → NVIDIA in the issue)
    got = extract("英特尔、AMD和高通的份额分别是61%、27%和8%。")
    assert [(r["subject"], r["value"], r["attribute"]) for r in got] == [
        ("Intel", 61, "share"), ("AMD", 27, "share"), ("Qualcomm", 8, "share")]


def test_a_model_number_after_its_maker_is_a_product(rules):
    ents = rules.entities.find("美光9550很快。后来推出的9550读取14GB/s，有9550个用户，美光2025会计年度。")
    assert [(e.name, e.start) for e in ents if e.type == "product"] == [("9550", 2), ("9550", 14)]


def test_formats_version_suffixes_and_systems(rules):
    find = lambda t: [(e.name, e.type) for e in rules.entities.find(t)]
    assert ("MX6", "technology") in find("用MX6格式能到3 POPS")
    assert ("MTIA v2", "product") in find("Meta的MTIA v2有")
    # a format before a bare Pod is no system; the product named before it is
    assert [n for n, _ in find("TPU v5p的BF16 Pod的算力") if n.endswith("Pod")] == ["TPU v5p Pod"]


def test_a_pronoun_beats_the_previous_sentences_company(extract):
    got = extract("谷歌的Ironwood很强。它是2025年4月9日在Cloud Next上公布的。")
    assert [r["subject"] for r in got if r["kind"] == "date"] == ["Ironwood"]


def test_a_repeated_name_before_what_a_company_does_is_a_company(rules):
    ents = rules.entities.find("Vexor宣布推出新硬盘。它采用Vexor自家的NAND。")
    assert {e.type for e in ents if e.name == "Vexor"} == {"organization"}


def test_a_model_number_right_after_a_launch_is_a_product(rules):
    find = lambda t: [(e.name, e.type) for e in rules.entities.find(t)]
    assert ("9550", "product") in find("美光去年7月推出的9550，读取14GB/s")
    assert not [n for n, k in find("他们发布的2000台服务器，去年发布的128核处理器") if k == "product"]


def test_a_text_about_a_memory_type_takes_it_as_subject(extract):
    text = ("HBM4是今年的重点。HBM4的带宽达到2TB/s。SK海力士已经送样HBM4，HBM4单颗容量36GB。"
            "H200用的是上一代。")
    got = extract(text)
    assert ("HBM4", 2e12) in [(r["subject"], r["value"]) for r in got if r["kind"] == "bandwidth"]
    # a text about a product keeps its memory a spec, never the subject
    got = extract("H200有141GB的HBM3e，H200的带宽4.8TB/s。H200很快，H200很贵。")
    assert {r["subject"] for r in got} == {"H200"}


def test_a_funding_round_is_the_companys_even_through_a_product_pronoun(extract):
    got = extract("壁仞科技推出了BR104。它的显存是32GB。融资方面，2021年3月它宣布完成了12亿元的C轮。")
    assert {r["subject"] for r in got if r["kind"] in ("money", "date")} == {"壁仞科技"}


def test_one_of_a_product_at_the_head_of_a_sentence_introduces_the_whole(extract):
    got = extract("一台DGX H100，里面是8块H100，再加2颗Xeon Platinum 8480C，整机功耗10.2千瓦。")
    assert {(r["value"], r["subject"]) for r in got if r["kind"] in ("count", "power") and r["value"] != 1} == {
        (8, "DGX H100"), (2, "DGX H100"), (10200, "DGX H100")}


def test_the_texts_own_date_is_no_ones(extract):
    got = extract("录制日期：2025年7月12日（台北）\n\nFrontier是橡树岭的超算，它去年11月排名第二。")
    assert [(r["value"], r["subject"]) for r in got if r["kind"] == "date"] == [("2025-07-12", ""), ("2024-11", "Frontier")]


def test_a_supposition_is_about_no_product(extract):
    got = extract("H200的功耗是700W。假设一个机柜的供电上限是15千瓦，大约能放8台服务器。")
    assert [(r["value"], r["subject"]) for r in got if r["kind"] == "power"] == [(700, "H200"), (15000, "")]


def test_a_demonstrative_clause_points_at_the_product_just_named(extract):
    got = extract("Aurora很大。Aurora用的是英特尔的Xeon Max 9480，这是一颗CPU，把56个CPU核心和64GB HBM放在一起。")
    assert [(r["value"], r["subject"]) for r in got if r["kind"] == "count" and r["value"] > 1] == [(56, "Xeon Max 9480")]


def test_a_ratio_against_a_named_baseline_compares_the_topic(extract):
    got = extract("B200是英伟达的新GPU，采用双芯片设计。FP8算力9 PFLOPS，是H100的4倍多。")
    assert [r["subject"] for r in got if r["kind"] == "multiplier"] == ["B200"]


def test_a_brand_model_written_without_its_brand_later_is_the_same_product(rules):
    t = "骁龙X Elite是高通的。X Elite的CPU很快。天玑9300很强，9300的功耗低，有9300个。"
    got = [(e.name, t[e.start:e.end]) for e in rules.entities.find(t) if e.type == "product"]
    assert got == [("Snapdragon X Elite", "骁龙X Elite"), ("Snapdragon X Elite", "X Elite"),
                   ("Dimensity 9300", "天玑9300"), ("Dimensity 9300", "9300")]




def test_a_verb_before_a_model_is_no_brand(extract):
    got = extract("智元去年推出A2，售价60万元，A2身高1.7米。")
    assert all("推出" not in r["subject"] for r in got)


def test_n_cores_count_cpu_cores(extract):
    got = extract("树莓派5是四核心，RK3588是八核心。")
    assert {r["item"] for r in got if r["kind"] == "count"} == {"CPU核心"}


def test_a_product_named_as_a_component_is_no_topic(extract):
    got = extract("这台服务器叫HGX B200。里面是8块B200，CPU则是Grace。它的FP8算力是72 PFLOPS。")
    assert [r["subject"] for r in got if r["kind"] == "compute_rate"] == ["HGX B200"]


def test_we_in_a_talk_is_the_speakers_company(extract):
    text = ("今天的嘉宾是来自星河科技的架构师王磊。\n\n王磊：我们的机房一共有六十四台服务器。"
            "主持人：我们这次来了八十名学员。")
    got = extract(text)
    assert [(r["value"], r["subject"]) for r in got if r["kind"] == "count"] == [(64, "星河科技"), (80, "")]


@pytest.mark.parametrize("text,item", [
    ("Arc B580有20个Xe核心", "Xe核心"),
    ("RX 9070 XT有4096个串流處理器", "流处理器"),
    ("X Elite有12个Oryon核心", "Oryon核心"),
])
def test_named_kinds_of_cores_are_their_own_items(extract, text, item):
    assert [r["item"] for r in extract(text) if r["kind"] == "count"] == [item]


def test_consumer_gpu_suffixes_and_quantisation_formats(rules):
    names = [e.name for e in rules.entities.find("RX 9070 XT和RX 7900 XTX，用Q8量化")]
    assert names[:2] == ["RX 9070 XT", "RX 7900 XTX"] and not rules.is_subject(rules.entities.find("Q8量化")[0])


def test_a_date_is_about_the_product_launched_after_a_modifier(extract):
    got = extract("2025年1月7日，AMD在CES上推出面向游戏本的Ryzen 9 9955HX3D，最多16核。")
    assert [r["subject"] for r in got if r["kind"] == "date"] == ["Ryzen 9 9955HX3D"]


def test_counts_of_the_talks_own_things_have_no_subject(extract):
    got = extract("Orin的算力是254 TOPS。后来换掉了它，主要有三个原因。")
    assert [(r["value"], r["subject"]) for r in got if r["kind"] == "count"] == [(3, "")]


def test_a_pronoun_that_names_the_product_takes_it(extract):
    got = extract("MI300X是AMD的旗舰，性能很强。它的对手Gaudi 3是去年发布的，带宽3.7TB/s，功耗900W。")
    assert {r["subject"] for r in got if r["kind"] in ("bandwidth", "power")} == {"Gaudi3"}


def test_a_series_product_counts_as_itself_not_its_last_word(extract):
    got = extract("每个节点两张Xeon Phi 7120P，全机一千张Xeon Phi。")
    assert [r["item"] for r in got if r["kind"] == "count"] == ["Xeon Phi 7120P", "Xeon Phi"]


def test_a_kept_series_word_names_the_system_of_a_known_gpu(rules):
    assert [e.name for e in rules.entities.find("服务器是HGX H800机型，配Tesla V100")] == ["HGX H800", "V100"]


def test_a_ratio_of_a_companys_finances_is_the_companys(extract):
    # the growth after the revenue figure is the company's, in the sentence that
    # carries it over and where the company is named
    got = extract("Supermicro第二季营收58亿美元，年增两倍。第三季营收60亿美元，年增25%，毛利率11%。")
    subj = {(r["kind"], r["value"]): r["subject"] for r in got}
    company = subj[("money", 6e9)]          # the gazetteer's canonical name
    assert company and subj[("percent", 25)] == company and subj[("multiplier", 2)] == company


def test_a_count_of_parts_takes_the_product_of_the_sentence_before(extract):
    # cores and transistors belong to a product; students and reasons do not
    got = extract("Graviton4是亚马逊的新一代处理器。它采用台积电工艺，一共有96核，"
                  "晶体管数量是730亿个。我们今天讲三个问题。")
    items = {r["item"]: r["subject"] for r in got if r["kind"] == "count"}
    assert items["CPU核心"] == "Graviton4" and items["晶体管"] == "Graviton4"
    got = extract("Graviton4是亚马逊的新一代处理器。单颗芯片有96核。")
    assert [r["subject"] for r in got if r["kind"] == "count"] == ["Graviton4"]
    got = extract("Graviton4是亚马逊的新一代处理器。课程有120名学员。")
    assert [r["subject"] for r in got if r["kind"] == "count"] == [""]


def test_a_product_it_is_like_is_a_baseline(extract):
    # 和X一样 compares with X; the pronoun's product keeps the figure
    got = extract("AMD今年推出了MI325X。它的显存和H200一样是141GB，内存带宽是H200的一半。")
    subj = {r["kind"]: (r["subject"], r.get("compared_to", "")) for r in got}
    assert subj["data_size"][0] == "MI325X"


def test_a_member_named_after_its_series_is_the_topic(extract):
    got = extract("英特尔发布了Xeon 6系列，旗舰是Xeon 6980P。它的功耗是500瓦。")
    assert [r["subject"] for r in got if r["kind"] == "power"] == ["Xeon 6980P"]


def test_what_is_inside_is_a_part(extract):
    got = extract("Jetson Thor开发套件今年开始出货。里面是T5000模组，功耗最高130瓦。")
    assert [r["subject"] for r in got if r["kind"] == "power"] == ["Jetson Thor"]


def test_a_models_suffix_and_number_name_it_later_in_the_text(extract):
    got = extract("这次测的是Ryzen AI 7 HX 350。HX 350的默认功耗是28W。")
    assert [r["subject"] for r in got if r["kind"] == "power"] == ["Ryzen AI 7 HX 350"]


def test_figures_of_a_results_call_are_the_companys(extract):
    text = ("联发科2025年第二季法人说明会逐字稿\n"
            "【主持人】各位投资人大家好，欢迎参加今天的会议。\n今天与会的有财务长与发言人。\n"
            "首先请财务长说明本季的经营成果。\n"
            "【财务长】本季营收为新台币1,503亿元，季减2.3%，年增18.1%。毛利率为49.1%。\n"
            "天玑9400的出货超出预期。")
    got = extract(text)
    subj = {(r["kind"], str(r["value"])): r["subject"] for r in got if r["kind"] != "date"}
    assert set(subj.values()) == {"MediaTek"} and len(subj) == 4


def test_more_names_a_text_repeats_or_a_maker_launches(rules):
    names = [e.name for e in rules.entities.find("它比MacBook Air还轻。MacBook Air的续航更长。")]
    assert names.count("MacBook Air") == 2
    # one word in two capitalised parts alone is a company or a term, not a product
    assert not rules.entities.find("TrendForce说SerDes很重要。TrendForce还说SerDes会更快。")
    assert "990 EVO" in [e.name for e in rules.entities.find("三星推出的990 EVO售价很低")]
    assert "980 PRO" in [e.name for e in rules.entities.find("三星发布的980 PRO是一款硬盘")]
    assert not [e for e in rules.entities.find("英伟达FY2025的营收") if e.type == "product"]


def test_a_demonstrative_series_or_module_refers_back(extract):
    got = extract("英睿达推出了T710固态硬盘，读取速度14.9GB/s。该系列提供三种容量，随机读取提升了两倍。")
    assert [r["subject"] for r in got if r["kind"] == "multiplier"] == ["T710"]


def test_each_refers_to_the_thing_counted_before_for_any_kind_and_its_parts(extract):
    got = extract("服务器里有8块MI325X，每块有256GB显存和6TB/s带宽。")
    assert {r["kind"]: r["subject"] for r in got if r["kind"] != "count"} == {
        "data_size": "MI325X", "bandwidth": "MI325X"}
    got = extract("每个托盘里是两颗GB300超级芯片，每颗超级芯片由两颗B300和一颗Grace组成。")
    assert [(r["item"], r["subject"]) for r in got] == [("GB300", ""), ("B300", "GB300"), ("Grace", "GB300")]


def test_a_lowercase_pod_names_the_system_too(rules):
    names = [e.name for e in rules.entities.find("满配的Ironwood pod有1024颗芯片，整个pod的功耗是多少？")]
    assert [n.casefold() for n in names] == ["ironwood pod", "ironwood pod"]


def test_a_name_opening_a_clause_after_a_demonstrative_is_the_subject(extract):
    # the demonstrative points back to an older topic; the clause names the product itself
    text = "英特尔去年卖的是Gaudi2，今年又发布了Gaudi 3。这款产品明年上市，Gaudi 3是一款训练卡，功耗900瓦。"
    assert [r["subject"] for r in extract(text) if r["kind"] == "power"] == ["Gaudi3"]
    # without the named clause, the demonstrative takes the topic
    text = "英特尔去年卖的是Gaudi2，今年又发布了Gaudi 3。这款产品明年上市，功耗900瓦。"
    assert [r["subject"] for r in extract(text) if r["kind"] == "power"] == ["Gaudi2"]


def test_gen_x_bi_marks_a_baseline(extract):
    got = extract("跟H100比，B200训练快了3倍，推理快了15倍。")
    assert [(r["subject"], r["value"]) for r in got if r["kind"] == "multiplier"] == [("B200", 3), ("B200", 15)]


def test_each_row_names_the_rule_that_chose_its_subject(rules):
    from pipeline.run import mentions_to_frame
    from pipeline.attach import attach
    from pipeline.normalize import normalize_text
    nd = normalize_text("H200的显存是141GB。它的功耗是700瓦。H200发布后，显存带宽是4.8TB/s。", rules)
    seg = rules.segmenter(nd)
    ms = rules.extractor.extract(seg)
    attach(seg, ms, rules)
    assert [(m.subject, m.subject_rule) for m in ms] == [
        ("H200", "clause"), ("H200", "lead_pronoun"), ("H200", "sentence")]
    assert list(mentions_to_frame(ms)["subject_rule"]) == ["clause", "lead_pronoun", "sentence"]


def test_a_variant_code_after_a_known_line_names_its_own_model(rules):
    names = lambda t: [e.name for e in rules.entities.find(t)]
    # lower-case board codes after a chip line; capital variant letters after a model number
    assert names("Wormhole n150和Blackhole p100a") == ["Wormhole n150", "Blackhole p100a"]
    assert names("征程6E比征程6快") == ["征程6E", "征程6"]
    # a version stays a version, and a word glued after a name is still no variant
    assert names("MTIA v2的功耗") == ["MTIA v2"]
    assert names("V100GPU") == ["V100"]


def test_a_numeral_power_of_ten_after_digits_makes_them_a_number(extract):
    # (written often enough, 估值 followed by digits would look like a brand and its model)
    got = extract("Etched估值15亿美元。Groq估值28亿美元。d-Matrix刚融了1.6亿美元，估值12亿美元，总共融了3.1亿美元。")
    assert sorted(r["value"] for r in got if r["kind"] == "money") == [1.6e8, 3.1e8, 1.2e9, 1.5e9, 2.8e9]
    assert [r["subject"] for r in got if r["kind"] == "money"][-3:] == ["d-Matrix"] * 3


def test_a_brand_takes_the_line_words_of_its_model(rules):
    names = lambda t: [e.name for e in rules.entities.find(t)]
    assert names("vivo X100 Ultra与OPPO Find X7 Ultra") == ["vivo X100 Ultra", "OPPO Find X7 Ultra"]
    assert names("Galaxy Z Fold6和Pixel 8 Pro XL") == ["Galaxy Z Fold6", "Pixel 8 Pro XL"]
    assert names("Galaxy AI功能") == []


def test_a_line_headed_by_a_product_lists_its_specs(extract):
    got = extract("・Kirin 9010：7纳米/12核CPU，最高2.3GHz/Maleoon 910 GPU/NPU 30 TOPS\n")
    assert {r["subject"] for r in got if r["kind"] in ("length", "frequency", "compute_rate")} == {"Kirin 9010"}
    # a speaker's line is no heading
    got = extract("王磊：嗯，H20的显存是96GB。")
    assert [r["subject"] for r in got] == ["H20"]


def test_dates_lengths_and_percents_take_no_topic_from_earlier_sentences(extract):
    got = extract("B200的显存是192GB。2024年整个行业的良率提高了15%，工艺是4纳米。功耗是1000瓦。")
    subj = {r["kind"]: r["subject"] for r in got}
    assert subj["date"] == subj["percent"] == subj["length"] == ""
    assert subj["power"] == "B200"          # a spec still takes it


def test_line_words_in_capitals_and_extreme_tiers_are_part_of_the_name(rules):
    names = lambda t: [e.name for e in rules.entities.find(t)]
    assert names("ROG Zephyrus G16和AORUS MASTER 18") == ["ROG Zephyrus G16", "AORUS MASTER 18"]
    assert names("骁龙X1 Elite Extreme") == ["Snapdragon X1 Elite Extreme"]
    # an acronym of a part before a model is no line word
    assert names("GPU A100很快") == ["A100"]


def test_a_sentence_pointing_back_keeps_the_topic_alive(extract):
    text = ("Gaudi3是2024年春天发布的。说实话，当时很多人怀疑。但是你回头看这颗芯片，它很大胆。"
            "计算部分用了chiplet。显存是128GB。")
    assert [r["subject"] for r in extract(text) if r["kind"] == "data_size"] == ["Gaudi3"]


def test_the_site_a_tour_title_names_is_what_its_people_speak_for(extract):
    text = "滨海新区·滨海智算中心 现场探访 2024年3月1日\n工程师：我们一期部署了两千张卡，总功耗是12兆瓦。\n"
    got = {r["kind"]: r["subject"] for r in extract(text)}
    assert got["count"] == got["power"] == "滨海智算中心"


def test_comparison_verbs_and_differences_mark_the_baseline(extract):
    got = extract("天玑9300的报价约130美元，比Snapdragon 8 Gen 3便宜约30美元。")
    assert [(r["value"], r["subject"]) for r in got] == [(130, "Dimensity 9300"), (30, "Dimensity 9300")]
    got = extract("在多核测试中，Dimensity 9300凭借4颗高性能核心反超A17 Pro约12%。")
    assert [(r["kind"], r["item"], r["subject"]) for r in got] == [
        ("count", "性能核", "Dimensity 9300"), ("percent", "", "Dimensity 9300")]


def test_screen_battery_and_sram_cues(extract):
    attr = lambda t: [r["attribute"] for r in extract(t)]
    assert attr("配备14吋萤幕") == ["screen_size"]
    assert attr("续航可达22小时") == ["battery_life"]
    assert attr("片上SRAM有96MB") == ["sram"]
    # a specific cue taken by the quantity before it does not label the next one
    assert attr("显存带宽3.35TB/s，网卡带宽50GB/s") == ["memory_bandwidth", "bandwidth"]
    assert attr("96GB HBM2e，带宽2.45TB/s") == ["gpu_memory", "memory_bandwidth"]


def test_a_count_with_no_noun_counts_the_product_or_device_named_before_it(extract):
    items = lambda t: [r["item"] for r in extract(t) if r["kind"] == "count"]
    assert items("Snapdragon 8 Gen 3出货量已超过3,000万颗，天玑9300约1,500万颗。") == [
        "Snapdragon 8 Gen 3", "Dimensity 9300"]
    assert items("主力是昇腾910B，两千零四十八张。") == ["昇腾910B"]
    assert items("2023年全球笔电出货量约1.7亿台。") == ["笔记本电脑"]
    # a count after a verb is no count of the product before it: 张 counts cards
    assert items("昇腾910C发布以后，我们采购了三千张。") == ["加速卡"]


def test_this_chip_points_at_the_chip_a_device_was_fitted_with(extract):
    text = "Surface Laptop 7搭载的是Snapdragon X Elite。这台笔记本重1.3公斤。这颗芯片是12核12线程，最高频率4.0GHz。"
    assert {r["subject"] for r in extract(text)} == {"Snapdragon X Elite"}
    # with no fitted chip, the pronoun takes the topic as before
    text = "Core Ultra 9 288V是英特尔的新芯片。这颗芯片最高睿频5.1GHz。"
    assert [r["subject"] for r in extract(text)] == ["Core Ultra 9 288V"]


def test_former_and_latter_name_the_last_two_products(extract):
    text = "Atlas 900的总算力约256P，DGX SuperPOD约100P。总算力约为后者的2.5倍。"
    assert [(r["subject"]) for r in extract(text) if r["kind"] == "multiplier"] == ["Atlas 900"]
    text = "Gaudi2有96GB显存，MI300X是192GB。后者是前者的两倍。"
    assert [(r["subject"]) for r in extract(text) if r["kind"] == "multiplier"] == ["MI300X"]
    # with only the baseline named, the sentence's own subject stays
    text = "H100配备80GB HBM3。H200改用HBM3E，容量提升至141GB，是前者的1.76倍。"
    assert [(r["subject"]) for r in extract(text) if r["kind"] == "multiplier"] == ["H200"]


def test_a_generic_word_before_a_lettered_model_is_its_line(rules):
    assert [e.name for e in rules.entities.find("Tensor G3的功耗更高")] == ["Tensor G3"]


def test_a_short_chinese_name_inside_other_words_is_no_name(rules):
    names = lambda t: [e.name for e in rules.entities.find(t)]
    assert names("计算能力提升了3倍") == []          # 计算 | 能力, not 算能 (Sophgo)
    assert names("算能发布了SG2044") == ["算能", "SG2044"]
    assert names("地平线上半年营收增长") == ["地平线"]   # 线上 runs across one end only
    assert names("三星电子的HBM") == ["Samsung"]     # a word that starts with the name is its own


def test_cores_of_a_gpu_named_before_or_after_are_gpu_cores(extract):
    items = lambda t: [r["item"] for r in extract(t) if r["kind"] == "count"]
    assert items("GPU为Arm Mali-G720，拥有11核心") == ["GPU核心"]
    assert items("6核心GPU的性能提升20%") == ["GPU核心"]
    assert items("GPU很强，CPU有12核心") == ["CPU核心"]


def test_cards_after_a_counted_product_are_that_product(extract):
    got = extract("二号机房全部是昇腾910B，一共是一千零二十四张，每台服务器八张卡。")
    assert [r["item"] for r in got if r["kind"] == "count"] == ["昇腾910B", "昇腾910B"]


def test_a_date_takes_a_later_product_only_through_a_launch_verb(extract):
    dates = lambda t: [r["subject"] for r in extract(t) if r["kind"] == "date"]
    assert dates("2019年9月18日，华为发布了Atlas 900。") == ["Atlas 900"]
    assert dates("2019年，整个市场增长很快，Atlas 900卖得很好。") == [""]


def test_a_name_written_with_its_stock_code_is_a_company(extract):
    got = extract("散热大厂双鸿（3324）今年资本支出约新台币20亿元。双鸿的营收增长了30%。")
    assert [(r["kind"], r["subject"]) for r in got] == [("money", "双鸿"), ("percent", "双鸿")]


def test_the_model_number_of_a_named_chinese_brand_alone_is_that_product(extract):
    got = extract("主力是昇腾910B和昇腾910C。910B单卡功耗大概三百五十瓦，910C显存96GB。")
    assert [(r["kind"], r["subject"]) for r in got] == [("power", "昇腾910B"), ("data_size", "昇腾910C")]


# --- session 6 ---------------------------------------------------------------

def test_a_mainland_line_word_names_an_unlisted_model(rules, extract):
    # 昇腾610 and 思元690 are in no gazetteer entry: the line word and the number name them,
    # glued like the listed 昇腾910B, and normalization keeps the 昇 of the line word
    assert [e.name for e in rules.entities.find("寒武纪思元690和华为昇腾610")] == ["寒武纪", "思元690", "华为", "昇腾610"]
    got = extract("该域控制器用了2颗昇腾610。")
    assert [(r["item"]) for r in got if r["kind"] == "count"] == ["昇腾610"]
    # ... but a year or a count after the line word is no model
    assert [e.name for e in rules.entities.find("昇腾2026年出货")] == []


def test_a_variant_code_is_its_own_product(extract):
    got = extract("这台车用了三颗Orin-X，另一台只用两颗Orin。")
    assert [r["item"] for r in got if r["kind"] == "count" and r["value"] > 1] == ["Orin-X", "Orin"]


def test_a_chinese_brand_with_a_two_letter_model_is_found_in_the_document(extract):
    got = extract("岚图FR8的续航是600公里。岚图FR8售价30万元。")
    assert {r["subject"] for r in got} == {"岚图FR8"}
    # a format after a noun is no brand's model, however often it is written
    got = extract("稠密FP16算力为100 TFLOPS。稠密FP16下功耗为300W。")
    assert {r["subject"] for r in got} == {""}


def test_items_that_are_one_character_nouns_or_compounds_with_place_words(extract):
    item = lambda t: [r["item"] for r in extract(t) if r["kind"] == "count"]
    assert item("三台车的油耗相差不大") == ["车"]
    assert item("全程经过25个红绿灯路口") == ["红绿灯路口"]
    assert item("集成三个自研NPU，面积更小") == ["NPU"]
    # "one" with a noun no list knows is an article, in digits too (spun text writes 1戈 for 一个)
    assert item("顶配再加1颗激光雷达。") == []
    assert item("这是一个好办法") == []


def test_percent_cues_for_margins_and_lists(extract):
    attr = lambda t: [(r["value"], r["attribute"]) for r in extract(t) if r["kind"] == "percent"]
    assert attr("本季营收年增5.2%，毛利率31.4%，营业利益率6.8%。") == [
        (5.2, "revenue_growth"), (31.4, "gross_margin"), (6.8, "operating_margin")]
    assert attr("训练时MFU稳定在38%左右。") == [(38, "efficiency")]
    # a list continues the label the sentence began with
    assert attr("据调查，甲公司市占41.2%居首，乙公司约22.5%，丙公司17.3%。") == [
        (41.2, "share"), (22.5, "share"), (17.3, "share")]
    # ... but a ratio after a clause with its own words is no item of the list
    assert attr("性能提升25%，而功耗降低了18%。") == [(25, "speedup"), (18, "power")]


def test_ratio_cues_for_compute_capex_and_first_token(extract):
    attr = lambda t: [r["attribute"] for r in extract(t)]
    # a ratio of compute is a speedup (16 of 21 such gold labels on 59 transcripts)
    assert attr("X200的INT8算力是X100的3倍。")[-1] == "speedup"
    assert attr("A100的训练速度提升了20倍。") == ["speedup"]
    assert attr("今年资本支出约为52亿美元。") == ["capex"]
    assert attr("首token延迟低于200毫秒。") == ["first_token_latency"]


def test_the_previous_generation_is_no_topic(extract):
    got = extract("我们来看Z9。该芯片采用4纳米工艺，上一代Z8用的是6纳米。整颗芯片有48个计算核心。")
    assert [(r["value"], r["subject"]) for r in got if r["kind"] == "count"] == [(48, "Z9")]


def test_a_date_before_a_product_that_starts_shipping(extract):
    got = extract("某公司在7月2日宣布，新一代网卡芯片K7正式开始出货。")
    assert [(r["value"], r["subject"]) for r in got if r["kind"] == "date"] == [("--07-02", "K7")]


def test_a_sibling_model_written_bare_after_its_line(extract):
    got = extract("价格方面，至强6960P的建议价是13500美元，6944P是9800美元。")
    assert [(r["value"], r["subject"]) for r in got] == [(13500, "Xeon 6960P"), (9800, "Xeon 6944P")]


def test_people_counted_by_the_noun_before_them(extract):
    item = lambda t: [r["item"] for r in extract(t) if r["kind"] == "count"]
    assert item("公司研发人员共612人") == ["研发人员"]
    assert item("截至6月底，员工总数为1,408人") == ["员工"]
    assert item("现场来了两百人") == ["人"]
    # the size or use of what is counted is no part of it
    assert item("一个2048颗加速卡规模的集群") == ["加速卡"]


def test_a_pronoun_in_the_clause_points_at_the_topic_for_any_kind(extract):
    got = extract("我们来看X9交换芯片。博通也强调，该芯片的端口延迟可压低到300纳秒以下。")
    assert [(r["kind"], r["subject"]) for r in got] == [("duration", "X9")]


def test_we_compared_with_a_baseline_is_the_product_talked_about(extract):
    got = extract("今天我们发布Gaudi 3。跑Llama 3 70B推理时，我们比H200快1.4倍。")
    assert [(r["value"], fold(r["subject"])) for r in got] == [(1.4, "gaudi3")]


def test_a_product_set_aside_is_not_the_subject(extract):
    got = extract("除了X7 Max以外，这个系列其他型号的基础功耗都是15瓦。")
    assert [r["subject"] for r in got] == [""]


def test_a_date_at_an_event_is_the_events(extract):
    dates = lambda t: [(r["value"], r["subject"]) for r in extract(t) if r["kind"] == "date"]
    assert dates("今年3月在2024年度GPU技术大会（GTC）上，英伟达展示了新机柜。") == [("--03", "GTC"), ("2024", "GTC")]
    assert dates("在9月刚刚结束的HPC China上，我们演示了新集群。") == [("--09", "HPC China")]
    assert dates("在2014年ImageNet竞赛中，错误率降到了6.7%。")[0] == ("2014", "ImageNet")
    # a launch the date tells of keeps its product
    assert dates("AMD在6月3日的Computex上发布了Ryzen AI 300。") == [("--06-03", "Ryzen AI 300")]
    # a date not written at the event is no event's
    assert dates("2023年3月，英伟达在GTC上发布了H100 NVL。")[0][1] != "GTC"


def test_the_line_of_what_a_count_counts_is_not_its_subject(extract):
    got = extract("DGX-3的处理器采用了两颗Intel Xeon Platinum CPU。")
    assert [(r["item"], r["subject"]) for r in got] == [("CPU", "DGX-3")]


def test_a_baseline_raised_against_is_no_subject_of_the_rest(extract):
    got = extract("我们来看DGX-3。内存方面配置2TB主机内存，比DGX-2提升1倍，10个网卡。")
    assert [(r["kind"], r["subject"]) for r in got if r["kind"] != "multiplier"] == [("data_size", "DGX-3"), ("count", "")]


def test_a_modulation_or_form_factor_is_no_product(rules):
    assert [e.name for e in rules.entities.find("1.6T PAM4 DSP与800G OSFP模块") if rules.is_subject(e)] == []


def test_what_the_pronoun_launched_is_the_subject(extract):
    got = extract("Meta的T9交换机很受欢迎。它在2023年5月推出的Z3交换机，在同一片基板上整合了四个光引擎。")
    assert [(r["kind"], r["subject"]) for r in got] == [("date", "Z3"), ("count", "Z3")]


def test_labels_for_event_dates_modified_nouns_and_bracketed_totals(extract):
    attr = lambda t: [(r["value"], r["attribute"]) for r in extract(t)]
    assert attr("在2019年度GPU技术大会上，英伟达展示了新机柜。")[0] == ("2019", "event_date")
    # the noun a quantity modifies labels it, not a topic word before
    assert attr("存储方面则配置了2TB的系统内存。") == [(2e12, "system_memory")]
    # a total in brackets says the same spec as the figure before it
    assert attr("每块A30有24GB HBM2显存(共192GB)。") == [(2.4e10, "gpu_memory"), (1.92e11, "gpu_memory")]


def test_server_models_with_a_maker_prefix_and_a_generation(rules):
    names = lambda t: [e.name for e in rules.entities.find(t) if e.type == "product"]
    assert names("这台XY-G860 G8配的是六个电源") == ["XY-G860 G8"]
    assert names("联想的ThinkSystem SR675 V3也是八颗GPU") == ["ThinkSystem SR675 V3"]


def test_an_ai_model_is_the_workload_of_a_ratio(extract):
    got = extract("我们来看K3。在Qwen 7B上，K3的推理速度是H20的1.3倍；在Llama 3 8B上是1.2倍左右。")
    assert [(r["value"], r["subject"]) for r in got] == [(1.3, "K3"), (1.2, "")]


def test_a_switch_line_and_its_box_model_are_one_name(rules):
    assert [e.name for e in rules.entities.find("核心层用的是Quantum-2 QM8790交换机")] == ["Quantum-2 QM8790"]


def test_single_one_of_the_thing_counted_before(extract):
    got = extract("这台服务器换成了两颗AMD EPYC 9655，单颗96核。")
    assert [(r["value"], r["subject"]) for r in got if r["value"] == 96] == [(96, "EPYC 9655")]


def test_a_bare_digit_model_after_its_full_name(extract):
    got = extract("昇腾710和昇腾510都在那年发布。其中510是推理芯片，功耗只有6瓦。")
    assert [(r["value"], r["subject"]) for r in got if r["kind"] == "power"] == [(6, "昇腾510")]
    # a number with a classifier or a unit after it stays a number
    assert [(r["value"], r["item"]) for r in extract("昇腾510之外，还有510台服务器。")] == [(510, "服务器")]


def test_commercial_use_is_a_launch_and_benchmark_lists_are_no_products(extract, rules):
    got = extract("到了2021年5月10日，昇腾710正式商用。")
    assert [(r["value"], r["subject"]) for r in got] == [("2021-05-10", "昇腾710")]
    assert [e.name for e in rules.entities.find("在IO500和Green500榜单上") if rules.is_subject(e)] == []


def test_the_date_of_the_talk_itself_is_no_ones(extract):
    got = extract("我们是英特尔。今天是2025年3月6日，现场来了三百位嘉宾。")
    assert [(r["value"], r["subject"]) for r in got if r["kind"] == "date"] == [("2025-03-06", "")]


def test_what_a_possessive_pronoun_introduces_by_name(extract):
    got = extract("我们看H100。AMD的路线颇具特色。其首款旗舰GPU MI250X采用6nm工艺和先进封装，由两颗裸片拼成，共集成582亿个晶体管。")
    assert [(r["value"], r["subject"]) for r in got if r["item"] == "晶体管"] == [(5.82e10, "MI250X")]


def test_a_part_with_a_number_is_no_product_and_a_version_names_the_product_before(rules, extract):
    assert [e.name for e in rules.entities.find("满血版12核CPU，GPU 30核，NPU 5") if rules.is_subject(e)] == []
    assert [e.name for e in rules.entities.find("顶配的X1P-64-100单核最高3.4GHz")] == ["X1P-64-100"]
    got = extract("美国那边，Zenbook S 14的Ultra 7版是1499美元起。")
    assert [r["subject"] for r in got] == ["Zenbook S 14"]


def test_staff_counts_in_a_results_call_are_the_companys(extract):
    got = extract("海光信息2025年第三季度业绩说明会\n截至9月底，公司员工总数为2,380人，其中研发人员1,760人。")
    assert [(r["value"], r["item"], r["subject"]) for r in got if r["kind"] == "count"] == [
        # (named as the text writes it: 海光信息, not the gazetteer's shorter 海光)
        (2380, "员工", "海光信息"), (1760, "研发人员", "海光信息")]


def test_what_made_its_debut_at_an_event_owns_the_date(extract):
    got = extract("第一代Z7在2018年8月的Hot Chips大会亮相，采用16纳米工艺。")
    assert [(r["value"], r["subject"]) for r in got if r["kind"] == "date"] == [("2018-08", "Z7")]


def test_a_one_word_alias_names_the_product_the_document_wrote_in_full(rules):
    names = lambda t: [e.name for e in rules.entities.find(t)]
    assert names("今天讲Jetson Thor。Thor的功耗能到130W。") == ["Jetson Thor", "Jetson Thor"]
    assert names("这台车用的是Thor。Thor的算力很高。") == ["DRIVE Thor", "DRIVE Thor"]
