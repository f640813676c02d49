// The version of the function deployed from this copy: the deploy workflow writes it here just before it deploys a
// function (scripts/deployScope.ts --stamp <name>), and the function answers it at GET <function>/version. A function
// deployed some other way answers the words below, which match no version, so the next deploy sends it again.
export const DEPLOYED_VERSION = 'not deployed by the workflow';
