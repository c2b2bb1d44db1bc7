import pytest


@pytest.mark.parametrize("text,value", [
    ("十六", 16), ("两", 2), ("二十", 20), ("二十四", 24), ("2千万亿", 2e15), ("12.9万", 129000),
    ("20亿亿", 2e17), ("1,024", 1024), ("1.5万", 15000), ("三百亿", 3e10), ("两千万亿", 2e15),
    ("一百零五", 105), ("5120", 5120), ("0.5", 0.5), ("1530亿", 1.53e11), ("二〇一八", 2018),
    # a spoken decimal before a magnitude scales as a whole
    ("三点五亿", 3.5e8), ("三点五个亿", 3.5e8), ("一点二万", 12000), ("三点一四", 3.14),
])
def test_numeral_values(rules, text, value):
    assert rules.numeral_parser.parse(text) == pytest.approx(value)


@pytest.mark.parametrize("text", ["一两", "", "亿", "三点", "点五"])
def test_not_numbers(rules, text):
    assert rules.numeral_parser.parse(text) is None
