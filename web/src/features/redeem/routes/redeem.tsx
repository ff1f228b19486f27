import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { useParams } from 'react-router';
import { CODE_REQUIRED, type RedeemResponse } from '@contracts/streaming';
import { Page } from '@/components/page';
import { AppLink } from '@/components/router-link';
import { SubmitButton } from '@/components/submit-button';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { errorBody } from '@/lib/api';
import { viewerApi } from '@/lib/auth';
import { muiField } from '@/lib/form';
import { useRedeemMutation } from '../api/redeem-api';

interface RedeemForm {
  code: string;
}

const FALLBACK = 'Your code could not be redeemed. Please try again.';

/** The server's text of a refusal (signed-in section 8: shown in a danger alert). */
function refusalText(error: unknown): string {
  const body = errorBody(error);
  if (body?.message[0]) return body.message[0];
  const data =
    typeof error === 'object' && error !== null && 'data' in error ? (error as { data: unknown }).data : null;
  if (typeof data === 'object' && data !== null && 'message' in data) {
    const message = (data as { message: unknown }).message;
    if (typeof message === 'string' && message) return message;
  }
  return body?.error || FALLBACK;
}

/** redeem and redeem/{CODE} (signed-in section 2, "Book redeem"): the code, Submit, the outcome. */
export default function RedeemRoute() {
  const { code } = useParams();
  const initial = code && code !== 'null' ? code : '';
  const [redeem, { isLoading }] = useRedeemMutation();
  const [success, setSuccess] = useState<RedeemResponse | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [readingRoles, setReadingRoles] = useState(false);
  const { register, handleSubmit, formState } = useForm<RedeemForm>({ defaultValues: { code: initial } });
  const fieldError = formState.errors.code?.message;
  const dispatch = useAppDispatch();
  const token = useAppSelector((state) => state.session.token);

  /** The code may bring role streaming: the roles are read again before Stream Now shows. */
  const rolesRead = async () => {
    if (!token) return;
    const request = dispatch(viewerApi.endpoints.me.initiate(token, { forceRefetch: true, subscribe: false }));
    await request.unwrap().catch(() => undefined);
  };

  const onSubmit = ({ code: entered }: RedeemForm) => {
    setFailure(null);
    setSuccess(null);
    redeem({ code: entered.trim() })
      .unwrap()
      .then(async (answer) => {
        setReadingRoles(true);
        await rolesRead();
        setReadingRoles(false);
        setSuccess(answer);
      })
      .catch((error: unknown) => setFailure(refusalText(error)));
  };

  return (
    <Page title="Redeem Book" maxWidth="sm">
      <Stack spacing={3}>
        <Typography>
          Enter the one-time code from the activation strip inside your book cover. Redeeming it permanently adds the
          book&apos;s videos to your streaming account. <AppLink to="/redeem-info">How to redeem a book code</AppLink>
        </Typography>
        {/* Submit is a 44 px tap target. */}
        <Box
          component="form"
          noValidate
          onSubmit={handleSubmit(onSubmit)}
          sx={{ '& .MuiButton-root': { minHeight: 44 } }}
        >
          <Stack spacing={2}>
            <TextField
              label="Code"
              required
              autoComplete="off"
              error={Boolean(fieldError)}
              helperText={fieldError}
              {...muiField(register('code', { validate: (value) => value.trim() !== '' || CODE_REQUIRED }))}
            />
            <Box>
              <SubmitButton busy={isLoading || readingRoles}>Submit</SubmitButton>
            </Box>
          </Stack>
        </Box>
        {failure ? (
          <Alert severity="error" role="alert">
            {failure}
          </Alert>
        ) : null}
        {success ? (
          <Alert severity="success" role="status">
            <Typography>{success.message}</Typography>
            <Typography variant="body2" sx={{ mt: 0.5 }}>
              {success.PRODUCTNAME}
            </Typography>
            <AppLink to="/streaming" sx={{ display: 'inline-block', mt: 1, fontWeight: 600 }}>
              Stream Now
            </AppLink>
          </Alert>
        ) : null}
      </Stack>
    </Page>
  );
}
