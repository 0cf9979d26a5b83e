import { FileExcelOutlined, FileImageOutlined, FileOutlined, FilePdfOutlined } from '@ant-design/icons';
import { fileKindOf, type FileKind } from '@btp/shared/file-display';
import type { ComponentType, CSSProperties } from 'react';

/** Icon and colour per family of file (spec section 2): PDF red, spreadsheet green, image blue. */
const kinds: Record<
  FileKind,
  { Icon: ComponentType<{ style?: CSSProperties }>; color: string; background: string }
> = {
  pdf: { Icon: FilePdfOutlined, color: '#cf1322', background: '#fff1f0' },
  spreadsheet: { Icon: FileExcelOutlined, color: '#389e0d', background: '#f6ffed' },
  image: { Icon: FileImageOutlined, color: '#0958d9', background: '#e6f4ff' },
  other: { Icon: FileOutlined, color: '#595959', background: '#f5f5f5' },
};

/** The square icon of a file, by its MIME type. */
export function FileIcon({ mimeType, size = 44 }: { mimeType: string | undefined; size?: number }) {
  const kind = fileKindOf(mimeType);
  const { Icon, color, background } = kinds[kind];
  return (
    <span
      aria-hidden
      data-file-kind={kind}
      style={{
        display: 'inline-flex',
        flex: 'none',
        alignItems: 'center',
        justifyContent: 'center',
        width: size,
        height: size,
        borderRadius: 8,
        color,
        background,
      }}
    >
      <Icon style={{ fontSize: size / 2 }} />
    </span>
  );
}
