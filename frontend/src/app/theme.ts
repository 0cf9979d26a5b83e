import type { ThemeConfig } from 'antd';

/**
 * The application's antd theme. Plain data: the build imports it too (antd-static-css.ts) to extract
 * the components' CSS with exactly these tokens, so `hashed: false` (no per-build hash in class
 * names) and a fixed CSS-variable key (`btp`, the class that scopes the theme's variables) make the
 * extracted CSS and the run-time class names agree.
 */
export const theme: ThemeConfig = {
  hashed: false,
  cssVar: { key: 'btp' },
  token: {
    // Large controls are the ones used on touch screens: at least 44 px high (DESIGN.md section 5).
    controlHeightLG: 44,
    // WCAG 2.1 AA asks 4.5:1 for text. antd's defaults give 4.1:1 (white on #1677ff), 3.3:1 (#ff4d4f,
    // grey #8c8c8c on white) and about 3:1 for the green, gold and orange tags: each colour below is
    // the next darker shade of antd's own palette, hover included (the lighter hover fell under 4.5).
    colorPrimary: '#0958d9',
    colorPrimaryHover: '#003eb3',
    colorPrimaryActive: '#002c8c',
    colorLink: '#0958d9',
    colorLinkHover: '#003eb3',
    colorError: '#cf1322',
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)',
    // A disabled field still states something the person reads (a new quote's status "Brouillon"):
    // antd's #b8b8b8 on #f5f5f5 is 1.8:1; this grey is 4.9:1.
    colorTextDisabled: 'rgba(0, 0, 0, 0.56)',
    // Tags write their text in shade 7 of their colour on shade 1. Both names of a shade are set:
    // they are one CSS variable (--ant-green-7), and the one left at antd's value would win.
    green7: '#237804',
    'green-7': '#237804',
    gold7: '#874d00',
    'gold-7': '#874d00',
    orange7: '#ad4e00',
    'orange-7': '#ad4e00',
    cyan7: '#006d75',
    'cyan-7': '#006d75',
    volcano7: '#ad2102',
    'volcano-7': '#ad2102',
    lime7: '#3f6600',
    'lime-7': '#3f6600',
    yellow7: '#876800',
    'yellow-7': '#876800',
  },
};
