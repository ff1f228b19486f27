import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { TERMS_BUTTON, TERMS_CHECKBOX } from '@contracts/streaming';

/** The Terms of Use box that replaces the player while CONFIRM is true (signed-in sections 2 and 4). */
export function TermsBox({ html, busy, onAgree }: { html: string; busy: boolean; onAgree: () => void }) {
  const [agreed, setAgreed] = useState(false);
  return (
    <Paper variant="outlined" component="section" aria-labelledby="terms-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="terms-title" variant="h5" component="h2" gutterBottom>
        Terms of Use
      </Typography>
      <Box
        tabIndex={0}
        aria-label="Terms of Use text"
        sx={{ maxHeight: 320, overflowY: 'auto', overflowWrap: 'anywhere', mb: 2 }}
        dangerouslySetInnerHTML={{ __html: html }}
      />
      <FormControlLabel
        control={<Checkbox checked={agreed} onChange={(event) => setAgreed(event.target.checked)} />}
        label={TERMS_CHECKBOX}
      />
      <Box sx={{ mt: 1 }}>
        <Button
          variant="contained"
          disabled={!agreed || busy}
          onClick={onAgree}
          startIcon={busy ? <CircularProgress size={18} color="inherit" aria-label="Working" /> : undefined}
        >
          {TERMS_BUTTON}
        </Button>
      </Box>
    </Paper>
  );
}
