"""Recognizers-Text Chinese cases from the peer project (read from ../shared, never
copied here). Reports the share passed per model; the cases zhfacts disagrees with
on purpose are listed with their reason in tests/conformance/disagreements.yaml.
The share of the other cases must stay at or above FLOOR."""
from pathlib import Path

import pytest
import yaml

from pipeline.conformance import MODELS, load_cases, run_model

ROOT = Path(__file__).resolve().parent.parent
FOLDER = ROOT.parent / "shared" / "conformance" / "recognizers-text"
DISAGREE = yaml.safe_load((ROOT / "tests" / "conformance" / "disagreements.yaml").read_text(encoding="utf-8"))
FLOOR = 0.90

pytestmark = pytest.mark.skipif(not FOLDER.is_dir(), reason=f"peer conformance cases not found at {FOLDER}")


def test_disagreements_name_real_cases_and_known_reasons():
    for cid, reason in DISAGREE["cases"].items():
        model, idx = cid.split(":")
        assert model in MODELS and reason in DISAGREE["reasons"], cid
        assert any(d["case_index"] == int(idx) for d in load_cases(FOLDER, model)), cid


@pytest.mark.parametrize("model", list(MODELS))
def test_model_share(model, rules, capsys):
    res = run_model(FOLDER, model, rules)
    rest = [r for r in res if r.case_id not in DISAGREE["cases"]]
    share_all = sum(r.ok for r in res) / len(res)
    share_rest = sum(r.ok for r in rest) / len(rest)
    with capsys.disabled():
        print(f"\nconformance {model}: {sum(r.ok for r in res)}/{len(res)} passed ({share_all:.1%}); "
              f"excluding {len(res) - len(rest)} deliberate disagreements: "
              f"{sum(r.ok for r in rest)}/{len(rest)} ({share_rest:.1%})")
    failing = [f"{r.case_id}: {r.detail}" for r in rest if not r.ok]
    assert share_rest >= FLOOR, "\n".join(failing)
