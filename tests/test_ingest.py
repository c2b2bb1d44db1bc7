import pytest

from pipeline.errors import IngestError
from pipeline.ingest import find_inputs, iter_documents, read_document

TEXT = "DGX-2配备了16块V100，總共512GB顯存。"


@pytest.mark.parametrize("encoding", ["utf-8", "utf-8-sig", "utf-16", "gb18030", "big5"])
def test_encodings_decode_exactly(tmp_path, encoding):
    text = TEXT if encoding != "gb18030" else TEXT + "𠀀"   # a character outside GBK
    if encoding == "big5":
        text = "輝達發表了新的伺服器，配備十六塊繪圖處理器與兩顆中央處理器，總記憶體容量為一點五兆位元組。"
    p = tmp_path / "a.txt"
    p.write_bytes(text.encode(encoding))
    doc = read_document(p)
    assert doc.raw == text
    assert doc.doc_id == "a"


def test_srt_cues_and_timestamps_are_blanked_but_offsets_kept(tmp_path):
    srt = "1\n00:00:01,000 --> 00:00:03,000\nDGX-2配备了16块V100\n\n2\n00:00:03,500 --> 00:00:05,000\n功耗10千瓦\n"
    p = tmp_path / "talk.srt"
    p.write_text(srt, encoding="utf-8")
    doc = read_document(p)
    assert doc.raw == srt
    text = doc.markup.apply(doc.raw)
    assert len(text) == len(srt)
    assert "-->" not in text and "00:00" not in text
    assert text.index("功耗10千瓦") == srt.index("功耗10千瓦")


def test_vtt_header_removed(tmp_path):
    vtt = "WEBVTT\n\n00:01.000 --> 00:03.000\n<v 讲者>算力达到2PFLOPS\n"
    p = tmp_path / "t.vtt"
    p.write_text(vtt, encoding="utf-8")
    text = read_document(p).markup.apply(vtt)
    assert "WEBVTT" not in text and "<v" not in text and "算力达到2PFLOPS" in text


def test_broken_files_are_reported_not_raised(tmp_path):
    (tmp_path / "ok.txt").write_text("功耗10千瓦", encoding="utf-8")
    (tmp_path / "empty.txt").write_bytes(b"")
    (tmp_path / "bin.txt").write_bytes(b"\x00\x01\x02" * 100)
    out = list(iter_documents(find_inputs([tmp_path])))
    errors = {e.path.name: e.message for e in out if isinstance(e, IngestError)}
    assert set(errors) == {"empty.txt", "bin.txt"}
    assert "empty file" in errors["empty.txt"] and "binary" in errors["bin.txt"]
    assert [d.doc_id for d in out if not isinstance(d, IngestError)] == ["ok"]


def test_corpus_folder_reads_its_transcripts_only(tmp_path):
    (tmp_path / "transcripts").mkdir()
    (tmp_path / "gold").mkdir()
    (tmp_path / "transcripts" / "a.txt").write_text("x", encoding="utf-8")
    (tmp_path / "gold" / "a.csv").write_text("x", encoding="utf-8")
    (tmp_path / "README.md").write_text("x", encoding="utf-8")
    assert [p.name for p in find_inputs([tmp_path])] == ["a.txt"]
