-- 010_held_mail: a mail held back by the password throttle (issue 27) is kept, unread, until
-- held_until, and then read like any other. Its status stays 'received' (a crash at any
-- instant leaves it stored, to be read); held_until is set, with its sender and why, in the
-- transaction that looked at it, and nothing is answered until it is read.
ALTER TABLE inbound ADD COLUMN held_until INTEGER;
CREATE INDEX inbound_held ON inbound (held_until) WHERE status = 'received' AND
    held_until IS NOT NULL;
