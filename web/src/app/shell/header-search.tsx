import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import SearchIcon from '@mui/icons-material/Search';
import { useNavigate } from 'react-router';

/** Where the header search goes: the product list's own search (all videos, category 0, `?search=`). */
export const searchTarget = (term: string): string =>
  term.trim() ? `/products/0?search=${encodeURIComponent(term.trim())}` : '/products/0';

/**
 * The search box of every page (issue 12). Its label and button avoid the word "search" so the product
 * list's own "Search products" field and "Search" button keep unique names.
 */
export function HeaderSearch({ onDone, fullWidth = false }: { onDone?: () => void; fullWidth?: boolean }) {
  const [term, setTerm] = useState('');
  const navigate = useNavigate();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    navigate(searchTarget(term));
    setTerm('');
    onDone?.();
  };
  return (
    <Box
      component="form"
      role="search"
      aria-label="Shop"
      onSubmit={onSubmit}
      sx={{
        display: 'flex',
        alignItems: 'center',
        borderRadius: 1,
        bgcolor: fullWidth ? 'grey.100' : 'rgba(255, 255, 255, 0.15)',
        color: 'inherit',
        pl: 1.5,
        width: fullWidth ? '100%' : { md: 200, lg: 260 },
      }}
    >
      <InputBase
        value={term}
        onChange={(event) => setTerm(event.target.value)}
        placeholder="Find a course or book"
        inputProps={{ 'aria-label': 'Find a course or book', type: 'search' }}
        sx={{ color: 'inherit', flexGrow: 1, minWidth: 0 }}
      />
      <IconButton type="submit" color="inherit" aria-label="Find" size="small">
        <SearchIcon />
      </IconButton>
    </Box>
  );
}
