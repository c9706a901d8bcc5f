-- Chat search (issue 16): the trigram operator class of the index below. PGlite loads it as a contrib
-- extension (db/connection.ts); on PostgreSQL creating it needs a role allowed to (pg_trgm is trusted).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "chat_messages_text_trgm_idx" ON "chat_messages" USING gin (("content"->>'text') gin_trgm_ops) WHERE "chat_messages"."content_type" = 'text';