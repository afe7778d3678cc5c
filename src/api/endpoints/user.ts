// Users and sessions calls of spec 2 §7 (login, session, policies, tokens, TOTP, users CRUD, agreement, permissions,
// sign-up, single sign-on, root creation, user settings).
import { api } from '../api';
import { bypassHeaders } from '../../shell/requests/headers';
import type {
  LoginRequest, LoginResponse, PolicyObject, SessionResponse, User, UserInput, UserProfileSettings,
} from './types';

/** Sign-in calls handle their own errors (login errors by name), so they bypass the global catcher. */
const SIGN_IN = bypassHeaders('catch', 'messages');

export const userApi = api.injectEndpoints({
  endpoints: (b) => ({
    login: b.mutation<LoginResponse, LoginRequest>({ query: (body) => ({ url: '/user/login', method: 'POST', body, headers: SIGN_IN }) }),
    session: b.mutation<SessionResponse, { sessionId: string }>({
      query: (body) => ({ url: '/user/session', method: 'POST', body, headers: { ...SIGN_IN, ...bypassHeaders('loading') } }),
    }),
    logout: b.mutation<unknown, void>({ query: () => ({ url: '/user/session/logout', method: 'POST', body: {}, headers: SIGN_IN }) }),
    heartbeat: b.query<string, void>({ query: () => ({ url: '/user/heartbeat', responseHandler: 'text', headers: bypassHeaders('loading') }) }),
    policies: b.query<PolicyObject, number | void>({
      query: (id) => (id === undefined ? '/user/policies/' : `/user/policies/${id}`),
      providesTags: ['Policy'],
    }),
    requestPasswordToken: b.mutation<unknown, { email: string }>({ query: (body) => ({ url: '/user/tokens/password', method: 'POST', body, headers: SIGN_IN }) }),
    resetPassword: b.mutation<unknown, { password: string; token: string }>({ query: (body) => ({ url: '/user/password/reset', method: 'POST', body, headers: SIGN_IN }) }),
    totpEnabled: b.mutation<{ totpEnabled: boolean }, { email: string; password: string }>({
      query: (body) => ({ url: '/user/totp/enabled', method: 'POST', body, headers: SIGN_IN }),
    }),
    activate: b.mutation<unknown, { token: string }>({ query: (body) => ({ url: '/user/activate', method: 'POST', body, headers: SIGN_IN }) }),
    createUser: b.mutation<User, UserInput>({ query: (body) => ({ url: '/user', method: 'POST', body }), invalidatesTags: ['User'] }),
    editUser: b.mutation<User, UserInput & { id: number }>({
      query: ({ id, ...body }) => ({ url: `/user/${id}`, method: 'PUT', body: { id, ...body } }),
      invalidatesTags: ['User'],
    }),
    /** Users visible to the caller; includeDeleted adds the deleted ones (`deleted: true`) for recovery. */
    allUsers: b.query<User[], { includeDeleted?: boolean } | void>({
      query: (o) => ({ url: '/user/all', params: o?.includeDeleted ? { includeDeleted: 'true' } : undefined }),
      providesTags: ['User'],
    }),
    organisationUsers: b.query<User[], number>({ query: (id) => `/user/organisation/${id}`, providesTags: ['User'] }),
    user: b.query<User, number>({ query: (id) => `/user/${id}`, providesTags: ['User'] }),
    deleteUser: b.mutation<unknown, number>({ query: (id) => ({ url: `/user/${id}`, method: 'DELETE' }), invalidatesTags: ['User'] }),
    recoverUser: b.mutation<unknown, number>({ query: (id) => ({ url: `/user/recover/${id}`, method: 'POST' }), invalidatesTags: ['User'] }),
    acceptAgreement: b.mutation<unknown, { version?: string }>({
      query: (body) => ({ url: '/user/agreement/accept', method: 'POST', body }),
      invalidatesTags: ['Session'],
    }),
    setPermissions: b.mutation<unknown, { id: number; permissions: Record<string, boolean | null> }>({
      query: ({ id, permissions }) => ({ url: `/user/permission/${id}`, method: 'POST', body: { permissions } }),
      invalidatesTags: ['User', 'Policy'],
    }),
    changeEmail: b.mutation<unknown, { email: string }>({ query: (body) => ({ url: '/user/email', method: 'POST', body }) }),
    signup: b.mutation<unknown, { name: string; email: string; password: string; recaptcha: string }>({
      query: (body) => ({ url: '/user/signup', method: 'POST', body, headers: SIGN_IN }),
    }),
    adfsLoginUrl: b.query<{ url: string }, void>({ query: () => ({ url: '/user/adfs/login', headers: SIGN_IN }) }),
    adfsLogin: b.mutation<LoginResponse, { code: string }>({ query: (body) => ({ url: '/user/adfs/login', method: 'POST', body, headers: SIGN_IN }) }),
    hasNoRoot: b.query<{ hasNoRoot: boolean } | boolean, void>({ query: () => ({ url: '/user/has-no-root', headers: SIGN_IN }) }),
    createRoot: b.mutation<unknown, { name: string; email: string; password: string }>({
      query: (body) => ({ url: '/user/create-root', method: 'POST', body, headers: SIGN_IN }),
    }),
    verifySso: b.mutation<{ success: boolean }, { accessToken: string; userInfo: unknown }>({
      query: (body) => ({ url: '/user/verify-sso', method: 'POST', body, headers: SIGN_IN }),
    }),
    /** 2FA set-up (not in the spec's table; the server's user settings calls): a new secret and its otpauth URL. */
    totpSetup: b.mutation<{ secret: string; otpauthUrl: string; qrCode?: string }, void>({ query: () => ({ url: '/user/totp/setup', method: 'POST', body: {} }) }),
    totpConfirm: b.mutation<{ totpEnabled: boolean }, { totp: string }>({
      query: (body) => ({ url: '/user/totp/activate', method: 'POST', body, headers: bypassHeaders('catch') }),
      invalidatesTags: ['Session'],
    }),
    totpDisable: b.mutation<{ totpEnabled: boolean }, { totp: string }>({
      query: (body) => ({ url: '/user/totp/disable', method: 'POST', body, headers: bypassHeaders('catch') }),
      invalidatesTags: ['Session'],
    }),
    cyclomediaSettings: b.query<Record<string, unknown>, void>({ query: () => '/user/settings/cyclomedia', providesTags: ['Settings'] }),
    patchCyclomediaSettings: b.mutation<Record<string, unknown>, Record<string, unknown>>({
      query: (body) => ({ url: '/user/settings/cyclomedia', method: 'PATCH', body }),
      invalidatesTags: ['Settings'],
    }),
    profileSettings: b.query<UserProfileSettings, void>({ query: () => '/user/settings/profiles', providesTags: ['Settings'] }),
    patchProfileSettings: b.mutation<UserProfileSettings, UserProfileSettings>({
      query: (body) => ({ url: '/user/settings/profiles', method: 'PATCH', body }),
      invalidatesTags: ['Settings'],
    }),
  }),
});

export const {
  useLoginMutation, useSessionMutation, useLogoutMutation, usePoliciesQuery, useRequestPasswordTokenMutation,
  useResetPasswordMutation, useTotpEnabledMutation, useActivateMutation, useCreateUserMutation, useEditUserMutation,
  useAllUsersQuery, useUserQuery, useDeleteUserMutation, useRecoverUserMutation, useAcceptAgreementMutation,
  useSetPermissionsMutation, useSignupMutation, useLazyAdfsLoginUrlQuery, useAdfsLoginMutation, useHasNoRootQuery,
  useCreateRootMutation, useTotpSetupMutation, useTotpConfirmMutation, useTotpDisableMutation,
} = userApi;
