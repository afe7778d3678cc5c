// The routes of spec 1 §2 with their guards. Exported as data so tests can mount them in a memory router. Routes with
// a :projectId render only after the project guard (RequireProject) found the project to be the user's; /map needs a
// session.
import { Navigate, type RouteObject } from 'react-router';
import { RequirePolicy, RequireSession } from './guards';
import { RequireProject } from './RequireProject';
import { NotFound } from './NotFound';
import { Layout } from '../shell/Layout';
import { MapRoute } from './MapRoute';
import { UserArea, UserIndex } from '../auth/UserArea';
import { LoginPage } from '../auth/LoginPage';
import { SignupPage } from '../auth/SignupPage';
import { ActivatePage } from '../auth/ActivatePage';
import { PasswordResetPage } from '../auth/PasswordResetPage';
import { CreateRootPage } from '../auth/CreateRootPage';
import { UserSettingsPage } from '../auth/UserSettingsPage';
import { AgreementPage } from '../auth/AgreementPage';
import { Dashboard } from '../dashboard/Dashboard';
import { ProjectPage } from '../projects/ProjectPage';
import { UserAdmin } from '../admin/UserAdmin';
import { AdminSettings } from '../admin/AdminSettings';
import { ManagementPage } from '../management/ManagementPage';
import { WorkflowRoute, WorkflowShortAddress } from '../workflow/WorkflowRoute';
import { SettingsScreen } from '../settings/SettingsScreen';
import { MaterialManagementScreen } from '../materials/MaterialManagementScreen';
import { StatisticsScreen } from '../statistics/StatisticsScreen';

export const ROUTE_POLICIES = {
  management: 'management_dashboard',
  'material-management': 'material_management',
  project: 'project.create_and_edit',
  admin: 'admin.view',
  'admin-settings': 'admin.settings',
  statistics: 'workflow.statistics.view',
} as const;

export const appRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="/dashboard" replace /> },
  {
    path: 'user',
    element: <UserArea />,
    children: [
      { index: true, element: <UserIndex /> },
      { path: 'login', element: <LoginPage /> },
      { path: 'signup', element: <SignupPage /> },
      { path: 'activate', element: <ActivatePage /> },
      { path: 'password-reset', element: <PasswordResetPage /> },
      { path: 'create-root', element: <CreateRootPage /> },
      { path: 'settings', element: <RequireSession><UserSettingsPage /></RequireSession> },
      { path: 'agreement', element: <RequireSession><AgreementPage /></RequireSession> },
    ],
  },
  { path: 'map', element: <RequireSession><MapRoute /></RequireSession> },
  {
    element: <RequireSession />,
    children: [{
      element: <Layout />,
      children: [
        { path: 'dashboard', element: <Dashboard /> },
        { path: 'management', element: <RequirePolicy policy={ROUTE_POLICIES.management}><ManagementPage /></RequirePolicy> },
        { path: 'material-management', element: <RequirePolicy policy={ROUTE_POLICIES['material-management']}><MaterialManagementScreen /></RequirePolicy> },
        {
          path: 'project',
          element: <RequirePolicy policy={ROUTE_POLICIES.project} />,
          children: [
            { index: true, element: <ProjectPage /> },
            { path: ':projectId', element: <RequireProject><ProjectPage /></RequireProject> },
          ],
        },
        {
          path: 'admin',
          element: <RequirePolicy policy={ROUTE_POLICIES.admin} />,
          children: [{ index: true, element: <UserAdmin /> }, { path: 'user/:userId', element: <UserAdmin /> }],
        },
        { path: 'admin-settings', element: <RequirePolicy policy={ROUTE_POLICIES['admin-settings']}><AdminSettings /></RequirePolicy> },
        { path: 'statistics', element: <RequirePolicy policy={ROUTE_POLICIES.statistics}><StatisticsScreen /></RequirePolicy> },
        { path: 'workflow/:projectId/:projectTypeKey/:step', element: <RequireProject longLoading="workflow.loading"><WorkflowRoute /></RequireProject> },
        { path: 'workflow/:projectId/:step', element: <RequireProject longLoading="workflow.loading"><WorkflowShortAddress /></RequireProject> },
        // Project settings (src/settings/README.md): read by everyone who sees the project, edited with project.settings.edit.
        { path: 'project/:projectId/settings', element: <RequireProject><SettingsScreen /></RequireProject> },
      ],
    }],
  },
  { path: '*', element: <NotFound /> },
];
