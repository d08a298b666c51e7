import { z } from 'zod';
import { uuid } from '../common/fields';
import { ACCOUNT_TYPES } from './records.values';

/** The markers of the clients and cost centres maps. */

export const mapPositionSchema = z.object({ lat: z.number(), lng: z.number() });

export const clientMarkerSchema = z.object({
  id: uuid(),
  position: mapPositionSchema,
  data: z.object({
    id: uuid(),
    division: z.string().nullable(),
    account_type: z.enum(ACCOUNT_TYPES),
    account_number: z.string(),
    name: z.string(),
    industry: z.string().nullable(),
    sub_industry: z.string().nullable(),
    banner: z.string().nullable(),
    primary_email: z.string().nullable(),
    owner: z.string().nullable(),
    master_record: z.string().nullable(),
    state: z.string(),
    address: z.string(),
  }),
});

export const costCentreMarkerSchema = z.object({
  id: uuid(),
  position: mapPositionSchema,
  data: z.object({
    id: uuid(),
    name: z.string(),
    cost_centre_code: z.string(),
    is_primary: z.boolean(),
    operation_manager: z.string().nullable(),
    primary_email: z.string().nullable(),
    state: z.string(),
    primary_address: z.string(),
  }),
});
