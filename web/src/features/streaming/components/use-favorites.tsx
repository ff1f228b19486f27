import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { FAVORITE_REMOVE_CONFIRM, FAVORITE_SAVED, type StreamProduct } from '@contracts/streaming';
import { useAppDispatch } from '@/app/hooks';
import { useAddedSnackbar } from '@/components/added-snackbar';
import { favoritesWritten, useAddFavoriteMutation, useRemoveFavoriteMutation } from '../api/streaming-api';

/**
 * Favourites (signed-in section 4): adding saves and shows "{product} saved to favorites" for 6
 * seconds; removing asks first. The answered ids go into the cached list, so the favourites category
 * follows at once. Failures are only logged (section 8).
 */
export function useFavorites(token: string | null) {
  const dispatch = useAppDispatch();
  const snackbar = useAddedSnackbar();
  const [add] = useAddFavoriteMutation();
  const [remove, removal] = useRemoveFavoriteMutation();
  const [pending, setPending] = useState<StreamProduct | null>(null);

  const write = (favorites: number[]) => {
    if (token) dispatch(favoritesWritten(token, favorites));
  };

  const toggle = (product: StreamProduct, isFavorite: boolean) => {
    if (isFavorite) {
      setPending(product);
      return;
    }
    add(product.ID)
      .unwrap()
      .then((answer) => {
        write(answer.favorites);
        snackbar.show(FAVORITE_SAVED(product.PRODUCTNAME));
      })
      .catch((error: unknown) => console.warn('Favorite not saved', error));
  };

  const confirmRemove = () => {
    if (!pending) return;
    remove(pending.ID)
      .unwrap()
      .then((answer) => write(answer.favorites))
      .catch((error: unknown) => console.warn('Favorite not removed', error))
      .finally(() => setPending(null));
  };

  const elements = (
    <>
      {snackbar.element}
      <Dialog open={pending !== null} onClose={() => setPending(null)} aria-labelledby="remove-favorite-title">
        <DialogTitle id="remove-favorite-title">Remove favorite</DialogTitle>
        <DialogContent>
          <DialogContentText>{FAVORITE_REMOVE_CONFIRM}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setPending(null)}>Cancel</Button>
          <Button color="error" variant="contained" disabled={removal.isLoading} onClick={confirmRemove}>
            Remove
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );

  return { toggle, elements };
}
