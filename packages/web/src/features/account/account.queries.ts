import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { identityEndpoints } from '../../api/endpoint-routes';
import type { profileUpdateSchema, userUpdateSchema } from '@ops/contract/identity/identity.schemas';
import { callEndpoint } from '../../api/http-client';
import { currentUserQuery, profileQuery } from '../../shared/session/session';

export function useUpdateName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof userUpdateSchema>) => callEndpoint(identityEndpoints.patchUser, { body }),
    onSuccess: (user) => queryClient.setQueryData(currentUserQuery.queryKey, user),
  });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ fields, picture }: { fields: z.input<typeof profileUpdateSchema>; picture?: File }) => {
      const form = new FormData();
      for (const [key, value] of Object.entries(fields)) if (value !== undefined) form.append(key, value);
      if (picture) form.append('profile_picture', picture, picture.name);
      return callEndpoint(identityEndpoints.patchProfile, { body: form });
    },
    onSuccess: (profile) => queryClient.setQueryData(profileQuery.queryKey, profile),
  });
}
