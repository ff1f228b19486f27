import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { cmeCertificateFileName } from '@contracts/cme';
import { cmeErrorText } from '../text';

const DOWNLOAD_FAILED = 'Your certificate could not be created. Please try again.';

/** The yearly PDF: fetched with the Bearer token (a link cannot carry it), handed over as a file download. */
async function fetchCertificate(token: string, year: number): Promise<Blob> {
  const response = await fetch(`/api/cme/certificate?year=${year}`, {
    headers: { authorization: `Bearer ${token}`, accept: 'application/pdf' },
  });
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    let data: unknown = text;
    try {
      data = JSON.parse(text);
    } catch {
      // Not JSON: the text itself (or the fallback) is shown.
    }
    throw Object.assign(new Error(`certificate ${response.status}`), { status: response.status, data });
  }
  return response.blob();
}

function saveAs(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
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

type State = { kind: 'idle' } | { kind: 'busy' } | { kind: 'done' } | { kind: 'failed'; message: string };

/** "Download certificate" for a year with credits and complete CME information. */
export function CertificateDownload({ token, year }: { token: string; year: number }) {
  const [state, setState] = useState<State>({ kind: 'idle' });
  const busy = state.kind === 'busy';

  const download = () => {
    setState({ kind: 'busy' });
    fetchCertificate(token, year)
      .then((blob) => {
        saveAs(blob, cmeCertificateFileName(year));
        setState({ kind: 'done' });
      })
      .catch((error: unknown) => setState({ kind: 'failed', message: cmeErrorText(error, DOWNLOAD_FAILED) }));
  };

  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Button
        variant="contained"
        onClick={download}
        disabled={busy}
        startIcon={busy ? <CircularProgress size={18} color="inherit" aria-label="Working" /> : undefined}
      >
        Download certificate
      </Button>
      <Typography role="status" variant="body2" color="text.secondary">
        {busy ? `Generating your ${year} certificate…` : null}
        {state.kind === 'done' ? `Your ${year} certificate was downloaded as ${cmeCertificateFileName(year)}.` : null}
      </Typography>
      {state.kind === 'failed' ? (
        <Alert severity="error" role="alert">
          {state.message}
        </Alert>
      ) : null}
    </Stack>
  );
}
