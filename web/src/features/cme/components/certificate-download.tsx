import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { AppLink } from '@/components/router-link';
import { useDownloadCmeCertificateMutation, useDownloadCmeCredentialMutation } from '../api/cme-api';
import { cmeErrorText } from '../text';

const DOWNLOAD_FAILED = 'Your certificate could not be created. Please try again.';
const CREDENTIAL_FAILED = 'Your signed credential could not be downloaded. Please try again.';

/** Hands an object URL to the browser as a file download, then lets it go. */
function saveAs(url: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** The signed credential of the year's certificate (a JWS a board can check offline), saved as a file. */
function CredentialDownload({ year }: { year: number }) {
  const [download, { isLoading, isError, error }] = useDownloadCmeCredentialMutation();
  const start = () => {
    download({ year })
      .unwrap()
      .then((file) => saveAs(file.url, file.fileName))
      // The failure is shown from the mutation's state below.
      .catch(() => undefined);
  };
  return (
    <>
      <Button variant="outlined" onClick={start} disabled={isLoading} sx={{ minHeight: 44 }}>
        Download signed credential
      </Button>
      {isError ? (
        <Alert severity="error" role="alert">
          {cmeErrorText(error, CREDENTIAL_FAILED)}
        </Alert>
      ) : null}
    </>
  );
}

/**
 * "Download certificate" for a year with credits and complete CME information: issues the year's
 * certificate (the same one while the credits are the same; a new number once they changed), then saves
 * the PDF as issued. Then it names the certificate, links its public verify page and offers the signed
 * credential beside the PDF.
 */
export function CertificateDownload({ year }: { year: number }) {
  const [download, { data, isLoading, isSuccess, isError, error }] = useDownloadCmeCertificateMutation();

  const start = () => {
    download({ year })
      .unwrap()
      .then((file) => saveAs(file.url, file.fileName))
      // The failure is shown from the mutation's state below.
      .catch(() => undefined);
  };

  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Button
        variant="contained"
        onClick={start}
        disabled={isLoading}
        sx={{ minHeight: 44 }}
        startIcon={isLoading ? <CircularProgress size={18} color="inherit" aria-label="Working" /> : undefined}
      >
        Download certificate
      </Button>
      <Typography role="status" variant="body2" color="text.secondary">
        {isLoading ? `Generating your ${year} certificate…` : null}
        {isSuccess && data ? `Your ${year} certificate was downloaded as ${data.fileName}.` : null}
      </Typography>
      {isSuccess && data ? (
        <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            Certificate number <strong>{data.info.NUMBER}</strong>
            {data.info.SUPERSEDES ? ` (replaces ${data.info.SUPERSEDES})` : ''}
          </Typography>
          <AppLink
            to={`/verify/${data.info.NUMBER}`}
            sx={{ display: 'inline-flex', alignItems: 'center', minHeight: 44 }}
          >
            Its public verification page
          </AppLink>
          <CredentialDownload year={year} />
        </Stack>
      ) : null}
      {isError ? (
        <Alert severity="error" role="alert">
          {cmeErrorText(error, DOWNLOAD_FAILED)}
        </Alert>
      ) : null}
    </Stack>
  );
}
