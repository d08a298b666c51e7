import { useQuery } from '@tanstack/react-query';
import { Alert, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import type { z } from 'zod';
import type { Paginated } from '@ops/contract/common/pagination';
import type { Employee } from '@ops/contract/integrations/adp.schemas';
import type { operationContactsSchema } from '@ops/contract/records/records.schemas';
import { operationsEndpoints } from '../../api/endpoint-routes';
import { PageLoading } from '../../shared/ui/PageLoading';
import { FieldList, SectionHeader } from '../records/components/RecordDetailFrame';
import { call, recordKeys } from '../records/records.queries';

/** A cost centre's record page tabs of its own (`cost-centre-entity.tsx` loads them when shown). */

export function OperationContacts({ id }: { id: string }) {
  const contacts = useQuery({
    queryKey: recordKeys.related('cost-centres', id, 'operation-contacts'),
    queryFn: ({ signal }) =>
      call<z.infer<typeof operationContactsSchema>>(operationsEndpoints.costCentreOperationContacts, {
        params: { cost_centre_id: id },
        signal,
      }),
  });
  if (contacts.isPending) return <PageLoading />;
  if (contacts.isError) return <Alert severity="error">The operation contacts could not be loaded.</Alert>;
  const { phone, mobile, email, operations_manager: manager } = contacts.data;
  return (
    <>
      <SectionHeader title="Site contacts" />
      <FieldList
        items={[
          { label: 'Phone', value: phone },
          { label: 'Mobile', value: mobile },
          { label: 'Email', value: email },
        ]}
      />
      <Typography variant="h2" sx={{ fontSize: '1.125rem', mt: 4, mb: 2 }}>
        Operations manager
      </Typography>
      {manager ? (
        <FieldList
          items={[
            { label: 'Name', value: manager.name },
            { label: 'Email', value: manager.email },
            { label: 'Phone', value: manager.phone },
            { label: 'Mobile', value: manager.mobile },
          ]}
        />
      ) : (
        <Typography color="text.secondary">No operations manager is related to this cost centre.</Typography>
      )}
    </>
  );
}

export function Employees({ id }: { id: string }) {
  const employees = useQuery({
    queryKey: recordKeys.related('cost-centres', id, 'employees'),
    queryFn: ({ signal }) =>
      call<Paginated<Employee>>(operationsEndpoints.costCentreEmployees, {
        params: { cost_centre_id: id },
        query: { limit: '500' },
        signal,
      }),
  });
  if (employees.isPending) return <PageLoading />;
  if (employees.isError) return <Alert severity="error">The employees could not be loaded.</Alert>;
  const { results, count } = employees.data;
  return (
    <>
      <SectionHeader title={`Employees (${count.toLocaleString()})`} />
      {results.length === 0 ? (
        <Typography color="text.secondary">Payroll lists no employees at this cost centre.</Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-label="Employees">
            <TableHead>
              <TableRow>
                <TableCell>Name</TableCell>
                <TableCell>Code</TableCell>
                <TableCell>Position</TableCell>
                <TableCell>Category</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>Email</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {results.map((employee) => (
                <TableRow key={employee.EmpCode}>
                  <TableCell>{employee.EmployeeName}</TableCell>
                  <TableCell>{employee.EmpCode}</TableCell>
                  <TableCell>{employee.USERFIELDM1?.title ?? '—'}</TableCell>
                  <TableCell>{employee.EmpCategory || '—'}</TableCell>
                  <TableCell>{employee.Status}</TableCell>
                  <TableCell>{employee.Email || '—'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </>
  );
}
