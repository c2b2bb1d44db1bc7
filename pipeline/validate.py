"""Stage 5: the fact table in, (valid rows, rejected rows with their reason) out.

A pandera schema states what a row must be: kinds and canonical units from the
gold spec, finite values in a plausible range per kind, ISO dates, offsets inside
the raw text. A row that fails is moved to the rejects table with the check that
failed; nothing is dropped silently.
"""
from __future__ import annotations

import math

import pandas as pd
import pandera.pandas as pa
import regex

CANONICAL_UNIT = {
    "count": "1", "data_size": "B", "bandwidth": "B/s", "compute_rate": "FLOP/s",
    "operations": "FLOP", "power": "W", "multiplier": "x", "percent": "%", "fraction": "1",
    "frequency": "Hz", "length": "m", "duration": "s", "date": "",
}
# plausible magnitudes for specs in this genre; outside them a reading is almost surely wrong
RANGES = {
    # (the world's stored data, 175ZB, is 1.75e23 B)
    "count": (0, 1e16), "data_size": (1, 1e25), "bandwidth": (1e3, 1e17), "compute_rate": (1e3, 1e22),
    # money in its own currency: 300万亿韩元 (3e14 KRW) is a chip maker's investment plan
    # power: a dilution fridge's 20微瓦 to a country's grid (4,100万瓩 is 4.1e10 W);
    # multipliers: a quantum computer's 10的15次方倍 over a supercomputer
    "operations": (1, 1e27), "power": (1e-9, 1e13), "money": (0.01, 1e16), "multiplier": (0, 1e16),
    # frequency: a grid's 0.2Hz deviation; length: a fleet's 40亿公里 of driving
    "percent": (0, 1e5), "fraction": (0, 1), "frequency": (1e-3, 1e13), "length": (1e-10, 1e15),
    "duration": (1e-9, 1e11),
}
ISO_DATE = regex.compile(r"(?:\d{4}(?:-\d{2}(?:-\d{2})?)?|--\d{2}(?:-\d{2})?)")
ISO_4217 = regex.compile(r"[A-Z]{3}")

COLUMNS = ["doc_id", "kind", "value", "unit", "item", "subject", "attribute", "surface",
           "start", "end", "sentence", "rule_id", "normalized", "compared_to", "cue", "subject_rule"]


def _unit_ok(df: pd.DataFrame) -> pd.Series:
    canon = df["kind"].map(CANONICAL_UNIT)
    money = df["kind"].eq("money") & df["unit"].astype(str).str.fullmatch(ISO_4217.pattern)
    return money | canon.eq(df["unit"])


def _value_ok(df: pd.DataFrame) -> pd.Series:
    def one(kind, value):
        if kind == "date":
            return bool(ISO_DATE.fullmatch(str(value)))
        try:
            v = float(value)
        except (TypeError, ValueError):
            return False
        if not math.isfinite(v):
            return False
        lo, hi = RANGES.get(kind, (-math.inf, math.inf))
        return lo <= v <= hi
    return pd.Series([one(k, v) for k, v in zip(df["kind"], df["value"])], index=df.index)


def schema(raw_lengths: dict[str, int]) -> pa.DataFrameSchema:
    def offsets_ok(df: pd.DataFrame) -> pd.Series:
        n = df["doc_id"].map(raw_lengths)
        return (df["start"] >= 0) & (df["end"] > df["start"]) & (df["end"] <= n) & df["surface"].str.len().gt(0)

    return pa.DataFrameSchema(
        {
            "doc_id": pa.Column(str, pa.Check.str_length(min_value=1)),
            "kind": pa.Column(str, pa.Check.isin(list(CANONICAL_UNIT) + ["money"])),
            "value": pa.Column(str),
            "unit": pa.Column(str),
            "item": pa.Column(str),
            "subject": pa.Column(str),
            "attribute": pa.Column(str),
            "surface": pa.Column(str),
            "start": pa.Column(int),
            "end": pa.Column(int),
            "sentence": pa.Column(str),
            "rule_id": pa.Column(str, pa.Check.str_length(min_value=1)),
            "normalized": pa.Column(str),
            "compared_to": pa.Column(str),
            "cue": pa.Column(str),
            "subject_rule": pa.Column(str),
        },
        checks=[
            pa.Check(_unit_ok, name="canonical_unit", error="unit is not the kind's canonical unit"),
            pa.Check(_value_ok, name="plausible_value",
                     error="value is not finite, not in the kind's plausible range, or not an ISO date"),
            pa.Check(offsets_ok, name="raw_offsets", error="offsets are outside the raw text or empty"),
        ],
        strict=False,
        coerce=True,
    )


def validate(df: pd.DataFrame, raw_lengths: dict[str, int]) -> tuple[pd.DataFrame, pd.DataFrame]:
    """(valid rows, rejected rows with a `reason` column)."""
    if df.empty:
        return df, df.assign(reason=pd.Series(dtype=str))
    try:
        schema(raw_lengths).validate(df, lazy=True)
        return df, df.iloc[0:0].assign(reason=pd.Series(dtype=str))
    except pa.errors.SchemaErrors as err:
        fc = err.failure_cases
        bad: dict[int, list[str]] = {}
        for _, r in fc.iterrows():
            idx = r.get("index")
            if idx is None or (isinstance(idx, float) and math.isnan(idx)):
                # a column-level failure (wrong type) concerns every row
                for i in df.index:
                    bad.setdefault(i, []).append(f"{r['column']}: {r['check']}")
                continue
            bad.setdefault(int(idx), []).append(str(r["check"]))
        rejected = df.loc[sorted(bad)].copy()
        rejected["reason"] = ["; ".join(sorted(set(bad[i]))) for i in rejected.index]
        return df.drop(index=list(bad)), rejected
