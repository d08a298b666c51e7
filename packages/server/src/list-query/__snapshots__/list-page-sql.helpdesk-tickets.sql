-- GET /api/helpdesk/tickets/?limit=10
-- 1
select "auth_user"."id", "auth_user"."email", "auth_user"."first_name", "auth_user"."last_name", "auth_user"."is_superuser", "auth_user"."is_active", "auth_user"."user_type", "auth_token"."expiry" from "auth_token" inner join "auth_user" on "auth_user"."id" = "auth_token"."user_id" where ("auth_token"."digest" = $1 and "auth_token"."expiry" > now()) limit $2;
-- 2
with c as materialized ( select case when t.total >= $1 then null else (select count(*)::int from (select 1 from "helpdesk_ticket" limit $2) capped) end as counted, t.total from (select (select reltuples::bigint from pg_class where oid = to_regclass($3)) as total) t) select c.counted, c.total, p.* from c left join lateral (select "helpdesk_ticket"."id" as id, row_number() over (order by "helpdesk_ticket"."created_at" desc, "helpdesk_ticket"."id" asc) as n from "helpdesk_ticket" order by "helpdesk_ticket"."created_at" desc, "helpdesk_ticket"."id" asc limit $4 offset $5) p on true;
