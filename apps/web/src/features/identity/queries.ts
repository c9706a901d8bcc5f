import { type InputOf, kycApi } from '@chatpay/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../../lib/auth.ts';
import { call } from '../../lib/request.ts';
import { identityKeys } from './keys.ts';

/** My verification level, what each level allows, and my latest submission with its status and reason. */
export const useKycStatus = () => {
  const token = useAuth((s) => s.token);
  return useQuery({
    queryKey: identityKeys.status(),
    queryFn: () => call(kycApi.status, {}),
    enabled: Boolean(token),
  });
};

/** Sends a submission (or replaces the one waiting); the answer is the new status. */
export const useKycSubmit = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: InputOf<typeof kycApi.submit>) => call(kycApi.submit, input),
    onSuccess: (status) => qc.setQueryData(identityKeys.status(), status),
  });
};
