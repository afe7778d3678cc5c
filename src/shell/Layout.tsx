// Page frame of the signed-in areas: the application bar above the routed page and the notification centre.
import { Outlet } from 'react-router';
import { Header } from './Header';
import { NotificationCentre } from './NotificationCentre';

export function Layout() {
  return (
    <div className="app-layout">
      <Header />
      <div className="app-content"><Outlet /></div>
      <NotificationCentre />
    </div>
  );
}
