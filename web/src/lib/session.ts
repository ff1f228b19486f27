import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { LoginResponse } from '@contracts/identity';

/** Storefront section 3: the token is kept in local storage under a session key with the version marker 5. */
export const SESSION_KEY = 'session';
export const SESSION_VERSION = 5;

export interface StoredSession {
  token: string;
  version: number;
  marketing: { pixel: string | null; target: LoginResponse['QMPMarketingTarget'] };
  OPEN: number[];
  EXPIRATIONS: LoginResponse['EXPIRATIONS'];
}

export function readStoredSession(): StoredSession | null {
  try {
    const raw = localStorage.getItem(SESSION_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<StoredSession>;
    // A session written by another client version is not trusted.
    if (parsed.version !== SESSION_VERSION || typeof parsed.token !== 'string') return null;
    return parsed as StoredSession;
  } catch {
    return null;
  }
}

export function writeStoredSession(response: LoginResponse): void {
  const session: StoredSession = {
    token: response.token,
    version: SESSION_VERSION,
    marketing: { pixel: response.QMPMarketingPixel, target: response.QMPMarketingTarget },
    OPEN: response.OPEN,
    EXPIRATIONS: response.EXPIRATIONS,
  };
  localStorage.setItem(SESSION_KEY, JSON.stringify(session));
}

export function clearStoredSession(): void {
  localStorage.removeItem(SESSION_KEY);
}

export interface SessionState {
  token: string | null;
  /** Where to go after login (the "stored redirect target" of storefront section 2). */
  redirectTarget: string | null;
  /** A book code remembered by redeem/{CODE} for a logged-out user. */
  redeemCode: string | null;
  /** Kept after email validation for a later redirect (storefront section 2, validate email). */
  sendUserTo: string | null;
  /** A message the login screen shows once, e.g. the one-device notice. */
  loginNotice: string | null;
}

const initialState: SessionState = {
  token: readStoredSession()?.token ?? null,
  redirectTarget: null,
  redeemCode: null,
  sendUserTo: null,
  loginNotice: null,
};

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    loggedIn(state, action: PayloadAction<LoginResponse>) {
      writeStoredSession(action.payload);
      state.token = action.payload.token;
      state.loginNotice = null;
    },
    loggedOut(state, action: PayloadAction<{ notice?: string } | undefined>) {
      clearStoredSession();
      state.token = null;
      state.loginNotice = action.payload?.notice ?? null;
    },
    redirectTargetSet(state, action: PayloadAction<string | null>) {
      state.redirectTarget = action.payload;
    },
    redeemCodeSet(state, action: PayloadAction<string | null>) {
      state.redeemCode = action.payload;
    },
    validationTargetsKept(state, action: PayloadAction<{ sendUserTo: string | null; redeemCode: string | null }>) {
      state.sendUserTo = action.payload.sendUserTo;
      if (action.payload.redeemCode) state.redeemCode = action.payload.redeemCode;
    },
    loginNoticeCleared(state) {
      state.loginNotice = null;
    },
  },
});

export const { loggedIn, loggedOut, redirectTargetSet, redeemCodeSet, validationTargetsKept, loginNoticeCleared } =
  sessionSlice.actions;

export interface WithSession {
  session: SessionState;
}
export const selectToken = (state: WithSession): string | null => state.session.token;
