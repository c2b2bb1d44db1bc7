from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="session")
def rules():
    from pipeline.rules import load_rules
    return load_rules(ROOT / "rules")


@pytest.fixture(scope="session")
def extract(rules):
    from pipeline.ruletest import rows_for

    def run(text):
        return rows_for(text, rules)
    return run
