import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { StreamDocument } from '@contracts/streaming';

/**
 * One file per line, each link a target a finger can hit: 44 px high on a phone, 32 px from the sm
 * breakpoint up (WCAG 2.5.8 asks 24 px; the six links of product 215 were 16 px high, stacked).
 */
const FILE_LINK = {
  overflowWrap: 'anywhere',
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: { xs: 44, sm: 32 },
} as const;

/** Product 215's companion documents: one row per entry, some with several files (signed URLs). */
export function DocumentsTable({ documents }: { documents: StreamDocument[] }) {
  return (
    <>
      <Typography variant="h5" component="h2" sx={{ mt: 3, mb: 1 }}>
        Documents
      </Typography>
      <TableContainer>
        <Table size="small" aria-label="Documents">
          <TableHead>
            <TableRow>
              <TableCell>Document</TableCell>
              <TableCell>Files</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {documents.map((document) => (
              <TableRow key={document.TITLE}>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{document.TITLE}</TableCell>
                <TableCell>
                  <Stack component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
                    {document.FILES.map((file) => (
                      <li key={file.NAME}>
                        <Link href={file.URL} target="_blank" rel="noopener" sx={FILE_LINK}>
                          {file.NAME}
                        </Link>
                      </li>
                    ))}
                  </Stack>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </>
  );
}
