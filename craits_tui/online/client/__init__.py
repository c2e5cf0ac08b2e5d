"""The session's side of play online: the app each SSH session runs.

`connection` is the line to the server and `table` the table seen from one seat,
which refuses at once what the rules would refuse there (neither needs Textual);
`words` says every refusal and goodbye in the player's language. `app` is the app
around the screens of `screens`; `messages` the Textual messages they pass it.
"""
