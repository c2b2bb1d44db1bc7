"""The `zhfacts` command. Every subcommand takes --rules DIR so a rule author can
try a change on a copy of rules/. Errors print one readable line and exit 2."""
from __future__ import annotations

import json
import sys
from functools import wraps
from pathlib import Path

import click

from .errors import ZhfactsError

DEFAULT_CORPUS = Path("corpora")
DEFAULT_GOLD = DEFAULT_CORPUS / "gold"
BASELINE = DEFAULT_CORPUS / "baseline.json"


def _console(stderr=False):
    from rich.console import Console
    return Console(stderr=stderr, highlight=False, soft_wrap=True)


def friendly(fn):
    """Turn the project's errors into one line on stderr and exit status 2."""
    @wraps(fn)
    def inner(*a, **kw):
        try:
            return fn(*a, **kw)
        except ZhfactsError as e:
            click.echo(f"zhfacts: error: {e}", err=True)
            sys.exit(2)
    return inner


def rules_option(fn):
    return click.option("--rules", "rules_dir", type=click.Path(file_okay=False, path_type=Path), default=None,
                        help="Rules folder to use instead of the bundled rules/ (try a change on a copy).")(fn)


def _load(rules_dir):
    from .lint import lint_or_raise
    from .rules import load_rules
    rules = load_rules(rules_dir)
    lint_or_raise(rules)
    return rules


