import { Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Box, Button, Chip, Link, Paper, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography, useMediaQuery, useTheme } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import type { z } from 'zod';
import type { Paginated } from '@ops/contract/common/pagination';
import { accountsEndpoints, operationsEndpoints } from '@ops/contract/records/records.endpoints';
import { contactRelationInputSchema, costCentreRelationInputSchema, type contactRelationSchema, type costCentreRelationSchema } from '@ops/contract/records/records.schemas';
import { PageLoading } from '../../../shared/ui/PageLoading';
import { call, recordKeys } from '../records.queries';
import { formValuesOf } from '../record-values';
import { useModelPermissions } from '../permissions';
import { clientRoleSource, clientSource, contactPersonSource, operationRoleSource, userSource } from '../relation-sources';
import type { FieldSpec } from './RecordFormDialog';
import { RowActions, RowDialogs, useRowEditor } from './RowDialogs';
import { SectionHeader } from './RecordDetailFrame';

type ClientRelation = z.infer<typeof contactRelationSchema>;
type CostCentreRelation = z.infer<typeof costCentreRelationSchema>;
type Relation = ClientRelation | CostCentreRelation;

/** Whose relations the tab shows: the other side is what the user picks. */
export type RelationOwner = 'client' | 'contact_person' | 'cost_centre';

const CONFIG = {
  client: { list: accountsEndpoints.clientRelations, write: accountsEndpoints.contactRelations, model: 'contactrelation', schema: contactRelationInputSchema, other: 'contact_person', otherLabel: 'Contact person', otherSource: contactPersonSource, roles: clientRoleSource },
  contact_person: { list: accountsEndpoints.contactPersonRelations, write: accountsEndpoints.contactRelations, model: 'contactrelation', schema: contactRelationInputSchema, other: 'client', otherLabel: 'Client', otherSource: clientSource, roles: clientRoleSource },
  cost_centre: { list: operationsEndpoints.costCentreRelations, write: operationsEndpoints.contactRelations, model: 'costcentrecontactrelation', schema: costCentreRelationInputSchema, other: 'contact_person', otherLabel: 'User', otherSource: userSource, roles: operationRoleSource },
} as const;

function otherCell(owner: RelationOwner, relation: Relation) {
  if (owner === 'client') {
    const person = (relation as ClientRelation).contact_person;
    return (
      <Link component={RouterLink} to={`/contact-person/${person.id}`}>
        {person.full_name || 'Unnamed'}
      </Link>
    );
  }
  if (owner === 'contact_person') {
    const client = (relation as ClientRelation).client;
    return (
      <Link component={RouterLink} to={`/clients/${client.id}`}>
        {client.name}
      </Link>
    );
  }
  const user = (relation as CostCentreRelation).contact_person;
  return (
    <>
      {user.full_name}
      <Typography variant="body2" color="text.secondary">
        {user.email}
      </Typography>
    </>
  );
}

/** Contact relations of a client, contact person or cost centre, with their roles and dates; add, edit and delete. */
export function ContactRelationsTab({ owner, id, entity }: { owner: RelationOwner; id: string; entity: string }) {
  const config = CONFIG[owner];
  const permissions = useModelPermissions(config.model);
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const relations = useQuery({
    queryKey: recordKeys.related(entity, id, 'contact-relations'),
    queryFn: ({ signal }) => call<Paginated<Relation>>(config.list, { params: { id }, query: { limit: '200' }, signal }),
  });
  const editor = useRowEditor<Relation>();

  const fields: FieldSpec[] = [
    { name: config.other, label: config.otherLabel, kind: 'relation', source: config.otherSource, required: true, full: true },
    { name: 'role', label: 'Roles', kind: 'relation', source: config.roles, multiple: true, full: true },
    { name: 'start_date', label: 'Start date', kind: 'date' },
    { name: 'end_date', label: 'End date', kind: 'date' },
  ];

  const canEdit = permissions.change || permissions.delete;
  const rolesOf = (relation: Relation) => (
    <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap' }}>
      {relation.role.map((role) => (
        <Chip key={role.id} size="small" label={role.role} />
      ))}
    </Stack>
  );
  const actionsOf = (relation: Relation) => <RowActions permissions={permissions} name="relation" onEdit={() => editor.edit(relation)} onDelete={() => editor.remove(relation)} />;

  if (relations.isPending) return <PageLoading />;
  if (relations.isError) return <Alert severity="error">The contact relations could not be loaded.</Alert>;
  const list = relations.data.results;

  return (
    <Box>
      <SectionHeader
        title="Contact relations"
        action={
          permissions.add && (
            <Button size="small" variant="outlined" startIcon={<AddIcon />} onClick={editor.add}>
              Add relation
            </Button>
          )
        }
      />
      {list.length === 0 ? (
        <Typography color="text.secondary">No contact relations yet.</Typography>
      ) : phone ? (
        // Phones: one block per relation instead of a table wider than the screen.
        <Stack component="ul" spacing={1.5} aria-label="Contact relations" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {list.map((relation) => (
            <Paper component="li" key={relation.id} variant="outlined" sx={{ p: 1.5 }}>
              <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start', gap: 1 }}>
                <Box sx={{ minWidth: 0 }}>{otherCell(owner, relation)}</Box>
                <Box sx={{ whiteSpace: 'nowrap', mt: -0.5 }}>{actionsOf(relation)}</Box>
              </Stack>
              <Box sx={{ my: 1 }}>{rolesOf(relation)}</Box>
              <Typography variant="body2" color="text.secondary">
                {relation.start_date ?? 'No start'} – {relation.end_date ?? 'no end'}
              </Typography>
            </Paper>
          ))}
        </Stack>
      ) : (
        <TableContainer>
          <Table size="small" aria-label="Contact relations">
            <TableHead>
              <TableRow>
                <TableCell>{owner === 'contact_person' ? 'Client' : config.otherLabel}</TableCell>
                <TableCell>Roles</TableCell>
                <TableCell>Start</TableCell>
                <TableCell>End</TableCell>
                {canEdit && <TableCell align="right">Actions</TableCell>}
              </TableRow>
            </TableHead>
            <TableBody>
              {list.map((relation) => (
                <TableRow key={relation.id}>
                  <TableCell>{otherCell(owner, relation)}</TableCell>
                  <TableCell>{rolesOf(relation)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{relation.start_date ?? '—'}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{relation.end_date ?? '—'}</TableCell>
                  {canEdit && (
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {actionsOf(relation)}
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <RowDialogs
        editor={editor}
        noun="contact relation"
        fields={fields}
        schema={config.schema}
        // The owner is no input but is part of what the schema checks and the API takes.
        valuesOf={(row) => ({ [owner]: id, ...formValuesOf(fields, row) })}
        endpoints={config.write}
        fixed={{ [owner]: id }}
        what={() => 'this contact relation'}
      />
    </Box>
  );
}
