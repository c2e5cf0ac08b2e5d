"""Translation tooling with the standard library only: extract the template, compile a catalog.

    python tools/messages.py extract            # write craits_tui/locale/craits.pot
    python tools/messages.py extract --check    # exit 1 if the committed .pot is out of date
    python tools/messages.py compile craits_tui/locale/it/LC_MESSAGES/craits.po
    python tools/messages.py compile            # every craits_tui/locale/*/LC_MESSAGES/*.po

Extraction reads the sources with `ast` and collects the literal arguments of
``_("...")``, ``N_("...")`` and ``ngettext("...", "...", n)``. A comment block starting
with ``Translators:`` on the lines just above a message is passed on to the translator.

Compilation writes a GNU ``.mo`` file next to the ``.po`` (or where ``-o`` says). Fuzzy
and untranslated entries are left out, as msgfmt does, and a translation that would
break ``str.format`` (a ``{name}`` the English does not have, an unbalanced brace) is
refused, so a catalog cannot crash the game.
"""

from __future__ import annotations

import argparse
import ast
import gettext
import re
import string
import struct
import sys
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "craits_tui"
DOMAIN = "craits"
SOURCE_DIR = ROOT / PACKAGE
LOCALE_DIR = SOURCE_DIR / "locale"
POT_FILE = LOCALE_DIR / f"{DOMAIN}.pot"

# Function name -> how many leading arguments are messages (1: msgid; 2: msgid, msgid_plural).
KEYWORDS = {"_": 1, "N_": 1, "ngettext": 2}
# Calls like ``i18n._("...")`` count too.
MODULE_ALIASES = {"i18n"}
COMMENT_TAG = "Translators:"

WIDTH = 79  # as xgettext: lines of the .pot stay within 79 columns
DATE_LINE = re.compile(r'^"POT-Creation-Date: .*\\n"$', re.MULTILINE)

HEADER = """\
# Translation template for Craits.
# This file is distributed under the same license as the craits package.
# Regenerate it with: python tools/messages.py extract
#
#, fuzzy
msgid ""
msgstr ""
"Project-Id-Version: craits\\n"
"Report-Msgid-Bugs-To: \\n"
"POT-Creation-Date: {date}\\n"
"PO-Revision-Date: YEAR-MO-DA HO:MI+ZONE\\n"
"Last-Translator: FULL NAME <EMAIL@ADDRESS>\\n"
"Language-Team: LANGUAGE <LL@li.org>\\n"
"Language: \\n"
"MIME-Version: 1.0\\n"
"Content-Type: text/plain; charset=UTF-8\\n"
"Content-Transfer-Encoding: 8bit\\n"
"Plural-Forms: nplurals=INTEGER; plural=EXPRESSION;\\n"
"""


# --- Extraction -------------------------------------------------------------------------


@dataclass
class Message:
    """One entry of the template."""

    msgid: str
    msgid_plural: str | None = None
    references: list[str] = field(default_factory=list)
    comments: list[str] = field(default_factory=list)

    @property
    def brace_format(self) -> bool:
        return any(_fields(text) for text in (self.msgid, self.msgid_plural) if text)


def _fields(text: str) -> set[str] | None:
    """The ``str.format`` field names in ``text`` ("who" for "{who}", "" for "{}"),
    or None if ``text`` is not a valid format string."""
    try:
        parsed = list(string.Formatter().parse(text))
    except ValueError:
        return None
    return {re.split(r"[.\[]", name, maxsplit=1)[0] for _, name, _, _ in parsed if name is not None}


def _keyword(call: ast.Call) -> str | None:
    func = call.func
    if isinstance(func, ast.Name) and func.id in KEYWORDS:
        return func.id
    if (
        isinstance(func, ast.Attribute)
        and func.attr in KEYWORDS
        and isinstance(func.value, ast.Name)
        and func.value.id in MODULE_ALIASES
    ):
        return func.attr
    return None


