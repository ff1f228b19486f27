import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { StreamDocument } from '@contracts/streaming';

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
                  {document.FILES.map((file, index) => (
                    <span key={file.NAME}>
                      {index > 0 ? ', ' : null}
                      <Link href={file.URL} target="_blank" rel="noopener" sx={{ overflowWrap: 'anywhere' }}>
                        {file.NAME}
                      </Link>
                    </span>
                  ))}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </>
  );
}
