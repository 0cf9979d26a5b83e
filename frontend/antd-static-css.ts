/**
 * antd without CSS-in-JS at run time (issue 18): the app runs antd with `theme.zeroRuntime` (no style
 * is computed in the browser) and its components' CSS is extracted here, at build time, with
 * `@ant-design/static-style-extract` and the app's own theme (src/app/theme.ts), as two style sheets:
 *
 * - `virtual:antd-css/public.css`: what the entry's screens render (/login: Button, Input), imported
 *   by main.tsx, so a small file in index.html's <head>;
 * - `virtual:antd-css/layout.css`: the signed-in layout's and the dashboard's components, imported by
 *   app-layout.tsx, so the dashboard does not wait for the table, form and picker styles;
 * - `virtual:antd-css/app.css`: every component the other screens use (the list below, kept in step
 *   with `grep "from 'antd'"`), imported by their screen modules (app/screens/*-screen.tsx, the
 *   dashboard's excepted) and by the dashboard's lazy parts (its desk table, the project form), so it
 *   arrives with a screen's code (the route preloader fetches it beside the entry) and never with
 *   /login. A rule in two sheets is the same rule twice: harmless.
 *
 * Not the whole `antd/dist/antd.css` (~110 KB gz, render-blocking: it made the first paint later).
 * Under Vitest the sheets are empty: jsdom lays nothing out.
 */
import { createElement, Fragment, type ReactElement, type ReactNode } from 'react';
import type { Plugin } from 'vite';

import { theme } from './src/app/theme.js';

/** The antd components (exported names) each sheet holds. */
export const antdSheets = {
  public: ['Button', 'Input'],
  /**
   * The signed-in layout (header, drawer, dialogs, toasts) and the dashboard, whose cards and rows
   * are plain elements (no Card, Statistic, Row or Col: the app sheet keeps them for other screens).
   */
  layout: [
    'Alert',
    'App',
    'Badge',
    'Button',
    'Drawer',
    'Empty',
    'Modal',
    'Popover',
    'Progress',
    'Result',
    'Spin',
    'Tag',
    'Tooltip',
    'Typography',
    'message',
    'notification',
  ],
  app: [
    'Alert',
    'App',
    'Badge',
    'Button',
    'Card',
    'Checkbox',
    'Col',
    'DatePicker',
    'Drawer',
    'Dropdown',
    'Empty',
    'Form',
    'Input',
    'InputNumber',
    'Modal',
    'Pagination',
    'Popconfirm',
    'Popover',
    'Progress',
    'Radio',
    'Rate',
    'Result',
    'Row',
    'Select',
    'Skeleton',
    'Space',
    'Spin',
    'Statistic',
    'Switch',
    'Table',
    'Tabs',
    'Tag',
    'Tooltip',
    'Typography',
    'Upload',
    'message',
    'notification',
  ],
} as const;

type Sheet = keyof typeof antdSheets;

const prefix = 'virtual:antd-css/';
const resolvedPrefix = '/@antd-css/';

/**
 * Parts whose styles a component registers only when they are rendered (a form item, a table's
 * body and pagination, a radio button...): rendered once so that their CSS is in the app sheet.
 */
async function appExtras(sheet: Sheet): Promise<ReactNode> {
  const antd = await import('antd');
  if (sheet === 'layout') {
    return createElement(
      Fragment,
      null,
      createElement(antd.Typography.Title, null, 'a'),
      createElement(antd.Typography.Text, { type: 'secondary' }, 'a'),
      createElement(antd.Typography.Paragraph, null, 'a'),
    );
  }
  const { Form, Table, Radio, Checkbox, Typography, Upload, Card, Tabs, Select, Skeleton, Statistic } = antd;
  return createElement(
    Fragment,
    null,
    createElement(
      Form,
      { layout: 'vertical' },
      createElement(
        Form.Item,
        { label: 'a', help: 'b', validateStatus: 'error', hasFeedback: true, required: true },
        createElement('input'),
      ),
    ),
    createElement(Table, {
      columns: [{ title: 'a', dataIndex: 'a', sorter: true, filters: [{ text: 'x', value: 'x' }] }],
      dataSource: [{ key: '1', a: 'x' }],
      rowSelection: {},
      pagination: { total: 100, pageSize: 10 },
    }),
    createElement(Radio.Group, { optionType: 'button', options: ['a', 'b'] }),
    createElement(Checkbox.Group, { options: ['a'] }),
    createElement(Typography.Title, null, 'a'),
    createElement(Typography.Text, { type: 'secondary' }, 'a'),
    createElement(Typography.Paragraph, null, 'a'),
    createElement(Typography.Link, null, 'a'),
    createElement(Upload.Dragger, null, 'a'),
    createElement(Card, { title: 'a', extra: 'b' }, createElement(Card.Meta, { title: 'c' })),
    createElement(Tabs, { items: [{ key: 'a', label: 'a', children: 'a' }] }),
    createElement(Select, { mode: 'multiple', options: [{ value: 'a' }] }),
    createElement(Skeleton, { active: true }),
    createElement(Skeleton.Button),
    createElement(Skeleton.Input),
    createElement(Statistic, { title: 'a', value: 1, prefix: 'b' }),
  );
}

/** The CSS of one sheet: the components rendered on the server with the app's theme, their styles collected. */
export async function antdSheetCss(sheet: Sheet): Promise<string> {
  const [{ extractStyle }, { ConfigProvider }] = await Promise.all([
    import('@ant-design/static-style-extract'),
    import('antd'),
  ]);
  const extras = sheet === 'public' ? null : await appExtras(sheet);
  return extractStyle({
    includes: [...antdSheets[sheet]],
    customTheme: (node: ReactElement) => createElement(ConfigProvider, { theme }, node, extras),
  });
}

/** Serves `virtual:antd-css/public.css` and `virtual:antd-css/app.css` (see the top of this file). */
export function antdStaticCss(): Plugin {
  const sheets = new Map<string, Promise<string>>();
  return {
    name: 'btp:antd-static-css',
    enforce: 'pre',
    resolveId(id) {
      return id.startsWith(prefix) ? resolvedPrefix + id.slice(prefix.length) : undefined;
    },
    load(id) {
      if (!id.startsWith(resolvedPrefix)) return undefined;
      if (process.env.VITEST) return '';
      const sheet = id.slice(resolvedPrefix.length).replace(/\.css$/, '');
      if (!(sheet in antdSheets)) throw new Error(`antd-static-css: no sheet named ${sheet}`);
      if (!sheets.has(sheet)) sheets.set(sheet, antdSheetCss(sheet as Sheet));
      return sheets.get(sheet);
    },
  };
}
