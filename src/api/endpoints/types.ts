// Wire types of the users, sessions, projects and settings calls (spec 2 §3, §7). Network types live with the map
// (src/api/endpoints/network.ts) and the engine.
import type { Role } from 'common/roles';
export { ROLES, type Role } from 'common/roles';

export interface User {
  id: number;
  email: string;
  name: string;
  role: Role;
  language: string;
  active: boolean;
  agreementVersion: string | null;
  organisationId?: number;
  /** 2FA set up and enforced for this account. */
  totpEnabled?: boolean;
  totp?: boolean;
  deleted?: boolean;
  deletedAt?: string | null;
  permissions?: Record<string, boolean>;
}
export type SessionUser = User;

/** A user as sent on create/edit: an empty password is dropped by the server. */
export interface UserInput {
  id?: number;
  email: string;
  name: string;
  role: Role;
  language?: string;
  active?: boolean;
  password?: string;
  organisationId?: number;
}

export interface LoginRequest { email: string; password: string; totp?: string; language: string }
export interface LoginResponse { sessionId: string }
export interface SessionResponse {
  success: boolean;
  user?: SessionUser;
  totp?: boolean;
  expiration?: string | null;
  error?: string;
}
export type PolicyObject = { [key: string]: boolean | PolicyObject };

export interface Project {
  id: number;
  name: string;
  projectTypeId: number;
  projectSubTypeId?: number | null;
  projectType?: { id?: number; name: string; key?: string };
  step: number;
  settings?: Record<string, unknown> | null;
  properties?: ProjectPropertyValue[];
  levelOfDetail?: string;
  organisationId?: number;
  createdAt?: string;
  updatedAt?: string;
  deleted?: boolean;
  deletedAt?: string | null;
  locked?: boolean;
}
export interface ProjectInput { name: string; projectTypeId: number; projectSubTypeId?: number | null; levelOfDetail?: string }
export interface ProjectPropertyValue { propertyTypeName: string; value: string | null; projectId?: number }
export interface ProjectPropertyType { name: string; alias?: string; type?: string; projectTypeId?: number | null }

export interface ProjectType {
  id: number;
  name: string;
  key: string;
  parentId?: number | null;
  family?: string;
  code?: string;
  subTypes?: ProjectType[];
}
export interface WorkflowState { id: number; name: string; step: number; projectTypeId: number }

export interface LayerSetting {
  id?: number;
  layerName: string;
  layerStyle: string | null;
  mapContext: string;
  opacity: number;
  visible: boolean;
  userId?: number;
}

export interface SettingsProfile {
  uuid: string;
  name: string;
  project_type_id: number | null;
  type: string;
  organisation_id?: number | null;
  settings: Record<string, unknown>;
  created_at?: string;
  /** Last change (ISO); a profile applied to a project before this changed since (spec 2 §4 profile refresh). */
  updated_at?: string;
}
/** An applied profile of a project as GET …/fttx/settings/profiles lists it. */
export interface AppliedProfile { uuid: string; name: string; type: string; updated_at: string; applied_at: string | null; changed: boolean }
/** The profile refresh state of a project for the caller: `refresh` → offer the refresh modal (spec 2 §4). */
export interface ProjectProfiles { profiles: AppliedProfile[]; changed: string[]; ignoredAt: string | null; refresh: boolean }
export interface AppliedProfilesResult { settings: Record<string, unknown>; applied: Record<string, string> }
export interface UserProfileSettings {
  profiles: Record<string, { uuid: string; updated_at: string; applied_at: string | null }>;
  ignoreProfileRefreshTimeStamps: Record<string, string>;
}

export type Severity = 'Required' | 'Recommended' | 'Optional';
export interface ValidationResult { message: string; stateId: number | null; severity: Severity; passed: boolean }
export interface ValidationRequest { name: string; params?: Record<string, unknown> }

export interface TerminalDemand { terminal_type: string; demand: number }

export interface AppConfig {
  environment?: string;
  totpRequired?: boolean;
  agreementRequired?: boolean;
  agreementVersion?: string;
  signupEnabled?: boolean;
  captchaSiteKey?: string;
  ssoEnabled?: boolean;
  [key: string]: unknown;
}

export interface EventLogEntry { projectId: number; userId: number; type: string }
