import { OPERATION_STATUSES, type costCentreSchema } from '@ops/contract/records/records.schemas';
import type { z } from 'zod';
import type { FieldSpec } from '../records/components/RecordFormDialog';
import { brandSource, clientSource, industrySource, legalEntitySource, subIndustriesOf } from '../records/relation-sources';

export type CostCentre = z.infer<typeof costCentreSchema>;

export const costCentreFields: FieldSpec[] = [
  { name: 'name', label: 'Name', kind: 'text', required: true },
  { name: 'code', label: 'Code', kind: 'text', required: true },
  { name: 'email', label: 'Email', kind: 'email', required: true },
  { name: 'operation_status', label: 'Operation status', kind: 'enum', values: OPERATION_STATUSES },
  { name: 'client', label: 'Client', kind: 'relation', source: clientSource, required: true },
  { name: 'legal_entity', label: 'Legal entity', kind: 'relation', source: legalEntitySource, required: true },
  { name: 'franchisor', label: 'Franchisor', kind: 'relation', source: clientSource },
  { name: 'brand', label: 'Brand', kind: 'relation', source: brandSource },
  { name: 'industry', label: 'Industry', kind: 'relation', source: industrySource },
  { name: 'sub_industry', label: 'Sub-industry', kind: 'relation', source: (values) => (values.industry ? subIndustriesOf(String(values.industry)) : null) },
  { name: 'notes', label: 'Notes', kind: 'multiline' },
];

export const newCostCentreValues = () => ({
  name: '', code: '', email: '', operation_status: 'ONBOARDING', client: null, legal_entity: null, franchisor: null, brand: null, industry: null, sub_industry: null, notes: '',
});

export const costCentreValues = (c: CostCentre) => ({
  name: c.name,
  code: c.code,
  email: c.email,
  operation_status: c.operation_status,
  client: c.client.id,
  legal_entity: c.legal_entity.id,
  franchisor: c.franchisor?.id ?? null,
  brand: c.brand?.id ?? null,
  industry: c.industry?.id ?? null,
  sub_industry: c.sub_industry?.id ?? null,
  notes: c.notes,
});
