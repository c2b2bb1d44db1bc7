"""What a rule does with a match: one function per `action` name in patterns.yaml.

Each takes (extractor, rule, match, text, segmented doc) and returns candidates.
"""
from __future__ import annotations

import regex

from ..model import Mention

_CN_SMALL = {"一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}


_CN_YEAR = str.maketrans("〇零一二三四五六七八九", "00123456789")


def _cand(rule, kind, value, unit, start, end, **kw):
    from .engine import Candidate
    factor = kw.pop("factor", 1.0)
    blocker = kw.pop("blocker", False)
    m = Mention(doc_id="", kind=kind, value=value, unit=unit, start=start, end=end,
                rule_id=rule.id, priority=rule.priority, **kw)
    return Candidate(m, factor, blocker)


def _num(ex, m, group="num"):
    return ex.rules.numeral_parser.parse(m.group(group))


def half(ex, rule, m, text, seg):
    """一个半小时 (1.5 h), 半年 (0.5 year): a half, alone or after a whole number."""
    val = _num(ex, m) if m.groupdict().get("num") else 0.0
    if val is None:
        return []
    unit = next((u for u in ex.rules.units.by_surface().get(m.group("unit"), []) if u.kind == "duration"), None)
    if unit is None:
        return []
    start = m.start("num") if m.groupdict().get("num") else m.start()
    return [_cand(rule, "duration", (val + 0.5) * unit.factor, unit.unit, start, m.end("unit"), factor=unit.factor)]


_PER_GAP = regex.compile(r"(?:大概|大约|约|超过|高达|达到|达|可达|接近|近|有|是|为|在)?\s?$")


def _per_something(ex, text: str, start: int, end: int) -> bool:
    """每瓦70 GFLOPS, 72.7 GFLOPS/W: a quantity per watt or per dollar is a ratio
    the spec has no kind for (units.txt [per_markers])."""
    markers = ex.rules.units.per_markers
    if not markers:
        return False
    after = text[end:end + 6].lstrip()
    if any(after.startswith(p) for p in markers):
        return True
    before = text[max(0, start - 8):start]
    gap = _PER_GAP.search(before)
    head = before[:gap.start()] if gap else before
    return any(head.endswith(p) for p in markers)


def compound_duration(ex, rule, m, text, seg):
    """1小时12分钟 is one duration of 4320 s, not two; the second unit is the smaller.
    Both units and their factors come from units.txt."""
    a, b = _num(ex, m), _num(ex, m, "num2")
    units = ex.rules.units.by_surface()
    u1, u2 = (next((u for u in units.get(m.group(g), []) if u.kind == "duration"), None) for g in ("u1", "u2"))
    if a is None or b is None or u1 is None or u2 is None or u2.factor >= u1.factor or b * u2.factor >= u1.factor:
        return []
    return [_cand(rule, "duration", a * u1.factor + b * u2.factor, u1.unit, m.start("num"), m.end())]


def quantity(ex, rule, m, text, seg):
    val = _num(ex, m)
    if val is None:
        return []
    prefix = text[m.start():m.start("num")]
    rate_before = bool(ex.rate_after.fullmatch(prefix.rstrip()) or "每秒" in prefix
                       or any(r in prefix for r in ex.rules.units.rate_markers))
    picked = ex.pick_unit(text, m.group("unit"), m.end("unit"), rate_before, m.start("num"))
    if picked is None:
        return []
    unit, end = picked
    if unit.skip or _per_something(ex, text, m.start("num"), end):
        return [_cand(rule, "skip", 0, "", m.start("num"), end, blocker=True)]
    kind, factor = unit.kind, unit.factor
    rates = ex.rules.units.rates
    if kind in rates:
        ra = ex.rate_after.match(text, end)
        if ra:
            end = ra.end()
            kind = rates[kind]
        elif rate_before:
            kind = rates[kind]
    if unit.total_from is not None and val * factor >= unit.total_from:
        # 3.8×10^25 FLOPs: no machine computes that much per second; it is a total
        kind = next(k for k, r in rates.items() if r == kind)
    # 两米半, 一个半小时: a 半 right after the unit adds half of it
    if text.startswith("半", end) and kind not in ("money",):
        val += 0.5
        end += 1
    canon = unit.unit if kind == unit.kind else ex.rules.units.canonical_unit(kind)
    return [_cand(rule, kind, val * factor, canon, m.start("num"), end, factor=factor)]


_CURRENCY = {"US$": "USD", "$": "USD", "USD": "USD", "¥": "CNY", "￥": "CNY", "RMB": "CNY",
             "€": "EUR", "EUR": "EUR", "NT$": "TWD"}


_SCALE = {"K": 1e3, "k": 1e3, "M": 1e6, "B": 1e9, "million": 1e6, "billion": 1e9}


def money_prefix(ex, rule, m, text, seg):
    val = _num(ex, m)
    if val is None:
        return []
    cur = _CURRENCY.get(m.group("cur").strip())
    if cur is None:
        # a currency named in words before the number (新台币2.6亿元): the unit table says which
        units = [u for u in ex.rules.units.by_surface().get(m.group("cur").strip(), []) if u.kind == "money"]
        if not units:
            return []
        cur, val = units[0].unit, val * units[0].factor
    val *= _SCALE.get(m.groupdict().get("scale") or "", 1.0)
    # 美元 after the number is the unit rule's match: do not double it
    return [_cand(rule, "money", val, cur, m.start(), m.end())]


def money_spoken(ex, rule, m, text, seg):
    """Spoken yuan with no currency word: 八块五 (8.5), 三毛五 (0.35), 一毛钱, and 十二个亿
    (1.2e9) after a money word. The digit after 块 or 毛 is the next smaller coin."""
    val = _num(ex, m)
    if val is None:
        return []
    g = m.groupdict()
    if g.get("mao"):
        val = val / 10 + (ex.rules.numeral_parser.parse(g["fen"]) or 0) / 100 if g.get("fen") else val / 10
    elif g.get("jiao"):
        val += (ex.rules.numeral_parser.parse(g["jiao"]) or 0) / 10
    return [_cand(rule, "money", val, "CNY", m.start("num"), m.end())]


def count(ex, rule, m, text, seg):
    val = _num(ex, m)
    if val is None or val != int(val):
        return []
    cls = m.group("cls")
    ctx = ex.rules.classifier_context
    nb, na = ctx.get(("classifier_not_before", cls)), ctx.get(("classifier_not_after", cls))
    if nb and nb.match(text, m.end("cls")) or na and na.search(text[max(0, m.start("num") - 6):m.start("num")]):
        return []
    if m.group("num") == "二":
        return []       # 二期, 二号, 二楼: a count says 两; a bare 二 before a classifier is an ordinal
    if cls in ex.rules.counts_itself:
        # 12层HBM3E counts layers: the thing after 层 is what they stack into
        return [_cand(rule, "count", val, "1", m.start("num"), m.end(), item=cls)] if val != 1 else []
    if m.group("num") == "一" and regex.match(r"\s?[\d两三四五六七八九十百千万]", text[m.end("cls"):m.end("cls") + 2]):
        return []       # 一个2048颗加速卡的集群: "one" before another count is an article (1台8卡的服务器 is a count)
    item, source = ex.item_after(text, m.end("cls"), seg)
    if not item:
        item = ex.rules.classifier_items.get(m.group("cls"), "")
        source = "classifier" if item else ""
    # "one" is an article far more often than a count: keep it only for named things
    # (not even in digits: a spun text writes 1戈 for 一个)
    if val == 1 and source not in ("product", "items"):
        return []
    if source == "items":
        item = _in_context(ex, item, text, m.start("num"), m.end())
    return [_cand(rule, "count", val, "1", m.start("num"), m.end(), item=item)]


def counted(ex, rule, m, text, seg):
    # 千卡集群, 万卡规模: a bare magnitude before 卡 counts a thousand, ten thousand cards
    num = m.group("num")
    val = ex.rules.numeral_parser.parse("一" + num) if num in ("千", "万") else _num(ex, m)
    if val is None or val != int(val) or val == 1:
        return []
    item = _in_context(ex, ex.rules.counted_nouns[m.group("noun")], text, m.start("num"), m.end())
    return [_cand(rule, "count", val, "1", m.start("num"), m.end(), item=item)]


def _in_context(ex, item: str, text: str, start: int, end: int) -> str:
    """The item the text around says it is (rules/classifiers.yaml item_context): 12通道DDR5
    counts memory channels, GPU为…12核心 counts GPU cores."""
    for after, before, better in ex.rules.item_context.get(item, ()):
        if after is not None and after.match(text, end) or before is not None and before.search(text, max(0, start - 32), start):
            return better
    return item


def multiplier(ex, rule, m, text, seg):
    val = _num(ex, m)
    if val is not None and m.groupdict().get("half"):
        val += 0.5          # 三倍半
    return [] if val is None else [_cand(rule, "multiplier", val, "x", m.start("num"), m.end())]


def percent(ex, rule, m, text, seg):
    val = 100.0 if m.groupdict().get("hundred") else _num(ex, m)
    factor = 10.0 if m.groupdict().get("tenths") else 1.0     # 五成 is five tenths
    if val is None:
        return []
    # the factor goes with the candidate: in 两到三成 the range's head takes it too
    return [_cand(rule, "percent", val * factor, "%", m.start(), m.end(), factor=factor)]


def fraction(ex, rule, m, text, seg):
    a, b = _num(ex, m), _num(ex, m, "num2")
    if a is None or not b:
        return []
    return [_cand(rule, "fraction", a / b, "1", m.start(), m.end())]


def fraction_cn(ex, rule, m, text, seg):
    num, den = _num(ex, m), _num(ex, m, "num2")
    if den is None and m.group("num2") and m.group("num2")[0] in ex.rules.numerals.magnitudes:
        den = ex.rules.numeral_parser.parse("一" + m.group("num2"))     # 千分之三, 百万分之一
    if num is None or not den or num > den:
        return []
    return [_cand(rule, "fraction", num / den, "1", m.start(), m.end())]


def fraction_half(ex, rule, m, text, seg):
    """一半 as a figure (算力约为BR100的一半): one half."""
    return [_cand(rule, "fraction", 0.5, "1", m.start(), m.end())]


def _small(s: str | None) -> int | None:
    if s is None:
        return None
    if s.isdigit():
        return int(s)
    if s.startswith("十"):
        return 10 + (_CN_SMALL.get(s[1:], 0) if len(s) > 1 else 0)
    if "十" in s:
        tens, _, ones = s.partition("十")
        return _CN_SMALL.get(tens, 0) * 10 + (_CN_SMALL.get(ones, 0) if ones else 0)
    return _CN_SMALL.get(s)


def date(ex, rule, m, text, seg):
    gd = m.groupdict()
    y, mo, d = gd.get("y"), _small(gd.get("m")), _small(gd.get("d"))
    if mo is not None and not 1 <= mo <= 12:
        return []
    if d is not None and not 1 <= d <= 31:
        return []
    if y and not y.isdigit():
        y = y.translate(_CN_YEAR)            # 二〇一八 is 2018, digit by digit
    if y:
        value = y + (f"-{mo:02d}" if mo else "") + (f"-{d:02d}" if mo and d else "")
    elif mo and d:
        value = f"--{mo:02d}-{d:02d}"
    elif mo:
        value = f"--{mo:02d}"
    else:
        return []
    return [_cand(rule, "date", value, "", m.start(), m.end())]


_YEAR_BEFORE = regex.compile(r"(?<![\dA-Za-z])((?:19|20)\d{2})\s?年(?!代)")


def date_same_year(ex, rule, m, text, seg):
    """同年9月, 当年10月: the year of the last year written before it (2023年3月…同年9月 →
    2023-09); the month alone when none is."""
    years = _YEAR_BEFORE.findall(text, max(0, m.start() - 600), m.start())
    gd = m.groupdict()
    mo, d = _small(gd.get("m")), _small(gd.get("d"))
    if mo is None or not 1 <= mo <= 12 or d is not None and not 1 <= d <= 31:
        return []
    day = f"-{d:02d}" if d else ""
    if not years:
        return [_cand(rule, "date", f"--{mo:02d}{day}", "", m.start("m"), m.end())]
    return [_cand(rule, "date", f"{years[-1]}-{mo:02d}{day}", "", m.start(), m.end())]


# a dateline (本文根据2025年3月22日…, 記者…２０２５年３月２０日) in a text's first lines
# states the year that 去年 and 今年 count from
# a year and a month, and a full date, each with the year in a group
_YEAR_AND_MONTH = r"((?:19|20)\d{2})\s?[年\-/.]\s?(?:1[0-2]|0?[1-9])\s?"
_YEAR_MONTH = _YEAR_AND_MONTH + r"[月\-/.]?"
_DATE = _YEAR_AND_MONTH + r"[月\-/.]\s?(?:3[01]|[12]\d|0?[1-9])\s?[日号]?"
# the text's own date, not the first event it reports: right after the closing
# bracket of a byline (（记者…报导）2025年3月20日), the date a recording was made
# (本文根据2025年3月22日…录音整理), a line that is only a date, a line saying when
# it was recorded or given (录制于2024年6月28日), or a head line giving the date
# (录制日期：…, 演讲日期：…, 采访时间：2025年5月)
_DATELINE = regex.compile(rf"(?:[）)】\]]\s*{_DATE}|根据\s*{_DATE}(?=[^\n]*(?:录音|整理|实录))|(?m:^\s*{_DATE}\s*$)"
                          # a title line ending with its date (…现场探访录音整理　2024年9月12日), a
                          # date before the source line (2025年10月21日 来源：…)
                          rf"|(?m:^[^\n]{{0,80}}[\s　]{_DATE}\s*$)|{_DATE}\s*来源\s*[：:]"
                          rf"|(?<![\p{{Han}}A-Za-z0-9])(?:录制|录音|直播|发布|发表|播出|整理|采访|访谈|演讲|讲座)于\s*{_YEAR_MONTH}"
                          # 日期：… at a line's start, or as a field of a header line (频道：…｜发布日期：…, 作者：…　发布时间：…)
                          rf"|(?m:(?:^|[｜|丨\s])[\s【\[（(]*\p{{Han}}{{0,4}}(?:日期|时间)\s*[：:]\s*{_YEAR_MONTH}))")
_RELATIVE = {"前年": -2, "去年": -1, "今年": 0, "明年": 1, "后年": 2}
# a talk that says its own date, a little further in: 大家下午好。今天是2025年11月20号;
# 我们录这期是2025年3月12号; 录这期节目的时候是2025年12月底; 今天是第三期，日期是2024年11月14日
_TODAY = regex.compile(rf"(?:今天|今日)(?:是|为)\s*{_DATE}|日期(?:是|为)\s*{_DATE}"
                       rf"|录(?:制|音)?[^。\n，,]{{0,10}}?(?:是|于|在)\s*{_YEAR_MONTH}")
# a news story's first full date, in the lead after its byline (【记者…／台北报导】…群联于
# 2025年8月19日举办…): the day it reports, which its 今年 and 去年 count from
_BYLINE_LEAD = regex.compile(rf"(?:报导|报道|电)\s*[】)）\]][^\n]{{0,240}}?{_DATE}")


def dateline(text: str, head_chars: int):
    """The text's own date in its first lines (a byline, a recording or interview
    line), as a match whose first non-empty group is the year; or None."""
    return _DATELINE.search(text, 0, min(len(text), head_chars)) \
        or _TODAY.search(text, 0, min(len(text), 4 * head_chars))


def reference_date(text: str, head_chars: int):
    """The date a text's relative years (去年, 今年) count from: its dateline, else the
    first full date in a news story's lead; a match whose first non-empty group is the
    year, or None. (The lead's date is an event the story reports, not the text's own
    date, so it is no dateline.)"""
    return dateline(text, head_chars) or _BYLINE_LEAD.search(text, 0, min(len(text), 2 * head_chars))


def date_relative(ex, rule, m, text, seg):
    """去年9月 → 2024-09 when the text states its own date (spec: a relative year is
    resolved only then); otherwise the month alone (--09), and 去年 alone is no date."""
    head = reference_date(text, ex.rules.dateline_chars)
    year_group = next((g for g in head.groups() if g), None) if head else None
    gd = m.groupdict()
    mo, d = _small(gd.get("m")), _small(gd.get("d"))
    if mo is not None and not 1 <= mo <= 12 or d is not None and not 1 <= d <= 31:
        return []
    if year_group is None:
        if mo is None:
            return []
        start = m.start("m")
        value = f"--{mo:02d}" + (f"-{d:02d}" if d else "")
        return [_cand(rule, "date", value, "", start, m.end())]
    year = int(year_group) + _RELATIVE[gd["rel"]]
    value = f"{year}" + (f"-{mo:02d}" if mo else "") + (f"-{d:02d}" if mo and d else "")
    return [_cand(rule, "date", value, "", m.start(), m.end())]
