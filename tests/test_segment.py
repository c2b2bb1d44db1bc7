from pipeline.segment import split_sentences


def test_user_dictionary_keeps_names_and_units_whole(rules):
    toks = rules.segmenter.tokens("DGX-2配备了16块V100和12个NVSwitch，算力达到2PFLOPS，功耗10千瓦")
    for word in ("DGX-2", "V100", "NVSwitch", "千瓦"):
        assert word in toks, toks


def test_tokenizer_output_is_pinned(rules):
    assert rules.segmenter.tokens("每块V100具有32GB显存") == ["每块", "V100", "具有", "32", "GB", "显存"]


def test_hmm_is_off_because_it_glues_unknown_characters(rules):
    # spun text: with the HMM on, jieba invents words out of swapped characters
    spun = "跶家晚上好，我匙系统架构师"
    with_hmm = rules.segmenter.tokenizer.lcut(spun, HMM=True)
    without = rules.segmenter.tokens(spun)
    assert rules.segmenter.hmm is False
    assert len(without) >= len(with_hmm)
    assert "跶家" not in without


def test_sentences_split_on_end_marks_and_lines():
    s = split_sentences("第一句。第二句！\n第三句；第四句")
    assert [x.text.strip() for x in s] == ["第一句。", "第二句！", "第三句；", "第四句"]
    assert [(x.start, x.end) for x in s][:2] == [(0, 4), (4, 8)]


def test_a_short_latin_user_word_does_not_split_a_longer_latin_word(rules):
    # ns (nanoseconds) is a unit; Tensix is one word, and its cores are Tensix cores
    assert rules.segmenter.tokens("80个Tensix核心") == ["80", "个", "Tensix", "核心"]
