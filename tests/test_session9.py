"""Session 9: AI model names from one family list, model-number shapes as data, and the
fixes prompted by 169-171. Sentences are the project's own."""
import pytest


def kv(got, kind=None):
    return [(r["kind"], r["value"]) for r in got if kind is None or r["kind"] == kind]


def subjects(got, kind=None):
    return [(r["value"], r["subject"]) for r in got if kind is None or r["kind"] == kind]


# --- which names are AI models: ai_model_pattern plus ai_workloads ------------------

@pytest.mark.parametrize("name,is_model", [
    ("Qwen3-235B", True), ("Mixtral 8x7B", True), ("Gemma 2 27B", True), ("Bloom 176B", True),
    ("ResNet-50", True), ("BERT-Large", True), ("DLRM", True),
    ("MI325X", False), ("Gaudi3", False), ("GPTQ", False), ("Llamas", False),
])
def test_an_ai_model_is_a_name_the_model_pattern_or_a_workload_starts(rules, name, is_model):
    assert rules.ai_models.match(name) is is_model


def test_a_ratio_measured_on_a_model_not_in_the_old_list_keeps_the_chip(extract):
    got = extract("在Qwen3-32B上，Gaudi3的推理速度是H200的1.3倍。")
    assert subjects(got, "multiplier") == [(1.3, "Gaudi3")]


# --- bare model numbers are data ----------------------------------------------------

def test_the_bare_model_number_shape_comes_from_the_gazetteer(rules):
    assert rules.bare_model_numbers.fullmatch("7800X3D") and rules.bare_model_numbers.fullmatch("14900KF")
    assert not rules.bare_model_numbers.fullmatch("1600") and not rules.bare_model_numbers.fullmatch("16GB")
