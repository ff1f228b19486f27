import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router';
import {
  CERTIFICATE_UNKNOWN,
  CME_VERIFY_HEADLINES,
  type CmeCertificateActivity,
  type CmeVerifyResponse,
  cmeCreditsText,
} from '@contracts/cme';
import { Page } from '@/components/page';
import { AppLink } from '@/components/router-link';
import { errorStatus } from '@/lib/api';
import { useVerifyCertificateQuery } from '../api/cme-api';
import { PdfCheck } from '../components/pdf-check';
import { cmeErrorText, datePart } from '../text';

const CHECK_FAILED = 'The certificate could not be checked right now. Please try again later.';
const SEVERITY = { valid: 'success', superseded: 'warning', revoked: 'error' } as const;
const TAP = { display: 'inline-flex', alignItems: 'center', minHeight: 44 } as const;

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" color="text.secondary">
        {term}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </>
  );
}

/** The status, with the certificate that replaced a superseded one a tap away. */
function Status({ data }: { data: CmeVerifyResponse }) {
  if (data.STATUS !== 'superseded' || !data.SUPERSEDED_BY) return <>{data.STATUSTEXT}</>;
  return (
    <>
      Superseded by{' '}
      <AppLink to={`/verify/${data.SUPERSEDED_BY}`} sx={TAP}>
        {data.SUPERSEDED_BY}
      </AppLink>
    </>
  );
}

/**
 * "Completed 2026-03-01 · 1.5 CME credits claimed (1.5 patient safety)": the credits a version 3
 * certificate says were claimed (its designation follows); an earlier one printed the credits alone.
 */
function activityLine(a: CmeCertificateActivity): string {
  const credits = `${cmeCreditsText(a.TOTAL)}${a.DESIGNATION === null ? '' : ' claimed'}`;
  return `Completed ${datePart(a.created_at)} · ${credits}${a.SAFETYCREDITS > 0 ? ` (${a.SAFETYCREDITS} patient safety)` : ''}`;
}

/** What the certificate printed: each activity with its completion date, credits claimed, maximum and designation. */
function Activities({ data }: { data: CmeVerifyResponse }) {
  return (
    <Stack component="section" spacing={1} aria-labelledby="verified-activities">
      <Typography variant="h6" component="h2" id="verified-activities">
        Activities
      </Typography>
      {data.ACTIVITIES.length === 0 ? (
        <Typography variant="body2">This certificate was issued before activities were recorded on it.</Typography>
      ) : (
        <Box component="ul" sx={{ m: 0, pl: 0, listStyle: 'none', display: 'grid', gap: 1 }}>
          {data.ACTIVITIES.map((a) => (
            <Box
              component="li"
              key={`${a.TYPE}-${a.PRODUCTID}`}
              sx={{ borderBottom: 1, borderColor: 'divider', pb: 1 }}
            >
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{a.NAME}</Typography>
              <Typography variant="body2" color="text.secondary">
                {activityLine(a)}
              </Typography>
              {a.DESIGNATION ? (
                <Typography variant="body2" sx={{ mt: 0.5 }}>
                  {a.DESIGNATION}
                </Typography>
              ) : null}
            </Box>
          ))}
        </Box>
      )}
    </Stack>
  );
}

/** The accredited provider's accreditation statement, as printed (version 3). */
function Accreditation({ statement }: { statement: string }) {
  return (
    <Stack component="section" spacing={1} aria-labelledby="verified-accreditation">
      <Typography variant="h6" component="h2" id="verified-accreditation">
        Accreditation
      </Typography>
      <Typography variant="body2">{statement}</Typography>
    </Stack>
  );
}

/** The signed credential: downloadable, checkable offline with the shop's published keys. */
function Credential({ number }: { number: string }) {
  return (
    <Stack component="section" spacing={1} aria-labelledby="verified-credential" sx={{ alignItems: 'flex-start' }}>
      <Typography variant="h6" component="h2" id="verified-credential">
        Signed credential
      </Typography>
      <Typography variant="body2">
        The same certificate, signed by us (a JSON Web Signature, Ed25519): anyone can check it offline with our public
        keys.
      </Typography>
      <Button
        variant="outlined"
        href={`/api/cme/verify/${encodeURIComponent(number)}/credential`}
        download
        sx={{ minHeight: 44 }}
      >
        Download signed credential
      </Button>
      <Link href="/.well-known/jwks.json" sx={TAP}>
        Our public keys (JWKS)
      </Link>
    </Stack>
  );
}

function Verified({ data }: { data: CmeVerifyResponse }) {
  return (
    <Stack spacing={3}>
      <Alert severity={SEVERITY[data.STATUS]} role="status">
        <Typography sx={{ fontWeight: 600, mb: 1 }}>{CME_VERIFY_HEADLINES[data.STATUS]}</Typography>
        <Box
          component="dl"
          sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', columnGap: 2, rowGap: 0.5 }}
        >
          <Row term="Certificate number">{data.NUMBER}</Row>
          {data.PROVIDER ? <Row term="Accredited provider">{data.PROVIDER}</Row> : null}
          <Row term="Name">{data.NAME}</Row>
          {data.LICENSESTATE && data.LICENSENUMBER ? (
            <Row term="State medical license">{`${data.LICENSESTATE} ${data.LICENSENUMBER}`}</Row>
          ) : null}
          {data.BOARDID ? <Row term="ABMS board ID">{data.BOARDID}</Row> : null}
          <Row term="Year">{data.YEAR}</Row>
          <Row term="CME credits">{data.TOTALCREDIT}</Row>
          {data.SAFETYTOTAL > 0 ? <Row term="Safety credits">{data.SAFETYTOTAL}</Row> : null}
          <Row term="Issued">{datePart(data.ISSUED_AT)}</Row>
          <Row term="Status">
            <Status data={data} />
          </Row>
          {data.SUPERSEDES ? <Row term="Replaces">{data.SUPERSEDES}</Row> : null}
          {data.PDFSHA256 ? (
            <Row term="PDF SHA-256">
              <Box component="span" sx={{ fontFamily: 'monospace', fontWeight: 400 }}>
                {data.PDFSHA256}
              </Box>
            </Row>
          ) : null}
        </Box>
      </Alert>
      <Activities data={data} />
      {data.ACCREDITATION ? <Accreditation statement={data.ACCREDITATION} /> : null}
      <PdfCheck number={data.NUMBER} />
      {data.CREDENTIAL ? <Credential number={data.NUMBER} /> : null}
    </Stack>
  );
}

/**
 * verify/{number} (public): the certificate as it was issued (never today's figures), its status
 * (valid, superseded by a later number, revoked with date and reason), a check of a PDF against it and
 * its signed credential; an unknown number says so plainly.
 */
export default function VerifyRoute() {
  const { number = '' } = useParams();
  const { data, error, isFetching } = useVerifyCertificateQuery(number);
  const status = errorStatus(error);
  const unknown = status === 404 || status === 400;

  return (
    <Page title="Verify a CME Certificate" maxWidth="sm">
      {isFetching ? <LinearProgress aria-label="Checking certificate" /> : null}
      {!isFetching && error ? (
        <Alert severity={unknown ? 'warning' : 'error'} role="alert">
          {unknown ? CERTIFICATE_UNKNOWN : status === 429 ? cmeErrorText(error, CHECK_FAILED) : CHECK_FAILED}
        </Alert>
      ) : null}
      {!isFetching && data ? <Verified data={data} /> : null}
    </Page>
  );
}
