"""The command as a user meets it: help that teaches, one readable line for a
broken rule file (file, line, reason; never a stack trace)."""
import shutil

import pytest
from click.testing import CliRunner

from pipeline.cli import main

ROOT = __import__("pathlib").Path(__file__).resolve().parent.parent


def test_help_teaches():
    out = CliRunner().invoke(main, ["--help"]).output
    for word in ("zhfacts run", "zhfacts extract", "explain", "eval --check", "rules test"):
        assert word in out


def test_extract_prints_rows():
    res = CliRunner().invoke(main, ["extract", "--json", "DGX-2配备了16块V100，总共512GB显存，性能达到2PFLOPS"])
    assert res.exit_code == 0
    assert res.output.count("\n") == 3 and '"item": "V100"' in res.output and '"value": "2e+15"' in res.output


def broken(tmp_path, name, old, new):
    d = tmp_path / "rules"
    shutil.copytree(ROOT / "rules", d)
    p = d / name
    text = p.read_text(encoding="utf-8")
    assert old in text, old
    p.write_text(text.replace(old, new, 1), encoding="utf-8")
    return d


@pytest.mark.parametrize("name,old,new,expect", [
    ("patterns.yaml", "    action: multiplier\n", "    action: multiply\n", "unknown action 'multiply'"),
    ("patterns.yaml", "    priority: 8\n", "    priorty: 8\n", "unknown key(s) priorty"),
    ("patterns.yaml", "'{NUM}{APPROX}\\s?倍'", "'{NUM}(倍'", "pattern does not compile"),
    ("patterns.yaml", "'{NUM}{APPROX}\\s?倍'", "'{NUMBER}倍'", "unknown macro {NUMBER}"),
    ("patterns.yaml", "  - id: percent.sign", "  - id: multiplier.bei", "duplicate rule id"),
    ("units.txt", "W | 瓦 | 瓦特 = watt ; power", "W | 瓦 | 瓦特 = watt ; powr", "unknown kind 'powr'"),
    ("units.txt", "W | 瓦 | 瓦特 = watt ; power", "W | 瓦 | 瓦特 = wat ; power", "cannot convert"),
    ("gazetteer.yaml", "type: organization, aliases: [英伟达", "type: company, aliases: [英伟达", "unknown entity type"),
    ("cues.yaml", "  - {cue: 功耗, attribute: power}", "  - {cue: 功耗, atribute: power}", "unknown key(s) atribute"),
    ("numerals.yaml", "\ndigits:", "\ndigits: [", "not valid YAML"),
    ("variants.tsv", "峯\t峰\tany", "峯\t峰\tsometimes", "unknown context"),
    ("normalize.yaml", "  - name: width", "  - name: widht", "unknown layer 'widht'"),
    ("spun.yaml", "window: 3", "windw: 3", "unknown setting(s) windw"),
    ("cues.yaml", "finance_words: '营收|", "finance_words: '(营收|", "finance_words is not a valid regex"),
    ("units.txt", "新台币 | 台币 | NT$ | 新台幣 | 臺幣 = TWD", "新台币 = NTD$", "ISO 4217"),
    ("units.txt", "; compute_rate ; total_from=1e22", "; compute_rate ; total_from=many", "total_from needs a number"),
    ("units.txt", "W | 瓦 | 瓦特 = watt ; power", "W | 瓦 | 瓦特 = watt ; power ; total_from=1e9", "no rate of any kind"),
])
def test_broken_rule_file_gives_one_clear_line(tmp_path, name, old, new, expect):
    d = broken(tmp_path, name, old, new)
    res = CliRunner().invoke(main, ["run", "--rules", str(d), "-o", str(tmp_path / "o"), str(ROOT / "corpora")])
    assert res.exit_code == 2, res.output
    assert "Traceback" not in res.output
    line = res.output.strip().splitlines()[-1]
    assert line.startswith("zhfacts: error: [E200]") and name in line and expect in line, line
    assert not (tmp_path / "o").exists()          # run refuses to start


def test_lint_reports_catastrophic_backtracking(tmp_path):
    d = broken(tmp_path, "patterns.yaml", "'{NUM}{APPROX}\\s?倍'", "'(?:1+)+x倍'")
    res = CliRunner().invoke(main, ["rules", "lint", "--rules", str(d)])
    assert res.exit_code == 1 and "backtracks catastrophically" in res.output and "multiplier.bei" in res.output


def test_rules_test_shows_what_came_out_instead(tmp_path):
    d = broken(tmp_path, "patterns.yaml", "{text: 提升了2.4倍, kind: multiplier, value: 2.4, unit: x}",
               "{text: 提升了2.4倍, kind: multiplier, value: 2.5, unit: x}")
    res = CliRunner().invoke(main, ["rules", "test", "--rules", str(d)])
    assert res.exit_code == 1
    assert "FAIL" in res.output and "'value': 2.4" in res.output and "1 failed" in res.output


def test_explain_shows_every_stage():
    out = CliRunner().invoke(main, ["explain", "DGX⑵功耗为10千瓦，提升5-12倍"]).output
    for part in ("1. normalization", "'⑵' → '-2'", "2. tokens", "3. candidates", "kept", "4. rows",
                 "subject=DGX-2", "cue '功耗'", "multiplier.bei+range"):
        assert part in out, part


def test_explain_a_line_of_a_file(tmp_path):
    p = tmp_path / "t.txt"
    p.write_text("第一行\n主频1.5GHz\n", encoding="utf-8")
    out = CliRunner().invoke(main, ["explain", "--file", str(p), "--line", "2"]).output
    assert "frequency 1500000000 Hz" in out
    res = CliRunner().invoke(main, ["explain", "--file", str(p), "--line", "9"])
    assert res.exit_code == 2 and "--line must be between 1 and" in res.output
