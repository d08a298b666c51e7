-- GET /api/helpdesk/tickets/?limit=10
-- 1
with c as materialized ( select case when t.total >= $1 then null else (select count(*)::int from (select 1 from "helpdesk_ticket" limit $2) capped) end as counted, t.total from (select (select reltuples::bigint from pg_class where oid = to_regclass($3)) as total) t) select c.counted, c.total, p.* from c left join lateral (select page.*, row_number() over () as n from (select "helpdesk_ticket"."id" as id from "helpdesk_ticket" order by "helpdesk_ticket"."created_at" desc, "helpdesk_ticket"."id" asc limit $4 offset $5) page) p on true;
