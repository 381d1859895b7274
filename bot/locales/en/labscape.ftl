# Labscape — English.
#
# Every message here has a twin in ../pt-BR/labscape.ftl with the same variables; a test
# checks it. Ids are grouped by where they are used. Variables named `count`, `n`,
# `seats`, … that select a plural are numbers; everything else is text.

## Refusals (UserError): the user caused it, nothing changed.

error-no-game = There is no game in this chat. Start one with /new (for example: /new pyramid medium).
error-game-here = This chat already has a game ({ $game }). Finish or /abandon it before starting another.
error-not-seated = You are not playing in this game. /join it while it is in the lobby.
error-already-seated = You already have a seat in this game.
error-full = The game is full ({ $seats } seats).
error-not-creator = Only the game's creator can { $deed }.
error-not-creator-or-admin = Only the game's creator or a chat admin can { $deed }.
error-not-started = The game has not started yet. The creator starts it with /start.
error-already-started = The game has already started.
error-cannot-leave = The game is under way, so seats are fixed. The creator can /abandon it.
error-moved-on = The game moved on since that was sent. Look again at the latest turn.
error-already-handled = That was already done.
error-cant-read = I can't read that: { $problem }
error-illegal = You can't do that now: { $problem }.
error-unknown-topic = There is no rules topic “{ $topic }”. Topics: { $topics }.
error-unknown-table = There is no table “{ $table }”. Tables: search, special, start, dawn, items.
error-not-awaited = Only the player whose turn it is can snooze its reminders.
error-unknown-policy = There is no computer player “{ $policy }”. Try: { $policies }.
error-internal = Something went wrong on our side and nothing was changed. Please try again in a moment.

# What only the creator (or an admin) may do: completes error-not-creator.
deed-add-bots = add computer players
deed-start = start the game
deed-abandon = abandon the game
deed-change-settings = change the game's settings
deed-change-language = change the chat's language

# Commands that cannot be read.
parse-too-long = that is too long (at most { $max } characters)
parse-unknown-command = “/{ $command }” is not a command; /help lists them
parse-bad-count = “{ $value }” is not a count from 1 to 100; write it like /log 10
parse-bad-new-arg = I can't read “{ $value }”; write it like /new pyramid medium random 4

# Bad options for /new.
option-layout = { $problem }. Presets: { $presets }
option-difficulty = “{ $value }” is not a difficulty: easy, medium, hard or impossible
option-setup = “{ $value }” is not a setup mode: random or draft
option-players = a game seats 1 to 8 players, not { $value }
option-cannot-start = { $problem }

# Bad values for /settings, /me and /away.
setting-needs-value = “{ $key }” needs a value
setting-time-zone = “{ $value }” is not a time zone; use a name like Europe/Lisbon or America/Sao_Paulo
setting-quiet = “{ $value }” is not quiet hours; write them like 22:00-07:00, or off
setting-unknown-pref = “{ $key }” is not a preference; use tz, quiet or lang
setting-language = “{ $value }” is not a language I speak: en (English) or pt-BR (português)
setting-away-when = say until when: /away 3d, /away 2026-11-25 18:00 (your time zone), or /away off
setting-away-past = “{ $value }” is not a time in the future; write /away 3d or /away 2026-11-25 18:00
setting-duration = “{ $value }” is not a duration; write it like 12h, 30m or 2d
setting-limit = “{ $value }” is not a reminder limit from 1 to 50
setting-policy = “{ $value }” is not a deadline policy: advisory or auto-wait
setting-unknown = “{ $key }” is not a setting; use reminder, limit, deadline, policy or language

## Discord's own notes.

discord-outdated-command = I can't read that: an option this version of the bot does not know (the commands were just updated; try again)
discord-failed = Something went wrong on our side. Please try again in a moment.
