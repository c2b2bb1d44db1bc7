"""zhfacts: facts and specs from Chinese tech transcripts."""
__version__ = "0.1.0"
