/**
 * The kinds of file the content may link to or show, by extension, with the type the server declares for each.
 * One list for the checker (a link to any other kind is refused), the server and the host headers: adding a kind
 * (a video for a new block, say) is one line here. The default Content-Security-Policy (default-src 'self') already
 * lets pages show pictures, video and sound from the site itself.
 */
export const CONTENT_FILE_TYPES: Readonly<Record<string, string>> = {
  '.pdf': 'application/pdf',
  '.doc': 'application/msword',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
};

/** '.PDF' and '/a/b.pdf?x' -> the declared type, or undefined for a kind the site does not serve as content. */
export function contentFileType(path: string): string | undefined {
  const extension = /(\.[a-z0-9]+)$/i.exec(path.split(/[?#]/)[0])?.[1]?.toLowerCase();
  return extension ? CONTENT_FILE_TYPES[extension] : undefined;
}
