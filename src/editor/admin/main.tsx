import { createRoot } from 'react-dom/client';
import '../editor.css';
import { Admin } from './Admin.tsx';

const root = document.getElementById('editor');
if (root) createRoot(root).render(<Admin />);
