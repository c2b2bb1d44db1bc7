import pandas as pd

from pipeline.validate import COLUMNS, validate


def row(**kw):
    base = dict(doc_id="d", kind="power", value="10000", unit="W", item="", subject="", attribute="",
                surface="10千瓦", start=0, end=4, sentence="", rule_id="r", normalized="", compared_to="", cue="", subject_rule="")
    base.update(kw)
    return base


def test_bad_rows_are_rejected_with_reason_not_dropped():
    df = pd.DataFrame([row(), row(unit="kW"), row(value="inf"), row(kind="date", value="April", unit=""),
                       row(end=99), row(kind="fraction", value="20", unit="1")], columns=COLUMNS)
    ok, bad = validate(df, {"d": 10})
    assert len(ok) == 1 and len(bad) == 5
    reasons = list(bad["reason"])
    assert "canonical unit" in reasons[0]
    assert "plausible range" in reasons[1] and "ISO date" in reasons[2]
    assert "offsets" in reasons[3] and "plausible range" in reasons[4]


def test_parameter_counts_of_large_models_are_plausible():
    # 24万亿参数 (2.4e13) is a model size a talk quotes; 1e17 of anything counted is not
    df = pd.DataFrame([row(kind="count", value="2.4e13", unit="1", item="参数"),
                       row(kind="count", value="1e17", unit="1", item="参数")], columns=COLUMNS)
    ok, bad = validate(df, {"d": 10})
    assert len(ok) == 1 and len(bad) == 1 and "plausible range" in list(bad["reason"])[0]


def test_money_is_plausible_in_currencies_with_small_units():
    # 120万亿韩元 (1.2e14 KRW, about 85 billion dollars) is an investment plan; 1e17 is not
    df = pd.DataFrame([row(kind="money", value="1.2e14", unit="KRW"),
                       row(kind="money", value="1e17", unit="KRW")], columns=COLUMNS)
    ok, bad = validate(df, {"d": 10})
    assert len(ok) == 1 and len(bad) == 1 and "plausible range" in list(bad["reason"])[0]
