"""Rules and controls: the help screen (the ? key, or "Rules and help" on the menu)."""

from __future__ import annotations

import io
from functools import lru_cache
from typing import ClassVar

from rich.console import Console
from rich.markdown import Markdown
from rich.style import Style
from rich.theme import Theme
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.geometry import Size
from textual.screen import Screen
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import Static, TabbedContent, TabPane

from craits_core import RuleSet

from ..i18n import N_, _
from ..narrate import describe_rules
from ..rules_text import rules_markdown
from ..widgets.footer import Footer
from ..widgets.hand import CARD_KEYS
from .roomy import Roomy
from .scrolling import scroll

CARD_KEYS_HELP = N_(
    "Every card has a key, shown above it: past the ninth, **{tenth}** plays the "
    "tenth, then **{letters}** the ones after it, in that order."
)
"""The keys past the ninth card (`CARD_KEYS`), filled in where shown."""

# One message per block, as in rules_text: a translator never sees Markdown that
# spans two blocks. Marked here, translated when the screen is built.
CONTROLS: tuple[str, ...] = (
    N_("## At the table"),
    N_(
        "| Key, or mouse | What it does |\n"
        "|---|---|\n"
        "| **← →** (**↑ ↓** for another row), **Home**, **End**, or point at a card "
        "| choose a card in your hand |\n"
        "| **Enter**, or click a card | play the chosen card |\n"
        "| **1** to **9** | play the first to ninth card of your hand |\n"
        "| **d**, or click the stock | draw a card (only when you cannot play; "
        "then **Enter** draws too) |\n"
        "| **l**, or the Last card! button | say “Last card!” |\n"
        "| **i**, or click an opponent's Idiot! badge | call “Idiot!” on an opponent "
        "who forgot to say “Last card!” |\n"
        "| **s** | the scores |\n"
        "| **h** | a hint: what the expert bot would play, and why |\n"
        "| **u** | take back your last move and the bots' replies (a game against "
        "bots alone) |\n"
        "| **c** | what each card does, a line each |\n"
        "| **Page Up**, **Page Down**, **]**, or the mouse wheel | scroll the log "
        "(**]**: back to its end) |\n"
        "| **o** | options: the bots' pace, the theme, the cards' look, saying "
        "“Last card!” for you, animations, the bell, the language |\n"
        "| **p** | the bots' pace, one step: slow, normal, fast, instant |\n"
        "| **?** | this help |\n"
        "| **Esc** | back to the start menu: the game is saved, to resume there |\n"
        "| **q** | quit: the game is saved, and you go on where you left it next time |"
    ),
    CARD_KEYS_HELP,
    N_(
        "With **Draw for me** on (in the options), a turn where drawing is all you can "
        "do (the crank's draw too) is drawn for you after a moment, and the status line "
        "says so. Never while a card could be played, a suit is to be named, or “Last "
        "card!” or “Idiot!” could still be said."
    ),
    N_(
        "Cards you can play are bright when it is your turn; the others are dimmed. "
        "To say “Last card!” with the play of your second-to-last card, press l just "
        "before you play it (the button shows a tick); you can also press it just "
        "after."
    ),
    N_(
        "Watching bots play, you see the hand of the player to move (**v** hides it). "
        "**space** pauses them; then **→** (or **n**) plays one move at a time, and "
        "**space** goes on."
    ),
    N_("## Choosing a suit"),
    N_(
        "After an 8, a 9 or a starter that lets you choose, a box asks for the suit. "
        "It starts on the suit a hint advised, else on the suit you hold most, so "
        "Enter alone names it."
    ),
    N_(
        "| Key, or mouse | What it does |\n"
        "|---|---|\n"
        "| **c d h s** | clubs, diamonds, hearts, spades |\n"
        "| **1** to **4** | the first to fourth suit offered |\n"
        "| **← →** and **Enter**, or click a suit | pick the suit |\n"
        "| **Esc** | take the card back: nothing is played |"
    ),
    N_("## Other screens"),
    N_(
        "- **Esc** closes a dialog, such as the scores or this help (**q** and **?** "
        "close this help too).\n"
        "- **Enter** goes on after a round's summary.\n"
        "- In this help, **r** and **c** (or ← →) show the Rules and the Controls; "
        "↑ ↓, Page Up, Page Down, Home, End and the mouse wheel scroll.\n"
        "- When several people share the terminal, a handover screen hides the table "
        "between their turns: pass the terminal, then press Enter. If the player "
        "before just went down to one card, they can still press l there to say "
        "“Last card!”."
    ),
    N_(
        "An **Esc** pressed within a second of closing a dialog does nothing: pressed "
        "twice to close one, it does not leave the table too."
    ),
    N_("## Watching a replay"),
    N_(
        "| In a replay | What it does |\n"
        "|---|---|\n"
        "| **← →** | one event back or forward |\n"
        "| **↑ ↓** | one turn back or forward: a player's move and what it did |\n"
        "| **Page Up**, **Page Down** (or **[** **]**) | one round back or forward |\n"
        "| **Home**, **End** | to the start or the end |\n"
        "| **space** | watch it play itself, or pause it |\n"
        "| **-** **+** | slower or faster: from ½× (an event a second) to 16× |\n"
        "| **v** | every hand, or the game as each player saw it |\n"
        "| the buttons, or a click on the bar | the same with the mouse |\n"
        "| **Esc** | back |"
    ),
    N_("## Playing online"),
    N_("`ssh -p PORT host` takes you to a server's lobby (`craits-tui serve` runs one)."),
    N_(
        "| In the lobby | What it does |\n"
        "|---|---|\n"
        "| **m** | quick match: a seat at the next table of people waiting, or a new "
        "one; bots take the empty seats when nobody comes for a while |\n"
        "| **l** | the quick match's length: the whole game or the short one |\n"
        "| **n** | a new table of your own: its seats, rules, turn timer and chat |\n"
        "| **j**, **Enter**, or a click | join the table chosen (or your kept seat) |\n"
        "| **w** | watch the table chosen |\n"
        "| **c** | type a table's code |\n"
        "| **r** | take a seat back with its reconnect code |\n"
        "| **b** | the leaderboard |\n"
        "| **v** | watch a finished game by its replay code |"
    ),
    N_(
        "| At an online table | What it does |\n"
        "|---|---|\n"
        "| **t** | write a line in the chat |\n"
        "| **e** | send an emote |\n"
        "| **x** | mute (or hear again) a player's chat |\n"
        "| **a**, after the last round | play again: the same people and bots, once "
        "everyone says yes |\n"
        "| **q** | back to the lobby (during the game, a bot plays your seat until "
        "you come back) |"
    ),
    N_(
        "Every table has a turn clock: when yours runs out a bot makes that move for "
        "you, and after two in a row it plays on for you until you press a key."
    ),
    N_(
        "A finished game is rated when at least two people played it, each making at "
        "least half of their own moves (bots do not count; leaving a game, or letting "
        "your clock run out three times, counts as last place). A rating shows after "
        "five rated games for a player who logs in with an SSH key, twenty for a name "
        "alone. Every finished game gets a replay code: anyone can watch it from the "
        "lobby, or with `ssh -t -p PORT host replay CODE`, from any seat's view "
        "(**v** in the replay)."
    ),
    N_("## Starting from the command line"),
    N_(
        "`craits-tui` opens the start menu: resume your game, start a new one or look "
        "at past games. Games are saved as you play. A few of its options:"
    ),
    N_(
        "- `--players N` starts a game at once, you against N-1 bots; `--bots` sets "
        "their levels (random, easy, normal, hard, expert) and `--names` the names.\n"
        "- `--humans N` seats N people who take turns at this terminal.\n"
        "- `--short`, `--colour-matching`, `--voluntary-draw`, `--seven-skips` and "
        "`--wild-nine` choose the variants (see Rules).\n"
        "- `--resume` goes straight back to your unfinished game.\n"
        "- `--pace`, `--ascii`, `--four-colour`, `--theme` and `--lang` change the "
        "look and feel, and are remembered (so are the changes made in Options)."
    ),
    N_("`craits-tui --help` lists every option."),
)


