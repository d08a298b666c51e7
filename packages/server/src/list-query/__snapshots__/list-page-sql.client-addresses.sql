-- GET /api/accounts/clients/{client_id}/addresses/
-- 1
select "id" from "accounts_client" where "accounts_client"."id" = $1 limit $2;
-- 2
with c as materialized ( select (select count(*)::int from (select 1 from "records_address" where "records_address"."client_id" = $1 limit $2) capped) as counted, t.total from (select (select reltuples::bigint from pg_class where oid = to_regclass($3)) as total) t) select c.counted, c.total, p.* from c left join lateral ((select page.*, row_number() over () as n from (select "records_address"."id" as id from (select * from "records_address" where "records_address"."client_id" = $4 and c.counted <= $5 offset 0) "records_address" order by "records_address"."created_at" asc, "records_address"."id" asc limit $6 offset $7) page) union all (select page.*, row_number() over () as n from (select "records_address"."id" as id from "records_address" where "records_address"."client_id" = $8 and c.counted > $9 order by "records_address"."created_at" asc, "records_address"."id" asc limit $10 offset $11) page)) p on true;
-- 3
select "id", "client_id", "contact_person_id", "cost_centre_id", "legal_entity_id", "address_name", "note", "purpose", "is_primary", "premise_address", "street_address", "locality", "state", "postal_code", "country", "formatted_address", "time_zone", "latitude", "longitude", "driving_direction", "places_api_data", "created_at", "updated_at", "created_by_id", "updated_by_id", "version" from "records_address" where "records_address"."id" = any(string_to_array($1, ',')::uuid[]);
-- 4
select "id", "first_name", "last_name", "email" from "auth_user" where "auth_user"."id" = any(string_to_array($1, ',')::uuid[]);
