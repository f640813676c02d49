// The two build settings the feedback form reads, each by name: Vite puts the value of a variable it is asked for by
// name into the bundle, and nothing else of the build's environment.
interface ImportMetaEnv {
  /** The Supabase project's address; unset, the form calls this site's own origin (npm start, npm run dev). */
  readonly VITE_SUPABASE_URL?: string;
  /** The project's publishable (anon) key, never the service-role key. */
  readonly VITE_SUPABASE_ANON_KEY?: string;
}
