/**
 * The npm packages the function's own packages depend on, named so that wherever the function is bundled each
 * resolves to the one version its deno.json pins. `supabase functions deploy --use-api` bundles on Supabase's side
 * without deno.lock: a package the code imports takes deno.json's exact version, but a dependency of one (ajv's
 * fast-uri, say) would take the newest version its range allows that day. A package the graph names itself is
 * resolved first, at its pin, and a dependency whose range it satisfies is given that very version: one copy of each,
 * the same on every path (tests/editor/hosted/denoImports.test.ts resolves the graph without the lock and checks).
 *
 * Never called: the imports are here to be seen by the bundler, not to run (ajv's runtime, the only one the function
 * loads, imports fast-deep-equal itself).
 */
export const dependenciesOfPackages = () => [
  import('fast-deep-equal'), import('fast-uri'), import('json-schema-traverse'), import('require-from-string'),
];
