import type { CSSProperties } from 'react';

/** A text link a finger can hit: 44 px high (DESIGN.md section 5). */
export const touchLink: CSSProperties = { display: 'inline-flex', alignItems: 'center', minHeight: 44 };
