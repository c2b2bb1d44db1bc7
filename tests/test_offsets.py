from pipeline.offsets import Edit, EditLayer, OffsetMap


def chain(raw, *layers_edits):
    om, text = OffsetMap(), raw
    for i, edits in enumerate(layers_edits):
        layer = EditLayer(f"l{i}", [Edit(s, e, r, f"l{i}") for s, e, r in edits])
        om.layers.append(layer)
        text = layer.apply(text)
    return om, text


def test_one_to_many_and_deletion_map_back_to_raw():
    raw = "DGX⑵有junk16块V100"
    om, text = chain(raw, [(3, 4, "-2")], [(6, 10, "")])
    assert text == "DGX-2有16块V100"
    s = text.index("16块")
    rs, re_ = om.to_raw(s, s + 3)
    assert raw[rs:re_] == "16块"
    # a span covering part of an edit widens to the whole edit
    assert om.to_raw(0, 4) == (0, 4)
    assert raw[slice(*om.to_raw(0, 5))] == "DGX⑵"


def test_identity_when_no_edits():
    om, text = chain("abc")
    assert om.to_raw(1, 3) == (1, 3)


def test_raw_edits_are_in_raw_coordinates():
    raw = "１６块跶家"
    om, text = chain(raw, [(0, 2, "16")], [(3, 4, "大")])
    assert text == "16块大家"
    edits = om.raw_edits()
    assert [(s, e, r) for s, e, r, *_ in edits] == [(0, 2, "16"), (3, 4, "大")]


def test_overlapping_edits_are_refused():
    import pytest
    with pytest.raises(ValueError, match="E001"):
        EditLayer("x", [Edit(0, 3, "a", "x"), Edit(2, 4, "b", "x")])
