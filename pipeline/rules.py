"""Loading everything in rules/ into one `RuleSet`. Loading is strict: an unknown
key, kind or unit, a bad regex or a duplicate id is a RuleFileError naming the
file, the line and the rule."""
from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

import regex

from .entities import EntityMatcher, GazetteerEntry, ProperNameRules, fold
from .errors import RuleFileError
from .numerals import NumeralParser, NumeralTable
from .units import UnitTable, load_units
from .yamlio import line_of, load_yaml

DEFAULT_RULES = Path(__file__).resolve().parent.parent / "rules"
KINDS = ("count", "data_size", "bandwidth", "compute_rate", "operations", "power", "money",
         "multiplier", "percent", "fraction", "frequency", "length", "duration", "date")
ACTIONS = ("quantity", "money_prefix", "count", "counted", "multiplier", "percent",
           "fraction", "fraction_cn", "fraction_half", "date", "half", "date_relative", "date_same_year", "compound_duration", "money_spoken")
RULE_KEYS = {"id", "action", "pattern", "priority", "description", "examples", "negatives"}
EXAMPLE_KEYS = {"text", "kind", "value", "unit", "item", "subject", "attribute"}
RULE_FILES = ("units.txt", "numerals.yaml", "classifiers.yaml", "gazetteer.yaml", "cues.yaml",
              "variants.tsv", "regional_terms.tsv", "dialect_terms.tsv", "patterns.yaml", "normalize.yaml", "spun.yaml")


@dataclass
class PatternRule:
    id: str
    action: str
    pattern: str
    priority: int
    description: str
    examples: list[dict]
    negatives: list[str]
    path: str
    line: int
    compiled: Any = None


def _need(obj, keys: set[str], path: Path, what: str, allowed: set[str] | None = None):
    if not isinstance(obj, dict):
        raise RuleFileError(str(path), line_of(obj), f"{what} must be a mapping")
    if allowed is not None:       # a misspelt key explains a missing one: name it first
        unknown = set(obj) - allowed
        if unknown:
            raise RuleFileError(str(path), line_of(obj),
                                f"{what} has unknown key(s) {', '.join(sorted(map(str, unknown)))}; allowed: {', '.join(sorted(allowed))}")
    missing = keys - set(obj)
    if missing:
        raise RuleFileError(str(path), line_of(obj), f"{what} is missing {', '.join(sorted(missing))}")


@dataclass(frozen=True)
class AIModelNames:
    """Which entity names are AI models: one list of families (the gazetteer's
    ai_model_pattern, which also finds them in text) plus the workloads written otherwise."""
    pattern: Any
    workloads: tuple[str, ...] = ()

    def match(self, name: str) -> bool:
        return bool(name) and (self.pattern is not None and self.pattern.match(name) is not None
                               or name.startswith(self.workloads))


