-- 013_retention: a sent mail is kept whole only for retention.sent_mail_days, then its header
-- and its text part only (its HTML and pictures dropped); an answered mail's (redacted) text
-- only for retention.inbound_days, then its header only (issue 28: the database grew by the
-- pictures of every report, once per recipient, for ever). trimmed_at: when that was done.
-- The space is given back by incremental vacuum: store_open turns auto_vacuum to INCREMENTAL
-- (with one VACUUM on a database made before this, outside any transaction).
ALTER TABLE outbox ADD COLUMN trimmed_at INTEGER;
ALTER TABLE inbound ADD COLUMN trimmed_at INTEGER;
CREATE INDEX outbox_untrimmed ON outbox (sent_at) WHERE status = 'sent' AND trimmed_at IS NULL;
CREATE INDEX inbound_untrimmed ON inbound (processed_at)
    WHERE status IN ('answered', 'ignored') AND trimmed_at IS NULL;
