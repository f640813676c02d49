import { HISTORY_LIMIT, type GitHost, type LastChange } from './gitHost.ts';
import { valueAt } from '../../src/editor/ops/op.ts';
import { jsonEqual, type Json } from '../../src/editor/yaml/json.ts';
import { valueOfText } from '../../src/editor/yaml/patch.ts';
import type { ConflictView } from './merge.ts';

const unchanged = (a: Json | undefined, b: Json | undefined) => (a === undefined || b === undefined ? a === b : jsonEqual(a, b));

async function valueAtCommit(host: GitHost, site: string, commit: string): Promise<Json | undefined> {
  const bytes = await host.read(commit, site);
  return bytes === undefined ? undefined : valueOfText(new TextDecoder().decode(bytes));
}

/**
 * Each conflict named by who made the other change: the newest version since the draft's `base` that changed its
 * place. The branch's last publisher may have changed something else entirely (a colleague's qualifications after
 * another's phone number), and the person decides on the strength of that name. Read only when there are conflicts;
 * a place no listed version changed (its base is older than the list) keeps the branch's last change.
 */
export async function namedChangers(host: GitHost, site: string, head: string, base: string | undefined, conflicts: ConflictView[]): Promise<ConflictView[]> {
  const named = conflicts.map((c) => ({ ...c }));
  const open = () => named.filter((c) => c.path && c.by === undefined);
  if (open().length) {
    const versions = await host.history(head, site, HISTORY_LIMIT);
    let newer = versions.length ? await valueAtCommit(host, site, versions[0].commit) : undefined;
    for (const version of versions) {
      if (version.commit === base || !open().length) break;
      const older = version.parent ? await valueAtCommit(host, site, version.parent) : undefined;
      for (const c of open()) {
        const path = c.path ?? [];
        if (!unchanged(newer === undefined ? undefined : valueAt(newer, path), older === undefined ? undefined : valueAt(older, path))) Object.assign(c, { by: version.author.name, at: version.at });
      }
      newer = older;
    }
  }
  const last = named.some((c) => c.by === undefined) ? await host.lastChange(head, site) : {};
  return named.map(({ path: _path, ...c }): ConflictView => (c.by === undefined ? { ...c, ...(last as LastChange) } : c));
}
