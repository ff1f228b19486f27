import { useMemo, useState } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Page } from '@/components/page';
import { AppLink } from '@/components/router-link';
import { useFacultyQuery } from '../api/faculty-api';
import { shortBio, textOf } from '../text';

type SortKey = 'FULLNAME' | 'BIO' | 'PRODUCTCOUNT' | 'LOCATION';
const PAGE_SIZES = [25, 50, 100];

interface Row {
  USERID: number;
  FULLNAME: string;
  PHOTO: string;
  BIO: string;
  PRODUCTCOUNT: number;
  LOCATION: string;
}

/** On a phone the table scrolls inside its own box; the name column stays in view (sticky). */
const sticky = { position: 'sticky', left: 0, zIndex: 1, bgcolor: 'background.paper' } as const;
const photoCell = { display: { xs: 'none', sm: 'table-cell' } } as const;

const COLUMNS: { key: SortKey; label: string; numeric?: boolean }[] = [
  { key: 'FULLNAME', label: 'Name' },
  { key: 'BIO', label: 'Bio' },
  { key: 'PRODUCTCOUNT', label: 'Products', numeric: true },
  { key: 'LOCATION', label: 'Location' },
];

/** people (signed-in "Faculty pages"): a searchable, sortable, paginated table of the faculty. */
export default function PeopleRoute() {
  const { data, isLoading } = useFacultyQuery();
  const [filter, setFilter] = useState('');
  const [orderBy, setOrderBy] = useState<SortKey>('FULLNAME');
  const [order, setOrder] = useState<'asc' | 'desc'>('asc');
  const [page, setPage] = useState(0);
  const [rowsPerPage, setRowsPerPage] = useState(25);

  const rows = useMemo<Row[]>(
    () => (data ?? []).map((person) => ({ ...person, BIO: shortBio(textOf(person.BIO)) })),
    [data],
  );
  const needle = filter.trim().toLowerCase();
  const filtered = useMemo(() => {
    const matching = needle
      ? rows.filter((row) =>
          [row.FULLNAME, row.BIO, row.LOCATION, String(row.PRODUCTCOUNT)].some((value) =>
            value.toLowerCase().includes(needle),
          ),
        )
      : rows;
    const sign = order === 'asc' ? 1 : -1;
    return [...matching].sort((a, b) => {
      const left = a[orderBy];
      const right = b[orderBy];
      const compared =
        typeof left === 'number' && typeof right === 'number'
          ? left - right
          : String(left).localeCompare(String(right), 'en', { sensitivity: 'base' });
      return compared * sign;
    });
  }, [rows, needle, order, orderBy]);
  const visible = filtered.slice(page * rowsPerPage, page * rowsPerPage + rowsPerPage);

  const sortBy = (key: SortKey) => {
    setOrder(orderBy === key && order === 'asc' ? 'desc' : 'asc');
    setOrderBy(key);
  };

  return (
    <Page title="Faculty" maxWidth="lg">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
        <TextField
          label="Filter"
          type="search"
          size="small"
          value={filter}
          onChange={(event) => {
            setFilter(event.target.value);
            setPage(0);
          }}
        />
        <Typography role="status">{`${filtered.length} results`}</Typography>
      </Box>
      {isLoading ? <LinearProgress aria-label="Loading faculty" /> : null}
      <TableContainer sx={{ maxWidth: '100%', overflowX: 'auto' }}>
        <Table size="small" aria-label="Faculty">
          <TableHead>
            <TableRow>
              <TableCell sx={photoCell}>Photo</TableCell>
              {COLUMNS.map((column) => (
                <TableCell
                  key={column.key}
                  align={column.numeric ? 'right' : 'left'}
                  sortDirection={orderBy === column.key ? order : false}
                  sx={column.key === 'FULLNAME' ? sticky : undefined}
                >
                  <TableSortLabel
                    active={orderBy === column.key}
                    direction={orderBy === column.key ? order : 'asc'}
                    onClick={() => sortBy(column.key)}
                  >
                    {column.label}
                  </TableSortLabel>
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {visible.map((row) => (
              <TableRow key={row.USERID}>
                <TableCell sx={photoCell}>
                  <Avatar src={`/${row.PHOTO}`} alt="" />
                </TableCell>
                <TableCell sx={{ ...sticky, minWidth: 120 }}>
                  <AppLink to={`/people/${row.USERID}`}>{row.FULLNAME}</AppLink>
                </TableCell>
                <TableCell sx={{ minWidth: 240 }}>{row.BIO}</TableCell>
                <TableCell align="right">{row.PRODUCTCOUNT}</TableCell>
                <TableCell>{row.LOCATION}</TableCell>
              </TableRow>
            ))}
            {!isLoading && filtered.length === 0 ? (
              <TableRow>
                <TableCell colSpan={5}>No data matching the filter</TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        sx={{ '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', pl: { xs: 0, sm: 2 } } }}
        count={filtered.length}
        page={Math.min(page, Math.max(0, Math.ceil(filtered.length / rowsPerPage) - 1))}
        rowsPerPage={rowsPerPage}
        rowsPerPageOptions={PAGE_SIZES}
        onPageChange={(_, next) => setPage(next)}
        onRowsPerPageChange={(event) => {
          setRowsPerPage(Number(event.target.value));
          setPage(0);
        }}
      />
    </Page>
  );
}
