import { useState } from 'react';
import { Box, Stack, Tab, Tabs, Typography } from '@mui/material';
import { PageFrame } from '../../shared/ui/PageFrame';
import { UserPicker } from '../users/UserPicker';
import type { UserWithEmail } from '../users/users.queries';
import { DriftReport } from './DriftReport';
import { UserAllocations } from './UserAllocations';

/** System Administration → Allocations: who is allocated to which legal entities, clients and cost centres. */
export function AllocationsPage() {
  const [tab, setTab] = useState<'users' | 'drift'>('users');
  const [user, setUser] = useState<UserWithEmail | null>(null);
  return (
    <PageFrame title="Allocations" subtitle="System Administration">
      <Tabs value={tab} onChange={(_, next) => setTab(next)} sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}>
        <Tab value="users" label="Users" />
        <Tab value="drift" label="Drift report" />
      </Tabs>
      {tab === 'users' ? (
        <Stack spacing={2}>
          <Box sx={{ maxWidth: 480 }}>
            <UserPicker label="Search users" value={user} onChange={setUser} />
          </Box>
          {user ? (
            <UserAllocations user={user} />
          ) : (
            <Typography color="text.secondary">Search for a user to see and change their allocations.</Typography>
          )}
        </Stack>
      ) : (
        <DriftReport />
      )}
    </PageFrame>
  );
}
