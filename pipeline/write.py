"""Stage 6: tables in, files out. Every write is atomic (a temporary file in the
same folder, then a rename), so a crash never leaves half a table."""
from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

import pandas as pd


def _atomic(path: Path, write) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    os.close(fd)
    try:
        write(tmp)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def write_csv(df: pd.DataFrame, path: Path) -> None:
    _atomic(path, lambda tmp: df.to_csv(tmp, index=False, encoding="utf-8"))


def write_parquet(df: pd.DataFrame, path: Path) -> None:
    _atomic(path, lambda tmp: df.to_parquet(tmp, index=False))


def write_json(obj: Any, path: Path) -> None:
    def w(tmp):
        with open(tmp, "w", encoding="utf-8") as f:
            json.dump(obj, f, ensure_ascii=False, indent=2)
            f.write("\n")
    _atomic(path, w)


def write_text(text: str, path: Path) -> None:
    def w(tmp):
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(text)
    _atomic(path, w)
