/**
 * npm run feedback:export [-- --csv]: prints every submission stored by the local feedback function
 * (`npm start` / `npm run dev`), oldest first, as JSON Lines (one JSON object per line) or, with --csv, as CSV for a
 * spreadsheet. Stop the server first: only one program may open the data at a time. FEEDBACK_DATA_DIR picks
 * another data folder. On Supabase, read the feedback table in the dashboard instead. Bidirectional controls
 * (U+202A-202E, U+2066-2069) are printed as [U+202E] and so on: stored as sent, shown as what they are.
 */
import { neutraliseBidi } from '../src/content/feedbackRules.ts';
import { feedbackDataDir, hasFeedbackData, listFeedback, openFeedbackDatabase, StoreBusyError, type StoredFeedback } from '../server/local/feedbackStore.ts';

const COLUMNS: (keyof StoredFeedback)[] = ['id', 'createdAt', 'feedbackType', 'name', 'email', 'phone', 'message'];

/** One CSV cell: quoted when needed, and never read as a formula by a spreadsheet (text from the public web). */
function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function toCsv(rows: StoredFeedback[]): string {
  const lines = [COLUMNS.join(','), ...rows.map((row) => COLUMNS.map((column) => csvCell(row[column])).join(','))];
  return lines.join('\r\n') + '\r\n';
}

function toJsonLines(rows: StoredFeedback[]): string {
  return rows.map((row) => JSON.stringify(row) + '\n').join('');
}

/** The row as printed: every text with its bidirectional controls made visible. */
function printable(row: StoredFeedback): StoredFeedback {
  const { name, email, phone, message } = row;
  return { ...row, name: neutraliseBidi(name), email: neutraliseBidi(email), phone: neutraliseBidi(phone), message: neutraliseBidi(message) };
}

async function main() {
  const csv = process.argv.includes('--csv');
  const dataDir = feedbackDataDir();
  if (!hasFeedbackData(dataDir)) {
    console.error(`No feedback has been stored yet (nothing in ${dataDir}).`);
    if (csv) process.stdout.write(toCsv([]));
    return;
  }
  let database;
  try {
    database = await openFeedbackDatabase(dataDir);
  } catch (error) {
    if (error instanceof StoreBusyError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  try {
    const rows = (await listFeedback(database.db)).map(printable);
    process.stdout.write(csv ? toCsv(rows) : toJsonLines(rows));
    console.error(`${rows.length} submission${rows.length === 1 ? '' : 's'} from ${dataDir}.`);
  } finally {
    await database.close();
  }
}

await main();
