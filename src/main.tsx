// Web app entry: initialises i18n (translations from /assets/i18n/{lang}.json), then mounts the React root.
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { initI18n } from './i18n/i18n';
import '../styles/app.css';

void initI18n().finally(() => {
  createRoot(document.getElementById('root')!).render(<App />);
});
