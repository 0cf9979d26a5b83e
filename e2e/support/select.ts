import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Picks `option` in the antd select labelled `label` inside `scope`, as a person does: opens it,
 * taps the option in that select's own popup (the popup of a select opened just before may still be
 * fading out with the same options), and checks that the field now shows it. A tap that did not
 * take (a popup still moving into place on a busy machine) is tried again, as a person would.
 * A string matches part of the option's text; a RegExp, e.g. /^Plan$/, the text it describes.
 */
export async function chooseOption(page: Page, scope: Locator, label: string, option: string | RegExp) {
  const select = scope.getByLabel(label, { exact: true });
  const field = select.locator(
    'xpath=ancestor::*[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]',
  );
  await expect(async () => {
    if ((await select.getAttribute('aria-expanded')) !== 'true') await select.click();
    await expect(select).toHaveAttribute('aria-controls', /.+/, { timeout: 2_000 });
    const list = await select.getAttribute('aria-controls');
    await page
      .locator(`.ant-select-dropdown:has([id="${list}"]) .ant-select-item-option`, { hasText: option })
      .first()
      .click({ timeout: 5_000 });
    await expect(field).toContainText(option, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

/** A pattern for exactly `text` (an option whose label only starts with it does not match). */
export function exactly(text: string): RegExp {
  return new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
}
