-- 007_report_mail: the turn report as text and HTML (issue 14). Each game's mails thread under
-- its first mail (thread_id: that mail's Message-ID, set when it is queued); each player chooses
-- whether reports carry their pictures (pictures: 1 inline, 0 none); a report held for the GM's
-- release is held composed (message_id and raw: the whole mail, pictures included).

ALTER TABLE games ADD COLUMN thread_id TEXT;
ALTER TABLE players ADD COLUMN pictures INTEGER NOT NULL DEFAULT 1;
ALTER TABLE held_mail ADD COLUMN message_id TEXT;
ALTER TABLE held_mail ADD COLUMN raw BLOB;
