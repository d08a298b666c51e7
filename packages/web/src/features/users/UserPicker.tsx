import { useDeferredValue, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Autocomplete, TextField } from '@mui/material';
import { assigneeSearchQuery, userSearchQuery, type UserWithEmail } from './users.queries';

interface BaseProps {
  label: string;
  disabled?: boolean;
  helperText?: string;
  size?: 'small' | 'medium';
  /** Whom to offer: any user (recipients, copies) or only those who may work tickets (assignees). */
  people?: 'users' | 'assignees';
}

export interface UserPickerProps extends BaseProps {
  value: UserWithEmail | null;
  onChange: (user: UserWithEmail | null) => void;
}

export interface UsersPickerProps extends BaseProps {
  value: UserWithEmail[];
  onChange: (users: UserWithEmail[]) => void;
}

function useUserOptions(people: 'users' | 'assignees' = 'users') {
  const [input, setInput] = useState('');
  const search = useDeferredValue(input.trim());
  const users = useQuery(people === 'assignees' ? assigneeSearchQuery(search) : userSearchQuery(search));
  return { options: users.data?.results ?? [], loading: users.isFetching, setInput };
}

const optionLabel = (user: UserWithEmail) => user.full_name.trim() || user.email;

/** One user, searched on the server as the name or e-mail is typed. */
export function UserPicker({ label, value, onChange, disabled, helperText, size = 'small', people }: UserPickerProps) {
  const { options, loading, setInput } = useUserOptions(people);
  return (
    <Autocomplete
      size={size}
      value={value}
      options={options}
      loading={loading}
      disabled={disabled}
      filterOptions={(x) => x}
      getOptionLabel={optionLabel}
      getOptionKey={(user) => user.id}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      renderOption={(props, user) => (
        <li {...props} key={user.id}>
          {optionLabel(user)}&nbsp;<span style={{ opacity: 0.65 }}>{user.email}</span>
        </li>
      )}
      onInputChange={(_, text) => setInput(text)}
      onChange={(_, user) => onChange(user)}
      renderInput={(params) => <TextField {...params} label={label} helperText={helperText} />}
    />
  );
}

/** Several users (copy), searched on the server. */
export function UsersPicker({ label, value, onChange, disabled, helperText, size = 'small' }: UsersPickerProps) {
  const { options, loading, setInput } = useUserOptions();
  return (
    <Autocomplete
      multiple
      size={size}
      value={value}
      options={options}
      loading={loading}
      disabled={disabled}
      filterOptions={(x) => x}
      getOptionLabel={optionLabel}
      getOptionKey={(user) => user.id}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onInputChange={(_, text, reason) => reason === 'input' && setInput(text)}
      onChange={(_, users) => onChange(users)}
      renderInput={(params) => <TextField {...params} label={label} helperText={helperText} />}
    />
  );
}
