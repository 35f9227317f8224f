// @vitest-environment node
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../..');
const eslint = new ESLint({ cwd: root });

/** The messages of `rule` (the folders' layers by default) the project's lint gives `code` placed at `file`. */
async function layerErrors(file: string, code: string, rule = 'convene/import-layers'): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === rule).map((m) => m.message);
}

/** The same for the layers inside server/. */
const serverLayerErrors = (file: string, code: string) => layerErrors(file, code, 'import/no-restricted-paths');

describe('the lint keeps folders in their layers', () => {
  it('fails an import of a higher folder: the UI kit may not use a feature', async () => {
    const errors = await layerErrors('components/ui/Probe.tsx', "import { HubHome } from '@/components/hubs/HubHome';\nexport const probe = HubHome;\n");
    expect(errors).toEqual([expect.stringContaining('components/ui may not import components/hubs')]);
  });

  it('fails a relative import that climbs into a sibling of the same layer', async () => {
    const errors = await layerErrors('server/probe.ts', "import { apiClient } from '../client/http/clients';\nexport const probe = apiClient;\n");
    expect(errors).toEqual([expect.stringContaining('server may not import client')]);
  });

  it('lets the mock be wired in by pages alone', async () => {
    const code = "import { handlers } from '@/mocks/handlers';\nexport const probe = handlers;\n";
    expect(await layerErrors('store/probe.ts', code)).toHaveLength(1);
    expect(await layerErrors('pages/probe.tsx', code)).toEqual([]);
  });

  it('passes imports of lower folders', async () => {
    const code = "import { Panel } from '@/components/ui/Panel';\nimport { PAGE_SIZE } from '@/lib/constants';\nexport const probe = [Panel, PAGE_SIZE];\n";
    expect(await layerErrors('components/spaces/Probe.tsx', code)).toEqual([]);
  });

  it('keeps processing from importing the domain that builds on it', async () => {
    const code = "import { reindexPendingTables } from '../domain/records/save-records';\nexport const probe = reindexPendingTables;\n";
    expect(await serverLayerErrors('server/processing/probe.ts', code)).toEqual([
      expect.stringContaining('server/processing may import only the server folders below it'),
    ]);
  });

  it('keeps the domain from importing routes, and lets it use processing, db and lib', async () => {
    const upward = "import recordRoutes from '../../routes/records';\nexport const probe = recordRoutes;\n";
    expect(await serverLayerErrors('server/domain/records/probe.ts', upward)).toEqual([
      expect.stringContaining('server/domain may import only the server folders below it'),
    ]);
    const downward = [
      "import { joinLocated } from '../../processing/located-text';",
      "import { recordImports } from '../../db/schema';",
      "import { AppError } from '../../lib/errors';",
      'export const probe = [joinLocated, recordImports, AppError];',
      '',
    ].join('\n');
    expect(await serverLayerErrors('server/domain/records/probe.ts', downward)).toEqual([]);
  });

  it('asks for a place for a new component folder', async () => {
    const errors = await layerErrors('components/widgets/Probe.tsx', 'export const probe = 1;\n');
    expect(errors).toEqual([expect.stringContaining('components/widgets has no layer')]);
  });
});
