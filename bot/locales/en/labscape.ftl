# Labscape — English.
#
# Every message here has a twin in ../pt-BR/labscape.ftl with the same variables; a test
# checks it. Ids are grouped by where they are used. Variables named `count`, `n`,
# `seats`, … that select a plural are numbers; everything else is text.

## Refusals (UserError): the user caused it, nothing changed.

error-no-game = There is no game in this chat. Start one with /new GAME (/help lists the games).
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
error-plain = { $problem }.
error-illegal = You can't do that now: { $problem }.
error-unknown-topic = There is no rules topic “{ $topic }”. Topics: { $topics }; /rules GAME gives another game's rules (/help lists the games).
error-unknown-table = There is no table “{ $table }”. Tables: { $tables }.
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
parse-unknown-command-near = “/{ $command }” is not a command; did you mean /{ $near }? /help lists them
parse-bad-count = “{ $value }” is not a count from 1 to 100; write it like /log 10
parse-bad-new-arg = “{ $value }” is not a word /new knows; write it like /new pyramid medium random 4
parse-bad-records-arg = “{ $value }” means nothing to /records; write /records for this chat's leaderboard of its game, /records GAME for another game's (like /records skarb), or /records me for your own record

# Bad options for /new.
option-layout = { $problem }. Presets: { $presets }
option-difficulty = “{ $value }” is not a difficulty: easy, medium, hard or impossible
option-setup = “{ $value }” is not a setup mode: random or draft
option-players = a game seats { $min } to { $max } players, not { $value }
option-players-exactly = this game seats exactly { $max } players, not { $value }
option-cannot-start = { $game } needs { $min } to { $max } players; { $count } { $count ->
        [one] has
       *[other] have
    } joined: /join, or /addbot for a computer player
option-cannot-start-exactly = { $game } needs { $max } players; { $count } { $count ->
        [one] has
       *[other] have
    } joined: /join, or /addbot for a computer player

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

## Actions that cannot be read.

parse-action-empty = no action given; try: move N, move C4, roll, rotate-wall B3:NE B2:SE, exit, wait 2
parse-action-too-long = that action is too long (at most { $max } characters)
parse-action-verb = “{ $verb }” is not an action; the actions are move, roll, rotate-wall, exit and wait (and wall, item, autofill while drafting)
parse-action-usage = in { $verb }, { $problem }; write it like { $usage }
usage-move = “move NNE”, “move N N E” or “move C4”
usage-rotate-wall = “rotate-wall B3:NE B2:SE”
usage-wait = “wait” or “wait 3”
usage-wall = “wall A1:SE”
usage-item = “item A1 key” (or food, special)
usage-help = the help shows
usage-takes-nothing = { $verb } takes nothing after it
usage-bad-minutes = “{ $value }” is not a number of minutes from 1 to { $max }
usage-wait-one-number = wait takes one number
usage-wall-and-target = give the wall and where it goes
usage-one-wall = give one wall
usage-bad-cell = “{ $value }” is not a cell name (a column letter A–X and a row number 1–24, like B3)
usage-bad-wall = “{ $value }” is not a wall name (a cell and a corner NE, NW, SE or SW, like B3:NE)
usage-item-kind = “{ $value }” is not key, food or special
usage-cell-and-item = give a cell and an item
usage-where-to = say where to
usage-not-steps = “{ $value }” is neither steps (N, E, S, W) nor one cell name
usage-too-many-steps = at most { $max } steps in one move

## Actions the rules refuse (completes error-illegal).

dir-north = north
dir-east = east
dir-south = south
dir-west = west
illegal-game-over = the game is over
illegal-in-setup = the building is still being set up: place a wall (wall A1:SE), an item (item A1 key) or autofill
illegal-not-in-setup = walls and items are placed only while drafting the building; the game is under way
illegal-no-such-seat = there is no seat { $seat } in this game
illegal-not-your-turn = it is { $active }'s turn, not { $player }'s
illegal-blocked-by-wall = step { $step } ({ $dir }) from { $from } runs into the wall { $wall }; nothing moved
illegal-off-floor = step { $step } ({ $dir }) from { $from } would leave the floor; nothing moved
illegal-no-such-cell = { $cell } is not a cell of this floor
illegal-already-there = you are already on { $cell }
illegal-unreachable = { $to } cannot be reached from { $from }: walls are in the way
illegal-search-on-robot = you cannot search on the robot's cell ({ $cell }); move away first
illegal-rotate-on-robot = you cannot rotate a wall on the robot's cell ({ $cell }); move away first
illegal-nothing-to-search = there is nothing left to search on { $cell }
illegal-not-on-exit = you are on { $at }; the exit is on { $exit }
illegal-not-enough-keys = the group holds { $have } keys and needs { $need } to leave this floor: { $missing } missing
illegal-no-such-wall = there is no wall { $wall } on this floor
illegal-not-a-rotation = { $from } cannot be turned into { $to } from { $at }{ $hint }
rotation-hint-no-vertex = : it has no vertex on a corner of { $at }
rotation-hint-no-wall-has = : it has no vertex on a corner of { $at } (no wall does)
rotation-hint-how = : it can turn 90°, 180° or 270° about a vertex on your cell's corner, or, if it closes two sides of your cell, move to another corner of it
rotation-hint-or-neighbour = { " " }or a cell next to it
illegal-wall-overlaps = { $to } would overlap the wall { $other }
illegal-wall-off-floor = { $wall } would stick out of the floor
illegal-cuts-robot-off = moving { $from } to { $to } would shut the robot off from every player, which the rules forbid
illegal-bad-wait = you can wait 1 to { $max } minutes, not { $value }
illegal-cell-taken = { $cell } already holds { $item }
illegal-placement-overlaps = the wall { $wall } would overlap the wall { $other }
illegal-not-on-building-floor = { $what } is not on floor { $floor }, the floor being built

## Layouts that cannot be read (completes option-layout).

layout-empty = the layout is empty: give a preset (single, duo, tower, pyramid, grand) or a notation like ###/##/#
layout-bad-char = the layout has “{ $char }”, which is not allowed: use # for a module, . for none, , between rows and / between floors
layout-empty-floor = floor { $floor } of the layout has no module
layout-too-long = the layout is { $count } characters long; at most { $max } are read
layout-too-many-floors = the layout has { $count } floors; at most { $max } are allowed
layout-too-many-modules = the layout has { $count } modules; at most { $max } are allowed
layout-too-wide = floor { $floor } of the layout is { $count } modules across; at most { $max } are allowed
layout-too-tall = floor { $floor } of the layout is { $count } modules down; at most { $max } are allowed
layout-unsupported = the module in row { $row }, column { $col } of floor { $floor } has no module under it on floor { $below }: every module must stand on one

## Names.

list-and = { $first } and { $last }
item-key = key
item-food = food
item-special = special
difficulty-easy = easy
difficulty-medium = medium
difficulty-hard = hard
difficulty-impossible = impossible
setup-random = random
setup-draft = draft
status-acting = acting
status-exited = exited (waiting)
status-timed-out = stuck (timed out)
status-escaped = escaped
status-out = out

## The special table (names and effects).

special-master-keycard = Master keycard
special-clock-tamper = Clock tamper
special-ration-pack = Ration pack
special-spare-key = Spare key
special-bargain = Bargain
special-alarm-test = Alarm test
special-heavy-crate = Heavy crate
special-sticky-floor = Sticky floor
special-mouldy-bread = Mouldy bread
special-dropped-key = Dropped key
special-tripwire = Tripwire
special-effect-master-keycard = group +3 keys
special-effect-clock-tamper = your time −2 (not below 0)
special-effect-ration-pack = +2 food
special-effect-spare-key = group +1 key
special-effect-bargain = if you have food: −1 food, group +1 key
special-effect-alarm-test = the robot makes one move now (its trigger does not move)
special-effect-heavy-crate = group +1 key, your time +2
special-effect-sticky-floor = your time +1
special-effect-mouldy-bread = −1 food
special-effect-dropped-key = group −1 key
special-effect-tripwire = your time +3

## The turn story: one sentence per event.

event-first-player = Dice for the first player: { $rolls }. { $who } starts.
event-first-player-alone = { $who } plays alone and starts.
event-first-player-tie = ; tie, again:{ " " }
event-wall-placed = { $who } placed the wall { $wall } on floor { $floor }.
event-item-placed = { $who } placed a { $item } token on { $cell } (floor { $floor }).
event-autofilled = { $who } filled the rest of floor { $floor } at random: { $walls } walls, { $items } items.
event-floor-built = Floor { $floor } is complete.
event-start-cell = { $who } on { $cell }
event-floor-set-up = Floor { $floor } is set: { $starts }. The exit is on { $exit }, the robot on { $robot }.
event-moved-via = { $who } moved to { $to } via { $via } ({ $minutes } min).
event-moved = { $who } moved to { $to } ({ $minutes } min).
event-key-taken = { $who } took the key on { $cell }: +1 group key.
event-search-keys = { $who } searched the key room { $cell } (attempt row { $row }): { $roll } → { $result } { $count ->
        [one] key
       *[other] keys
    } for the group.
