import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { setFrenchValidationMessages } from '@coulisses/domain/zod-french';
import { AppProvider } from './app/provider.tsx';
import { createRouter } from './app/router.tsx';
import './styles.css';

setFrenchValidationMessages();
const router = createRouter();

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
createRoot(root).render(
  <StrictMode>
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  </StrictMode>,
);
