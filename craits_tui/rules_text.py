"""The rules of Craits, written for players, as Markdown.

The same text is the help screen's "Rules" tab and the repository's RULES.md
(``python -m craits_tui.rules_text > RULES.md`` writes it; a test keeps the two in
step). Each paragraph, list or table is a message of its own, so a translator works
on one block at a time and never on Markdown that spans several of them.
"""

from __future__ import annotations

from .i18n import N_, _

TITLE = N_("Craits: the rules")

INTRO = N_(
    "Craits is a card game for 2 to 5 players, a relative of Crazy Eights. "
    "It is played with one ordinary 52-card deck, without jokers."
)

# (title, blocks): the blocks of a section are joined with blank lines. Strings are
# only marked here (N_) and translated when shown, so a language chosen after import
# still applies.
SECTIONS: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        N_("Goal"),
        (
            N_(
                "Get rid of your cards. In every round, the first player to play their "
                "last card ends the round and scores nothing for it; everybody else scores "
                "points for the cards still in their hand."
            ),
            N_(
                "Points are bad. After the last round the player with the **lowest total "
                "wins**. Players who tie for the lowest total share the win."
            ),
        ),
    ),
    (
        N_("The deal and the rounds"),
        (
            N_(
                "A game has **15 rounds**. The number of cards each player is dealt goes "
                "down and back up again: 8 cards in round 1, 7 in round 2, and so on down "
                "to a single card in round 8; then 2 in round 9, 3 in round 10, up to 8 "
                "in round 15."
            ),
            N_(
                "To choose the first dealer, each player in seat order draws one card from "
                "a shuffled deck. The lowest card deals: aces are low, then 2 up to 10, J, "
                "Q, K, and suits make no difference. Players who tie for the lowest card "
                "draw again from the same deck. After every round the deal moves one seat "
                "clockwise."
            ),
            N_(
                "Each round is played with the whole deck, freshly shuffled. The dealer "
                "deals one card at a time, clockwise, starting with the player on their "
                "left, until everyone has the round's number of cards. The next card is "
                "turned face up: this is the **starter**, the first card of the discard "
                "pile. The rest of the deck, face down, is the **stock**. Play starts "
                "clockwise."
            ),
        ),
    ),
    (
        N_("The starter"),
        (
            N_(
                "The starter counts as the **dealer's first turn**: it acts as if the "
                "dealer had just played it."
            ),
            N_(
                "| Starter | What happens |\n"
                "|---|---|\n"
                "| A, 3, J, Q, K | Nothing. The player on the dealer's left goes first. |\n"
                "| 2 | A crank starts at 2, and the player on the dealer's left must answer it. |\n"
                "| 4 | The player on the dealer's left is skipped; the player after them goes first. |\n"
                "| 5 | Everyone except the dealer draws one card; then the player on the dealer's left goes first. |\n"
                "| 6 | The dealer takes a turn before anyone else: plays a card if they can, otherwise draws one. |\n"
                "| 7 | The player on the dealer's left draws one card, then takes their turn. |\n"
                "| 8 | The dealer names the suit to follow. |\n"
                "| 9 | The dealer keeps the 9's suit or switches to the other suit of the same colour. |\n"
                "| 10 | The direction reverses: the player on the dealer's right goes first. |"
            ),
            N_(
                "With two players, a starter 4 skips the other player, so the dealer "
                "plays first; a starter 10 reverses the direction, but the other player "
                "still goes first. While the dealer chooses the suit for a starter 8 or 9, "
                "nothing else can happen."
            ),
        ),
    ),
    (
        N_("Your turn"),
        (
            N_(
                "- **Play one card** onto the discard pile. It must have the same "
                "**rank** as the top card (a 7 on a 7) or the **active suit**. The active "
                "suit is the top card's suit, unless an 8 or a 9 changed it.\n"
                "- An **8 can always be played** (except during a crank).\n"
                "- Matching the colour is not enough: a red card does not go on a red "
                "card of another suit and rank (unless you play the colour variant).\n"
                "- **If you cannot play, draw one card** from the stock. Your turn is "
                "over; the card you drew waits for your next turn.\n"
                "- **If you can play, you must:** you may not draw instead (unless you "
                "play the voluntary draw variant)."
            ),
            N_(
                "**When the stock runs out** and someone has to draw, all of the discard "
                "pile except its top card is shuffled into a new stock. If there are "
                "still not enough cards, the player takes what there is; if there is "
                "nothing at all to draw, they simply pass. A pass ends their turn, and "
                "ends a crank too."
            ),
            N_(
                "**A blocked round:** when there is nothing left to draw and every player "
                "who still holds cards has passed on their own turn since the last card "
                "was played, the round stops and is scored as it stands. Nobody went out. "
                "A player who was passed over (skipped, or losing a turn after “Idiot!”) "
                "has not passed, and neither has a player whose pass only ended a crank: "
                "the round goes on until they too have passed on a turn of their own."
            ),
        ),
    ),
    (
        N_("Card abilities"),
        (
            N_(
                "An ability acts on the **next player** in the direction of play, unless "
                "the table says otherwise."
            ),
            N_(
                "| Card | Ability |\n"
                "|---|---|\n"
                "| A | A plain card, except in a crank, where it adds 1 to the count. |\n"
                "| 2 | Starts a crank at 2, or adds 2 to the crank that is running. |\n"
                "| 3 | No ability; it is special when scoring. |\n"
                "| 4 | **Skip:** the next player misses their turn. |\n"
                "| 5 | **Everybody else draws:** each other player draws one card, in turn "
                "order from the next player. Then the next player takes their turn as usual. |\n"
                "| 6 | **Play again:** you take another turn at once. Play a card if you can "
                "(another 6 gives you yet another turn); if you can't, draw one card and "
                "your turn is over. |\n"
                "| 7 | **Draw one:** the next player draws a card, then takes their turn as usual. |\n"
                "| 8 | **Wild:** play it on anything and name any suit. The next player "
                "must follow that suit or play an 8. |\n"
                "| 9 | Played like any card (same suit or rank). Afterwards the active "
                "suit is the 9's own suit or, if you say so, the other suit of the same "
                "colour: hearts and diamonds, clubs and spades. |\n"
                "| 10 | **Reverse:** the direction of play changes. With two players "
                "nothing changes: the other player is still next. |\n"
                "| J, Q, K | No ability. |"
            ),
        ),
    ),
    (
        N_("The crank"),
        (
            N_(
                "A 2 starts the **crank**, with a count of 2. While it runs:\n"
                "\n"
                "- The next player must answer with an **ace (count + 1)** or a **2 "
                "(count + 2)** of any suit, if they hold one. No other card can be played, "
                "not even an 8, and a player holding an ace or a 2 may not draw.\n"
                "- The first player who holds neither **draws as many cards as the "
                "count**. That ends the crank and their turn.\n"
                "- Play goes on normally from the next player, who must match the ace or "
                "2 on top of the pile (its suit or its rank)."
            ),
            N_(
                "For example: a 2 is played (count 2), then an ace (3), then another 2 "
                "(5). The next player has no ace and no 2, so they draw 5 cards."
            ),
        ),
    ),
    (
        N_("Last card and “Idiot!”"),
        (
            N_(
                "When **a play leaves you with one card**, you must say **“Last card!”**. "
                "You can say it together with that play, or afterwards, until the next "
                "card is played or drawn by anybody; a pass counts too. Being dealt a "
                "single card (round 8) needs no announcement."
            ),
            N_(
                "Cards someone is made to draw (by a 5, a 7, a crank or a penalty) do not "
                "end your chance to say it, and neither does another player's “Last "
                "card!” or a call of “Idiot!”. After you play a 6, the next move is your "
                "own."
            ),
            N_(
                "While a player holds one card, has not said “Last card!” and still has "
                "the chance to, **any other player may call “Idiot!”**. The call must be "
                "right: a call on someone who has not got exactly one card, or who has "
                "already said it, is refused. The idiot **draws two cards and loses their "
                "next turn**, and after a correct call it is too late for them to say it."
            ),
            N_(
                "- Saying “Last card!” only counts while you hold that one card: once you "
                "hold more again, you will have to say it again next time.\n"
                "- A lost turn is used up the next time your turn would come, even in a "
                "crank: you are passed over and the count stays as it is.\n"
                "- A skip from a 4 does not use up a lost turn: the two add up."
            ),
        ),
    ),
    (
        N_("Going out"),
        (
            N_(
                "Playing your last card ends the round, but that card's ability still "
                "acts:\n"
                "\n"
                "- a **7**: the next player draws one card;\n"
                "- a **5**: every other player draws one card;\n"
                "- a **2**, or an **ace** added to a running crank: the crank goes on "
                "among the players who still hold cards, each playing as usual, until "
                "someone draws the count. Anyone who plays their last card during it "
                "also goes out and scores 0. If nobody with cards is left, the crank ends "
                "with no draw;\n"
                "- a **4, 6, 8, 9 or 10**: nothing more happens. You do not play again "
                "after a 6; after an 8 or a 9 you still name the suit."
            ),
            N_("Then the round is scored."),
        ),
    ),
    (
        N_("Scoring"),
        (
            N_(
                "Whoever went out scores 0 for the round. Everybody else scores the cards "
                "left in their hand:"
            ),
            N_(
                "| Card | Points |\n"
                "|---|---|\n"
                "| A | 1 |\n"
                "| J, Q, K | 10 each |\n"
                "| 4 | 15 |\n"
                "| 2, 7 | 20 each |\n"
                "| 10 | 25 |\n"
                "| 5, 6, 9 | 30 each |\n"
                "| 8 | 50 |\n"
                "| 3 | cancels a card, or -50 |"
            ),
            N_(
                "**Threes:** each 3 cancels the highest-scoring card (other than a 3) "
                "still counted in the same hand, and both score 0. A 3 with no card left "
                "to cancel scores **-50**."
            ),
            N_(
                "- 3, 2, 8 scores 20: the 3 cancels the 8.\n"
                "- 3, 3 scores -100.\n"
                "- 3, 3, K scores -50: one 3 cancels the king, the other counts -50."
            ),
            N_(
                "So a round's score can be negative. Scores add up over the rounds; after "
                "the last round the lowest total wins, and a tie for the lowest total "
                "shares the win."
            ),
        ),
    ),
    (
        N_("Variants"),
        (
            N_(
                "The rules above are the standard game. Each of these variants can be "
                "switched on when a game is set up (the command-line option is given in "
                "brackets):"
            ),
            N_(
                "- **Short game** (`--short`): only the first 8 rounds, from 8 cards "
                "down to 1.\n"
                "- **Colour matching** (`--colour-matching`): a card may also be played "
                "if it has the colour of the active suit (hearts and diamonds are red, "
                "clubs and spades black).\n"
                "- **Voluntary draw** (`--voluntary-draw`): you may draw even when you "
                "could play. A crank still has to be answered.\n"
                "- **Seven skips** (`--seven-skips`): after a 7 the next player draws one "
                "card and also misses their turn.\n"
                "- **Wild nine** (`--wild-nine`): a 9 can be played on anything, like an "
                "8, but the suit it names must be its own or the other suit of the same "
                "colour."
            ),
        ),
    ),
    (
        N_("Fine points"),
        (
            N_("A few finer points, for when the question comes up at the table:"),
            N_(
                "- **Colour matching** compares with the colour of the active suit: after "
                "an 8, the colour of the suit it named counts, not the colour of the 8 "
                "itself.\n"
                "- **Voluntary draw** never gets you out of a crank: holding an ace or a "
                "2, you must play one. It does let you draw instead of playing again "
                "after your own 6. With nothing left to draw, choosing to draw is a pass "
                "like any other, and counts towards a blocked round.\n"
                "- **Seven skips:** a player skipped by a 7 who also has a turn to lose "
                "misses both turns, just as with a 4.\n"
                "- **“Idiot!” on the player to move** (after their own 6, or when a 4 at "
                "a table of two gives them another turn): they keep the turn they are "
                "taking and lose the next one.\n"
                "- **“Last card!” said too soon,** with a play that leaves you two cards "
                "or more, does nothing: no harm done, and you still have to say it when "
                "you are down to one.\n"
                "- **The draw for first dealer:** players who tie for the lowest card "
                "draw again in seat order."
            ),
        ),
    ),
)


def sections() -> list[tuple[str, str]]:
    """The rules as (title, Markdown body) pairs, in the current language."""
    return [(_(title), "\n\n".join(_(block) for block in blocks)) for title, blocks in SECTIONS]


def rules_markdown(title: bool = True) -> str:
    """The whole rules page as Markdown, in the current language.

    ``title`` adds the page heading; the help screen leaves it out because its tab
    already says "Rules".
    """
    parts = [f"# {_(TITLE)}"] if title else []
    parts.append(_(INTRO))
    for heading, body in sections():
        parts.append(f"## {heading}")
        parts.append(body)
    return "\n\n".join(parts) + "\n"


if __name__ == "__main__":
    from .i18n import use_language

    use_language("C")  # RULES.md is the English source, whatever the environment says
    print(rules_markdown(), end="")
