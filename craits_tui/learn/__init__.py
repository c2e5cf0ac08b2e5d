"""Learn to play: a guided tutorial of short stacked deals.

`format` says what a lesson is made of and where one stands, `lessons` holds the
lessons themselves (data), `coach` follows one as it is played, `progress`
remembers which are done, `table` seats the scripted opponent. None of them needs
Textual; the screens are in `craits_tui.screens.learn`.
"""
