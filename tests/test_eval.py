"""The scorer on small hand-made tables with known answers."""
import pytest

from pipeline.errors import GoldFileError
from pipeline.evaluate import compare_baseline, read_gold, read_table, score

HEAD = "doc_id,kind,value,unit,item,subject,attribute,surface\n"


def table(tmp_path, name, rows):
    p = tmp_path / name
    p.write_text(HEAD + "\n".join(rows) + "\n", encoding="utf-8")
    return p


def test_bag_one_to_one_with_duplicates(tmp_path):
    g = table(tmp_path, "g.csv", ["d,count,16,1,V100,DGX-2,gpu_count,16块", "d,count,16,1,V100,DGX-2,gpu_count,16块",
                                  "d,power,10000,W,,DGX-2,power,10千瓦"])
    p = table(tmp_path, "p.csv", ["d,count,16,1,V100,DGX-2,gpu_count,16块", "d,count,16,1,V100,DGX-2,gpu_count,16块",
                                  "d,count,16,1,V100,DGX-2,gpu_count,16块"])
    s = score(read_gold(g), read_table(p, gold=False))
    assert (s.mentions["tp"], s.mentions["pred"], s.mentions["gold"]) == (2, 3, 3)
    assert s.mentions["precision"] == pytest.approx(2 / 3)
    assert s.mentions_per_kind["power"]["recall"] == 0
    # facts are a set: the three predicted 16s are one fact
    assert (s.facts["tp"], s.facts["pred"], s.facts["gold"]) == (1, 1, 2)


def test_tolerance_is_relative_1e6(tmp_path):
    g = table(tmp_path, "g.csv", ["d,data_size,512000000000,B,,,,512GB", "d,data_size,1000,B,,,,1KB"])
    p = table(tmp_path, "p.csv", ["d,data_size,5.120004e11,B,,,,", "d,data_size,1000.01,B,,,,"])
    s = score(read_gold(g), read_table(p, gold=False))
    assert s.mentions["tp"] == 1        # 512000400000 is within 1e-6; 1000.01 is not


def test_kind_and_unit_must_match(tmp_path):
    g = table(tmp_path, "g.csv", ["d,money,100,USD,,,,", "d,data_size,300000000000,B,,,,"])
    p = table(tmp_path, "p.csv", ["d,money,100,CNY,,,,", "d,bandwidth,300000000000,B/s,,,,"])
    assert score(read_gold(g), read_table(p, gold=False)).mentions["tp"] == 0


def test_dates_compare_as_strings(tmp_path):
    g = table(tmp_path, "g.csv", ["d,date,--04-13,,,,,", "d,date,2018,,,,,"])
    p = table(tmp_path, "p.csv", ["d,date,--04-13,,,,,", "d,date,2018-04,,,,,"])
    assert score(read_gold(g), read_table(p, gold=False)).mentions["tp"] == 1


def test_name_folding_and_empty_subjects(tmp_path):
    g = table(tmp_path, "g.csv", ["d,count,16,1,V100,DGX-2,gpu_count,", "d,power,10000,W,,,power,"])
    p = table(tmp_path, "p.csv", ["d,count,16,1,v100,ｄｇｘ 2,gpu_count,", "d,power,10000,W,,DGX-2,power,"])
    s = score(read_gold(g), read_table(p, gold=False))
    # gold's empty-subject row takes no part; the predicted DGX-2 power is spurious
    assert (s.facts["tp"], s.facts["pred"], s.facts["gold"]) == (1, 2, 1)


def test_two_gold_labels_for_one_fact(tmp_path):
    g = table(tmp_path, "g.csv", ["d,data_size,512000000000,B,,DGX-2,gpu_memory,", "d,data_size,512000000000,B,,DGX-2,total_memory,"])
    p1 = table(tmp_path, "p1.csv", ["d,data_size,512000000000,B,,DGX-2,total_memory,"])
    p2 = table(tmp_path, "p2.csv", ["d,data_size,512000000000,B,,DGX-2,storage,"])
    assert score(read_gold(g), read_table(p1, gold=False)).attributes["agreement"] == 1.0
    assert score(read_gold(g), read_table(p2, gold=False)).attributes["agreement"] == 0.0


def test_only_gold_documents_are_scored(tmp_path):
    g = table(tmp_path, "g.csv", ["d,percent,30,%,,,,"])
    p = table(tmp_path, "p.csv", ["d,percent,30,%,,,,", "other,percent,5,%,,,,"])
    assert score(read_gold(g), read_table(p, gold=False)).mentions["precision"] == 1.0


@pytest.mark.parametrize("rows,line,column,reason", [
    (["d,count,16,1"], None, "item", None),
    (["d,speed,3,x,,,,"], 2, "kind", "unknown kind"),
    (["d,power,ten,W,,,,"], 2, "value", "not a number"),
    (["d,date,April 2018,,,,,"], 2, "value", "ISO 8601"),
    (["d,power,10,kW,,,,"], 2, "unit", "canonical unit"),
])
def test_bad_gold_names_file_line_and_column(tmp_path, rows, line, column, reason):
    if line is None:      # a missing column
        p = tmp_path / "g.csv"
        p.write_text("doc_id,kind,value\nd,count,16\n", encoding="utf-8")
        with pytest.raises(GoldFileError) as e:
            read_gold(p)
        assert e.value.column == "unit" and "missing" in e.value.reason
        return
    p = table(tmp_path, "g.csv", rows)
    with pytest.raises(GoldFileError) as e:
        read_gold(p)
    assert (e.value.line, e.value.column) == (line, column)
    assert reason in e.value.reason and str(p) in str(e.value)


def test_baseline_check_names_the_drop():
    base = {"mentions.f1": 0.9, "mentions.count.f1": 0.8}
    assert compare_baseline({"mentions.f1": 0.9, "mentions.count.f1": 0.798}, base) == []
    drops = compare_baseline({"mentions.f1": 0.88, "mentions.count.f1": 0.8}, base)
    assert len(drops) == 1 and drops[0].startswith("mentions.f1")


def test_fold_names_compares_subjects_by_identity(tmp_path, rules):
    from pipeline.evaluate import name_folder
    g = table(tmp_path, "g.csv", ["d,money,1000,TWD,,台積電,revenue,1000元", "d,count,8,1,昇騰910B,,gpu_count,8颗"])
    p = table(tmp_path, "p.csv", ["d,money,1000,TWD,,TSMC,revenue,1000元", "d,count,8,1,昇腾910B,,gpu_count,8颗"])
    assert score(read_gold(g), read_table(p, gold=False)).facts["tp"] == 0
    folded = score(read_gold(g), read_table(p, gold=False), names=name_folder(rules))
    assert (folded.facts["tp"], folded.facts["gold"]) == (1, 1)
