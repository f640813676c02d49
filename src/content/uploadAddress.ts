/**
 * The only addresses an upload can have on the site: pictures under /images/, PDFs under /downloads/, named by the
 * editor (lower-case words and six hexadecimal digits) with a picture's or a PDF's extension. Group 1 is a picture's
 * extension, group 2 'pdf'. The editor's server keeps uploads at the same paths under public/ (UPLOAD_PATH); the
 * database holds the same rule (supabase/migrations, editor_draft_files_path_upload).
 */
export const UPLOAD_ADDRESS = /^\/(?:images\/[a-z0-9][a-z0-9-]{0,59}-[0-9a-f]{6}\.(jpg|png|webp|avif)|downloads\/[a-z0-9][a-z0-9-]{0,59}-[0-9a-f]{6}\.(pdf))$/;
