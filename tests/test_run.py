import json

import pandas as pd

from pipeline.run import run_corpus


def test_one_broken_file_does_not_lose_the_others(tmp_path, rules):
    src = tmp_path / "in"
    src.mkdir()
    (src / "a.txt").write_text("DGX-2配备了16块V100，功耗10千瓦。", encoding="utf-8")
    (src / "b.txt").write_bytes("主频１．５ＧＨｚ，售价12.9万美金".encode("gb18030"))
    (src / "broken.txt").write_bytes(b"\xff\xfe\x00\xd8\x00")      # UTF-16 BOM, then a lone surrogate
    (src / "empty.md").write_bytes(b"   ")
    res = run_corpus([src], rules, tmp_path / "out")
    facts = pd.read_csv(tmp_path / "out" / "facts.csv", dtype=str, keep_default_na=False)
    errors = pd.read_csv(tmp_path / "out" / "errors.csv", dtype=str)
    assert set(errors["path"].map(lambda p: p.rsplit("/", 1)[-1])) == {"broken.txt", "empty.md"}
    assert set(facts["doc_id"]) == {"a", "b"}
    assert {("a", "count", "16"), ("a", "power", "10000"), ("b", "frequency", "1500000000"),
            ("b", "money", "129000")} <= set(zip(facts.doc_id, facts.kind, facts.value))
    rec = json.loads((tmp_path / "out" / "run.json").read_text(encoding="utf-8"))
    assert rec["counts"]["errors"] == 2 and set(rec["rule_files"]) >= {"units.txt", "patterns.yaml"}
    assert (tmp_path / "out" / "facts.parquet").exists()
    assert len(res.facts) == len(facts)


def test_offsets_in_table_point_into_raw_file(tmp_path, rules):
    src = tmp_path / "t.txt"
    raw = "ＤＧＸ⑵配備了１６塊V100，總共５１２ＧＢ顯存，性能達到２ＰＦＬＯＰＳ。"
    src.write_text(raw, encoding="utf-8")
    run_corpus([src], rules, tmp_path / "o")
    facts = pd.read_csv(tmp_path / "o" / "facts.csv", dtype=str, keep_default_na=False)
    assert len(facts) == 3
    for _, r in facts.iterrows():
        assert raw[int(r.start):int(r.end)] == r.surface


def test_writes_are_atomic(tmp_path, monkeypatch):
    from pipeline import write

    def boom(self, *a, **k):
        raise OSError("disk full")
    df = pd.DataFrame({"a": [1]})
    write.write_csv(df, tmp_path / "x.csv")
    monkeypatch.setattr(pd.DataFrame, "to_csv", boom)
    try:
        write.write_csv(pd.DataFrame({"a": [2]}), tmp_path / "x.csv")
    except OSError:
        pass
    assert (tmp_path / "x.csv").read_text() == "a\n1\n"
    assert [p.name for p in tmp_path.iterdir()] == ["x.csv"]


def test_parallel_run_gives_the_same_table(tmp_path, rules):
    src = tmp_path / "in"
    src.mkdir()
    for i in range(4):
        (src / f"d{i}.txt").write_text(f"DGX-2配备了{16 + i}块V100，功耗{10 + i}千瓦。", encoding="utf-8")
    (src / "bad.txt").write_bytes(b"")
    one = run_corpus([src], rules, tmp_path / "one", jobs=1)
    two = run_corpus([src], rules, tmp_path / "two", jobs=2)
    cols = ["doc_id", "kind", "value", "start", "end", "subject"]
    assert one.facts[cols].values.tolist() == two.facts[cols].values.tolist()
    assert len(two.facts) == 8 and len(two.errors) == 1
