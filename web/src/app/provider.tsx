import type { ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { Provider } from 'react-redux';
import { store } from './store';

/**
 * Keyboard focus is a ring 3 px wide, 2 px off the control, in the control's own colour: its text's
 * colour, or a filled button's fill (whose text is white). The ring lies on what surrounds the control,
 * so it reaches 3:1 against it wherever the control reaches it (WCAG 1.4.11, 2.4.7): white on the
 * header's blue, the brand colours on the page. MUI's own sign, a pale ripple inside a filled button,
 * measured 2.15:1 against the button.
 */
const FOCUS_RING = { outline: '3px solid currentColor', outlineOffset: 2 } as const;

const theme = createTheme({
  palette: { primary: { main: '#1f4e79' }, secondary: { main: '#c2185b' } },
  components: {
    MuiButtonBase: { styleOverrides: { root: { '&.Mui-focusVisible': FOCUS_RING } } },
    MuiButton: {
      styleOverrides: {
        contained: ({ ownerState, theme }) => {
          const color = ownerState.color ?? 'primary';
          const fill = color === 'inherit' ? 'currentColor' : theme.palette[color].main;
          return { '&.Mui-focusVisible': { outlineColor: fill } };
        },
      },
    },
  },
});

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <Provider store={store}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
      </ThemeProvider>
    </Provider>
  );
}
