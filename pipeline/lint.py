"""Checks on rule files beyond loading (which is already strict)."""
from __future__ import annotations


def lint_or_raise(rules) -> None:
    _ = rules.extractor     # compiling every pattern raises RuleFileError on a bad one
