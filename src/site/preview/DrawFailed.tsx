import { Component, type ReactNode } from 'react';
import { editorCatalogue } from '../../content/editorCatalogue.ts';

/**
 * A page that throws while it is drawn from the text as it is now (a value half typed that the site's components do
 * not expect) shows a line instead of nothing, and `failed` records it, so that the editor is told the preview is
 * behind. A new version mounts a new one (its key), and tries again.
 */
export class DrawFailed extends Component<{ children: ReactNode; failed(): void }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    console.warn(error);
    this.props.failed();
  }

  render() {
    return this.state.failed
      ? <p style={{ padding: '1rem' }}>{editorCatalogue.PreviewCannotDraw()}</p>
      : this.props.children;
  }
}
