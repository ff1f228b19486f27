import { memo, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';

interface Props<Sort extends string> {
  searchLabel: string;
  /** The search text as typed, searched on submit. */
  draft: string;
  onDraftChange: (value: string) => void;
  onSearch: (event: FormEvent<HTMLFormElement>) => void;
  sizeLabel: string;
  sizes: readonly number[];
  size: number | string;
  onSize: (value: string) => void;
  sorts: readonly Sort[];
  sortLabels: Readonly<Record<Sort, string>>;
  sort: string;
  onSort: (value: string) => void;
}

/** The search box, page size and sort of a paged list (the product list and the streaming list). */
function Controls<Sort extends string>(props: Props<Sort>) {
  return (
    <Box
      component="form"
      role="search"
      onSubmit={props.onSearch}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}
    >
      <TextField
        label={props.searchLabel}
        type="search"
        size="small"
        value={props.draft}
        onChange={(event) => props.onDraftChange(event.target.value)}
        sx={{ flex: '1 1 180px', maxWidth: 360 }}
      />
      <Button type="submit" variant="contained">
        Search
      </Button>
      <TextField
        select
        size="small"
        label={props.sizeLabel}
        sx={{ minWidth: 110 }}
        value={props.size}
        onChange={(event) => props.onSize(event.target.value)}
        slotProps={{ select: { native: true } }}
      >
        {props.sizes.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label="Sort by"
        value={props.sort}
        onChange={(event) => props.onSort(event.target.value)}
        slotProps={{ select: { native: true } }}
      >
        {props.sorts.map((option) => (
          <option key={option} value={option}>
            {props.sortLabels[option]}
          </option>
        ))}
      </TextField>
    </Box>
  );
}

/**
 * Memoised: the list's answer arriving re-renders its screen at once (a store update is never sliced);
 * with stable handlers the controls are skipped then (Lighthouse total blocking time).
 */
export const ListControls = memo(Controls) as typeof Controls;
