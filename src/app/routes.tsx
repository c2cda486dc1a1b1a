import { Navigate, type RouteObject } from 'react-router-dom';
import { LoginScreen } from '../features/session/login-screen';
import { AppLayout } from './app-layout';
import type { RouteHandle } from './route-handle';
import { RouteErrorScreen } from './route-error-screen';
import { RouteLoading } from './route-loading';

/**
 * Every route of docs/product-rules.md section 2. Each screen is a lazy chunk so the first load carries only the shell,
 * except the sign-in screen: it is the first page of every logged-out visit, and as a lazy chunk it could
 * only start downloading once the entry had run, one more round trip before anything useful shows on a
 * slow connection (its few kB cost every other first load little). Its own heavy parts (the sign-in
 * calls, two-factor, Google) stay lazy inside it. `handle` carries the route's name and whether it needs a signed-in user, which RequireAuth
 * (in AppLayout) enforces.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    Component: AppLayout,
    ErrorBoundary: RouteErrorScreen,
    HydrateFallback: RouteLoading,
    handle: { name: 'root', requiresAuth: false } satisfies RouteHandle,
    children: [
      {
        index: true,
        // A redirect, not a screen: "/" has no login rule of its own (docs/product-rules.md: "n/a").
        element: <Navigate to="/dashboard" replace />,
        handle: { name: 'home', requiresAuth: false } satisfies RouteHandle,
      },
      {
        path: 'dashboard',
        handle: { name: 'dashboard', requiresAuth: true } satisfies RouteHandle,
        lazy: async () => ({
          Component: (await import('../features/dashboard/dashboard-screen')).DashboardScreen,
        }),
      },
      {
        path: 'login',
        handle: { name: 'login', requiresAuth: false } satisfies RouteHandle,
        Component: LoginScreen,
      },
      {
        path: 'account-reset/confirm',
        handle: { name: 'accountResetConfirm', requiresAuth: false } satisfies RouteHandle,
        lazy: async () => ({
          Component: (await import('../features/session/account-reset-confirm-screen')).AccountResetConfirmScreen,
        }),
      },
      {
        path: 'socialSignIn',
        handle: { name: 'socialSignIn', requiresAuth: false } satisfies RouteHandle,
        lazy: async () => ({
          Component: (await import('../features/session/social-sign-in-screen')).SocialSignInScreen,
        }),
      },
      {
        path: 'socialSignIn/failure',
        handle: { name: 'socialSignInFailure', requiresAuth: false } satisfies RouteHandle,
        lazy: async () => ({
          Component: (await import('../features/session/social-sign-in-failure-screen')).SocialSignInFailureScreen,
        }),
      },
      {
        path: 'contacts',
        handle: { name: 'contacts', requiresAuth: true } satisfies RouteHandle,
        lazy: async () => ({
          Component: (await import('../features/contacts/contacts-screen')).ContactsScreen,
        }),
      },
      {
        path: 'contacts/tags',
        handle: { name: 'contactTags', requiresAuth: true } satisfies RouteHandle,
        lazy: async () => ({
          Component: (await import('../features/contacts/contact-tags-screen')).ContactTagsScreen,
        }),
      },
      {
        path: 'shipments',
        handle: { name: 'shipments', requiresAuth: true } satisfies RouteHandle,
        lazy: async () => ({
          Component: (await import('../features/shipments/shipments-screen')).ShipmentsScreen,
        }),
      },
      {
        // `/shipments/new` too: the screen opens empty for `new`, else the stored shipment.
        path: 'shipments/:id',
        handle: { name: 'shipment', requiresAuth: true } satisfies RouteHandle,
        lazy: async () => ({
          Component: (await import('../features/shipments/shipment-screen')).ShipmentScreen,
        }),
      },
      {
        path: 'reports',
        handle: { name: 'reports', requiresAuth: true } satisfies RouteHandle,
        lazy: async () => ({
          Component: (await import('../features/reports/reports-screen')).ReportsScreen,
        }),
      },
      {
        path: 'reports/:id',
        handle: { name: 'report', requiresAuth: true } satisfies RouteHandle,
        lazy: async () => ({
          Component: (await import('../features/reports/report-screen')).ReportScreen,
        }),
      },
      {
        path: 'app-admin',
        handle: { name: 'appAdmin', requiresAuth: true } satisfies RouteHandle,
        lazy: async () => ({
          Component: (await import('../features/app-admin/app-admin-screen')).AppAdminScreen,
        }),
      },
      {
        path: 'outbox',
        handle: { name: 'outbox', requiresAuth: true } satisfies RouteHandle,
        lazy: async () => ({
          Component: (await import('../features/outbox/outbox-screen')).OutboxScreen,
        }),
      },
      {
        path: 'notFound',
        handle: { name: 'notFound', requiresAuth: true } satisfies RouteHandle,
        lazy: async () => ({
          Component: (await import('../features/not-found/not-found-screen')).NotFoundScreen,
        }),
      },
      {
        path: 'accounts/roles/create/',
        handle: { name: 'roleCreate', requiresAuth: true } satisfies RouteHandle,
        lazy: async () => ({
          Component: (await import('../features/settings/roles/role-create-screen')).RoleCreateScreen,
        }),
      },
      {
        // Outside the settings area on purpose: docs/product-rules.md lists it apart from the settings children.
        path: 'settings/roles/:id',
        handle: { name: 'roleEdit', requiresAuth: true } satisfies RouteHandle,
        lazy: async () => ({
          Component: (await import('../features/settings/roles/role-edit-screen')).RoleEditScreen,
        }),
      },
      {
        path: 'settings',
        handle: { name: 'settings', requiresAuth: true } satisfies RouteHandle,
        lazy: async () => ({
          Component: (await import('../features/settings/settings-layout')).SettingsLayout,
        }),
        children: [
          {
            path: 'profile',
            handle: { name: 'settingsProfile', requiresAuth: true } satisfies RouteHandle,
            lazy: async () => ({
              Component: (await import('../features/settings/profile/profile-screen')).ProfileScreen,
            }),
          },
          {
            path: 'company',
            handle: { name: 'settingsCompany', requiresAuth: true } satisfies RouteHandle,
            lazy: async () => ({
              Component: (await import('../features/settings/company/company-screen')).CompanyScreen,
            }),
          },
          {
            path: 'users',
            handle: { name: 'settingsUsers', requiresAuth: true } satisfies RouteHandle,
            lazy: async () => ({
              Component: (await import('../features/settings/users/users-screen')).UsersScreen,
            }),
          },
          {
            // docs/product-rules.md: editing a user reuses the profile screen.
            path: 'users/:id',
            handle: { name: 'settingsUserEdit', requiresAuth: true } satisfies RouteHandle,
            lazy: async () => ({
              Component: (await import('../features/settings/profile/profile-screen')).ProfileScreen,
            }),
          },
          {
            path: 'roles',
            handle: { name: 'settingsRoles', requiresAuth: true } satisfies RouteHandle,
            lazy: async () => ({
              Component: (await import('../features/settings/roles/roles-screen')).RolesScreen,
            }),
          },
          {
            path: 'picklist',
            handle: { name: 'settingsPicklist', requiresAuth: true } satisfies RouteHandle,
            lazy: async () => ({
              Component: (await import('../features/settings/master-data/picklist-screen')).PicklistScreen,
            }),
          },
          {
            path: 'business-types',
            handle: { name: 'settingsBusinessTypes', requiresAuth: true } satisfies RouteHandle,
            lazy: async () => ({
              Component: (await import('../features/settings/master-data/business-types-screen')).BusinessTypesScreen,
            }),
          },
          {
            path: 'receiving-locations',
            handle: { name: 'settingsReceivingLocations', requiresAuth: true } satisfies RouteHandle,
            lazy: async () => ({
              Component: (await import('../features/settings/master-data/receiving-locations-screen'))
                .ReceivingLocationsScreen,
            }),
          },
          {
            // The parameter sits directly under /settings (docs/product-rules.md); static siblings outrank it.
            path: ':port',
            handle: { name: 'settingsPorts', requiresAuth: true } satisfies RouteHandle,
            lazy: async () => ({
              Component: (await import('./ports-route')).PortsRoute,
            }),
          },
          {
            path: 'countries',
            handle: { name: 'settingsCountries', requiresAuth: true } satisfies RouteHandle,
            lazy: async () => ({
              Component: (await import('../features/settings/countries/countries-screen')).CountriesScreen,
            }),
          },
          {
            path: 'templates',
            handle: { name: 'settingsTemplates', requiresAuth: true } satisfies RouteHandle,
            lazy: async () => ({
              Component: (await import('../features/settings/templates/templates-screen')).TemplatesScreen,
            }),
          },
          {
            path: 'templates/:id/:type',
            handle: { name: 'settingsTemplateUpdate', requiresAuth: true } satisfies RouteHandle,
            lazy: async () => ({
              Component: (await import('../features/settings/templates/template-update-screen')).TemplateUpdateScreen,
            }),
          },
          {
            path: 'issues',
            handle: { name: 'settingsIssues', requiresAuth: true } satisfies RouteHandle,
            lazy: async () => ({
              Component: (await import('../features/issues/issues-screen')).IssuesScreen,
            }),
          },
          {
            path: 'currencies',
            handle: { name: 'settingsCurrencies', requiresAuth: true } satisfies RouteHandle,
            lazy: async () => ({
              Component: (await import('../features/settings/master-data/currencies-screen')).CurrenciesScreen,
            }),
          },
        ],
      },
      {
        // Unknown paths show the not-found screen in place. Public on purpose: a logged-out visitor
        // with a mistyped link learns it is wrong instead of being bounced to sign in.
        path: '*',
        handle: { name: 'catchAll', requiresAuth: false } satisfies RouteHandle,
        lazy: async () => ({
          Component: (await import('../features/not-found/not-found-screen')).NotFoundScreen,
        }),
      },
    ],
  },
];
