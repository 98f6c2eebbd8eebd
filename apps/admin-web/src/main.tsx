import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { readApiBaseUrl } from '@teamfit/web-ui';
import { App } from './app/app.component';
import { ConsoleContext, createConsole } from './app/console-context';
import { pageRoutes } from './app/page-routes';

const root = document.getElementById('root');
if (!root) throw new Error('index.html lacks #root');
createRoot(root).render(
  <StrictMode>
    <ConsoleContext.Provider value={createConsole(readApiBaseUrl())}>
      <App routes={pageRoutes} />
    </ConsoleContext.Provider>
  </StrictMode>,
);