@click.group(context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
@click.version_option(package_name="zhfacts")
def main():
    """zhfacts: specs and facts from Chinese tech transcripts, as a validated table.

    \b
    Typical use:
      zhfacts run                          read corpora/, write outputs/run-*/, score against gold
      zhfacts run talks/ -o outputs/mine   a folder of .txt/.md/.srt/.vtt in any of UTF-8,
                                           UTF-16, GB18030, Big5
      zhfacts extract "DGX-2配备了16块V100，总共512GB显存"
      zhfacts explain "功耗为10千瓦"       why each row came out (edits, tokens, rules, cues)
      zhfacts normalize FILE --diff        what normalization changed, with raw offsets
      zhfacts eval --check                 score the latest run; exit 1 if any figure dropped
      zhfacts rules test | rules lint      run the examples inside the rules / check rule files
      zhfacts report outputs/run-X         one HTML page to review a run

    The fact table (facts.csv / facts.parquet) has the gold-spec columns (doc_id, kind,
    value, unit, item, subject, attribute, surface), then start/end (offsets in the raw
    text, [start, end)), sentence, rule_id, normalized, compared_to, cue, subject_rule.
    """


@main.command()
@click.argument("inputs", nargs=-1, type=click.Path(exists=True, path_type=Path))
@click.option("-o", "--out", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Output folder (default: outputs/run-YYYYmmdd-HHMMSS).")
@click.option("--gold", type=click.Path(path_type=Path), default=None,
              help="Gold to score against after the run (default: corpora/gold when reading corpora/).")
@click.option("-q", "--quiet", is_flag=True, help="No progress bar.")
@click.option("-j", "--jobs", type=click.IntRange(1, 64), default=1, show_default=True,
              help="Worker processes: files are independent, so a batch spreads over cores.")
@rules_option
@friendly
def run(inputs, out, gold, quiet, jobs, rules_dir):
    """Read transcripts (files or folders; default corpora/), write the fact table.

    Writes facts.csv, facts.parquet, rejects.csv (rows that failed validation, with
    the reason), errors.csv (files that could not be read, with the reason) and
    run.json (inputs, rule file hashes, counts, seconds). A broken file never stops
    the run: it is listed in errors.csv and every other file's facts are written.
    """
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from .ingest import find_inputs
    from .run import run_corpus

    inputs = list(inputs) or [DEFAULT_CORPUS]
    rules = _load(rules_dir)
    files = find_inputs(inputs)
    if not files:
        raise ZhfactsError(f"no .txt, .md, .srt or .vtt files under {', '.join(map(str, inputs))}")
    con = _console(stderr=True)
    show = not quiet and len(files) > 1
    with Progress(TextColumn("[bold]zhfacts run"), BarColumn(), MofNCompleteColumn(), TextColumn("{task.description}"),
                  TimeElapsedColumn(), console=con, disable=not show, transient=True) as prog:
        task = prog.add_task("", total=len(files))

        def tick(path):
            prog.update(task, advance=1, description=Path(path).name if path else "")
        res = run_corpus(inputs, rules, out, progress=tick, jobs=jobs)
    c = _console()
    per_kind = res.record["counts"]["per_kind"]
    c.print(f"files: {len(files)}  documents: {res.record['counts']['documents']}  "
            f"facts: {len(res.facts)}  rejected rows: {len(res.rejects)}  unreadable files: {len(res.errors)}  "
            f"({res.record['seconds']:.1f}s)")
    if per_kind:
        c.print("per kind: " + ", ".join(f"{k} {v}" for k, v in sorted(per_kind.items(), key=lambda kv: -kv[1])))
    for _, e in res.errors.iterrows():
        c.print(f"[red]error[/red] {e['path']}: {e['error'].splitlines()[0]}")
    c.print(f"table: {res.out_dir / 'facts.csv'} (and facts.parquet, rejects.csv, errors.csv, run.json)")
    if gold is None and any(Path(i).resolve() == DEFAULT_CORPUS.resolve() for i in inputs) and DEFAULT_GOLD.is_dir():
        gold = DEFAULT_GOLD
    if gold:
        from .evaluate import read_gold, read_table, score
        s = score(read_gold(gold), read_table(res.out_dir / "facts.csv", gold=False))
        c.print(f"score vs {gold}: mentions F1 {s.mentions['f1']:.3f} (P {s.mentions['precision']:.3f} "
                f"R {s.mentions['recall']:.3f}), facts F1 {s.facts['f1']:.3f}, "
                f"attribute agreement {s.attributes['agreement']:.3f}")


@main.command()
@click.argument("text")
@click.option("--json", "as_json", is_flag=True, help="Rows as JSON lines.")
@rules_option
@friendly
def extract(text, as_json, rules_dir):
    """Extract the rows from one piece of text given on the command line."""
    from .attach import attach
    from .normalize import normalize_text
    rules = _load(rules_dir)
    norm = normalize_text(text, rules)
    seg = rules.segmenter(norm)
    ms = rules.extractor.extract(seg)
    attach(seg, ms, rules)
    from .run import format_value
    if as_json:
        for m in ms:
            click.echo(json.dumps({"kind": m.kind, "value": format_value(m.value), "unit": m.unit, "item": m.item,
                                   "subject": m.subject, "attribute": m.attribute, "surface": m.surface,
                                   "start": m.raw_start, "end": m.raw_end, "rule_id": m.rule_id},
                                  ensure_ascii=False))
        return
    from rich.table import Table
    t = Table("surface", "kind", "value", "unit", "item", "subject", "attribute", "[start,end)", "rule")
    for m in ms:
        t.add_row(m.surface, m.kind, format_value(m.value), m.unit, m.item, m.subject, m.attribute,
                  f"[{m.raw_start},{m.raw_end})", m.rule_id)
    _console().print(t if ms else "no quantities found")


@main.command()
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--diff", "show_diff", is_flag=True, help="List every edit with its raw offsets.")
@click.option("--explain", is_flag=True, help="Like --diff, with the layer, confidence and reason of each edit, "
              "and the low-confidence proposals that were flagged, not applied.")
@rules_option
@friendly
def normalize(file, show_diff, explain, rules_dir):
    """Print FILE normalized (width, traditional→simplified, variants, spun repair ...)."""
    from .ingest import read_document
    rules = _load(rules_dir)
    doc = read_document(file)
    nd = rules.normalizer(doc)
    if not (show_diff or explain):
        click.echo(nd.text, nl=False)
        return
    edits = nd.offsets.raw_edits()
    for s, e, rep, layer, conf, note in edits:
        if layer == "subtitle":
            continue
        line = f"[{s},{e})\t{doc.raw[s:e]!s} → {rep}\t{layer}"
        if explain:
            line += f"\t{conf:.2f}\t{note}"
        click.echo(line)
    if explain:
        for fl in nd.flags:
            click.echo("flagged (not applied)\t" + json.dumps(fl, ensure_ascii=False))
    click.echo(f"# {len(edits)} edit(s), {len(nd.flags)} flagged", err=True)


def _latest_facts() -> Path:
    latest = Path("outputs/LATEST")
    if not latest.exists():
        raise ZhfactsError("no run to score: run `zhfacts run` first, or pass --pred FILE")
    p = Path(latest.read_text().strip()) / "facts.csv"
    if not p.exists():
        raise ZhfactsError(f"the latest run has no table: {p}")
    return p


@main.command(name="eval")
@click.option("--gold", type=click.Path(exists=True, path_type=Path), default=DEFAULT_GOLD, show_default=True,
              help="Gold CSV file or folder (every *.csv under it).")
@click.option("--pred", type=click.Path(exists=True, path_type=Path), default=None,
              help="facts.csv of a run (default: the latest run).")
@click.option("--json", "as_json", is_flag=True, help="Figures as JSON.")
@click.option("--check", is_flag=True, help="Compare with the accepted baseline; exit 1 when a figure drops.")
@click.option("--update-baseline", is_flag=True, help="Accept the current figures as the baseline.")
@click.option("--baseline", type=click.Path(path_type=Path), default=BASELINE, show_default=True)
@click.option("--tolerance", type=float, default=0.005, show_default=True, help="Allowed drop for --check.")
@click.option("--show", type=int, default=15, show_default=True, help="Misses and spurious rows to list per kind.")
@click.option("--fold-names", is_flag=True,
              help="Compare subjects and items by identity (traditional → simplified, aliases → the "
                   "gazetteer's name: 台積電 = TSMC), to tell naming conventions from attachment errors.")
@friendly
def eval_cmd(gold, pred, as_json, check, update_baseline, baseline, tolerance, show, fold_names):
    """Score a run against gold: mentions, facts, attributes, per kind and per rule.

    Mentions are matched as a bag on (doc_id, kind, unit, value within 1e-6);
    facts as a set of (doc_id, subject, kind, value, unit, item for counts) with names
    folded; attribute agreement among matched facts. Then the misses and spurious
    rows, with their sentence and raw offsets, so a rule author sees what to fix.
    """
    from .evaluate import baseline_figures, compare_baseline, name_folder, read_gold, read_table, score
    from .write import write_json
    if fold_names and (check or update_baseline):
        raise ZhfactsError("--fold-names is a diagnostic: the baseline is kept with names as written")
    pred = pred or _latest_facts()
    from .rules import load_rules
    names = name_folder(load_rules()) if fold_names else None
    s = score(read_gold(gold), read_table(pred, gold=False), names=names)
    if as_json:
        click.echo(json.dumps(s.figures(), ensure_ascii=False, indent=2))
    else:
        _print_score(s, show, gold)
    figs = baseline_figures(s)
    if update_baseline:
        write_json(figs, baseline)
        click.echo(f"baseline updated: {baseline}", err=True)
    if check:
        if not baseline.exists():
            raise ZhfactsError(f"no baseline at {baseline}: accept one with --update-baseline")
        drops = compare_baseline(figs, json.loads(baseline.read_text(encoding="utf-8")), tolerance)
        if drops:
            click.echo("accuracy dropped against the baseline:\n  " + "\n  ".join(drops), err=True)
            sys.exit(1)
        click.echo(f"check passed: no figure dropped by more than {tolerance} against {baseline}", err=True)


def _print_score(s, show, gold_path):
    from rich.table import Table

    from .evaluate import PRF_HEADER, prf_rows
    c = _console()
    for title, overall, per_kind in (("mentions (bag)", s.mentions, s.mentions_per_kind),
                                     ("facts (set)", s.facts, s.facts_per_kind)):
        t = Table(title=title, title_justify="left")
        for col in PRF_HEADER:
            t.add_column(col, justify="right" if col != "kind" else "left")
        for row in prf_rows(overall, per_kind):
            t.add_row(*row)
        c.print(t)
    a = s.attributes
    c.print(f"attributes: {a['agreement']:.3f} agreement ({a['agree']}/{a['labelled_matched_facts']} matched facts with a gold label)")
    t = Table(title="per rule", title_justify="left")
    for col in ("rule", "fired", "matched gold", "precision"):
        t.add_column(col)
    for r, v in s.per_rule.items():
        t.add_row(r, str(v["fired"]), str(v["matched"]), f"{v['precision']:.2f}")
    c.print(t)
    for title, rows in (("missed (in gold, not predicted)", s.misses), ("spurious (predicted, not in gold)", s.spurious)):
        if not rows:
            continue
        c.print(f"[bold]{title}: {len(rows)}[/bold]")
        by_kind = {}
        for r in rows:
            by_kind.setdefault(r.kind, []).append(r)
        for k in sorted(by_kind):
            c.print(f"  [bold]{k}[/bold] ({len(by_kind[k])})")
            for r in by_kind[k][:show]:
                where = f"[{r.start},{r.end})" if r.start is not None else r.source
                ctx = f"  «{r.sentence[:60]}»" if r.sentence else ""
                c.print(f"    {r.doc_id} {where} {r.surface!r} → {r.value} {r.unit} {r.item} {r.rule_id}{ctx}")
            if len(by_kind[k]) > show:
                c.print(f"    … {len(by_kind[k]) - show} more")


@main.command()
@click.argument("run_a", type=click.Path(exists=True, path_type=Path))
@click.argument("run_b", type=click.Path(exists=True, path_type=Path))
@friendly
def diff(run_a, run_b):
    """Facts gained and lost from RUN_A to RUN_B (run folders or facts.csv files)."""
    from .evaluate import diff_runs, read_table

    def table(p: Path):
        return read_table(p / "facts.csv" if p.is_dir() else p, gold=False)
    gained, lost = diff_runs(table(run_a), table(run_b))
    c = _console()
    for sign, rows in (("+", gained), ("-", lost)):
        for r in rows:
            c.print(f"{sign} {r.doc_id}\t{r.kind}\t{r.value}\t{r.unit}\t{r.item}\t{r.subject}\t{r.surface!r}\t{r.rule_id}")
    c.print(f"{len(gained)} gained, {len(lost)} lost")


@main.group()
def rules():
    """Check rule files and run the examples inside them."""


@rules.command(name="lint")
@rules_option
@friendly
def rules_lint(rules_dir):
    """Check every rule file: schema (unknown keys are errors), regexes compile, kinds
    and units are known, ids unique, no catastrophic backtracking, examples present."""
    from .lint import lint
    from .rules import load_rules
    r = load_rules(rules_dir)
    issues = lint(r)
    for i in issues:
        click.echo(f"error: {i}")
    if issues:
        sys.exit(1)
    click.echo(f"ok: {len(r.patterns)} rules, {len(r.units.units)} unit surfaces, "
               f"{len(r.entities.entries)} gazetteer entries in {r.root}")


@rules.command(name="test")
@click.option("--rule", "only", default=None, help="Only rules whose id starts with this.")
@rules_option
@friendly
def rules_test(only, rules_dir):
    """Run every rule's examples (must give their row) and negatives (must give none)."""
    from .ruletest import run_examples
    r = _load(rules_dir)
    res = run_examples(r, only)
    bad = [x for x in res if not x.ok]
    for x in bad:
        click.echo("FAIL " + x.describe())
    click.echo(f"{len(res) - len(bad)} passed, {len(bad)} failed")
    if bad:
        sys.exit(1)


@main.command()
@click.argument("text", required=False)
@click.option("--file", "file", type=click.Path(exists=True, dir_okay=False, path_type=Path), help="Explain a line of a file.")
@click.option("--line", "line_no", type=int, default=None, help="With --file: the 1-based line to explain.")
@rules_option
@friendly
def explain(text, file, line_no, rules_dir):
    """Why each row came out: normalization edits, tokens, every candidate match with
    its rule, which candidate won an overlap and why, and the rows with the subject
    and attribute and the cue that decided them."""
    from .attach import attach
    from .ingest import read_document
    from .normalize import normalize_text
    from .run import format_value
    if file:
        doc = read_document(file)
        lines = doc.raw.split("\n")
        if line_no is None or not 1 <= line_no <= len(lines):
            raise ZhfactsError(f"--line must be between 1 and {len(lines)} for {file}")
        text = lines[line_no - 1]
    if not text:
        raise ZhfactsError("give a text, or --file F --line N")
    r = _load(rules_dir)
    c = _console()
    nd = normalize_text(text, r)
    c.print("[bold]1. normalization[/bold]")
    edits = nd.offsets.raw_edits()
    for s_, e_, rep, layer, conf, note in edits:
        c.print(f"   [{s_},{e_}) {text[s_:e_]!r} → {rep!r}  {layer} {conf:.2f} {note}")
    for fl in nd.flags:
        c.print(f"   flagged, not applied: {json.dumps(fl, ensure_ascii=False)}")
    if not edits and not nd.flags:
        c.print("   no edits")
    c.print(f"   normalized: {nd.text}")
    seg = r.segmenter(nd)
    c.print("[bold]2. tokens[/bold]")
    for sent in seg.sentences:
        c.print("   " + " | ".join(r.segmenter.tokens(sent.text.strip())))
    c.print("[bold]3. candidates[/bold]")
    for cand, fate in r.extractor.explain(seg):
        m = cand.mention
        c.print(f"   [{m.start},{m.end}) {nd.text[m.start:m.end]!r} {m.rule_id} → {m.kind} {format_value(m.value)} {m.unit}"
                f"{' item ' + m.item if m.item else ''}: {fate}")
    ms = r.extractor.extract(seg)
    attach(seg, ms, r)
    c.print("[bold]4. rows[/bold]")
    for m in ms:
        why = f"cue {m.cue!r}" if m.cue else "kind default" if m.attribute else "no cue"
        c.print(f"   {m.surface!r} [{m.raw_start},{m.raw_end}) {m.kind} {format_value(m.value)} {m.unit}"
                f" item={m.item or '-'} subject={m.subject or '-'}"
                f"{' (' + m.subject_rule + ')' if m.subject else ''}"
                f"{' compared_to=' + m.compared_to if m.compared_to else ''} attribute={m.attribute or '-'} ({why})"
                f"  rule {m.rule_id}")
    if not ms:
        c.print("   no rows")


@main.command()
@click.argument("run_dir", type=click.Path(exists=True, file_okay=False, path_type=Path))
@click.option("-o", "--out", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="HTML file to write (default: RUN_DIR/report.html).")
@click.option("--gold", type=click.Path(path_type=Path), default=DEFAULT_GOLD, show_default=True,
              help="Gold to mark misses and spurious rows (skipped when absent).")
@friendly
def report(run_dir, out, gold):
    """Write one self-contained HTML page to review a run."""
    from .report import build_report
    from .write import write_text
    out = out or run_dir / "report.html"
    write_text(build_report(run_dir, gold if gold and gold.exists() else None), out)
    click.echo(f"report: {out}")


if __name__ == "__main__":
    main()
