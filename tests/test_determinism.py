"""The same input gives the same table whatever Python's hash seed: regex
alternations and tie-breaks must not depend on set order (a tie between the
aliases 昇騰 910 and 昇騰910C once made 384顆昇騰910C count nothing under most
seeds)."""
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TEXT = "這套系統以384顆昇騰910C晶片為核心。CloudMatrix 384的功耗是559千瓦。\n"


def _table(tmp_path, seed):
    src = tmp_path / "in"
    src.mkdir(exist_ok=True)
    (src / "t.txt").write_text(TEXT, encoding="utf-8")
    out = tmp_path / f"seed{seed}"
    env = dict(os.environ, PYTHONHASHSEED=str(seed))
    subprocess.run([sys.executable, "-m", "pipeline", "run", "-q", "-o", str(out), str(src)],
                   cwd=ROOT, env=env, check=True, capture_output=True)
    return (out / "facts.csv").read_text(encoding="utf-8").splitlines()


def test_hash_seed_does_not_change_the_table(tmp_path):
    tables = [_table(tmp_path, seed) for seed in (1, 2, 3)]
    assert tables[0] == tables[1] == tables[2]
    assert ",count,384,1,昇腾910C," in tables[0][1]
