"""Every rule's examples and negatives, as pytest cases (the same check as
`zhfacts rules test`)."""
import pytest

from pipeline.rules import load_rules
from pipeline.ruletest import run_examples

RESULTS = run_examples(load_rules())


@pytest.mark.parametrize("res", RESULTS, ids=[f"{r.rule_id}:{r.text}" for r in RESULTS])
def test_rule_example(res):
    assert res.ok, res.describe()


def test_every_rule_has_examples(rules):
    assert all(r.examples for r in rules.patterns)
