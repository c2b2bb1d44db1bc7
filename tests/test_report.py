"""The review page in a real browser: headless Chromium loads it, the test checks
the highlighted spans in the DOM it rendered and takes a screenshot."""
import os
import shutil
import subprocess

import pytest

from pipeline.report import build_report
from pipeline.run import run_corpus

FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]


@pytest.fixture(scope="module")
def chromium():
    exe = shutil.which("chromium") or shutil.which("chromium-browser")
    if exe is None and shutil.which("apt-get") and os.geteuid() == 0:
        # Debian's chromium: the project installs what its tests need
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        subprocess.run(["apt-get", "update", "-qq"], check=False, env=env, timeout=600)
        subprocess.run(["apt-get", "install", "-y", "-qq", "chromium", "fonts-wqy-microhei"], check=False, env=env, timeout=900)
        exe = shutil.which("chromium")
    if exe is None:
        pytest.skip("Debian's chromium is not installed and could not be installed here")
    return exe


@pytest.fixture(scope="module")
def page(tmp_path_factory, rules):
    d = tmp_path_factory.mktemp("rep")
    src = d / "in"
    src.mkdir()
    (src / "t.txt").write_text("DGX-2配备了16块V100，功耗10千瓦。<script>document.title='pwned'</script>售价12.9万美金。",
                               encoding="utf-8")
    gold = d / "gold"
    gold.mkdir()
    (gold / "t.csv").write_text("doc_id,kind,value,unit,item,subject,attribute,surface\n"
                                "t,count,16,1,V100,DGX-2,gpu_count,16块\n"
                                "t,power,10000,W,,DGX-2,power,10千瓦\n"
                                "t,count,2,1,CPU,DGX-2,cpu_count,DGX-2\n", encoding="utf-8")
    run = d / "run"
    res = run_corpus([src], rules, run)
    assert len(res.facts) == 3          # 16块, 10千瓦, 12.9万美金 (spurious: not in gold)
    out = d / "report.html"
    out.write_text(build_report(run, gold), encoding="utf-8")
    return out


def test_page_is_self_contained_and_escaped(page):
    html = page.read_text(encoding="utf-8")
    assert "<script>" not in html and "&lt;script&gt;" in html
    assert "http://" not in html and "https://" not in html.replace("https://spacy.io", "")


def test_browser_renders_highlights(chromium, page, tmp_path):
    dom = subprocess.run([chromium, *FLAGS, f"--user-data-dir={tmp_path / 'prof'}", "--dump-dom", page.as_uri()],
                         capture_output=True, text=True, timeout=120).stdout
    assert "pwned" not in dom.split("<title>")[1].split("</title>")[0]
    marks = dom.count("<mark")
    assert marks == 4                      # three rows + one missed gold mention
    for label in ("count", "power", "SPURIOUS money", "MISSED count"):
        assert label in dom
    shot = tmp_path / "report.png"
    subprocess.run([chromium, *FLAGS, f"--user-data-dir={tmp_path / 'prof2'}", "--window-size=1200,900",
                    f"--screenshot={shot}", page.as_uri()], capture_output=True, timeout=120)
    assert shot.exists() and shot.stat().st_size > 10_000
    keep = os.environ.get("ZHFACTS_SCREENSHOT")
    if keep:
        shutil.copy(shot, keep)
