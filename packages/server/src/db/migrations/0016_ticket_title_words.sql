-- Search everything (issue 15 item 7) finds the tickets whose title contains a query of several
-- words through the words of the title (exact words, the last one as a prefix) instead of the
-- trigram index: at 5M tickets the trigram posting lists of common words are read in full for every
-- such query (73 ms for `privat hospitl`), while a word's posting list is read only where it meets
-- the rarest word. On a large existing table create it first with CREATE INDEX CONCURRENTLY under
-- this name; this statement then does nothing.
CREATE INDEX IF NOT EXISTS "helpdesk_ticket_title_words_idx" ON "helpdesk_ticket" USING gin (to_tsvector('simple', "title"));
