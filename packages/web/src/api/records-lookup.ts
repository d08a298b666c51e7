/**
 * Names the header needs for detail breadcrumbs (legal entity abbreviation,
 * industry name). The base-data contract is on another branch; these two
 * reads are declared here until it merges.
 */
import { apiRequest } from './http-client';

export async function getLegalEntityAbbr(id: string, signal?: AbortSignal): Promise<string | null> {
  const entity = (await apiRequest(`/api/base/legal-entities/${encodeURIComponent(id)}/`, { signal })) as { abbr?: string | null; name?: string };
  return entity.abbr ?? entity.name ?? null;
}

export async function getIndustryName(id: string, signal?: AbortSignal): Promise<string | null> {
  const industry = (await apiRequest(`/api/base/industries/${encodeURIComponent(id)}/`, { signal })) as { name?: string };
  return industry.name ?? null;
}