def controls_markdown() -> str:
    """The controls page as Markdown, in the current language."""
    keys = {"tenth": CARD_KEYS[9], "letters": " ".join(CARD_KEYS[10:])}
    return (
        "\n\n".join(
            _(block).format(**keys) if block is CARD_KEYS_HELP else _(block) for block in CONTROLS
        )
        + "\n"
    )


TABS = ("rules", "controls")


class HelpPage(Widget):
    """One page of the help: its Markdown drawn by Rich once per width, look and
    language, then shown line by line.

    Textual's Markdown widget makes a widget of every block and table cell (some 350
    for the two pages), and the help took a second to open."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "help-page--heading",
        "help-page--code",
        "help-page--table",
    }

    DEFAULT_CSS = """
    HelpPage {
        height: auto;
        padding: 0 2 0 1;
        max-width: 100;
        & > .help-page--heading { color: $accent; text-style: bold underline; }
        & > .help-page--code { color: $text-accent; }
        & > .help-page--table { color: $text-primary; }
    }
    """

    def __init__(self, source: str, *, id: str) -> None:
        super().__init__(id=id)
        self.source = source
        """The page as Markdown, in the language it was built in."""

    def _lines(self, width: int) -> tuple[Strip, ...]:
        look = tuple(
            (f"markdown.{part}", self.get_component_rich_style(f"help-page--{kind}"))
            for part, kind in _LOOKS
        )
        return _drawn(self.source, width, look)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self._lines(width))

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        lines = self._lines(width)
        line = lines[y] if y < len(lines) else Strip.blank(width)
        return line.apply_style(self.rich_style)


_LOOKS = (
    ("h2", "heading"),
    ("code", "code"),
    ("table.header", "table"),
    ("table.border", "table"),
)
"""Rich's Markdown styles, and the component class that gives each its look."""


