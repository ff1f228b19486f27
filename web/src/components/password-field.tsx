import { useState } from 'react';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';

/** A password input with the spec's SHOW/HIDE toggle (a 44 px tap target). */
export function PasswordField(props: TextFieldProps) {
  const [shown, setShown] = useState(false);
  return (
    <TextField
      {...props}
      type={shown ? 'text' : 'password'}
      slotProps={{
        ...props.slotProps,
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <Button
                size="small"
                sx={{ minHeight: 44, minWidth: 44 }}
                onClick={() => setShown((s) => !s)}
                aria-pressed={shown}
              >
                {shown ? 'HIDE' : 'SHOW'}
              </Button>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
