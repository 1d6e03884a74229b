-- Chat search finds the words of links, tags and decimals: the index reads punctuation as spaces (decision 0173).
DROP INDEX "messages_search_idx";--> statement-breakpoint
CREATE INDEX "messages_search_idx" ON "messages" USING gin (to_tsvector('simple', regexp_replace("content", '[[:punct:]]+', ' ', 'g'))) WITH (gin_pending_list_limit=64);