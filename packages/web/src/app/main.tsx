import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { createQueryClient } from '../api/query-client';
import { installErrorReporting } from '../shared/client-errors';
import { installConnectivity } from '../api/connectivity';
import { AppProviders } from './providers';
import { router } from './router';

installErrorReporting();
installConnectivity();
const queryClient = createQueryClient();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
