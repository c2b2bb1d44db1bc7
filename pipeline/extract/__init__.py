"""Stage 4: a `Segmented` doc in, `Mention`s out, driven by rules/patterns.yaml."""
from .engine import Extractor  # noqa: F401
