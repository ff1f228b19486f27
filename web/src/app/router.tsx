import type { ComponentType } from 'react';
import LinearProgress from '@mui/material/LinearProgress';
import { createBrowserRouter, Navigate, useLocation, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { RequireLogin, RequireRole } from '@/features/auth/components/guards';
import { registerNavigate } from '@/lib/navigation';
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

const redirect = (path: string, to: string): RouteObject => ({ path, element: <RedirectKeepingQuery to={to} /> });

const shellRoutes: RouteObject[] = [
  { index: true, lazy: screen(() => import('@/features/home/routes/home')) },
  { path: 'cart', lazy: screen(() => import('@/features/cart/routes/cart')) },
  { path: 'login', lazy: screen(() => import('@/features/auth/routes/login')) },
  { path: 'market/:offer/:uid', lazy: screen(() => import('@/features/cart/routes/market')) },
  { path: 'product/:name/:id', lazy: screen(() => import('@/features/catalog/routes/product')) },
  { path: 'products', element: <Navigate to="/products/0" replace /> },
  { path: 'products/:id', lazy: screen(() => import('@/features/catalog/routes/products')) },
  { path: 'user/register', lazy: screen(() => import('@/features/auth/routes/register')) },
  { path: 'user/forgot', lazy: screen(() => import('@/features/auth/routes/forgot')) },
  { path: 'user/resend', lazy: screen(() => import('@/features/auth/routes/resend')) },
  { path: 'user/redeem', lazy: screen(() => import('@/features/auth/routes/set-new-password')) },
  { path: 'user/validate', lazy: screen(() => import('@/features/auth/routes/validate')) },
  { path: 'user/confirm-email', lazy: screen(() => import('@/features/auth/routes/email-change')) },
  { path: 'user/undo-email-change', lazy: screen(() => import('@/features/auth/routes/email-change')) },
  { path: 'static/*', lazy: screen(() => import('@/features/static/routes/static-page')) },
  { path: 'meeting/*', lazy: screen(() => import('@/features/meetings/routes/meetings')) },
  { path: 'redeem-info', lazy: screen(() => import('@/features/misc/routes/redeem-info')) },
  { path: 'checkout/customer', lazy: screen(() => import('@/features/checkout/routes/customer')) },
  { path: 'checkout/pay', lazy: screen(() => import('@/features/checkout/routes/pay')) },
  { path: 'checkout/confirm/:number', lazy: screen(() => import('@/features/checkout/routes/confirm')) },
  { path: 'people', lazy: screen(() => import('@/features/faculty/routes/people')) },
  { path: 'people/:userId', lazy: screen(() => import('@/features/faculty/routes/person')) },
  { path: 'maintenance', lazy: screen(() => import('@/features/misc/routes/maintenance')) },
  { path: 'test', lazy: screen(() => import('@/features/misc/routes/promo-test')) },
  { path: 'verify/:number', lazy: screen(() => import('@/features/cme/routes/verify')) },
  {
    element: <RequireLogin />,
    children: [
      { path: 'user/account', lazy: screen(() => import('@/features/account/routes/account')) },
      { path: 'redeem', lazy: screen(() => import('@/features/redeem/routes/redeem')) },
      { path: 'redeem/:code', lazy: screen(() => import('@/features/redeem/routes/redeem')) },
      { path: 'org/:id', lazy: placeholder('Organisation', 'organisation') },
    ],
  },
  {
    element: <RequireRole anyOf={['streaming']} />,
    children: [
      { path: 'user/home', lazy: screen(() => import('@/features/streaming/routes/user-home')) },
      { path: 'streaming', lazy: screen(() => import('@/features/streaming/routes/streaming')) },
      { path: 'stream/:id', lazy: screen(() => import('@/features/streaming/routes/stream')) },
      {
        path: 'streams/details/:productId/:videoId',
        lazy: screen(() => import('@/features/streaming/routes/video')),
      },
    ],
  },
  {
    element: <RequireRole anyOf={['cme']} />,
    children: [{ path: 'cme/:type/:id', lazy: screen(() => import('@/features/cme/routes/cme-test')) }],
  },
  {
    element: <RequireRole anyOf={['cme', 'cmePrint']} />,
    children: [{ path: 'cme-center', lazy: screen(() => import('@/features/cme/routes/cme-center')) }],
  },
  redirect('register/redeem', '/user/redeem'),
  redirect('register/validate', '/user/validate'),
  redirect('symposia', '/meeting/list'),
  redirect('elearning/menu', '/streaming'),
  redirect('elearning/home', '/streaming'),
  redirect('elearning/search', '/streaming'),
  // Marketing short paths (GET /api/short-paths), otherwise Page Not Found.
  { path: '*', lazy: screen(() => import('@/features/misc/routes/catch-all')) },
];

export const router = createBrowserRouter([
  {
    element: <Root />,
    // Shown only while the first screen's chunk loads on a cold start.
    hydrateFallbackElement: <LinearProgress aria-label="Loading page" />,
    children: [
      { element: <ShellLayout />, children: shellRoutes },
      // iFlap lives outside the navigation shell (storefront section 2).
      {
        element: <RequireRole anyOf={['iflap']} />,
        children: [{ path: 'iflap/*', lazy: screen(() => import('@/features/iflap/routes/iflap')) }],
      },
    ],
  },
]);

registerNavigate((to, options) => void router.navigate(to, options));

/** The app's routes, rendered (main.tsx imports this module as one stage of the start). */
export function AppRouter() {
  return <RouterProvider router={router} />;
}
