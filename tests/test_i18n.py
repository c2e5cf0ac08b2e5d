"""Translation: the template stays current, a catalog really changes the words, and
the words a player reads go through `_`."""

from __future__ import annotations

import ast
import importlib.util
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

from craits_core import Card, DrawReason, StoreError, Suit
from craits_core.bots.reasons import ENGLISH, Reason
from craits_core.events import CardPlayed, CardsDrawn
from craits_core.store import GAME_PROBLEMS, OPENING_PROBLEMS
from craits_tui import i18n
from craits_tui.faces import CardLook
from craits_tui.narrate import Narrator, reason_template, store_problem

from .decks import stacked_game

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ROOT / "craits_tui"


def load_tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("craits_messages", ROOT / "tools" / "messages.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while building
    spec.loader.exec_module(module)
    return module


messages = load_tool()


# --- The template -------------------------------------------------------------------


def test_the_committed_template_is_up_to_date() -> None:
    """Every message of the sources is in the template, and nothing else. (Where a
    message stands in the code may move freely; extraction refreshes that.)"""
    found, _warnings = messages.extract()
    committed = messages.POT_FILE.read_text(encoding="utf-8")
    old = {(e.msgid, e.msgid_plural) for e in messages.parse_po(committed)} - {("", None)}
    new = {(m.msgid, m.msgid_plural) for m in found}
    added = sorted(m for m, _ in new - old)
    gone = sorted(m for m, _ in old - new)
    assert not added and not gone, (
        "craits_tui/locale/craits.pot is out of date: run python tools/messages.py extract"
        f"\nnew messages: {added}\nmessages no longer used: {gone}"
    )


def test_every_message_can_be_extracted() -> None:
    """No f-string or concatenation inside `_()`, no msgid both with and without plural."""
    _found, warnings = messages.extract()
    assert warnings == []


def test_the_template_is_well_formed() -> None:
    entries = messages.parse_po(messages.POT_FILE.read_text(encoding="utf-8"))
    assert entries[0].is_header
    assert "charset=UTF-8" in entries[0].msgstr[0]
    assert "Plural-Forms:" in entries[0].msgstr[0]
    ids = [(e.msgctxt, e.msgid) for e in entries]
    assert len(ids) == len(set(ids))
    by_id = {e.msgid: e for e in entries}
    assert by_id["{n} card"].msgid_plural == "{n} cards"
    assert "python-brace-format" in by_id["{who} played {card}"].flags
    assert "python-brace-format" not in by_id["Draw"].flags


def test_extract_check_reports_a_stale_template(tmp_path: Path) -> None:
    stale = tmp_path / "craits.pot"
    stale.write_text('msgid ""\nmsgstr ""\n', encoding="utf-8")
    assert messages.write_pot(stale, check=True) == 1
    assert messages.write_pot(stale) == 0
    assert messages.write_pot(stale, check=True) == 0


# --- A catalog changes the words ----------------------------------------------------

# "xx" is a made-up language with three plural forms (one, two, many), so the test
# sees the catalog's own plural rule at work and not English's.
FAKE_PO = r"""
msgid ""
msgstr ""
"Project-Id-Version: craits test\n"
"Language: xx\n"
"MIME-Version: 1.0\n"
"Content-Type: text/plain; charset=UTF-8\n"
"Content-Transfer-Encoding: 8bit\n"
"Plural-Forms: nplurals=3; plural=(n==1 ? 0 : n==2 ? 1 : 2);\n"

msgid "Draw"
msgstr "Pesca"

#, python-brace-format
msgid "Your turn: follow {suit} or play {options}."
msgstr "Tocca a te: segui {suit} o gioca {options}."

msgid " or "
msgstr " o "

#, python-brace-format
msgid "a {rank}"
msgstr "un {rank}"

msgid "an 8"
msgstr "un otto"

#, python-brace-format
msgid "{who} played {card}"
msgstr "{who} ha giocato {card}"

msgid ": skip!"
msgstr ": salta!"

#, python-brace-format
msgid "{who} drew {what}{reason}."
msgstr "{who} ha pescato {what}{reason}."

#, python-brace-format
msgid "a card"
msgid_plural "{n} cards"
msgstr[0] "una carta"
msgstr[1] "due carte"
msgstr[2] "{n} carte"

#, python-brace-format
msgid "you can follow it with {n} more card"
msgid_plural "you can follow it with {n} more cards"
msgstr[0] "puoi seguire con una carta"
msgstr[1] "puoi seguire con {n} carte"
msgstr[2] "puoi seguire con {n} carte"

#, fuzzy
msgid "Quit"
msgstr "Esci"
"""


@pytest.fixture
def fake_language(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The interface in "xx", from a catalog compiled by tools/messages.py; English after."""
    po = tmp_path / "xx" / "LC_MESSAGES" / f"{i18n.DOMAIN}.po"
    po.parent.mkdir(parents=True)
    po.write_text(FAKE_PO.lstrip(), encoding="utf-8")
    mo, count = messages.compile_po(po)
    assert mo == po.with_suffix(".mo") and count == 10  # the fuzzy one is left out
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    monkeypatch.setattr(i18n, "_translation", i18n._translation)  # restored afterwards
    i18n.use_language("xx")
    return tmp_path


def test_the_fake_catalog_only_uses_real_messages() -> None:
    entries = messages.parse_po(FAKE_PO)
    known = {(m.msgid, m.msgid_plural) for m in messages.extract()[0]}
    assert {(e.msgid, e.msgid_plural) for e in entries if not e.is_header} <= known


@pytest.mark.parametrize(
    "po", sorted(i18n.LOCALE_DIR.glob("*/LC_MESSAGES/*.po")), ids=lambda p: p.parts[-3]
)
def test_each_shipped_catalog_is_compiled_from_its_po(po: Path, tmp_path: Path) -> None:
    # The package ships the .mo (pip does not compile): it must be the .po's own.
    mo, count = messages.compile_po(po, tmp_path / "fresh.mo")
    assert count > 0
    assert mo.read_bytes() == po.with_suffix(".mo").read_bytes(), (
        f"run: python tools/messages.py compile {po.relative_to(ROOT)}"
    )


def test_the_languages_on_offer_are_english_and_each_catalog(fake_language: Path) -> None:
    assert i18n.languages() == {"en": "English", "xx": "xx"}
    assert i18n.current_language() == "xx"
    i18n.use_language("en")  # no such catalog: English
    assert i18n.current_language() == "en"


def test_a_catalog_translates_messages_and_plurals(fake_language: Path) -> None:
    assert i18n._("Draw") == "Pesca"
    assert i18n._("Quit") == "Quit"  # fuzzy: not trusted yet
    assert i18n._("Scores") == "Scores"  # untranslated: English
    forms = [i18n.ngettext("a card", "{n} cards", n).format(n=n) for n in (1, 2, 5)]
    assert forms == ["una carta", "due carte", "5 carte"]


def test_the_narrator_speaks_the_catalog(fake_language: Path) -> None:
    game = stacked_game(["7H KS 8C 2D QH", "3C 4C 5C 6C 9C"], "JH", dealer=1, names=["Ann", "Bob"])
    ann = Narrator(game.state.players, 0, CardLook())
    assert ann.status(game.view(0), game.legal_moves(0)) == (
        "Tocca a te: segui ♥ o gioca un J o un otto."
    )
    bob = Narrator(["Ann", "Bob"], 1, CardLook())
    played = CardPlayed(0, Card.parse("4H"), Suit.HEARTS)
    assert bob.event(played) == "Ann ha giocato 4♥: salta!"
    drew = CardsDrawn(0, None, DrawReason.TURN, 2)
    assert bob.event(drew) == "Ann ha pescato due carte."


def test_english_is_back_after_the_catalog(fake_language: Path) -> None:
    i18n.use_language("C")
    assert i18n._("Draw") == "Draw"
    assert i18n.ngettext("a card", "{n} cards", 2) == "{n} cards"


def test_nothing_is_translated_as_a_module_is_imported() -> None:
    # The language may change while the game runs (the options): a word translated
    # at import, in a constant or a class's BINDINGS, would stay in the language of
    # the start. Such words are marked with N_ and translated where shown.
    found = []
    for path in sorted((ROOT / "craits_tui").rglob("*.py")):
        found += [
            f"{path.relative_to(ROOT)}:{call.lineno}: {ast.unparse(call)[:60]}"
            for call in _calls_outside_functions(ast.parse(path.read_text(encoding="utf-8")))
            if isinstance(call.func, ast.Name) and call.func.id in ("_", "ngettext")
        ]
    assert found == []


def _calls_outside_functions(node: ast.AST) -> Iterator[ast.Call]:
    """The calls in ``node`` made when its module is run: not those in a function."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            continue
        if isinstance(child, ast.Call):
            yield child
        yield from _calls_outside_functions(child)


def test_compile_refuses_a_translation_that_would_break_format(tmp_path: Path) -> None:
    po = tmp_path / "bad.po"
    po.write_text(
        FAKE_PO.replace('"{n} carte"', '"{count} carte"').replace('"un {rank}"', '"un {rank"'),
        encoding="utf-8",
    )
    with pytest.raises(messages.PoError) as refused:
        messages.compile_po(po)
    assert "{count}" in str(refused.value) and "unbalanced" in str(refused.value)
    assert not po.with_suffix(".mo").exists()


# --- Words a player reads are translated --------------------------------------------

# Where text reaches the screen: (call name, argument positions, keyword names).
WIDGET_TEXT: dict[str, tuple[tuple[int, ...], tuple[str, ...]]] = {
    "Label": ((0,), ()),
    "Static": ((0,), ()),
    "Button": ((0,), ()),
    "RadioButton": ((0,), ()),
    "Checkbox": ((0,), ()),
    "TabPane": ((0,), ()),
    "Tab": ((0,), ()),
    "Markdown": ((0,), ()),
    "Content": ((0,), ()),
    "Text": ((0,), ()),
    "Option": ((0,), ()),
    "Binding": ((2,), ("description",)),
    "notify": ((0,), ("message", "title")),
    "update": ((0,), ()),
    "write": ((0,), ()),
    "add_column": ((0,), ("header",)),
    "add_row": ((0, 1, 2, 3, 4, 5, 6, 7), ()),
}
# Any call: these keywords are shown to the player.
TEXT_KEYWORDS = ("tooltip", "placeholder", "prompt", "label", "title", "subtitle")
# Assigning these attributes shows the text.
TEXT_ATTRIBUTES = ("title", "sub_title", "border_title", "border_subtitle", "tooltip")
TEXT_CLASS_ATTRIBUTES = ("TITLE", "SUB_TITLE")

# Where the command line speaks (argparse): its help and its errors.
CLI_TEXT: dict[str, tuple[tuple[int, ...], tuple[str, ...]]] = {
    "ArgumentParser": ((), ("description", "epilog")),
    "add_argument": ((), ("help",)),
    "add_argument_group": ((0, 1), ("title", "description")),
    "add_mutually_exclusive_group": ((), ()),
    "error": ((0,), ()),
    "ValueError": ((0,), ()),  # main() shows these with parser.error
}

NOT_WORDS = {"Craits"}  # the game's name is the same in every language
MARKUP = re.compile(r"\[/?[a-z@$#][^\]]*\]|\[/\]")
# ids, keys, actions, CSS: lower case with a "-", "_", ".", "#", ":" or "(" in it
IDENTIFIER = re.compile(r"(?=.*[-_.#:(])[a-z0-9_\-.#:]+(\(.*\))?")


def looks_like_words(text: str) -> bool:
    """Whether ``text`` says something a player should read in their language
    (not an id, key, action, CSS class, symbol or a bare "{n}")."""
    if text in NOT_WORDS or IDENTIFIER.fullmatch(text.strip()):
        return False
    bare = MARKUP.sub("", re.sub(r"\{[^{}]*\}", "", text))
    return re.search(r"[^\W\d_]{2,}", bare) is not None


def literal_texts(node: ast.expr) -> Iterator[str]:
    """The text written into the code that ``node`` shows (nothing for `_()` calls,
    names and other values computed elsewhere)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        yield node.value
    elif isinstance(node, ast.JoinedStr):
        yield "".join(v.value if isinstance(v, ast.Constant) else "{}" for v in node.values)
    elif isinstance(node, ast.BinOp):
        yield from literal_texts(node.left)
        yield from literal_texts(node.right)
    elif isinstance(node, ast.IfExp):
        yield from literal_texts(node.body)
        yield from literal_texts(node.orelse)
    elif (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "format"
    ):
        yield from literal_texts(node.func.value)


def call_name(call: ast.Call) -> str:
    func = call.func
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return ""


def shown_expressions(
    tree: ast.AST, sinks: dict[str, tuple[tuple[int, ...], tuple[str, ...]]], widgets: bool
) -> Iterator[ast.expr]:
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            name = call_name(node)
            # Subclasses named after their widget count too: NavButton, TitleLabel.
            key = next((s for s in sinks if name == s or (widgets and name.endswith(s))), None)
            if key is not None:
                positions, keywords = sinks[key]
                yield from (node.args[i] for i in positions if i < len(node.args))
                yield from (k.value for k in node.keywords if k.arg in keywords)
            if widgets:
                yield from (k.value for k in node.keywords if k.arg in TEXT_KEYWORDS)
        elif widgets and isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                shown = (isinstance(target, ast.Attribute) and target.attr in TEXT_ATTRIBUTES) or (
                    isinstance(target, ast.Name) and target.id in TEXT_CLASS_ATTRIBUTES
                )
                if shown and node.value is not None:
                    yield node.value


def untranslated(
    sinks: dict[str, tuple[tuple[int, ...], tuple[str, ...]]],
    files: list[Path] | None = None,
    widgets: bool = True,
) -> list[str]:
    """ "file:line: text" for each literal text shown without `_()`."""
    found: dict[tuple[str, int, str], None] = {}
    for path in files or sorted(SOURCES.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        where = path.relative_to(ROOT).as_posix()
        for expr in shown_expressions(tree, sinks, widgets):
            for text in literal_texts(expr):
                if looks_like_words(text):
                    found[where, expr.lineno, text] = None
    return [f"{where}:{line}: {text[:60]!r}" for where, line, text in sorted(found)]


def test_the_heuristic_tells_words_from_ids() -> None:
    for word in ("Draw", "Last card!", "Your turn: {who}", "[b]Scores[/b]", "{n} pts", "none"):
        assert looks_like_words(word), word
    for other in ("", "{n}", "→", "#", "menu-gap", "question_mark", "app.quit", "play_number(1)"):
        assert not looks_like_words(other), other
    for other in ("[b]{n}[/b]", "Craits", "7♠", " · "):
        assert not looks_like_words(other), other
    call = ast.parse('Label(f"Round {n}", id="x")\nButton(_("Back"))').body
    exprs = list(shown_expressions(ast.Module(body=call, type_ignores=[]), WIDGET_TEXT, True))
    assert [list(literal_texts(e)) for e in exprs] == [["Round {}"], []]


def test_widgets_show_no_untranslated_text() -> None:
    found = untranslated(WIDGET_TEXT)
    assert found == [], "wrap these in _():\n" + "\n".join(found)


CLI_FILES = [SOURCES / "cli.py"]


def test_the_command_line_speaks_the_language() -> None:
    found = untranslated(CLI_TEXT, CLI_FILES, widgets=False)
    assert found == [], "wrap these in _():\n" + "\n".join(found)


SAMPLE_PARAMS = {
    "card": Card.parse("8S"),
    "suit": Suit.HEARTS,
    "name": "Bob",
    "n": 2,
    "count": 4,
    "points": 30,
    "runs": 900,
}


@pytest.mark.parametrize("code", sorted(ENGLISH))
def test_every_bot_reason_has_words_in_the_interface(code: str) -> None:
    template = reason_template(code, 2)
    assert template is not None, f"the interface has no words for the reason {code!r}"
    used = set(re.findall(r"{(\w+)}", template))
    reason = Reason(code, {k: v for k, v in SAMPLE_PARAMS.items() if k in used})
    # In English the interface says what the engine says.
    assert Narrator(["Ann", "Bob"], 0, CardLook()).reason(reason) == str(reason)


def test_a_hint_reason_speaks_the_catalog(fake_language: Path) -> None:
    reason = Reason("follow", {"n": 2})
    assert Narrator(["Ann", "Bob"], 0, CardLook()).reason(reason) == "puoi seguire con 2 carte"


@pytest.mark.parametrize("code", sorted({*OPENING_PROBLEMS, *GAME_PROBLEMS}))
def test_every_save_file_problem_has_words_in_the_interface(code: str) -> None:
    err = StoreError("engine words", code, path=Path("/saves/g.db"), detail="disk I/O error")
    err.params.update(version=3, readable=2, game="0f3a9c21")
    said = store_problem(err)
    assert said != "engine words"
    if code != "in-use":  # said of the game the player just chose: no need to name it
        assert "/saves/g.db" in said or "0f3a9c21" in said


def test_a_problem_without_words_here_is_said_as_a_sentence() -> None:
    said = store_problem(StoreError("the store /saves/g.db is closed"))
    assert said == "The store /saves/g.db is closed."


def test_a_save_file_problem_speaks_the_players_language(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(i18n, "_translation", i18n._translation)  # English again afterwards
    i18n.use_language("it")
    said = store_problem(StoreError("engine words", "busy", path=Path("/saves/g.db")))
    assert said == "Un altro programma sta usando /saves/g.db."
