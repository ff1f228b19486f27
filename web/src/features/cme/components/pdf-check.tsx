import { type ChangeEvent, useId } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CME_PDF_MATCH, CME_PDF_MISMATCH, CME_PDF_UNCHECKABLE } from '@contracts/cme';
import { useCheckCertificateFileMutation } from '../api/cme-api';
import { cmeErrorText } from '../text';

const CHECK_FAILED = 'The file could not be checked right now. Please try again later.';

/**
 * "Check a PDF" on the verify page: the file chosen is compared byte for byte with the PDF issued under
 * this number (hashed in the browser; only its SHA-256 is sent where Web Crypto is offered). A native
 * file input, tall enough to tap, usable from the keyboard.
 */
export function PdfCheck({ number }: { number: string }) {
  const inputId = useId();
  const [check, { data, isLoading, isError, error, originalArgs, reset }] = useCheckCertificateFileMutation();

  const chosen = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) {
      reset();
      return;
    }
    // The outcome is shown from the mutation's state below.
    check({ number, file }).catch(() => undefined);
  };
  const fileName = originalArgs?.file instanceof File ? originalArgs.file.name : 'The file';

  return (
    <Stack component="section" spacing={1.5} aria-labelledby={`${inputId}-heading`}>
      <Typography variant="h6" component="h2" id={`${inputId}-heading`}>
        Check a PDF
      </Typography>
      <Typography variant="body2">
        Choose the certificate PDF you were given to see whether it is, byte for byte, the one we issued under this
        number.
      </Typography>
      <Box component="label" htmlFor={inputId} sx={{ fontWeight: 600 }}>
        Certificate PDF
      </Box>
      <Box
        component="input"
        id={inputId}
        type="file"
        accept="application/pdf,.pdf"
        onChange={chosen}
        sx={{ minHeight: 44, maxWidth: '100%', fontSize: '1rem', py: 1 }}
      />
      {isLoading ? <LinearProgress aria-label="Checking the file" /> : null}
      {!isLoading && data ? (
        <Alert
          role="status"
          severity={data.PDFMATCH === true ? 'success' : data.PDFMATCH === false ? 'error' : 'info'}
          sx={{ overflowWrap: 'anywhere' }}
        >
          <Typography sx={{ fontWeight: 600 }}>
            {data.PDFMATCH === true ? CME_PDF_MATCH : data.PDFMATCH === false ? CME_PDF_MISMATCH : CME_PDF_UNCHECKABLE}
          </Typography>
          {data.PDFMATCH === true && data.STATUS !== 'valid' ? (
            <Typography variant="body2">{`Its status: ${data.STATUSTEXT}.`}</Typography>
          ) : null}
          <Typography variant="body2">{`${fileName} was checked against certificate ${data.NUMBER}.`}</Typography>
        </Alert>
      ) : null}
      {!isLoading && isError ? (
        <Alert role="alert" severity="error">
          {cmeErrorText(error, CHECK_FAILED)}
        </Alert>
      ) : null}
    </Stack>
  );
}