@lru_cache(maxsize=8)
def _drawn(source: str, width: int, look: tuple[tuple[str, Style], ...]) -> tuple[Strip, ...]:
    """``source`` drawn as Markdown ``width`` cells wide, Rich's styles named in
    ``look`` replaced: the same page reopened at the same size costs nothing."""
    theme = Theme(dict(look))
    console = Console(file=io.StringIO(), width=max(width, 1), force_terminal=True, theme=theme)
    lines = console.render_lines(Markdown(source, hyperlinks=False), pad=False)
    return tuple(Strip(line).simplify() for line in lines)


class HelpTabs(TabbedContent):
    """The help's two tabs, switched only by the keys and the tabs themselves."""

    def _on_tab_pane_focused(self, event: TabPane.Focused) -> None:
        # Textual switches to a tab when something in it takes the focus. Here only
        # the screen focuses a page, the one it shows, and a focus that comes late
        # (overtaken by a key typed together with ?) must not switch back.
        event.prevent_default()
        event.stop()


class HelpScreen(Roomy, Screen[None]):
    """The rules of the game and the keys and clicks that play it, in two tabs."""

    CSS_PATH = "help.tcss"
    AUTO_FOCUS = None  # the page showing takes the keys once its tab is settled

    BINDINGS = [
        Binding("escape", "close", N_("Close")),
        Binding("q", "close", show=False),
        Binding("question_mark", "close", show=False),
        Binding("r", "show_tab('rules')", N_("Rules")),
        Binding("c", "show_tab('controls')", N_("Controls")),
        # The text has the focus and no use for ← →: they switch tabs instead.
        Binding("left", "switch_tab(-1)", show=False),
        Binding("right", "switch_tab(1)", show=False),
        # The scroll keys also work when the tabs, not the text, have the focus.
        Binding("up", "scroll('up')", show=False),
        Binding("down", "scroll('down')", show=False),
        Binding("pageup", "scroll('page_up')", show=False),
        Binding("pagedown", "scroll('page_down')", show=False),
        Binding("home", "scroll('home')", show=False),
        Binding("end", "scroll('end')", show=False),
    ]

    def __init__(self, rules: RuleSet | None = None) -> None:
        super().__init__()
        self.rules = rules
        """The rules of the game in play, if any: the Rules tab starts with them."""

    def compose(self) -> ComposeResult:
        yield from self.compose_too_small()
        with HelpTabs(id="help-tabs"):
            with (
                TabPane(_("Rules"), id="rules"),
                VerticalScroll(id="rules-scroll", classes="help-scroll"),
            ):
                if self.rules is not None:
                    yield Static(
                        _("This game: {rules}.").format(rules=describe_rules(self.rules)),
                        id="help-this-game",
                    )
                yield HelpPage(rules_markdown(title=False), id="rules-text")
            with (
                TabPane(_("Controls"), id="controls"),
                VerticalScroll(id="controls-scroll", classes="help-scroll"),
            ):
                yield HelpPage(controls_markdown(), id="controls-text")
        yield Footer()

    def _active_scroll(self) -> VerticalScroll:
        tabs = self.query_one(TabbedContent)
        return self.query_one(f"#{tabs.active or TABS[0]}-scroll", VerticalScroll)

    @on(TabbedContent.TabActivated)
    def _tab_activated(self, event: TabbedContent.TabActivated) -> None:
        # Keep the keyboard on the text that is showing, so the scroll keys act on
        # it; focusing a page also switches to its tab, so an activation overtaken
        # by another (a key typed together with ?) must not switch back.
        if event.pane.id == event.tabbed_content.active:
            self._active_scroll().focus()

    def action_show_tab(self, tab: str) -> None:
        # After the next refresh: a key typed together with ? arrives before the tabs
        # have settled on their first one, which would undo the choice.
        self.call_after_refresh(setattr, self.query_one(TabbedContent), "active", tab)

    def action_switch_tab(self, step: int) -> None:
        tabs = self.query_one(TabbedContent)
        index = TABS.index(tabs.active) if tabs.active in TABS else 0
        tabs.active = TABS[max(0, min(len(TABS) - 1, index + step))]

    def action_scroll(self, how: str) -> None:
        scroll(self._active_scroll(), how)

    def action_close(self) -> None:
        self.dismiss(None)
