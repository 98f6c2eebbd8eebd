import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { readApiBaseUrl } from '@teamfit/web-ui';
import { App } from './app/app.component';
import { createHub, HubContext } from './app/hub-context';

const root = document.getElementById('root');
if (!root) throw new Error('index.html lacks #root');
createRoot(root).render(
  <StrictMode>
    <HubContext.Provider value={createHub(readApiBaseUrl())}>
      <App />
    </HubContext.Provider>
  </StrictMode>,
);
