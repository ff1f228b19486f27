import type {
  ForgotRequest,
  LoginRequest,
  LoginResponse,
  RegistrationUser,
  ResendRequest,
  SetNewPasswordRequest,
  SuccessBody,
  ValidateRequest,
} from '@contracts/identity';
import { api } from '@/lib/api';

const own = { handlesOwnErrors: true } as const;

/** The sign-in calls of the auth screens; the viewer's roles (GET /api/auth/me) are shared in lib/auth.ts. */
export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<LoginResponse, LoginRequest>({
      query: (body) => ({ url: '/auth/login', method: 'POST', body }),
      extraOptions: own,
    }),
    logout: build.mutation<void, void>({
      query: () => ({ url: '/auth/logout', method: 'POST' }),
      extraOptions: own,
    }),
    register: build.mutation<SuccessBody, RegistrationUser>({
      query: (body) => ({ url: '/users/register', method: 'POST', body }),
      extraOptions: own,
    }),
    validateEmail: build.mutation<SuccessBody, ValidateRequest>({
      query: (body) => ({ url: '/users/validate', method: 'POST', body }),
      extraOptions: own,
    }),
    resendValidation: build.mutation<SuccessBody, ResendRequest>({
      query: (body) => ({ url: '/users/resend', method: 'POST', body }),
      extraOptions: own,
    }),
    forgotPassword: build.mutation<SuccessBody, ForgotRequest>({
      query: (body) => ({ url: '/users/forgot', method: 'POST', body }),
      extraOptions: own,
    }),
    setNewPassword: build.mutation<SuccessBody, SetNewPasswordRequest>({
      query: (body) => ({ url: '/users/redeem-forgot', method: 'POST', body }),
      extraOptions: own,
    }),
  }),
});

export const {
  useLoginMutation,
  useLogoutMutation,
  useRegisterMutation,
  useValidateEmailMutation,
  useResendValidationMutation,
  useForgotPasswordMutation,
  useSetNewPasswordMutation,
} = authApi;
