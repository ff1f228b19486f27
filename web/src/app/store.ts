import { configureStore } from '@reduxjs/toolkit';
import { api } from '@/lib/api';
import { sessionSlice } from '@/lib/session';

export const store = configureStore({
  reducer: {
    [api.reducerPath]: api.reducer,
    [sessionSlice.name]: sessionSlice.reducer,
  },
  middleware: (getDefault) => getDefault().concat(api.middleware),
});

export type RootState = ReturnType<typeof store.getState>;
export type AppDispatch = typeof store.dispatch;
