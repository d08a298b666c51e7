-- Tickets that existed before numbers were introduced took theirs in storage order; renumber them
-- in creation order (first ticket #1001), through negatives so the unique index never sees a
-- duplicate, then continue the sequence after the highest number.
UPDATE "helpdesk_ticket" SET "number" = -"number";--> statement-breakpoint
UPDATE "helpdesk_ticket" AS t SET "number" = o.n
  FROM (SELECT "id", 1000 + row_number() OVER (ORDER BY "created_at", "id") AS n FROM "helpdesk_ticket") AS o
 WHERE t."id" = o."id";--> statement-breakpoint
ALTER SEQUENCE "helpdesk_ticket_number_seq" OWNED BY "helpdesk_ticket"."number";--> statement-breakpoint
SELECT setval('helpdesk_ticket_number_seq', GREATEST(1001, (SELECT COALESCE(max("number"), 0) + 1 FROM "helpdesk_ticket")), false);