event-search-food = { $who } searched the food room { $cell } (attempt row { $row }): { $roll } → { $result } food.
event-special = { $who } opened the special room { $cell }: { $roll }, { $what } ({ $effects }).
effect-keys = group { $delta } { $count ->
        [one] key
       *[other] keys
    }
effect-food = { $delta } food
effect-time = { $delta } min
effect-robot-moves = the robot moves now
effect-none = no effect
event-wall-rotated = { $who } turned the wall { $from } to { $to }.
event-waited = { $who } waited { $minutes } min.
event-exited = { $who } left floor { $floor } through the exit.
event-escaped = { $who } escaped from the building!
event-limit-set = The floor's limit marker is at { $limit }: whoever is still here at { $limit } is stuck.
robot-why-trigger = Minute { $mark }: the robot
robot-why-alarm = Alarm test: the robot
event-robot-idle = { $why } finds nobody to chase and stays on { $from }.
event-robot-stays = { $why } stays on { $from }.
event-robot-moves = { $why } moves { $path }.
event-caught = The robot caught { $who } on { $at }: +{ $minutes } min, the group loses { $keys } keys; carried off to { $to }.
event-timed-out = { $who } reached the limit marker (time { $time }) and is stuck on this floor.
event-caught-at-dawn = Dawn! { $who } is caught at minute { $time } and out of the game.
event-left-behind = { $who } did not get out of the building in time.
event-floor-ended = Floor { $floor } is over.
event-penalized = { $who } pays for being stuck: +{ $minutes } min and loses { $food } food.
event-game-over-nobody = Game over: nobody escaped. The scientists arrive at dawn.
event-game-over = Game over! { $count ->
        [one] One escaped
       *[other] { $count } escaped
    }: { $escaped }.
event-game-over-top = { " " }Most food carried out: { $top }.

## Headings, whose turn, status.

heading = **{ $game }** · turn { $turn }
next-to-place = Next to place: { $who } (floor { $floor } being built; walls per module: { $walls }).
next-to-play = Next: { $who } (time { $time }, on { $cell }). Keys { $keys }/{ $needed } · dawn { $dawn }
next-floor-limit = { " " }· floor limit { $limit }
status-game = { $layout } · { $difficulty } · { $top ->
        [0] one floor
       *[other] floor { $floor } of { $top }
    } · keys { $keys }/{ $needed } · dawn { $dawn }
status-limit = { " " }· limit { $limit }
status-board = Exit { $exit } · robot { $robot } · the robot moves next at { $next }
status-player = { $who } — time { $time }, food { $food }, { $status }
status-player-cell = , on { $cell }

## Times (a reminder's, a deadline's, away time), in the player's time zone.

time-at = { $weekday ->
        [1] Mon
        [2] Tue
        [3] Wed
        [4] Thu
        [5] Fri
        [6] Sat
       *[7] Sun
    } { $day } { $month ->
        [1] Jan
        [2] Feb
        [3] Mar
        [4] Apr
        [5] May
        [6] Jun
        [7] Jul
        [8] Aug
        [9] Sep
        [10] Oct
        [11] Nov
       *[12] Dec
    } { $time } ({ $zone })

## The lobby and the game's life.

lobby-open = { $game } is open: { $layout } ({ $modules ->
        [one] { $modules } module
       *[other] { $modules } modules
    }, { $floors ->
        [one] { $floors } floor
       *[other] { $floors } floors
    }), { $difficulty }, { $setup } setup, up to { $max } players. { $who } has the first seat. Others: /join. Computer players: /addbot. { $who } starts the game with /start.
lobby-joined = { $who } joined { $game }. Seats: { $seats }.
lobby-bot-joined = { $who } takes a seat. Seats: { $seats }.
lobby-left = { $who } left { $game }. Seats: { $seats }.
lobby-left-closed = { $who } left. No players remain, so { $game } is closed.
lobby-status = { $game } is in the lobby: { $layout }, { $difficulty }, { $setup } setup. Seats ({ $taken }/{ $max }): { $seats }. The creator starts it with /start.
game-abandoned = { $game } was abandoned.
game-abandoned-seed = Its seed was { $seed } (SHA-256 { $hash }), so anyone can check every roll.
game-begins = { $game } begins! Seed commitment (SHA-256): { $hash }. The seed is revealed at the end so anyone can check every roll.
game-over-seed = The seed was { $seed } (SHA-256 { $hash }): replay the record to check every roll.
note-away = away until { $until }
status-waiting-since = Waiting since { $since }
status-deadline = { " " }· deadline { $at }
log-heading = { $game } — the last { $count ->
        [one] action
       *[other] { $count } actions
    }:
log-automatic = { " " }(automatic)
log-empty = No actions yet.
recap-since = { $game } — since your last turn:
recap-all = { $game } — everything so far:
recap-nothing = Nothing yet: yours was the last turn.

## Buttons.

button-roll = Roll
button-exit = Exit
button-wait = Wait { $minutes }
button-snooze = Snooze { $hours } h

## Preferences, away time, settings.

me-prefs = Your preferences: time zone { $zone }, quiet hours { $quiet }, language { $language }
me-quiet-none = none
me-language-auto = { " " }(from your app)
me-away = , away until { $until }
me-hint = . Change them like: /me tz Europe/Lisbon quiet 22:00-07:00 lang pt-BR (or quiet off, lang auto).
away-back = { $who } is back.
away-until = { $who } is away until { $until }. Reminders for them pause and their deadlines wait until then.
settings-timing = { $game } settings: reminders every { $every }, at most { $limit } per turn; deadline { $deadline }.
settings-deadline-off = off
settings-deadline = { $after } ({ $policy })
policy-advisory = advisory
policy-auto-wait = auto-wait
settings-language = Language here: { $language }.
settings-language-unset = Language here: { $language } (no chat default chosen).
settings-hint = The creator changes them like: /settings reminder 12h limit 5 deadline 48h policy auto-wait; the creator or an admin (anyone, between games) sets the chat's language with /settings language pt-BR (or en).
snoozed = Snoozed: the next reminder comes { $at }.

## Reminders and deadlines.

deadline-auto-wait = ⏰ { $who }'s turn waited { $waited }, past the deadline: the bot plays “wait 1” for them (automatic).
deadline-passed = ⏰ The deadline for { $who }'s turn has passed: it has waited { $waited }.
game-stalled = { $game } has stalled: it has been waiting for { $who } since { $since }, and { $count } reminders went unanswered. Anyone can nudge them; the creator can set a deadline with /settings deadline 48h policy auto-wait.
reminder = ⏰ { $who }, it's your turn (waiting since { $since }). Reminder { $sent } of { $limit }.

## Help, rules and tables.

