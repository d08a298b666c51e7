import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import { useSnackbar } from '../../shared/ui/snackbar';
import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import PhotoCameraOutlinedIcon from '@mui/icons-material/PhotoCameraOutlined';
import { USER_TYPES } from '@ops/contract/common/permissions';
import { PROFILE_PICTURE_MAX_BYTES } from '@ops/contract/identity/identity.values';
import type { Profile } from '@ops/contract/identity/identity.schemas';
import { ApiError } from '../../api/http-client';
import { profileQuery, useCurrentUser } from '../../shared/session/session';
import { UserAvatar, useProfilePictureUrl } from '../../shell/header/ProfileMenu';
import { AppSettingsForm } from '../../shell/settings/AppSettingsForm';
import { PageFrame } from '../../shared/ui/PageFrame';
import { SettingsSection } from '../../shared/ui/SettingsSection';
import { PageLoading } from '../../shared/ui/PageLoading';
import { fieldErrorsOf, zodResolver } from '../../shared/zod-resolver';
import { useUpdateName, useUpdateProfile } from './account.queries';
import { ERROR_MESSAGES } from '@ops/contract/common/error-messages';


// The forms check with the contract's schemas, loaded (with zod) when a form is first submitted.
const identitySchemas = () => import('@ops/contract/identity/identity.schemas');

interface NameValues {
  first_name: string;
  last_name: string;
}

const nameResolver = zodResolver<NameValues>(() => identitySchemas().then((schemas) => schemas.userUpdateSchema));

function NameForm({ initial }: { initial: NameValues }) {
  const { enqueueSnackbar } = useSnackbar();
  const update = useUpdateName();
  const { register, handleSubmit, formState, setError, reset } = useForm<NameValues>({ defaultValues: initial, resolver: nameResolver });
  const onSubmit = async (values: NameValues) => {
    try {
      const saved = await update.mutateAsync(values);
      reset({ first_name: saved.first_name, last_name: saved.last_name });
      enqueueSnackbar('Name saved.', { variant: 'success' });
    } catch (error) {
      if (error instanceof ApiError) fieldErrorsOf(error.body).forEach(([field, message]) => setError(field as keyof NameValues, { message }));
      enqueueSnackbar('Name not saved.', { variant: 'error' });
    }
  };
  return (
    <Stack component="form" noValidate spacing={2} onSubmit={handleSubmit(onSubmit)}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField label="First name" fullWidth error={Boolean(formState.errors.first_name)} helperText={formState.errors.first_name?.message} {...register('first_name')} />
        <TextField label="Last name" fullWidth error={Boolean(formState.errors.last_name)} helperText={formState.errors.last_name?.message} {...register('last_name')} />
      </Stack>
      <Box>
        <Button type="submit" variant="contained" disabled={formState.isSubmitting || !formState.isDirty}>
          {formState.isSubmitting ? 'Saving...' : 'Save name'}
        </Button>
      </Box>
    </Stack>
  );
}

interface DetailsValues {
  date_of_birth: string;
  phone: string;
  mobile: string;
  personal_email: string;
  linkedin: string;
}

const detailsOf = (profile: Profile): DetailsValues => ({
  date_of_birth: profile.date_of_birth ?? '',
  phone: profile.phone,
  mobile: profile.mobile,
  personal_email: profile.personal_email,
  linkedin: profile.linkedin,
});

const detailsResolver = zodResolver<DetailsValues>(() => identitySchemas().then((schemas) => schemas.profileUpdateSchema));

function DetailsForm({ profile }: { profile: Profile }) {
  const { enqueueSnackbar } = useSnackbar();
  const update = useUpdateProfile();
  const { register, handleSubmit, formState, setError, reset } = useForm<DetailsValues>({ defaultValues: detailsOf(profile), resolver: detailsResolver });
  const onSubmit = async (values: DetailsValues) => {
    try {
      const saved = await update.mutateAsync({ fields: values });
      reset(detailsOf(saved));
      enqueueSnackbar('Personal details saved.', { variant: 'success' });
    } catch (error) {
      if (error instanceof ApiError) fieldErrorsOf(error.body).forEach(([field, message]) => setError(field as keyof DetailsValues, { message }));
      enqueueSnackbar('Personal details not saved.', { variant: 'error' });
    }
  };
  const field = (name: keyof DetailsValues, label: string, extra: object = {}) => (
    <TextField label={label} fullWidth error={Boolean(formState.errors[name])} helperText={formState.errors[name]?.message} {...extra} {...register(name)} />
  );
  return (
    <Stack component="form" noValidate spacing={2} onSubmit={handleSubmit(onSubmit)}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {field('date_of_birth', 'Date of birth', { type: 'date', slotProps: { inputLabel: { shrink: true } } })}
        {field('personal_email', 'Personal email', { type: 'email' })}
        {field('phone', 'Phone', { type: 'tel' })}
        {field('mobile', 'Mobile', { type: 'tel' })}
        {field('linkedin', 'LinkedIn', { placeholder: 'https://www.linkedin.com/in/…' })}
      </Box>
      <Box>
        <Button type="submit" variant="contained" disabled={formState.isSubmitting || !formState.isDirty}>
          {formState.isSubmitting ? 'Saving...' : 'Save personal details'}
        </Button>
      </Box>
    </Stack>
  );
}