@dataclass
class RuleSet:
    root: Path
    units: UnitTable
    numerals: NumeralTable
    classifiers: list[str]
    classifier_items: dict[str, str]
    counted_nouns: dict[str, str]
    items: dict[str, str]                   # written form -> canonical item
    stop_words: list[str]
    entities: EntityMatcher
    protected_names: list[str]
    cues: dict[str, list[dict]]
    kind_shift: list[dict]
    variants: list[tuple[str, str, str]]
    patterns: list[PatternRule]
    normalize_layers: list[dict]
    default_attributes: dict[str, str] = field(default_factory=dict)
    subject_refines: dict[str, list[str]] = field(default_factory=dict)
    counts_itself: set = field(default_factory=set)
    named_kinds: set = field(default_factory=set)
    subjectless_items: set = field(default_factory=set)
    part_items: set = field(default_factory=set)
    elided_items: dict = field(default_factory=dict)
    spoken_money: dict = field(default_factory=dict)     # classifier -> currency
    spoken_money_context: Any = None
    org_items: Any = None
    org_events: Any = None
    finance_words: Any = None
    results_events: Any = None
    dominant_subjects: Any = None
    events: dict = field(default_factory=dict)
    ai_models: Any = None
    bare_model_numbers: Any = None
    ai_model_parts: frozenset = frozenset()
    item_context: dict = field(default_factory=dict)
    # how far into a text a dateline (its own date) is looked for
    dateline_chars: int = 200
    classifier_context: dict = field(default_factory=dict)
    hashes: dict[str, str] = field(default_factory=dict)

    def is_known_name(self, text: str) -> bool:
        f = fold(text)
        return f in self.entities.by_fold or f in self._line_folds

    @cached_property
    def line_words(self) -> set[str]:
        """Series and brand words (Xeon, 昇腾, 骁龙): names of a product line, not of a product."""
        return {w for w, _keep in self.entities.series} | set(self.entities.brands)

    @cached_property
    def _line_folds(self) -> set[str]:
        return {fold(w) for w in self.line_words}

    def is_subject(self, ent) -> bool:
        """Products and organisations can be subjects; formats, buses, memory types,
        benchmarks and events (FP16, PCIe 4.0, HBM2e, ResNet-50, GTC) cannot."""
        if ent.type not in ("product", "software", "organization"):
            return False
        # an event found as a name (Cloud Next written often enough to look like a product)
        return not self.entities.is_format(ent.name) and fold(ent.name) not in self._event_folds

    @cached_property
    def _event_folds(self) -> frozenset:
        return frozenset(fold(w) for w in self.events)

    @cached_property
    def numeral_parser(self) -> NumeralParser:
        return NumeralParser(self.numerals)

    @cached_property
    def classifier_set(self) -> set[str]:
        return set(self.classifiers)

    @cached_property
    def unit_first_chars(self) -> set[str]:
        return {u.surface[0] for u in self.units.units if u.surface}

    @cached_property
    def normalizer(self):
        from .normalize import Normalizer
        return Normalizer(self)

    @cached_property
    def extractor(self):
        from .extract.engine import Extractor
        return Extractor(self)

    @cached_property
    def attacher(self):
        from .attach import Attacher
        return Attacher(self)

    @cached_property
    def segmenter(self):
        from .segment import Segmenter
        return Segmenter(self)

    @cached_property
    def _protect_re(self):
        from .trie_regex import trie_pattern
        # a line's own word is a name too (昇腾 in an unlisted 昇腾610 is no spun 升腾)
        names = set(self.protected_names) | {w for w in self.line_words if not w.isascii()}
        return regex.compile(trie_pattern(names)) if names else None

    @cached_property
    def _names_re(self):
        from .trie_regex import trie_pattern
        names = {a for e in self.entities.entries for a in (e.name, *e.aliases) if not a.isascii()}
        # series and brand words too: an unlisted 昇腾610 keeps its 昇
        names |= {w for w in self.line_words if not w.isascii()}
        return regex.compile(trie_pattern(names)) if names else None

    def name_spans(self, text: str) -> list[tuple[int, int]]:
        """Spans of gazetteer names written with Chinese characters (any type)."""
        return [m.span() for m in self._names_re.finditer(text)] if self._names_re else []

    def protected_spans(self, text: str) -> list[tuple[int, int]]:
        if self._protect_re is None:
            return []
        return [m.span() for m in self._protect_re.finditer(text)]


_S2T = None


def _traditional(name: str) -> set[str]:
    global _S2T
    if _S2T is None:
        import opencc
        _S2T = [opencc.OpenCC(c) for c in ("s2t", "s2tw", "s2hk")]
    return {c.convert(name) for c in _S2T}


