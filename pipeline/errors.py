"""Numbered, specific errors. The number lets a user search the docs and the tests."""
from __future__ import annotations


class ZhfactsError(Exception):
    code = "E000"

    def __init__(self, message: str):
        super().__init__(f"[{self.code}] {message}")
        self.message = message


class IngestError(ZhfactsError):
    code = "E100"


class RuleFileError(ZhfactsError):
    """A bad rule file: names the file, the line and the reason."""

    code = "E200"

    def __init__(self, path: str, line: int | None, reason: str, rule_id: str | None = None):
        self.path, self.line, self.reason, self.rule_id = path, line, reason, rule_id
        where = f"{path}:{line}" if line else str(path)
        rid = f" (rule {rule_id})" if rule_id else ""
        super().__init__(f"{where}{rid}: {reason}")


class GoldFileError(ZhfactsError):
    code = "E300"

    def __init__(self, path: str, line: int | None, column: str | None, reason: str):
        self.path, self.line, self.column, self.reason = path, line, column, reason
        where = f"{path}:{line}" if line else str(path)
        col = f" column {column!r}" if column else ""
        super().__init__(f"{where}{col}: {reason}")
