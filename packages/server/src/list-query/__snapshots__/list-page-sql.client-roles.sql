-- GET /api/accounts/roles/?limit=10
-- 1
with c as materialized ( select case when t.total >= $1 then null else (select count(*)::int from (select 1 from "accounts_client_contact_role" limit $2) capped) end as counted, t.total from (select (select reltuples::bigint from pg_class where oid = to_regclass($3)) as total) t) select c.counted, c.total, p.* from c left join lateral (select page.*, row_number() over () as n from (select "accounts_client_contact_role"."id" as id from "accounts_client_contact_role" order by "accounts_client_contact_role"."role" asc, "accounts_client_contact_role"."id" asc limit $4 offset $5) page) p on true;
-- 2
select "id", "role", "responsibility", "created_at", "updated_at", "created_by_id", "updated_by_id", "version" from "accounts_client_contact_role" where "accounts_client_contact_role"."id" = any(string_to_array($1, ',')::uuid[]);
-- 3
select "id", "first_name", "last_name", "email" from "auth_user" where "auth_user"."id" = any(string_to_array($1, ',')::uuid[]);
