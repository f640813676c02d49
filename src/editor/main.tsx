import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import './editor.css';

const root = document.getElementById('editor');
if (root) createRoot(root).render(<App />);
