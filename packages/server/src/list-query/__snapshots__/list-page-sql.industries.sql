-- GET /api/base/industries/?limit=10
-- 1
with c as materialized ( select case when t.total >= $1 then null else (select count(*)::int from (select 1 from "base_industry" limit $2) capped) end as counted, t.total from (select (select reltuples::bigint from pg_class where oid = to_regclass($3)) as total) t) select c.counted, c.total, p.* from c left join lateral (select page.*, row_number() over () as n from (select "base_industry"."id" as id from "base_industry" order by "base_industry"."name" asc, "base_industry"."id" asc limit $4 offset $5) page) p on true;
-- 2
select "id", "name", "description", "legal_entity_id", "created_at", "updated_at", "created_by_id", "updated_by_id", "version" from "base_industry" where "base_industry"."id" = any(string_to_array($1, ',')::uuid[]);
-- 3
select "id", "first_name", "last_name", "email" from "auth_user" where "auth_user"."id" = any(string_to_array($1, ',')::uuid[]);
-- 4
select "id", "name", "abn", "acn", "search_name", "abbr", "created_at", "updated_at", "created_by_id", "updated_by_id", "version" from "base_legal_entity" where "base_legal_entity"."id" = any(string_to_array($1, ',')::uuid[]);
-- 5
select "industry_id", count(*)::int from "base_sub_industry" where "base_sub_industry"."industry_id" = any(string_to_array($1, ',')::uuid[]) group by "base_sub_industry"."industry_id";
