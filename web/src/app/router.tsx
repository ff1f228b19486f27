import type { ComponentType, ReactElement } from 'react';
import LinearProgress from '@mui/material/LinearProgress';
import type { Role } from '@contracts/identity';
import { createBrowserRouter, Navigate, useLocation, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { RequireLogin, RequireRole } from '@/features/auth/components/guards';
import { registerNavigate } from '@/lib/navigation';
import { REDIRECTS, ROUTES, type Access, type RouteSpec, type RoutePath } from './routes';
import { Root } from './shell/root';
import { ShellLayout } from './shell/shell-layout';

type Lazy = RouteObject['lazy'];

// Every screen is its own chunk; only the shell is in the first download.
const screen =
  (load: () => Promise<{ default: ComponentType }>): Lazy =>
  async () => ({ Component: (await load()).default });

/** A route whose feature is not built yet: a placeholder that says so, never a blank page. */
const placeholder =
  (title: string, feature: string): Lazy =>
  async () => {
    const { Placeholder } = await import('@/components/placeholder');
    return { Component: () => <Placeholder title={title} feature={feature} /> };
  };

/** Redirects of storefront section 2 keep the query string (validation and reset links carry their tokens). */
function RedirectKeepingQuery({ to }: { to: string }) {
  const { search, hash } = useLocation();
  return <Navigate to={to + search + hash} replace />;
}

/** The screen of each route of the table (routes.ts): a path without one does not compile. */
const SCREENS: Record<RoutePath, Lazy> = {
  '': screen(() => import('@/features/home/routes/home')),
  cart: screen(() => import('@/features/cart/routes/cart')),
  login: screen(() => import('@/features/auth/routes/login')),
  'market/:offer/:uid': screen(() => import('@/features/cart/routes/market')),
  'product/:name/:id': screen(() => import('@/features/catalog/routes/product')),
  'products/:id': screen(() => import('@/features/catalog/routes/products')),
  'user/register': screen(() => import('@/features/auth/routes/register')),
  'user/forgot': screen(() => import('@/features/auth/routes/forgot')),
  'user/resend': screen(() => import('@/features/auth/routes/resend')),
  'user/redeem': screen(() => import('@/features/auth/routes/set-new-password')),
  'user/validate': screen(() => import('@/features/auth/routes/validate')),
  'user/confirm-email': screen(() => import('@/features/auth/routes/email-change')),
  'user/undo-email-change': screen(() => import('@/features/auth/routes/email-change')),
  'static/*': screen(() => import('@/features/static/routes/static-page')),
  'meeting/*': screen(() => import('@/features/meetings/routes/meetings')),
  'redeem-info': screen(() => import('@/features/misc/routes/redeem-info')),
  'checkout/customer': screen(() => import('@/features/checkout/routes/customer')),
  'checkout/pay': screen(() => import('@/features/checkout/routes/pay')),
  'checkout/confirm/:number': screen(() => import('@/features/checkout/routes/confirm')),
  people: screen(() => import('@/features/faculty/routes/people')),
  'people/:userId': screen(() => import('@/features/faculty/routes/person')),
  maintenance: screen(() => import('@/features/misc/routes/maintenance')),
  test: screen(() => import('@/features/misc/routes/promo-test')),
  'verify/:number': screen(() => import('@/features/cme/routes/verify')),
  'user/account': screen(() => import('@/features/account/routes/account')),
  redeem: screen(() => import('@/features/redeem/routes/redeem')),
  'redeem/:code': screen(() => import('@/features/redeem/routes/redeem')),
  'org/:id': placeholder('Organisation', 'organisation'),
  'user/home': screen(() => import('@/features/streaming/routes/user-home')),
  streaming: screen(() => import('@/features/streaming/routes/streaming')),
  'stream/:id': screen(() => import('@/features/streaming/routes/stream')),
  'streams/details/:productId/:videoId': screen(() => import('@/features/streaming/routes/video')),
  'cme/:type/:id': screen(() => import('@/features/cme/routes/cme-test')),
  'cme-center': screen(() => import('@/features/cme/routes/cme-center')),
  'iflap/*': screen(() => import('@/features/iflap/routes/iflap')),
  '*': screen(() => import('@/features/misc/routes/catch-all')),
};

const guard = (access: Access): ReactElement | null => {
  if (access === 'anyone') return null;
  if (access === 'signed-in') return <RequireLogin />;
  const roles: readonly Role[] = access;
  return <RequireRole anyOf={[...roles]} />;
};

/** The routes of the table, each behind its guard (React Router ranks routes by path, not order). */
function routesOf(specs: readonly RouteSpec[]): RouteObject[] {
  return specs.map((spec) => {
    const route: RouteObject = spec.path === '' ? { index: true } : { path: spec.path };
    route.lazy = SCREENS[spec.path as RoutePath];
    const element = guard(spec.access);
    return element ? { element, children: [route] } : route;
  });
}

const shellRoutes: RouteObject[] = [
  ...routesOf(ROUTES.filter((spec: RouteSpec) => !spec.bare)),
  ...REDIRECTS.map(({ path, to }) => ({ path, element: <RedirectKeepingQuery to={to} /> })),
];

export const router = createBrowserRouter([
  {
    element: <Root />,
    // Shown only while the first screen's chunk loads on a cold start.
    hydrateFallbackElement: <LinearProgress aria-label="Loading page" />,
    children: [
      { element: <ShellLayout />, children: shellRoutes },
      // iFlap lives outside the navigation shell (storefront section 2).
      ...routesOf(ROUTES.filter((spec: RouteSpec) => spec.bare)),
    ],
  },
]);

registerNavigate((to, options) => void router.navigate(to, options));

/** The app's routes, rendered (main.tsx imports this module as one stage of the start). */
export function AppRouter() {
  return <RouterProvider router={router} />;
}
