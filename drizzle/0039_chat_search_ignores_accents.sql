-- Chat search ignores accents and the apostrophe's shape, as the directory's does (decisions 0180 and
-- 0181): "cafe" finds "Café". The messages' words are folded by portal_fold (migration 0038) before
-- punctuation becomes a space (decision 0173). A reindex of the messages once, at the upgrade.
DROP INDEX "messages_search_idx";--> statement-breakpoint
CREATE INDEX "messages_search_idx" ON "messages" USING gin (to_tsvector('simple', regexp_replace(portal_fold("content"), '[[:punct:]]+', ' ', 'g'))) WITH (gin_pending_list_limit=64);