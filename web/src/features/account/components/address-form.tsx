import { useState } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import type { AccountAddress, AccountUser } from '@contracts/account';
import { AddressFields } from '@/components/address-fields';
import { useReferenceQuery } from '@/lib/catalog-api';
import { useSaveAddressMutation } from '../api/account-api';
import {
  failureOf,
  markServerErrors,
  type MessageFields,
  SaveOutcomeBanner,
  type SaveOutcome,
  SaveButton,
} from './save-outcome';

const EMPTY: AccountAddress = { ADDRESS: '', ADDRESS2: '', CITY: '', STATE: '', ZIP: '', COUNTRY: '' };

/** The server's messages by the field they are about, in the form's order. */
const FIELDS: MessageFields<AccountAddress> = [
  ['Address', 'ADDRESS'],
  ['Address 2', 'ADDRESS2'],
  ['City', 'CITY'],
  ['State', 'STATE'],
  ['Zip Code', 'ZIP'],
  ['Zip', 'ZIP'],
  ['Country', 'COUNTRY'],
];

/** The shipping or billing address form (signed-in sections 2, 5 and 8): checkout's address fields. */
export function AddressForm({ kind, user, token }: { kind: 'shipping' | 'billing'; user: AccountUser; token: string }) {
  const reference = useReferenceQuery().data;
  const [save, { isLoading }] = useSaveAddressMutation();
  const [outcome, setOutcome] = useState<SaveOutcome>(null);
  const saved = kind === 'shipping' ? user.custshiptoaddress : user.custbilltoaddress;
  const { register, handleSubmit, reset, setError, formState } = useForm<AccountAddress>({
    defaultValues: saved ?? EMPTY,
    mode: 'onTouched',
  });
  const title = kind === 'shipping' ? 'Shipping address' : 'Billing address';

  const onSubmit = async (form: AccountAddress) => {
    setOutcome(null);
    const body = {
      ADDRESS: form.ADDRESS.trim(),
      ADDRESS2: form.ADDRESS2.trim(),
      CITY: form.CITY.trim(),
      STATE: form.STATE,
      ZIP: form.ZIP.trim(),
      COUNTRY: form.COUNTRY,
    };
    try {
      const answer = await save({ token, kind, body }).unwrap();
      const now = kind === 'shipping' ? answer.data.custshiptoaddress : answer.data.custbilltoaddress;
      reset(now ?? body);
      setOutcome({ kind: 'success' });
    } catch (error) {
      const failure = failureOf(error);
      setOutcome(failure);
      if (failure?.kind === 'failure') markServerErrors(failure.messages, FIELDS, setError);
    }
  };

  return (
    <Box component="form" aria-label={title} noValidate onSubmit={handleSubmit(onSubmit)}>
      <Stack spacing={2}>
        <AddressFields prefix="" register={register} errors={formState.errors} reference={reference} section={kind} />
        <SaveButton busy={isLoading} />
        <SaveOutcomeBanner outcome={outcome} />
      </Stack>
    </Box>
  );
}
