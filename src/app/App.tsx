// App root: the Redux store, the router with the routes of spec 1 §2, and the shell overlays (notifications,
// modals, login dialog, loading overlay). i18n is initialised by main.tsx before the first render.
import { useEffect, useMemo } from 'react';
import { Provider } from 'react-redux';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { store as defaultStore, type AppStore } from './store';
import { appRoutes } from './routes';
import { setNavigator } from './navigation';
import { ShellOverlays } from '../shell/Shell';
import { applyTheme, storedTheme } from '../shell/theme';

export type AppRouter = ReturnType<typeof createBrowserRouter>;

export function createAppRouter(): AppRouter {
  return createBrowserRouter(appRoutes);
}

export function App({ store = defaultStore, router }: { store?: AppStore; router?: AppRouter }) {
  const r = useMemo(() => router ?? createAppRouter(), [router]);
  useEffect(() => {
    applyTheme(storedTheme());
    setNavigator((to, opts) => { void r.navigate(to, opts); });
    return () => setNavigator(null);
  }, [r]);
  return (
    <Provider store={store}>
      <RouterProvider router={r} />
      <ShellOverlays />
    </Provider>
  );
}
