-- A game's own figures for records (Labscape's food, time and catches) travel with its
-- result as text only the game's module reads: the store keeps no game's shape. Labscape's
-- counts move from their own table into that text, as its module writes it.
ALTER TABLE results ADD COLUMN extra TEXT;
UPDATE results SET extra = (
    SELECT json_object('food', t.food, 'time', t.time, 'caught_by_robot', t.caught_by_robot)
    FROM labscape_results t WHERE t.game_id = results.game_id AND t.seat = results.seat
);
DROP TABLE labscape_results;
