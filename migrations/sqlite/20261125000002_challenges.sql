-- A lobby can be a challenge to one person (only they may take the free seat) and its
-- creator can choose to play first or second, or let the seed decide.
ALTER TABLE games ADD COLUMN invited TEXT;        -- a platform user id or @username; NULL: open
ALTER TABLE games ADD COLUMN creator_side TEXT;   -- first, second or random; NULL: first
