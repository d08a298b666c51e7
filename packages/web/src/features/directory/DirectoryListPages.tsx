import { Link as RouterLink, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Box, Button, Chip, Paper, Stack, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import type { Employee } from '@ops/contract/integrations/adp.schemas';
import type { DirectoryGroup, DirectoryUser, GroupMember } from '@ops/contract/integrations/google-sync.schemas';
import { directoryGroupListFields, directoryUserListFields, employeeListFields, groupMemberListFields } from '../../api/list-fields';
import { isNotFound } from '../../api/http-client';
import { ListPage } from '../../shared/ui/list-page/ListPage';
import { defineColumns } from '../../shared/ui/list-page/list-columns';
import { humaniseCode } from '../../shared/humanise';
import { PageFrame } from '../../shared/ui/PageFrame';
import { PageLoading } from '../../shared/ui/PageLoading';
import { employeesSource, groupQuery, groupsSource, membersSource, officeUsersSource, siteUsersSource } from './directory.queries';
import { LIST_PAGE_KEYS } from '../../shared/route-meta';

const SYNCED = 'Synced from the payroll and directory systems; changes are made there.';

// Payroll employees are keyed by EmpCode: the grid's row id.
type EmployeeRow = Employee & { id: string };
const employeeColumns = defineColumns<EmployeeRow>(employeeListFields, [
  { field: 'EmployeeName', headerName: 'Name', sortable: true, link: false, width: 200 },
  { field: 'EmpCode', headerName: 'Employee code', sortable: true },
  { field: 'USERFIELDM1', headerName: 'Position', width: 180 },
  { field: 'Email', headerName: 'Email', width: 290 },
  { field: 'Mobile', headerName: 'Mobile' },
  { field: 'Location', headerName: 'Location', sortable: true },
  { field: 'State', headerName: 'State', sortable: true, width: 90 },
  { field: 'CostCentre', headerName: 'Cost centre', sortable: true },
  { field: 'Status', headerName: 'Status' },
  { field: 'StartDate', headerName: 'Start date', kind: 'date', sortable: true },
  { field: 'reporting_manager', headerName: 'Reports to', value: (row) => row.reporting_manager?.EmployeeName ?? '', exportPath: 'reporting_manager.EmployeeName', hidden: true },
  { field: 'PreferredName', headerName: 'Preferred name', hidden: true },
  { field: 'CompID', headerName: 'Company', sortable: true, hidden: true },
  { field: 'EmpCategory', headerName: 'Category', hidden: true },
  { field: 'TerminationDate', headerName: 'Termination date', kind: 'date', hidden: true },
]);

export function AllStaffPage() {
  return (
    <ListPage<EmployeeRow>
      pageKey={LIST_PAGE_KEYS['/directory/all-staff']}
      title="All Staff"
      subtitle={SYNCED}
      source={employeesSource}
      columns={employeeColumns}
      getRowId={(row) => row.EmpCode}
      exportName="all-staff"
      empty={{ title: 'No staff yet', description: 'Employees appear here after the payroll sync runs.' }}
    />
  );
}

type DirectoryUserRow = DirectoryUser & { id: string };
const directoryUserColumns = defineColumns<DirectoryUserRow>(directoryUserListFields, [
  { field: 'given_name', headerName: 'First name', sortable: true, link: false },
  { field: 'family_name', headerName: 'Last name' },
  { field: 'primaryEmail', headerName: 'Email', sortable: true, width: 300 },
  { field: 'title', headerName: 'Title', width: 180 },
  { field: 'department', headerName: 'Department', sortable: true },
  { field: 'region', headerName: 'Region', sortable: true },
  { field: 'cost_centre', headerName: 'Cost centre' },
  { field: 'mobile', headerName: 'Mobile' },
  { field: 'phone', headerName: 'Phone', hidden: true },
  { field: 'employee_type', headerName: 'Employee type', hidden: true },
  { field: 'sector', headerName: 'Sector', hidden: true },
  { field: 'reporting_manager', headerName: 'Manager', hidden: true },
]);

export function OfficeUsersPage() {
  return (
    <ListPage<DirectoryUserRow>
      pageKey={LIST_PAGE_KEYS['/office-users']}
      title="Office Users"
      subtitle={SYNCED}
      source={officeUsersSource}
      columns={directoryUserColumns}
      exportName="office-users"
      empty={{ title: 'No office users yet', description: 'Office users appear here after the Google Workspace sync runs.' }}
    />
  );
}

export function SiteStaffUsersPage() {
  return (
    <ListPage<DirectoryUserRow>
      pageKey={LIST_PAGE_KEYS['/site-staff-users']}
      title="Site Staff Users"
      subtitle={SYNCED}
      source={siteUsersSource}
      columns={directoryUserColumns}
      exportName="site-staff-users"
      empty={{ title: 'No site staff users yet', description: 'Site staff appear here after the Google Workspace sync runs.' }}
    />
  );
}

const groupColumns = defineColumns<DirectoryGroup>(directoryGroupListFields, [
  { field: 'name', headerName: 'Name', sortable: true, width: 220 },
  { field: 'email', headerName: 'Email', width: 260 },
  { field: 'description', headerName: 'Description', width: 300 },
  { field: 'directMembersCount', headerName: 'Members', kind: 'decimal', align: 'right', width: 110 },
  { field: 'adminCreated', headerName: 'Admin created', hidden: true },
  { field: 'aliases', headerName: 'Aliases', hidden: true },
]);

export function GroupsPage() {
  return (
    <ListPage<DirectoryGroup>
      pageKey={LIST_PAGE_KEYS['/directory-groups']}
      title="Groups"
      subtitle={SYNCED}
      source={groupsSource}
      columns={groupColumns}
      rowHref={(row) => `/directory-groups/${encodeURIComponent(row.id)}`}
      exportName="directory-groups"
      empty={{ title: 'No groups yet', description: 'Groups appear here after the Google Workspace sync runs.' }}
    />
  );
}

type MemberRow = GroupMember & { id: string };
const memberColumns = defineColumns<MemberRow>(groupMemberListFields, [
  { field: 'email', headerName: 'Email', sortable: true, link: false, width: 340 },
  { field: 'role', headerName: 'Role' },
  { field: 'type', headerName: 'Type' },
  { field: 'status', headerName: 'Status', value: (row) => (row.status ? humaniseCode(row.status) : '') },
  { field: 'delivery_settings', headerName: 'Delivery', hidden: true },
]);

/** /directory-groups/:id: the group and its members. */
export function GroupPage() {
  const { id = '' } = useParams();
  const group = useQuery(groupQuery(id));
  const back = (
    <Button component={RouterLink} to="/directory-groups" startIcon={<ArrowBackIcon />}>
      Groups
    </Button>
  );
  if (group.isPending) return <PageLoading />;
  if (group.isError) {
    return (
      <PageFrame title="Group" actions={back}>
        <Alert severity={isNotFound(group.error) ? 'info' : 'error'}>{isNotFound(group.error) ? 'This group was not found.' : 'The group could not be loaded.'}</Alert>
      </PageFrame>
    );
  }
  const data = group.data;
  return (
    <PageFrame title={data.name} subtitle={data.email} actions={back}>
      <Paper variant="outlined" sx={{ p: 2.5, mb: 2.5 }}>
        {data.description && <Typography sx={{ mb: 1.5 }}>{data.description}</Typography>}
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
          <Chip label={`${Number(data.directMembersCount).toLocaleString()} direct members`} />
          {data.adminCreated && <Chip label="Created by an administrator" variant="outlined" />}
          {data.aliases.map((alias) => (
            <Chip key={alias} label={alias} variant="outlined" />
          ))}
        </Stack>
      </Paper>
      <Typography variant="h2" sx={{ fontSize: '1.125rem', mb: 1.5 }}>
        Members
      </Typography>
      <Box>
        <ListPage<MemberRow>
          embedded
          pageKey="DIRECTORY-GROUP-MEMBERS"
          title="Members"
          gridLabel={`Members of ${data.name}`}
          source={membersSource(id)}
          columns={memberColumns}
          getRowId={(row) => row.uid}
          exportName={`group-${data.email || id}-members`}
          empty={{ title: 'This group has no members' }}
        />
      </Box>
    </PageFrame>
  );
}
