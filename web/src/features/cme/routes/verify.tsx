import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router';
import { CERTIFICATE_UNKNOWN } from '@contracts/cme';
import { Page } from '@/components/page';
import { errorStatus } from '@/lib/api';
import { useVerifyCertificateQuery } from '../api/cme-api';
import { datePart } from '../text';

const CHECK_FAILED = 'The certificate could not be checked right now. Please try again later.';

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

/** verify/{number} (public): confirms a genuine yearly CME certificate, or says plainly that it is unknown. */
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
          {unknown ? CERTIFICATE_UNKNOWN : CHECK_FAILED}
        </Alert>
      ) : null}
      {!isFetching && data ? (
        <Alert severity="success" role="status">
          <Typography sx={{ fontWeight: 600, mb: 1 }}>This is a genuine CME certificate.</Typography>
          <Box
            component="dl"
            sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5 }}
          >
            <Row term="Certificate number">{data.NUMBER}</Row>
            <Row term="Name">{data.NAME}</Row>
            <Row term="Year">{data.YEAR}</Row>
            <Row term="CME credits">{data.TOTALCREDIT}</Row>
            {data.SAFETYTOTAL > 0 ? <Row term="Safety credits">{data.SAFETYTOTAL}</Row> : null}
            <Row term="Issued">{datePart(data.ISSUED_AT)}</Row>
          </Box>
        </Alert>
      ) : null}
    </Page>
  );
}
