import type { Allocation } from '@ops/contract/identity/allocations.schemas';

/** The kind of record an allocation points at (one of its three foreign keys). */
export type Target = 'legal_entity' | 'client' | 'cost_centre';
export const TARGETS: { value: Target; label: string }[] = [
  { value: 'legal_entity', label: 'Legal entity' },
  { value: 'client', label: 'Client' },
  { value: 'cost_centre', label: 'Cost centre' },
];
/** How each allocation source is shown. */
export const SOURCE_LABELS = { MANUAL: 'Manual', PAYROLL: 'Payroll', DIRECTORY: 'Directory' } as const;
export const allocationKeys = {
  all: ['identity', 'allocations'] as const,
  ofUser: (userId: string) => [...allocationKeys.all, 'user', userId] as const,
  drift: (page: number) => [...allocationKeys.all, 'drift', page] as const,
};

/** Where an allocation points: the kind of record, its name and its page. */
export function targetOf(allocation: Allocation): { kind: string; name: string; href: string } {
  if (allocation.legal_entity)
    return { kind: 'Legal entity', name: allocation.legal_entity.name, href: `/legal-entities/${allocation.legal_entity.id}` };
  if (allocation.client) return { kind: 'Client', name: allocation.client.name, href: `/clients/${allocation.client.id}` };
  const centre = allocation.cost_centre!;
  return { kind: 'Cost centre', name: `${centre.name} · ${centre.code}`, href: `/cost-center/${centre.id}` };
}
