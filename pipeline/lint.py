"""`zhfacts rules lint`: checks on rule files beyond loading (loading is already
strict about keys, kinds, units and duplicate ids)."""
from __future__ import annotations

from dataclasses import dataclass

import regex

from .errors import RuleFileError

# inputs that make a badly nested pattern backtrack for a long time
ADVERSARIAL = [
    "1" * 3000, "1" * 3000 + "x", "一" * 3000, "一二三" * 1000 + "x", "1." * 1500, "1," * 1500,
    "1 " * 1500 + "!", "亿" * 3000, "1亿" * 1000 + "x", "年月日" * 1000, "GB" * 1500, "-" * 3000,
]
TIMEOUT = 0.5


@dataclass
class LintIssue:
    path: str
    line: int | None
    rule_id: str | None
    message: str

    def __str__(self) -> str:
        where = f"{self.path}:{self.line}" if self.line else self.path
        rid = f" [{self.rule_id}]" if self.rule_id else ""
        return f"{where}{rid}: {self.message}"


def lint(rules) -> list[LintIssue]:
    issues: list[LintIssue] = []
    try:
        _ = rules.normalizer      # builds every layer from its settings and data
        ex = rules.extractor      # compiles every pattern with its macros
    except RuleFileError as e:
        return [LintIssue(e.path, e.line, e.rule_id, e.reason)]
    for r in ex.compiled:
        if not r.examples:
            issues.append(LintIssue(r.path, r.line, r.id, "rule has no examples: add at least one text it must match"))
        if not r.description:
            issues.append(LintIssue(r.path, r.line, r.id, "rule has no description"))
        for text in ADVERSARIAL:
            try:
                for _ in r.compiled.finditer(text, timeout=TIMEOUT):
                    pass
            except TimeoutError:
                issues.append(LintIssue(r.path, r.line, r.id,
                                        f"pattern backtracks catastrophically (over {TIMEOUT}s on {text[:12]!r}…)"))
                break
    for kind, cues in rules.cues.items():
        for c in cues:
            if not regex.fullmatch(r"[a-z][a-z0-9_]*", str(c["attribute"])):
                issues.append(LintIssue(str(rules.root / "cues.yaml"), c.get("line"), None,
                                        f"attribute {c['attribute']!r} is not snake_case"))
    return issues


def lint_or_raise(rules) -> None:
    """What `zhfacts run` checks before it starts: the first lint error stops it."""
    issues = lint(rules)
    if issues:
        i = issues[0]
        more = f" (and {len(issues) - 1} more: run `zhfacts rules lint`)" if len(issues) > 1 else ""
        raise RuleFileError(i.path, i.line, i.message + more, i.rule_id)
