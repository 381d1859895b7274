-- A game's own figures for records (Labscape's food, time and catches) travel with its
-- result as text only the game's module reads: the store keeps no game's shape. Labscape's
-- counts move from their own table into that text, as its module reads it.
ALTER TABLE results ADD COLUMN extra TEXT;
UPDATE results r SET extra = json_build_object(
    'food', t.food, 'time', t.time, 'caught_by_robot', t.caught_by_robot
)::text
FROM labscape_results t WHERE t.game_id = r.game_id AND t.seat = r.seat;
DROP TABLE labscape_results;