function PictureForm({ name }: { name: string }) {
  const input = useRef<HTMLInputElement>(null);
  const url = useProfilePictureUrl();
  const update = useUpdateProfile();
  const { enqueueSnackbar } = useSnackbar();
  const [error, setError] = useState<string | null>(null);
  const upload = (file: File) => {
    setError(null);
    if (!['image/jpeg', 'image/png'].includes(file.type)) return setError(ERROR_MESSAGES.image);
    if (file.size > PROFILE_PICTURE_MAX_BYTES) return setError('The picture must be 5 MB or smaller.');
    update.mutate(
      { fields: {}, picture: file },
      {
        onSuccess: () => enqueueSnackbar('Profile picture updated.', { variant: 'success' }),
        onError: (failure) => setError(failure instanceof ApiError ? failure.message : 'The picture could not be uploaded.'),
      },
    );
  };
  return (
    <Stack direction="row" spacing={2.5} sx={{ alignItems: 'center' }}>
      <UserAvatar size={88} url={url} name={name} />
      <Box>
        <input
          ref={input}
          type="file"
          hidden
          accept="image/jpeg,image/png"
          aria-label="Profile picture file"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) upload(file);
          }}
        />
        <Button variant="outlined" startIcon={<PhotoCameraOutlinedIcon />} onClick={() => input.current?.click()} disabled={update.isPending}>
          {update.isPending ? 'Uploading...' : 'Upload picture'}
        </Button>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.75 }}>
          JPEG or PNG, up to 5 MB.
        </Typography>
        {error && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {error}
          </Alert>
        )}
      </Box>
    </Stack>
  );
}

function ReadOnly({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography>{value || '—'}</Typography>
    </Box>
  );
}

export function UserAccountPage() {
  const user = useCurrentUser();
  const profile = useQuery(profileQuery);
  if (user.isPending || profile.isPending) return <PageLoading />;
  if (!user.data || !profile.data) return <Alert severity="error">Your account could not be loaded.</Alert>;
  const u = user.data;
  const p = profile.data;

  return (
    <PageFrame title="User Account" subtitle={u.email}>
      <Stack spacing={2.5}>
        <SettingsSection title="Profile picture">
          <PictureForm name={u.full_name} />
        </SettingsSection>
        <SettingsSection title="Name">
          <NameForm key={user.data?.id} initial={{ first_name: u.first_name, last_name: u.last_name }} />
        </SettingsSection>
        <SettingsSection title="Personal details" description="Visible to administrators; used to reach you when needed.">
          <DetailsForm profile={p} />
        </SettingsSection>
        <SettingsSection title="Work details" description="Kept by your organisation's directory.">
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}>
            <ReadOnly label="Email" value={u.email} />
            <ReadOnly label="User type" value={USER_TYPES[u.user_type as keyof typeof USER_TYPES]} />
            <ReadOnly label="Groups" value={u.groups.map((g) => g.name).join(', ')} />
            <ReadOnly label="Employee ID" value={p.employee_id} />
            <ReadOnly label="Department" value={p.department} />
            <ReadOnly label="Position" value={p.position} />
            <ReadOnly label="Location" value={p.location} />
            <ReadOnly label="Reporting manager" value={u.reporting_manager?.email} />
          </Box>
        </SettingsSection>
        <SettingsSection title="Application Settings" description="Saved as you change them.">
          <Box sx={{ maxWidth: 480 }}>
            <AppSettingsForm />
          </Box>
        </SettingsSection>
      </Stack>
    </PageFrame>
  );
}
