import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import {
  BOARD_ID_MESSAGE,
  type CmeInfo,
  LICENSE_ID_PATTERN,
  LICENSE_NUMBER_MESSAGE,
  LICENSE_PAIR_MESSAGE,
  LICENSE_STATES,
} from '@contracts/account';
import { errorBody } from '@/lib/api';
import { DOB_FORMAT, DOB_PATTERN, DOB_REQUIRED, messageOf, muiField } from '@/lib/form';
import { useCmeInfoQuery, useSaveCmeInfoMutation } from '../api/account-api';
import {
  markServerErrors,
  type MessageFields,
  SAVE_FAILED,
  SaveButton,
  SaveOutcomeBanner,
  type SaveOutcome,
} from './save-outcome';

export const CME_STATEMENT =
  'CME is meant for surgeons in the United States. Our CME accreditor needs your date of birth to issue your certificates; it is stored encrypted.';
export const CME_LICENCE_NOTE =
  'Optional: with your state medical license, or your ABMS certifying board ID, we can report your credits to ACCME for your licensing board. Stored encrypted too.';

interface CmeInfoForm {
  DOB: string;
  LICENSESTATE: string;
  LICENSENUMBER: string;
  BOARDID: string;
}

/** Server messages start with these labels (the longest first is matched by markServerErrors). */
const FIELDS: MessageFields<CmeInfoForm> = [
  ['Date of Birth', 'DOB'],
  ['License State', 'LICENSESTATE'],
  ['License Number', 'LICENSENUMBER'],
  ['ABMS Board ID', 'BOARDID'],
];

const formOf = (info: CmeInfo | undefined): CmeInfoForm => ({
  DOB: info?.DOB ?? '',
  LICENSESTATE: info?.LICENSESTATE ?? '',
  LICENSENUMBER: info?.LICENSENUMBER ?? '',
  BOARDID: info?.BOARDID ?? '',
});

/** Signed-in section 8: a failed CME save shows the server's ERROR (or its messages). */
function failureText(error: unknown): string {
  const data = typeof error === 'object' && error !== null && 'data' in error ? error.data : null;
  if (typeof data === 'object' && data !== null && 'ERROR' in data && typeof data.ERROR === 'string') return data.ERROR;
  const messages = errorBody(error)?.message ?? [];
  return messages.length > 0 ? messages.join(' ') : SAVE_FAILED;
}

/** An optional licence id: empty, or 1 to 30 letters, digits, spaces, dots or dashes. */
const licenceId = (message: string) => (value: string) =>
  !value.trim() || LICENSE_ID_PATTERN.test(value.trim()) || message;

function CmeInfoFields({ token, info }: { token: string; info: CmeInfo | undefined }) {
  const [save, { isLoading }] = useSaveCmeInfoMutation();
  const [outcome, setOutcome] = useState<SaveOutcome>(null);
  const { register, handleSubmit, reset, setError, formState } = useForm<CmeInfoForm>({
    defaultValues: formOf(info),
    mode: 'onTouched',
  });
  const message = (field: keyof CmeInfoForm) => messageOf(formState.errors[field]);

  const onSubmit = async (form: CmeInfoForm) => {
    setOutcome(null);
    const body = {
      DOB: form.DOB.trim(),
      LICENSESTATE: form.LICENSESTATE,
      LICENSENUMBER: form.LICENSENUMBER.trim(),
      BOARDID: form.BOARDID.trim(),
    };
    try {
      const saved = await save({ token, body }).unwrap();
      reset(formOf(saved.data));
      setOutcome({ kind: 'success' });
    } catch (error) {
      const text = failureText(error);
      const messages = errorBody(error)?.message ?? [text];
      setOutcome({ kind: 'failure', messages: [text] });
      // Each field a message names shows it under the field; the focus goes to the first of them.
      markServerErrors(messages, FIELDS, setError);
    }
  };

  const text = (
    field: 'LICENSENUMBER' | 'BOARDID',
    label: string,
    validate: (value: string, form: CmeInfoForm) => true | string,
  ) => (
    <TextField
      fullWidth
      label={label}
      error={message(field) !== undefined}
      helperText={message(field) ?? 'Optional'}
      slotProps={{ htmlInput: { maxLength: 30, autoCapitalize: 'characters', spellCheck: false } }}
      {...muiField(register(field, { validate, ...(field === 'LICENSENUMBER' ? { deps: ['LICENSESTATE'] } : {}) }))}
    />
  );

  return (
    <Box component="form" aria-label="CME info" noValidate onSubmit={handleSubmit(onSubmit)}>
      <Stack spacing={2} sx={{ maxWidth: 560 }}>
        <TextField
          label="Date of Birth"
          required
          placeholder="MM/DD/YYYY"
          autoComplete="bday"
          error={message('DOB') !== undefined}
          helperText={message('DOB') ?? 'MM/DD/YYYY'}
          sx={{ maxWidth: 360 }}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 10 } }}
          {...muiField(
            register('DOB', {
              validate: (value) => {
                const trimmed = value.trim();
                if (!trimmed) return DOB_REQUIRED;
                return DOB_PATTERN.test(trimmed) || DOB_FORMAT;
              },
            }),
          )}
        />
        <Typography variant="body2" color="text.secondary">
          {CME_LICENCE_NOTE}
        </Typography>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 4 }}>
            <TextField
              fullWidth
              select
              label="License State"
              error={message('LICENSESTATE') !== undefined}
              helperText={message('LICENSESTATE') ?? 'Optional'}
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
              {...muiField(
                register('LICENSESTATE', {
                  // A number needs its state (the choices are the only states there are).
                  validate: (value, form) => !!value || !form.LICENSENUMBER.trim() || LICENSE_PAIR_MESSAGE,
                  deps: ['LICENSENUMBER'],
                }),
              )}
            >
              <option value="">None</option>
              {LICENSE_STATES.map((state) => (
                <option key={state} value={state}>
                  {state}
                </option>
              ))}
            </TextField>
          </Grid>
          <Grid size={{ xs: 12, sm: 8 }}>
            {text('LICENSENUMBER', 'License Number', (value, form) =>
              value.trim() ? licenceId(LICENSE_NUMBER_MESSAGE)(value) : !form.LICENSESTATE || LICENSE_PAIR_MESSAGE,
            )}
          </Grid>
          <Grid size={{ xs: 12, sm: 8 }}>{text('BOARDID', 'ABMS Board ID', licenceId(BOARD_ID_MESSAGE))}</Grid>
        </Grid>
        <SaveButton busy={isLoading} />
        <SaveOutcomeBanner outcome={outcome} />
      </Stack>
    </Box>
  );
}

/**
 * The CME info tab (roles cme or cmePrint; signed-in sections 2, 5 and 8): the date of birth, also the
 * one recorded at checkout, and the optional licence fields the accreditor's PARS report needs. A load
 * failure leaves the fields empty (the spec only logs it) with a note.
 */
export function CmeTab({ token }: { token: string }) {
  const { data, isLoading, isError } = useCmeInfoQuery(token);
  return (
    <Stack spacing={2}>
      <Alert severity="info" role="note">
        {CME_STATEMENT}
      </Alert>
      {isLoading ? (
        <LinearProgress aria-label="Loading CME info" />
      ) : (
        <>
          {isError ? (
            <Alert severity="warning">Your saved CME info could not be loaded; you can enter it again.</Alert>
          ) : null}
          <CmeInfoFields token={token} info={data?.data} />
        </>
      )}
    </Stack>
  );
}