help = **Labscape commands**
    Lobby: /new [layout] [difficulty] [random|draft] [players] · /join · /leave · /addbot [policy] · /start · /abandon
    Your turn: /move NNE or /move C4 · /roll · /rotate-wall B3:NE B2:SE (alone: the rotations you may make) · /exit · /wait [minutes]
    Which wall is which: /walls (the floor with every wall's name)
    Drafting the building: /wall A1:SE · /item A1 key|food|special · /autofill
    Anytime: /status · /log [count] · /recap · /replay · /rules [topic] · /table [search|special|start|dawn|items] · /help
    Over days: /me tz Europe/Lisbon quiet 22:00-07:00 lang pt-BR · /away 3d · /snooze · /settings
    Fair dice and records: /export (the game's record file, to check every roll) · /luck (everyone's dice against fair dice) · /records [me] (this chat's leaderboard, or your own)
    Layouts: single, duo, tower, pyramid, grand, or a notation like ###/##/# (floors bottom to top).
rules-overview = **Labscape** — lab animals escape a laboratory before dawn. Play starts on the top floor and goes down; leaving the ground floor through its exit is escaping. Everyone who escapes wins; whoever is inside at dawn loses, possibly all of you. To leave a floor the group must hold { $keys } keys for every module on that floor and above, so collect keys together. The escaped player carrying the most food sets a record. Topics: { $topics }.
rules-turn = **Whose turn** — the time track decides: the player with the lowest time plays next; on a tie, whoever reached that square first. A turn is one action, then the next player is worked out again (it may be you again).
rules-move = **Move** — /move with steps (N, E, S, W, e.g. /move NNE) or a target cell (/move C4: the shortest path, preferring N, then E, S, W). { $minutes } minute per step. Walls and the floor's edge block; a blocked step refuses the whole move. You may pass or stop on the robot's cell. Arriving on a key token takes it for the group (free), unless the robot stands there.
rules-roll = **Roll (search the room)** — { $minutes } minute, not on the robot's cell. In a key room the 2d6 search table adds keys to the group; in a food room it adds food to you. Each further roll in the same cell uses a harder row (leaving the cell resets it). Results can be negative; counters never go below 0. A special room is rolled once on the special table, then it is spent. /table search and /table special show the tables.
rules-walls = **Walls** — every wall is an L of two edges, named by a cell and corner (B3:NE = B3's north and east edges), inside one module, never sharing an edge with another. /rotate-wall FROM TO ({ $minutes } minute, not on the robot's cell): turn a wall 90°, 180° or 270° about a vertex on a corner of your cell, or move a wall that closes two sides of your cell to another corner of it. While you cannot reach the exit, you may do the same from a neighbouring cell. A wall may never shut the robot off from every player.
rules-exit = **Exit** — stand on the exit and /exit ({ $minutes } minute). The group must hold { $keys } keys × the modules on this floor and every floor above. The first exit places a limit marker { $limit } minutes later: whoever has not left when their time reaches it is stuck and, on the next floor, pays +{ $penalty } minutes and all their food. On the ground floor, exiting is escaping — and being stuck there is losing.
rules-robot = **The robot** — whenever the leading time crosses a multiple of { $every }, the robot moves up to { $steps } steps (never through walls) toward the reachable cell with the fewest players (then the nearest, then the most food, then the lowest seat). It catches everyone in the first occupied cell it enters: +{ $minutes } minutes each, the group loses { $keys } keys each, and each is carried to a random cell. If every acting player stands in one cell and there are at least { $immune }, they are immune: the robot stops next to them.
rules-dawn = **Dawn** — T = ⌈X × 7 × modules ÷ players⌉ minutes, X = 6 (easy), 5 (medium), 4.5 (hard), 4 (impossible). No action may start at or after T; whoever reaches T without escaping is caught. An exit that completes exactly at T still counts. /table dawn shows this game's numbers.
rules-setup = **Setup** — everyone rolls 2d6; the highest starts (ties roll again). The building is filled floor by floor from the ground: either at random (4–6 walls per module; 4 keys, 3 food, 2 special per module) or drafted, one wall or item per player in turn, until every cell holds an item and every module has at least 4 walls (/autofill completes a floor). Then start cells, the exit and the robot are drawn on the top floor; the robot always has a path to someone.
table-search-title = **Search table** (2d6 across, attempt down; 6+ uses the last row)
table-search-attempt = att
table-special-title = **Special table** (2d6, once per special room)
table-items = **Items per module** (random setup and autofill): { $keys } keys, { $food } food, { $special } special. Every cell holds one item. A key token is taken free on arrival; key and food rooms can be searched again and again; a special room once. To leave a floor: { $per_module } keys × modules on it and above.
table-start = **Drawing a cell with d6s** (start cells, exit, robot, a caught player's new cell)
    Column ({ $columns } columns): { $column_recipe }
    Row ({ $rows } rows): { $row_recipe }
    A cell outside the floor's modules (or not allowed, like the robot's own cell) is drawn again.
table-dawn-title = **Dawn** for { $layout } ({ $modules } modules, { $keys } keys)
table-dawn-players = players
recipe-up-to-3 = roll one die; 4, 5, 6 count as 1, 2, 3.
recipe-up-to-6 = roll one die.
recipe-up-to-12 = roll two dice; if the first is even add 6 to the second, otherwise take the second as it is; above { $max }, roll both again.
recipe-up-to-18 = roll two dice; the first gives 0 (1 or 4), 6 (2 or 5) or 12 (3 or 6), add the second; above { $max }, roll both again.
recipe-up-to-24 = roll two dice; the first gives 0 (1), 6 (2), 12 (3) or 18 (4) — on 5 or 6 roll again — add the second; above { $max }, roll both again.

## Chat adapters: mentions, keyboards, Telegram's own notes.

mention-your-turn = { $who }, it's your turn.
mention-your-turn-telegram = ▶ { $who }: your turn.
mention-your-answer = { $who }, your answer, please.
mention-your-answer-telegram = ▶ { $who }: your answer, please.
keyboard-back = « Back
keyboard-more = More »
tg-intro = **Labscape** — lab animals escape a laboratory before dawn, one chat message at a time.
    Add me to a group (or a forum topic) and play there together: /newgame single opens a game, friends /join, and its creator sends /startgame. Then take turns with the buttons under each picture, or with /move, /roll, /rotate_wall, /exit and /wait. You can also play alone right here.
    /rules explains the game, /help lists every command. /me lang pt-BR switches me to Portuguese.
tg-anonymous = I can't tell who you are: this came from { $chat } itself. Anonymous admins and channels can't take part in a game: turn off "Remain anonymous" in your admin rights, or send the command as yourself.
no-rotation = You have no wall to rotate now: it must be your turn, with a wall at a corner of your cell (or of a neighbouring cell while the exit is out of reach).
rotations = { $who }: your legal wall rotations ({ $count }), from → to:
tg-keyboard-old = That keyboard is too old to use. Send /status for the current turn.
tg-keyboard-not-yours = That keyboard belongs to the player whose turn it is.
local-intro = Labscape local play — you are { $who }. Type chat lines like `/new pyramid`, `/join`, `/start`, `/move N`,
    or speak as someone else with `bo: /join`. `/as bo` switches the default speaker, `/help` lists
    the commands, `/myview` shows the speaker alone their own view of a game with secrets (their
    hand: the 🔒 button), `/quit` leaves (games are saved; run again to continue).

## Telegram's command menu (setMyCommands).

tg-cmd-newgame = Open a game here: /newgame GAME [options] (Labscape when no game is named)
tg-cmd-play = Play your action in any game: /play e4, /play b2-b3
tg-cmd-join = Take a seat in the open game
tg-cmd-leave = Give up your seat before the game starts
tg-cmd-startgame = Start the game (its creator)
tg-cmd-abandon = Stop the game (its creator or a chat admin)
tg-cmd-status = Show the game and whose turn it is
cmd-move = Move: /move NNE or /move C4
cmd-roll = Search the room you are in
cmd-rotate-wall = Turn a wall: /rotate-wall B3:NE B2:SE, or no arguments for a keyboard
cmd-walls = Every wall of the floor by its name: /walls
cmd-exit = Leave the floor through the exit
cmd-wait = Wait: /wait [minutes]
cmd-wall = Draft setup: place a wall, /wall A1:SE
cmd-item = Draft setup: place a token, /item A1 key
cmd-autofill = Draft setup: fill the rest at random
tg-cmd-addbot = Add a computer player to the lobby: /addbot [policy]
tg-cmd-rules = Rules summary: /rules [topic]
tg-cmd-table = A dice table: /table [search|special|start|dawn|items]
tg-cmd-log = The last actions: /log [count]
tg-cmd-recap = What happened since your last turn
tg-cmd-settings = Reminders, deadline and the chat's language: /settings language pt-BR
tg-cmd-me = Your time zone, quiet hours and language: /me lang pt-BR
tg-cmd-away = Pause your reminders: /away 3d, or /away off
tg-cmd-snooze = Put off the reminders of your turn by 4 hours
tg-cmd-replay = The game so far (or the last ended one) as an animation
tg-cmd-export = The game's record file, to check every move (and roll, in a game with dice)
tg-cmd-luck = Everyone's dice against fair dice
tg-cmd-draw = Offer a draw, or accept the one offered (/draw no declines)
tg-cmd-resign = Give up the game: the other player wins
tg-cmd-myview = Your own view of the game (your hand, your map), sent to you alone
tg-cmd-records = This chat's leaderboard; /records me for your own record
tg-cmd-help = All commands

## Discord's slash commands and their options.

dc-cmd-labscape = Labscape games in this channel
dc-cmd-new = Open a new game in this channel (or in a new thread)
dc-opt-new-layout = A preset (single, duo, tower, pyramid, grand) or a notation like ###/##/#
dc-opt-new-difficulty = How soon dawn comes
dc-opt-new-setup = Fill the building at random, or draft it together
dc-opt-new-players = The most seats
dc-opt-new-opponent = Challenge one person: only they can take the free seat
dc-opt-new-side = In a two-player game, play first, second, or let the seed decide
dc-opt-new-thread = Start the game in a new thread named after it
dc-cmd-join = Take a seat in the game here
dc-cmd-leave = Give up your seat while the game is in the lobby
dc-cmd-start = Start the game (its creator)
dc-cmd-abandon = Stop the game (its creator or a channel admin)
dc-cmd-status = Show the game here
dc-cmd-addbot = Add a computer player to the lobby (its creator)
dc-opt-addbot-policy = How the computer plays
dc-cmd-move = Move: steps like NNE, or a target cell like C4
dc-opt-move-path = Steps like NNE, or a cell like C4
dc-cmd-roll = Search the room you are in
dc-cmd-rotate-wall = Turn or move a wall at your cell, e.g. from B3:NE to B2:SE; alone, the walls you may turn
dc-opt-rotate-wall-from = The wall to rotate, e.g. B3:NE
dc-opt-rotate-wall-to = Where it ends up, e.g. B2:SE
dc-cmd-exit = Leave the floor through its exit
dc-cmd-wait = Wait some minutes (1 if not given)
dc-opt-wait-minutes = Minutes to wait
dc-cmd-rules = The rules, by topic
dc-opt-rules-topic = The topic (overview if not given)
dc-cmd-table = A dice or setup table
dc-opt-table-name = Which table (search if not given)
dc-cmd-log = The last actions of the game here
dc-opt-log-count = How many actions (10 if not given)
dc-cmd-help = The commands
dc-cmd-place = Draft setup: place a wall or an item, or fill the floor
dc-cmd-place-wall = Place a wall, e.g. A1:SE
dc-opt-place-wall-wall = The wall, e.g. A1:SE
dc-cmd-place-item = Place an item on an empty cell
dc-opt-place-item-cell = The cell, e.g. A1
dc-opt-place-item-item = What to place
dc-cmd-place-autofill = Complete the floor being built
dc-cmd-settings = Show or change the game's reminders and deadline, or the channel's language
dc-opt-settings-reminder = Time between reminders, like 12h or 30m
dc-opt-settings-limit = At most this many reminders per turn
dc-opt-settings-deadline = Time allowed per turn, like 48h, or off
dc-opt-settings-policy = What a missed deadline does
dc-opt-settings-language = The language of this channel's games
dc-cmd-me = Show or change your time zone, quiet hours and language
dc-opt-me-timezone = Your time zone, like Europe/Lisbon
dc-opt-me-quiet = No reminders between, like 22:00-07:00, or off
dc-opt-me-language = The language the bot answers you in
dc-cmd-away = Say you are away: reminders pause and your deadlines wait
dc-opt-away-until = Until when: 3d, 12h, 2026-11-25 18:00 (your time zone), or off
dc-cmd-recap = What happened since your last turn
dc-cmd-replay = The game so far (or the last ended one) as an animation
dc-cmd-export = The record file of the game here (or the last ended one), to check every move and roll
dc-cmd-luck = Everyone's dice against fair dice, in the game here (or the last ended one)
dc-cmd-draw = Offer a draw, or accept the one offered; or decline it
dc-cmd-resign = Give up the game here: the other player wins
dc-cmd-myview = Your own view of the game here (your hand, your map), shown to you alone
dc-opt-draw-answer = yes: offer or accept a draw; no: decline it, or take your offer back
dc-cmd-records = Records of finished games: this channel's leaderboard, or your own
dc-opt-records-me = Show your own record over every channel instead
dc-opt-records-game = This channel's leaderboard of another game than its own

## /replay: the game as an animated GIF.

replay-so-far = Replay of { $game } so far: { $turns ->
        [0] only the start
        [one] the start and one turn
       *[other] the start and { $turns } turns
    }.
replay-finished = Replay of { $game }, the whole game: the start and { $turns ->
        [one] one turn
       *[other] { $turns } turns
    }.
replay-abandoned = Replay of { $game }, up to where it was abandoned: { $turns ->
        [0] only the start
        [one] the start and one turn
       *[other] the start and { $turns } turns
    }.
error-nothing-to-replay = There is nothing to replay in this chat: /replay shows the game under way here or, when there is none, the last one that ended.
error-no-replays = This bot does not draw replays.

## /export, /luck, /records: fair dice and records.

export-finished = The record of { $game }: the whole game ({ $turns ->
        [one] one turn
       *[other] { $turns } turns
    }) with its seed. Anyone can check every roll with `labscape verify { $file }`.
export-running = The record of { $game } so far ({ $turns ->
        [one] one turn
       *[other] { $turns } turns
    }), without the seed: it foretells every roll, so it stays secret until the game ends. Its commitment is { $hash }.
export-abandoned = The record of { $game }, abandoned after { $turns ->
        [0] its start
        [one] one turn
       *[other] { $turns } turns
    }, with its seed, told when it was abandoned. Anyone can check every roll with `labscape verify { $file }`.
error-nothing-to-export = There is nothing to export in this chat: /export gives the record of the game under way here or, when there is none, of the last one that ended.
luck-heading = **Luck of the dice** in { $game }, after { $turns ->
        [one] one turn
       *[other] { $turns } turns
    }. A percentile says where a total falls among fair dice: 50 is typical, 90 is higher than nine fair runs in ten.
luck-dice = { $who } rolled 2d6 { $rolls ->
        [one] once, for { $actual }
       *[other] { $rolls } times, totalling { $actual }
    }; fair dice average { $expected }: percentile { $percentile }.
luck-search = { $who }'s { $searches ->
        [one] search
       *[other] { $searches } searches
    } found { $actual }, against { $expected } on average for the rows rolled: percentile { $percentile }.
luck-no-rolls = { $who } has not rolled yet.
luck-table = All dice at the table: { $rolls ->
        [one] one roll
       *[other] { $rolls } rolls
    } totalling { $actual }, against { $expected } on average: percentile { $percentile }.
luck-ordinary = Nothing unusual: every total is between the 5th and the 95th percentile, where fair dice land nine times in ten.
luck-unusual = Outside the 5th to 95th percentile: { $which }. Fair dice do that one time in ten for each total, so with a few players it happens often.
luck-odd-dice = { $who }'s dice ({ $percentile })
luck-odd-search = { $who }'s searches ({ $percentile })
luck-check = Every roll can be checked: /export gives the game's record, and once the game is over `labscape verify` replays it from the revealed seed.
error-no-dice-in-game = { $game } has no dice: every move in it is the players' own, so there is no luck to weigh.
error-no-dice-yet = There are no dice to look at in this chat: /luck weighs the game under way here or, when there is none, the last one that ended.
error-play-in-private = In this game you play in private, so what you sent here was not played (and is not repeated): send it in your private chat with me (Telegram), or with /play, which only you see (Discord).
error-secret-until-end = { $game } keeps secrets until it ends, and its record holds them: /replay and /export are here once the game is over.
error-nothing-private = There is nothing for you alone in this game now: no private move, and nothing only you may see.
private-your-move = 🔒 { $who }: your move
any-played-hidden = { $who } played.
tg-open-private = { $who }, this game has things for you alone, and I cannot write to you yet: open { $link } and press Start, and from then on they come to you there.
tg-open-private-answer = { $who }, my answer is for you alone, and I cannot write to you yet: open { $link }, press Start, and I can answer you there.
records-heading = **Records in this chat** (games played to the end; computer players are not ranked):
records-line = { $rank }. { $who }: { $games ->
        [one] one game
       *[other] { $games } games
    }, escaped { $escaped }, caught at dawn { $dawn }, left behind { $left }, { $robot ->
        [0] never caught by the robot
        [one] caught by the robot once
       *[other] caught by the robot { $robot } times
    }; { $escaped ->
        [0] no food carried out yet
       *[other] most food carried out: { $food }
    }.
records-hint = /records me shows your own record over every chat.
records-unranked = { $game } is not rated and keeps no leaderboard: its finished games are kept with every seat's result, but ranked nowhere.
records-none-of-game = No game of { $game } has finished in this chat yet. Records count games played to the end; abandoned games don't count.
records-empty = No game has finished in this chat yet. Records count games played to the end; abandoned games don't count.
records-me = **Your record** over every chat: { $games ->
        [one] one game
       *[other] { $games } games
    }, escaped { $escaped }, caught at dawn { $dawn }, left behind { $left }, { $robot ->
        [0] never caught by the robot
        [one] caught by the robot once
       *[other] caught by the robot { $robot } times
    }. { $escaped ->
        [0] You have not carried any food out yet.
       *[other] Most food carried out: { $food } (your personal record).
    }
ratings-heading = **{ $game }** ratings in this chat (Glicko-2; computer players are played against, never listed):
ratings-line = { $rank }. { $who }: { $rating } ± { $deviation } ({ $games ->
        [one] one game
       *[other] { $games } games
    }: { $wins } won, { $losses } lost{ $draws ->
        [0] {""}
       *[other] , { $draws } drawn
    })
ratings-me-heading = **Your ratings** on this platform:
ratings-me-line = { $game }: { $rating } ± { $deviation } ({ $games ->
        [one] one game
       *[other] { $games } games
    }: { $wins } won, { $losses } lost{ $draws ->
        [0] {""}
       *[other] , { $draws } drawn
    })
records-me-unrated = **{ $game }** (not rated): { $games ->
        [one] 1 game played to the end
       *[other] { $games } games played to the end
    }, { $wins } won.
records-me-empty = You have no finished games here yet. Records count games played to the end; abandoned games don't count.

## Any game (what every game gets before it has words of its own)
any-played = { $who } played { $action }.
any-game-won = Game over: { $who } wins ({ $reason }).
any-game-over = Game over: { $winners } ({ $reason }).
any-lobby-open = { $who } opened { $game } ({ $options }). Seats: { $max }. Join with /join; the creator starts with /start.
error-not-invited = This game is a challenge: only the person it is addressed to can take the free seat.
any-challenge = { $who } challenges { $opponent } to { $game } ({ $options }). { $opponent }: take the seat with /join; the creator starts with /start.
any-side-first = { $who } plays first.
any-side-second = { $who } plays second.
any-side-random = The seed decides who plays first.
any-lobby-status = { $game } is in the lobby ({ $options }). Seats ({ $taken }/{ $max }): { $seats }. The creator starts it with /start.
any-game-begins = { $game } begins: { $players }. Seed commitment (SHA-256): { $hash }; the seed is revealed at the end, so anyone can check it.
any-pick = Choose the move of { $from }:
any-next = Next: { $who }.
any-status = { $game }, turn { $turn }. Players: { $players }.
error-game-option = { $problem }
error-refused = That is refused: { $problem }
error-other-games-verb = { $game } has no such command: it is one of { $owner }'s. Play with /play (or the buttons); /help lists this game's commands.
error-no-tables = { $game } has no tables. The games with tables: { $games }; /table GAME shows them (/table { $example }).
any-help-draw = A draw: /draw offers one, or accepts the one offered · /draw no declines it
any-help-resign = Giving up: /resign ends the game, and the other player wins
any-help = **{ $game } commands**
    Your turn: /play ACTION (or the buttons under the board){ $several ->
        [yes] { " " }· a whole turn of several actions in one message
       *[no] {""}
    }
    Any time: /status · /log [count] · /recap · /replay · /export · /rules · /records [me]
    The lobby: /join · /leave · /addbot [random|easy|strong] · /start · /abandon
    Over days: /me tz Europe/Lisbon quiet 22:00-07:00 lang pt-BR · /away 3d · /snooze · /settings
outbox-again = (This turn was not shown when it was played; here it is.)
dc-cmd-snooze = Put off the reminders of your turn by 4 hours
dc-cmd-play = Play an action of this chat's game, in its notation (b2-c3, c1, move NNE…)
dc-opt-play-action = The action, e.g. b2-c3, c1 or move NNE
dc-opt-new-game = The game (Labscape if not given)
dc-opt-new-options = Options of a game other than Labscape, like stones=10

## Board images of the two-player games
board-to-move = { $who } to move
board-won = { $who } wins: { $reason }
board-first = first
board-second = second
board-cats = Cats
board-dogs = Dogs
board-white = White
board-black = Black
board-home = home { $square }
board-seat = Player { $n }
board-semaforo-supply = Supply: green { $green } · yellow { $yellow } · red { $red }
board-gatos-counts = Cats { $cats } · dogs { $dogs } · open squares: cats { $cat_squares }, dogs { $dog_squares }
board-rastros-counts = Black pieces { $black } · moves open { $moves }
board-avanco-counts = White { $white } · black { $black }

## Rules of the other games (/rules in a chat playing them, or /rules GAME)
semaforo-rules = **Semáforo** (traffic lights, Alan Parr) — 2 players, a 4×3 board (a1–d3), one shared supply of 8 green, 8 yellow and 8 red pieces.
    On your turn name one square (/play c1): an empty square gets a green; a green becomes yellow; a yellow becomes red. Red never changes; you cannot pass.
    The first to make a line of three of one colour — along a rank, a file or a diagonal — wins. No draws: a game lasts at most 36 actions.
    With perfect play the second player wins; the strong computer player plays perfectly.
gatos-caes-rules = **Gatos & Cães** (Cats & Dogs, Simon Norton's Snort) — 2 players on 8×8: the Cats move first, then the Dogs.
    On your turn place one of your pieces on an empty square (/play e4) that is not next (left, right, above, below) to a piece of the other kind. Diagonals don't matter.
    The first cat goes in the centre (d4, d5, e4 or e5); the first dog goes outside it.
    Whoever makes the last placement wins: when your placement leaves the other side nowhere to go, you win.
rastros-rules = **Rastros** (Bill Taylor) — 2 players share one white piece on a 7×7 board, starting on e5. Your home: a1 for the first player, g7 for the second.
    On your turn move the white piece one square in any of the 8 directions onto an empty square (/play d4); the square it leaves gets a black piece for good.
    The white piece reaching your home wins for you, whoever moved it there. Leaving the opponent without a move wins too.
avanco-rules = **Avanço** (Breakthrough, Dan Troyka) — 2 players on 7×7: White on ranks 1–2 moves up, Black on ranks 6–7 moves down; White starts.
    Move one piece one square forward, straight or diagonally, onto an empty square (/play b2-b3); or capture an enemy piece one square diagonally forward (/play b2xc3). Never straight ahead onto a piece, never back or sideways.
    Reach the opponent's first rank, or take their last piece, and you win. In chat, b2c3 or B2-C3 is read as the one legal action it means.
board-flume-counts = White { $white } · black { $black } · 25 win
flume-rules = **Flume** (Mark Steere) — 2 players on 7×7; the first player has White, the second Black.
    On your turn place a stone of your colour on an empty square (/play d4). If the square you filled has at most one empty neighbour (left, right, above, below), you place again — a turn can be a chain, typed at once (/play b1 d4 once a1 and c1 are taken: b1 then has one empty neighbour).
    The second player may answer the very first stone with /play swap: the colours change hands and that stone becomes theirs.
    The first colour with 25 stones — more than half the board — wins.
error-refused-part = Part { $n } (“{ $part }”) is refused: { $problem }. Nothing was played.
error-refused-rest = Part { $n } (“{ $part }”) is refused: { $problem }. What came before it was played; it and what follows were not.
board-produto-final = Final score: Black { $black } · White { $white }
board-produto-score = Black { $black } · White { $white } · stones left this turn: { $left }
produto-rules = **Produto** (Bentley, Neto, Taylor) — 2 players on a hexagon of 61 cells (rows a–i); Black starts. A shared supply of 45 black and 45 white stones.
    Black's first turn is one stone; every later turn is two stones of either colour, anywhere empty: /play e5b f6w (b black, w white).
    When the board is full each colour scores the product of its two largest groups (fewer than two groups: 0). Black's score is the first player's, White's the second's; the higher wins. Equal scores: fewer stones of your colour wins.
    Keep your own two big groups apart; merge your opponent's.

local-not-utf8 = the line is not UTF-8 text
local-name-too-long = A name has at most { $max } characters; choose a shorter one (nothing was done).
local-line-too-long = the line is too long (64 KiB at most)

## The board games' refusals (bot/src/games/refusals.rs).
refusal-game-over = the game is over
refusal-not-your-turn = it is not your turn
refusal-occupied = { $square } is occupied
semaforo-refusal-unreadable = “{ $text }” is not a square of the board: name one from a1 to d3
semaforo-refusal-red = { $square } holds a red piece, and a red piece never changes
semaforo-refusal-empty-supply = no { $piece } piece is left in the supply for { $square }
gatos-caes-refusal-unreadable = “{ $text }” is not a square of the board: name one from a1 to h8
gatos-caes-refusal-next-to = { $square } is next to the { $kind } on { $at }
gatos-caes-refusal-first-cat = the first cat goes on d4, d5, e4 or e5
gatos-caes-refusal-first-dog = the first dog goes outside d4, d5, e4, e5
rastros-refusal-unreadable = “{ $text }” is not a square of the board: name one from a1 to g7
rastros-refusal-not-adjacent = { $to } is not next to the white piece on { $white }
rastros-refusal-stay = the white piece is already on { $square }: move it to a square next to it
rastros-refusal-black = { $square } holds a black piece
avanco-refusal-unreadable = “{ $text }” is not an action: write it like b2-b3, or b2xc3 for a capture
avanco-refusal-no-piece = there is no { $colour } piece on { $square }
avanco-refusal-not-forward = pieces move forward only, one square: { $from } cannot go to { $to }
avanco-refusal-straight-capture = pieces capture diagonally only, never straight ahead onto { $square }
avanco-refusal-nothing-to-capture = there is no enemy piece on { $square } to capture
avanco-refusal-not-one-action = “{ $text }” does not name one legal action here
produto-refusal-unreadable = “{ $text }” is not a stone: write a cell and b or w, like e5b
produto-refusal-empty-supply = no { $colour } stones are left in the supply
flume-refusal-unreadable = “{ $text }” is not an action: name a square from a1 to g7, or swap
flume-refusal-no-swap = swap is only the second player's first action, right after the first stone
semaforo-reason-line = a line of three { $colour ->
        [green] greens
        [yellow] yellows
       *[other] reds
    }
semaforo-reason-stuck = the opponent has no legal action
gatos-caes-reason-placed-last = the { $side ->
        [cat] cats
       *[other] dogs
    } placed last
rastros-reason-home = the white piece reached { $square }
rastros-reason-blocked = the opponent has no move
avanco-reason-goal = { $colour ->
        [white] White
       *[other] Black
    } reached rank { $rank }
avanco-reason-took-all = { $colour ->
        [white] White took every black piece
       *[other] Black took every white piece
    }
produto-reason-product = { $colour ->
        [black] Black
       *[other] White
    } scores { $score } against { $other }
produto-reason-fewer-stones = equal scores ({ $score }); fewer stones of their colour ({ $fewer } against { $more })
flume-reason-stones = { $colour ->
        [white] White
       *[other] Black
    } has { $stones } stones
semaforo-event-upgraded = { $square } turns { $piece ->
        [yellow] yellow
       *[other] red
    }.
avanco-event-captured = The piece on { $square } is captured.
flume-event-again = The stone has at most one empty neighbour: the same player places again.
flume-event-swapped = The players swap colours: the second player now has White and the first stone.

## Nim, the test game: its words live only here and in games/nim.rs.
nim-refusal-unreadable = “{ $text }” is not a number of stones: take 1, 2 or 3
nim-refusal-too-many = only { $left } stones are left
nim-reason-last-stone = took the last stone
nim-rules = **Nim** (the test game) — take 1, 2 or 3 stones from the pile; whoever takes the last stone wins.
nim-left = stones left: { $left }
options-standard = standard
help-any = **Games here**
    { $games }
    Open one: /new GAME (/new alone opens Labscape), then /join or /addbot, and /start. Play any game's action with /play ACTION (/play e4, /play b2-b3); Labscape also has /move, /roll, /rotate-wall, /exit and /wait.
    Rules: /rules GAME (a summary; the full rules are in the bot's docs/rules/GAME.md). /help in a chat playing a game lists that game's commands.
help-game-line = · { $name }: /new { $id } · /rules { $id }
error-unknown-game = There is no game “{ $word }” here. The games: { $games } (/new alone opens Labscape; /help lists them).
error-unknown-game-near = There is no game “{ $word }”; did you mean { $near }? The games: { $games }.
game-abandoned-seed-plain = Its seed was { $seed } (SHA-256 { $hash }), so anyone can check how the game was set up.
game-over-seed-plain = The seed was { $seed } (SHA-256 { $hash }): replay the record to check every move.
export-finished-plain = The record of { $game }: the whole game ({ $turns ->
        [one] one turn
       *[other] { $turns } turns
    }) with its seed. Anyone can check every move with `labscape verify { $file }`.
export-running-plain = The record of { $game } so far ({ $turns ->
        [one] one turn
       *[other] { $turns } turns
    }), without the seed, which stays secret until the game ends. Its commitment is { $hash }.
export-abandoned-plain = The record of { $game }, abandoned after { $turns ->
        [0] its start
        [one] one turn
       *[other] { $turns } turns
    }, with its seed, told when it was abandoned. Anyone can check every move with `labscape verify { $file }`.
rules-full = Full rules: docs/rules/{ $id }.md in the bot's repository.
error-game-ended = { $game } has ended: { $how } /status, /log and /recap still show it; /new GAME starts another (/help lists the games).
error-game-ended-plain = it is over.
error-empty-action = Write the action after /play, like /play ACTION: the buttons under the last turn show what you can play, and /help how actions are written.
status-ended = { $game } has ended; /new GAME starts another.
error-turn-ended-after = Your turn ends with “{ $after }”, so “{ $part }” cannot follow it in the same message. Nothing was played: send “{ $after }” alone.
error-turn-ended-rest = Your turn ended with “{ $after }”, so “{ $part }” and what follows were not played.

## skarb
skarb-rules = **Skarb Labiryntu** (Treasure of the Labyrinth; Jakub Kowalski, 2013, a programming game of the Meridius system, University of Wrocław) — 2 players on an n×n maze (size=5 to 25, default 8). The first player is the architect, the second the seeker.
    The treasure lies on the top-left square, the seeker starts bottom-right. A round is one action of each: the architect plants a hedge on a square (/play c3) or passes; the seeker steps up, right, down or left (/play n, e, s, w, or north, east, south, west, or the square he steps to) or passes.
    A hedge never grows on the seeker's square or next to it, on the treasure's corner, or where it would leave the seeker no way to the treasure.
    100 points are shared [architect, seeker]: arriving within 2n−2 rounds gives the seeker all of them, then his share falls each round to nothing at the limit (n² rounds with the map, 3n² without). More points wins; 50–50 goes to the seeker.
    Without the map (/new skarb map=no) the seeker sees only the 5×5 square around him and remembers what he saw; the group sees what he sees, and the architect plays in private (the bot's private chat on Telegram, answers only he sees on Discord). A pass and a hedge planted out of the seeker's sight look the same to him: “The architect has played.”
skarb-roles = { $architect } is the architect, who plants the hedges; { $seeker } is the seeker, who walks to the treasure.
skarb-architect = architect
skarb-seeker = seeker
skarb-hidden = The architect has played.
skarb-points = Points: architect { $architect } · seeker { $seeker }
board-skarb-counts = Round { $round } of { $limit } · arriving now: architect { $architect } · seeker { $seeker }
board-skarb-final = Round { $round } of { $limit } · points: architect { $architect } · seeker { $seeker }
skarb-reason-arrived = the seeker reached the treasure in round { $round }
skarb-reason-limit = the seeker did not reach the treasure within { $limit } rounds
skarb-refusal-unreadable = “{ $text }” is not an action: write a square from a1 to { $last }, a direction (n, e, s, w) or pass
skarb-refusal-architect-walks = the architect plants a hedge on a square or passes; only the seeker walks
skarb-refusal-already-hedge = { $square } is a hedge already
skarb-refusal-seeker-square = the seeker stands on { $square }
skarb-refusal-treasure-square = the treasure lies on { $square }
skarb-refusal-next-to-seeker = { $square } is next to the seeker on { $seeker }
skarb-refusal-treasure-corner = { $square } is next to the treasure
skarb-refusal-closes-path = a hedge on { $square } would leave the seeker no way to the treasure
skarb-refusal-not-next = { $square } is not next to the seeker on { $seeker }: he steps up, right, down or left
skarb-refusal-into-hedge = { $square } is a hedge
skarb-refusal-into-ring = the ring of hedge lies that way ({ $dir })

## soccolot
soccolot-rules = **Soccolot** (David W. Wilson, 2000) — 2 players on 8×8. Black, the first player, has six men on b1–g1; White six on b8–g8. The ball starts on e5 and belongs to nobody.
    On your turn move one of your men: **run** one square in any direction onto an empty square (/play c2-d3); or, with a man next to the ball, **dribble** — man and ball each move one square the same way (/play c2-d3*); or **kick** — the ball flies straight on along the line from your man through the ball, over empty squares, and stops where you say (/play b3>e6); the kicker stays.
    The ball on the opponent's back rank wins: Black scores on rank 8, White on rank 1 — an own goal counts for the opponent. A player left without a legal action loses. There are no draws.
    In chat, c2 d3 is read as the one action it can mean.
board-soccolot-counts = Black scores on rank 8 · White on rank 1 · ball on { $ball }
soccolot-event-ball = The ball goes from { $from } to { $to }.
soccolot-reason-goal = { $colour ->
        [black] Black
       *[other] White
    } scored on { $square }
soccolot-reason-own-goal = { $colour ->
        [black] Black
       *[other] White
    } scored an own goal on { $square }
soccolot-reason-blocked = { $colour ->
        [black] Black
       *[other] White
    } has no legal action
soccolot-refusal-unreadable = “{ $text }” is not an action: write a run like c2-d3, a dribble like c2-d3* or a kick like b3>e6
soccolot-refusal-no-man = there is no man on { $square }
soccolot-refusal-ball-is-no-man = { $square } holds the ball, not a man: the ball moves only when a man next to it dribbles or kicks it
soccolot-refusal-not-your-man = the man on { $square } is { $colour ->
        [black] black
       *[other] white
    }, not yours
soccolot-refusal-not-one-step = a man moves one square: { $to } is not next to { $from }
soccolot-refusal-run-onto-ball = { $to } holds the ball: a man does not run onto it; to dribble it write { $from }-{ $to }*
soccolot-refusal-occupied = { $square } is taken by a { $colour ->
        [black] black
       *[other] white
    } man
soccolot-refusal-not-next-to-ball = the man on { $man } is not next to the ball on { $ball }: only a man next to it can dribble or kick
soccolot-refusal-ball-off-board = the ball on { $square } would leave the board
soccolot-refusal-ball-blocked = the ball cannot go to { $square }: a { $colour ->
        [black] black
       *[other] white
    } man stands there
soccolot-refusal-kick-in-place = the ball already stands on { $square }: a kick moves it at least one square
soccolot-refusal-off-line = { $stop } is not on the line from { $from } through the ball on { $ball }: the ball flies straight ahead, away from the kicker
soccolot-refusal-passes-through = the ball would pass through the man on { $square }
soccolot-refusal-stop-on-man = the ball cannot stop on { $square }: a man stands there
soccolot-refusal-not-one-action = “{ $text }” does not name one legal action here
soccolot-refusal-run-or-dribble = { $from } to { $to } can be a run ({ $from }-{ $to }) or a dribble ({ $from }-{ $to }*): write which

## SAGES
sages-rules = **SAGES** (Max Gerchambeau, 1980) — football for 2 on a 15×15 board: a pitch ringed by out-of-play squares, a goal of five squares at each end (f1–j1 White's, f15–j15 Black's). Seven men each and one ball; White starts at the bottom.
    On your turn move one man in a straight line, any of the 8 directions, over empty squares (/play d3-d7) — but never along your two backward diagonals. Men may stand out of play and cross either goal; they never stop on the opponent's goal, and only one of yours may stand on your own.
    A man moving onto the ball (backward diagonals allowed) kicks it on in its direction: at every man it meets the ball turns a right angle, left or right. Name where it stops (/play h5-h8>k10, or just h5 k10): any square of its way but out of play.
    A ball stopped in a goal is a point for the side attacking it (own goals count); the pitch is reset and the turn passes as after any move: after a goal the side that conceded kicks off, after an own goal the side that scored. First to 5 goals wins; a player without a legal action loses.
board-sages-score = White { $white } – { $black } Black · first to 5 goals
sages-or = or
sages-refusal-unreadable = “{ $text }” is not an action: write a move like d3-d7, or a kick like h5-h8>k10
sages-refusal-no-man = there is no man on { $square }
sages-refusal-not-your-man = the man on { $square } is { $colour ->
        [white] white
       *[other] black
    }, not yours
sages-refusal-ball-is-not-a-man = { $square } holds the ball: move one of your men onto it to kick it
sages-refusal-not-a-line = { $to } is not on a straight line from { $from }
sages-refusal-passes-over = the way from { $from } to { $to } passes over { $what ->
        [white] the white man
        [black] the black man
       *[other] the ball
    } on { $square }
sages-refusal-occupied = { $square } is taken by the { $colour ->
        [white] white
       *[other] black
    } man
sages-refusal-onto-the-ball = a man moving onto the ball on { $ball } kicks it: name where it stops, like { $from }-{ $ball }>…
sages-refusal-backward-diagonal = men never move diagonally backwards ({ $from } to { $to }), except onto the ball
sages-refusal-opponents-goal = a man may cross the opponent's goal but never stop on it ({ $square })
sages-refusal-second-on-goal = you already have a man on your goal (on { $keeper }): { $square } is refused
sages-refusal-not-the-ball = the ball is on { $ball }, not on { $square }
sages-refusal-no-stop = kicked from { $from }, the ball on { $ball } would have nowhere to stop
sages-refusal-stop-out-of-play = the ball never stops out of play, and { $stop } is out of play
sages-refusal-stop-on-man = the ball cannot stop on { $stop }: a man stands there
sages-refusal-stop-on-start = the ball must move: it cannot stop on { $stop }, where it is kicked from
sages-refusal-stop-unreachable = kicked from { $from }, the ball cannot reach { $stop }
sages-refusal-not-one-action = “{ $text }” does not name a legal action here
sages-refusal-ambiguous = “{ $text }” could be { $choices }
sages-reason-five-goals = { $colour ->
        [white] White
       *[other] Black
    } scored five goals, { $white }–{ $black }
sages-reason-no-action = { $loser ->
        [white] White
       *[other] Black
    } has no legal action
sages-event-ball = The ball runs { $way }.
sages-event-ball-bounces = The ball runs { $way }, bouncing { $bounces ->
        [one] once
       *[other] { $bounces } times
    }.
sages-event-goal = Goal for { $colour ->
        [white] White
       *[other] Black
    }! White { $white } – { $black } Black.
sages-event-reset = The men and the ball go back to the start, and the turn passes as after any move.
## hidra
hidra-rules = **Labirinto da Hidra** — 2 to 4 adventurers (digger, weaver, rogue, warden) in the Hydra's lair, a 5×5 maze of tiles with walls (cells a1–e5) that slides whenever the Hydra screams. Be the first to hold 3 artifacts and then step onto the Escape Portal.
    A turn has 4 action points: move n (1), move e dodge or move e blade onto the Hydra (2), ghost s with the map (2), dig w (the digger, 4), explore b4 (1, a secret look at a face-down token next to you), steal 2 (2), use gem, use bell, use ring 3, use mask 2 (1), weave 90 (the weaver, 2), provoke (4; the warden 3), end.
    Stepping onto a chamber springs a hazard or gives you its artifact (after collecting you may not move, ghost or dig again this turn); either way you then scream: scream 3 e 90 slides row 3 one cell east, the tile pushed out coming back on the west turned 90°. A fight with the Hydra is 2d6 + 2 against 10.
    Nobody wins when fewer than 3 artifacts are left or after the last round (30 by default).
    In chat: /new hidra players=3 (options: players=2–4, heroes=rogue,warden,…, defence=fixed or scaled, hydra-every=1–10, rounds=5–200), /join, /addbot strong (or easy, random), /start. Several actions in one message: /play move n, move e, explore b4. Every action is told to the group; what lies face down, each hand and the bank are secret: what you explore, take or lose comes to you alone (Telegram: your private chat with the bot; Discord: the 🔒 button), with your hand and its buttons, and so does the refusal of an action you could not make (“you do not hold the ring”). /table hidra: adventurers, artifacts, hazards, dice. Unrated.
hidra-heroes = Heroes: { $heroes }.
hidra-hero-of = { $who } (seat { $seat }) is the { $hero }
hidra-hero-digger = digger, who digs through a wall (dig D)
hidra-hero-weaver = weaver, who turns their own tile (weave 90)
hidra-hero-rogue = rogue, who wins theft ties
hidra-hero-warden = warden, whom the hazards' effects do not touch
hidra-reason-portal = an adventurer holding 3 artifacts or more escaped through the Portal
hidra-reason-too-few-artifacts = fewer than 3 artifacts are left in the game: nobody can escape
hidra-reason-round-limit = the last round is over and nobody escaped
hidra-tile-hydra = HYDRA
hidra-tile-entry = ENTRY
hidra-tile-portal = PORTAL
board-hidra-counts = Round { $round } of { $rounds } · AP { $ap } · bank { $bank } · artifacts left { $left }
board-hidra-pinned = {" "}· { $line } pinned
hidra-refusal-unreadable = “{ $text }” is not an action: write move n, explore b4, steal 1, use gem, weave 90, provoke, end, scream 3 e 90 or drop gem
hidra-misread-incomplete = “{ $verb }” needs more, as in { $example }
hidra-misread-line = “{ $word }” is not a row or a column: the rows are 1 to 5, the columns a to e
hidra-misread-end = { $line } slides towards “{ $first }” or “{ $second }”, not “{ $word }”
hidra-misread-rotation = “{ $word }” is not a rotation: the tile comes back turned by 0, 90, 180 or 270
hidra-misread-seat = there is no seat { $word } in this game: its seats are 0 to { $last }
hidra-misread-cell = “{ $word }” is not a cell: the cells are a1 to e5
hidra-misread-dir = “{ $word }” is not a direction: write n, e, s or w (or north, east, south, west)
hidra-refusal-view = this is a view of the game: only the whole position can be played
hidra-refusal-no-ap = you have { $have } action points left; { $doing } costs { $need }
hidra-refusal-drop-owed = you lost the fight: first choose the artifact you drop (drop NAME)
hidra-refusal-scream-owed = your Scream is owed first: scream LINE END [ROTATION]
hidra-refusal-no-scream-owed = no Scream is owed now
hidra-refusal-no-drop-owed = no drop is owed now
hidra-refusal-after-win = after a won fight you may only step off the Hydra's tile (move) or end
hidra-refusal-unsafe-step = { $cell } holds a face-up hazard: the step off the Hydra's tile must be safe
hidra-refusal-off-board = { $cell } has no neighbour that way ({ $dir })
hidra-refusal-wall = a wall stands between { $from } and { $to }
hidra-refusal-passage-open = the passage from { $from } to { $to } is open: just move
hidra-refusal-collected = you collected this turn: no more moves until your next turn
hidra-refusal-portal-needs-three = the Portal opens only to an adventurer holding 3 artifacts; you hold { $held }
hidra-refusal-no-fight = you lost a fight on your last turn: you may not enter the Hydra's tile this turn
hidra-refusal-not-the-hydra = { $cell } is not the Hydra's tile: dodge and blade are for entering it
hidra-refusal-not-holding = you do not hold the { $artifact }
hidra-refusal-not-your-hero = only the { $hero } can do that
hidra-refusal-once-per-turn = you can do that once per turn
hidra-refusal-not-next-to = { $cell } is not next to your cell
hidra-refusal-no-token = no face-down token lies on { $cell }
hidra-refusal-already-seen = you already know the token on { $cell }
hidra-refusal-yourself = you cannot do that to yourself
hidra-refusal-out-of-reach = seat { $seat } is out of your reach
hidra-refusal-empty-handed = seat { $seat } holds no artifact
hidra-refusal-same-tile = seat { $seat } stands on your tile
hidra-refusal-no-change = turning your tile by { $rot } would not change its walls
hidra-refusal-same-turn = turning your tile by { $rot } lays it as turning it by { $same } does: weave { $same }
hidra-refusal-pinned = line { $line } is pinned by the Gravity Ring
hidra-hands = hands: { $hands }
private-my-view = 🔒 My view and hand
hidra-row = row { $line }
hidra-column = column { $line }
hidra-the-hydra = The Hydra
hidra-won = won
hidra-lost = lost
hidra-some-artifacts = { $count ->
        [one] an artifact
       *[other] { $count } artifacts
    }
hidra-next = Next: { $who } ({ $ap ->
        [one] 1 action point
       *[other] { $ap } action points
    }).
hidra-next-scream = { $who } owes a Scream: scream LINE END [ROTATION], e.g. scream 3 e 90.
hidra-next-drop = { $who } lost the fight and drops an artifact of their choice (drop NAME).
hidra-ev-turn = { $who }'s turn: round { $round }, { $ap ->
        [one] 1 action point
       *[other] { $ap } action points
    }.
hidra-dir-n = north
hidra-dir-e = east
hidra-dir-s = south
hidra-dir-w = west
hidra-hazard-mud = Mud Pit
hidra-hazard-bats = Bat Nest
hidra-hazard-draft = Toxic Draft
hidra-hazard-pillars = Collapsing Pillars
hidra-hazard-stalactites = Singing Stalactites
hidra-scream-order = (Scream { $n } of { $count })
hidra-ev-pickup = { $who } picks up { $what } on { $cell } at the start of the turn, for 1 action point.
hidra-ev-refilled = An artifact from the bank lies face down on { $cell }.
hidra-ev-refilled-known = The { $artifact } from the bank lies face down on { $cell }.
hidra-ev-moved = { $who } goes to { $cell }.
hidra-ev-pushed = The Hydra pushes { $who } to { $cell }.
hidra-ev-blown = The draft blows { $who } back to the Entry on { $cell }.
hidra-ev-collected = { $who } takes { $what } on { $cell }.
hidra-ev-explored = { $who } looks at the token on { $cell }.
hidra-ev-explored-known = { $who } looks at the token on { $cell }: { $token }.
hidra-ev-hazard = { $who } springs the { $hazard } on { $cell }.
hidra-ev-hazard-immune = { $who } springs the { $hazard } on { $cell }; the Warden of Light is untouched.
hidra-ev-snatched = The bats snatch an artifact from { $who }.
hidra-ev-snatched-known = The bats snatch the { $artifact } from { $who }.
hidra-ev-dodged = { $who } rolls { $roll } and slips past the Hydra: their turn ends there, every action point spent.
hidra-ev-dodge-failed = { $who } rolls { $roll }: the Hydra sees them and the fight follows.
hidra-ev-combat = { $who } fights the Hydra: { $a } + { $b } + 2 = { $total } against { $defence }: { $result }.
hidra-ev-combat-blade = { $who } fights the Hydra with the Threshold Blade: { $result }.
hidra-ev-dropped = { $who } drops the { $artifact } on { $cell }.
hidra-ev-theft-won = { $who } tries to rob { $victim }: { $thief } against { $other }: it works.
hidra-ev-theft-lost = { $who } tries to rob { $victim }: { $thief } against { $other }: it fails.
hidra-ev-stolen = { $who } takes an artifact from { $victim }.
hidra-ev-stolen-known = { $who } takes the { $artifact } from { $victim }.
hidra-ev-used = { $who } uses the { $artifact }.
hidra-ev-vision = { $who } sees every face-down token.
hidra-ev-vision-known = { $who } sees every face-down token: { $seen }.
hidra-ev-pinned = { $who } pins { $line } until their next turn.
hidra-ev-swapped = { $who } and { $other } swap places.
hidra-ev-woven = { $who } turns the tile on { $cell } by { $rot }°.
hidra-ev-provoked = { $who } provokes the Hydra.
hidra-ev-scream = { $who } screams: { $line } slides { $dir }; the tile from { $removed } comes back on { $inserted }, turned { $rot }°.
hidra-ev-scream-straight = { $who } screams: { $line } slides { $dir }; the tile from { $removed } comes back on { $inserted }.
hidra-ev-calmed = The Hydra is calm: no Scream this time.
hidra-luck-heading = Luck in { $game }: every die the table saw (dodges, fights, thefts) against fair dice (3.5 a die on average).
hidra-luck-line = { $who }: { $rolls } dice, { $average } a die: luckier than { $percentile }% of fair rolls.
hidra-luck-none = { $who }: no dice rolled yet.
hidra-luck-table = The whole table
hidra-table-adventurers = **Adventurers** (every one fights with 2d6 + 2)
    digger — dig D: 4 AP, once a turn, a step through walls.
    weaver — weave 90/180/270: 2 AP, once a turn, turns his own tile.
    rogue — wins theft ties; steals from a neighbour joined by an open passage too.
    warden — the hazards' effects do not touch her (she still loses her AP and screams); dodges on 4–6; provoke costs her 3 AP.
hidra-table-artifacts = **Artifacts** (use: spent when used, 1 AP; keep: works while held)
    gem (use) — use gem: you see every face-down token.
    blade (use) — move D blade: enter the Hydra's tile and win the fight without dice (+1 AP).
    echo (keep) — once a turn a failed dodge, fight or theft is rolled again.
    chalice (keep) — your turns start with 5 AP.
    crown (keep) — walls never block your step onto the Portal.
    bell (use) — use bell: the next Scream does not happen.
    lamp (keep) — a thief's roll against you counts 1 less.
    ring (use) — use ring L: row or column L cannot slide until your next turn.
    map (keep) — ghost D, 2 AP: a step through walls.
    mask (use) — use mask N: you and seat N swap places.
hidra-table-hazards = **Hazards** (springing one: its effect, your AP gone, then your Scream)
    mud — Mud Pit: 2 AP fewer next turn.
    bats — Bat Nest: an artifact of yours, drawn at random, goes to the bottom of the bank.
    draft — Toxic Draft: blown back onto the Entry.
    pillars — Collapsing Pillars: you lose your next turn.
    stalactites — Singing Stalactites: after your Scream the Hydra screams on its own.
hidra-table-dice = **Dice** (all d6)
    Fight: 2d6 + 2 must beat the defence, 10 (defence=scaled: 10 + the artifacts you hold): 9 or more on the dice, 10 in 36 chances (28%).
    Dodge (move D dodge): 5–6 slips past (the warden 4–6); otherwise the fight follows.
    Theft (steal N, 2 AP): your d6 against the victim's; higher wins (the rogue wins ties; the lamp takes 1 off yours). A failed theft costs your AP and 1 AP next turn.
    Won fight: the Hydra calms (the next Scream does not happen). Lost: pushed off, you drop an artifact (or lose 1 AP next turn), then you scream.

## s41-words
error-turn-ended-why = Your turn ends with “{ $after }” ({ $why }), so “{ $part }” cannot follow it in the same message. Nothing was played: send “{ $after }” alone.
error-turn-ended-rest-why = Your turn ended with “{ $after }” ({ $why }), so “{ $part }” and what follows were not played.
turn-ended-game-over = the game ends with it
produto-turn-ended-first = Black's first turn is one stone
produto-turn-ended-second = a turn is two stones, and { $stone } is the second
flume-turn-ended = { $square } has { $empty } empty neighbours, so no extra stone: the turn passes
flume-turn-ended-swap = the swap is the whole turn
event-search-keys-floored = { $who } searched the key room { $cell } (attempt row { $row }): { $roll } → { $result } { $count ->
        [one] key
       *[other] keys
    }; the group's keys never go below 0, so it loses { $lost ->
        [0] none
       *[other] { $lost }
    }.
event-search-food-floored = { $who } searched the food room { $cell } (attempt row { $row }): { $roll } → { $result } food; food never goes below 0, so they lose { $lost ->
        [0] nothing
       *[other] { $lost }
    }.
local-private = (to { $who } only) { $text }
local-secret = (to { $who }, private) { $text }
local-my-view = { $label } (type /myview)

## walls
walls-list = **{ $count } walls on floor { $floor }**, each named by the cell inside its corner and that corner (A2:NW: the north and west sides of A2): { $walls }
    To turn one: /rotate-wall FROM TO, or /rotate-wall alone for the rotations you may make now.
dc-cmd-walls = The floor in play with every wall's name, for /rotate-wall

## A draw by agreement (/draw)
parse-bad-draw-arg = “{ $value }” means nothing to /draw; write /draw to offer a draw or accept the one offered, or /draw no to decline it
draw-not-this-game = { $game } cannot end in a draw by agreement: it is played to its end.
draw-already-offered = You have offered a draw already; { $who } has not answered yet. (/draw no takes it back.)
draw-none-offered = No draw is offered in this game. /draw offers one.
draw-computer = { $who } is a computer player: it plays every game to its end and never agrees a draw.
draw-offered = 🤝 { $who } offers { $other } a draw. { $other }: /draw (or the button) accepts it, /draw no declines it; playing on declines it too.
draw-button-accept = 🤝 Accept the draw
draw-button-decline = Play on
draw-withdrawn = { $who } takes back the offer of a draw. The game goes on.
draw-declined = { $who } declines the draw. The game goes on.
draw-agreed = 🤝 { $who } accepts { $other }'s offer: { $game } ends in a draw.
draw-ended-line = Drawn by agreement.
resign-ended-line = { $who } resigned.
abandoned-ended-line = The game was abandoned.
resign-done = 🏳️ { $who } resigns: { $other } wins { $game }.
resign-not-this-game = { $game } cannot be resigned: it is played to its end.
draw-told-in-group = Done: the group is told.
