/**
 * Names the header needs for detail breadcrumbs (legal entity abbreviation,
 * industry name), read through the contract's records endpoints.
 */
import { baseEndpoints } from './endpoint-routes';
import { callEndpoint } from './http-client';

export async function getLegalEntityAbbr(id: string, signal?: AbortSignal): Promise<string | null> {
  const entity = await callEndpoint(baseEndpoints.legalEntities.get, { params: { id }, signal });
  return entity.abbr ?? entity.name;
}

export async function getIndustryName(id: string, signal?: AbortSignal): Promise<string | null> {
  const industry = await callEndpoint(baseEndpoints.industries.get, { params: { id }, signal });
  return industry.name;
}
