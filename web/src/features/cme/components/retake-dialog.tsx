import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { CME_RETAKE_CONFIRM, CME_RETAKE_TITLE, cmeRetakeWarning } from '@contracts/cme';

/**
 * Before a retake: the record's credits this year are replaced by the new submit's, even when fewer
 * (a retake of product 267 took 2 credits down to 1.5). Cancel is the default: nothing is sent.
 */
export function RetakeDialog({
  open,
  credits,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  /** The credits the test's record holds now. */
  credits: number;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby="cme-retake-title" aria-describedby="cme-retake-text">
      <DialogTitle id="cme-retake-title">{CME_RETAKE_TITLE}</DialogTitle>
      <DialogContent>
        <DialogContentText id="cme-retake-text">{cmeRetakeWarning(credits)}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1, '& .MuiButton-root': { minHeight: 44 } }}>
        <Button onClick={onCancel} autoFocus>
          Cancel
        </Button>
        <Button variant="contained" onClick={onConfirm}>
          {CME_RETAKE_CONFIRM}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
