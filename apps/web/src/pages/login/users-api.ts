import type {
  AuthResult,
  CallingCode,
  ChangeInfoRequest,
  ChangePasswordRequest,
  LoginByCodeRequest,
  LoginRequest,
  ResetPasswordRequest,
  SignUpRequest,
  User,
} from '@medx/contract';
import { api } from '../../api/client';
import type { SendCodeCall } from './phone-value';

/**
 * The account calls of the login page and the user center (spec §7), beside the shell's
 * `usersApi` (me, guest login, logout...). The client prefixes /v1, never throws, and
 * toasts `msg` itself when `success` is false.
 */
export const USERS_PATH = '/users';

export interface SendCodeResult {
  /** Seconds until another code may be requested. */
  resend_after: number;
  expires_in: number;
}

export const accountApi = {
  login: (body: LoginRequest) => api.post<AuthResult>(`${USERS_PATH}/login`, body),
  loginByCode: (body: LoginByCodeRequest) => api.post<AuthResult>(`${USERS_PATH}/login_by_code`, body),
  signUp: (body: SignUpRequest) => api.post<AuthResult>(`${USERS_PATH}/sign_up`, body),
  resetPassword: (body: ResetPasswordRequest) => api.post<null>(`${USERS_PATH}/reset_password`, body),
  sendCode: (call: SendCodeCall) => api.post<SendCodeResult>(`${USERS_PATH}${call.path}`, call.body),
  callingCodes: () => api.get<CallingCode[]>(`${USERS_PATH}/calling/codes`, undefined, { silent: true }),
  changeInfo: (body: ChangeInfoRequest) => api.post<User>(`${USERS_PATH}/change_info`, body),
  changePassword: (body: ChangePasswordRequest) => api.post<null>(`${USERS_PATH}/change_password`, body),
};

/** The region list never changes while the page is open. */
export const CALLING_CODES_KEY = ['users', 'calling-codes'] as const;
