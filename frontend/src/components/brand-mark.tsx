import { theme } from 'antd';

/** Spec section 2: the product name and its subtitle, building-trade management. */
export const BRAND_NAME = 'BTP Gestion';
export const BRAND_SUBTITLE = 'Gestion du bâtiment';

/** The product's logo, name and subtitle: top of the sidebar and of the sign-in screens. */
export function BrandMark({ inverted = false }: { inverted?: boolean }) {
  const { token } = theme.useToken();
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 12, minWidth: 0 }}>
      <img src="/favicon.svg" alt="" width={40} height={40} style={{ flex: 'none', borderRadius: 8 }} />
      <div style={{ minWidth: 0 }}>
        <strong
          style={{
            display: 'block',
            fontSize: 18,
            lineHeight: 1.3,
            fontWeight: token.fontWeightStrong,
            color: inverted ? token.colorWhite : token.colorText,
          }}
        >
          {BRAND_NAME}
        </strong>
        <span
          style={{
            display: 'block',
            fontSize: 13,
            color: inverted ? 'rgba(255,255,255,0.7)' : token.colorTextSecondary,
          }}
        >
          {BRAND_SUBTITLE}
        </span>
      </div>
    </div>
  );
}