def _hash(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()[:16]


def _optional_regex(d: dict, key: str, p: Path):
    """The regex a rule file gives under key, or None; a bad one names the file and key."""
    try:
        return regex.compile(d[key]) if d.get(key) else None
    except regex.error as ex:
        raise RuleFileError(str(p), None, f"{key} is not a valid regex: {ex}") from ex


def load_rules(root: str | Path | None = None) -> RuleSet:
    root = Path(root) if root else DEFAULT_RULES
    if not root.is_dir():
        raise RuleFileError(str(root), None, "rules folder not found")
    for name in RULE_FILES:
        if not (root / name).exists():
            raise RuleFileError(str(root / name), None, "required rule file is missing")
    units = load_units(root / "units.txt")

    p = root / "numerals.yaml"
    d = load_yaml(p)
    _need(d, {"digits", "small_magnitudes", "big_magnitudes"}, p, "numerals.yaml",
          {"digits", "small_magnitudes", "big_magnitudes", "approx_suffixes", "vague_prefixes", "range_connectors",
           "magnitude_guards", "formal", "magnitude_hedges", "word_starts", "glued_labels"})
    for k, g in (d.get("magnitude_guards") or {}).items():
        try:
            regex.compile(str(g))
        except regex.error as ex:
            raise RuleFileError(str(p), line_of(d["magnitude_guards"]), f"bad regex for magnitude {k}: {ex}") from ex
    numerals = NumeralTable(dict(d["digits"]), dict(d["small_magnitudes"]), dict(d["big_magnitudes"]),
                            tuple(d.get("approx_suffixes", [])), tuple(d.get("vague_prefixes", [])),
                            tuple(d.get("range_connectors", [])),
                            tuple((str(k), str(v)) for k, v in (d.get("magnitude_guards") or {}).items()),
                            tuple(str(x) for x in d.get("formal", []) or []),
                            tuple(str(x) for x in d.get("magnitude_hedges", []) or []),
                            tuple(str(x) for x in d.get("word_starts", []) or []),
                            tuple(str(x) for x in d.get("glued_labels", []) or []))

    p = root / "classifiers.yaml"
    d = load_yaml(p)
    _need(d, {"classifiers", "counted_nouns", "items"}, p, "classifiers.yaml",
          {"classifiers", "classifier_items", "counted_nouns", "items", "stop_words", "item_context", "counts_itself", "named_kinds", "subjectless_items", "part_items",
           "classifier_not_before", "classifier_not_after", "elided_items", "spoken_money"})
    cls_context = {}
    for key in ("classifier_not_before", "classifier_not_after"):
        for k, v in (d.get(key) or {}).items():
            try:
                cls_context[(key, str(k))] = regex.compile(str(v))
            except regex.error as ex:
                raise RuleFileError(str(p), line_of(d[key]), f"bad regex for {key}.{k}: {ex}") from ex
    items: dict[str, str] = {}
    for canon, forms in d["items"].items():
        if not isinstance(forms, list):
            raise RuleFileError(str(p), line_of(d["items"]), f"items.{canon} must be a list of written forms")
        for f in [canon, *forms]:
            items[str(f)] = str(canon)

    p = root / "gazetteer.yaml"
    d = load_yaml(p)
    _need(d, {"entities"}, p, "gazetteer.yaml",
          {"entities", "series", "generic_suffixes", "model_pattern", "not_subject", "system_suffixes", "proper_names", "brands", "brand_generations", "dominant_subjects", "events", "ai_workloads", "ai_model_pattern", "bare_model_numbers", "ai_model_parts", "technology_names", "not_brands"})
    not_subject = _optional_regex(d, "not_subject", p)
    entries, protected = [], []
    seen: dict[str, int] = {}
    for e in d["entities"]:
        _need(e, {"name", "type"}, p, "an entity", {"name", "type", "aliases", "protect"})
        if e["type"] not in ("product", "software", "organization", "person", "technology"):
            raise RuleFileError(str(p), line_of(e), f"unknown entity type {e['type']!r}", e["name"])
        if e["name"] in seen:
            raise RuleFileError(str(p), line_of(e), f"duplicate entity (first at line {seen[e['name']]})", e["name"])
        seen[e["name"]] = line_of(e)
        aliases = tuple(str(a) for a in e.get("aliases", []) or [])
        # the same names in traditional characters (昇騰910, 輝達): a transcript may
        # be in either script, and names keep their characters through t2s
        aliases += tuple(sorted({t for a in (str(e["name"]), *aliases) if not a.isascii()
                                 for t in _traditional(a)} - {str(e["name"]), *aliases}))
        prot = e.get("protect", True)
        entries.append(GazetteerEntry(str(e["name"]), e["type"], aliases, bool(prot), line_of(e)))
        if prot:
            protected += [str(e["name"]), *aliases]
    try:
        regex.compile(d.get("model_pattern", r"(?!)"))
    except regex.error as ex:
        raise RuleFileError(str(p), None, f"model_pattern is not a valid regex: {ex}") from ex
    series = []
    for s in d.get("series", []) or []:
        _need(s, {"word"}, p, "a series entry", {"word", "keep"})
        series.append((str(s["word"]), bool(s.get("keep", False))))
    proper = d.get("proper_names") or {}
    if proper:
        _need(proper, set(), p, "proper_names", {"min_count", "not_names", "person_before", "person_after", "org_after"})

    def cues(key: str) -> str:
        return "|".join(regex.escape(str(x)) for x in proper.get(key, []) or [])

    ai_pattern = _optional_regex(d, "ai_model_pattern", p)
    matcher = EntityMatcher(
        entries, series, list(d.get("generic_suffixes", []) or []),
        d.get("model_pattern", r"(?!)"), [str(x) for x in d.get("system_suffixes", []) or []],
        proper=ProperNameRules(int(proper.get("min_count", 0) or 0),
                               tuple(str(x) for x in proper.get("not_names", []) or []),
                               cues("person_before"), cues("person_after"), cues("org_after")),
        brands={str(k): str(v) for k, v in (d.get("brands") or {}).items()},
        brand_generations=[str(x) for x in d.get("brand_generations", []) or []],
        not_subject=not_subject, technology_names=_optional_regex(d, "technology_names", p),
        not_brands=frozenset(str(x) for x in d.get("not_brands", []) or []),
        ai_model_pattern=ai_pattern)
    dominant_subjects = _optional_regex(d, "dominant_subjects", p)
    ai_models = AIModelNames(ai_pattern,
                             tuple(str(x) for x in d.get("ai_workloads", []) or []))
    bare_model_numbers = _optional_regex(d, "bare_model_numbers", p)
    ai_model_parts = frozenset(fold(str(x)) for x in d.get("ai_model_parts", []) or [])
    events: dict[str, str] = {}
    for ev in d.get("events", []) or []:
        _need(ev, {"name"}, p, "an event", {"name", "aliases"})
        for w in [ev["name"], *(ev.get("aliases") or [])]:
            events[str(w)] = str(ev["name"])
    p = root / "cues.yaml"
    cues_raw = load_yaml(p)
    cues: dict[str, list[dict]] = {}
    kind_shift = []
    defaults: dict[str, str] = {}
    subject_refines: dict[str, list[str]] = {}
    org_items = None
    org_events = None
    cue_patterns: dict[str, Any] = {}
    for kind, lst in cues_raw.items():
        if kind == "defaults":
            for k, v in lst.items():
                if k not in KINDS:
                    raise RuleFileError(str(p), line_of(lst), f"defaults names unknown kind {k!r}")
                defaults[str(k)] = str(v)
            continue
        if kind in ("org_items", "org_events", "finance_words", "results_events"):
            try:
                compiled = regex.compile(str(lst), regex.I if kind == "results_events" else 0)
            except regex.error as ex:
                raise RuleFileError(str(p), line_of(cues_raw), f"{kind} is not a valid regex: {ex}") from ex
            if kind == "org_items":
                org_items = compiled
            elif kind == "org_events":
                org_events = compiled
            else:
                cue_patterns[kind] = compiled
            continue
        if kind == "subject_refines":
            subject_refines = {str(k): [str(x) for x in v or []] for k, v in (lst or {}).items()}
            continue
        if kind == "kind_shift":
            for c in lst:
                _need(c, {"from", "to", "cue"}, p, "a kind_shift entry", {"from", "to", "cue"})
                kind_shift.append(dict(c))
            continue
        if kind not in KINDS and kind != "any":
            raise RuleFileError(str(p), line_of(cues_raw), f"unknown kind {kind!r}")
        for c in lst:
            _need(c, {"cue", "attribute"}, p, f"a cue of {kind}", {"cue", "attribute", "field"})
            if c.get("field", "text") not in ("text", "item", "subject"):
                raise RuleFileError(str(p), line_of(c), f"field must be text, item or subject, not {c['field']!r}")
            if str(c["cue"]).startswith("re:"):
                try:
                    regex.compile(str(c["cue"])[3:])
                except regex.error as ex:
                    raise RuleFileError(str(p), line_of(c), f"bad cue regex: {ex}") from ex
            cues.setdefault(kind, []).append({**c, "line": line_of(c)})

    from .normalize.char_layers import load_variants
    variants = load_variants(root / "variants.tsv")

    p = root / "normalize.yaml"
    d = load_yaml(p)
    _need(d, {"layers"}, p, "normalize.yaml", {"layers"})
    from .normalize.registry import factory, names
    from . import normalize as _n  # noqa: F401  (registers layers)
    for spec in d["layers"]:
        _need(spec, {"name"}, p, "a layer", None)
        if factory(spec["name"]) is None:
            raise RuleFileError(str(p), line_of(spec), f"unknown layer {spec['name']!r}; known: {', '.join(names())}")

    patterns = load_patterns(root / "patterns.yaml", units)
    d_cls = load_yaml(root / "classifiers.yaml")
    rs = RuleSet(root, units, numerals, [str(c) for c in d_cls["classifiers"]],
                 {str(k): str(v) for k, v in (d_cls.get("classifier_items") or {}).items()},
                 {str(k): str(v) for k, v in d_cls["counted_nouns"].items()}, items,
                 [str(w) for w in d_cls.get("stop_words", [])], matcher, protected, cues, kind_shift,
                 variants, patterns, list(d["layers"]))
    rs.classifier_context = cls_context
    rs.counts_itself = {str(x) for x in d_cls.get("counts_itself", []) or []}
    rs.named_kinds = {str(x) for x in d_cls.get("named_kinds", []) or []}
    rs.subjectless_items = {str(x) for x in d_cls.get("subjectless_items", []) or []}
    rs.part_items = {str(x) for x in d_cls.get("part_items", []) or []}
    rs.elided_items = {str(k): str(v) for k, v in (d_cls.get("elided_items") or {}).items()}
    sm = d_cls.get("spoken_money") or {}
    if sm:
        p_cls = root / "classifiers.yaml"
        _need(sm, {"classifiers", "context"}, p_cls, "spoken_money", {"classifiers", "context"})
        rs.spoken_money = {str(k): str(v) for k, v in (sm["classifiers"] or {}).items()}
        rs.spoken_money_context = _optional_regex(sm, "context", p_cls)
    rs.item_context = {}
    for item, lst in (d_cls.get("item_context") or {}).items():
        for c in lst or []:
            try:
                if not ("after" in c or "before" in c):
                    raise KeyError("after or before")
                rs.item_context.setdefault(str(item), []).append(
                    (regex.compile(str(c["after"])) if "after" in c else None,
                     regex.compile(str(c["before"])) if "before" in c else None, str(c["item"])))
            except (regex.error, KeyError, TypeError) as ex:
                raise RuleFileError(str(root / "classifiers.yaml"), line_of(lst), f"bad item_context for {item}: {ex}") from ex
    rs.default_attributes = defaults
    rs.subject_refines = subject_refines
    rs.org_items = org_items
    rs.org_events = org_events
    rs.finance_words = cue_patterns.get("finance_words")
    rs.results_events = cue_patterns.get("results_events")
    rs.dominant_subjects = dominant_subjects
    rs.events = events
    rs.ai_models = ai_models
    rs.bare_model_numbers = bare_model_numbers
    rs.ai_model_parts = ai_model_parts
    rs.hashes = {n: _hash(root / n) for n in RULE_FILES}
    return rs


def load_patterns(p: Path, units: UnitTable) -> list[PatternRule]:
    d = load_yaml(p)
    _need(d, {"rules"}, p, "patterns.yaml", {"rules"})
    out, seen = [], {}
    for r in d["rules"]:
        _need(r, {"id", "action", "pattern"}, p, "a rule", RULE_KEYS)
        rid = str(r["id"])
        if rid in seen:
            raise RuleFileError(str(p), line_of(r), f"duplicate rule id (first at line {seen[rid]})", rid)
        seen[rid] = line_of(r)
        if r["action"] not in ACTIONS:
            raise RuleFileError(str(p), line_of(r), f"unknown action {r['action']!r}; actions: {', '.join(ACTIONS)}", rid)
        for ex in r.get("examples", []) or []:
            _need(ex, {"text", "kind", "value"}, p, "an example", EXAMPLE_KEYS)
            if ex["kind"] not in KINDS:
                raise RuleFileError(str(p), line_of(ex), f"example has unknown kind {ex['kind']!r}", rid)
            want_unit = units.kinds.get(ex["kind"], ("",))[0]
            if ex["kind"] != "money" and str(ex.get("unit", want_unit)) != want_unit:
                raise RuleFileError(str(p), line_of(ex),
                                    f"example unit {ex.get('unit')!r} is not the canonical unit {want_unit!r} of {ex['kind']}", rid)
        negs = r.get("negatives", []) or []
        if not isinstance(negs, list) or not all(isinstance(x, str) for x in negs):
            raise RuleFileError(str(p), line_of(r), "negatives must be a list of texts", rid)
        out.append(PatternRule(rid, r["action"], str(r["pattern"]), int(r.get("priority", 0)),
                               str(r.get("description", "")), list(r.get("examples", []) or []),
                               list(negs), str(p), line_of(r)))
    return out
