import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { Button, Link } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import type { z } from 'zod';
import { accountsEndpoints } from '@ops/contract/records/records.endpoints';
import {
  COMMUNICATION_PREFERENCES,
  CONTACT_PERSON_TYPES,
  contactPersonInputSchema,
  contactPersonPatchSchema,
  contactPersonSchema,
  GENDERS,
  PRONOUNS,
  SALUTATIONS,
} from '@ops/contract/records/records.schemas';
import { humaniseCode } from '../../shared/humanise';
import { defineColumns } from '../../shared/ui/list-page/list-columns';
import { ListPage } from '../../shared/ui/list-page/ListPage';
import { useDateTimeFormatter } from '../../shell/settings/app-settings.queries';
import { ContactRelationsTab } from '../records/components/ContactRelationsTab';
import { HistoryTab } from '../records/components/HistoryTab';
import { OwnedRecordsTab } from '../records/components/OwnedRecordsTab';
import { RecordActions } from '../records/components/RecordActions';
import { RecordChips } from '../records/components/RecordChips';
import { FieldList, RecordDetailFrame } from '../records/components/RecordDetailFrame';
import { RecordFormDialog, type FieldSpec } from '../records/components/RecordFormDialog';
import { useModelPermissions } from '../records/permissions';
import { call, recordKeys, recordQuery, useRecordMutation } from '../records/records.queries';
import { clientSource, contactPersonSource } from '../records/relation-sources';

type ContactPerson = z.infer<typeof contactPersonSchema>;

const columns = defineColumns<ContactPerson>(contactPersonSchema, [
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

const TEXT_KEYS = ['first_name', 'middle_name', 'last_name', 'pref_name', 'position', 'department', 'availability', 'linkedin_profile', 'notes'] as const;

const newValues = () => ({
  ...Object.fromEntries(TEXT_KEYS.map((key) => [key, ''])),
  salutation: '', pronouns: '', gender: '', birthday: '', company: null, reports_to: null,
  contact_person_type: 'PRIMARY', communication_preference: 'EMAIL', is_still_with_company: true, is_primary: false, is_email_opt_out: false, do_not_call: false,
});

const valuesOf = (p: ContactPerson) => ({
  ...Object.fromEntries(TEXT_KEYS.map((key) => [key, p[key]])),
  salutation: p.salutation, pronouns: p.pronouns, gender: p.gender, birthday: p.birthday ?? '', company: p.company.id, reports_to: p.reports_to?.id ?? null,
  contact_person_type: p.contact_person_type, communication_preference: p.communication_preference,
  is_still_with_company: p.is_still_with_company, is_primary: p.is_primary, is_email_opt_out: p.is_email_opt_out, do_not_call: p.do_not_call,
});

export function ContactPersonListPage() {
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const permissions = useModelPermissions('contactperson');
  const [creating, setCreating] = useState(false);
  const create = useRecordMutation((values: Record<string, unknown>) => call<ContactPerson>(accountsEndpoints.contactPersons.create, { body: values }));
  const newButton = permissions.add && (
    <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
      New contact person
    </Button>
  );
  return (
    <>
      <ListPage<ContactPerson>
        pageKey="CONTACT-PERSONS"
        title="Contact Person"
        subtitle="Accounts"
        source={{ key: recordKeys.entity('contact-persons'), endpoint: accountsEndpoints.contactPersons.list }}
        columns={columns}
        rowHref={(row) => `/contact-person/${row.id}`}
        actions={newButton}
        exportName="contact-persons"
        empty={{ title: 'No contact persons yet', description: 'People at your clients are listed here.', action: newButton }}
      />
      {creating && (
        <RecordFormDialog
          title="New contact person"
          fields={fields()}
          schema={contactPersonInputSchema}
          defaultValues={newValues()}
          submitLabel="Create contact person"
          onSubmit={(values) => create.mutateAsync(values)}
          onSaved={(created) => {
            enqueueSnackbar('Contact person created.', { variant: 'success' });
            navigate(`/contact-person/${(created as ContactPerson).id}`);
          }}
          onClose={() => setCreating(false)}
        />
      )}
    </>
  );
}

export function ContactPersonDetailPage() {
  const { id = '' } = useParams();
  const permissions = useModelPermissions('contactperson');
  const formatDate = useDateTimeFormatter();
  const { enqueueSnackbar } = useSnackbar();
  const person = useQuery(recordQuery('contact-persons', accountsEndpoints.contactPersons.get, id));
  const save = useRecordMutation((values: Record<string, unknown>) => call(accountsEndpoints.contactPersons.patch, { params: { id }, body: values }));
  const remove = useRecordMutation(() => call(accountsEndpoints.contactPersons.delete, { params: { id } }));
  const data = person.data;
  const name = data ? data.full_name || 'Unnamed contact person' : '';
  const yes = (value: boolean) => (value ? 'Yes' : 'No');
  return (
    <RecordDetailFrame
      status={person}
      title={name}
      subtitle={data && <RecordChips codes={[data.contact_person_type, data.is_still_with_company ? null : 'LEFT_COMPANY']} />}
      listPath="/contact-person"
      listTitle="Contact Person"
      actions={
        data && (
          <RecordActions
            permissions={permissions}
            what={`contact person ${name}`}
            listPath="/contact-person"
            onDelete={() => remove.mutateAsync()}
            editForm={(close) => (
              <RecordFormDialog
                title="Edit contact person"
                fields={fields(id)}
                schema={contactPersonPatchSchema}
                defaultValues={valuesOf(data)}
                onSubmit={(values) => save.mutateAsync(values)}
                onSaved={() => {
                  enqueueSnackbar('Contact person saved.', { variant: 'success' });
                  close();
                }}
                onClose={close}
              />
            )}
          />
        )
      }
      tabs={
        data
          ? [
              {
                id: 'details',
                label: 'Details',
                content: (
                  <FieldList
                    items={[
                      { label: 'Company', value: <Link component={RouterLink} to={`/clients/${data.company.id}`}>{data.company.name}</Link> },
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
                      { label: 'Created', value: formatDate(data.created_at) },
                      { label: 'Updated', value: formatDate(data.updated_at) },
                    ]}
                  />
                ),
              },
              { id: 'addresses', label: 'Addresses', content: <OwnedRecordsTab kind="address" entity="contact-persons" ownerId={id} param="contact_person_id" endpoints={accountsEndpoints.contactPersonAddresses} permissions={permissions} /> },
              { id: 'contacts', label: 'Contacts', content: <OwnedRecordsTab kind="contact" entity="contact-persons" ownerId={id} param="contact_person_id" endpoints={accountsEndpoints.contactPersonContacts} permissions={permissions} /> },
              { id: 'relations', label: 'Contact relations', content: <ContactRelationsTab owner="contact_person" id={id} entity="contact-persons" /> },
              { id: 'history', label: 'History', content: <HistoryTab entity="contact-persons" id={id} endpoint={accountsEndpoints.contactPersonHistory} /> },
            ]
          : []
      }
    />
  );
}
