import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { setHostCapabilities, WEB_HOST } from './api/hostCapabilities.ts';
import { installWebTransport } from './api/webTransport.ts';
import './styles.css';
import './narrowLayout.css';

// Outside Electron (the web host), window.api comes over the host's socket; in Electron the preload set it.
if (installWebTransport()) setHostCapabilities(WEB_HOST);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
