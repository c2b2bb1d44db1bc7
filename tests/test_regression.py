"""The bundled corpus against its gold: `zhfacts run` then `zhfacts eval --check`.
A change that lowers any accepted figure fails here, naming the figure."""
import json

from click.testing import CliRunner

from pipeline.cli import main

ROOT = __import__("pathlib").Path(__file__).resolve().parent.parent


def test_run_and_eval_check_against_baseline(tmp_path, monkeypatch):
    monkeypatch.chdir(ROOT)
    out = tmp_path / "run"
    runner = CliRunner()
    res = runner.invoke(main, ["run", "corpora", "-o", str(out), "-q"])
    assert res.exit_code == 0, res.output
    assert "score vs corpora/gold" in res.output and str(out / "facts.csv") in res.output
    res = runner.invoke(main, ["eval", "--pred", str(out / "facts.csv"), "--check"])
    assert res.exit_code == 0, res.output + (res.stderr if hasattr(res, "stderr") else "")
    record = json.loads((out / "run.json").read_text(encoding="utf-8"))
    assert record["counts"]["errors"] == 0 and record["counts"]["documents"] >= 6


def test_check_fails_on_a_drop(tmp_path, monkeypatch):
    monkeypatch.chdir(ROOT)
    base = json.loads((ROOT / "corpora" / "baseline.json").read_text(encoding="utf-8"))
    fake = tmp_path / "baseline.json"
    fake.write_text(json.dumps({**base, "mentions.f1": 0.999}), encoding="utf-8")
    empty = tmp_path / "facts.csv"
    empty.write_text("doc_id,kind,value,unit,item,subject,attribute,surface\n", encoding="utf-8")
    res = CliRunner().invoke(main, ["eval", "--pred", str(empty), "--check", "--baseline", str(fake)])
    assert res.exit_code == 1
    assert "mentions.f1" in res.output
