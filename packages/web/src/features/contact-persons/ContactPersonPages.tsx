import { Link as RouterLink } from 'react-router';
import { Link } from '@mui/material';
import type { z } from 'zod';
import { COMMUNICATION_PREFERENCES, CONTACT_PERSON_TYPES, GENDERS, PRONOUNS, SALUTATIONS } from '@ops/contract/records/records.values';
import type { contactPersonSchema } from '@ops/contract/records/records.schemas';
import { accountsEndpoints } from '../../api/endpoint-routes';
import { contactPersonListFields } from '../../api/list-fields';
import { humaniseCode } from '../../shared/humanise';
import { defineColumns } from '../../shared/ui/list-page/list-columns';
import { RecordChips } from '../records/components/RecordChips';
import type { FieldSpec } from '../records/components/RecordFormDialog';
import { LazyRecordDetailPage } from '../records/LazyRecordDetailPage';
import { formSchemasOf, type RecordEntity } from '../records/record-entity';
import { RecordListPage } from '../records/RecordListPage';
import { clientSource, contactPersonSource } from '../records/relation-sources';
import { LIST_PAGE_KEYS } from '../../shared/route-meta';

type ContactPerson = z.infer<typeof contactPersonSchema>;

const columns = defineColumns<ContactPerson>(contactPersonListFields, [
  { field: 'full_name', headerName: 'Name', sortable: true, width: 220 },
  { field: 'company', relation: clientSource, width: 240 },
  { field: 'position', width: 180 },
  { field: 'department', width: 160 },
  { field: 'contact_person_type', headerName: 'Type', width: 130 },
  { field: 'primary_contacts', headerName: 'Email', value: (row) => row.primary_contacts.email ?? '', exportPath: 'primary_contacts.email', width: 220 },
  { field: 'communication_preference', headerName: 'Prefers', hidden: true },
  { field: 'is_still_with_company', headerName: 'Still with company', hidden: true },
  { field: 'do_not_call', hidden: true },
  { field: 'is_email_opt_out', headerName: 'Email opt-out', hidden: true },
  { field: 'last_name', sortable: true, hidden: true },
  { field: 'birthday', hidden: true },
  { field: 'created_at', headerName: 'Created', sortable: true, hidden: true },
]);

const fields = (selfId?: string): FieldSpec[] => [
  { section: 'Person' },
  { name: 'salutation', label: 'Salutation', kind: 'enum', values: SALUTATIONS },
  { name: 'pronouns', label: 'Pronouns', kind: 'enum', values: PRONOUNS },
  { name: 'first_name', label: 'First name', kind: 'text' },
  { name: 'middle_name', label: 'Middle name', kind: 'text' },
  { name: 'last_name', label: 'Last name', kind: 'text' },
  { name: 'pref_name', label: 'Preferred name', kind: 'text' },
  { name: 'gender', label: 'Gender', kind: 'enum', values: GENDERS },
  { name: 'birthday', label: 'Birthday', kind: 'date' },
  { section: 'Work' },
  { name: 'company', label: 'Company', kind: 'relation', source: clientSource, required: true },
  { name: 'reports_to', label: 'Reports to', kind: 'relation', source: contactPersonSource, exclude: selfId ? [selfId] : [] },
  { name: 'position', label: 'Position', kind: 'text' },
  { name: 'department', label: 'Department', kind: 'text' },
  { name: 'contact_person_type', label: 'Contact person type', kind: 'enum', values: CONTACT_PERSON_TYPES },
  { name: 'communication_preference', label: 'Communication preference', kind: 'enum', values: COMMUNICATION_PREFERENCES },
  { name: 'availability', label: 'Availability', kind: 'text' },
  { name: 'linkedin_profile', label: 'LinkedIn profile', kind: 'url' },
  { name: 'is_still_with_company', label: 'Still with the company', kind: 'boolean' },
  { name: 'is_primary', label: 'Primary contact person', kind: 'boolean' },
  { name: 'is_email_opt_out', label: 'Opted out of email', kind: 'boolean' },
  { name: 'do_not_call', label: 'Do not call', kind: 'boolean' },
  { name: 'notes', label: 'Notes', kind: 'multiline' },
];

const yes = (value: boolean) => (value ? 'Yes' : 'No');

export const contactPersonEntity: RecordEntity<ContactPerson> = {
  endpoints: accountsEndpoints.contactPersons,
  formSchemas: async () => formSchemasOf((await import('@ops/contract/records/records.endpoints')).accountsEndpoints.contactPersons),
  history: accountsEndpoints.contactPersonHistory,
  owned: { param: 'contact_person_id', addresses: accountsEndpoints.contactPersonAddresses, contacts: accountsEndpoints.contactPersonContacts },
  relations: 'contact_person',
  entity: 'contact-persons',
  noun: 'contact person',
  title: 'Contact Person',
  section: 'Accounts',
  path: '/contact-person',
  pageKey: LIST_PAGE_KEYS['/contact-person'],
  columns,
  fields,
  defaults: () => ({ contact_person_type: 'PRIMARY', communication_preference: 'EMAIL', is_still_with_company: true }),
  empty: { title: 'No contact persons yet', description: 'People at your clients are listed here.' },
  titleOf: (data) => data.full_name || 'Unnamed contact person',
  subtitleOf: (data) => <RecordChips codes={[data.contact_person_type, data.is_still_with_company ? null : 'LEFT_COMPANY']} />,
  details: (data, { link, audit }) => [
    { label: 'Company', value: link(data.company, '/clients') },
    { label: 'Reports to', value: data.reports_to && <Link component={RouterLink} to={`/contact-person/${data.reports_to.id}`}>{data.reports_to.full_name}</Link> },
    { label: 'Position', value: data.position },
    { label: 'Department', value: data.department },
    { label: 'Salutation', value: data.salutation && humaniseCode(data.salutation) },
    { label: 'Preferred name', value: data.pref_name },
    { label: 'Pronouns', value: data.pronouns },
    { label: 'Gender', value: data.gender && humaniseCode(data.gender) },
    { label: 'Birthday', value: data.birthday },
    { label: 'Communication preference', value: humaniseCode(data.communication_preference) },
    { label: 'Primary email', value: data.primary_contacts.email },
    { label: 'Primary phone', value: data.primary_contacts.phone ?? data.primary_contacts.mobile },
    { label: 'Still with the company', value: yes(data.is_still_with_company) },
    { label: 'Primary contact person', value: yes(data.is_primary) },
    { label: 'Opted out of email', value: yes(data.is_email_opt_out) },
    { label: 'Do not call', value: yes(data.do_not_call) },
    { label: 'Availability', value: data.availability },
    { label: 'LinkedIn', value: data.linkedin_profile && <Link href={data.linkedin_profile} target="_blank" rel="noreferrer">{data.linkedin_profile}</Link> },
    { label: 'Notes', value: data.notes, full: true },
    ...audit(data),
  ],
};

export const ContactPersonListPage = () => <RecordListPage config={contactPersonEntity} />;
export const ContactPersonDetailPage = () => <LazyRecordDetailPage config={contactPersonEntity} />;
