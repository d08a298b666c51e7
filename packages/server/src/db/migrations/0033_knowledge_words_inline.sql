-- Suggestions and search rank every matching article by its words (ts_rank): about 1.5 KB of
-- vector per article, which PostgreSQL moved out of line (TOAST) as the row passed 2 KB, so ranking
-- 2,000 matches read some 6,000 TOAST pages through the TOAST index (bench/RESULTS.md, knowledge
-- round three). MAIN keeps the vector in the row; the body (jsonb) and body_text go out of line first.
ALTER TABLE "knowledge_article" ALTER COLUMN "words" SET STORAGE MAIN;--> statement-breakpoint
-- SET STORAGE applies to values written from now on: writing each article again recomputes its
-- vector (a stored generated column) and stores it in the row. The row version trigger leaves
-- `version` alone (nothing but words changes), so no held ETag goes stale.
UPDATE "knowledge_article" SET "body_text" = "body_text";
