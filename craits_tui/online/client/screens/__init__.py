"""The screens of an online session: the lobby, a new table's form, the waiting
room, the table, and their dialogs. None knows the app: each posts the messages
of `craits_tui.online.client.messages`, and the app decides where to go."""
