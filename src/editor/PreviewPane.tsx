import { useState } from 'react';
import { editorCatalogue } from '../content/errors.ts';
import { PreviewFrame, type Behind, type PreviewContent, type ShownBlock } from './PreviewFrame.tsx';
import type { DraftPictures } from './draftPictures.ts';

/** The preview beside the form: the page that shows best what is edited, at phone or desktop width, and why it may lag. */
export function PreviewPane({ previewOrigin, path, note, reload, onReload, block, content, pictures }: {
  previewOrigin: string; path: string; note?: string; reload: number; onReload(): void;
  block?: ShownBlock; content?: PreviewContent; pictures: DraftPictures;
}) {
  const [width, setWidth] = useState<'phone' | 'desktop'>('desktop');
  const [behind, setBehind] = useState<Behind>(null);
  // The problems' note says why already when there are problems; else the preview's own answer does.
  const said = note ?? (behind === 'unfit' ? editorCatalogue.PreviewBehind() : behind === 'silent' ? editorCatalogue.PreviewNotAnswering() : undefined);
  return (
    <aside className="preview" aria-label="Preview">
      <div className="preview-bar">
        {previewOrigin
          ? <span>Preview of <a href={`${previewOrigin}${path}`} target="_blank" rel="noreferrer">{path}</a></span>
          // Drawn here from the draft: the page at its address is the website as published.
          : <span>Preview of {path} (<a href={path} target="_blank" rel="noreferrer">the page as published</a>)</span>}
        <div role="group" aria-label="Preview width">
          <button type="button" aria-pressed={width === 'phone'} onClick={() => setWidth('phone')}>Phone</button>
          <button type="button" aria-pressed={width === 'desktop'} onClick={() => setWidth('desktop')}>Desktop</button>
          <button type="button" onClick={onReload}>Reload</button>
        </div>
      </div>
      {said && <p className="preview-note" role="status">{said}</p>}
      <PreviewFrame width={width} src={`${previewOrigin}${path}`} reload={reload} title={`Preview of the page ${path}`}
        block={block} content={content} pictures={pictures} onBehind={setBehind} />
    </aside>
  );
}
