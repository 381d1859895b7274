# The turn image's labels, in English. Every message exists in pt-BR too (a test checks).
# Game notation (cells like B3, walls like B3:NE, dice, numbers) comes in as arguments.
# Labels must fit their boxes: keep them short.

## Names and places.

player-default = Player { $n }
floor-only = Floor 0 (only)
floor-ground = Floor 0 (ground)
floor-top = Floor { $n } (top)
floor-middle = Floor { $n }
# $floor: a floor's name as above, lower-cased.
building-floor = Building { $floor }
word-and = and
you = (you)

difficulty-easy = easy
difficulty-medium = medium
difficulty-hard = hard
difficulty-impossible = impossible
setup-random = random
setup-draft = draft

phase-setup = draft setup
phase-play = in play
phase-over = game over

status-acting = acting
status-exited = exited ↓
status-timed-out = timed out
status-escaped = escaped ✓
status-out = out ✗

## The special table (the same names as the rules).

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
special-unknown = special

## The last turn, one short phrase per event, joined with " · ".

last-turn = Last turn: { $what }
sum-first-player = { $who } goes first
sum-wall-placed = { $who } placed wall { $wall }
# $item: key, food or special.
sum-item-placed = { $who } placed { $item ->
        [key] key
        [food] food
       *[special] special
    } at { $cell }
sum-autofilled = { $who } filled floor { $floor }
sum-floor-built = floor { $floor } built
sum-floor-set-up = now on floor { $floor }
sum-moved = { $who } moved { $from }→{ $to } ({ $minutes } min)
sum-key-taken = { $who } took a key
# $delta: the signed result (+2, -1); $n: its absolute value.
sum-rolled-keys = { $who } rolled { $a }+{ $b }: { $delta } { $n ->
        [one] key
       *[other] keys
    }
sum-rolled-food = { $who } rolled { $a }+{ $b }: { $delta } food
sum-none-to-lose = (none to lose)
sum-rolled-special = { $who } rolled { $a }+{ $b }: { $name }
fx-keys = { $delta } { $n ->
        [one] key
       *[other] keys
    }
fx-food = { $delta } food
fx-time = { $delta } min
sum-rotated = { $who } turned wall { $from }→{ $to }
sum-waited = { $who } waited { $minutes } min
sum-exited = { $who } left floor { $floor }
sum-escaped = { $who } escaped!
sum-limit-set = limit set at { $limit }
sum-robot-moved = robot { $from }→{ $to }
sum-robot-held = robot held still
sum-robot-idle = robot found nobody
sum-caught = { $who } caught (+{ $minutes } min, −{ $keys } { $keys ->
        [one] key
       *[other] keys
    })
sum-timed-out = { $who } timed out
sum-caught-at-dawn = { $who } caught at dawn
sum-left-behind = { $who } left behind
sum-floor-ended = floor { $floor } done
sum-penalized = { $who } penalised +{ $minutes } min, −{ $food } food
sum-penalized-time = { $who } penalised +{ $minutes } min
sum-game-over = game over

## Header chips.

chip-places = { $who } places
chip-keys = { $keys } / { $needed } keys
chip-dawn = dawn { $dawn }
chip-to-play = { $who } to play

## The floor: legend and marks.

legend-key = key
legend-food = food
legend-special = special
legend-taken = taken
legend-exit = exit
legend-robot = robot
legend-wall = wall
# $tag: a player's token letters.
floor-caught = { $tag } caught

## The building column.

building = Building
state-left = left
state-built = built
state-to-build = to build
state-building = building
state-last = last
state-now = now
state-below = below

## The time board.

time = Time
time-lap = Time · lap { $lap }: minutes { $from }–{ $to }
time-note = minutes · the robot moves on every { $every ->
        [2] 2nd
        [3] 3rd
       *[other] { $every }th
    }
time-start = start
lap-badge = L{ $lap }
time-robot = robot moves
time-dawn = dawn { $dawn }
time-dawn-lap = dawn { $dawn } (lap { $lap })
time-limit = limit { $limit }
time-no-limit = limit: none yet
time-no-limit-over = limit: none
time-keys = keys { $keys } of { $needed } to leave
time-order = same square: bottom-left moves first

## The player table and the status card.

players = Players
col-name = name
col-cell = cell
col-time = time
col-food = food
col-status = status
col-walls = walls
col-items = items
card-keys = { $keys } of { $needed } keys
card-to-escape = needed to escape
card-to-leave = needed to leave floor { $floor }
fact-robot = Robot · moves next at { $next }
fact-robot-at = Robot at { $cell } · moves next at { $next }
fact-exit = Exit at { $cell }
# $names: "name (time)" for the next players, comma-separated.
fact-next = Next: { $names }
fact-dawn = Dawn at { $dawn }
fact-dawn-left = Dawn at { $dawn } · { $who } has { $left } min
fact-limit = Limit at { $limit }: time out there
fact-no-limit = No limit yet: set { $minutes } min after the first exit

## Draft setup.

setup-items = Items on { $items } of { $cells } cells
setup-walls = { $done } of { $modules } { $modules ->
        [one] module has
       *[other] modules have
    } { $min }+ walls
setup-next = Then floor { $floor } and up; after the top floor, starts, exit and robot are drawn.
setup-last = Last floor: then starts, exit and robot are drawn.

## The end of the game.

over-nobody = Dawn broke.
over-nobody-sub = Nobody escaped the lab.
over-everyone = Everyone escaped!
over-everyone-sub = { $n ->
        [one] Out before dawn.
       *[other] All { $n } got out before dawn.
    }
over-some = Game over
over-some-sub = { $escaped } of { $n } escaped before dawn.
over-escaped = escaped at { $time } min · { $food } food
over-caught = caught inside
over-top = top forager
over-top-line = Top forager: { $names } with { $food } food

## The lobby.

lobby-waiting = lobby · waiting for players
lobby-ready = { $taken } of { $max } seats taken · ready to start
lobby-needed = { $taken } of { $max } seats taken · { $min } needed to start
lobby-building = Building: { $layout } · { $floors } { $floors ->
        [one] floor
       *[other] floors
    } · { $modules } { $modules ->
        [one] module
       *[other] modules
    }
lobby-floor-ground = 0 · ground
lobby-floor-top = { $n } · top
lobby-settings = Settings
lobby-rules = difficulty { $difficulty } · setup { $setup }
lobby-dawn = dawn at minute { $dawn } with { $n } { $n ->
        [one] player
       *[other] players
    }
lobby-keys = keys: { $top } to leave the top floor … { $all } to escape ({ $per } per module on and above a floor)
lobby-open-seat = open seat

## replay-speed
## A shortened replay's note, under its first frame: the game was too long to show every
## turn within the upload limit.

replay-shortened = Shortened replay: { $shown } of { $total } turns shown, about one in { $step }
