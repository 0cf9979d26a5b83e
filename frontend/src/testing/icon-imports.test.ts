import { createRequire } from 'node:module';

import { PlusOutlined } from '@ant-design/icons';
import { describe, expect, it } from 'vitest';

import { iconImports, rewriteIconImports } from './icon-imports';

const icons = '/m/@ant-design/icons/lib/icons';

describe('icon imports under Vitest', () => {
  it('imports each icon from its own file, keeping the lines below where they were', () => {
    const code = [
      'import {',
      '  ArrowDownOutlined,',
      '  CheckCircleFilled as Done,',
      "} from '@ant-design/icons';",
      "import { Button } from 'antd';",
    ].join('\n');

    const rewritten = rewriteIconImports(code, icons);

    expect(rewritten).toBe(
      [
        `import ArrowDownOutlined from "${icons}/ArrowDownOutlined.js"; import Done from "${icons}/CheckCircleFilled.js";`,
        '',
        '',
        '',
        "import { Button } from 'antd';",
      ].join('\n'),
    );
  });

  it('leaves an import of anything but icons, and code without one, as they were', () => {
    expect(iconImports(' IconProvider, PlusOutlined ', icons)).toBeUndefined();
    expect(rewriteIconImports("import { IconProvider } from '@ant-design/icons';", icons)).toBeUndefined();
    expect(rewriteIconImports("import { Button } from 'antd';", icons)).toBeUndefined();
  });

  it("gives the icon antd's build uses, without loading the package's index of every icon", () => {
    const require = createRequire(import.meta.url);
    const file = require.resolve('@ant-design/icons/lib/icons/PlusOutlined');
    expect(PlusOutlined).toBe((require(file) as { default: unknown }).default);
    expect(require.cache[require.resolve('@ant-design/icons')]).toBeUndefined();
  });
});
