import { labelOf, projectStatusLabels, type ProjectStatus } from '@btp/shared/enums';
import { Tag } from 'antd';

/** A badge colour per project status (spec section 4: the colour differs per status). */
const statusColours: Record<ProjectStatus, string> = {
  planning: 'blue',
  in_progress: 'orange',
  on_hold: 'gold',
  completed: 'green',
  cancelled: 'red',
};

export function ProjectStatusTag({ status }: { status: string }) {
  const colour = (statusColours as Record<string, string | undefined>)[status] ?? 'default';
  return (
    <Tag color={colour} style={{ marginInlineEnd: 0 }}>
      {labelOf(projectStatusLabels, status)}
    </Tag>
  );
}