def _is_text(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and isinstance(node.value, str)


def _translator_comment(lines: Sequence[str], lineno: int) -> list[str]:
    """The ``# Translators:`` comment block ending just above line ``lineno`` (1-based)."""
    block: list[str] = []
    index = lineno - 2
    while index >= 0 and lines[index].lstrip().startswith("#"):
        block.insert(0, lines[index].lstrip()[1:].strip())
        index -= 1
    for start, text in enumerate(block):
        if text.startswith(COMMENT_TAG):
            return block[start:]
    return []


def _calls(tree: ast.AST) -> list[ast.Call]:
    calls = [n for n in ast.walk(tree) if isinstance(n, ast.Call) and _keyword(n)]
    return sorted(calls, key=lambda n: (n.lineno, n.col_offset))


def source_files(source_dir: Path = SOURCE_DIR) -> list[Path]:
    return sorted(source_dir.rglob("*.py"), key=lambda p: p.relative_to(source_dir).as_posix())


def extract(source_dir: Path = SOURCE_DIR, root: Path = ROOT) -> tuple[list[Message], list[str]]:
    """Every message under ``source_dir`` in order of first appearance, and warnings
    (messages that cannot be extracted, or one msgid used both with and without a plural)."""
    messages: dict[str, Message] = {}
    warnings: list[str] = []
    for path in source_files(source_dir):
        text = path.read_text(encoding="utf-8")
        lines = text.splitlines()
        where_file = path.relative_to(root).as_posix()
        for call in _calls(ast.parse(text, filename=str(path))):
            name = _keyword(call)
            assert name is not None
            wanted = KEYWORDS[name]
            args = call.args[:wanted]
            where = f"{where_file}:{call.lineno}"
            if len(args) < wanted or not all(_is_text(a) for a in args):
                # A variable or a lookup is fine (a message marked elsewhere with N_), but
                # text built at run time (f-string, concatenation, %) is never in the catalog.
                built = [a for a in args if isinstance(a, ast.JoinedStr | ast.BinOp | ast.Constant)]
                if len(args) < wanted or built:
                    warnings.append(
                        f"{where}: {name}() needs literal text, got {ast.unparse(call)}"
                    )
                continue
            msgid = args[0].value  # type: ignore[attr-defined]
            plural = args[1].value if wanted == 2 else None  # type: ignore[attr-defined]
            if msgid == "":
                warnings.append(f'{where}: {name}("") would return the catalog header')
                continue
            ref = f"{where_file}:{args[0].lineno}"
            found = messages.get(msgid)
            if found is None:
                found = messages[msgid] = Message(msgid, plural)
            elif found.msgid_plural != plural:
                if found.msgid_plural is None or plural is None:
                    warnings.append(
                        f"{ref}: {msgid!r} is used both with and without a plural; "
                        "the singular lookup will not find the plural translation"
                    )
                else:
                    warnings.append(
                        f"{ref}: {msgid!r} has two plurals, {found.msgid_plural!r} "
                        f"and {plural!r}; the first is kept"
                    )
                found.msgid_plural = found.msgid_plural or plural
            if ref not in found.references:
                found.references.append(ref)
            for comment in _translator_comment(lines, call.lineno):
                if comment not in found.comments:
                    found.comments.append(comment)
    return list(messages.values()), warnings


# --- Writing the .pot -------------------------------------------------------------------

_ESCAPES = {"\\": "\\\\", '"': '\\"', "\n": "\\n", "\t": "\\t", "\r": "\\r"}
_ESCAPES |= {"\a": "\\a", "\b": "\\b", "\f": "\\f", "\v": "\\v"}


def escape(text: str) -> str:
    """``text`` as the inside of a PO string literal."""
    out = []
    for char in text:
        if char in _ESCAPES:
            out.append(_ESCAPES[char])
        elif ord(char) < 0x20 or ord(char) == 0x7F:
            out.append(f"\\{ord(char):03o}")
        else:
            out.append(char)
    return "".join(out)


def _wrap(escaped: str, width: int) -> list[str]:
    """Cut an escaped line after spaces into pieces of at most ``width`` characters
    (a single word longer than that stays whole)."""
    pieces: list[str] = []
    current = ""
    for word in re.findall(r"[^ ]+ *| +", escaped):
        if current and len(current) + len(word) > width:
            pieces.append(current)
            current = ""
        current += word
    if current or not pieces:
        pieces.append(current)
    return pieces


def po_string(keyword: str, text: str) -> str:
    """``keyword "text"``, split over several lines as xgettext does when long or multi-line."""
    single = f'{keyword} "{escape(text)}"'
    if "\n" not in text[:-1] and len(single) <= WIDTH:
        return single
    lines = [f'{keyword} ""']
    for chunk in re.split(r"(?<=\n)", text):  # a line break ends a line of the file too
        if chunk:
            lines.extend(f'"{piece}"' for piece in _wrap(escape(chunk), WIDTH - 2))
    return "\n".join(lines)


def _references(refs: Iterable[str]) -> list[str]:
    lines: list[str] = []
    current = "#:"
    for ref in refs:
        if current != "#:" and len(current) + 1 + len(ref) > WIDTH:
            lines.append(current)
            current = "#:"
        current += " " + ref
    lines.append(current)
    return lines


def render_pot(messages: Iterable[Message], date: str | None = None) -> str:
    """The template's text; ``date`` (default now, UTC) goes in POT-Creation-Date."""
    date = date or datetime.now(UTC).strftime("%Y-%m-%d %H:%M%z")
    blocks = [HEADER.format(date=date)]
    for message in messages:
        lines = [f"#. {c}" if c else "#." for c in message.comments]
        lines += _references(message.references)
        if message.brace_format:
            lines.append("#, python-brace-format")
        lines.append(po_string("msgid", message.msgid))
        if message.msgid_plural is None:
            lines.append('msgstr ""')
        else:
            lines.append(po_string("msgid_plural", message.msgid_plural))
            lines += ['msgstr[0] ""', 'msgstr[1] ""']
        blocks.append("\n".join(lines) + "\n")
    return "\n".join(blocks)


def _dateless(pot: str) -> str:
    return DATE_LINE.sub('"POT-Creation-Date: \\\\n"', pot)


def same_template(a: str, b: str) -> bool:
    """Whether two templates differ at most in their creation date."""
    return _dateless(a) == _dateless(b)


def write_pot(output: Path = POT_FILE, check: bool = False) -> int:
    """Write (or with ``check`` only compare) the template; 0 if it is (now) current."""
    messages, warnings = extract()
    for warning in warnings:
        print(f"warning: {warning}", file=sys.stderr)
    fresh = render_pot(messages)
    old = output.read_text(encoding="utf-8") if output.exists() else None
    shown = _shown(output)
    if old is not None and same_template(old, fresh):
        print(f"{shown} is up to date ({len(messages)} messages).")
        return 0
    if check:
        print(f"{shown} is out of date: run python tools/messages.py extract", file=sys.stderr)
        return 1
    output.parent.mkdir(parents=True, exist_ok=True)
    output.write_text(fresh, encoding="utf-8")
    print(f"Wrote {shown} ({len(messages)} messages).")
    return 0


def _shown(path: Path) -> str:
    try:
        return path.resolve().relative_to(ROOT).as_posix()
    except ValueError:
        return str(path)


# --- Reading a .po ----------------------------------------------------------------------


class PoError(ValueError):
    """A .po file that cannot be compiled; the message says where and why."""


@dataclass
class Entry:
    """One entry of a .po file."""

    msgid: str = ""
    msgid_plural: str | None = None
    msgctxt: str | None = None
    msgstr: dict[int, str] = field(default_factory=dict)
    flags: set[str] = field(default_factory=set)
    line: int = 0

    @property
    def is_header(self) -> bool:
        return self.msgid == "" and self.msgctxt is None

    @property
    def translated(self) -> bool:
        return bool(self.msgstr) and all(self.msgstr.values())


_SIMPLE_UNESCAPES = {"n": "\n", "t": "\t", "r": "\r", "a": "\a", "b": "\b", "f": "\f"}
_SIMPLE_UNESCAPES |= {"v": "\v", "\\": "\\", '"': '"', "'": "'", "?": "?"}
_ESCAPE_SEQUENCE = re.compile(r"\\([0-7]{1,3}|x[0-9a-fA-F]+|.)")
_KEYWORD_LINE = re.compile(
    r'^(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d+)\])?)\s*"((?:[^"\\]|\\.)*)"\s*$'
)
_CONTINUATION = re.compile(r'^"((?:[^"\\]|\\.)*)"\s*$')


def unescape(text: str, where: str = "") -> str:
    def one(match: re.Match[str]) -> str:
        code = match.group(1)
        if code in _SIMPLE_UNESCAPES:
            return _SIMPLE_UNESCAPES[code]
        if code[0] in "01234567":
            return chr(int(code, 8))
        if code[0] == "x" and len(code) > 1:
            return chr(int(code[1:], 16))
        raise PoError(f"{where}: unknown escape \\{code}")

    return _ESCAPE_SEQUENCE.sub(one, text)


def _decode(data: bytes) -> str:
    match = re.search(rb"charset=([^\s\"\\]+)", data)
    charset = match.group(1).decode("ascii") if match else "utf-8"
    if charset.upper() == "CHARSET":
        charset = "utf-8"
    try:
        return data.decode(charset).removeprefix("\ufeff")
    except (LookupError, UnicodeDecodeError) as err:
        raise PoError(f"cannot read the file as {charset}: {err}") from err


def parse_po(text: str, name: str = "<po>") -> list[Entry]:
    """The entries of a .po file (obsolete ``#~`` entries are left out)."""
    entries: list[Entry] = []
    entry = Entry()
    target: tuple[str, int] | None = None  # the field the next continuation line adds to
    seen: set[str] = set()

    def finish() -> None:
        nonlocal entry, target, seen
        if "msgid" in seen:
            if not entry.msgstr:
                raise PoError(f"{name}:{entry.line}: msgid without msgstr")
            if entry.msgid_plural is None and "msgstr[]" in seen:
                raise PoError(f"{name}:{entry.line}: msgstr[N] without msgid_plural")
            if entry.msgid_plural is not None:
                if "msgstr" in seen:
                    raise PoError(f"{name}:{entry.line}: a plural entry needs msgstr[N]")
                if sorted(entry.msgstr) != list(range(len(entry.msgstr))):
                    raise PoError(f"{name}:{entry.line}: msgstr[N] indices must be 0, 1, ...")
            entries.append(entry)
        elif seen:
            raise PoError(f"{name}:{entry.line}: an entry without msgid")
        entry, target, seen = Entry(), None, set()

    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        where = f"{name}:{number}"
        if not line or line.startswith("#"):
            if seen & {"msgstr", "msgstr[]"}:
                finish()
            if line.startswith("#,"):
                entry.flags |= {f.strip() for f in line[2:].split(",") if f.strip()}
            target = None
            continue
        match = _KEYWORD_LINE.match(line)
        if match:
            keyword, index, value = match.groups()
            kind = "msgstr[]" if index is not None else keyword
            if kind in ("msgctxt", "msgid") and seen & {"msgstr", "msgstr[]"}:
                finish()
            if kind in seen and kind != "msgstr[]":
                raise PoError(f"{where}: a second {keyword} in one entry")
            order = ["msgctxt", "msgid", "msgid_plural", "msgstr", "msgstr[]"]
            if any(order.index(k) > order.index(kind) for k in seen):
                raise PoError(f"{where}: {keyword} out of place")
            if kind != "msgctxt" and kind != "msgid" and "msgid" not in seen:
                raise PoError(f"{where}: {keyword} before msgid")
            if not seen:
                entry.line = number
            seen.add(kind)
            value = unescape(value, where)
            if kind == "msgctxt":
                entry.msgctxt, target = value, ("msgctxt", 0)
            elif kind == "msgid":
                entry.msgid, target = value, ("msgid", 0)
            elif kind == "msgid_plural":
                entry.msgid_plural, target = value, ("msgid_plural", 0)
            else:
                slot = int(index) if index is not None else 0
                if slot in entry.msgstr:
                    raise PoError(f"{where}: msgstr[{slot}] given twice")
                entry.msgstr[slot], target = value, ("msgstr", slot)
            continue
        match = _CONTINUATION.match(line)
        if match and target is not None:
            value = unescape(match.group(1), where)
            kind, slot = target
            if kind == "msgstr":
                entry.msgstr[slot] += value
            else:
                setattr(entry, kind, getattr(entry, kind) + value)
            continue
        raise PoError(f"{where}: cannot read {raw.strip()!r}")
    finish()
    return entries


# --- Writing the .mo --------------------------------------------------------------------

MO_MAGIC = 0x950412DE


def write_mo(catalog: dict[bytes, bytes]) -> bytes:
    """A GNU .mo file (revision 0, no hash table) holding ``catalog``, original -> translation.

    A plural entry's original is ``singular NUL plural`` and its translation the forms
    joined by NUL; an entry with a context has ``context EOT`` before its original.
    """
    keys = sorted(catalog)  # sorted originals let GNU gettext search without a hash table
    count = len(keys)
    originals_at = 7 * 4
    translations_at = originals_at + 8 * count
    data_at = translations_at + 8 * count
    table_o: list[int] = []
    table_t: list[int] = []
    blob = bytearray()
    for key in keys:
        table_o += [len(key), data_at + len(blob)]
        blob += key + b"\0"
    for key in keys:
        value = catalog[key]
        table_t += [len(value), data_at + len(blob)]
        blob += value + b"\0"
    head = struct.pack("<7I", MO_MAGIC, 0, count, originals_at, translations_at, 0, data_at)
    return head + struct.pack(f"<{4 * count}I", *table_o, *table_t) + bytes(blob)


def _header_fields(header: str) -> dict[str, str]:
    fields = {}
    for line in header.splitlines():
        key, sep, value = line.partition(":")
        if sep:
            fields[key.strip().lower()] = value.strip()
    return fields


def _plural_count(header: str, name: str) -> int | None:
    """nplurals from the header's Plural-Forms (checked to be usable), or None if absent."""
    forms = _header_fields(header).get("plural-forms")
    if forms is None:
        return None
    match = re.fullmatch(r"\s*nplurals\s*=\s*(\d+)\s*;\s*plural\s*=\s*(.+?)\s*;?\s*", forms)
    if not match:
        raise PoError(f"{name}: Plural-Forms must read 'nplurals=N; plural=EXPRESSION;'")
    try:
        gettext.c2py(match.group(2))
    except (ValueError, RecursionError) as err:
        raise PoError(f"{name}: the plural expression {match.group(2)!r}: {err}") from err
    return int(match.group(1))


def _check_format(entry: Entry, name: str) -> list[str]:
    """Problems that would make ``str.format`` fail on the translation."""
    sources = [entry.msgid, *([entry.msgid_plural] if entry.msgid_plural else [])]
    known: set[str] = set()
    for source in sources:
        fields = _fields(source)
        if fields is None:
            return []  # not a format string: nothing to compare with
        known |= fields
    if not known and "python-brace-format" not in entry.flags:
        return []
    problems = []
    for slot, text in sorted(entry.msgstr.items()):
        label = f"msgstr[{slot}]" if entry.msgid_plural is not None else "msgstr"
        fields = _fields(text)
        if fields is None:
            problems.append(f"{name}:{entry.line}: {label} has an unbalanced brace")
        elif fields - known:
            extra = ", ".join("{" + f + "}" for f in sorted(fields - known))
            problems.append(f"{name}:{entry.line}: {label} uses {extra}, unknown to the msgid")
    return problems


def compile_po(po: Path, mo: Path | None = None, use_fuzzy: bool = False) -> tuple[Path, int]:
    """Compile ``po`` into ``mo`` (default: beside it, same name); returns the path and
    the number of translated messages. Raises `PoError` and writes nothing on errors."""
    name = _shown(po)
    data = po.read_bytes()
    text = _decode(data)
    match = re.search(r"charset=([^\s\"\\]+)", text)
    charset = match.group(1) if match else "utf-8"
    entries = parse_po(text, name)
    header = next((e for e in entries if e.is_header), None)
    if header is None:
        raise PoError(f'{name}: no header entry (msgid "")')
    if charset.upper() == "CHARSET" or "charset=" not in header.msgstr.get(0, ""):
        raise PoError(f'{name}: the header must say "Content-Type: text/plain; charset=UTF-8"')
    nplurals = _plural_count(header.msgstr.get(0, ""), name)

    catalog: dict[bytes, bytes] = {}
    problems: list[str] = []
    seen: set[tuple[str | None, str]] = set()
    for entry in entries:
        key_text = (entry.msgctxt, entry.msgid)
        if key_text in seen:
            problems.append(f"{name}:{entry.line}: duplicate msgid {entry.msgid!r}")
            continue
        seen.add(key_text)
        if not entry.is_header and (
            not entry.translated or ("fuzzy" in entry.flags and not use_fuzzy)
        ):
            continue
        if entry.msgid_plural is not None:
            if nplurals is None:
                problems.append(f"{name}:{entry.line}: a plural entry, but no Plural-Forms")
            elif len(entry.msgstr) != nplurals:
                problems.append(
                    f"{name}:{entry.line}: {len(entry.msgstr)} plural forms, "
                    f"Plural-Forms says {nplurals}"
                )
        problems += _check_format(entry, name)
        original = entry.msgid
        if entry.msgid_plural is not None:
            original += "\0" + entry.msgid_plural
        if entry.msgctxt is not None:
            original = entry.msgctxt + "\x04" + original
        translation = "\0".join(entry.msgstr[i] for i in sorted(entry.msgstr))
        try:
            catalog[original.encode(charset)] = translation.encode(charset)
        except UnicodeEncodeError as err:
            problems.append(f"{name}:{entry.line}: not representable in {charset}: {err}")
    if problems:
        raise PoError("\n".join(problems))
    mo = mo or po.with_suffix(".mo")
    mo.parent.mkdir(parents=True, exist_ok=True)
    mo.write_bytes(write_mo(catalog))
    return mo, len(catalog) - 1


def _all_po_files() -> Iterator[Path]:
    yield from sorted(LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


# --- Command line -----------------------------------------------------------------------


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="messages.py", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    ex = commands.add_parser("extract", help=f"write the template {_shown(POT_FILE)}")
    ex.add_argument("--check", action="store_true", help="only check it is up to date")
    ex.add_argument("-o", "--output", type=Path, default=POT_FILE, help="where to write")
    co = commands.add_parser("compile", help="compile .po files into .mo files")
    co.add_argument("po", nargs="*", type=Path, help="the .po files (default: every catalog)")
    co.add_argument("-o", "--output", type=Path, help="the .mo file (with a single .po)")
    co.add_argument("--use-fuzzy", action="store_true", help="include fuzzy entries")
    args = parser.parse_args(argv)

    if args.command == "extract":
        return write_pot(args.output, check=args.check)
    files = args.po or list(_all_po_files())
    if args.output and len(files) != 1:
        parser.error("-o needs exactly one .po file")
    if not files:
        print(f"No catalogs under {_shown(LOCALE_DIR)}.", file=sys.stderr)
        return 1
    status = 0
    for po in files:
        try:
            mo, count = compile_po(po, args.output, use_fuzzy=args.use_fuzzy)
        except (PoError, OSError) as err:
            print(f"error: {err}", file=sys.stderr)
            status = 1
        else:
            print(f"Wrote {_shown(mo)} ({count} translated messages).")
    return status


if __name__ == "__main__":
    sys.exit(main())
